"""What every game's controller shares: the stored session, the players' names from its
config, and (for games whose screens may read the whole state) storing each decision before
applying it, with undo as a stored marker."""

from __future__ import annotations

import logging
from typing import Any

from companion.session import UNDO, Rules, Session

log = logging.getLogger(__name__)


class SeatNames:
    """The players' names, kept in the session config (seat n is ``names[n - 1]``)."""

    session: Session

    @property
    def names(self) -> list[str]:
        return list(self.session.config["names"])

    @property
    def players(self) -> int:
        return len(self.names)

    def name(self, seat: int) -> str:
        return self.names[seat - 1]


class SessionController(SeatNames):
    """One stored game and its state; subclasses set ``rules``, ``game_id`` and ``encode``."""

    rules: Rules

    def __init__(self, app, session: Session):
        self.app, self.session = app, session
        self.state = session.replay(self.rules)

    @classmethod
    def create(cls, app, config: dict[str, Any]):
        """A new game with a fresh seed, stored before anything is played."""
        return cls(app, app.store.create_session(cls.rules.game_id, config, app.new_seed()))

    @staticmethod
    def encode(decision) -> dict[str, Any]:
        raise NotImplementedError

    def confirm(self, decision) -> None:
        """Check, store (committed), apply; an IllegalDecision leaves nothing stored."""
        new = self.rules.apply(self.state, decision)
        self.session = self.app.store.append(self.session, self.encode(decision))
        log.info("session %s: decision %d stored", self.session.id, len(self.session.decisions))
        self.state = new

    @property
    def can_undo(self) -> bool:
        return self.session.can_undo

    def undo(self) -> None:
        """Take back the last standing decision (an undo marker is stored; replayed)."""
        if not self.can_undo:
            return
        self.session = self.app.store.append(self.session, {"type": UNDO})
        log.info("session %s: undo stored", self.session.id)
        self.state = self.session.replay(self.rules)
