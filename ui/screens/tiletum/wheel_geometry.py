"""Where things lie on the action wheel: its wedges (pip 1 at the top, the others clockwise)
and, in each wedge's outer part, the places of its dice. Kept apart from the drawing (and its
imports) so that the places can be worked out while nobody waits (``ui/screens/tiletum/
prepare.py``): they take ~0.5 ms a wedge and die size, too long for a tap."""

from __future__ import annotations

import math
from functools import cache, partial

import pygame

from .dice import WHEEL_SIZES as SIZES

CENTRE = (212, 272)
RADIUS = 196
DIE_GAP = 3
INNER = 124  # dice lie between here and the rim; the label blocks stay inside it


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


def slot_tasks() -> list:
    """One idle task per wedge and die size, working out its places."""
    return [partial(slot_rects, pip, size) for pip in range(1, 7) for size in SIZES]


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
