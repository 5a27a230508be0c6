"""Dice drawn as real faces: the colour, the pips, and a letter at the top so that colours need
not be told apart (colour-blind players, dim light, grey/black/blue at a table). Each game maps
its colour names to fills (``FACES``).

A selected die has a gold ring with a dark band between it and the die: no one colour stands
out from every die (3:1 against yellow, white, red and black at once is out of reach: the best
is 1.9:1), so the ring is seen against the band, and the die's edge against the band (a black
die, as dark as the band, against the gold)."""

from __future__ import annotations

from functools import partial

import pygame

from .. import theme
from ..widgets import draw_text

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
LIGHT_DOTS, DARK_DOTS = (240, 240, 240), (30, 30, 30)
RING, BAND = theme.ACCENT, theme.BACKGROUND  # a selected die's ring, and the band inside it
RING_WIDTH = BAND_WIDTH = 3  # px
RING_OUT = RING_WIDTH + BAND_WIDTH  # px the ring reaches beyond the die

_faces: dict[tuple, pygame.Surface] = {}


def face(fonts, size: tuple[int, int], fill: tuple[int, int, int], pip: int,
         letter: str) -> pygame.Surface:
    """A die face drawn once and kept (a board shows dozens of them every frame); light dots
    on dark fills, dark dots on light ones."""
    key = (fonts.regular_path, size, fill, pip, letter)
    if key not in _faces:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        rect = surface.get_rect()
        dots = LIGHT_DOTS if sum(fill) < 420 else DARK_DOTS
        pygame.draw.rect(surface, fill, rect, border_radius=corner(rect))
        pygame.draw.rect(surface, theme.PANEL_PRESSED, rect, 1, border_radius=corner(rect))
        step, radius = rect.width // 4, max(2, rect.width // 11)
        for dx, dy in PIPS[pip]:
            pygame.draw.circle(surface, dots, (rect.centerx + dx * step,
                                               rect.centery + dy * step), radius)
        draw_text(surface, fonts, letter, (rect.centerx, 0), max(10, rect.width * 2 // 7), dots,
                  bold=True, anchor="midtop")  # top centre: no pip is ever there
        _faces[key] = surface
    return _faces[key]


def draw_face(canvas, fonts, rect: pygame.Rect, fill, pip: int, letter: str,
              selected: bool = False) -> None:
    """One die face in ``rect``; ``letter`` names its colour; ringed when selected."""
    if selected:
        radius = corner(rect)
        pygame.draw.rect(canvas, RING, rect.inflate(2 * RING_OUT, 2 * RING_OUT),
                         border_radius=radius + RING_OUT)
        pygame.draw.rect(canvas, BAND, rect.inflate(2 * BAND_WIDTH, 2 * BAND_WIDTH),
                         border_radius=radius + BAND_WIDTH)
    canvas.blit(face(fonts, rect.size, fill, pip, letter), rect)


def corner(rect: pygame.Rect) -> int:
    """A die face's corner radius."""
    return max(4, rect.width // 6)


def face_tasks(fonts, sizes, fills: dict[str, tuple], letters: dict[str, str]) -> list:
    """One idle task per face a board may show: every pip of every colour (``fills`` and
    ``letters`` by colour) at each of ``sizes`` px."""
    return [partial(face, fonts, (side, side), fill, pip, letters[colour])
            for side in sizes for colour, fill in fills.items() for pip in PIPS]
