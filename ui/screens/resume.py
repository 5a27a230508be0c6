"""After a restart: reopen the most recent unfinished game where it was, on its public screen
with the gate of the player to act on top, never on a private screen."""

from __future__ import annotations

import logging

from companion.errors import RuleError

from .. import registry

log = logging.getLogger(__name__)


def resume_notice(exc: Exception) -> tuple[str, dict]:
    """The home screen's notice for a kept game that cannot be reopened: the rule's own words
    (in the UI language) for a refused step, else that a stored step is damaged."""
    if isinstance(exc, RuleError):
        return "notice.resume", {"error_code": exc.code, **exc.fields}
    return "notice.resume_damaged", {}


def resume_unfinished(app) -> bool:
    """Open the newest unfinished session whose game (in the registry) has an opener for it;
    True if one was opened."""
    for session in app.store.unfinished():
        game = registry.entry_for_session(session.game)
        if game is None or session.game not in game.openers:
            continue
        try:
            registry.resolve(game.openers[session.game])(app, session)
        except Exception as exc:  # a damaged log must not stop the app: say so, keep the data
            log.error("cannot resume session %s (%s): %s", session.id, session.game, exc)
            app.notices.append(resume_notice(exc))
            app.pop_to("home")
            continue
        log.info("resumed session %s (%s, %d decisions)", session.id, session.game,
                 len(session.decisions))
        return True
    return False
