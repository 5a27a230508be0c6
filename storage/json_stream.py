"""One JSON object read from a file a member at a time, and an array member an element at a
time, so a file of any size is read in a window of one element (a backup's game).

Python's own parser does the work (``json.JSONDecoder.raw_decode`` over the window: C speed,
the same strictness as ``json.loads``); this module only finds where each element starts,
reads more of the file while the element is not whole, and says where a file goes wrong.

>>> import io
>>> text = b'{"format": "x", "games": [{"n": 1}, {"n": 2}], "version": 1}'
>>> for key, index, value, _ in members(io.BytesIO(text)):
...     print(key, index, value)
format None x
games None LIST
games 0 {'n': 1}
games 1 {'n': 2}
version None 1
"""

from __future__ import annotations

import codecs
import json
import math
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any, BinaryIO

CHUNK = 64 * 1024  # bytes read at a time
LARGEST = 2 * 1024 * 1024  # characters one member or element may have
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_NUMBER_TAIL = 64  # characters that must follow a value before it is taken as whole


class _List:
    def __repr__(self) -> str:
        return "LIST"


LIST = _List()
"""The value ``members`` gives for an array member before its elements."""


class NotJson(ValueError):
    """The file is not the JSON object expected; the message says what and where."""


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise NotJson(f"number {text[:20]} is out of range")
    return value


def _constant(name: str):
    raise NotJson(f"{name} is not JSON")


STRICT = json.JSONDecoder(parse_float=_finite, parse_constant=_constant)
"""``json.loads`` that also refuses NaN and numbers beyond a float's range (NotJson)."""


class _Window:
    """The part of the file not yet taken, as text."""

    def __init__(self, file: BinaryIO, limit: int | None):
        self.file, self.limit = file, limit
        self.utf8 = codecs.getincrementaldecoder("utf-8")()
        self.text, self.pos = "", 0
        self.taken = 0  # characters before ``text``
        self.searched = 0  # (``likely``) no marker begins before this character
        self.read = 0  # bytes read from the file
        self.eof = False

    def where(self, pos: int | None = None) -> str:
        return f"character {self.taken + (self.pos if pos is None else pos) + 1:,}"

    def more(self, size: int = 0) -> bool:
        """Read on (at least ``size`` bytes unless the file ends); False at its end. The text
        before ``pos`` is let go."""
        if self.eof:
            return False
        data = self.file.read(max(size, CHUNK))
        self.read += len(data)
        if self.limit is not None and self.read > self.limit:
            raise NotJson(f"more than {self.limit:,} bytes")
        if self.pos:
            self.taken += self.pos
            self.text, self.pos = self.text[self.pos:], 0
        try:
            self.text += self.utf8.decode(data, final=not data)
        except UnicodeDecodeError as exc:
            raise NotJson(f"not UTF-8 text (byte {self.read - len(data) + exc.start:,})") \
                from None
        self.eof = not data
        return True

    def skip_space(self) -> str:
        """The next character that is not white space ("" at the end of the file)."""
        while True:
            self.pos = _WHITESPACE.match(self.text, self.pos).end()
            if self.pos < len(self.text):
                return self.text[self.pos]
            if not self.more():
                return ""

    def likely(self, marker: str, largest: int) -> str | None:
        """The text from here to the first character of the next ``marker`` (more of the file
        read as needed), or None when none begins within ``largest`` characters. Where the
        marker was looked for in vain is remembered: no text is searched twice."""
        while True:
            start = max(self.pos, self.searched - self.taken)
            end = min(len(self.text), self.pos + largest + len(marker))
            found = self.text.find(marker, start, end)
            if found >= 0:
                return self.text[self.pos:found + 1]
            self.searched = self.taken + max(start, end - len(marker) + 1)
            if len(self.text) - self.pos > largest or not self.more(2 * (len(self.text)
                                                                          - self.pos)):
                return None

    def expect(self, chars: str, what: str) -> str:
        found = self.skip_space()
        if not found or found not in chars:
            raise NotJson(f"expected {what} at {self.where()}")
        self.pos += 1
        return found

    def value(self, largest: int) -> tuple[Any, str]:
        """The next JSON value and its text; more of the file is read until it is whole."""
        self.skip_space()
        while True:
            start = self.pos
            try:
                value, end = STRICT.raw_decode(self.text, start)
            except json.JSONDecodeError as exc:
                if self.eof or len(self.text) - start > largest:
                    raise NotJson(self._why(exc, start, largest)) from None
                self.more(2 * (len(self.text) - start))  # a window twice as long: no re-reading
                continue
            except RecursionError:
                raise NotJson(f"nested too deep at {self.where(start)}") from None
            except NotJson as exc:  # a number out of range, NaN
                raise NotJson(f"{exc} at {self.where(start)}") from None
            if len(self.text) - end < _NUMBER_TAIL and self.more():  # a number may go on
                continue
            if end - start > largest:
                raise NotJson(f"larger than {largest:,} characters at {self.where(start)}")
            self.pos = end
            return value, self.text[start:end]

    def _why(self, exc: json.JSONDecodeError, start: int, largest: int) -> str:
        if len(self.text) - start > largest:
            return f"larger than {largest:,} characters at {self.where(start)}"
        if exc.pos >= len(self.text):
            return f"the file ends inside a value begun at {self.where(start)}"
        return f"{exc.msg} at {self.where(exc.pos)}"


