"""What the seat lights say (a seat hub's RGB lights, or plain seat LEDs): whose turn it is
(steady white), where the device goes next (pulsing blue), the crown holder (steady gold).
Screens say which seats are which (``Screen.seat_lights``); the app shows it after each change.
Only public facts go here: a light never tells what a seat picked."""

from __future__ import annotations

from hw.outputs import LedMode

TURN = (LedMode.ON, "FFFFFF")
NEXT = (LedMode.BLINK, "2080FF")
CROWN = (LedMode.ON, "FFB000")

Lights = dict[int, tuple[LedMode, str]]


def seat_lights(turn: int | None = None, next_seat: int | None = None,
                crown: int | None = None) -> Lights:
    """The lights for these seats (the others off); whose turn and where next win over the
    crown on the same seat.

    >>> seat_lights(turn=2, crown=2)[2] == TURN
    True
    >>> sorted(seat_lights(next_seat=3, crown=1))
    [1, 3]
    """
    lights: Lights = {}
    if crown:
        lights[crown] = CROWN
    if next_seat:
        lights[next_seat] = NEXT
    if turn:
        lights[turn] = TURN
    return lights
