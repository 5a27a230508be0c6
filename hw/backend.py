"""Chooses the backends from config and what is present, with a logged fallback.

``COMPANION_HW`` (auto | gpio | keyboard | mock) overrides the config's ``backend``:
- ``auto``: GPIO if there is a GPIO chip and gpiozero finds a pin library for it, else keyboard
  with one log line (without a chip gpiozero is not even imported: a laptop starts faster);
- ``gpio``: GPIO or a clear error notice (the app still runs on the keyboard);
- ``keyboard``: keyboard (and touch) only;
- ``mock``: gpiozero's MockFactory, for tests and demos; pins can be driven from code.

The keyboard is always on: the UI turns key presses into the same controls.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from functools import partial

from .clock import REAL, Clock
from .controls import Control
from .inputs import ControlInput, Sink
from .outputs import Outputs

log = logging.getLogger(__name__)

CHOICES = ("auto", "gpio", "keyboard", "mock")
GPIO_CHIP_FOLDER = "/dev"  # its gpiochip* devices are what every pin library of a Pi drives
BOARD_MODEL = "/proc/device-tree/model"  # "Raspberry Pi 5 Model B Rev 1.0" on a Pi


def has_gpio_chip() -> bool:
    """Whether the machine has a GPIO chip device (listed, not globbed: a glob compiles a
    pattern, 0.3 ms of start-up)."""
    try:
        return any(name.startswith("gpiochip") for name in os.listdir(GPIO_CHIP_FOLDER))
    except OSError:
        return False


def is_raspberry_pi() -> bool:
    """Whether the device tree names a Raspberry Pi: many machines have a GPIO chip (a laptop's
    pin controller, QEMU's arm64 board), but gpiozero's pin libraries drive a Pi's only."""
    try:
        with open(BOARD_MODEL, "rb") as model:
            return model.read(64).startswith(b"Raspberry Pi")
    except OSError:
        return False


class Hardware:
    """Everything the UI needs from the hardware layer (a service, not a value: see "Start-up"
    in docs/architecture.md for why it is not a dataclass)."""

    def __init__(self, input: ControlInput, outputs: Outputs, backends: list[str],
                 notices: list[tuple[str, dict]] | None = None):
        self.input = input
        self.outputs = outputs
        self.backends = backends
        # What the table should be told, as (catalogue key, fields): the UI says it in its
        # language; the log has the technical detail.
        self.notices = [] if notices is None else notices
        self.gpio_problem: str | None = None  # why GPIO did not open (a GPIO_PROBLEMS key)
        self.mock_factory: object | None = None  # gpiozero MockFactory when backend is "mock"
        self.gpio: object | None = None  # the GpioBackend, if any
        self.hub: object | None = None  # the SeatHub, if one is configured
        # What opens later, by backend ("gpio", "seat hub"): ``open_hardware``'s ``later``.
        self.pending: dict[str, Callable[[], None]] = {}

    @property
    def has_physical_outputs(self) -> bool:
        """Whether some LED or buzzer is driven, or will be once what waits for the first frame
        is open (else the UI may draw a debug strip)."""
        return self.gpio is not None or self.hub is not None or bool(self.pending)

    def has_seat_button(self, seat: int, pins: Mapping[str, int]) -> bool:
        """Whether ``seat`` has a button of its own (a GPIO seat pin, or a connected seat hub
        with that many seats): then only that button opens its private screens. Keyboard
        digits stand in for seat buttons on a laptop but do not count. ``pins``: the
        configured ones (GPIO opens just after the first frame: its seat pins will be there)."""
        if self.gpio is not None and Control.for_seat(seat) in self.gpio.buttons:
            return True
        if "gpio" in self.pending and f"seat{seat}" in pins:
            return True
        hub = self.hub
        return hub is not None and hub.status.connected and seat <= hub.status.seats

    def open_pending(self) -> list[tuple[str, dict]]:
        """Open what was left for later (GPIO, the seat hub); the notices that brings."""
        openings, self.pending = self.pending, {}
        before = len(self.notices)
        for opening in openings.values():
            opening()
        return self.notices[before:]

    def close(self) -> None:
        """Turn outputs off, release pins, stop timers."""
        self.outputs.close()
        self.input.close()


def resolve_choice(configured: str, env: Mapping[str, str] = os.environ
                   ) -> tuple[str, tuple[str, dict] | None]:
    """The backend to use and a notice if the requested name was not understood."""
    requested = env.get("COMPANION_HW") or configured or "auto"
    if requested not in CHOICES:
        log.warning("unknown hardware backend %r; using auto (%s)", requested, ", ".join(CHOICES))
        return "auto", ("notice.hw_unknown", {"name": requested, "choices": ", ".join(CHOICES)})
    return requested, None


# Why GPIO did not open, by gpiozero's exception (what the screen says; the log has the rest).
GPIO_PROBLEMS = {"GPIOPinInUse": "pin_in_use", "BadPinFactory": "no_library",
                 "PinInvalidPin": "bad_pin", "PinUnsupported": "bad_pin"}


def open_hardware(
    choice: str,
    pins: Mapping[str, int],
    sink: Sink,
    debounce: float = 0.03,
    hold_time: float = 0.8,
    env: Mapping[str, str] = os.environ,
    threaded: bool = True,
    clock: Clock = REAL,
    hub: str = "off",
    hub_usb_id: str = "2e8a:0005",
    on_hub_change=None,
    later: bool = False,
) -> Hardware:
    """Open the chosen backends. Never raises for missing hardware: it falls back and says so.
    ``hub`` (``COMPANION_HUB`` overrides it): the seat hub's port, or "off". ``debounce``
    (seconds) is the same for GPIO buttons and the seat hub's. ``later``: GPIO and the seat hub
    are opened by :meth:`Hardware.open_pending`, so that the app shows its first frame first
    (importing gpiozero is most of the start-up time left after the app's own; the hub's
    thread imports pyserial and looks for its port while the first frame is being made).
    ``threaded=False``: holds are sent when the caller's loop calls ``input.pump()`` (the app);
    ``clock``: what the edges are timed by (the app's, real or virtual)."""
    choice, notice = resolve_choice(choice, env)
    notices = [notice] if notice else []
    control_input = ControlInput(sink, hold_time=hold_time, clock=clock, threaded=threaded)
    outputs = Outputs()
    hardware = Hardware(control_input, outputs, backends=["keyboard"], notices=notices)

    if choice == "auto" and not (has_gpio_chip() and is_raspberry_pi()):
        log.info("not a Raspberry Pi with a GPIO chip (%s/gpiochip*, %s): keyboard only",
                 GPIO_CHIP_FOLDER, BOARD_MODEL)  # and no gpiozero to import
        choice = "keyboard"
    openings = {}
    if choice in ("auto", "gpio", "mock"):
        openings["gpio"] = partial(_open_gpio, hardware, choice, pins, debounce)
    hub = env.get("COMPANION_HUB") or hub
    if hub and hub != "off":
        openings["seat hub"] = partial(_open_hub, hardware, hub, hub_usb_id, on_hub_change,
                                       debounce)
    if later:
        hardware.pending = openings
    else:
        for opening in openings.values():
            opening()
    return hardware


def _open_hub(hardware: Hardware, port: str, usb_id: str, on_change, debounce: float) -> None:
    """The seat hub into ``hardware``: its thread keeps looking for it and reconnects."""
    from .serialhub import SeatHub, parse_usb_id

    hardware.hub = SeatHub(port, hardware.input, parse_usb_id(usb_id), on_change=on_change,
                           debounce=debounce)
    hardware.backends.append("seat hub")
    hardware.outputs.drivers.append(hardware.hub)
    hardware.hub.show(hardware.outputs.state)  # what was set before it was open


def _open_gpio(hardware: Hardware, choice: str, pins: Mapping[str, int], debounce: float) -> None:
    """The GPIO backend into ``hardware``, or the notice why not."""
    if choice == "mock":
        from gpiozero.pins.mock import MockFactory

        hardware.mock_factory = MockFactory()
    try:
        from .gpio import GpioBackend

        gpio = GpioBackend(pins, hardware.input, debounce, factory=hardware.mock_factory)
    except Exception as exc:  # no pin library, a busy pin, a pin the board lacks ...
        # "auto" got here only on a Pi with a GPIO chip: its buttons are dead.
        log.error("GPIO not available (%s: %s); the touchscreen and keyboard only",
                  type(exc).__name__, exc)
        hardware.gpio_problem = GPIO_PROBLEMS.get(type(exc).__name__, "failed")
        hardware.notices.append(("notice.gpio_fallback",
                                 {"reason": f"gpio_problem.{hardware.gpio_problem}"}))
        return
    hardware.gpio = gpio
    hardware.backends.append(gpio.name)
    hardware.outputs.drivers.append(gpio)
    gpio.show(hardware.outputs.state)  # what was set before it was open

