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

A timeline's end can be kept beside the log (a ``Snapshot``: the current state, the last
``KEPT`` checkpoints and the standing decisions since the oldest of them), so that a resume
replays only the decisions stored after it (``Timeline.resumed``). Such a timeline holds the
standing decisions from ``first`` on; asked for a state before them it raises ``Unread`` (the
caller reads the whole log and replays it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress, count
from operator import is_not
from typing import Any

from .errors import UnknownDecision
from .rng import Seed
from .rules import Rules
from .session import Decision, Session, applier, effective

EVERY = 8
"""Standing decisions between two checkpoints (see the module docstring)."""

KEPT = 4
"""Checkpoints a snapshot keeps: an undo after a resume reaches back at least
``(KEPT - 1) * EVERY`` standing decisions without reading the whole log."""


class Unread(LookupError):
    """A state or decision from before the first one a resumed timeline holds."""


@dataclass(frozen=True)
class Snapshot:
    """A timeline's end, kept beside the log so that a resume replays only what was stored
    after it. A cache, never the truth: the log rebuilds it."""

    rows: int  # decisions stored (undo markers too) when it was taken
    first: int  # standing decisions before the oldest one it holds (a multiple of EVERY)
    standing: tuple[Decision, ...]  # the standing decisions from ``first`` on
    checkpoints: tuple[Any, ...]  # the states after first, first + EVERY, ... decisions
    state: Any  # the state after every standing decision


class Timeline:
    """The state after each prefix of a session's standing decisions (stored forms), from
    checkpoints. ``extend`` adds one in place; ``rewound`` gives a new timeline. ``standing``
    holds the standing decisions from ``first`` on (0 unless resumed from a snapshot)."""

    def __init__(self, rules: Rules, session: Session, every: int = EVERY,
                 checked: bool = False):
        """Replay ``session`` once, keeping the checkpoints on the way; its decisions trusted
        (each was checked when first applied), or ``checked`` again (``Session.replay``)."""
        if rules.game_id != session.game:
            raise UnknownDecision(f"session is a {session.game!r} game, not {rules.game_id!r}",
                                  code="session.wrong_game", game=session.game)
        if every < 1:
            raise ValueError("a checkpoint interval is at least 1")
        if session.unread:
            raise Unread("a session read from a snapshot on: Timeline.resumed replays it")
        self.rules, self.every, self.first = rules, every, 0
        self._apply = applier(rules, checked)
        self.state = rules.initial(session.config, Seed(session.seed, session.rng))
        self.standing: list[Decision] = []
        self._checkpoints: list[Any] = [self.state]  # [i]: after first + i * every decisions
        for data in effective(session.decisions):
            self.extend(data)

    @classmethod
    def resumed(cls, rules: Rules, snapshot: Snapshot, session: Session) -> "Timeline":
        """The timeline of ``session`` (read from ``snapshot.rows`` on) from ``snapshot``: the
        decisions stored after it applied, trusted. Unread: an undo among them takes back a
        decision from before those the snapshot holds."""
        if session.unread != snapshot.rows or snapshot.first % EVERY:
            raise Unread(f"a snapshot of {snapshot.rows} rows for a session read from "
                         f"{session.unread}")
        kept = object.__new__(cls)
        kept.rules, kept.every, kept.first = rules, EVERY, snapshot.first
        kept._apply = applier(rules, False)
        kept.state = snapshot.state
        kept.standing = list(snapshot.standing)
        kept._checkpoints = list(snapshot.checkpoints)
        try:
            standing = effective(session.decisions, kept.standing)
        except UnknownDecision as exc:
            raise Unread("an undo reaches before the snapshot") from exc
        return kept._rebased(standing, kept._apply)

    def snapshot(self, rows: int) -> Snapshot:
        """This timeline's end, for a log of ``rows`` stored decisions."""
        oldest = max(0, len(self._checkpoints) - KEPT)
        first = self.first + oldest * self.every
        return Snapshot(rows, first, tuple(self.standing[first - self.first:]),
                        tuple(self._checkpoints[oldest:]), self.state)

    def __len__(self) -> int:
        return self.first + len(self.standing)

    def extend(self, data: Decision, state: Any = None) -> None:
        """One more standing decision ``data`` (stored form); ``state``: the state after it,
        if the caller has applied it already."""
        if state is None:
            state = self._apply(self.state, self.rules.decode(data))
        self.standing.append(data)
        self.state = state
        if len(self) % self.every == 0:
            self._checkpoints.append(state)

    def state_at(self, n: int) -> Any:
        """The state after the first ``n`` standing decisions (0: the initial state)."""
        if not 0 <= n <= len(self):
            raise IndexError(f"no state after {n} of {len(self)} decisions")
        if n == len(self):
            return self.state
        if n < self.first:
            raise Unread(f"the state after {n} decisions: this timeline starts at {self.first}")
        start = (n - self.first) // self.every
        state = self._checkpoints[start]
        for data in self.standing[start * self.every:n - self.first]:
            state = self._apply(state, self.rules.decode(data))
        return state

    def before(self, k: int = 1) -> Any:
        """The state before the last ``k`` standing decisions."""
        return self.state_at(len(self) - k)

    def rewound(self, standing: Sequence[Decision]) -> "Timeline":
        """A timeline for the standing decisions ``standing`` (from ``first`` on, as
        ``self.standing``): the longest prefix shared with these is kept, the rest applied and
        checked (an undo, or Citadels' undo that puts the looks back).
        This timeline is left as it was."""
        return self._rebased(standing, self.rules.apply)

    def _rebased(self, standing: Sequence[Decision], apply) -> "Timeline":
        """``rewound``, the decisions not shared applied by ``apply``."""
        ours = self.standing
        limit = min(len(ours), len(standing))
        # The shared decisions are mostly the same objects: the first that is not is found
        # in C, not by a Python loop over every decision of a long game.
        common = next(compress(count(), map(is_not, ours, standing)), limit)
        while common < limit and ours[common] == standing[common]:
            common += 1
        new = object.__new__(Timeline)
        new.rules, new.every, new.first = self.rules, self.every, self.first
        new._apply = self._apply
        new.state = self.state_at(self.first + common)
        new.standing = ours[:common]
        new._checkpoints = self._checkpoints[:common // self.every + 1]
        for data in standing[common:]:  # never applied in this state before
            new.extend(data, apply(new.state, self.rules.decode(data)))
        return new
