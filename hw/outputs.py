"""Outputs (status LED, seat LEDs, buzzer) as one observable state, driven by backends."""

# No ``from __future__ import annotations`` here: typing.NamedTuple would compile each field's
# annotation text (a ForwardRef), ~0.15 M instructions a field of every start-up (issue 39).

import enum
import threading
from collections.abc import Callable
from typing import NamedTuple

from .controls import SEAT_COUNT

WHITE = "FFFFFF"


class LedMode(enum.Enum):
    OFF = "off"
    ON = "on"
    BLINK = "blink"


class OutputState(NamedTuple):
    """What the lights should show now, and how many beeps were asked for so far (a named
    tuple: making a dataclass would cost the first frame, docs/architecture.md "Start-up")."""

    status: LedMode = LedMode.OFF
    seats: tuple[LedMode, ...] = (LedMode.OFF,) * SEAT_COUNT
    colours: tuple[str, ...] = (WHITE,) * SEAT_COUNT  # RRGGBB, for RGB seat lights (the hub)
    beeps: int = 0

    def seat(self, n: int) -> LedMode:
        """The mode of seat n (1..8)."""
        return self.seats[n - 1]

    def colour(self, n: int) -> str:
        """The colour of seat n's light (plain LEDs have their own)."""
        return self.colours[n - 1]


class OutputDriver:
    """A backend that makes output state real (GPIO pins, a seat hub, a debug strip)."""

    def show(self, state: OutputState) -> None:  # pragma: no cover - interface
        """Make the lights match ``state``."""

    def beep(self, seconds: float) -> None:  # pragma: no cover - interface
        """Sound the buzzer once."""

    def close(self) -> None:
        """Release the hardware."""


class Outputs:
    """The one place the UI sets lights and sound; every attached driver follows (a service,
    not a value: see "Start-up" in docs/architecture.md for why it is not a dataclass)."""

    def __init__(self, drivers: list[OutputDriver] | None = None,
                 on_change: Callable[[OutputState], None] | None = None, sound: bool = True):
        self.drivers = [] if drivers is None else drivers
        self.on_change = on_change
        self.sound = sound
        self._state = OutputState()
        self._lock = threading.Lock()

    @property
    def state(self) -> OutputState:
        return self._state

    def set_status(self, mode: LedMode) -> None:
        """Set the status LED."""
        self._update(self._state._replace(status=mode))

    def set_seat(self, seat: int, mode: LedMode, colour: str = WHITE) -> None:
        """Set the light of seat 1..8 (``colour`` RRGGBB where the light has colours)."""
        if not 1 <= seat <= SEAT_COUNT:
            raise ValueError(f"seat {seat} is not 1..{SEAT_COUNT}")
        seats, colours = list(self._state.seats), list(self._state.colours)
        seats[seat - 1], colours[seat - 1] = mode, colour
        self._update(self._state._replace(seats=tuple(seats), colours=tuple(colours)))

    def set_seats(self, lights: dict[int, tuple[LedMode, str]]) -> None:
        """Every seat light at once: the seats in ``lights`` as given, the others off."""
        seats = tuple(lights.get(n, (LedMode.OFF, WHITE))[0] for n in range(1, SEAT_COUNT + 1))
        colours = tuple(lights.get(n, (LedMode.OFF, WHITE))[1]
                        for n in range(1, SEAT_COUNT + 1))
        self._update(self._state._replace(seats=seats, colours=colours))

    def set_all(self, mode: LedMode) -> None:
        """Set the status LED and every seat LED at once (the hardware test uses this)."""
        self._update(self._state._replace(status=mode, seats=(mode,) * SEAT_COUNT))

    def beep(self, seconds: float = 0.06) -> None:
        """A short beep, unless sound is off."""
        if not self.sound:
            return
        with self._lock:
            self._state = self._state._replace(beeps=self._state.beeps + 1)
        for driver in self.drivers:
            driver.beep(seconds)
        self._changed()

    def close(self) -> None:
        """Turn everything off and release the drivers."""
        self.set_all(LedMode.OFF)
        for driver in self.drivers:
            driver.close()

    def _update(self, new: OutputState) -> None:
        with self._lock:
            if new == self._state:
                return
            self._state = new
        for driver in self.drivers:
            driver.show(new)
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self._state)
