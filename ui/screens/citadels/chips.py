"""The calling's strip of rank chips: one chip per rank, its number, its marks (killed, robbed,
a warrant...) and a word (the character still to come, its holder, "nobody"). Each chip is as
wide as its character's name needs, whole at the size read across the table, for the whole
round (what a chip says changes, its place does not): on one row, the number above the word;
where the names are too long for that (the English 2016 names), on two rows, the number
before the word."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ... import theme
from ...widgets import draw_fitted, draw_text, grid
from .cells import row_by_need

SIZE = theme.SMALL_SIZE
GAP = 6  # px between chips
ROW_GAP = 4  # px between the two rows
PAD = 5  # px inside a chip's sides, and between its number, its word and its marks


@dataclass(frozen=True)
class Chip:
    rank: int
    words: tuple[str, ...]  # every word the chip may show this round but a player's name
    marks: str  # the widest marks it may carry this round


@dataclass(frozen=True)
class ChipLayout:
    rects: tuple[pygame.Rect, ...]
    inline: bool  # the number before the word (two rows), else above it


def _width(fonts, text: str, bold: bool = False) -> int:
    return fonts.width(text, SIZE, bold) if text else 0


def layout(fonts, area: pygame.Rect, chips: Sequence[Chip]) -> ChipLayout:
    """One row if every chip's word fits whole below its number and marks, else two rows of
    chips with the number and the marks beside the word (split where both rows have the most
    room to spare); equal chips only if even that cannot hold them."""
    words = [max(_width(fonts, w) for w in c.words) for c in chips]
    stacked = [max(w + 2 * PAD, _number(fonts, c) + _marks(fonts, c) + PAD)
               for w, c in zip(words, chips)]
    cells = row_by_need(area, stacked, GAP)
    if cells is not None:
        return ChipLayout(tuple(cells), False)
    inline = [_number(fonts, c) + w + PAD for w, c in zip(words, chips)]
    marks = [_marks(fonts, c) for c in chips]
    height = (area.height - ROW_GAP) // 2
    top = pygame.Rect(area.left, area.top, area.width, height)
    bottom = pygame.Rect(area.left, area.bottom - height, area.width, height)
    best = None
    for split in range(1, len(chips)):
        first, second = row_by_need(top, inline[:split], GAP), row_by_need(bottom,
                                                                             inline[split:], GAP)
        if first is None or second is None:
            continue
        spare = min(r.width - n - m for r, n, m in zip(first + second, inline, marks))
        if spare >= 0 and (best is None or spare > best[0]):
            best = (spare, first + second)
    if best is not None:
        return ChipLayout(tuple(best[1]), True)
    return ChipLayout(tuple(grid(area, len(chips), len(chips), GAP)), False)


def _number(fonts, chip: Chip) -> int:
    """px for the number, with the padding before and after it."""
    return PAD + _width(fonts, str(chip.rank), True) + PAD


def _marks(fonts, chip: Chip) -> int:
    """px for the widest marks the chip may carry, with the padding before them."""
    return _width(fonts, chip.marks, True) + PAD if chip.marks else 0


def draw_chip(canvas, fonts, rect: pygame.Rect, inline: bool, rank: int, word: str,
              marks: str, fill, color, marks_color) -> None:
    """One chip: filled (``fill``) or outlined, its number, ``word`` (a player's name cut with
    "…" where it must be) and its ``marks``."""
    if fill:
        pygame.draw.rect(canvas, fill, rect, border_radius=8)
    else:
        pygame.draw.rect(canvas, theme.PANEL, rect, 2, border_radius=8)
    number = str(rank)
    marks_w = _width(fonts, marks, True)
    if inline:
        left = rect.left + PAD
        draw_text(canvas, fonts, number, (left, rect.centery), SIZE, color, bold=True,
                  anchor="midleft", box=rect)
        left += _width(fonts, number, True) + PAD
        right = rect.right - PAD - (marks_w + PAD if marks else 0)
        word_box = pygame.Rect(left, rect.top, right - left, rect.height)
        marks_box = pygame.Rect(right, rect.top, rect.right - PAD - right, rect.height)
        draw_fitted(canvas, fonts, word, word_box, SIZE, color, anchor="midleft", floor=SIZE)
    else:
        top_line = pygame.Rect(rect.left, rect.top + 1, rect.width, rect.height // 2)
        draw_text(canvas, fonts, number, (rect.left + PAD + 2, top_line.centery), SIZE, color,
                  bold=True, anchor="midleft", box=rect)
        word_box = pygame.Rect(rect.left + PAD, rect.centery - 1, rect.width - 2 * PAD,
                               rect.bottom - rect.centery)
        marks_box = top_line.inflate(-2 * PAD, 0)
        draw_fitted(canvas, fonts, word, word_box, SIZE, color, anchor="center", floor=SIZE)
    if marks:
        draw_fitted(canvas, fonts, marks, marks_box, SIZE, marks_color, bold=True,
                    anchor="midright", floor=SIZE)
