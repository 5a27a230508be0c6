"""The one contract every game engine implements (python-chess's ``legal_moves`` ⇔ ``push``,
boardgame.io's per-player views, OpenSpiel's registry of games).

A game is a value ``Rules`` with:

- ``initial(config, seed)``: the state before any decision (``seed`` goes to ``Rng`` as it is: it
  carries the session's randomness scheme);
- ``decode(data)`` / ``encode(decision)``: a decision from and to its stored JSON form
  (``{"type": name, ...}``); an unknown form raises ``UnknownDecision``;
- ``apply(state, decision)``: the next state, or ``IllegalDecision`` (with a code);
- ``legal(state)``: exactly the decisions ``apply`` accepts; ``is_legal(state, decision)`` says the
  same of one decision, and also covers the open-ended reports a game may have (a number the
  table reports, which no list can hold: such kinds are named in ``open_kinds``);
  ``offered(state)`` is the set of kinds (classes) of the decisions in ``legal``, which a game
  may find without listing them all (what buttons a screen shows);
- ``view(state, seat)``: what ``seat`` may know; ``seat=None`` is what the whole table may see.
  Screens, logs, speech and the command line get views, never the state;
- ``outcome(state)``: whether the game is over, and its result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .errors import RuleError

Decision = Any
State = Any


@dataclass(frozen=True)
class Outcome:
    """Whether a game is over; ``result`` (JSON-able) is what History keeps of it."""

    finished: bool
    result: Mapping[str, Any] = field(default_factory=dict)


class Rules(Protocol):
    """What a game engine offers sessions, screens and the command line."""

    game_id: str
    open_kinds: tuple[type, ...]

    def initial(self, config: Mapping[str, Any], seed) -> State: ...

    def decode(self, data: Mapping[str, Any]) -> Decision: ...

    def encode(self, decision: Decision) -> dict[str, Any]: ...

    def apply(self, state: State, decision: Decision) -> State: ...

    def legal(self, state: State) -> tuple[Decision, ...]: ...

    def is_legal(self, state: State, decision: Decision) -> bool: ...

    def offered(self, state: State) -> frozenset[type]: ...

    def view(self, state: State, seat: int | None) -> Any: ...

    def outcome(self, state: State) -> Outcome: ...

    def progress(self, state: State) -> Mapping[str, int]: ...


class RulesBase:
    """Defaults shared by the engines: ``is_legal`` by trying ``apply`` for open-ended kinds and
    by membership in ``legal`` for the rest; no open-ended kinds."""

    open_kinds: tuple[type, ...] = ()

    def progress(self, state: State) -> Mapping[str, int]:
        """How far the game has got, for lists of kept games (``{"round": 3}``); never used to
        rebuild it."""
        return {}

    def is_legal(self, state: State, decision: Decision) -> bool:
        if isinstance(decision, self.open_kinds):
            try:
                self.apply(state, decision)
            except RuleError:
                return False
            return True
        return decision in self.legal(state)

    def offered(self, state: State) -> frozenset[type]:
        """The kinds of the decisions in ``legal`` (a game whose lists are long finds them
        without listing every decision)."""
        return frozenset(type(decision) for decision in self.legal(state))
