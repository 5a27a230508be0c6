"""Fingers on the touchscreen. The first finger down is the pointer (tap, hold, lifted
elsewhere: the same as the mouse). A finger that comes down while another is already down (one
hand holding a name to keep a private screen shown, the other tapping a card) is a second
finger: lifted, it taps where it came down. SDL reports every finger as FINGERDOWN/FINGERUP
(under KMSDRM only so: no mouse events are made of touches), so this keeps track of them.

>>> f = Fingers()
>>> f.down(1, (10, 10)), f.down(2, (50, 60))  # the pointer; a second finger
(True, False)
>>> f.is_pointer(2), f.up(2), f.is_pointer(1), f.up(1)  # where the second came down
(False, (50, 60), True, None)
"""

from __future__ import annotations

from collections.abc import Hashable


class Fingers:
    """Which finger is the pointer, and where each second finger was put down."""

    def __init__(self):
        self._down: set[Hashable] = set()
        self._pointer: Hashable | None = None
        self._second: dict[Hashable, tuple[float, float] | None] = {}

    def down(self, finger: Hashable, pos: tuple[float, float] | None) -> bool:
        """A finger came down at ``pos``; True if it is the pointer (no other finger was down)."""
        first = not self._down
        self._down.add(finger)
        if first:
            self._pointer = finger
        else:
            self._second[finger] = pos
        return first

    def is_pointer(self, finger: Hashable) -> bool:
        """Whether ``finger`` is down and is the pointer."""
        return finger == self._pointer

    def up(self, finger: Hashable) -> tuple[float, float] | None:
        """A finger was lifted; where it came down if it was a second finger, else None."""
        self._down.discard(finger)
        if finger == self._pointer:
            self._pointer = None
        return self._second.pop(finger, None)
