"""Message catalogues (Korean and English) as TOML files, one per language.

Keys are dotted (``home.settings``); values may hold ``{name}`` fields filled by ``t``.

>>> Catalog.load("en").t("common.back")
'Back'
"""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass
from importlib import resources

log = logging.getLogger(__name__)

LANGUAGES = ("ko", "en")
FALLBACK = "en"


def _flatten(table: dict, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(_flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = str(value)
    return out


def load_messages(language: str) -> dict[str, str]:
    """Every message of one language, by dotted key."""
    text = resources.files(__name__).joinpath(f"{language}.toml").read_text(encoding="utf-8")
    return _flatten(tomllib.loads(text))


@dataclass(frozen=True)
class Catalog:
    """The messages of one language, falling back to English for a missing key."""

    language: str
    messages: dict[str, str]
    fallback: dict[str, str]

    @classmethod
    def load(cls, language: str) -> "Catalog":
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}")
        fallback = load_messages(FALLBACK)
        messages = fallback if language == FALLBACK else load_messages(language)
        return cls(language, messages, fallback)

    def t(self, key: str, **fields) -> str:
        """The message for ``key`` with ``fields`` filled in; the key itself if unknown."""
        text = self.messages.get(key) or self.fallback.get(key)
        if text is None:
            log.error("missing message %r", key)
            return key
        return text.format(**fields) if fields else text
