"""Dice drawn as real faces: the colour, the pips, and a letter in the corner so that colours
need not be told apart (colour-blind players, dim light)."""

from __future__ import annotations

import pygame

from companion.troyes.dice import BLACK, RED, WHITE, YELLOW, Die

from ... import theme
from ...widgets import draw_text

FACE = {YELLOW: (236, 196, 64), WHITE: (236, 236, 230), RED: (204, 64, 56), BLACK: (20, 20, 22)}
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


_faces: dict[tuple, pygame.Surface] = {}


def face(fonts, size: tuple[int, int], colour: str, pip: int, letter: str) -> pygame.Surface:
    """A die face drawn once and kept (a board shows dozens of them every frame)."""
    key = (fonts.regular_path, size, colour, pip, letter)
    if key not in _faces:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        rect = surface.get_rect()
        dots = (240, 240, 240) if colour in (RED, BLACK) else (30, 30, 30)
        pygame.draw.rect(surface, FACE[colour], rect, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_PRESSED, rect, 1, border_radius=8)
        step, radius = rect.width // 4, max(3, rect.width // 11)
        for dx, dy in PIPS[pip]:
            pygame.draw.circle(surface, dots, (rect.centerx + dx * step,
                                               rect.centery + dy * step), radius)
        draw_text(surface, fonts, letter, (rect.centerx, 1), 11, dots, bold=True,
                  anchor="midtop")  # top centre: no pip is ever there
        _faces[key] = surface
    return _faces[key]


def draw_die(canvas, fonts, rect: pygame.Rect, die: Die, letter: str,
             selected: bool = False) -> None:
    """One die face in ``rect``; ``letter`` names its colour; a gold ring when selected."""
    canvas.blit(face(fonts, rect.size, die.colour, die.pip, letter), rect)
    if selected:
        pygame.draw.rect(canvas, theme.ACCENT, rect.inflate(8, 8), 4, border_radius=11)
