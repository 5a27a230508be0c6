"""One final score being entered at the table, for any game: an ordinary game session
(``SessionController``) of the game's score rules (companion/score_entry.py), plus the player
being edited, kept here between the screens that edit it until it is confirmed.

A game subclasses ``ScoreEntryController`` with its ``rules`` and its two screens
(``entry_screen(index)``, ``results_screen()``).
"""

from __future__ import annotations

from typing import Any

from companion.score_entry import Done, EnterPlayer, ScoreRules, UseTieBreak

from .score_flow import open_entry
from .session_controller import SessionController


class ScoreEntryController(SessionController):
    rules: ScoreRules

    def __init__(self, app, session):
        super().__init__(app, session)
        self._editing: dict[int, Any] = {}

    @classmethod
    def create(cls, app, players, game_session: int | None = None, **config):
        """A new entry for ``players`` (prefilled records); ``game_session``: the device-run
        game these scores finish, if any."""
        config = {"players": [cls.rules.write_player(p) for p in players],
                  "game_session": game_session, **config}
        progress = cls.rules.progress(cls.rules.initial(config, 0))
        return cls(app, app.store.create_session(cls.rules.game_id, config, 0, progress))

    @property
    def game(self) -> str:
        """The game's id (``troyes`` for a ``troyes-score`` session)."""
        return self.rules.game

    @property
    def entry(self):
        return self.view()

    @property
    def players(self) -> tuple:
        return self.entry.players

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    # --- the player being edited (shared by the screens that edit one player) ----------------
    def editing(self, index: int):
        """Player ``index`` as being edited: the unconfirmed changes, else as stored."""
        return self._editing.get(index, self.players[index])

    def edit(self, index: int, player) -> None:
        """Keep an unconfirmed change to player ``index`` (confirmed by ``save``)."""
        self._editing[index] = player

    def save(self, index: int, player=None) -> None:
        """Store one confirmed player (a restart goes on with the next one)."""
        self.confirm(EnterPlayer(index, self.editing(index) if player is None else player))
        self._editing.pop(index, None)

    # --- the result ------------------------------------------------------------------------
    @property
    def tiebreak(self) -> bool:
        """Whether the game's published tie-break is used (a stored choice of the table)."""
        return self.entry.tiebreak

    def use_tiebreak(self, on: bool) -> None:
        self.confirm(UseTieBreak(on))

    def scores(self) -> dict:
        """The result as History keeps it (a RuleError if the entries cannot be scored)."""
        return self.rules.scores(self._state)

    def finish(self) -> dict:
        """The table accepts the result (stored), then into History with the full breakdown; a
        game the device ran gets the scores on its own History row (with what that game kept of
        itself). Accepted already (a restart between the two): only the second step."""
        if not self.outcome().finished:
            self.confirm(Done())
        record = self.outcome().result
        if self.history_id != self.session.id:
            self.app.store.finish(self.history_id, {**(self.session.config.get("game_result")
                                                       or {}), **record}, drop=self.session)
        else:
            self.app.store.finish(self.session, record)
        return record

    @property
    def history_id(self) -> int:
        """The History row the scores go on: the game the device ran, else this entry."""
        game_session = self.session.config.get("game_session")
        return game_session if game_session is not None else self.session.id

    def entry_screen(self, index: int):
        raise NotImplementedError

    def results_screen(self):
        raise NotImplementedError


def opener(controller_class):
    """The registry's opener for a kept score entry of ``controller_class``: back where it
    was (the next player to enter, or the results)."""
    def open_score_entry(app, session) -> None:
        open_entry(app, controller_class(app, session))
    return open_score_entry
