"""What is drawn over or beside the top screen: the toast line and the debug strip."""

from __future__ import annotations

import pygame

from hw.outputs import LedMode

from . import theme
from .widgets import draw_text

STRIP_HEIGHT = 24  # px below the picture for the debug strip (LEDs and buzzer on a laptop)


class Toast:
    """A line at the bottom of the screen until the next input."""

    def __init__(self):
        self.line: tuple[str, dict] | None = None  # a catalogue key and its fields

    def say(self, key: str, fields: dict) -> None:
        self.line = (key, fields)

    def clear(self) -> bool:
        """Take the line away; whether there was one (then a frame is due)."""
        shown, self.line = self.line is not None, None
        return shown

    def draw(self, canvas: pygame.Surface, fonts, t) -> None:
        if self.line is None:
            return
        key, fields = self.line
        text = fonts.render(t(key, **fields), theme.SMALL_SIZE, theme.TEXT)
        rect = text.get_rect(midbottom=(canvas.get_width() // 2, canvas.get_height() - 10))
        rect = rect.inflate(24, 12).clamp(canvas.get_rect())
        pygame.draw.rect(canvas, theme.PANEL, rect, border_radius=10)
        pygame.draw.rect(canvas, theme.ACCENT, rect, 2, border_radius=10)
        canvas.blit(text, text.get_rect(center=rect.center))


def draw_strip(surface: pygame.Surface, rect: pygame.Rect, fonts, t, state) -> None:
    """On a laptop with no LEDs: the output ``state`` (status LED, seat lights, beeps),
    drawn in ``rect`` below the picture."""
    surface.fill(theme.PANEL, rect)
    x = draw_text(surface, fonts, t("strip.label"), (rect.left + 8, rect.centery),
                  theme.SMALL_SIZE, theme.TEXT_DIM, anchor="midleft").right + 14
    for i, mode in enumerate((state.status, *state.seats)):
        color = {LedMode.ON: theme.LIT, LedMode.BLINK: theme.ACCENT}.get(mode, theme.OFF)
        pygame.draw.circle(surface, color, (x, rect.centery), 7 if i == 0 else 5)
        x += 24 if i == 0 else 15
    draw_text(surface, fonts, t("strip.beeps", count=state.beeps), (x + 8, rect.centery),
              theme.SMALL_SIZE, theme.TEXT_DIM, anchor="midleft")
