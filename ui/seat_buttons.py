"""Which seats have a button of their own on this table."""

from __future__ import annotations

from hw.controls import Control


def has_seat_button(hw, pins, seat: int) -> bool:
    """Whether ``seat`` has a button of its own (a GPIO seat pin, or a connected seat hub with
    that many seats): then only that button opens its private screens. Keyboard digits stand
    in for seat buttons on a laptop but do not count."""
    gpio, hub = hw.gpio, hw.hub
    if gpio is not None and Control.for_seat(seat) in gpio.buttons:
        return True
    if "gpio" in hw.pending and f"seat{seat}" in pins:
        return True  # GPIO opens just after the first frame: its seat pins will be there
    return hub is not None and hub.status.connected and seat <= hub.status.seats
