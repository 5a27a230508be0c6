"""One Tiletum game at the table: its stored session, its state, and the public view the
screens draw (the face-down corruption tokens are not in it). Every decision is stored before
it is applied; an undo is stored as a marker and the game replayed."""

from __future__ import annotations

import logging

from companion.session import UNDO, Session
from companion.tiletum.game import Tiletum, TiletumRules, TiletumView, config_for, encode, view
from companion.tiletum.wheel import corruption_tokens

RULES = TiletumRules()
CORRUPTION_SETTING = "tiletum.corruption"
log = logging.getLogger(__name__)


def corruption_setting(store) -> tuple[int, ...]:
    """The corruption tokens new games use: the Settings choice, else the data file's."""
    saved = store.get_setting(CORRUPTION_SETTING)
    if isinstance(saved, list) and len(saved) == 6 and all(t in (0, 1, 2) for t in saved):
        return tuple(saved)
    return corruption_tokens()


class TiletumController:
    game_id = RULES.game_id

    def __init__(self, app, session: Session):
        self.app, self.session = app, session
        self._state: Tiletum = session.replay(RULES)

    @classmethod
    def new(cls, app, players: int, order, festivals, names: list[str]):
        config = config_for(players, order, festivals, corruption_setting(app.store))
        config["names"] = names
        return cls(app, app.store.create_session(RULES.game_id, config, app.new_seed()))

    @property
    def view(self) -> TiletumView:
        return view(self._state)

    @property
    def names(self) -> list[str]:
        return list(self.session.config["names"])

    @property
    def players(self) -> int:
        return len(self.names)

    def name(self, seat: int) -> str:
        return self.names[seat - 1]

    def starting(self, seat: int):
        from companion.tiletum.game import starting

        return starting(self._state, seat)

    def gain(self, seat: int, die, joker: str = ""):
        """What ``seat`` would get for ``die`` (as turned) this round."""
        from companion.tiletum.game import gain_for

        return gain_for(self._state, seat, die, joker)

    def confirm(self, decision) -> None:
        """Check, store, apply (IllegalDecision before anything is stored)."""
        new = RULES.apply(self._state, decision)
        self.session = self.app.store.append(self.session, encode(decision))
        log.info("session %s: decision %d stored", self.session.id, len(self.session.decisions))
        self._state = new

    @property
    def can_undo(self) -> bool:
        return self.session.can_undo

    def undo(self) -> None:
        if not self.can_undo:
            return
        self.session = self.app.store.append(self.session, {"type": UNDO})
        log.info("session %s: undo stored", self.session.id)
        self._state = self.session.replay(RULES)

    def finish(self) -> None:
        self.app.store.finish(self.session, {"game": "tiletum", "rounds": self._state.round})
