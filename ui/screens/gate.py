"""The privacy gate: the device is passed to one player, who holds to reveal.

One instruction, one gesture: where the seat has a button of its own (GPIO or the seat hub),
hold it (its press identifies, its hold reveals): the name on the screen does nothing there.
At a seat without one (a touch-only table), hold the name (or OK); a tap only says to hold
longer. Nothing private is drawn here, but a public ``note`` may be (the draft's face-up
discards); ``on_reveal`` replaces this screen with the private one. A private screen left
untouched for the configured quiet time goes back to its gate (``hide_private``): nothing is
chosen, and the gate says why it is back.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from hw.controls import Control, ControlEvent, Kind

from .. import theme
from ..geometry import WIDTH
from ..quiet_time import quiet_time
from ..seat_lights import seat_lights
from ..widgets import Button, draw_fitted, draw_paragraph, draw_text
from .base import BODY, Screen


class GateScreen(Screen):
    name = "gate"

    def seat_lights(self):
        return seat_lights(next_seat=self.seat)  # hand the device to this seat

    def __init__(self, app, seat: int, player: str, on_reveal: Callable[[], None],
                 hidden_again: str | None = None,
                 on_look: Callable[[], None] | None = None, identified: bool = False,
                 note: Callable[[], str] | None = None):
        """``on_look``: called before ``on_reveal`` however the screen is revealed (the seat's
        button, a keyboard digit standing in for it, the held name), to record and announce a
        look taken outside the player's turn.
        ``identified``: the seat's button was pressed already (it opened this gate).
        ``note``: a public line the table reads while the device waits (the face-up discards)."""
        self.seat, self.player, self.on_reveal = seat, player, on_reveal
        self.on_look, self.note = on_look, note
        self.identified = identified
        self.warning: str | None = None
        self.hidden_again = hidden_again  # why the private screen hid itself: QUIET, LET_GO
        super().__init__(app)

    @property
    def by_button(self) -> bool:
        """Whether this seat has a button of its own: then only that button opens the gate."""
        return self.app.has_seat_button(self.seat)

    def title(self) -> str:
        return self.t("gate.title")

    def build(self) -> None:
        self.add(Button(pygame.Rect(WIDTH // 2 - 200, BODY.top + 120, 400, 120),
                        lambda: self.player, self.tap_name, on_hold=self.hold_name,
                        size=theme.BIG_SIZE, name="player", floor=theme.FLOOR_SIZE))

    def identify(self) -> None:
        self.identified = True
        self.warning = None

    def tap_name(self) -> None:
        if self.by_button:
            self.warning = self.t("gate.use_button", n=self.seat)
        else:
            self.identify()

    def hold_name(self) -> None:
        """Holding the name (or OK) reveals only at a seat without a button of its own."""
        if self.by_button:
            self.warning = self.t("gate.use_button", n=self.seat)
            return
        self.reveal(self.app.current_control or Control.POINTER)

    def reveal(self, held: Control) -> None:
        """Show the private screen; ``held`` is the control whose hold revealed it (with
        ``private_while_held`` the screen lasts as long as that hold). A look is stored
        before anything private is shown."""
        if self.on_look is not None:
            self.on_look()
        self.app.log_private_screen(self.seat)
        self.app.private_gate = lambda why: GateScreen(
            self.app, self.seat, self.player, self.on_reveal, hidden_again=why,
            on_look=self.on_look, note=self.note)
        self.app.private_hold = held
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
            self.reveal(event.control)
        return True

    def hint(self) -> str:
        """What to do here, one gesture: hold the seat button, or the name (after a short
        press: hold it longer); a look announced, a screen lasting only while held, if so."""
        longer = "_longer" if self.identified else ""
        keys = [f"gate.hold{longer}_button" if self.by_button else f"gate.hold{longer}"]
        if self.on_look is not None:
            keys.append("gate.announced")
        if self.app.config.private_while_held:
            keys.append("gate.while_held")
        return " ".join(self.t(k, n=self.seat) for k in keys)

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        draw_fitted(canvas, fonts, self.t("gate.pass_to", name=self.player),
                    pygame.Rect(BODY.left, BODY.top + 28, BODY.width, 44), theme.TITLE_SIZE,
                    bold=True, anchor="center", name=self.player, floor=theme.TITLE_FLOOR)
        if self.note is not None:
            draw_fitted(canvas, fonts, self.note(),
                        pygame.Rect(BODY.left, BODY.top + 78, BODY.width, 34), theme.BODY_SIZE,
                        anchor="center", floor=theme.SMALL_SIZE)
        draw_paragraph(canvas, fonts, self.hint(), pygame.Rect(BODY.left + 40, BODY.top + 252,
                                                               BODY.width - 80, 80),
                       theme.BODY_SIZE, theme.ACCENT if self.identified else theme.TEXT_DIM)
        warning = self.warning or (self.t(f"gate.hidden_{self.hidden_again}", time=quiet_time(
            self.t, self.app.private_timeout)) if self.hidden_again else None)
        if warning:
            draw_paragraph(canvas, fonts, warning, pygame.Rect(BODY.left, BODY.bottom - 52,
                                                               BODY.width, 52),
                           theme.BODY_SIZE, theme.WARNING, names=(self.player,))


QUIET, LET_GO = "quiet", "let_go"  # why a private screen hid itself


def hide_private(app, why: str) -> None:
    """The private screens on top give way to the gate they were opened from (nothing on them
    is chosen), saying ``why``; without a gate to go back to, to the screen below them."""
    gate, app.private_gate = app.private_gate, None
    app.leave_private(then=gate(why) if gate is not None else None)


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
                        self.next_label, self.on_next, size=theme.BIG_SIZE, name="next",
                        floor=theme.FLOOR_SIZE))
        self.focus = 0

    def on_back(self) -> None:
        """BACK does nothing here: the only way on is the button."""

    def draw_body(self, canvas: pygame.Surface) -> None:
        draw_text(canvas, self.app.fonts, self.t("draft.wiped"), (WIDTH // 2, BODY.top + 60),
                  theme.BODY_SIZE, theme.TEXT_DIM, anchor="center")
