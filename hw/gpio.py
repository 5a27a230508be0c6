"""GPIO backend: gpiozero input devices, LEDs and a Buzzer from a pin map.

Buttons are wired GPIO -> button -> GND and use the internal pull-up. They are gpiozero
``DigitalInputDevice``s, not ``Button``s: a ``Button`` starts a hold thread that wakes every
0.1 s for as long as it exists, and the app detects holds itself. gpiozero's own
``bounce_time`` is not used either: every edge goes to :class:`hw.inputs.ControlInput`, whose
debounce and hold detection work the same for every backend and are tested (gpiozero's mock
pins ignore ``bounce_time``). Each edge is handed on with how long ago the pin library saw it
(``active_time`` / ``inactive_time``: lgpio stamps an edge in the kernel), so a callback thread
that runs late does not lengthen a press.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Mapping

from .inputs import ControlInput
from .outputs import LedMode, OutputDriver, OutputState
from .pins import BUTTON_KEYS, BUZZER, SEAT_LED_KEYS, STATUS_LED

log = logging.getLogger(__name__)

BLINK_SECONDS = 0.5


def default_factory():
    """gpiozero's own choice of pin factory (lgpio first); raises if there is no GPIO."""
    from gpiozero import Device

    with warnings.catch_warnings():  # gpiozero warns once per factory it cannot load
        warnings.simplefilter("ignore")
        if Device.pin_factory is None:
            Device.pin_factory = Device._default_pin_factory()
    return Device.pin_factory


class GpioBackend(OutputDriver):
    """Buttons feed ``control_input``; LEDs and buzzer follow the output state."""

    source = "gpio"

    def __init__(
        self,
        pins: Mapping[str, int],
        control_input: ControlInput,
        debounce: float,
        factory=None,
    ):
        from gpiozero import LED, Buzzer, DigitalInputDevice

        self.factory = factory if factory is not None else default_factory()
        self.pins = dict(pins)
        self._devices = []
        self.buttons = {}
        try:
            for key, control in BUTTON_KEYS.items():
                if key in pins:
                    button = DigitalInputDevice(
                        pins[key], pull_up=True, bounce_time=None, pin_factory=self.factory
                    )

                    def edge(device, pressed, control=control):
                        # how long ago the pin changed, from the pin library's own stamp
                        age = device.active_time if pressed else device.inactive_time
                        control_input.raw(control, pressed, self.source, debounce, age or 0.0)

                    button.when_activated = lambda d, edge=edge: edge(d, True)
                    button.when_deactivated = lambda d, edge=edge: edge(d, False)
                    self.buttons[control] = button
                    self._devices.append(button)
            self.status_led = self._make(LED, pins.get(STATUS_LED))
            self.buzzer = self._make(Buzzer, pins.get(BUZZER))
            self.seat_leds = {
                seat: self._make(LED, pins[key]) for key, seat in SEAT_LED_KEYS.items() if key in pins
            }
        except Exception:
            self.close()
            raise

    @property
    def name(self) -> str:
        """The backend and the pin library in use, e.g. 'gpio (LGPIOFactory)'."""
        return f"gpio ({type(self.factory).__name__})"

    def _make(self, cls, pin):
        if pin is None:
            return None
        device = cls(pin, pin_factory=self.factory)
        self._devices.append(device)
        return device

    def show(self, state: OutputState) -> None:
        _set_led(self.status_led, state.status)
        for seat, led in self.seat_leds.items():
            _set_led(led, state.seat(seat))

    def beep(self, seconds: float) -> None:
        if self.buzzer is not None:
            self.buzzer.beep(on_time=seconds, off_time=seconds, n=1, background=True)

    def close(self) -> None:
        for device in self._devices:
            try:
                device.close()
            except Exception:  # closing must never stop the app from closing
                log.exception("closing %s failed", device)
        self._devices = []


def _set_led(led, mode: LedMode) -> None:
    if led is None:
        return
    if mode is LedMode.ON:
        led.on()
    elif mode is LedMode.BLINK:
        led.blink(on_time=BLINK_SECONDS, off_time=BLINK_SECONDS, background=True)
    else:
        led.off()
