"""Scoring a Troyes game later: a game closed with "Done" (kept in History without scores) is
scored from its History detail (the registry's ``score_later``)."""

from __future__ import annotations

from companion.troyes.scoring import TroyesPlayer

from ..score_flow import open_entry
from .controller import TroyesController
from .score import TroyesScoreController


def kept_players(controller: TroyesController) -> list[TroyesPlayer]:
    """The final score as the device kept the game: score tokens (the VP tracked), and under
    rules 3 the unresolved events holding the player's cube and the cathedral levels with
    their cube; the table adds worker spaces and character cards."""
    v = controller.view()
    return [TroyesPlayer(name, tokens=v.players[seat - 1].vp,
                         unresolved_events=v.unresolved_events(seat) if v.tracked else 0,
                         cathedral_levels=v.cathedral_levels(seat) if v.tracked else (),
                         character_points=(0,) * v.character_cards)
            for seat, name in enumerate(controller.names, start=1)]


def score_later(app, session) -> None:
    """The score entry of a finished game, linked to it (its character cards as in play); the
    game is not finished again, and finishing the entry puts the scores on its History row,
    next to what the row already keeps."""
    c = TroyesController(app, session)
    row = app.store.row(session.id)
    kept = dict(row.result or {}) if row is not None else c.outcome().result
    open_entry(app, TroyesScoreController.new(app, c.names, c.view().character_cards,
                                              session.id, kept, players=kept_players(c)))
