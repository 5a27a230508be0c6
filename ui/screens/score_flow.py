"""Moving through a final-score entry, for any game: each score controller says which screen
enters player ``index`` (``entry_screen``) and which shows the result (``results_screen``)."""

from __future__ import annotations

from .kept import leave_game


def open_entry(app, controller, index: int | None = None) -> None:
    """The entry screen of ``index`` (default: the first player not yet entered), or the
    results once everyone is in."""
    app.pop_to("home")
    index = controller.entry.next_player if index is None else index
    app.push(controller.results_screen() if index is None else controller.entry_screen(index))


def back_to_previous(screen) -> None:
    """From a player's entry: the previous player's, or home (the entry is kept) from the
    first; once every player is in (an entry opened from the results), the results."""
    if screen.controller.entry.next_player is None:
        open_entry(screen.app, screen.controller)
    elif screen.index == 0:
        leave_game(screen.app, screen.controller.game_id)
    else:
        open_entry(screen.app, screen.controller, screen.index - 1)
