"""The Theater, after each draft of a game set up with it: the table says who owns it and with
whom they swap (or that nobody swaps); the device swaps the characters unseen. With 2-3 players
the owner chooses the card given behind the gate. Then each of the two looks at their own
characters through their gate, and the calling begins."""

from __future__ import annotations

import pygame

from companion.citadels.theater import NoSwap, Swap

from ... import theme
from ...widgets import Button, draw_paragraph, fit_title, grid
from ..base import BODY, Screen
from ..gate import GateScreen
from ..kept import leave_game
from .controller import CitadelsController

SEATS = pygame.Rect(BODY.left, BODY.top + 100, BODY.width, 190)
ROW = pygame.Rect(BODY.left, BODY.bottom - 72, BODY.width, 72)


class TheaterScreen(Screen):
    """Public: who owns the Theater (or "No swap"), then with whom they swap."""

    name = "theater"
    shows_back = False  # BACK goes home; the game is kept

    def __init__(self, app, controller: CitadelsController, nav):
        self.controller, self.nav = controller, nav
        self.owner: int | None = None
        super().__init__(app)

    def title(self) -> str:
        return self.t("theater.title", n=self.controller.round_number)

    def build(self) -> None:
        c = self.controller
        self.buttons = []
        seats = [s for s in range(1, c.players + 1) if s != self.owner]
        for rect, seat in zip(grid(SEATS, len(seats), 4, gap=12), seats):
            self.add(Button(rect, c.name(seat), lambda s=seat: self.tap_seat(s),
                            name=f"seat{seat}", floor=theme.FLOOR_SIZE))
        left, right = grid(ROW, 2, 2, 16)
        if self.owner is None:
            self.add(Button(left, lambda: self.t("draft.leave"), self.leave, name="leave"))
            self.add(Button(right, lambda: self.t("theater.no_swap"), self.no_swap,
                            name="no-swap", size=theme.BUTTON_SIZE))
            self.focus = len(self.buttons) - 1
        else:
            self.add(Button(left, lambda: self.t("score.back"), self.back, name="back-owner"))

    def tap_seat(self, seat: int) -> None:
        if self.owner is None:
            self.owner = seat
            self.build()
            if self.controller.players == 2:  # nobody else to choose
                self.tap_seat(3 - seat)
            return
        self.nav.theater_swap(self.owner, seat)

    def back(self) -> None:
        self.owner = None
        self.build()

    def no_swap(self) -> None:
        self.controller.confirm(NoSwap())
        self.nav.show_game(announce=True)

    def leave(self) -> None:
        leave_game(self.app, "citadels")

    on_back = leave

    def draw_body(self, canvas: pygame.Surface) -> None:
        c = self.controller
        if self.owner is None:
            text = self.t("theater.ask_owner")
        else:
            text = self.t("theater.ask_partner", name=c.name(self.owner))
        draw_paragraph(canvas, self.app.fonts, text,
                       pygame.Rect(BODY.left, BODY.top + 8, BODY.width, 88), theme.BODY_SIZE,
                       names=c.names)


class GiveScreen(Screen):
    """Private, 2-3 players: the owner chooses which of their characters to give; the device
    draws one of the partner's at random and shows the owner their characters now."""

    name = "theater-give"
    private = True
    shows_back = False

    def __init__(self, app, controller: CitadelsController, nav, owner: int, partner: int):
        self.controller, self.nav, self.owner, self.partner = controller, nav, owner, partner
        self.give: str | None = None
        super().__init__(app)

    def title(self) -> str:
        name = self.controller.name(self.owner)
        return fit_title(self, self.t("theater.give_title", name=name), name)

    def build(self) -> None:
        c = self.controller
        own = sorted(c.view(self.owner).theater.own, key=c.rank)
        for rect, cid in zip(grid(pygame.Rect(BODY.left, BODY.top + 70, BODY.width, 110),
                                  len(own), len(own), 16), own):
            self.add(Button(rect, c.character_name(cid), lambda i=cid: self.choose(i),
                            name=cid, selected=lambda i=cid: self.give == i,
                            size=theme.BUTTON_SIZE))
        left, right = grid(ROW, 2, 2, 16)
        self.add(Button(left, lambda: self.t("secret.hide"), self.on_back, name="hide"))
        self.add(Button(right, lambda: self.t("draft.confirm"), self.confirm, name="confirm",
                        enabled=False))

    def choose(self, cid: str) -> None:
        self.give = cid
        self.button("confirm").enabled = True

    def confirm(self) -> None:
        if self.give is None:
            return
        self.controller.confirm(Swap(self.owner, self.partner, self.give))
        self.app.replace(self.nav.swapped_screen(self.owner, self.partner))

    def on_back(self) -> None:
        """Hide: back to the owner's gate, nothing stored."""
        app, c, nav, owner, partner = self.app, self.controller, self.nav, self.owner, self.partner
        app.replace(GateScreen(app, owner, c.name(owner), lambda: app.replace(
            GiveScreen(app, c, nav, owner, partner))))

    def draw_body(self, canvas: pygame.Surface) -> None:
        c = self.controller
        draw_paragraph(canvas, self.app.fonts,
                       self.t("theater.give", name=c.name(self.partner)),
                       pygame.Rect(BODY.left, BODY.top + 6, BODY.width, 60), theme.BODY_SIZE,
                       theme.ACCENT, names=c.names)

