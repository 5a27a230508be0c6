"""Logical controls and the events they produce."""

# No ``from __future__ import annotations`` here: typing.NamedTuple would compile each field's
# annotation text (a ForwardRef), ~0.15 M instructions a field of every start-up (issue 39).

import enum
from typing import NamedTuple


class Control(enum.Enum):
    """A logical control. POINTER is the touchscreen or mouse taken as one button."""

    UP = "UP"
    DOWN = "DOWN"
    LEFT = "LEFT"
    RIGHT = "RIGHT"
    OK = "OK"
    BACK = "BACK"
    SEAT1 = "SEAT1"
    SEAT2 = "SEAT2"
    SEAT3 = "SEAT3"
    SEAT4 = "SEAT4"
    SEAT5 = "SEAT5"
    SEAT6 = "SEAT6"
    SEAT7 = "SEAT7"
    SEAT8 = "SEAT8"
    POINTER = "POINTER"

    @property
    def seat(self) -> int | None:
        """The seat number 1..8 of a SEAT control, else None."""
        return int(self.value[4:]) if self.value.startswith("SEAT") else None

    @classmethod
    def for_seat(cls, seat: int) -> "Control":
        """The SEAT control of seat 1..8."""
        return cls(f"SEAT{seat}")

    @classmethod
    def parse(cls, name: str) -> "Control":
        """A control from its name, case-insensitive ('ok', 'Seat3'); ValueError if unknown."""
        try:
            return cls(name.strip().upper())
        except ValueError:
            raise ValueError(f"unknown control {name!r}") from None


BUTTONS = tuple(c for c in Control if c is not Control.POINTER)
"""Every physical button the app understands (POINTER excluded)."""

SEAT_COUNT = 8


class Kind(enum.Enum):
    """What happened to a control."""

    PRESS = "press"
    RELEASE = "release"
    HOLD = "hold"  # still pressed after the hold time (once per press)


class ControlEvent(NamedTuple):
    """One debounced control event (a named tuple: making a dataclass would cost the first
    frame, docs/architecture.md "Start-up").

    ``source`` names the backend ("keyboard", "gpio", "touch", ...). On RELEASE, ``after_hold``
    says whether a HOLD was sent for this press, so a tap and a hold can be told apart.
    """

    control: Control
    kind: Kind
    source: str
    after_hold: bool = False
