"""The privacy gate: the device is passed to one player, who identifies and holds to reveal.

Identify: press your own seat button, or tap your name. Reveal: hold (your seat button, OK, or
your name on the screen). Nothing private is drawn here; ``on_reveal`` replaces this screen with
the private one. A private screen left untouched for the configured quiet time goes back to its
gate (``hide_private``): nothing is chosen, and the gate says why it is back.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from hw.controls import ControlEvent, Kind

from .. import theme
from ..geometry import WIDTH
from ..seat_lights import seat_lights
from ..widgets import Button, draw_paragraph, draw_text
from .base import BODY, Screen


class GateScreen(Screen):
    name = "gate"

    def seat_lights(self):
        return seat_lights(next_seat=self.seat)  # hand the device to this seat

    def __init__(self, app, seat: int, player: str, on_reveal: Callable[[], None],
                 hidden_again: bool = False):
        self.seat, self.player, self.on_reveal = seat, player, on_reveal
        self.identified = False
        self.warning: str | None = None
        self.hidden_again = hidden_again  # back here because the private screen hid itself
        super().__init__(app)

    def title(self) -> str:
        return self.t("gate.title")

    def build(self) -> None:
        self.add(Button(pygame.Rect(WIDTH // 2 - 200, BODY.top + 120, 400, 120),
                        lambda: self.player, self.identify, on_hold=self.reveal,
                        size=theme.BIG_SIZE, name="player"))

    def identify(self) -> None:
        self.identified = True
        self.warning = None

    def reveal(self) -> None:
        self.app.log_private_screen(self.seat)
        self.app.private_gate = lambda: GateScreen(self.app, self.seat, self.player,
                                                   self.on_reveal, hidden_again=True)
        self.on_reveal()

    def on_control(self, event: ControlEvent) -> bool:
        seat = event.control.seat
        if seat is None:
            return False
        if seat != self.seat:
            if event.kind is Kind.PRESS:
                self.warning = self.t("gate.wrong_seat", n=seat, name=self.player)
            return True
        if event.kind is Kind.PRESS:
            self.identify()
        elif event.kind is Kind.HOLD:
            self.reveal()
        return True

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        draw_text(canvas, fonts, self.t("gate.pass_to", name=self.player),
                  (WIDTH // 2, BODY.top + 50), theme.TITLE_SIZE, bold=True, anchor="center")
        hint = self.t("gate.hold" if self.identified else "gate.identify", n=self.seat)
        draw_paragraph(canvas, fonts, hint, pygame.Rect(BODY.left + 40, BODY.top + 262,
                                                        BODY.width - 80, 60), theme.BODY_SIZE,
                       theme.ACCENT if self.identified else theme.TEXT_DIM)
        warning = self.warning or (self.t("gate.hidden_again", s=format(
            self.app.config.private_timeout, "g")) if self.hidden_again else None)
        if warning:
            draw_paragraph(canvas, fonts, warning, pygame.Rect(BODY.left, BODY.bottom - 56,
                                                               BODY.width, 56),
                           theme.BODY_SIZE, theme.WARNING)


def hide_private(app) -> None:
    """The private screens on top give way to the gate they were opened from (nothing on them
    is chosen); without a gate to go back to, to the screen below them."""
    gate, app.private_gate = app.private_gate, None
    app.leave_private(then=gate() if gate is not None else None)


class WipeScreen(Screen):
    """Shown when a player is done with a private screen: says what comes next and nothing
    else, so the device can be passed on or put down safely."""

    name = "wipe"
    shows_back = False

    def __init__(self, app, next_label: Callable[[], str], on_next: Callable[[], None],
                 next_seat: int | None = None):
        self.next_label, self.on_next, self.next_seat = next_label, on_next, next_seat
        super().__init__(app)

    def seat_lights(self):
        return seat_lights(next_seat=self.next_seat)

    def on_control(self, event: ControlEvent) -> bool:
        """The next player's seat button goes on (any seat's once everyone is done)."""
        seat = event.control.seat
        if seat is None:
            return False
        if event.kind is Kind.PRESS and self.next_seat in (None, seat):
            self.on_next()
        return True

    def title(self) -> str:
        return self.t("draft.done")

    def build(self) -> None:
        self.add(Button(pygame.Rect(WIDTH // 2 - 220, BODY.top + 150, 440, 110),
                        self.next_label, self.on_next, size=theme.BIG_SIZE, name="next"))
        self.focus = 0

    def on_back(self) -> None:
        """BACK does nothing here: the only way on is the button."""

    def draw_body(self, canvas: pygame.Surface) -> None:
        draw_text(canvas, self.app.fonts, self.t("draft.wiped"), (WIDTH // 2, BODY.top + 60),
                  theme.BODY_SIZE, theme.TEXT_DIM, anchor="center")
