"""A game session: game id, config, seed and the ordered list of confirmed decisions.

State is never stored; it is rebuilt by replaying the decisions on the game's rules, so a
session restored after a power cut is exactly the game that was being played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .errors import UnknownDecision
from .rng import SCHEME, Seed
from .rules import Rules

Decision = Mapping[str, Any]  # a JSON-able mapping with at least a "type" key

UNDO = "undo"
"""The type of the marker that takes back the decision before it (the log stays append-only)."""


def effective(decisions: Sequence[Decision],
              standing: Sequence[Decision] = ()) -> tuple[Decision, ...]:
    """The decisions that count: each undo marker cancels the last decision still standing.
    ``standing``: those standing before ``decisions`` (``effective(a + b)`` is
    ``effective(b, effective(a))``).

    >>> effective(({"type": "a"}, {"type": "b"}, {"type": "undo"}, {"type": "c"}))
    ({'type': 'a'}, {'type': 'c'})
    >>> effective(({"type": "undo"}, {"type": "c"}), [{"type": "a"}, {"type": "b"}])
    ({'type': 'a'}, {'type': 'c'})
    """
    standing = list(standing)
    for decision in decisions:
        if decision.get("type") == UNDO:
            if not standing:
                raise UnknownDecision("an undo with nothing before it to take back",
                                     code="session.undo_nothing")
            standing.pop()
        else:
            standing.append(decision)
    return tuple(standing)


@dataclass(frozen=True)
class Session:
    """One game as stored: everything needed to rebuild its state, and nothing else."""

    game: str
    config: Mapping[str, Any]
    seed: int
    decisions: tuple[Decision, ...] = ()
    id: int | None = field(default=None, compare=False)
    rng: int = SCHEME  # the randomness scheme it was made with (companion/rng.py)
    unread: int = 0  # stored decisions before ``decisions`` not read (a resume from a snapshot)
    snapshot: Any = field(default=None, compare=False, repr=False)  # timeline.Snapshot read

    @property
    def rows(self) -> int:
        """The decisions stored, undo markers included (read or not)."""
        return self.unread + len(self.decisions)

    def with_decision(self, decision: Decision) -> "Session":
        """This session with one more confirmed decision."""
        return self.with_decisions((decision,))

    def with_decisions(self, decisions: Sequence[Decision]) -> "Session":
        """This session with more confirmed decisions (the log copied once)."""
        if any("type" not in decision for decision in decisions):
            raise UnknownDecision("a decision needs a 'type'", code="session.no_type")
        return replace(self, decisions=self.decisions + tuple(map(dict, decisions)))

    @property
    def can_undo(self) -> bool:
        """Whether a decision stands that an undo would take back."""
        return bool(effective(self._whole()))

    def _whole(self) -> tuple[Decision, ...]:
        """Every stored decision; ValueError if some were not read."""
        if self.unread:
            raise ValueError(f"session {self.id}: {self.unread} decisions were not read")
        return self.decisions

    def replay(self, rules: Rules, checked: bool = False) -> Any:
        """Rebuild the current state by applying every standing decision to the initial state
        (undone decisions are skipped; seeded chance steps come out the same again). The
        decisions are trusted (``rules.apply_trusted``: each was checked when first applied,
        so a resume does not check it again); ``checked``: each checked again (``rules.apply``:
        decisions from anywhere else, tests)."""
        if rules.game_id != self.game:
            raise UnknownDecision(f"session is a {self.game!r} game, not {rules.game_id!r}",
                                  code="session.wrong_game", game=self.game)
        state = rules.initial(self.config, Seed(self.seed, self.rng))
        apply, decode = applier(rules, checked), rules.decode
        for data in effective(self._whole()):
            state = apply(state, decode(data))
        return state


def applier(rules: Rules, checked: bool) -> Callable[[Any, Any], Any]:
    """How a replay applies a stored decision: ``rules.apply`` (``checked``) or
    ``rules.apply_trusted``."""
    return rules.apply if checked else rules.apply_trusted
