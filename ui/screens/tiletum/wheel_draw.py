"""The action wheel drawn as a wheel: six wedges (pip 1 at the top, clockwise), each with its
action's icon, its pip, its name and its AP; the dice on a wedge lie round those, never on
them, in their colours with their colour's letter large (grey, black and blue look alike at a
table) and no pips: the wedge's own number is the die's."""

from __future__ import annotations

import math

import pygame

from companion.tiletum.wheel import TileDie, action_points

from ... import theme
from ...widgets import draw_text
from ..dice_faces import draw_face
from .dice import FACES
from .wheel_geometry import CENTRE, RADIUS, at, die_rects, label_lines, overflow

HUB = 30
LABEL_SIZE = 20  # wedge names and AP, read from the seats
WEDGE = {"Architect": (116, 86, 58), "Merchant": (62, 112, 76), "Character": (108, 78, 128),
         "Contract": (60, 96, 128), "King": (146, 116, 36), "Joker": (84, 88, 94)}


def draw_icon(canvas, action: str, centre: tuple[int, int], size: int, colour) -> None:
    """A small line icon for each action: house, purse, person, scroll, crown, star."""
    x, y = centre
    h = size // 2
    if action == "Architect":
        pygame.draw.polygon(canvas, colour, [(x - h, y), (x, y - h), (x + h, y)])
        pygame.draw.rect(canvas, colour, (x - h + 3, y, size - 6, h))
    elif action == "Merchant":
        pygame.draw.circle(canvas, colour, (x, y + 2), h - 1)
        pygame.draw.rect(canvas, colour, (x - 3, y - h, 6, 4))
    elif action == "Character":
        pygame.draw.circle(canvas, colour, (x, y - h + 4), 4)
        pygame.draw.ellipse(canvas, colour, (x - h + 1, y, size - 2, h))
    elif action == "Contract":
        pygame.draw.rect(canvas, colour, (x - h + 2, y - h, size - 4, size), 2)
        for dy in (-3, 2):
            pygame.draw.line(canvas, colour, (x - h + 5, y + dy), (x + h - 5, y + dy), 2)
    elif action == "King":
        pygame.draw.polygon(canvas, colour, [(x - h, y + h - 2), (x - h, y - h + 2),
                                             (x - h // 2, y), (x, y - h), (x + h // 2, y),
                                             (x + h, y - h + 2), (x + h, y + h - 2)])
    else:  # Joker: a star
        points = [(x + (h if k % 2 == 0 else h // 2) * math.sin(math.radians(k * 36)),
                   y - (h if k % 2 == 0 else h // 2) * math.cos(math.radians(k * 36)))
                  for k in range(10)]
        pygame.draw.polygon(canvas, colour, points)


def wedge_points(pip: int, r: float) -> list[tuple[int, int]]:
    return [CENTRE] + [at(pip, r, turn) for turn in range(-30, 31, 5)]


def draw_wheel(canvas, fonts, wheel: dict[int, str], names: dict[str, str], ap: str,
               hub: str) -> None:
    """The wheel: ``wheel`` pip -> action, ``names`` action -> its word, ``ap`` a format with
    {n} for the AP, ``hub`` the text in the middle. Each wedge's label block (icon and pip, the
    action, its AP) stands upright near the hub; the dice lie in the outer part. Drawn straight
    onto the canvas (0.2 ms with its texts kept by the fonts): a picture of it kept aside would
    be quicker to show but slow to make the first time (a 640 KB surface), at every new round."""
    for pip, action in wheel.items():
        pygame.draw.polygon(canvas, WEDGE[action], wedge_points(pip, RADIUS))
    for pip in wheel:  # the wedge borders over every fill
        pygame.draw.line(canvas, theme.BACKGROUND, CENTRE, at(pip, RADIUS, 30), 3)
    pygame.draw.circle(canvas, theme.BACKGROUND, CENTRE, RADIUS, 3)
    pygame.draw.circle(canvas, theme.PANEL, CENTRE, HUB)
    draw_text(canvas, fonts, hub, CENTRE, theme.SMALL_SIZE, bold=True, anchor="center")
    for pip, action in wheel.items():
        top, name, points = label_lines(pip)
        x, y = top.centerx + 1, top.centery
        draw_icon(canvas, action, (x - 12, y), 15, theme.TEXT)
        draw_text(canvas, fonts, str(pip), (x + 9, y), LABEL_SIZE + 2, theme.TEXT, bold=True,
                  anchor="center", box=top)
        draw_text(canvas, fonts, names[action], name.center, LABEL_SIZE, theme.TEXT, bold=True,
                  anchor="center", box=name)
        draw_text(canvas, fonts, ap.format(n=action_points(pip)), points.center, LABEL_SIZE,
                  theme.TEXT, anchor="center", box=points)


def draw_dice(canvas, fonts, dice, letters: dict[str, str], selected: int | None = None,
              more: str = "+{n}") -> None:
    """The dice in their wedges, each its colour's letter alone (``selected``: a die id to
    ring)."""
    rects = die_rects(dice)
    for die_id, die in dice:
        if die_id in rects:
            draw_face(canvas, fonts, rects[die_id], FACES[die.colour], None,
                      letters[die.colour], die_id == selected)
    for pip, n in overflow(dice).items():
        draw_text(canvas, fonts, more.format(n=n), at(pip, RADIUS - 12), theme.SMALL_SIZE,
                  theme.ACCENT, bold=True, anchor="center")


def draw_big_die(canvas, fonts, rect: pygame.Rect, die: TileDie, letter: str,
                 selected: bool = False) -> None:
    draw_face(canvas, fonts, rect, FACES[die.colour], die.pip, letter, selected)
