"""The clock the app and its inputs read: the machine's monotonic clock, or a virtual one.

A :class:`VirtualClock` moves only when told (scripted runs, tests): a hold is a press, a clock
advance and a release, so how fast the machine runs can never change what a script did.

>>> clock = VirtualClock()
>>> start = clock()
>>> clock.advance(0.5)
>>> clock() - start
0.5
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]
"""Seconds on a monotonic scale: ``time.monotonic`` or a :class:`VirtualClock`."""

REAL: Clock = time.monotonic


class VirtualClock:
    """A monotonic clock that stands still until :meth:`advance` moves it."""

    def __init__(self, start: float = 1000.0):
        self._now = start

    def __call__(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` on (never back)."""
        if seconds < 0:
            raise ValueError("a clock never goes back")
        self._now += seconds

    def advance_to(self, when: float) -> None:
        """Move the clock on to ``when`` (nothing if that is past)."""
        self._now = max(self._now, when)


def is_virtual(clock: Clock) -> bool:
    """Whether ``clock`` moves only when told."""
    return isinstance(clock, VirtualClock)
