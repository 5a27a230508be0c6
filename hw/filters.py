"""Debounce and hold detection for one button, as a pure state machine.

Time is passed in, never read, so the logic is tested exactly: an edge carries the time it
happened, however late it is handed in. Time never goes back for one button: an edge stamped
before something already decided (a hold sent) counts as happening then. Debouncing uses a
lock-out: the first edge is reported at once (no added latency), further edges within
``debounce`` seconds are ignored, and when the lock-out ends the real level is reported if it
differs.

>>> f = ButtonFilter(debounce=0.03, hold_time=0.8)
>>> [k.value for k in f.edge(True, 0.0)], f.edge(False, 0.005), f.edge(True, 0.01)
(['press'], [], [])
>>> f.poll(0.03), [k.value for k in f.poll(0.8)]
([], ['hold'])
"""

from __future__ import annotations

from .controls import Kind


class ButtonFilter:
    """Turns raw edges of one button into PRESS / RELEASE / HOLD."""

    def __init__(self, debounce: float, hold_time: float):
        if debounce < 0 or hold_time <= 0:
            raise ValueError("debounce must be >= 0 and hold_time > 0")
        self.debounce = debounce
        self.hold_time = hold_time
        self.pressed = False  # the debounced level last reported
        self.held = False  # a HOLD was reported for the current press
        self._raw = False
        self._locked_until: float | None = None
        self._hold_at: float | None = None
        self._latest = float("-inf")  # the latest time this filter was told

    def _at(self, now: float) -> float:
        self._latest = max(self._latest, now)
        return self._latest

    def edge(self, pressed: bool, now: float) -> list[Kind]:
        """Record a raw level change that happened at ``now``; return the events due by then
        and the ones it causes."""
        out = self.poll(now)
        now = self._latest
        self._raw = pressed
        if self._locked_until is not None and now < self._locked_until:
            return out
        return out + self._settle(now)

    def poll(self, now: float) -> list[Kind]:
        """Events due by ``now`` (end of a lock-out, a hold), each as of when it came due: a
        lock-out that ended before ``now`` settles at its end, however late this is called."""
        now = self._at(now)
        out: list[Kind] = []
        if self._locked_until is not None and now >= self._locked_until:
            ended, self._locked_until = self._locked_until, None
            out += self._settle(ended)
        if self._hold_at is not None and now >= self._hold_at and self.pressed and self._raw:
            self._hold_at = None
            self.held = True
            out.append(Kind.HOLD)
        return out

    def deadline(self) -> float | None:
        """When ``poll`` next has something to do, or None."""
        times = [t for t in (self._locked_until, self._hold_at) if t is not None]
        return min(times) if times else None

    def _settle(self, now: float) -> list[Kind]:
        if self._raw == self.pressed:
            return []
        self.pressed = self._raw
        if self.debounce > 0:
            self._locked_until = now + self.debounce
        if self.pressed:
            self.held = False
            self._hold_at = now + self.hold_time
            return [Kind.PRESS]
        self._hold_at = None
        return [Kind.RELEASE]
