"""The only source of randomness: seeded, so a session (seed + decisions) replays exactly —
today and after any Python upgrade.

Python promises to keep only ``random.Random.random()`` the same across versions, not
``shuffle``, ``randint`` or ``randrange``; a kept game replayed through those could reopen with
other dice. So the scheme new games use (``COUNTER``) is built on SHA-256 alone: the n-th
64-bit block of a stream is SHA-256 of "seed:n", and shuffle, roll, choice and randrange take
what they need from those blocks by rejection sampling (no bias, no float). Games stored before
it (``LEGACY``, through ``random.Random``) keep their scheme and replay with that code.

>>> a, b = Rng(42), Rng(42)
>>> a.shuffle(range(10)) == b.shuffle(range(10))
True
>>> Rng(7).fork("dice").roll() == Rng(7).fork("dice").roll()
True
>>> Rng(Seed(42, LEGACY)).scheme, Rng(42).scheme
(1, 2)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

T = TypeVar("T")

SEED_BITS = 63  # fits SQLite's signed 64-bit INTEGER
LEGACY = 1  # random.Random's shuffle/randint/randrange: games stored before 2026-11-24
COUNTER = 2  # SHA-256 of a counter: fixed forever
SCHEME = COUNTER  # what new games are made with
SCHEMES = (LEGACY, COUNTER)
_BLOCK = 1 << 64


def new_seed() -> int:
    """A fresh seed from OS entropy, for a new game."""
    import secrets  # here, as hashlib in _digest: loading OpenSSL is not needed to start

    return secrets.randbits(SEED_BITS)


@dataclass(frozen=True)
class Seed:
    """A game's seed with the randomness scheme its session was stored with."""

    value: int
    scheme: int = SCHEME

    def __post_init__(self):
        if self.scheme not in SCHEMES:
            raise ValueError(f"unknown randomness scheme {self.scheme!r}")


def as_seed(seed: int | Seed) -> Seed:
    """A plain integer seed is a new game's: the current scheme.

    >>> as_seed(5), as_seed(Seed(5, LEGACY))
    (Seed(value=5, scheme=2), Seed(value=5, scheme=1))
    """
    return seed if isinstance(seed, Seed) else Seed(int(seed))


class Draw(NamedTuple):
    """One use of a stream, as ``recording`` lists it: the fork labels from the game's seed
    (``round-2-dice``), what was done (``roll``, ``shuffle``, ``randrange``), what was rolled
    (a die's colour, given by the game), the result, and which use of the stream it is (from
    1)."""

    stream: str
    kind: str
    what: str | None
    result: object
    n: int


_recording: list[Draw] | None = None
_recorded: set[tuple[str, int]] = set()  # (stream, its n-th use) listed already


@contextmanager
def recording() -> Iterator[list[Draw]]:
    """Every roll, shuffle and draw made meanwhile (replays for an audit, never the app's
    loop), in the order first made. A stream made again from the seed gives the same results
    again: the n-th use of a stream is listed once, however often code asks for it."""
    global _recording, _recorded
    before = _recording, _recorded
    _recording, _recorded = [], set()
    try:
        yield _recording
    finally:
        _recording, _recorded = before


def _record(rng: "Rng", kind: str, what: str | None, result: object) -> None:
    rng._uses += 1
    key = (rng.label, rng._uses)
    if key not in _recorded:
        _recorded.add(key)
        _recording.append(Draw(rng.label, kind, what, result, rng._uses))


class Rng:
    """A deterministic random stream. Never reads the clock or global state."""

    def __init__(self, seed: int | Seed, label: str = ""):
        seed = as_seed(seed)
        self.seed, self.scheme, self.label = seed.value, seed.scheme, label
        self._random = random.Random(self.seed) if self.scheme == LEGACY else None
        self._counter = 0
        self._uses = 0  # (counted while recording)

    def fork(self, label: str) -> "Rng":
        """An independent stream derived from this seed and a label (e.g. one per round);
        it keeps the scheme."""
        digest = _digest(f"{self.seed}:{label}")
        return Rng(Seed(int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS), self.scheme),
                   f"{self.label}/{label}" if self.label else label)

    def shuffle(self, items: Iterable[T]) -> tuple[T, ...]:
        """A shuffled copy of ``items`` as a tuple."""
        out = list(items)
        if self._random is not None:
            self._random.shuffle(out)
        else:
            for i in range(len(out) - 1, 0, -1):  # Fisher-Yates
                j = self._below(i + 1)
                out[i], out[j] = out[j], out[i]
        if _recording is not None:
            _record(self, "shuffle", None, tuple(out))
        return tuple(out)

    def roll(self, sides: int = 6, what: str | None = None) -> int:
        """One die roll, 1..sides (``what``: the die, for an audit's list)."""
        if self._random is not None:
            pips = self._random.randint(1, sides)
        else:
            pips = 1 + self._below(sides)
        if _recording is not None:
            _record(self, "roll", what, pips)
        return pips

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return items[self.randrange(len(items))]

    def randrange(self, stop: int) -> int:
        """An integer in 0..stop-1."""
        if self._random is not None:
            found = self._random.randrange(stop)
        else:
            found = self._below(stop)
        if _recording is not None:
            _record(self, "randrange", None, found)
        return found

    def _below(self, n: int) -> int:
        """Uniform in 0..n-1 from the counter stream (n up to 2**64)."""
        if not 0 < n <= _BLOCK:
            raise ValueError(f"empty or too large range: {n}")
        limit = _BLOCK - _BLOCK % n  # the blocks at or above it would favour small results
        while True:
            digest = _digest(f"{self.seed}:{self._counter}")
            self._counter += 1
            block = int.from_bytes(digest[:8], "big")
            if block < limit:
                return block % n


_sha256 = None


def _digest(text: str) -> bytes:
    """SHA-256 of ``text``; hashlib is imported at the first use (it loads OpenSSL, ~3 ms of
    start-up that a home screen does not need)."""
    global _sha256
    if _sha256 is None:
        from hashlib import sha256 as _sha256
    return _sha256(text.encode()).digest()
