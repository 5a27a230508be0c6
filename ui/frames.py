"""Drawing a frame: the top screen, the toast and the debug strip, with the seat lights the
screen asks for; an error while drawing never stops the app."""

from __future__ import annotations

import logging

import pygame

from . import theme
from .overlays import draw_strip

log = logging.getLogger("ui.app")


class Painter:
    """Draws ``app``'s frames."""

    def __init__(self, app):
        self.app = app
        self.drawing = False  # lights set while drawing are in that frame: no redraw for them
        app.hw.outputs.on_change = lambda _state: None if self.drawing else app.poster.refresh()

    def render(self) -> None:
        """Draw the top screen and show it. An error while drawing is recovered like one while
        handling input; a screen that still cannot be drawn is left (home last), so the app
        never stops over a frame."""
        app = self.app
        for _attempt in range(len(app.stack) + 2):
            try:
                self._draw_frame()
                return
            except Exception as exc:
                failed = app.top
                app.recover(exc)
                if app.top is failed and len(app.stack) > 1:
                    app.pop()  # a public screen that cannot be drawn
                    app.notices.append(("notice.draw", {}))
        app.display.canvas.fill(theme.BACKGROUND)  # nothing can be drawn: a plain frame
        app.display.present(None)
        app.dirty = False

    def _draw_frame(self) -> None:
        app = self.app
        lights = app.top.seat_lights()
        if lights is not None:
            self.drawing = True
            try:
                app.hw.outputs.set_seats(lights)
            finally:
                self.drawing = False
        app.top.draw(app.display.canvas)
        app.toast.draw(app.display.canvas, app.fonts, app.t)
        app.display.present(self._draw_strip if app.display.strip else None)
        app.frames += 1
        app.dirty = False

    def _draw_strip(self, surface: pygame.Surface) -> None:
        """On a laptop with no LEDs: the output state, drawn below the picture."""
        app = self.app
        draw_strip(surface, app.display.strip_rect, app.fonts, app.t, app.hw.outputs.state)
