"""After a restart: reopen the most recent unfinished game where it was, on its public screen
with the gate of the player to act on top, never on a private screen."""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def _citadels(app, session) -> None:
    from .citadels.flow import open_game

    open_game(app, session)


def _citadels_score(app, session) -> None:
    from .citadels.score_controller import ScoreController
    from .score_flow import open_entry

    open_entry(app, ScoreController(app, session))


def _troyes(app, session) -> None:
    from .troyes.board import TroyesBoardScreen
    from .troyes.controller import TroyesController

    app.push(TroyesBoardScreen(app, TroyesController(app, session)))


def _troyes_score(app, session) -> None:
    from .score_flow import open_entry
    from .troyes.score import TroyesScoreController

    open_entry(app, TroyesScoreController(app, session))


def _tiletum(app, session) -> None:
    from .tiletum.board import TiletumBoardScreen
    from .tiletum.controller import TiletumController

    app.push(TiletumBoardScreen(app, TiletumController(app, session)))


def _tiletum_score(app, session) -> None:
    from .score_flow import open_entry
    from .tiletum.score import TiletumScoreController

    open_entry(app, TiletumScoreController(app, session))


OPENERS = {"citadels": _citadels, "citadels-score": _citadels_score, "troyes": _troyes,
           "troyes-score": _troyes_score, "tiletum": _tiletum, "tiletum-score": _tiletum_score}


def resume_unfinished(app) -> bool:
    """Open the newest unfinished session a screen exists for; True if one was opened."""
    for session in app.store.unfinished():
        opener = OPENERS.get(session.game)
        if opener is None:
            continue
        try:
            opener(app, session)
        except Exception as exc:  # a damaged log must not stop the app: say so, keep the data
            log.error("cannot resume session %s (%s): %s", session.id, session.game, exc)
            app.notices.append(("notice.resume", {"error": str(exc)}))
            app.pop_to("home")
            continue
        log.info("resumed session %s (%s, %d decisions)", session.id, session.game,
                 len(session.decisions))
        return True
    return False
