"""Taps by a second finger. SDL turns only the first finger on the screen into mouse events;
a finger that comes down while another is already down (one hand holding a name to keep a
private screen shown, the other tapping a card) arrives only as FINGERDOWN/FINGERUP. This
keeps track of those fingers so the app can treat them as taps.

>>> f = SecondFingers()
>>> f.down(1, (10, 10)), f.down(2, (50, 60))  # the first finger; the second one
(False, True)
>>> f.up(2, (52, 61)), f.up(1, (10, 10))  # where the second came down; the first is no tap
((50, 60), None)
"""

from __future__ import annotations


class SecondFingers:
    """Which fingers are down, and where each finger that came down second was put down."""

    def __init__(self):
        self._down: set[int] = set()
        self._second: dict[int, tuple[float, float]] = {}

    def down(self, finger: int, pos: tuple[float, float]) -> bool:
        """A finger came down; True if another one was already down (a second finger)."""
        second = bool(self._down)
        self._down.add(finger)
        if second:
            self._second[finger] = pos
        return second

    def up(self, finger: int, pos: tuple[float, float]) -> tuple[float, float] | None:
        """A finger was lifted; where it came down if it was a second finger, else None."""
        self._down.discard(finger)
        return self._second.pop(finger, None)
