"""The states a session passes through, kept in memory so an undo needs no replay.

The decision log stays the truth: a ``Timeline`` is a cache built by replaying a session once
(when a game is opened) and then extended decision by decision. Game states are immutable values
(frozen dataclasses of tuples; ``rules.apply`` returns a new state), so a state kept here never
changes after it is kept.

Not every state is kept: a checkpoint every ``EVERY`` standing decisions, and the current state.
A state between checkpoints is rebuilt from the nearest one before it (at most ``EVERY - 1``
decisions applied). Measured (tracemalloc, bench/bench_undo.py): the states share structure, yet
keeping all of them costs 0.5 to 1 KB a decision (600 KB for a 774-decision 10-round 8-player
Citadels game, 2 MB for 30 rounds), growing with the game; every 8th takes a quarter to a half of
that, and 7 decisions apply in well under a millisecond (Troyes, the slowest, about 50 µs each).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import UnknownDecision
from .rng import Seed
from .rules import Rules
from .session import Decision, Session, applier, effective

EVERY = 8
"""Standing decisions between two checkpoints (see the module docstring)."""


class Timeline:
    """The state after each prefix of a session's standing decisions (stored forms), from
    checkpoints. ``extend`` adds one in place; ``rewound`` gives a new timeline."""

    def __init__(self, rules: Rules, session: Session, every: int = EVERY,
                 checked: bool = False):
        """Replay ``session`` once, keeping the checkpoints on the way; its decisions trusted
        (each was checked when first applied), or ``checked`` again (``Session.replay``)."""
        if rules.game_id != session.game:
            raise UnknownDecision(f"session is a {session.game!r} game, not {rules.game_id!r}",
                                  code="session.wrong_game", game=session.game)
        if every < 1:
            raise ValueError("a checkpoint interval is at least 1")
        self.rules, self.every = rules, every
        self._apply = applier(rules, checked)
        self.state = rules.initial(session.config, Seed(session.seed, session.rng))
        self.standing: list[Decision] = []
        self._checkpoints: list[Any] = [self.state]  # [i]: after i * every standing decisions
        for data in effective(session.decisions):
            self.extend(data)

    def __len__(self) -> int:
        return len(self.standing)

    def extend(self, data: Decision, state: Any = None) -> None:
        """One more standing decision ``data`` (stored form); ``state``: the state after it,
        if the caller has applied it already."""
        if state is None:
            state = self._apply(self.state, self.rules.decode(data))
        self.standing.append(data)
        self.state = state
        if len(self.standing) % self.every == 0:
            self._checkpoints.append(state)

    def state_at(self, n: int) -> Any:
        """The state after the first ``n`` standing decisions (0: the initial state)."""
        if not 0 <= n <= len(self.standing):
            raise IndexError(f"no state after {n} of {len(self.standing)} decisions")
        if n == len(self.standing):
            return self.state
        start = n // self.every
        state = self._checkpoints[start]
        for data in self.standing[start * self.every:n]:
            state = self._apply(state, self.rules.decode(data))
        return state

    def before(self, k: int = 1) -> Any:
        """The state before the last ``k`` standing decisions."""
        return self.state_at(len(self.standing) - k)

    def rewound(self, standing: Sequence[Decision]) -> "Timeline":
        """A timeline for the standing decisions ``standing``: the longest prefix shared with
        these is kept, the rest applied and checked (an undo, or Citadels' undo that puts the
        looks back).
        This timeline is left as it was."""
        common, ours = 0, self.standing
        limit = min(len(ours), len(standing))
        while common < limit and (ours[common] is standing[common]
                                  or ours[common] == standing[common]):
            common += 1
        new = object.__new__(Timeline)
        new.rules, new.every, new._apply = self.rules, self.every, self._apply
        new.state = self.state_at(common)
        new.standing = ours[:common]
        new._checkpoints = self._checkpoints[:common // self.every + 1]
        for data in standing[common:]:  # never applied in this state before: checked
            new.extend(data, self.rules.apply(new.state, self.rules.decode(data)))
        return new
