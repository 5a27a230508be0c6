"""A whole Citadels game: rounds of draft then calling, until the round in which a city is
completed ends. The crown passes from round to round; each round's shuffle comes from its own
seeded stream, so a session (seed + decisions) replays exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..errors import IllegalDecision
from ..rng import Rng, Seed, as_seed
from . import calling, draft
from .calling import Calling, RoundSetup
from .draft import Draft, DraftSetup


@dataclass(frozen=True)
class RoundResult:
    """A finished round, as the table saw it at its end."""

    number: int
    holders: tuple[tuple[str, int], ...]  # revealed at the end of the round
    crown_after: int
    events: tuple[calling.Event, ...]
    completed: tuple[int, ...]


@dataclass(frozen=True)
class Game:
    setup: DraftSetup  # edition, players, characters and the first crown holder
    seed: Seed
    number: int = 1
    draft: Draft | None = None
    calling: Calling | None = None
    rounds: tuple[RoundResult, ...] = ()

    @property
    def over(self) -> bool:
        return self.draft is None and self.calling is None

    @property
    def crown(self) -> int:
        if self.calling is not None:
            return self.calling.crown
        if self.draft is not None:
            return self.draft.setup.crown
        return self.rounds[-1].crown_after

    def completion_order(self) -> tuple[int, ...]:
        if self.calling is not None:
            return self.calling.completion_order()
        return self.rounds[-1].completed if self.rounds else ()

    def final_characters(self) -> tuple[tuple[str, int], ...]:
        """Each player's characters in the last round (for the tie-break in scoring)."""
        return self.rounds[-1].holders if self.over else ()


def _new_draft(setup: DraftSetup, seed: Seed, number: int, crown: int) -> Draft:
    return draft.start(replace(setup, crown=crown), Rng(seed).fork(f"round-{number}"))


def start(setup: DraftSetup, seed: int | Seed) -> Game:
    """Round 1's draft, with the crown where the table put it."""
    seed = as_seed(seed)
    return Game(setup, seed, draft=_new_draft(setup, seed, 1, setup.crown))


def legal(game: Game) -> tuple[Any, ...]:
    if game.draft is not None:
        return draft.legal(game.draft)
    if game.calling is not None:
        return calling.legal(game.calling)
    return ()


def apply(game: Game, decision) -> Game:
    """Apply a draft or calling decision; move on to the calling, the next round, or the end."""
    if game.draft is not None:
        if not isinstance(decision, (draft.Pick, draft.Discard)):
            raise IllegalDecision("the characters are being chosen")
        new_draft = draft.apply(game.draft, decision)
        if not new_draft.finished:
            return replace(game, draft=new_draft)
        holders = tuple((c, s) for s in range(1, game.setup.players + 1)
                        for c in new_draft.hand(s))
        previous = game.completion_order()
        round_setup = RoundSetup(game.setup.edition, game.setup.players, game.setup.characters,
                                 holders, new_draft.setup.crown, previous)
        return replace(game, draft=None, calling=calling.start(round_setup))
    if game.calling is None:
        raise IllegalDecision("the game is over")
    new_calling = calling.apply(game.calling, decision)
    if not new_calling.finished:
        return replace(game, calling=new_calling)
    result = RoundResult(game.number, new_calling.setup.holders, new_calling.crown,
                         new_calling.events, new_calling.completion_order())
    game = replace(game, calling=None, rounds=game.rounds + (result,))
    if new_calling.game_over:
        return game
    number = game.number + 1
    return replace(game, number=number,
                   draft=_new_draft(game.setup, game.seed, number, new_calling.crown))


def decode(data: Mapping[str, Any]):
    """A stored decision of either phase."""
    if data.get("type") in (draft.PICK, draft.DISCARD):
        return draft.DraftRules().decode(data)
    return calling.decode(data)


def encode(decision) -> dict[str, Any]:
    if isinstance(decision, (draft.Pick, draft.Discard)):
        return draft.encode(decision)
    return calling.encode(decision)


class GameRules:
    """A whole game as a session: config = edition, players, characters, crown."""

    game_id = "citadels"

    def initial(self, config: Mapping[str, Any], seed: int | Seed) -> Game:
        return start(DraftSetup(config["edition"], config["players"],
                                tuple(config["characters"]), config["crown"]), seed)

    def decode(self, data: Mapping[str, Any]):
        return decode(data)

    def apply(self, state: Game, decision) -> Game:
        return apply(state, decision)
