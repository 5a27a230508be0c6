"""Dice drawn as real faces: the colour, the pips, and a letter naming the colour so that
colours need not be told apart (colour-blind players, dim light, grey/black/blue at a table):
at the top centre between the pips, at 18 px or more, bold. A die whose place already says its
number (Tiletum's wheel: a die lies in the wedge of its pip) shows the letter alone, as large as
the die holds. Each game maps its colour names to fills (``FACES``).

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


def letter_size(side: int, pips: bool) -> int:
    """The colour letter's size on a die ``side`` px wide: over the pips 3/8 of the side (18 px
    on Troyes' 48 px dice, 24 on the 64 px ones of Tiletum's take); alone, 2/3 of it in even
    sizes (24 px on 38 px dice); never under ``theme.SMALL_SIZE``."""
    size = side * 3 // 8 if pips else side * 2 // 3 // 2 * 2
    return max(theme.SMALL_SIZE, size)


def pip_centres(side: int, pip: int) -> list[tuple[int, int]]:
    """Where a face ``side`` px wide has its pips: the usual rows a quarter of the side apart,
    the columns wider apart (5/16 of the side from the middle) so that the letter stands
    between the top two."""
    middle, across, down = side // 2, round(side * 5 / 16), side // 4
    return [(middle + dx * across, middle + dy * down) for dx, dy in PIPS[pip]]


def pip_radius(side: int) -> int:
    return max(2, side // 16)


def face(fonts, size: tuple[int, int], fill: tuple[int, int, int], pip: int | None,
         letter: str) -> pygame.Surface:
    """A die face drawn once and kept (a board shows dozens of them every frame); light dots
    on dark fills, dark dots on light ones. ``pip`` None: the letter alone, in the middle.
    Drawn on a copy of its colour's ``blank``."""
    key = (fonts.regular_path, size, fill, pip, letter)
    if key not in _faces:
        surface = blank(size, fill).copy()
        rect = surface.get_rect()
        dots = LIGHT_DOTS if sum(fill) < 420 else DARK_DOTS
        if pip is not None:
            for centre in pip_centres(rect.width, pip):
                pygame.draw.circle(surface, dots, centre, pip_radius(rect.width))
        text_size = letter_size(rect.width, pip is not None)
        ink = fonts.render(letter, text_size, dots, True).get_bounding_rect()
        top = max(1, rect.height // 24) if pip is not None else rect.centery - ink.height // 2
        draw_text(surface, fonts, letter, (rect.centerx - ink.centerx, top - ink.top),
                  text_size, dots, bold=True)
        _faces[key] = surface
    return _faces[key]


def blank(size: tuple[int, int], fill: tuple[int, int, int]) -> pygame.Surface:
    """A face's fill and edge, the same for each of a colour's faces (its rounded corners
    are most of a face's drawing); kept with the faces."""
    key = (size, fill)
    surface = _faces.get(key)
    if surface is None:
        surface = _faces[key] = pygame.Surface(size, pygame.SRCALPHA)
        rect = surface.get_rect()
        pygame.draw.rect(surface, fill, rect, border_radius=corner(rect))
        pygame.draw.rect(surface, theme.PANEL_PRESSED, rect, 1, border_radius=corner(rect))
    return surface


def draw_face(canvas, fonts, rect: pygame.Rect, fill, pip: int | None, letter: str,
              selected: bool = False) -> None:
    """One die face in ``rect``; ``letter`` names its colour (``pip`` None: the letter alone);
    ringed when selected."""
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


def face_tasks(fonts, sizes, fills: dict[str, tuple], letters: dict[str, str],
               pips: bool = True) -> list:
    """One idle task per face a board may show: every colour (``fills`` and ``letters`` by
    colour) at each of ``sizes`` px, with every pip (``pips``) or the letter alone."""
    return [partial(face, fonts, (side, side), fill, pip, letters[colour])
            for side in sizes for colour, fill in fills.items()
            for pip in (PIPS if pips else (None,))]
