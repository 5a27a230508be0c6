"""Scoring a Citadels game later: a game closed with "Done" (kept in History without scores)
is scored from its History detail, with what the game knows filled in, as "Score the game" at
the end of the game does (the registry's ``score_later``)."""

from __future__ import annotations

from ..score_flow import open_entry
from .controller import CitadelsController
from .score_controller import CitadelsScoreController


def score_later(app, session) -> None:
    """The score entry of a finished game, linked to it: who completed (and in which order),
    the final-round characters and the crown filled in. The game is already in History, so it
    is not finished again; finishing the entry puts the scores on the game's own row."""
    c = CitadelsController(app, session, checked=True)
    players = c.view().score_inputs([c.name(s) for s in range(1, c.players + 1)])
    artist = "artist" in session.config["characters"]
    open_entry(app, CitadelsScoreController.new(app, c.edition, players, decorations=artist,
                                        game_session=session.id, game_result=c.result(),
                                        quick=c.quick))
