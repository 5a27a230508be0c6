"""Korean text put together from pieces drawn once.

SDL_ttf keeps 256 glyphs per font, each in the slot its glyph number picks (``idx & 0xff``).
Korean text uses hundreds of syllables, so they keep evicting one another and FreeType draws
them again and again: ~45 µs a syllable at 17 px, 1.9 ms for a 40-syllable line, each time a
new line is drawn. But SDL_ttf draws a line glyph by glyph, each at its pen position, OR-ing
their coverage into the line; so a line is the same pixels as its pieces drawn alone and put at
their pen positions, as long as nothing is kerned across two pieces and each piece moves the pen
by a whole number of pixels. So pieces are drawn once and kept: each Hangul syllable (never
kerned), and in the runs between them each word of letters (NanumGothic kerns letters only
against letters: "AV") and each other character (spaces, digits, signs). A run whose small
pieces do not qualify is tried whole; a line with a piece that still does not is left to
SDL_ttf. ``tests/test_cold_frames.py`` checks the Korean messages against SDL_ttf, pixel for
pixel.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

import pygame

FIRST, LAST = "\uac00", "\ud7a3"  # the Hangul syllables
WHITE = (255, 255, 255)
MISSING = object()


class Piece(NamedTuple):
    """A piece of text as SDL_ttf draws it alone: its pen advance, the columns of ink left of
    the pen's start, its width, and its coverage column after column (one byte a pixel)."""

    advance: int
    left: int
    width: int
    coverage: bytes


def has_hangul(text: str) -> bool:
    """Whether ``text`` has a Hangul syllable (an ASCII or all-Latin text answered in C: most
    labels in English are measured and drawn through here)."""
    return not text.isascii() and max(text) >= FIRST and any(FIRST <= ch <= LAST for ch in text)


def syllables(texts) -> str:
    """The Hangul syllables in ``texts``, each once, in a stable order."""
    return "".join(sorted({ch for text in texts for ch in text if FIRST <= ch <= LAST}))


@cache
def splitters() -> tuple[re.Pattern, re.Pattern]:
    """(a syllable, or a run of other characters), (a syllable, a word of letters, or any other
    character). Compiled when first needed: each takes ~1.2 ms (the syllables' range), which an
    English start need not pay."""
    return (re.compile(f"[{FIRST}-{LAST}]|[^{FIRST}-{LAST}]+"),
            re.compile(f"[{FIRST}-{LAST}]|[^\\W\\d_{FIRST}-{LAST}]+|.", re.S))


def measured(font: pygame.font.Font, text: str, surface: pygame.Surface) -> Piece | None:
    """``text`` drawn alone (``surface``) as a piece, or None if it is taller than the font or
    does not move the pen by a whole number of pixels (SDL_ttf's pen moves in 1/64 px: then 64
    copies side by side are 63 advances and one width wide)."""
    metrics = font.metrics(text)
    if None in metrics or surface.get_height() != font.get_height():
        return None
    advance, left = sum(m[4] for m in metrics), max(0, -metrics[0][0])
    if font.size(text * 64)[0] != 63 * advance + surface.get_width():
        return None
    coverage = pygame.image.tobytes(transposed(surface), "RGBA")[3::4]
    return Piece(advance, left, surface.get_width(), coverage)


