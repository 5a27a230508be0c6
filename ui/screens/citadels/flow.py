"""Where a Citadels game goes next: one place decides which public screen shows the game as it
stands (a restart, a finished draft, a finished round, an undo all come through here)."""

from __future__ import annotations

from .controller import CALLING, OVER, GameController


def open_game(app, session) -> None:
    """Show a stored game where it stands (used on restart and by 'Continue')."""
    show_game(app, GameController(app, session))


def show_game(app, controller: GameController, announce: bool = False) -> None:
    """Replace every game screen by the public screen for the game's phase: the calling, the
    summary of the round just played (before the next draft starts), the next drafter's gate,
    or the end of the game. ``announce`` speaks the calls made since the last screen."""
    from .calling import CallingScreen
    from .rounds import GameOverScreen, RoundSummaryScreen

    app.pop_to("home")
    if controller.phase == OVER:
        app.push(GameOverScreen(app, controller))
    elif controller.phase == CALLING:
        app.push(CallingScreen(app, controller, announce=announce))
    elif controller.rounds and not controller.draft_started:
        app.push(RoundSummaryScreen(app, controller))
    else:
        show_draft(app, controller)


def show_draft(app, controller: GameController) -> None:
    """The draft's public screen with the gate of whoever chooses next on top."""
    from .draft import PublicScreen, show_turn

    app.pop_to("home")
    app.push(PublicScreen(app, controller))
    show_turn(app, controller)
