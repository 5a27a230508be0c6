"""The calling's flowing text, laid out: the announcements of the turn and the prompt (what to
do now), line by line under the big call, beside the seat map and the whole width below it.
What must be read now is never cut: the text is drawn smaller, long names are cut, the seat
map gives way, and only then the oldest announcements."""

from __future__ import annotations

import math
import re
from itertools import chain
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ... import theme
from ...widgets import NAME_CUTS, clip, draw_text, wrap

PARAGRAPH_GAP = 4  # px between two paragraphs

Paragraph = tuple[str, tuple, int]  # (text, colour, size)


@dataclass(frozen=True)
class Line:
    text: str
    color: tuple
    size: int
    box: pygame.Rect  # where the line goes (its width: the room beside or below the map)


@dataclass(frozen=True)
class Area:
    """Where the text may go: from ``left`` to ``right``, ``top`` to ``bottom``, keeping clear
    of ``shapes`` (the seat map's seats and ring, as boxes)."""

    left: int
    right: int
    top: int
    bottom: int
    shapes: tuple[pygame.Rect, ...] = ()

    def width_at(self, y: int, height: int) -> int:
        """How wide a line from ``y``, ``height`` px high, may be."""
        right = self.right
        for shape in self.shapes:
            if shape.top < y + height and y < shape.bottom:
                right = min(right, shape.left)
        return right - self.left

    def shortened(self, bottom: int) -> Area:
        return Area(self.left, self.right, self.top, bottom, self.shapes)


def map_shapes(seats: Sequence[pygame.Rect], ring: pygame.Rect, clear: int = 10,
               step: int = 4) -> tuple[pygame.Rect, ...]:
    """What text keeps clear of on a seat map: each seat (``clear`` px round it: the crown's
    ring and a gap) and the ellipse the seats sit on (``ring``), in bands ``step`` px high."""
    shapes = [seat.inflate(2 * clear, 2 * clear) for seat in seats]
    rx, ry = ring.width / 2, ring.height / 2
    for y in range(ring.top, ring.bottom, step):
        nearest = 0 if y <= ring.centery < y + step else min(abs(y - ring.centery),
                                                                 abs(y + step - ring.centery))
        half = rx * math.sqrt(max(0.0, 1 - (nearest / ry) ** 2))
        left = round(ring.centerx - half) - clear
        shapes.append(pygame.Rect(left, y, round(2 * half) + 2 * clear, step))
    return tuple(shapes)


def flow(fonts, paragraphs: Sequence[Paragraph], area: Area) -> list[Line] | None:
    """The paragraphs as lines from ``area.top``, each as wide as the area is where it starts;
    None if they run past ``area.bottom`` or a word is wider than its line (it would be
    broken across two)."""
    lines, y = [], area.top
    for text, color, size in paragraphs:
        height = fonts.get(size).get_linesize()
        rest = " ".join(text.split())
        while rest:
            width = area.width_at(y, height)
            line = wrap(fonts, rest, size, width)[0]
            if not line or not rest.startswith(line) or rest[len(line):len(line) + 1] not in (
                    "", " "):
                return None
            lines.append(Line(line, color, size, pygame.Rect(area.left, y, width, height)))
            rest, y = rest[len(line):].lstrip(" "), y + height
        y += PARAGRAPH_GAP
    return lines if y - PARAGRAPH_GAP <= area.bottom else None


def names_cut(fonts, paragraphs: Sequence[Paragraph], names: Sequence[str],
              width: int) -> list[Paragraph]:
    """The paragraphs with every player's name wider than ``width`` px cut with "…" to it."""
    named = sorted({n for n in names if n}, key=len, reverse=True)
    if not named:
        return list(paragraphs)
    pattern = re.compile("|".join(map(re.escape, named)))
    return [(pattern.sub(lambda m: clip(fonts, m.group(0), size, width), text), color, size)
            for text, color, size in paragraphs]


def arrange(fonts, paragraphs: Sequence[Paragraph], area: Area, names: Sequence[str],
            generic_last: bool = False) -> tuple[list[Line], int]:
    """The lines to draw in ``area`` and how many of the paragraphs they hold (the newest):
    all of them as they are if they fit; else in the smallest print; else with the players'
    long names cut, shorter and shorter; else the oldest left out. The last paragraph (what to
    do now) stays, unless it is only the general 'play your turn' (``generic_last``) and the
    newest announcement would not fit beside it."""
    small = [(text, color, theme.SMALL_SIZE) for text, color, _ in paragraphs]
    cut = (names_cut(fonts, small, names, width) for width in NAME_CUTS)  # cut when tried
    for tried in chain((list(paragraphs), small), cut):
        lines = flow(fonts, tried, area)
        if lines is not None:
            return lines, len(paragraphs)
    kept = names_cut(fonts, small, names, NAME_CUTS[-1])
    while len(kept) > 1:
        kept.pop(-1 if generic_last and len(kept) == 2 else 0)
        lines = flow(fonts, kept, area)
        if lines is not None:
            return lines, len(kept)
    return [], 0


def arranged_above(fonts, paragraphs: Sequence[Paragraph], area: Area, names: Sequence[str],
                   generic_last: bool, arranged: tuple[list[Line], int], bottom: int) -> bool:
    """Whether ``arrange`` in ``area`` ending at ``bottom`` (higher than its own) gives
    ``arranged`` (what it gave in ``area``) again. With all the paragraphs kept, only where
    the last line ends can tell (the tries that failed fail again in less room, and any later
    one differs), so nothing is laid out again."""
    lines, count = arranged
    if lines and count == len(paragraphs) and paragraphs[-1][0].strip():
        return lines[-1].box.bottom <= bottom
    return arrange(fonts, paragraphs, area.shortened(bottom), names, generic_last) == arranged


def band(fonts, text: str, size: int, area: Area) -> pygame.Rect:
    """A place for ``text`` ending at ``area.bottom``, as high as it wraps to and as wide as
    the room beside the seat map is there."""
    height = fonts.get(size).get_linesize()
    width = area.right - area.left
    while True:
        rect = pygame.Rect(area.left, 0, width, len(wrap(fonts, text, size, width)) * height)
        rect.bottom = area.bottom
        room = area.width_at(rect.top, rect.height)
        if room >= width or room <= 0:
            return rect
        width = room


def draw_lines(canvas, fonts, lines: Sequence[Line]) -> None:
    for line in lines:
        draw_text(canvas, fonts, line.text, line.box.topleft, line.size, line.color,
                  box=line.box)
