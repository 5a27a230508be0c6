"""The action wheel drawn as a wheel: six wedges (pip 1 at the top, clockwise), each with its
action's icon, its pip, its name and its AP; the dice on a wedge lie in its outer part, as real
faces in their colours with a letter (grey, black and blue look alike at a table)."""

from __future__ import annotations

import math
from functools import cache

import pygame

from companion.tiletum.wheel import TileDie, action_points

from ... import theme
from ...widgets import draw_text
from ..dice_faces import draw_face

CENTRE = (212, 272)
RADIUS = 196
HUB = 30
LABEL_R = 94  # the middle of each wedge's label block
LABEL_SIZE = 20  # wedge names and AP, read from the seats
SIZES = (38, 34, 30, 26, 24, 22)  # die sizes: the largest that shows all of a wedge's dice
# (the 20 px labels take the middle of the wheel, so crowded wedges pack smaller dice)
DIE_GAP = 3
INNER = 124  # dice lie between here and the rim; the label blocks stay inside it
FACES = {"blue": (52, 104, 200), "pink": (236, 128, 170), "yellow": (236, 196, 64),
         "grey": (160, 160, 160), "black": (22, 22, 24)}
WEDGE = {"Architect": (116, 86, 58), "Merchant": (62, 112, 76), "Character": (108, 78, 128),
         "Contract": (60, 96, 128), "King": (146, 116, 36), "Joker": (84, 88, 94)}


def at(pip: int, r: float, turn: float = 0) -> tuple[int, int]:
    """The point at radius ``r`` in ``pip``'s wedge (``turn``: degrees off its middle; pip 1 is
    at the top, the others clockwise)."""
    angle = math.radians((pip - 1) * 60 + turn)
    return round(CENTRE[0] + r * math.sin(angle)), round(CENTRE[1] - r * math.cos(angle))


def _inside(pip: int, point: tuple[float, float]) -> bool:
    """Whether ``point`` lies in the dice part of ``pip``'s wedge, 3 px clear of its edges."""
    dx, dy = point[0] - CENTRE[0], CENTRE[1] - point[1]
    r = math.hypot(dx, dy)
    if not INNER <= r <= RADIUS - 4:
        return False
    off = (math.degrees(math.atan2(dx, dy)) - (pip - 1) * 60 + 180) % 360 - 180
    return abs(off) < 30 and r * math.sin(math.radians(30 - abs(off))) >= 3


@cache
def slot_rects(pip: int, size: int) -> tuple[pygame.Rect, ...]:
    """Where dice of ``size`` px can lie in ``pip``'s wedge without overlapping or leaving it:
    an upright grid round the wedge's middle (the best of a few offsets), nearest first."""
    middle = at(pip, (INNER + RADIUS) / 2)
    step = size + DIE_GAP
    best: list[tuple[float, pygame.Rect]] = []
    for ox in (0, step / 2):
        for oy in (0, step / 2):
            found = []
            for i in range(-4, 5):
                for j in range(-4, 5):
                    cx, cy = middle[0] + ox + i * step, middle[1] + oy + j * step
                    rect = pygame.Rect(round(cx - size / 2), round(cy - size / 2), size, size)
                    corners = (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright)
                    if all(_inside(pip, c) for c in corners):
                        found.append((math.dist((cx, cy), middle), rect))
            if len(found) > len(best):
                best = found
    return tuple(rect for _, rect in sorted(best, key=lambda f: (f[0], f[1].top, f[1].left)))


def wedge_rect(pip: int) -> pygame.Rect:
    """The tap target of a wedge: the box round the places its dice lie in (the six boxes do
    not overlap)."""
    slots = [rect for size in SIZES for rect in slot_rects(pip, size)]
    return slots[0].unionall(slots[1:]).inflate(2, 2)


