"""The table seen from above: seats clockwise from the top, the crown ringed in gold."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ... import theme
from ...widgets import draw_text


def seat_rects(area: pygame.Rect, players: int, size: tuple[int, int]) -> list[pygame.Rect]:
    """One box per seat on an ellipse inside ``area``; seat 1 at the top, then clockwise."""
    w, h = size
    rx, ry = area.width / 2 - w / 2, area.height / 2 - h / 2
    rects = []
    for seat in range(1, players + 1):
        angle = 2 * math.pi * (seat - 1) / players - math.pi / 2
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(area.centerx + math.cos(angle) * rx),
                       round(area.centery + math.sin(angle) * ry))
        rects.append(rect)
    return rects


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
    in ``marked`` (a completed city) get a green corner."""
    w, h = size
    pygame.draw.ellipse(canvas, theme.PANEL, area.inflate(-w, -h), 3)
    for seat, rect in enumerate(seat_rects(area, len(names), size), start=1):
        acts = seat == acting
        pygame.draw.rect(canvas, theme.ACCENT if acts else theme.PANEL, rect, border_radius=10)
        if seat == crown:
            pygame.draw.rect(canvas, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=13)
        if seat in marked:
            pygame.draw.polygon(canvas, theme.LIT, [rect.topright, (rect.right - 16, rect.top),
                                                    (rect.right, rect.top + 16)])
        color = theme.ACCENT_TEXT if acts else theme.TEXT
        lower = bool(cards) or bool(notes and notes[seat - 1])
        draw_text(canvas, fonts, names[seat - 1],
                  (rect.centerx, rect.centery - (6 if lower else 0)), theme.SMALL_SIZE, color,
                  anchor="center")
        if notes and notes[seat - 1]:
            draw_text(canvas, fonts, notes[seat - 1], (rect.centerx, rect.bottom - 8),
                      theme.SMALL_SIZE - 3, color, anchor="center")
        for i in range(cards[seat - 1] if cards else 0):
            card = pygame.Rect(rect.centerx - 10 + i * 12, rect.bottom - 11, 9, 7)
            pygame.draw.rect(canvas, color, card, border_radius=2)
