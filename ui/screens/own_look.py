"""A player looks at what is their own alone (Citadels' characters, Troyes' VP when the scores
are secret): the names to choose from, then that seat's gate, then a private screen with that
player's things only. A seat with a button of its own opens its gate with that button; at a
seat without one the player holds their name, and the look is stored and announced to the
table (the game's look decision, stored before anything private is shown). Done wipes it.

A game subclasses ``SeatChoiceScreen`` (``title``, ``look(seat)``, ``private_screen(seat)``,
and ``may_look(seat)`` with ``later_key`` where a seat may not look now) and ``OwnScreen``
(``draw_body``)."""

from __future__ import annotations

import pygame

from hw.controls import ControlEvent, Kind

from .. import theme
from ..geometry import WIDTH
from ..widgets import Button, draw_paragraph, fit_title, grid
from .base import BODY, Screen
from .gate import GateScreen


class SeatChoiceScreen(Screen):
    """Who is looking: one name per seat (greyed where ``may_look`` says no)."""

    name = "whoami"
    later_key: str | None = None  # why a greyed name may not look now

    def __init__(self, app, controller, back_to: str):
        self.controller, self.back_to = controller, back_to
        self.warning: str | None = None
        super().__init__(app)

    def may_look(self, seat: int) -> bool:
        return True

    def look(self, seat: int):
        """The decision that records a look (however the gate was opened)."""
        raise NotImplementedError

    def private_screen(self, seat: int) -> Screen:
        raise NotImplementedError

    def build(self) -> None:
        players = self.controller.players
        for rect, seat in zip(grid(pygame.Rect(BODY.left, BODY.top + 60, BODY.width, 230),
                                   players, 4, gap=12), range(1, players + 1)):
            self.add(Button(rect, self.controller.name(seat), lambda s=seat: self.tap(s),
                            name=f"seat{seat}", enabled=self.may_look(seat),
                            floor=theme.FLOOR_SIZE))

    def tap(self, seat: int) -> None:
        """A name: the gate, if this seat has no button of its own (its look is announced)."""
        if self.app.has_seat_button(seat):
            self.warning = self.t("gate.use_button", n=seat)
        else:
            self.open(seat, by_button=False)

    def on_control(self, event: ControlEvent) -> bool:
        """A seat button (or a keyboard digit standing in for one) opens that seat's gate
        as identified; holding it on reveals."""
        seat = event.control.seat
        if seat is None or seat > self.controller.players:
            return False
        if event.kind is Kind.PRESS:
            if self.may_look(seat):
                self.open(seat, by_button=True)
            else:
                self.warning = self.t(self.later_key)
        return True

    def open(self, seat: int, by_button: bool) -> None:
        """The seat's gate: identified already if its button opened it; the reveal, by the
        button or the held name, is stored as a look and announced."""
        app, c = self.app, self.controller
        app.replace(GateScreen(app, seat, c.name(seat),
                               lambda: app.replace(self.private_screen(seat)),
                               on_look=lambda: c.confirm(self.look(seat)),
                               identified=by_button))

    def hint(self) -> str:
        seats = range(1, self.controller.players + 1)
        buttons = [self.app.has_seat_button(s) for s in seats]
        keys = (["draft.check_button"] if any(buttons) else []) + \
            (["draft.check_who"] if not all(buttons) else [])
        return " ".join(self.t(k) for k in keys)

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        draw_paragraph(canvas, fonts, self.hint(), pygame.Rect(BODY.left, BODY.top + 6,
                                                               BODY.width, 50),
                       theme.BODY_SIZE, theme.ACCENT)
        text = self.warning or (self.t(self.later_key) if self.later_key and not all(
            self.may_look(s) for s in range(1, self.controller.players + 1)) else None)
        if text:
            draw_paragraph(canvas, fonts, text, pygame.Rect(BODY.left, BODY.bottom - 60,
                                                            BODY.width, 60),
                           theme.SMALL_SIZE, theme.WARNING if self.warning else theme.TEXT_DIM)


class OwnScreen(Screen):
    """One player's own things, nothing else; Done goes back to ``back_to``, or calls
    ``on_done``."""

    name = "own"
    private = True
    shows_back = False

    def __init__(self, app, controller, seat: int, back_to: str, on_done=None):
        self.controller, self.seat, self.back_to = controller, seat, back_to
        self.on_done = on_done
        super().__init__(app)

    def title(self) -> str:
        name = self.controller.name(self.seat)
        return fit_title(self, self.t("draft.private_title", name=name), name)

    def build(self) -> None:
        self.add(Button(pygame.Rect(WIDTH // 2 - 150, BODY.bottom - 90, 300, 80),
                        lambda: self.t("common.done"), self.done, name="done"))

    def done(self) -> None:
        if self.on_done is not None:
            self.on_done()
        else:
            self.app.pop_to(self.back_to)

    on_back = done