def die_rects(dice) -> dict[int, pygame.Rect]:
    """Where each die (id, TileDie) lies: in its wedge, in id order (a crowded wedge packs
    smaller dice)."""
    out: dict[int, pygame.Rect] = {}
    for pip in range(1, 7):
        ids = [i for i, d in dice if d.pip == pip]
        size = next((z for z in SIZES if len(slot_rects(pip, z)) >= len(ids)), SIZES[-1])
        out.update(zip(ids, slot_rects(pip, size)))
    return out


def overflow(dice) -> dict[int, int]:
    """Dice beyond what a wedge can show, by pip (all but impossible in a real game)."""
    counts = {pip: sum(1 for _, d in dice if d.pip == pip) for pip in range(1, 7)}
    room = {pip: len(slot_rects(pip, SIZES[-1])) for pip in range(1, 7)}
    return {pip: n - room[pip] for pip, n in counts.items() if n > room[pip]}


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


_wheels: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}


def draw_wheel(canvas, fonts, wheel: dict[int, str], names: dict[str, str], ap: str,
               hub: str) -> None:
    """The wheel: ``wheel`` pip -> action, ``names`` action -> its word, ``ap`` a format with
    {n} for the AP, ``hub`` the text in the middle. Each wedge's label block (icon and pip, the
    action, its AP) stands upright near the hub; the dice lie in the outer part. Drawn once per
    orientation and language and kept (it changes once a round)."""
    key = (fonts.regular_path, tuple(wheel.items()), tuple(names.items()), ap, hub)
    if key not in _wheels:
        if len(_wheels) > 32:
            _wheels.clear()
        surface = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
        _paint_wheel(surface, fonts, wheel, names, ap, hub)
        box = pygame.Rect(0, 0, 2 * RADIUS + 8, 2 * RADIUS + 8)
        box.center = CENTRE
        _wheels[key] = (surface.subsurface(box).copy(), box.topleft)
    surface, topleft = _wheels[key]
    canvas.blit(surface, topleft)


def _paint_wheel(canvas, fonts, wheel, names, ap, hub) -> None:
    for pip, action in wheel.items():
        pygame.draw.polygon(canvas, WEDGE[action], wedge_points(pip, RADIUS))
    for pip in wheel:  # the wedge borders over every fill
        pygame.draw.line(canvas, theme.BACKGROUND, CENTRE, at(pip, RADIUS, 30), 3)
    pygame.draw.circle(canvas, theme.BACKGROUND, CENTRE, RADIUS, 3)
    pygame.draw.circle(canvas, theme.PANEL, CENTRE, HUB)
    draw_text(canvas, fonts, hub, CENTRE, theme.SMALL_SIZE, bold=True, anchor="center")
    for pip, action in wheel.items():
        x, y = at(pip, LABEL_R)
        draw_icon(canvas, action, (x - 12, y - 21), 15, theme.TEXT)
        draw_text(canvas, fonts, str(pip), (x + 9, y - 21), LABEL_SIZE + 2, theme.TEXT,
                  bold=True, anchor="center")
        draw_text(canvas, fonts, names[action], (x, y), LABEL_SIZE, theme.TEXT, bold=True,
                  anchor="center")
        draw_text(canvas, fonts, ap.format(n=action_points(pip)), (x, y + 20), LABEL_SIZE,
                  theme.TEXT, anchor="center")


def draw_dice(canvas, fonts, dice, letters: dict[str, str], selected: int | None = None,
              more: str = "+{n}") -> None:
    """The dice in their wedges (``selected``: a die id to ring)."""
    rects = die_rects(dice)
    for die_id, die in dice:
        if die_id in rects:
            draw_face(canvas, fonts, rects[die_id], FACES[die.colour], die.pip,
                      letters[die.colour], die_id == selected)
    for pip, n in overflow(dice).items():
        draw_text(canvas, fonts, more.format(n=n), at(pip, RADIUS - 12), theme.SMALL_SIZE,
                  theme.ACCENT, bold=True, anchor="center")


def draw_big_die(canvas, fonts, rect: pygame.Rect, die: TileDie, letter: str) -> None:
    draw_face(canvas, fonts, rect, FACES[die.colour], die.pip, letter)
