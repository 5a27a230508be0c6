"""Race to ten, as rules: pure, seeded, per the contract in companion/rules.py."""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.codec import DecisionCodec
from companion.errors import IllegalDecision
from companion.rules import Engine, Outcome

from .scoring import RacePlayer

GOAL = 10


@dataclass(frozen=True)
class Add:
    seat: int
    amount: int


@dataclass(frozen=True)
class Race:
    totals: tuple[int, ...]
    turn: int = 1

    @property
    def winner(self) -> int | None:
        return next((s for s, t in enumerate(self.totals, 1) if t >= GOAL), None)


@dataclass(frozen=True)
class RaceView:
    totals: tuple[int, ...]
    turn: int | None

    def score_inputs(self, names) -> list[RacePlayer]:
        """The final score entry prefilled from the race as played."""
        return [RacePlayer(name, total) for name, total in zip(names, self.totals)]


def add(state: Race, decision: Add) -> Race:
    if state.winner is not None:
        raise IllegalDecision("the race is over", code="race.over")
    if decision.seat != state.turn or decision.amount not in (1, 2, 3):
        raise IllegalDecision("add 1, 2 or 3 on your turn", code="race.add", seat=state.turn)
    totals = list(state.totals)
    totals[decision.seat - 1] += decision.amount
    return replace(state, totals=tuple(totals), turn=state.turn % len(totals) + 1)


class RaceRules(Engine):
    game_id = "race"
    codec = DecisionCodec("race", {"add": Add})
    apply = staticmethod(add)

    def initial(self, config, seed) -> Race:
        return Race((0,) * config["players"])

    def legal(self, state: Race) -> tuple[Add, ...]:
        if state.winner is not None:
            return ()
        return tuple(Add(state.turn, n) for n in (1, 2, 3))

    def view(self, state: Race, seat: int | None) -> RaceView:
        return RaceView(state.totals, None if state.winner else state.turn)

    def outcome(self, state: Race) -> Outcome:
        if state.winner is None:
            return Outcome(False)
        return Outcome(True, {"game": "race", "winner_seat": state.winner})
