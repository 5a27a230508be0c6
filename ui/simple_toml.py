"""The config file as the kiosk's is written, read without importing tomllib (~9 M
instructions of every start on a Pi: issue 39), as ``ui/app_options.py`` reads the command line
without argparse.

``read`` takes a plain subset of TOML: comments, ``[table]`` headers, and ``key = value`` lines
whose key is bare and whose value is a basic string with no escape, ``true``, ``false``, a
decimal integer or a decimal fraction (``0.03``). On any other line (an array, an exponent, an
escape, a dotted key, a key or table given twice…) it gives up and returns None: tomllib then
reads the file, and says what is wrong with it. What it returns is what tomllib returns
(tests/test_simple_toml.py checks that, on generated files).
"""

from __future__ import annotations

from typing import Any

BLANK = " \t"
BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
DIGITS = frozenset("0123456789")
CONTROL = dict.fromkeys([*range(0x09), *range(0x0A + 1, 0x20), 0x7F])  # all but tab and LF


def read(text: str) -> dict[str, Any] | None:
    """The document ``text`` as tomllib reads it, or None if it is not of the plain subset."""
    if len(text.translate(CONTROL)) != len(text):
        return None  # control characters (a CR too): tomllib decides
    document: dict[str, Any] = {}
    table = document
    for line in text.split("\n"):
        line = line.lstrip(BLANK)
        if not line or line[0] == "#":
            continue
        if line[0] == "[":
            name, _, rest = line[1:].partition("]")
            if not _bare(name) or not _ends(rest) or name in document:
                return None
            table = document[name] = {}
            continue
        key, equals, rest = line.partition("=")
        key = key.rstrip(BLANK)
        if not equals or not _bare(key) or key in table:
            return None
        found = _value(rest.lstrip(BLANK))
        if found is None:
            return None
        table[key] = found[0]
    return document


def _bare(key: str) -> bool:
    return bool(key) and all(c in BARE for c in key)


def _ends(rest: str) -> bool:
    """Whether what follows a value or a header is nothing, or a comment."""
    rest = rest.lstrip(BLANK)
    return not rest or rest[0] == "#"


def _value(text: str) -> tuple[Any] | None:
    """The value at the start of ``text`` (in a tuple: it may be false), if it is of the
    subset and only a comment follows it."""
    if text[:1] == '"':
        value, closed, rest = text[1:].partition('"')
        if not closed or "\\" in value or not _ends(rest):
            return None
        return (value,)
    end = next((i for i, c in enumerate(text) if c in " \t#"), len(text))
    word, rest = text[:end], text[end:]
    if not _ends(rest):
        return None
    if word in ("true", "false"):
        return (word == "true",)
    whole, dot, fraction = word.removeprefix("-").partition(".")
    if len(word) > 40 or not whole or not set(whole) <= DIGITS or (whole[0] == "0" and len(whole) > 1):
        return None
    if not dot:
        return (int(word),)
    if not fraction or not set(fraction) <= DIGITS:
        return None
    return (float(word),)
