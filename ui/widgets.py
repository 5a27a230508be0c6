"""A small widget set sized for fingers: buttons, labels, and focus movement for the buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from . import theme
from .fonts import Fonts

Text = str | Callable[[], str]


def resolve(text: Text) -> str:
    """The current string of a label (labels may be functions, so a language change is free)."""
    return text() if callable(text) else text


def draw_text(
    canvas: pygame.Surface,
    fonts: Fonts,
    text: str,
    pos: tuple[int, int],
    size: int = theme.BODY_SIZE,
    color=theme.TEXT,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw one line of text; ``anchor`` is a pygame.Rect attribute name ('center', ...)."""
    surface = fonts.render(text, size, color, bold)
    rect = surface.get_rect(**{anchor: pos})
    canvas.blit(surface, rect)
    return rect


_wrapped: dict[tuple, tuple[str, ...]] = {}
CACHE_LIMIT = 4096


def wrap(fonts: Fonts, text: str, size: int, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` px (by words, or characters if needed).
    Results are remembered: screens redraw the same labels frame after frame."""
    key = (fonts.regular_path, text, size, width)
    lines = _wrapped.get(key)
    if lines is None:
        if len(_wrapped) > CACHE_LIMIT:
            _wrapped.clear()
        lines = _wrapped[key] = tuple(_wrap(fonts, text, size, width))
    return list(lines)


def _wrap(fonts: Fonts, text: str, size: int, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if fonts.width(paragraph, size) <= width:  # most labels: one measure, not one a word
            lines.append(paragraph)
            continue
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if fonts.width(candidate, size) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            for ch in word:  # a word wider than the line: break it anywhere
                if fonts.width(line + ch, size) > width and line:
                    lines.append(line)
                    line = ""
                line += ch
        lines.append(line)
    return lines


_fitted: dict[tuple, int] = {}


def fit_size(fonts: Fonts, text: str, size: int, width: int, height: int, smallest: int = 12) -> int:
    """The largest text size up to ``size`` at which every word of ``text`` fits ``width``
    and the wrapped lines fit ``height`` (``smallest`` if none does)."""
    key = (fonts.regular_path, text, size, width, height)
    if key not in _fitted:
        if len(_fitted) > CACHE_LIMIT:
            _fitted.clear()
        words = text.split()
        one_line = "\n" not in text
        for s in range(size, smallest - 1, -1):
            if one_line and fonts.width(text, s) <= width:  # so is every word
                lines = 1
            elif all(fonts.width(w, s) <= width for w in words):
                lines = len(wrap(fonts, text, s, width))
            else:
                continue
            if lines * fonts.get(s).get_linesize() <= height:
                break
        _fitted[key] = s
    return _fitted[key]


def draw_paragraph(canvas, fonts, text, rect: pygame.Rect, size=theme.BODY_SIZE,
                   color=theme.TEXT) -> int:
    """Draw wrapped text inside ``rect``; return the y below the last line."""
    y = rect.top
    height = fonts.get(size).get_linesize()
    for line in wrap(fonts, text, size, rect.width):
        if y + height > rect.bottom:
            break
        draw_text(canvas, fonts, line, (rect.left, y), size, color)
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
        label = resolve(self.label)
        area = self.rect.inflate(-16, 0)
        area.left, area.width = area.left + self.inset, area.width - self.inset
        size = fit_size(fonts, label, self.size, area.width, self.rect.height - 4)
        lines = wrap(fonts, label, size, area.width)
        line_h = fonts.get(size).get_linesize()
        top = self.rect.centery - line_h * len(lines) // 2
        for i, line in enumerate(lines):
            draw_text(canvas, fonts, line, (area.centerx, top + i * line_h + line_h // 2),
                      size, color, anchor="center")


def grid(area: pygame.Rect, count: int, columns: int, gap: int = theme.MARGIN) -> list[pygame.Rect]:
    """``count`` equal cells laid out row by row in ``area``."""
    rows = -(-count // columns)
    w = (area.width - gap * (columns - 1)) // columns
    h = (area.height - gap * (rows - 1)) // rows
    return [pygame.Rect(area.left + (i % columns) * (w + gap), area.top + (i // columns) * (h + gap),
                        w, h) for i in range(count)]


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
