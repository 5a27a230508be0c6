"""The base of every screen: title, buttons with focus, and the default control handling."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from hw.controls import ControlEvent, Kind
from .. import theme
from ..geometry import HEIGHT, WIDTH
from ..widgets import Button, clip, draw_text, grid

if TYPE_CHECKING:
    from ..app import App

TITLE_BAR = 64
BODY = pygame.Rect(theme.MARGIN, TITLE_BAR + 8, WIDTH - 2 * theme.MARGIN,
                   HEIGHT - TITLE_BAR - 8 - theme.MARGIN)


class Screen:
    """A full-canvas screen. Subclasses set ``name``, build buttons in ``build`` and draw
    anything else in ``draw_body``. The app moves focus with the arrows, clicks with OK, and
    calls ``on_back`` for BACK; ``on_control`` sees every control event first."""

    name = "screen"
    shows_back = True  # a Back button in the title bar
    title_width = WIDTH - 2 * theme.MARGIN - 132  # px the title may take (Back on the right)
    uses_focus = True  # the arrows move a focus ring over the buttons
    private = False  # shows one player's secrets: never left on display after an error
    shows_hub_status = False  # draws the seat hub's counts (redrawn when they change)

    def __init__(self, app: "App"):
        self.app = app
        self.buttons: list[Button] = []
        self.focus: int | None = None
        if self.shows_back:
            self.buttons.append(Button(pygame.Rect(WIDTH - 132, 8, 120, 48),
                                       lambda: self.t("common.back"), self.on_back,
                                       size=theme.BODY_SIZE, name="back"))
        self.build()

    # --- for subclasses ---------------------------------------------------------------------
    def t(self, key: str, **fields) -> str:
        return self.app.t(key, **fields)

    def refusal(self, error) -> str:
        """A rule error said in the UI language: the catalogue's ``error.<code>`` with the
        error's fields filled in (not the English sentence the error carries)."""
        return self.t(f"error.{error.code}", **self.error_fields(error))

    def error_fields(self, error) -> dict:
        """The error's fields as the catalogue text shows them (a screen may say an id by
        its printed name)."""
        return dict(error.fields)

    def title(self) -> str:
        return ""

    def build(self) -> None:
        """Create the buttons (called once)."""

    def draw_body(self, canvas: pygame.Surface) -> None:
        """Draw what is not a button (under the buttons)."""

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        """Draw over the buttons (e.g. a chart inside a tappable row)."""

    def seat_lights(self):
        """The seat lights while this screen shows (see ui/seat_lights.py): {} turns them all
        off; None leaves them as they are (a screen that drives them itself)."""
        return {}

    def on_control(self, event: ControlEvent) -> bool:
        """Handle a control before the defaults; return True if it was used."""
        return False

    def seat_focus(self, event: ControlEvent, seat: int) -> bool:
        """A private screen worked with the player's own seat button: a short press (let go
        before it counts as a hold) moves the focus to the next button, a hold presses it. Other
        seats' buttons do nothing here. Returns True for any seat button (used), False for other
        controls."""
        pressed = event.control.seat
        if pressed is None:
            return False
        if pressed != seat:
            return True
        targets = [i for i, b in enumerate(self.buttons) if b.focusable and b.name != "back"]
        if event.kind is Kind.RELEASE and not event.after_hold and targets:
            self.focus = targets[(targets.index(self.focus) + 1) % len(targets)] \
                if self.focus in targets else targets[0]
            self.app.show_focus = True
        elif event.kind is Kind.HOLD and self.focus is not None:
            button = self.buttons[self.focus]
            if button.on_click is not None and button.enabled:
                button.on_click()
        return True

    def on_back(self) -> None:
        self.app.pop()

    def rehearsals(self) -> list:
        """What this screen is likely to show next, as functions drawing it on a canvas: the
        app draws each on a scratch canvas nobody sees while nobody waits (``App.when_idle``),
        so the first real frame finds its texts laid out. They must change nothing."""
        return []

    def on_enter(self) -> None:
        """Called when the screen becomes the top of the stack."""

    def on_leave(self) -> None:
        """Called when the screen stops being the top of the stack."""

    def add_stepper(self, rect: pygame.Rect, name: str, value, change, steps=None,
                    gap: int = 4) -> None:
        """A number with buttons round it: ``steps`` lists (name suffix, label, delta) for each
        button, and None where the value goes (default: "-", the value, "+"). The value button is
        called ``name``, the others ``name`` + suffix."""
        steps = steps or (("-less", "-", -1), None, ("-more", "+", 1))
        for cell, step in zip(grid(rect, len(steps), len(steps), gap), steps):
            if step is None:
                self.add(Button(cell, lambda: str(value()), None, name=name,
                                size=theme.BODY_SIZE))
            else:
                suffix, label, delta = step
                self.add(Button(cell, label, lambda d=delta: change(d), name=name + suffix,
                                size=theme.BODY_SIZE))

    # --- used by the app --------------------------------------------------------------------
    def add(self, button: Button) -> Button:
        self.buttons.append(button)
        return button

    def button(self, name: str) -> Button:
        """The button called ``name`` (tests and scripts use this)."""
        for b in self.buttons:
            if b.name == name:
                return b
        raise KeyError(name)

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.BACKGROUND)
        fonts = self.app.fonts
        room = self.title_width
        notice = self.app.title_notice()
        if notice is not None:  # at the end of the title's room, which the title gives up
            room -= draw_title_notice(canvas, fonts, notice, theme.MARGIN + self.title_width)
        title = self.title()
        size = theme.TITLE_SIZE  # smaller, down to 20 px, when the title is longer than its room
        while size > theme.TITLE_FLOOR and fonts.width(title, size, True) > room:
            size -= 2
        draw_text(canvas, fonts, clip(fonts, title, size, room, True),
                  (theme.MARGIN, TITLE_BAR // 2 + 2), size, theme.TEXT, bold=True,
                  anchor="midleft")
        pygame.draw.line(canvas, theme.PANEL, (0, TITLE_BAR), (WIDTH, TITLE_BAR), 2)
        self.draw_body(canvas)
        for i, b in enumerate(self.buttons):
            b.draw(canvas, fonts, focused=(i == self.focus and self.app.show_focus
                                            and self.uses_focus))
        self.draw_overlay(canvas)

    def button_at(self, pos: tuple[float, float]) -> Button | None:
        for b in reversed(self.buttons):
            if b.visible and b.enabled and b.rect.collidepoint(pos):
                return b
        return None


def draw_title_notice(canvas: pygame.Surface, fonts, text: str, right: int) -> int:
    """A warning in the title bar, ending at x = ``right``; the width it takes, with a gap."""
    width = fonts.width(text, theme.SMALL_SIZE) + 20
    rect = pygame.Rect(0, 0, width, fonts.get(theme.SMALL_SIZE).get_linesize() + 10)
    rect.midright = (right, TITLE_BAR // 2)
    pygame.draw.rect(canvas, theme.BACKGROUND, rect, border_radius=theme.RADIUS)
    pygame.draw.rect(canvas, theme.WARNING, rect, 2, border_radius=theme.RADIUS)
    draw_text(canvas, fonts, text, rect.center, theme.SMALL_SIZE, theme.WARNING,
              anchor="center", box=rect)
    return rect.width + theme.MARGIN
