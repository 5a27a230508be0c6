"""The table seen from above: seats clockwise from the top, the crown ringed in gold."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from ... import theme
from ...widgets import draw_fitted

RING = 8  # px round the crown holder's seat (its gold ring): no other seat comes that close
NARROWEST = 56  # px: a seat is made no narrower to keep the seats apart
WIDER = 2  # a seat may be up to this many times its size's width where its name needs it


def seat_rects(area: pygame.Rect, players: int, size: tuple[int, int],
               widest: int | None = None) -> list[pygame.Rect]:
    """One box per seat on an ellipse inside ``area``; seat 1 at the top, then clockwise. The
    seats are as wide as ``widest`` (default: ``size``'s width) where they do not touch
    (counting the crown's ring), else narrower, down to ``NARROWEST``: the ellipse grows as
    they shrink."""
    return [pygame.Rect(r) for r in _seat_rects(tuple(area), players, size,
                                                widest or size[0])]


@lru_cache(maxsize=64)
def _seat_rects(area: tuple, players: int, size: tuple[int, int],
                widest: int) -> tuple[tuple, ...]:
    h = size[1]
    for w in range(widest, NARROWEST, -2):
        rects = _on_ellipse(pygame.Rect(area), players, w, h)
        if not _touching(rects):
            break
    else:
        rects = _on_ellipse(pygame.Rect(area), players, NARROWEST, h)
    return tuple(tuple(r) for r in rects)


def _on_ellipse(area: pygame.Rect, players: int, w: int, h: int) -> list[pygame.Rect]:
    rx, ry = area.width / 2 - w / 2, area.height / 2 - h / 2
    rects = []
    for seat in range(1, players + 1):
        angle = 2 * math.pi * (seat - 1) / players - math.pi / 2
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(area.centerx + math.cos(angle) * rx),
                       round(area.centery + math.sin(angle) * ry))
        rects.append(rect)
    return rects


def _touching(rects: list[pygame.Rect]) -> bool:
    return any(a.inflate(RING, RING).colliderect(b) for i, a in enumerate(rects)
               for b in rects[i + 1:])


def seat_width(fonts, names: Sequence[str], size: tuple[int, int]) -> int:
    """How wide the seats would be for the widest name to fit whole (within ``WIDER``)."""
    need = max((fonts.width(n, theme.SMALL_SIZE) for n in names), default=0) + 16
    return max(size[0], min(need, WIDER * size[0]))


def draw_crown(canvas, center: tuple[int, int], width: int = 24, color=theme.ACCENT) -> None:
    """A small three-pointed crown (drawn, so it needs no font glyph)."""
    x, y = center
    w, h = width, width * 2 // 3
    left, right, top, bottom = x - w // 2, x + w // 2, y - h // 2, y + h // 2
    pygame.draw.polygon(canvas, color, [
        (left, bottom), (left, top), (left + w // 4, y), (x, top - 2), (right - w // 4, y),
        (right, top), (right, bottom)])


def draw_seat_map(canvas, fonts, area: pygame.Rect, names: Sequence[str], crown: int,
                  acting: int | None = None, cards: Sequence[int] = (),
                  notes: Sequence[str] = (), marked: Sequence[int] = (),
                  size: tuple[int, int] = (96, 36)) -> None:
    """Draw the seats. ``acting`` is filled, ``crown`` ringed; ``cards`` draws that many small
    card backs under each name, ``notes`` a short public line (e.g. revealed ranks), and seats
    in ``marked`` (a completed city) get a green corner. Each name fits its seat (smaller,
    then cut with "…")."""
    seats = seat_rects(area, len(names), size, seat_width(fonts, names, size))
    pygame.draw.ellipse(canvas, theme.PANEL, area.inflate(-seats[0].width, -seats[0].height), 3)
    for seat, rect in enumerate(seats, start=1):
        acts = seat == acting
        pygame.draw.rect(canvas, theme.ACCENT if acts else theme.PANEL, rect, border_radius=10)
        if seat == crown:
            pygame.draw.rect(canvas, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=13)
        if seat in marked:
            pygame.draw.polygon(canvas, theme.LIT, [rect.topright, (rect.right - 16, rect.top),
                                                    (rect.right, rect.top + 16)])
        color = theme.ACCENT_TEXT if acts else theme.TEXT
        lower = bool(cards) or bool(notes and notes[seat - 1])
        inside = rect.inflate(-8, -2)
        name = inside.inflate(0, -12).move(0, -6) if lower else inside
        draw_fitted(canvas, fonts, names[seat - 1], name, theme.SMALL_SIZE, color,
                    anchor="center")
        if notes and notes[seat - 1]:
            draw_fitted(canvas, fonts, notes[seat - 1],
                        pygame.Rect(inside.left, rect.bottom - 16, inside.width, 15),
                        theme.SMALL_SIZE, color, anchor="center")
        for i in range(cards[seat - 1] if cards else 0):
            card = pygame.Rect(rect.centerx - 10 + i * 12, rect.bottom - 11, 9, 7)
            pygame.draw.rect(canvas, color, card, border_radius=2)
