"""Message catalogues (Korean and English) as TOML files: ``<lang>.toml`` for the app, and
``<lang>/*.toml`` for each game's own messages (its screens and its rule errors, ``error.*``).

Keys are dotted (``home.settings``); values may hold ``{name}`` fields filled by ``t``.

>>> Catalog.load("en").t("common.back")
'Back'
"""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

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


def load_messages(language: str, folders=()) -> dict[str, str]:
    """Every message of one language, by dotted key (a key in two files is a mistake); each of
    ``folders`` (a game kept outside ui/i18n/, see ui/registry.py) adds its ``<language>.toml``."""
    root = resources.files(__name__)
    files = [root.joinpath(f"{language}.toml")]
    folder = root.joinpath(language)
    if folder.is_dir():
        files += sorted((f for f in folder.iterdir() if f.name.endswith(".toml")),
                        key=lambda f: f.name)
    files += [Path(f) / f"{language}.toml" for f in folders if (Path(f) / f"{language}.toml")
              .is_file()]
    out: dict[str, str] = {}
    for file in files:
        messages = _flatten(tomllib.loads(file.read_text(encoding="utf-8")))
        twice = sorted(set(out) & set(messages))
        if twice:
            raise ValueError(f"{language}/{file.name}: {twice[0]!r} is also in another file")
        out.update(messages)
    return out


class _Fields(dict):
    """The fields of one message; one the text names but the caller did not give is logged and
    left as ``{name}`` (a screen must not fail over a message)."""

    def __init__(self, key: str, fields: dict):
        super().__init__(fields)
        self.key = key

    def __missing__(self, name: str) -> str:
        log.error("message %r: no value for {%s}", self.key, name)
        return "{" + name + "}"


@dataclass(frozen=True)
class Catalog:
    """The messages of one language, falling back to English for a missing key."""

    language: str
    messages: dict[str, str]
    fallback: dict[str, str]

    @classmethod
    def load(cls, language: str, folders=()) -> "Catalog":
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}")
        fallback = load_messages(FALLBACK, folders)
        messages = fallback if language == FALLBACK else load_messages(language, folders)
        return cls(language, messages, fallback)

    def t(self, key: str, **fields) -> str:
        """The message for ``key`` with ``fields`` filled in; the key itself if unknown."""
        text = self.messages.get(key) or self.fallback.get(key)
        if text is None:
            log.error("missing message %r", key)
            return key
        return text.format_map(_Fields(key, fields)) if fields else text
