"""What a game's board does at the end and on BACK, for every game: Done (into History
unscored; it can be scored later there), Score the game (into History, then the score entry
through the registry's ``score_later``) and leaving (the game is kept, the table told how to
come back). A board mixes this in and has ``self.controller``."""

from __future__ import annotations

from .. import registry
from .kept import leave_game


class BoardExits:
    def done(self) -> None:
        self.controller.finish()
        self.app.pop_to("home")

    def score(self) -> None:
        """Into History, then straight on to the final scoring of these players."""
        c = self.controller
        c.finish()
        registry.resolve(registry.entry(c.game_id).score_later)(self.app, c.session)

    def on_back(self) -> None:
        """Home; the game is kept (Continue on the setup screen, Games in progress)."""
        leave_game(self.app, self.controller.game_id)
