"""QR codes of links, made with segno (pure Python, no dependencies: a Pi installs it from one
small wheel), drawn as black and white squares.

A link is coded in segments of two modes: its runs of percent escapes and digits ("%EA%B9%80",
a Hangul syllable) in QR's alphanumeric mode, 5.5 bits a character, the rest in byte mode, 8.
segno codes a text in one mode; it takes segments made by the caller, and ``segments`` finds
the split with the fewest bits (a shortest path over the characters): a table's Korean names
make a code up to 4 versions smaller.

Making a large code takes a Pi 3 about half a second, so ``QrJob`` makes it in a thread of its
own and asks the loop for a frame when it is done; the loop answers taps meanwhile.

>>> [(text, mode) for text, mode in segments("https://a.b/?d=%EA%B9%80%EB%AF%BC%EC%A4%80x")]
[('https://a.b/?d=', 'byte'), ('%EA%B9%80%EB%AF%BC%EC%A4%80', 'alphanumeric'), ('x', 'byte')]
>>> code = encode("https://app.bgstatsapp.com/createPlay.html?data=%7B%7D")
>>> code.version, code.side, len(code.modules)
(4, 33, 1089)
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from typing import NamedTuple

import pygame

log = logging.getLogger(__name__)

ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
QUIET = 4  # modules of white round a code, as the standard asks
MODES = ("byte", "alphanumeric")
BITS = (8.0, 5.5)  # a character in each mode
HEADS = (4 + 16, 4 + 13)  # a segment's mode and length (versions 27-40, where links like ours go)


class QrCode(NamedTuple):
    """A code's modules, row by row from the top left, 1 dark and 0 light (no quiet zone)."""

    version: int
    side: int
    modules: bytes


def segments(text: str) -> list[tuple[str, str]]:
    """``text`` cut into (part, mode) with the fewest bits."""
    if not text:
        return []
    inf = float("inf")
    cost = [[0.0, inf]]  # cost[i][m]: bits of text[:i] ending in mode m
    came: list[tuple[int, int]] = []
    for i, char in enumerate(text):
        row, back = [inf, inf], [0, 0]
        for mode in (0, 1):
            if mode == 1 and char not in ALPHANUMERIC:
                continue
            for before in (0, 1):
                bits = cost[i][before] + BITS[mode] + \
                    (HEADS[mode] if i == 0 or before != mode else 0)
                if bits < row[mode]:
                    row[mode], back[mode] = bits, before
        cost.append(row)
        came.append((back[0], back[1]))
    mode = 0 if cost[-1][0] <= cost[-1][1] else 1
    modes = []
    for i in range(len(text) - 1, -1, -1):
        modes.append(mode)
        mode = came[i][mode]
    modes.reverse()
    parts: list[list] = []
    for char, mode in zip(text, modes):
        if parts and parts[-1][1] == mode:
            parts[-1][0].append(char)
        else:
            parts.append([[char], mode])
    return [("".join(chars), MODES[mode]) for chars, mode in parts]


def _segments(text: str) -> list[tuple[str, int]]:
    from segno import consts  # deferred: only a finished game's code needs it

    mode_of = {"byte": consts.MODE_BYTE, "alphanumeric": consts.MODE_ALPHANUMERIC}
    return [(part, mode_of[mode]) for part, mode in segments(text)]


def version(text: str, error: str = "L") -> int | None:
    """The version of ``text``'s code, without making it (None: too long for any)."""
    from segno import consts, encoder  # deferred: as above

    try:
        return encoder.find_version(encoder.prepare_data(_segments(text), None, None),
                                    consts.ERROR_MAPPING[error], eci=False, micro=False)
    except ValueError:  # segno's DataOverflowError
        return None


def encode(text: str, error: str = "L") -> QrCode:
    """The smallest code of ``text`` at error correction ``error`` (a screen is not torn or
    smudged: L, the least, makes the largest modules); ValueError when it is too long for
    any."""
    import segno  # deferred: as above

    try:
        made = segno.make(_segments(text), error=error, micro=False, boost_error=False)
    except segno.DataOverflowError as exc:
        raise ValueError(str(exc)) from None
    side = len(made.matrix)
    return QrCode(made.version, side, b"".join(bytes(row) for row in made.matrix))


def fitting(texts: Sequence[str], most: int) -> tuple[int, QrCode]:
    """The first of ``texts`` whose code is at most version ``most`` (else the shortest, the
    last), and its code; ValueError when not even that one fits any code."""
    versions = [version(text) for text in texts]
    index = next((i for i, v in enumerate(versions) if v is not None and v <= most),
                 len(texts) - 1)
    return index, encode(texts[index])


def surface(code: QrCode, side: int) -> pygame.Surface:
    """The code with its quiet zone as a ``side`` px square, black on white (modules of the
    nearest whole sizes where ``side`` is not a multiple)."""
    whole = code.side + 2 * QUIET
    pixels = bytearray(b"\xff" * (whole * whole))
    for row in range(code.side):
        start = (row + QUIET) * whole + QUIET
        line = code.modules[row * code.side:(row + 1) * code.side]
        pixels[start:start + code.side] = line.translate(_SHADES)
    small = pygame.image.frombytes(bytes(pixels), (whole, whole), "P")
    small.set_palette([(v, v, v) for v in range(256)])
    return pygame.transform.scale(small, (side, side))


_SHADES = bytes(255 if v == 0 else 0 for v in range(256))  # 1 (dark) -> black, 0 -> white


class QrJob:
    """``fitting(texts, most)`` made by a thread of its own (``start``: at once); ``wake`` is
    called when it is done. The UI thread reads ``result`` (None until done): (index, code),
    or None with ``failed`` set."""

    def __init__(self, texts: Sequence[str], most: int, wake: Callable[[], None],
                 start: bool = True):
        self.texts, self.most, self.wake = tuple(texts), most, wake
        self.result: tuple[int, QrCode] | None = None
        self.failed = False
        self.thread = threading.Thread(target=self._run, name="qr-code", daemon=True)
        if start:
            self.thread.start()

    @property
    def running(self) -> bool:
        return self.result is None and not self.failed

    def _run(self) -> None:
        try:
            self.result = fitting(self.texts, self.most)
        except Exception as exc:  # a bug must not leave the screen waiting for ever
            log.error("QR code not made: %s", type(exc).__name__)
            self.failed = True
        self.wake()
