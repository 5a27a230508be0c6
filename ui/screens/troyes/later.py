"""Scoring a Troyes game later: a game closed with "Done" (kept in History without scores) is
scored from its History detail (the registry's ``score_later``)."""

from __future__ import annotations

from ..score_flow import open_entry
from .controller import TroyesController
from .score import TroyesScoreController


def score_later(app, session) -> None:
    """The score entry of a finished game, linked to it (its character cards as in play); the
    game is not finished again, and finishing the entry puts the scores on its History row,
    next to what the row already keeps."""
    c = TroyesController(app, session, checked=True)
    row = app.store.row(session.id)
    kept = dict(row.result or {}) if row is not None else c.outcome().result
    view = c.view()
    open_entry(app, TroyesScoreController.new(app, c.names, view.character_cards, session.id,
                                              kept, players=view.score_inputs(c.names)))
