"""The link between the Citadels screens and the rules: one session, its state, its views.

Screens get views (``public()``, ``view(seat)``), never the state; every confirmed decision is
stored before the state moves on.
"""

from __future__ import annotations

import logging

from companion.citadels.catalogue import character
from companion.citadels.draft import Decision, DraftRules, DraftView, apply, encode, public_view, view
from companion.rng import new_seed
from companion.session import Session

RULES = DraftRules()
log = logging.getLogger(__name__)


class DraftController:
    """One Citadels draft being played at the table."""

    game_id = RULES.game_id

    def __init__(self, app, session: Session):
        self.app = app
        self.session = session
        self._state = session.replay(RULES)

    @classmethod
    def new(cls, app, edition: str, players: int, characters, crown: int,
            names: list[str]) -> "DraftController":
        """Store a new session and start its draft."""
        config = {"edition": edition, "players": players, "characters": list(characters),
                  "crown": crown, "names": names}
        return cls(app, app.store.create_session(RULES.game_id, config, new_seed()))

    @property
    def names(self) -> list[str]:
        return list(self.session.config["names"])

    def name(self, seat: int) -> str:
        return self.names[seat - 1]

    @property
    def edition(self) -> str:
        return self.session.config["edition"]

    def rank(self, character_id: str) -> int:
        return character(self.edition, character_id).rank

    def character_name(self, character_id: str) -> str:
        """The character's printed name in the UI language, with its rank."""
        c = character(self.edition, character_id)
        return f"{c.rank}. {c.name(self.app.language)}"

    def public(self) -> DraftView:
        return public_view(self._state)

    def view(self, seat: int) -> DraftView:
        return view(self._state, seat)

    def confirm(self, decision: Decision) -> DraftView:
        """Check, store (committed), then apply one decision; return the new public view."""
        new_state = apply(self._state, decision)  # raises before anything is stored
        self.session = self.app.store.append(self.session, encode(decision))
        log.info("session %s: decision %d stored", self.session.id, len(self.session.decisions))
        self._state = new_state
        return self.public()

    def finish(self) -> None:
        """Close the session: it leaves the resume list and enters the history."""
        self.app.store.finish(self.session, {"game": "citadels", "stage": "draft"})