Take = Callable[[int, str], bool]
"""``take(index, text)``: store the array element that likely is ``text``; True when it was
(``text`` checked to be one whole JSON value), False (nothing kept) when it was not."""


def members(file: BinaryIO, limit: int | None = None, largest: int = LARGEST,
            quick: Mapping[str, tuple[str, Take]] | None = None,
            ) -> Iterator[tuple[str, int | None, Any, str]]:
    """Each member of the JSON object that is the whole of ``file`` (binary, UTF-8), in the
    file's order, as ``(key, None, value, text)``; an array member as ``(key, None, LIST, "")``
    followed by ``(key, index, element, text)`` for each of its elements. NotJson when the file
    is more than ``limit`` bytes, a member or element more than ``largest`` characters, or the
    file not one JSON object.

    ``quick``, for an array member ``key``: ``(marker, take)``. Each element is first offered
    to ``take`` unparsed, as the text up to the first character of the next ``marker`` (its
    likely end, found at C speed); an element ``take`` keeps is not yielded, one it refuses is
    parsed and yielded as usual."""
    window = _Window(file, limit)
    window.expect("{", "a JSON object")
    if window.skip_space() == "}":
        window.pos += 1
    else:
        while True:
            if window.skip_space() != '"':
                raise NotJson(f"expected a member's name at {window.where()}")
            key, _ = window.value(largest)
            window.expect(":", "':'")
            if window.skip_space() == "[":
                window.pos += 1
                yield key, None, LIST, ""
                yield from _elements(window, key, largest, (quick or {}).get(key))
            else:
                value, text = window.value(largest)
                yield key, None, value, text
            if window.expect(",}", "',' or '}'") == "}":
                break
    if window.skip_space():
        raise NotJson(f"more after the object's end at {window.where()}")


def _elements(window: _Window, key: str, largest: int, quick: tuple[str, Take] | None,
              ) -> Iterator[tuple[str, int, Any, str]]:
    if window.skip_space() == "]":
        window.pos += 1
        return
    index = 0
    refused = 0  # the end of a likely text ``take`` refused: no element before it is offered
    while True:
        window.skip_space()
        text = None
        if quick and window.taken + window.pos >= refused:
            text = window.likely(quick[0], largest)
        if text is not None and quick[1](index, text):
            window.pos += len(text)
        else:
            if text is not None:
                refused = window.taken + window.pos + len(text)
            value, text = window.value(largest)
            yield key, index, value, text
        index += 1
        if window.expect(",]", "',' or ']'") == "]":
            return


def object_parts(text: str, rest: str) -> tuple[dict[str, tuple[Any, str]], str] | None:
    """A compact JSON object's members (no white space around them) before its member
    ``rest``, parsed, as ``{key: (value, text)}``, and the text from ``rest``'s value to the
    object's end not parsed at all. None when ``text`` does not start as such an object or
    names a member twice before ``rest``. ``text`` is one JSON object only once the caller has
    checked that ``{"rest":`` followed by that text is one.

    >>> object_parts('{"a":1,"skip":[{"b":2}],"end":"x"}', "skip")
    ({'a': (1, '1')}, '[{"b":2}],"end":"x"}')
    >>> print(object_parts('{"a": 1,"skip":[]}', "skip"))
    None
    """
    scan = STRICT.scan_once
    parts: dict[str, tuple[Any, str]] = {}
    pos = 1
    try:
        if text[0] != "{":
            return None
        while True:
            if text[pos] != '"':
                return None
            key, pos = scan(text, pos)
            if text[pos] != ":" or key in parts:
                return None
            if key == rest:
                return parts, text[pos + 1:]
            value, end = scan(text, pos + 1)
            parts[key] = (value, text[pos + 1:end])
            if text[end] != ",":
                return None
            pos = end + 1
    except (StopIteration, ValueError, IndexError, RecursionError):
        return None  # (json.JSONDecodeError and NotJson are ValueErrors)
