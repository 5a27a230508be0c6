"""Where a Citadels game goes next: one place decides which screen shows the game as it stands
(a restart, a finished draft, a finished round, an undo all come through here), and opens the
screens one screen asks for in another module (the secret tokens, undo, a city, the score).

The screens are given the navigator (``controller.nav``) and ask it to move; none imports
another module's screen, so the Citadels screens have no import cycles: this module imports
them, none of them imports it.
"""

from __future__ import annotations

from ..gate import GateScreen
from .calling import CallingScreen
from .city import CityCompletedScreen
from .controller import CALLING, OVER, CitadelsController
from .draft import PublicScreen, show_turn
from .later import score_later
from .rounds import GameOverScreen, RoundSummaryScreen
from .secret import SecretTokensScreen
from .undo import UndoScreen


class Navigator:
    """The moves between one game's screens; ``controller.nav`` is this navigator."""

    def __init__(self, app, controller: CitadelsController):
        self.app, self.controller = app, controller
        controller.nav = self

    def show_game(self, announce: bool = False) -> None:
        """Replace every game screen by the public screen for the game's phase: the calling,
        the summary of the round just played (before the next draft starts), the next drafter's
        gate, or the end of the game. ``announce`` speaks the calls made since the last
        screen."""
        app, c = self.app, self.controller
        app.pop_to("home")
        if c.phase == OVER:
            app.push(GameOverScreen(app, c))
        elif c.phase == CALLING:
            app.push(CallingScreen(app, c, announce=announce))
        elif c.rounds and not c.draft_started:
            app.push(RoundSummaryScreen(app, c))
        else:
            self.show_draft()

    def show_draft(self) -> None:
        """The draft's public screen with the gate of whoever chooses next on top."""
        self.app.pop_to("home")
        self.app.push(PublicScreen(self.app, self.controller))
        show_turn(self.app, self.controller)

    def open_secret(self, seat: int, kind: str) -> None:
        """The Magistrate's warrants or the Blackmailer's threats, behind their own gate."""
        app, c = self.app, self.controller
        app.push(GateScreen(app, seat, c.name(seat),
                            lambda: app.replace(SecretTokensScreen(app, c, seat, kind))))

    def open_undo(self) -> None:
        self.app.push(UndoScreen(self.app, self.controller))

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


def show_game(app, controller: CitadelsController, announce: bool = False) -> None:
    """Show ``controller``'s game where it stands (a new game from setup, a kept one)."""
    Navigator(app, controller).show_game(announce)
