"""The link between the Citadels screens and the rules: one stored game, its state, its views.

Screens get views (``draft_public()``, ``calling_view(seat)``, finished rounds), never the
state; every confirmed decision is stored before the state moves on, and an undo is stored as a
marker, so a restart replays exactly what the table saw.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.citadels import calling, draft
from companion.citadels.catalogue import character
from companion.citadels.game import CALLING, DRAFT, OVER, THEATER, CitadelsRules, RoundResult
from companion.citadels.quick import quick_config
from companion.citadels.readings import CURRENT

from ..session_controller import SessionController

RULES = CitadelsRules()
LOOK = calling.CODEC.names[calling.Look]
__all__ = ["CALLING", "DRAFT", "OVER", "THEATER", "CitadelsController", "RULES"]
# decisions never taken back at the public screen: private draft picks, and the Theater's swap
# (the calling it opened has called its first rank already)
NOT_UNDONE = (draft.PICK, draft.DISCARD, "theater_swap", "no_swap")


class CitadelsController(SessionController):
    """One Citadels game being played at the table: drafts and callings, round after round."""

    rules = RULES
    look_type = LOOK

    @classmethod
    def new(cls, app, edition: str, players: int, characters, crown: int,
            names: list[str], theater: bool = False,
            quick: bool = False) -> "CitadelsController":
        """Store a new game and start its first draft (``theater``: the Theater is among the
        districts; ``quick``: the classic quick game; each kept in the config only when it is,
        as a config without them plays the printed game)."""
        config = {"edition": edition, "players": players, "characters": list(characters),
                  "crown": crown, "rules": CURRENT.number, "names": names, **quick_config(quick)}
        return cls.create(app, {**config, "theater": True} if theater else config)

    @property
    def edition(self) -> str:
        return self.session.config["edition"]

    def rank(self, character_id: str) -> int:
        return character(self.edition, character_id).rank

    @property
    def ranks(self) -> list[int]:
        """The ranks in play, in calling order."""
        return list(self._ranked()[0])

    def at_rank(self, rank: int) -> str:
        """The id of the character of ``rank`` in this game."""
        return self._ranked()[1][rank]

    def _ranked(self) -> tuple[tuple[int, ...], dict[int, str]]:
        """(the ranks in calling order, the first character of each rank), worked out once
        per game's list: a frame of the calling asks for them a few hundred times."""
        characters = self.session.config["characters"]
        known = getattr(self, "_ranks", None)
        if known is None or known[0] is not characters:
            by_rank: dict[int, str] = {}
            for c in characters:
                by_rank.setdefault(self.rank(c), c)
            known = self._ranks = (characters, tuple(sorted(self.rank(c) for c in characters)),
                                   by_rank)
        return known[1:]

    def character_name(self, character_id: str) -> str:
        """The character's printed name in the UI language, with its rank."""
        c = character(self.edition, character_id)
        return f"{c.rank}. {c.name(self.app.language)}"

    def plain_name(self, character_id: str) -> str:
        """The character's printed name in the UI language, without its rank."""
        return character(self.edition, character_id).name(self.app.language)

    def rank_name(self, rank: int) -> str:
        return self.character_name(self.at_rank(rank))

    # --- where the game stands (all from the public view unless a seat is named) ------------
    @property
    def phase(self) -> str:
        return self.view().phase

    @property
    def round_number(self) -> int:
        return self.view().number

    @property
    def rounds(self) -> Sequence[RoundResult]:
        """The finished rounds (everything in them was revealed at their end)."""
        return self.view().rounds

    @property
    def draft_started(self) -> bool:
        return self.view().draft_started

    def draft_public(self) -> draft.DraftView:
        return self.view().draft

    def draft_view(self, seat: int) -> draft.DraftView:
        return self.view(seat).draft

    def calling_public(self) -> calling.CallingView:
        return self.view().calling

    def calling_view(self, seat: int) -> calling.CallingView:
        return self.view(seat).calling

    def completion_order(self) -> tuple[int, ...]:
        return self.view().completion_order

    def final_characters(self) -> tuple[tuple[str, int], ...]:
        return self.view().final_characters

    @property
    def city_size(self) -> int:
        return self.view().city_size

    @property
    def quick(self) -> bool:
        """Whether the classic quick game is played (7 districts complete a city)."""
        return self.view().quick

    # --- undo --------------------------------------------------------------------------------
    def undoable(self, stored) -> bool:
        """A private draft pick or the Theater's swap is never taken back at the public
        screen; calling steps are."""
        return stored["type"] not in NOT_UNDONE

    def last_step(self) -> tuple[object, calling.CallingView]:
        """The step an undo would take back, and the public calling view just before it."""
        steps, looks = self.split_looks()
        before = self.state_before(len(looks) + 1)  # from the checkpoints: no replay
        return RULES.decode(steps[-1]), RULES.view(before, None).calling

    # --- the end --------------------------------------------------------------------------------
    def result(self) -> dict:
        """What History keeps of a finished game (for scoring: who completed, and the
        characters everyone held in the last round), with the players' names."""
        order = self.completion_order()
        return {**self.outcome().result, "names": self.names,
                "first_complete": self.name(order[0]) if order else None}

    def finish(self) -> None:
        """Close the game: it leaves the resume list and enters the history."""
        self.app.store.finish(self.session, self.result())
