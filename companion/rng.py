"""The only source of randomness: seeded, so a session (seed + decisions) replays exactly.

>>> a, b = Rng(42), Rng(42)
>>> a.shuffle(range(10)) == b.shuffle(range(10))
True
>>> Rng(7).fork("dice").roll() == Rng(7).fork("dice").roll()
True
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_BITS = 63  # fits SQLite's signed 64-bit INTEGER


def new_seed() -> int:
    """A fresh seed from OS entropy, for a new game."""
    return secrets.randbits(SEED_BITS)


class Rng:
    """A deterministic random stream. Never reads the clock or global state."""

    def __init__(self, seed: int):
        self.seed = int(seed)
        self._random = random.Random(self.seed)

    def fork(self, label: str) -> "Rng":
        """An independent stream derived from this seed and a label (e.g. one per round)."""
        digest = hashlib.sha256(f"{self.seed}:{label}".encode()).digest()
        return Rng(int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS))

    def shuffle(self, items: Iterable[T]) -> tuple[T, ...]:
        """A shuffled copy of ``items`` as a tuple."""
        out = list(items)
        self._random.shuffle(out)
        return tuple(out)

    def roll(self, sides: int = 6) -> int:
        """One die roll, 1..sides."""
        return self._random.randint(1, sides)

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return items[self._random.randrange(len(items))]

    def randrange(self, stop: int) -> int:
        """An integer in 0..stop-1."""
        return self._random.randrange(stop)
