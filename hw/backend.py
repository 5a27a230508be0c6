"""Chooses the backends from config and what is present, with a logged fallback.

``COMPANION_HW`` (auto | gpio | keyboard | mock) overrides the config's ``backend``:
- ``auto``: GPIO if gpiozero finds a pin library and a GPIO chip, else keyboard with one log line;
- ``gpio``: GPIO or a clear error notice (the app still runs on the keyboard);
- ``keyboard``: keyboard (and touch) only;
- ``mock``: gpiozero's MockFactory, for tests and demos; pins can be driven from code.

The keyboard is always on: the UI turns key presses into the same controls.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from .inputs import ControlInput, Sink
from .outputs import Outputs

log = logging.getLogger(__name__)

CHOICES = ("auto", "gpio", "keyboard", "mock")


@dataclass
class Hardware:
    """Everything the UI needs from the hardware layer."""

    input: ControlInput
    outputs: Outputs
    backends: list[str]
    notices: list[str] = field(default_factory=list)
    mock_factory: object | None = None  # gpiozero MockFactory when backend is "mock"
    gpio: object | None = None  # the GpioBackend, if any
    hub: object | None = None  # the SeatHub, if one is configured

    @property
    def has_physical_outputs(self) -> bool:
        """Whether some LED or buzzer is driven (else the UI may draw a debug strip)."""
        return self.gpio is not None or self.hub is not None

    def close(self) -> None:
        """Turn outputs off, release pins, stop timers."""
        self.outputs.close()
        self.input.close()


def resolve_choice(configured: str, env: Mapping[str, str] = os.environ) -> tuple[str, str | None]:
    """The backend to use and a notice if the requested name was not understood."""
    requested = env.get("COMPANION_HW") or configured or "auto"
    if requested not in CHOICES:
        return "auto", f"unknown hardware backend {requested!r}; using auto ({', '.join(CHOICES)})"
    return requested, None


def open_hardware(
    choice: str,
    pins: Mapping[str, int],
    sink: Sink,
    debounce: float = 0.03,
    hold_time: float = 0.8,
    env: Mapping[str, str] = os.environ,
    threaded: bool = True,
    hub: str = "off",
    hub_usb_id: str = "2e8a:0005",
    on_hub_change=None,
) -> Hardware:
    """Open the chosen backends. Never raises for missing hardware: it falls back and says so.
    ``hub`` (``COMPANION_HUB`` overrides it): the seat hub's port, or "off". ``debounce``
    (seconds) is the same for GPIO buttons and the seat hub's."""
    choice, notice = resolve_choice(choice, env)
    notices = [notice] if notice else []
    control_input = ControlInput(sink, hold_time=hold_time, threaded=threaded)
    outputs = Outputs()
    hardware = Hardware(control_input, outputs, backends=["keyboard"], notices=notices)

    factory = None
    if choice == "mock":
        from gpiozero.pins.mock import MockFactory

        factory = hardware.mock_factory = MockFactory()
    if choice in ("auto", "gpio", "mock"):
        try:
            from .gpio import GpioBackend

            gpio = GpioBackend(pins, control_input, debounce, factory=factory)
        except Exception as exc:  # no pin library, no GPIO chip, a busy pin ...
            message = f"GPIO not available ({type(exc).__name__}: {exc}); using keyboard only"
            if choice == "auto":
                log.info(message)
            else:
                log.error(message)
                notices.append(message)
        else:
            hardware.gpio = gpio
            hardware.backends.append(gpio.name)
            outputs.drivers.append(gpio)
    hub = env.get("COMPANION_HUB") or hub
    if hub and hub != "off":
        from .serialhub import SeatHub, parse_usb_id

        hardware.hub = SeatHub(hub, control_input, parse_usb_id(hub_usb_id),
                               on_change=on_hub_change, debounce=debounce)
        hardware.backends.append("seat hub")
        outputs.drivers.append(hardware.hub)
    for notice in notices:
        log.warning(notice)
    return hardware

