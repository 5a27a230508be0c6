"""The link between the Citadels screens and the rules: one stored game, its state, its views.

Screens get views (``draft_public()``, ``calling_view(seat)``, finished rounds), never the
state; every confirmed decision is stored before the state moves on, and an undo is stored as a
marker, so a restart replays exactly what the table saw.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from companion.citadels import calling, draft
from companion.citadels.catalogue import character
from companion.citadels.game import Game, GameRules, RoundResult, encode
from companion.session import UNDO, Session, effective

from ..session_controller import SeatNames

RULES = GameRules()
log = logging.getLogger(__name__)

DRAFT, CALLING, OVER = "draft", "calling", "over"


class GameController(SeatNames):
    """One Citadels game being played at the table: drafts and callings, round after round."""

    game_id = RULES.game_id

    def __init__(self, app, session: Session):
        self.app = app
        self.session = session
        self._game: Game = session.replay(RULES)

    @classmethod
    def new(cls, app, edition: str, players: int, characters, crown: int,
            names: list[str]) -> "GameController":
        """Store a new game and start its first draft."""
        config = {"edition": edition, "players": players, "characters": list(characters),
                  "crown": crown, "names": names}
        return cls(app, app.store.create_session(RULES.game_id, config, app.new_seed()))

    @property
    def edition(self) -> str:
        return self.session.config["edition"]

    def rank(self, character_id: str) -> int:
        return character(self.edition, character_id).rank

    @property
    def ranks(self) -> list[int]:
        """The ranks in play, in calling order."""
        return sorted(self.rank(c) for c in self.session.config["characters"])

    def at_rank(self, rank: int) -> str:
        """The id of the character of ``rank`` in this game."""
        return next(c for c in self.session.config["characters"] if self.rank(c) == rank)

    def character_name(self, character_id: str) -> str:
        """The character's printed name in the UI language, with its rank."""
        c = character(self.edition, character_id)
        return f"{c.rank}. {c.name(self.app.language)}"

    def plain_name(self, character_id: str) -> str:
        """The character's printed name in the UI language, without its rank."""
        return character(self.edition, character_id).name(self.app.language)

    def rank_name(self, rank: int) -> str:
        return self.character_name(self.at_rank(rank))

    # --- where the game stands ----------------------------------------------------------
    @property
    def phase(self) -> str:
        if self._game.draft is not None:
            return DRAFT
        return CALLING if self._game.calling is not None else OVER

    @property
    def round_number(self) -> int:
        return self._game.number

    @property
    def rounds(self) -> tuple[RoundResult, ...]:
        """The finished rounds (everything in them was revealed at their end)."""
        return self._game.rounds

    @property
    def draft_started(self) -> bool:
        return self._game.draft is not None and self._game.draft.step > 0

    def draft_public(self) -> draft.DraftView:
        return draft.public_view(self._game.draft)

    def draft_view(self, seat: int) -> draft.DraftView:
        return draft.view(self._game.draft, seat)

    def calling_public(self) -> calling.CallingView:
        return calling.public_view(self._game.calling)

    def calling_view(self, seat: int) -> calling.CallingView:
        return calling.view(self._game.calling, seat)

    def legal(self) -> tuple:
        """The calling decisions allowed now (warrants and threats are entered privately)."""
        return calling.legal(self._game.calling) if self._game.calling is not None else ()

    def completion_order(self) -> tuple[int, ...]:
        return self._game.completion_order()

    def final_characters(self) -> tuple[tuple[str, int], ...]:
        return self._game.final_characters()

    @property
    def city_size(self) -> int:
        return calling.city_size(self.edition, self.players)

    # --- changing it --------------------------------------------------------------------
    def confirm(self, decision) -> None:
        """Check, store (committed), then apply one decision."""
        new_game = RULES.apply(self._game, decision)  # raises before anything is stored
        self.session = self.app.store.append(self.session, encode(decision))
        log.info("session %s: decision %d stored", self.session.id, len(self.session.decisions))
        self._game = new_game

    @property
    def can_undo(self) -> bool:
        """Whether the last step stands and was a calling step (a private draft pick is never
        taken back at the public screen)."""
        standing = effective(self.session.decisions)
        return bool(standing) and standing[-1]["type"] not in (draft.PICK, draft.DISCARD)

    def last_step(self) -> tuple[object, calling.CallingView]:
        """The step an undo would take back, and the public calling view just before it."""
        standing = effective(self.session.decisions)
        before = replace(self.session, decisions=standing[:-1]).replay(RULES)
        return RULES.decode(standing[-1]), calling.public_view(before.calling)

    def undo(self) -> None:
        """Take back the last calling step: an undo marker is stored, the game replayed."""
        if not self.can_undo:
            return
        self.session = self.app.store.append(self.session, {"type": UNDO})
        log.info("session %s: undo stored", self.session.id)
        self._game = self.session.replay(RULES)

    def result(self) -> dict:
        """What History keeps of a finished game (for scoring: who completed, and the
        characters everyone held in the last round)."""
        order = self.completion_order()
        return {"game": "citadels", "edition": self.edition, "rounds": len(self.rounds),
                "names": self.names, "completion_order": list(order),
                "first_complete": self.name(order[0]) if order else None,
                "final_characters": {str(s): [c for c, h in self.final_characters() if h == s]
                                     for s in range(1, self.players + 1)}}

    def finish(self) -> None:
        """Close the game: it leaves the resume list and enters the history."""
        self.app.store.finish(self.session, self.result())
