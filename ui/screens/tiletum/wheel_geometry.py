"""Where things lie on the action wheel: its wedges (pip 1 at the top, the others clockwise),
each wedge's label block (icon and pip, the action, its AP) near the hub and, round it, the
places of its dice, clear of the labels (a die never covers a word). Kept apart from the
drawing (and its imports). The search for the places (~10 ms of Python a die size for the top
wedge and the one beside it; the others mirror those) is too long for a tap: its results are
kept in ``PLACES`` for the geometry below, and searched again only if that changes."""

from __future__ import annotations

import math
from functools import cache, partial

import pygame

from .dice import WHEEL_SIZES as SIZES

CENTRE = (212, 272)
RADIUS = 196
DIE_GAP = 3
INNER = 110  # dice lie between here and the rim, clear of the label blocks
MIDDLE = 156  # the radius the dice gather round
LABEL_R = 94  # the middle of each wedge's label block
# The lines of a label block, each a box (dx, dy from the block's middle, width, height) that
# holds the line as wheel_draw draws it in either language (the widest action name: 108 px;
# tests/test_ui_tiletum.py measures them): the icon and the pip, the action, its AP.
LABEL_LINES = ((-1, -21, 44, 24), (0, 1, 112, 24), (0, 21, 48, 20))
LABEL_CLEAR = 3  # px between a die and a label line


def at(pip: int, r: float, turn: float = 0) -> tuple[int, int]:
    """The point at radius ``r`` in ``pip``'s wedge (``turn``: degrees off its middle; pip 1 is
    at the top, the others clockwise)."""
    angle = math.radians((pip - 1) * 60 + turn)
    return round(CENTRE[0] + r * math.sin(angle)), round(CENTRE[1] - r * math.cos(angle))


def label_lines(pip: int) -> tuple[pygame.Rect, ...]:
    """The boxes of ``pip``'s label lines (see ``LABEL_LINES``)."""
    x, y = at(pip, LABEL_R)
    out = []
    for dx, dy, width, height in LABEL_LINES:
        box = pygame.Rect(0, 0, width, height)
        box.center = (x + dx, y + dy)
        out.append(box)
    return tuple(out)


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
    """Where dice of ``size`` px can lie in ``pip``'s wedge without overlapping or leaving it,
    clear of its label lines, nearest its middle first: worked out for the top wedge and the
    one right of it (``_search``), the others their mirror images (the wheel, its labels'
    places and so its dice are symmetric about both axes through its centre)."""
    base = 1 if pip in (1, 4) else 2
    if pip == base:
        return _places(pip, size)
    flip_x, flip_y = pip in (5, 6), pip in (3, 4, 5)
    out = []
    for rect in slot_rects(base, size):
        rect = rect.copy()
        if flip_x:
            rect.left = 2 * CENTRE[0] - rect.right
        if flip_y:
            rect.top = 2 * CENTRE[1] - rect.bottom
        out.append(rect)
    return tuple(out)


GEOMETRY = (CENTRE, RADIUS, DIE_GAP, INNER, MIDDLE, LABEL_R, LABEL_LINES, LABEL_CLEAR, SIZES)
# What ``_search`` finds for the two wedges it searches, worked out once (10 ms of Python a
# wedge and size: most of a cold board's frame): (pip, size) -> the places' top-left corners,
# in order. Used only for the geometry they were found for (``PLACES_FOR``, GEOMETRY's values
# then); tests/test_wheel_places.py checks them against the search.
PLACES_FOR = ((212, 272), 196, 3, 110, 156, 94, ((-1, -21, 44, 24), (0, 1, 112, 24),
                                                 (0, 21, 48, 20)), 3, (38, 30, 26, 24, 22))
PLACES = {
    (1, 38): ((193, 97), (152, 97), (234, 97)),
    (1, 30): ((208, 101), (175, 101), (241, 101), (142, 101)),
    (1, 26): ((199, 113), (199, 84), (170, 113), (228, 113), (141, 113), (257, 113)),
    (1, 24): ((200, 113), (200, 86), (173, 113), (227, 113), (173, 86), (227, 86), (146, 113),
              (254, 113)),
    (1, 22): ((201, 113), (201, 88), (176, 113), (226, 113), (176, 88), (226, 88), (151, 113),
              (251, 113), (151, 138), (251, 138)),
    (2, 38): ((314, 148), (355, 230)),
    (2, 30): ((321, 157), (354, 190), (288, 157), (354, 223)),
    (2, 26): ((334, 181), (334, 152), (305, 152), (363, 210), (305, 123), (363, 239)),
    (2, 24): ((326, 182), (353, 182), (326, 155), (353, 209), (299, 155), (353, 236),
              (299, 128)),
    (2, 22): ((328, 166), (353, 191), (303, 166), (353, 216), (328, 141), (303, 141),
              (328, 241), (353, 241), (378, 241)),
}


def _places(pip: int, size: int) -> tuple[pygame.Rect, ...]:
    """``_search``'s places: from ``PLACES`` where they were found for this geometry."""
    if GEOMETRY != PLACES_FOR or (pip, size) not in PLACES:
        return _search(pip, size)
    return tuple(pygame.Rect(left, top, size, size) for left, top in PLACES[(pip, size)])


def _search(pip: int, size: int) -> tuple[pygame.Rect, ...]:
    """An upright grid round the wedge's middle: of nine offsets (thirds of a step each way)
    the one with the most places."""
    middle = at(pip, MIDDLE)
    step = size + DIE_GAP
    labels = [box.inflate(2 * LABEL_CLEAR, 2 * LABEL_CLEAR) for box in label_lines(pip)]
    best: list[tuple[float, pygame.Rect]] = []
    for ox in (0, step / 3, 2 * step / 3):
        for oy in (0, step / 3, 2 * step / 3):
            found = []
            for i in range(-4, 5):
                for j in range(-4, 5):
                    cx, cy = middle[0] + ox + i * step, middle[1] + oy + j * step
                    rect = pygame.Rect(round(cx - size / 2), round(cy - size / 2), size, size)
                    corners = (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright)
                    if all(_inside(pip, c) for c in corners) and rect.collidelist(labels) < 0:
                        found.append((math.dist((cx, cy), middle), rect))
            if len(found) > len(best):
                best = found
    return tuple(rect for _, rect in sorted(best, key=lambda f: (f[0], f[1].top, f[1].left)))


def slot_tasks() -> list:
    """One idle task per wedge and die size, working out its places (the mirrored wedges'
    after the two they mirror)."""
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
