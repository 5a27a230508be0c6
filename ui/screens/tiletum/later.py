"""Scoring a Tiletum game later: a game closed with "Done" (kept in History without scores) is
scored from its History detail (the registry's ``score_later``)."""

from __future__ import annotations

from ..score_flow import open_entry
from .controller import TiletumController
from .score import TiletumScoreController


def score_later(app, session) -> None:
    """The score entry of a finished game in its last turn order (which breaks ties), linked to
    it and starting from what the device kept (``from_game``: the entry says so); the game is
    not finished again, and finishing the entry puts the scores on its History row, next to
    what the row already keeps."""
    c = TiletumController(app, session, checked=True)
    row = app.store.row(session.id)
    kept = dict(row.result or {}) if row is not None else c.outcome().result
    open_entry(app, TiletumScoreController.create(app, c.view().score_inputs(c.names),
                                                  session.id, game_result=kept, from_game=True))
