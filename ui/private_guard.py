"""A private screen never stays on display unwatched: it goes back to its gate after
``App.private_timeout`` s without input (the config file's, or the one chosen in Settings),
or (``private_while_held``) when the hold that revealed it is let go."""

from __future__ import annotations

import logging

from hw.controls import ControlEvent, Kind

log = logging.getLogger("ui.app")


class PrivateGuard:
    """Watches the private screen on top of ``app``'s stack."""

    def __init__(self, app):
        self.app = app
        self.since = 0.0  # when the private screen on top was entered

    def entered(self, screen) -> None:
        """``screen`` came on top."""
        if screen.private:
            self.since = self.app.clock()
        else:
            self.app.private_hold = None

    def hold_ended(self, event: ControlEvent) -> bool:
        """With ``private_while_held``: the hold that revealed the private screen on top was
        let go (it then goes back to its gate, and the release is used)."""
        app = self.app
        if not (app.config.private_while_held and event.kind is Kind.RELEASE
                and event.control is app.private_hold and app.top.private):
            return False
        log.info("private screen hidden: the hold that revealed it was let go")
        # deferred: start-up time (a private screen is behind a gate: loaded by then)
        from .screens.gate import LET_GO, hide_private

        hide_private(app, LET_GO)
        return True

    def deadline(self) -> float | None:
        """When the private screen on top hides if nothing happens (None: no such screen, the
        config says never, or it is shown only while a hold lasts)."""
        app = self.app
        quiet = app.private_timeout
        if not quiet or not app.stack or not app.top.private:
            return None
        if app.config.private_while_held and app.private_hold is not None:
            return None
        return max(app.input.last_input, self.since) + quiet

    def hide_if_quiet(self) -> None:
        """A private screen left untouched for ``private_timeout`` goes back to its gate."""
        deadline = self.deadline()
        if deadline is not None and self.app.clock() >= deadline:
            log.info("private screen hidden after %.0f s without input",
                     self.app.private_timeout)
            from .screens.gate import QUIET, hide_private  # deferred: as in hold_ended

            hide_private(self.app, QUIET)
