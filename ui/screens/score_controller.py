"""One final score being entered at the table, for any game: the players confirmed one by one
(each stored, so a pulled plug loses at most the player being entered), the player being edited
kept here between the screens that edit it, then the result into History with its breakdown.

A game subclasses ``ScoreEntryController`` with its ``rules`` (a ``ScoreEntryRules``),
``player_json``, ``score`` (the players → a result, RuleError if they cannot be scored),
``result_json`` and its two screens (``entry_screen(index)``, ``results_screen()``).
"""

from __future__ import annotations

import logging
from typing import Any

from companion.score_entry import PLAYER, ScoreEntryRules
from companion.session import Session

log = logging.getLogger(__name__)


class ScoreEntryController:
    rules: ScoreEntryRules
    faq_tiebreak = False  # a game with an optional published tie-break may switch it on

    def __init__(self, app, session: Session):
        self.app, self.session = app, session
        self.entry = session.replay(self.rules)
        self._editing: dict[int, Any] = {}

    @classmethod
    def create(cls, app, players, game_session: int | None = None, **config):
        """A new entry for ``players`` (prefilled records); ``game_session``: the device-run
        game these scores finish, if any."""
        config = {"players": [cls.player_json(p) for p in players],
                  "game_session": game_session, **config}
        progress = cls.rules.progress(cls.rules.initial(config, 0))
        return cls(app, app.store.create_session(cls.rules.game_id, config, 0, progress))

    @property
    def game_id(self) -> str:
        return self.rules.game_id

    @property
    def game(self) -> str:
        """The game's name in History (``troyes`` for ``troyes-score``)."""
        return self.game_id.removesuffix("-score")

    @property
    def players(self) -> tuple:
        return self.entry.players

    # --- the player being edited (shared by the screens that edit one player) ----------------
    def editing(self, index: int):
        """Player ``index`` as being edited: the unconfirmed changes, else as stored."""
        return self._editing.get(index, self.players[index])

    def edit(self, index: int, player) -> None:
        """Keep an unconfirmed change to player ``index`` (confirmed by ``save``)."""
        self._editing[index] = player

    def save(self, index: int, player=None) -> None:
        """Store one confirmed player (a restart goes on with the next one)."""
        player = self.editing(index) if player is None else player
        data = {"type": PLAYER, "index": index, "player": self.player_json(player)}
        entry = self.rules.apply(self.entry, self.rules.decode(data))
        self.session = self.app.store.append(self.session, data, self.rules.progress(entry))
        self.entry = entry
        self._editing.pop(index, None)
        log.info("score session %s: player %d stored", self.session.id, index + 1)

    # --- the result ------------------------------------------------------------------------
    @staticmethod
    def player_json(player) -> dict:
        raise NotImplementedError

    def score(self, players):
        raise NotImplementedError

    @staticmethod
    def result_json(result) -> dict:
        raise NotImplementedError

    def result(self):
        """The scores (a RuleError if the entries cannot be scored)."""
        return self.score(self.players)

    def finish(self, result) -> dict:
        """Into History with the full breakdown; a game the device ran gets the scores on its
        own History row (with what that game kept of itself)."""
        data = self.result_json(result)
        record = {"game": self.game, "winner": " & ".join(data["winners"]), "scores": data}
        game_session = self.session.config.get("game_session")
        if game_session is not None:
            self.app.store.finish(game_session, {**(self.session.config.get("game_result")
                                                    or {}), **record}, drop=self.session)
        else:
            self.app.store.finish(self.session, record)
        return record

    def entry_screen(self, index: int):
        raise NotImplementedError

    def results_screen(self):
        raise NotImplementedError


def opener(controller_class):
    """The registry's opener for a kept score entry of ``controller_class``: back where it
    was (the next player to enter, or the results)."""
    def open_score_entry(app, session: Session) -> None:
        from .score_flow import open_entry

        open_entry(app, controller_class(app, session))
    return open_score_entry
