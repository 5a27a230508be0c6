"""The one contract every game engine implements (python-chess's ``legal_moves`` ⇔ ``push``,
boardgame.io's per-player views, OpenSpiel's registry of games).

A game is a value ``Rules`` with:

- ``initial(config, seed)``: the state before any decision (``seed`` goes to ``Rng`` as it is: it
  carries the session's randomness scheme);
- ``decode(data)`` / ``encode(decision)``: a decision from and to its stored JSON form
  (``{"type": name, ...}``); an unknown form raises ``UnknownDecision``;
- ``apply(state, decision)``: the next state, or ``IllegalDecision`` (with a code);
- ``apply_trusted(state, decision)``: the same next state, for a decision ``apply`` accepted
  in the same state before (the store's own log, replayed at a resume or an undo), without
  checking it again; never for a decision from anywhere else (an import, the table);
- ``legal(state)``: exactly the decisions ``apply`` accepts, except the open-ended reports a game
  may have (a number the table reports, which no list can hold: such kinds are named in
  ``open_kinds``); ``legal_moves(state)`` is the same as a lazy collection, whose membership test
  is ``is_legal(state, decision)``: asked of ``apply`` directly, as python-chess's
  ``legal_moves.__contains__`` asks ``Board.is_legal``, so it covers the open-ended kinds too and
  lists nothing; ``offered(state)`` is the set of kinds (classes) of the decisions in ``legal``,
  which a game may find without listing them all (what buttons a screen shows);
- ``view(state, seat)``: what ``seat`` may know; ``seat=None`` is what the whole table may see.
  Screens, logs, speech and the command line get views, never the state;
- ``outcome(state)``: whether the game is over, and its result.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from .errors import RuleError

Decision = Any
State = Any
S = TypeVar("S")  # a game's state
D = TypeVar("D")  # one of its decisions
V = TypeVar("V")  # what a seat (or the table) sees of a state


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

    def apply_trusted(self, state: State, decision: Decision) -> State: ...

    def legal(self, state: State) -> tuple[Decision, ...]: ...

    def legal_moves(self, state: State) -> LegalMoves: ...

    def is_legal(self, state: State, decision: Decision) -> bool: ...

    def offered(self, state: State) -> frozenset[type]: ...

    def view(self, state: State, seat: int | None) -> Any: ...

    def outcome(self, state: State) -> Outcome: ...

    def progress(self, state: State) -> Mapping[str, int]: ...


class LegalMoves(Generic[S, D]):
    """The decisions allowed in one state, listed only when iterated (then once); ``in`` asks
    ``apply`` about one decision without listing any."""

    def __init__(self, engine: Engine[S, D, Any], state: S):
        self.engine, self.state = engine, state
        self._listed: tuple[D, ...] | None = None

    def __contains__(self, decision: object) -> bool:
        try:
            self.engine.apply(self.state, decision)
        except RuleError:
            return False
        return True

    def __iter__(self) -> Iterator[D]:
        if self._listed is None:
            self._listed = tuple(self.engine.legal(self.state))
        return iter(self._listed)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return any(True for _ in self)


class Engine(Generic[S, D, V]):
    """The one base of every game's rules. A game sets ``game_id`` and ``codec`` (its
    decisions' stored forms) and gives ``initial``, ``apply``, ``legal``, ``view`` and
    ``outcome``; the rest is here, the same for every game."""

    game_id: str
    codec: Any  # companion.codec.DecisionCodec
    open_kinds: tuple[type, ...] = ()  # reported numbers ``legal`` cannot list
    rolls_dice = False  # dice the table sees: a finished game's are audited (dice_audit.py)

    def decode(self, data: Mapping[str, Any]) -> D:
        return self.codec.decode(data)

    def encode(self, decision: D) -> dict[str, Any]:
        return self.codec.encode(decision)

    def apply_trusted(self, state: S, decision: D) -> S:
        """``apply`` of a decision it accepted before in this state (a stored log replayed):
        a game whose checks cost much gives its own, which skips them."""
        return self.apply(state, decision)

    def legal_moves(self, state: S) -> LegalMoves[S, D]:
        return LegalMoves(self, state)

    def is_legal(self, state: S, decision: D) -> bool:
        return decision in self.legal_moves(state)

    def offered(self, state: S) -> frozenset[type]:
        """The kinds of the decisions in ``legal`` (a game whose lists are long finds them
        without listing every decision)."""
        return frozenset(type(decision) for decision in self.legal(state))

    def progress(self, state: S) -> Mapping[str, int]:
        """How far the game has got, for lists of kept games (``{"round": 3}``); never used to
        rebuild it."""
        return {}
