"""Where a Citadels game goes next: one place decides which screen shows the game as it stands
(a restart, a finished draft, a finished round, an undo all come through here), and opens the
screens one screen asks for in another module (the next drafter's gate, the secret tokens,
undo, a city, the score).

Each screen that moves is given the navigator when it is built (here, or by the screen that
opens it, passing it on) and asks it to move. This module imports those screens and none of
them imports it, so the Citadels screens have no import cycle. A game is shown through it
from ``setup.py`` (a new game) and from ``open_game`` (the registry's opener: a kept game).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from companion.citadels.calling import Look
from companion.citadels.theater import Swap

from ..gate import GateScreen, WipeScreen
from .calling import CallingScreen, rehearse_round
from .city import CityCompletedScreen
from .controller import CALLING, DRAFT, OVER, THEATER, CitadelsController
from .draft import PrivateScreen, PublicScreen, face_up_line
from .later import score_later
from .rounds import GameOverScreen, RoundSummaryScreen
from .own import OwnScreen
from .secret import SecretTokensScreen, WarrantScreen
from .theater import GiveScreen, TheaterScreen
from .undo import UndoScreen


class Navigator:
    """The moves between one game's screens; the screens that move are given it."""

    def __init__(self, app, controller: CitadelsController):
        self.app, self.controller = app, controller

    def show_game(self, announce: bool = False) -> None:
        """Replace every game screen by the public screen for the game's phase: the calling,
        the summary of the round just played (before the next draft starts), the next drafter's
        gate, or the end of the game. ``announce`` speaks the calls made since the last
        screen."""
        app, c = self.app, self.controller
        app.pop_to("home")
        if c.phase == OVER:
            app.push(GameOverScreen(app, c, self))
        elif c.phase == CALLING:
            app.push(CallingScreen(app, c, self, announce=announce))
        elif c.phase == THEATER:
            app.push(TheaterScreen(app, c, self))
        elif c.rounds and not c.draft_started:
            app.push(RoundSummaryScreen(app, c, self))
        else:
            self.show_draft()

    def calling_rehearsal(self) -> Callable[[pygame.Surface], None]:
        """A rehearsal (``Screen.rehearsals``) of what the calling will draw whatever is
        drafted: its chips, its seat map and its row of buttons always there."""
        return partial(rehearse_round, self.app, self.controller,
                       self.controller.draft_public().crown)

    def show_draft(self) -> None:
        """The draft's public screen with the gate of whoever chooses next on top."""
        self.app.pop_to("home")
        self.app.push(PublicScreen(self.app, self.controller, self))
        self.show_turn()

    def show_turn(self) -> None:
        """Back to the draft's public screen, then the gate of whoever acts next; once the
        draft is over, on to the calling."""
        app, c = self.app, self.controller
        if c.phase != DRAFT:
            self.show_game(announce=True)
            return
        app.pop_to("draft-public")
        seat = c.draft_public().turn.seat
        self.behind_gate(seat, lambda: PrivateScreen(app, c, self, seat),
                         note=lambda: face_up_line(app, c))

    def open_secret(self, seat: int, kind: str) -> None:
        """The Magistrate's warrants or the Blackmailer's threats, behind their own gate."""
        self.behind_gate(seat, lambda: SecretTokensScreen(self.app, self.controller, seat, kind))

    def theater_swap(self, owner: int, partner: int) -> None:
        """The Theater's owner swaps with ``partner``: with 2-3 players the owner chooses the
        card given behind their gate; otherwise the swap is stored at once. Then each of the
        two looks at their own characters through their gate."""
        c = self.controller
        if c.view(None).theater.owner_gives:
            self.behind_gate(owner, lambda: GiveScreen(self.app, c, self, owner, partner))
            return
        c.confirm(Swap(owner, partner))
        self.behind_gate(owner, lambda: self.swapped_screen(owner, partner))

    def swapped_screen(self, seat: int, partner: int | None) -> OwnScreen:
        """``seat``'s characters after the swap; Done wipes and passes the device to
        ``partner`` to look in turn, or (None: both have looked) back to the table and the
        calling."""
        app, c = self.app, self.controller

        def to_partner() -> None:
            app.replace(GateScreen(app, partner, c.name(partner),
                                   lambda: app.replace(self.swapped_screen(partner, None))))

        def done() -> None:
            if partner is None:
                app.replace(WipeScreen(app, lambda: app.t("draft.to_table"),
                                       lambda: self.show_game(announce=True)))
            else:
                app.replace(WipeScreen(app, lambda: app.t("draft.pass_to", name=c.name(partner)),
                                       to_partner, next_seat=partner))

        return OwnScreen(app, c, seat, "calling", on_done=done)

    def open_warrant(self, seat: int) -> None:
        """The Magistrate's look at this turn's warrant, behind their gate: a look like any
        other ("Check"), stored and announced."""
        c = self.controller
        self.behind_gate(seat, lambda: WarrantScreen(self.app, c, seat),
                         on_look=lambda: c.confirm(Look(seat)))

    def behind_gate(self, seat: int, screen, on_look=None, note=None) -> None:
        """Push ``seat``'s gate (showing the public ``note()``, if any); revealing replaces
        it with the private screen ``screen()``."""
        app = self.app
        app.push(GateScreen(app, seat, self.controller.name(seat),
                            lambda: app.replace(screen()), on_look=on_look,
                            note=note))

    def open_undo(self) -> None:
        self.app.push(UndoScreen(self.app, self.controller, self))

    def open_city(self) -> None:
        self.app.push(CityCompletedScreen(self.app, self.controller))

    def score(self) -> None:
        """Into History, then straight on to final scoring with what the game knows filled
        in (``later.score_later``: completion order, final-round characters, the crown)."""
        self.controller.finish()
        score_later(self.app, self.controller.session)


def open_game(app, session) -> None:
    """Show a stored game where it stands (the registry's opener: a restart, 'Continue')."""
    show_game(app, CitadelsController(app, session))


def rehearse_kept(app, session, canvas: pygame.Surface) -> None:
    """(The registry's ``rehearse``) a kept game at its calling drawn on ``canvas`` as
    reopening it will show it; nothing in another phase (their first frames cost less). The
    game is read, not changed: no snapshot is stored for it."""
    controller = CitadelsController(app, session, rehearsal=True)
    if controller.phase == CALLING:
        CallingScreen(app, controller, Navigator(app, controller)).draw(canvas)


def show_game(app, controller: CitadelsController, announce: bool = False) -> None:
    """Show ``controller``'s game where it stands (a new game from setup, a kept one)."""
    Navigator(app, controller).show_game(announce)
