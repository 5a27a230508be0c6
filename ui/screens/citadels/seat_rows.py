"""The seats as rows, as the round summary, the end of the game and History's rounds show them:
the crown, the name, the characters held, a note at the right end (a completed city)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ... import theme
from ...widgets import draw_fitted
from .seatmap import draw_crown

ROW_MAX = 34  # px: a row at most
NAME_MIN = 140  # px: the names' column at its narrowest
CROWN_W = 30  # px left of the names for the crown


@dataclass(frozen=True)
class SeatRow:
    name: str
    held: str  # the characters, as one line
    note: str = ""


def row_height(rect: pygame.Rect, rows: int) -> int:
    """How high each of ``rows`` rows is in ``rect`` (``ROW_MAX`` at most)."""
    return min(ROW_MAX, rect.height // max(rows, 1))


def row_size(row_h: int) -> int:
    """The text size for rows ``row_h`` px high."""
    return theme.BODY_SIZE if row_h >= 30 else theme.SMALL_SIZE


def draw_seat_rows(canvas, fonts, rect: pygame.Rect, rows: list[SeatRow], crown: int) -> int:
    """One row per seat from the top of ``rect``, as high as ``rect`` allows (``ROW_MAX`` at
    most); the crown at seat ``crown``. The names' column is as wide as the widest name needs
    unless the characters would be cut; a name or characters too long for their column are
    drawn smaller, then cut with "…". Returns the y below the last row."""
    row_h = row_height(rect, len(rows))
    size = row_size(row_h)
    held_w = max((fonts.width(r.held, size) for r in rows), default=0)
    note_w = max((fonts.width(r.note, size) + 16 for r in rows if r.note), default=0)
    names_w = max((fonts.width(r.name, size, True) for r in rows), default=0) + 16
    name_w = max(NAME_MIN, min(names_w, rect.width - CROWN_W - held_w - note_w))
    held_left = rect.left + CROWN_W + name_w
    y = rect.top
    for seat, row in enumerate(rows, start=1):
        cell = pygame.Rect(rect.left, y, rect.width, row_h)
        if seat == crown:
            draw_crown(canvas, (rect.left + 12, cell.centery))
        draw_fitted(canvas, fonts, row.name,
                    pygame.Rect(rect.left + CROWN_W, y, name_w - 12, row_h), size, bold=True)
        if row.note:
            draw_fitted(canvas, fonts, row.note, pygame.Rect(rect.right - note_w + 16, y,
                                                             note_w - 16, row_h),
                        size, theme.LIT, anchor="midright")
        draw_fitted(canvas, fonts, row.held,
                    pygame.Rect(held_left, y, rect.right - note_w - held_left, row_h), size)
        y += row_h
    return y
