"""Message catalogues (Korean and English) as TOML files: ``<lang>.toml`` for the app, and
``<lang>/*.toml`` for each game's own messages (its screens and its rule errors, ``error.*``).

Keys are dotted (``home.settings``); values may hold ``{name}`` fields filled by ``t``. A
field's format spec may name a Korean particle (``{character:이}``, ui/josa.py) or the words that
follow a number (``{n:die|dice}``, ``{n:ordinal}``, ``{n:번째}``, ui/plurals.py).

>>> Catalog.load("en").t("common.back")
'Back'
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from ..josa import PARTICLES, with_particle
from ..plurals import KOREAN_ORDINAL, ORDINAL, is_plural_spec, korean_ordinal, ordinal, plural

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


def message_files(language: str, folders=()) -> list[Path]:
    """The TOML files of one language: the app's, its games', then each of ``folders``."""
    root = Path(__file__).parent
    files = [root / f"{language}.toml"]
    if (root / language).is_dir():  # listed, not globbed: a glob compiles a pattern (~0.5 ms)
        files += [root / language / name for name in sorted(os.listdir(root / language))
                  if name.endswith(".toml")]
    return files + [Path(f) / f"{language}.toml" for f in folders
                    if (Path(f) / f"{language}.toml").is_file()]


def parse_messages(language: str, files: list[Path]) -> dict[str, str]:
    """Every message in ``files``, by dotted key (a key in two files is a mistake)."""
    import tomllib  # not when the cache is used: ~3 ms of every start

    out: dict[str, str] = {}
    for file in files:
        messages = _flatten(tomllib.loads(file.read_text(encoding="utf-8")))
        twice = sorted(set(out) & set(messages))
        if twice:
            raise ValueError(f"{language}/{file.name}: {twice[0]!r} is also in another file")
        out.update(messages)
    return out


def load_messages(language: str, folders=(), cache: Path | None = None) -> dict[str, str]:
    """Every message of one language, by dotted key; each of ``folders`` (a game kept outside
    ui/i18n/, see ui/registry.py) adds its ``<language>.toml``. With ``cache`` (a folder), the
    parsed messages are kept there as JSON and used while the TOML files are unchanged
    (parsing TOML is most of the catalogue's start-up time); a cache that cannot be read or
    written is only logged."""
    files = message_files(language, folders)
    if cache is None:
        return parse_messages(language, files)
    sources = [[str(f), found.st_mtime_ns, found.st_size] for f in files
               for found in (os.stat(f),)]
    path = cache / f"messages-{language}.json"
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        messages = stored["messages"]
        if stored["sources"] == sources and all(type(v) is str for v in messages.values()):
            return messages
    except FileNotFoundError:
        pass
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("message cache %s not used (%s): read again", path, type(exc).__name__)
    messages = parse_messages(language, files)
    try:
        cache.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(".part")
        part.write_text(json.dumps({"sources": sources, "messages": messages},
                                   ensure_ascii=False), encoding="utf-8")
        os.replace(part, path)
    except OSError as exc:
        log.info("message cache %s not written: %s", path, exc.strerror)
    return messages


class _Fields(dict):
    """The fields of one message; one the text names but the caller did not give is logged and
    left as ``{name}`` (a screen must not fail over a message)."""

    def __init__(self, key: str, fields: dict):
        super().__init__(fields)
        self.key = key

    def __missing__(self, name: str) -> str:
        log.error("message %r: no value for {%s}", self.key, name)
        return "{" + name + "}"

    def __getitem__(self, name: str) -> "_Field":
        return _Field(super().__getitem__(name))


class _Field:
    """A field's value; a Korean particle as its format spec (``{character:이}``) follows it
    as the word reads (``ui/josa.py``), a noun's forms (``{n:die|dice}``), ``ordinal`` or
    ``번째`` give the words that follow the number (``ui/plurals.py``), any other spec formats
    the value as usual."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __format__(self, spec: str) -> str:
        if spec in PARTICLES:
            return with_particle(self.value, spec)
        if is_plural_spec(spec):
            return plural(self.value, spec)
        if spec == ORDINAL:
            return ordinal(self.value)
        if spec == KOREAN_ORDINAL:
            return korean_ordinal(self.value)
        return format(self.value, spec)


def ordinal(n: int) -> str:
    """An English ordinal.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103, 111)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '103rd', '111th']
    """
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class Catalog:
    """The messages of one language, falling back to English for a missing key (English is read
    only when a key is missing: start-up parses one language)."""

    def __init__(self, language: str, messages: dict[str, str], folders=(),
                 cache: Path | None = None):
        self.language, self.messages = language, messages
        self._folders, self._cache = tuple(folders), cache
        self._fallback = messages if language == FALLBACK else None

    @classmethod
    def load(cls, language: str, folders=(), cache: Path | None = None) -> "Catalog":
        """One language's messages (``cache``: see :func:`load_messages`)."""
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}")
        return cls(language, load_messages(language, folders, cache), folders, cache)

    @property
    def fallback(self) -> dict[str, str]:
        if self._fallback is None:
            self._fallback = load_messages(FALLBACK, self._folders, self._cache)
        return self._fallback

    def t(self, key: str, **fields) -> str:
        """The message for ``key`` with ``fields`` filled in; the key itself if unknown."""
        text = self.messages.get(key) or self.fallback.get(key)
        if text is None:
            log.error("missing message %r", key)
            return key
        return text.format_map(_Fields(key, fields)) if fields else text

    def notice(self, key: str, fields: dict) -> str:
        """One notice (start-up problems, a game set aside...); a rule error in it
        (``error_code`` and its fields) and a ``reason`` (a catalogue key) said too."""
        fields = dict(fields)
        code = fields.pop("error_code", None)
        if code is not None:
            fields = {"error": self.t(f"error.{code}", **fields)}
        if "reason" in fields:
            fields["reason"] = self.t(fields["reason"])
        return self.t(key, **fields)
