"""A small widget set sized for fingers: buttons, labels, and focus movement for the buttons."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import pygame

from . import theme
from .fonts import Fonts

Text = str | Callable[[], str]


def resolve(text: Text) -> str:
    """The current string of a label (labels may be functions, so a language change is free)."""
    return text() if callable(text) else text


class Drawn(NamedTuple):
    """One text as ``draw_text`` drew it, for ``recorder``: the canvas, where the text went, its
    picture, the text, the box it was meant to stay inside (None: a free-standing text), its
    size in px, and whether words of it were left out for want of room (a player's name cut
    with "…" does not count: its seat still shows who)."""

    canvas: pygame.Surface
    rect: pygame.Rect
    surface: pygame.Surface
    text: str
    box: pygame.Rect | None
    size: int
    cut: bool = False


recorder: Callable[[Drawn], None] | None = None
"""Called with every text drawn while it is set (tests/test_name_fit.py checks that no two
texts meet and none leaves its box); left None, it costs one comparison a text."""


def draw_text(
    canvas: pygame.Surface,
    fonts: Fonts,
    text: str,
    pos: tuple[int, int],
    size: int = theme.BODY_SIZE,
    color=theme.TEXT,
    bold: bool = False,
    anchor: str = "topleft",
    box: pygame.Rect | None = None,
    cut: bool = False,
) -> pygame.Rect:
    """Draw one line of text; ``anchor`` is a pygame.Rect attribute name ('center', ...).
    ``box``: the widget the text belongs inside; ``cut``: words were left out (only
    ``recorder`` looks at them)."""
    surface = fonts.render(text, size, color, bold)
    rect = surface.get_rect(**{anchor: pos})
    canvas.blit(surface, rect)
    if recorder is not None:
        recorder(Drawn(canvas, rect, surface, text, box, size, cut))
    return rect


def draw_fitted(canvas: pygame.Surface, fonts: Fonts, text: str, box: pygame.Rect,
                size: int = theme.BODY_SIZE, color=theme.TEXT, bold: bool = False,
                anchor: str = "midleft", name: str = "",
                floor: int = theme.FLOOR_SIZE) -> pygame.Rect:
    """Draw ``text`` (a player's name, or a line holding one: ``name``) on one line inside
    ``box``, at the box's ``anchor`` point: at ``size`` if it fits, else as ``fit_line``
    says."""
    line, fitted = fit_line(fonts, text, size, box.width, floor, bold, name)
    return draw_text(canvas, fonts, line, getattr(box, anchor), fitted, color, bold, anchor,
                     box=box, cut=line != text)


CACHE_LIMIT = 4096
_wrapped: dict[tuple, tuple[tuple[str, ...], bool]] = {}
_fitted: dict[tuple, int] = {}
_lines: dict[tuple, tuple[str, int]] = {}
_labels: dict[tuple, tuple[tuple[str, ...], int]] = {}
_shortened: dict[tuple, str] = {}


def remembered(cache: dict, key: tuple, make: Callable[[], Any]) -> Any:
    """``cache[key]``, made by ``make()`` the first time (all forgotten past ``CACHE_LIMIT``):
    screens lay out the same texts frame after frame."""
    value = cache.get(key)
    if value is None:
        if len(cache) > CACHE_LIMIT:
            cache.clear()
        value = cache[key] = make()
    return value


def wrap(fonts: Fonts, text: str, size: int, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` px (by words, or characters if needed).
    Results are remembered: screens redraw the same labels frame after frame."""
    return list(wrapped(fonts, text, size, width)[0])


def wrapped(fonts: Fonts, text: str, size: int, width: int) -> tuple[tuple[str, ...], bool]:
    """``wrap``'s lines, and whether a word had to be broken (one wider than ``width``: the
    words are those between spaces and line breaks). Remembered."""
    def make() -> tuple[tuple[str, ...], bool]:
        lines, broken = _wrap(fonts, text, size, width)
        return tuple(lines), broken

    return remembered(_wrapped, (fonts.regular_path, text, size, width), make)


def _wrap(fonts: Fonts, text: str, size: int, width: int) -> tuple[list[str], bool]:
    lines: list[str] = []
    broken = False
    for paragraph in text.split("\n"):
        whole = fonts.width(paragraph, size)
        if whole <= width or not paragraph:  # most labels: one measure
            lines.append(paragraph)
            continue
        words = paragraph.split(" ")
        per_char = whole / len(paragraph)
        line, k = "", 0
        while k < len(words):
            taken = _words_that_fit(fonts, size, width, line, words[k:], per_char)
            if taken:
                line = _joined(line, words[k:k + taken])
                k += taken
                if k == len(words):
                    break
            if line:  # the next word does not fit after it
                lines.append(line)
                line = ""
                continue
            broken = True
            for ch in words[k]:  # a word wider than the line: break it anywhere
                if fonts.width(line + ch, size) > width and line:
                    lines.append(line)
                    line = ""
                line += ch
            k += 1
        lines.append(line)
    return lines, broken


def _joined(line: str, words: Sequence[str]) -> str:
    """``line`` with ``words`` added one by one, a space before each (none at the start)."""
    for word in words:
        line = f"{line} {word}" if line else word
    return line


def _words_that_fit(fonts: Fonts, size: int, width: int, line: str, words: Sequence[str],
                    per_char: float) -> int:
    """How many of ``words`` fit after ``line`` within ``width`` px: the first guess from
    ``per_char`` (the paragraph's px per character), then one word at a time up or down,
    measuring a line or two, not every word's (a line only grows as words are added)."""
    def fit(count: int) -> bool:
        return fonts.width(_joined(line, words[:count]), size) <= width

    guess, length = 0, len(line)
    for word in words:
        length += len(word) + (1 if length else 0)
        if length * per_char > width:
            break
        guess += 1
    guess = max(guess, 1)
    if fit(guess):
        while guess < len(words) and fit(guess + 1):
            guess += 1
        return guess
    while guess > 1 and not fit(guess - 1):
        guess -= 1
    return guess - 1


def fit_size(fonts: Fonts, text: str, size: int, width: int, height: int,
             smallest: int = theme.FLOOR_SIZE) -> int:
    """The largest text size of ``shrink_sizes(size, smallest)`` at which every word of
    ``text`` fits ``width`` and the wrapped lines fit ``height`` (``smallest`` if none does)."""
    return remembered(_fitted, (fonts.regular_path, text, size, width, height, smallest),
                      lambda: _fit_size(fonts, text, size, width, height, smallest))


def _fit_size(fonts: Fonts, text: str, size: int, width: int, height: int,
              smallest: int) -> int:
    """``fit_size`` trying few sizes (each new one opens a font and draws its glyphs on a cold
    frame): ``size``; else from the size its widest part scales to down or up, one size at a
    time, to where the text starts to fit (it fits at every size below one it fits at), and
    ``smallest`` untried (it is the answer whether it fits or not)."""
    if fits(fonts, text, size, width, height):
        return size
    sizes = shrink_sizes(size, smallest)[1:]
    if not sizes:
        return smallest
    widest = _widest(fonts, text, size, height)
    guess = 0 if widest is None else size * width // widest if widest > width else sizes[0]
    i = next((i for i, s in enumerate(sizes) if s <= guess), len(sizes) - 1)
    if i == len(sizes) - 1 or fits(fonts, text, sizes[i], width, height):
        while i > 0 and fits(fonts, text, sizes[i - 1], width, height):
            i -= 1
        return sizes[i]
    i += 1
    while i < len(sizes) - 1 and not fits(fonts, text, sizes[i], width, height):
        i += 1
    return sizes[i]


def _widest(fonts: Fonts, text: str, size: int, height: int) -> int | None:
    """The widest part of ``text`` at ``size`` that must stay on one line: the whole text where
    ``height`` holds one line only, else its longest word (a guess: the one with the most
    characters, measured alone; None: lines it must break at do not fit, so the smallest sizes
    are likeliest)."""
    if height < 2 * fonts.get(size).get_linesize():
        return None if "\n" in text else fonts.width(text, size)
    return fonts.width(max(text.split(), key=len, default=""), size)


def fits(fonts: Fonts, text: str, size: int, width: int, height: int) -> bool:
    """Whether every word of ``text`` fits ``width`` px at ``size`` and its wrapped lines
    ``height`` px."""
    line_h = fonts.get(size).get_linesize()
    if "\n" not in text and fonts.width(text, size) <= width:  # so is every word
        lines = 1
    elif height < 2 * line_h:  # room for one line only, and the text needs more
        return False
    else:
        wrapped_lines, broken = wrapped(fonts, text, size, width)
        if broken:
            return False
        lines = len(wrapped_lines)
    return lines * line_h <= height


# --- fitting names: smaller down to a floor, then "…" -------------------------------------------

ELLIPSIS = "…"


def shrink_sizes(size: int, floor: int = theme.FLOOR_SIZE) -> tuple[int, ...]:
    """The sizes a text is tried at, largest first: its own, then 26 px down to ``floor`` (the
    sizes the app prepares while idle, ui/prepare.py: above 26 px only 34 and larger titles)."""
    return (size, *range(min(size - 1, 26), floor - 1, -1))


def clip(fonts: Fonts, text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut with "…" to fit ``width`` px (whole if it fits)."""
    if fonts.width(text, size, bold) <= width:
        return text
    return cut(fonts, text, size, width, bold)


def cut(fonts: Fonts, text: str, size: int, width: int, bold: bool = False,
        before: str = "", after: str = "") -> str:
    """The longest start of ``text`` with "…" after it that fits ``width`` px between
    ``before`` and ``after`` (the rest of a line holding it), with them."""
    low, high = 0, len(text)
    while low < high:  # the width grows with the characters kept
        middle = (low + high + 1) // 2
        if fonts.width(before + text[:middle].rstrip() + ELLIPSIS + after, size, bold) <= width:
            low = middle
        else:
            high = middle - 1
    return before + text[:low].rstrip() + ELLIPSIS + after


def fit_line(fonts: Fonts, text: str, size: int, width: int, floor: int = theme.FLOOR_SIZE,
             bold: bool = False, name: str = "") -> tuple[str, int]:
    """``text`` on one line ``width`` px wide, as (text, size): whole at the largest of
    ``shrink_sizes`` at which it fits; if even ``floor`` is too large, cut with "…" at
    ``floor`` — the ``name`` in it where it holds one (a player's name: the rest of the line
    stays whole), else its end. Remembered, like ``wrap``."""
    return remembered(_lines, (fonts.regular_path, text, size, width, floor, bold, name),
                      lambda: _fit_line(fonts, text, size, width, min(floor, size), bold, name))


def _fit_line(fonts: Fonts, text: str, size: int, width: int, floor: int, bold: bool,
              name: str) -> tuple[str, int]:
    for s in shrink_sizes(size, floor):
        if fonts.width(text, s, bold) <= width:
            return text, s
    if name and name in text:
        before, _, after = text.partition(name)
        text = cut(fonts, name, floor, width, bold, before, after)
    return clip(fonts, text, floor, width, bold), floor


def fit_title(screen, text: str, name: str) -> str:
    """A screen's title holding a player's ``name``, with the name cut where the title bar
    cannot hold it whole even at its smallest (``Screen.draw`` shrinks a title down to
    ``theme.TITLE_FLOOR`` px, bold, in ``screen.title_width``)."""
    return fit_line(screen.app.fonts, text, theme.TITLE_FLOOR, screen.title_width,
                    theme.TITLE_FLOOR, True, name)[0]


def fit_label(fonts: Fonts, text: str, size: int, width: int, height: int,
              floor: int = theme.FLOOR_SIZE) -> tuple[tuple[str, ...], int]:
    """A label in a box ``width`` × ``height`` px, as (lines, size): at the largest size down
    to ``floor`` at which its words fit the width and its lines the height (``fit_size``);
    else at ``floor``, a word too wide cut with "…" (a long name), and the lines that fit, the
    last ending in "…" if any were left out. Remembered."""
    return remembered(_labels, (fonts.regular_path, text, size, width, height, floor),
                      lambda: _fit_label(fonts, text, size, width, height, floor))


def _fit_label(fonts: Fonts, text: str, size: int, width: int, height: int,
               floor: int) -> tuple[tuple[str, ...], int]:
    floor = min(floor, size)
    s = fit_size(fonts, text, size, width, height, smallest=floor)
    if s > floor or fits(fonts, text, s, width, height):  # (a size above the floor fits)
        return tuple(wrap(fonts, text, s, width)), s
    words = "\n".join(" ".join(clip(fonts, word, floor, width) for word in paragraph.split(" "))
                      for paragraph in text.split("\n"))
    lines = wrap(fonts, words, floor, width)
    room = max(1, height // fonts.get(floor).get_linesize())
    if len(lines) > room:
        lines = lines[:room - 1] + [cut(fonts, lines[room - 1], floor, width)]
    return tuple(lines), floor


NAME_CUTS = (200, 150, 110, 80)  # px a name in a paragraph too long is cut to, in turn


def shorten_names(fonts: Fonts, text: str, names: Sequence[str], size: int, width: int,
                  height: int) -> str:
    """``text`` (a paragraph naming players) to fit ``width`` × ``height`` px: as it is if it
    does and no name is wider than a line, else with its long ``names`` cut with "…" to each
    of ``NAME_CUTS`` (narrower than the line) in turn until it does (or the shortest).
    Remembered."""
    return remembered(_shortened, (fonts.regular_path, text, tuple(names), size, width, height),
                      lambda: _shorten_names(fonts, text, names, size, width, height))


def _shorten_names(fonts: Fonts, text: str, names: Sequence[str], size: int, width: int,
                   height: int) -> str:
    room = height // fonts.get(size).get_linesize()
    named = sorted({n for n in names if n and n in text}, key=len, reverse=True)
    if not named or (len(wrap(fonts, text, size, width)) <= room
                     and all(fonts.width(n, size) <= width for n in named)):
        return text  # (a name wider than a line would be broken across two: cut it)
    pattern = re.compile("|".join(map(re.escape, named)))  # the longest name first
    for cut_width in [c for c in NAME_CUTS if c < width] or [width]:
        short = {n: clip(fonts, n, size, cut_width) for n in named}
        shortened = pattern.sub(lambda m: short[m.group(0)], text)
        if len(wrap(fonts, shortened, size, width)) <= room:
            break
    return shortened


def draw_paragraph(canvas, fonts, text, rect: pygame.Rect, size=theme.BODY_SIZE,
                   color=theme.TEXT, names: Sequence[str] = ()) -> int:
    """Draw wrapped text inside ``rect``; return the y below the last line. A text naming
    players (``names``) too long for ``rect`` has its names cut first (``shorten_names``);
    lines that still do not fit are left out, the last one drawn ending in "…"."""
    if names:
        text = shorten_names(fonts, text, names, size, rect.width, rect.height)
    y = rect.top
    height = fonts.get(size).get_linesize()
    lines = wrap(fonts, text, size, rect.width)
    room = max(0, rect.height // height)
    shortened = len(lines) > room > 0
    if shortened:
        lines = lines[:room - 1] + [cut(fonts, lines[room - 1], size, rect.width)]
    for i, line in enumerate(lines[:room]):
        draw_text(canvas, fonts, line, (rect.left, y), size, color, box=rect,
                  cut=shortened and i == room - 1)
        y += height
    return y


@dataclass(eq=False)
class Button:
    """A rounded, finger-sized button. ``on_click`` on tap/OK; ``on_hold`` on a long press."""

    rect: pygame.Rect
    label: Text
    on_click: Callable[[], None] | None = None
    on_hold: Callable[[], None] | None = None
    size: int = theme.BUTTON_SIZE
    selected: Callable[[], bool] | bool = False  # drawn in the accent colour (a chosen option)
    enabled: bool = True
    name: str = ""  # a stable id for tests and scripts
    visible: bool = True
    warning: bool = False  # drawn in the warning colour (a problem to look at)
    bare: bool = False  # draws only its focus ring: the screen draws what it is (a die face)
    inset: int = 0  # px kept free at the left for a picture the screen draws there
    floor: int = theme.FLOOR_SIZE  # the label's smallest size (a name's: theme.FLOOR_SIZE)
    pressed: bool = field(default=False, init=False)

    def __post_init__(self):
        self.rect = pygame.Rect(self.rect)
        if self.rect.width < theme.MIN_TARGET or self.rect.height < theme.MIN_TARGET:
            raise ValueError(f"button {self.name or self.label!r} is smaller than a fingertip")

    @property
    def focusable(self) -> bool:
        return self.visible and self.enabled and (self.on_click is not None or self.on_hold is not None)

    def is_selected(self) -> bool:
        return self.selected() if callable(self.selected) else bool(self.selected)

    def draw(self, canvas: pygame.Surface, fonts: Fonts, focused: bool) -> None:
        if not self.visible:
            return
        if self.bare:
            if focused:
                pygame.draw.rect(canvas, theme.ACCENT, self.rect.inflate(6, 6), theme.FOCUS_WIDTH,
                                 border_radius=theme.RADIUS + 3)
            return
        if not self.enabled:
            fill, color = theme.PANEL_DISABLED, theme.TEXT_DISABLED
        elif self.is_selected():
            fill, color = theme.ACCENT, theme.ACCENT_TEXT
        elif self.warning:
            fill, color = theme.WARNING, theme.TEXT
        else:
            fill, color = (theme.PANEL_PRESSED if self.pressed else theme.PANEL), theme.TEXT
        pygame.draw.rect(canvas, fill, self.rect, border_radius=theme.RADIUS)
        if focused:
            pygame.draw.rect(canvas, theme.ACCENT if not self.is_selected() else theme.TEXT,
                             self.rect.inflate(6, 6), theme.FOCUS_WIDTH,
                             border_radius=theme.RADIUS + 3)
        self.draw_label(canvas, fonts, color)

    def draw_label(self, canvas: pygame.Surface, fonts: Fonts, color) -> None:
        """The label centred, as large as fits down to ``floor``, then cut (``fit_label``)."""
        label = resolve(self.label)
        area = self.rect.inflate(-16, 0)
        area.left, area.width = area.left + self.inset, area.width - self.inset
        lines, size = fit_label(fonts, label, self.size, area.width, self.rect.height - 4,
                                self.floor)
        line_h = fonts.get(size).get_linesize()
        top = self.rect.centery - line_h * len(lines) // 2
        for i, line in enumerate(lines):
            draw_text(canvas, fonts, line, (area.centerx, top + i * line_h + line_h // 2),
                      size, color, anchor="center", box=self.rect,
                      cut=ELLIPSIS in line and ELLIPSIS not in label)


def grid(area: pygame.Rect, count: int, columns: int, gap: int = theme.MARGIN) -> list[pygame.Rect]:
    """``count`` equal cells laid out row by row in ``area``."""
    rows = -(-count // columns)
    w = (area.width - gap * (columns - 1)) // columns
    h = (area.height - gap * (rows - 1)) // rows
    return [pygame.Rect(area.left + (i % columns) * (w + gap), area.top + (i // columns) * (h + gap),
                        w, h) for i in range(count)]


def row_cells(area: pygame.Rect, widths, gap: int) -> list[pygame.Rect]:
    """Cells side by side in ``area``: ``widths`` in px, None sharing what is left."""
    fixed = sum(w for w in widths if w) + gap * (len(widths) - 1)
    share = (area.width - fixed) // max(1, sum(1 for w in widths if not w))
    cells, left = [], area.left
    for w in widths:
        cells.append(pygame.Rect(left, area.top, w or share, area.height))
        left = cells[-1].right + gap
    return cells


def next_focus(buttons: Sequence[Button], current: int | None, direction: tuple[int, int]) -> int | None:
    """The index of the focusable button nearest ``current`` in ``direction`` (dx, dy).

    Buttons ahead in that direction are scored by distance along it plus twice the sideways
    offset, so moving right stays on the same row when it can. With no button ahead, focus
    stays where it is; with no focus yet, the first focusable button is chosen.
    """
    candidates = [i for i, b in enumerate(buttons) if b.focusable]
    if not candidates:
        return None
    if current is None or current not in candidates:
        return candidates[0]
    here = buttons[current].rect.center
    dx, dy = direction
    best, best_score = current, None
    for i in candidates:
        if i == current:
            continue
        cx, cy = buttons[i].rect.center
        along = (cx - here[0]) * dx + (cy - here[1]) * dy
        if along <= 0:
            continue
        sideways = abs((cx - here[0]) * dy) + abs((cy - here[1]) * dx)
        score = along + 2 * sideways
        if best_score is None or score < best_score:
            best, best_score = i, score
    return best
