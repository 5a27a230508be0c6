"""The pin map: which config key drives which control or output, and the defaults.

Numbers are BCM GPIO numbers (what gpiozero calls "GPIO5"), not header pin positions.
"""

from __future__ import annotations

from .controls import SEAT_COUNT, Control

BUTTON_KEYS: dict[str, Control] = {
    "up": Control.UP,
    "down": Control.DOWN,
    "left": Control.LEFT,
    "right": Control.RIGHT,
    "ok": Control.OK,
    "back": Control.BACK,
    **{f"seat{n}": Control.for_seat(n) for n in range(1, SEAT_COUNT + 1)},
}
STATUS_LED = "status_led"
BUZZER = "buzzer"
SEAT_LED_KEYS: dict[str, int] = {f"seat_led{n}": n for n in range(1, SEAT_COUNT + 1)}
PIN_KEYS = frozenset(BUTTON_KEYS) | {STATUS_LED, BUZZER} | frozenset(SEAT_LED_KEYS)

GPIO_NUMBERS = range(0, 28)  # BCM GPIO 0..27 on the 40-pin header

DEFAULT_PINS: dict[str, int] = {
    "up": 5,
    "down": 6,
    "left": 13,
    "right": 19,
    "ok": 26,
    "back": 21,
    "status_led": 17,
    "buzzer": 18,
}


def pin_map_errors(pins: dict[str, object]) -> list[str]:
    """Plain-language problems with a pin map (empty when it is usable).

    >>> pin_map_errors({"ok": 5, "up": 5, "okk": 3, "back": 40})
    ["unknown pin name 'okk'", "GPIO 5 is used twice: 'ok' and 'up'", "pin 40 for 'back' is not a GPIO number (0-27)"]
    """
    errors = [f"unknown pin name {key!r}" for key in pins if key not in PIN_KEYS]
    used: dict[int, str] = {}
    for key, pin in pins.items():
        if key not in PIN_KEYS:
            continue
        if isinstance(pin, bool) or not isinstance(pin, int) or pin not in GPIO_NUMBERS:
            errors.append(f"pin {pin!r} for {key!r} is not a GPIO number (0-27)")
        elif pin in used:
            errors.append(f"GPIO {pin} is used twice: {used[pin]!r} and {key!r}")
        else:
            used[pin] = key
    return errors