def transposed(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` with its rows as columns (exact: turned a quarter and mirrored)."""
    return pygame.transform.flip(pygame.transform.rotate(surface, 90), False, True)


class Pieces:
    """Pieces of text drawn once, by font and text; all are forgotten when there are more than
    ``limit``. ``drawn`` counts the pieces drawn (cache misses)."""

    def __init__(self, limit: int = 16384):
        self.limit = limit
        self._by_font: dict[pygame.font.Font, dict[str, Piece | None]] = {}
        self.count = self.drawn = 0

    def __len__(self) -> int:
        return self.count

    def known(self, font: pygame.font.Font) -> dict[str, Piece | None]:
        known = self._by_font.get(font)
        if known is None:
            known = self._by_font[font] = {}
        return known

    def piece(self, font: pygame.font.Font, text: str) -> Piece | None:
        """``text`` as ``font`` draws it alone, or None if it cannot be a piece."""
        known = self.known(font)
        if text not in known:
            if self.count >= self.limit:
                self._by_font.clear()
                self.count, known = 0, self.known(font)
            known[text] = measured(font, text, font.render(text, True, WHITE))
            self.count += 1
            self.drawn += 1
        return known[text]

    def line(self, font: pygame.font.Font, text: str) -> list[Piece] | None:
        """The pieces of ``text`` in order, or None if one cannot be used."""
        known = self.known(font)
        parts = splitters()[1].findall(text)
        pieces = [known.get(part, MISSING) for part in parts]
        if MISSING in pieces:
            pieces = [self.piece(font, part) for part in parts]
        return self._line_by_runs(font, text) if None in pieces else pieces

    def _line_by_runs(self, font: pygame.font.Font, text: str) -> list[Piece] | None:
        """``line`` with each run between syllables whole when its small pieces cannot be."""
        runs, small_parts = splitters()
        out = []
        for part in runs.findall(text):
            small = [self.piece(font, p) for p in small_parts.findall(part)]
            if None in small:
                small = [self.piece(font, part)]
                if small[0] is None:
                    return None
            out += small
        return out

    def width(self, font: pygame.font.Font, text: str) -> int | None:
        """What ``font.size(text)[0]`` says, from the pieces (None: ask SDL_ttf)."""
        pieces = self.line(font, text)
        return None if pieces is None else line_width(pieces)

    def render(self, font: pygame.font.Font, text: str, color) -> pygame.Surface | None:
        """``text`` as ``font.render(text, True, color)`` draws it (None: ask SDL_ttf): the
        pieces' coverage at their places, in ``color`` (the pixel layout SDL_ttf gives, which
        the screen blits fastest)."""
        if len(color) == 4 and color[3] != 255:
            return None
        pieces = self.line(font, text)
        if pieces is None:
            return None
        width, starts = layout(pieces)
        height = font.get_height()
        red, green, blue = color[:3]
        pixels = bytearray(bytes((blue, green, red, 0)) * (width * height))
        pixels[3::4] = coverage(pieces, starts, width * height, height)
        return transposed(pygame.image.frombuffer(pixels, (height, width), "BGRA"))


def line_width(pieces: list[Piece]) -> int:
    """The line's width, as ``layout`` finds it."""
    advances = sum([piece.advance for piece in pieces])
    if advances == sum([piece.width for piece in pieces]):  # no ink past an advance
        return advances
    pen = left = right = 0
    for piece in pieces:
        start = pen - piece.left
        left, right = min(left, start), max(right, start + piece.width)
        pen += piece.advance
    return right - left


def layout(pieces: list[Piece]) -> tuple[int, list[int]]:
    """The line's width and each piece's first column, as SDL_ttf places them: one after the
    other by their advances, the line widened on the left for ink left of the first pen."""
    pen, starts = 0, []
    for piece in pieces:
        starts.append(pen - piece.left)
        pen += piece.advance
    shift = -min(0, *starts)
    if shift:
        starts = [start + shift for start in starts]
    return max(start + p.width for start, p in zip(starts, pieces)), starts


def coverage(pieces: list[Piece], starts: list[int], size: int, height: int) -> bytes:
    """The line's coverage, column after column: each piece's copied in, OR-ed where it meets
    ink already there (a glyph reaching past its advance), as SDL_ttf does."""
    joined = b"".join(piece.coverage for piece in pieces)
    if len(joined) == size:  # side by side: no ink past an advance, but at the line's ends
        return joined
    out, end = bytearray(size), 0
    for start, piece in zip(starts, pieces):
        a, b = start * height, (start + piece.width) * height
        shared = max(0, min(b, end) - a)
        if shared:
            mixed = int.from_bytes(out[a:a + shared], "big") | \
                int.from_bytes(piece.coverage[:shared], "big")
            out[a:a + shared] = mixed.to_bytes(shared, "big")
        out[a + shared:b] = piece.coverage[shared:]
        end = max(end, b)
    return out
