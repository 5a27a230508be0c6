"""One Troyes game at the table: its stored session and its state. Nothing in Troyes is hidden,
so the screens read the state itself; every decision is stored before it is applied."""

from __future__ import annotations

import logging

from companion.troyes.game import Troyes, TroyesRules, encode
from companion.session import Session

RULES = TroyesRules()
log = logging.getLogger(__name__)


class TroyesController:
    game_id = RULES.game_id

    def __init__(self, app, session: Session):
        self.app, self.session = app, session
        self.state: Troyes = session.replay(RULES)

    @classmethod
    def new(cls, app, players: int, citizens, neutral, first: int, names: list[str]):
        config = {"players": players, "citizens": [list(c) for c in citizens],
                  "neutral": list(neutral), "first": first, "names": names}
        return cls(app, app.store.create_session(RULES.game_id, config, app.new_seed()))

    @property
    def names(self) -> list[str]:
        return list(self.session.config["names"])

    def name(self, seat: int | None) -> str:
        return self.names[seat - 1] if seat else self.app.t("troyes.neutral")

    def confirm(self, decision) -> None:
        """Check, store, apply (IllegalDecision before anything is stored)."""
        new = RULES.apply(self.state, decision)
        self.session = self.app.store.append(self.session, encode(decision))
        log.info("session %s: decision %d stored", self.session.id, len(self.session.decisions))
        self.state = new

    def finish(self) -> None:
        self.app.store.finish(self.session, {"game": "troyes", "rounds": self.state.round})
