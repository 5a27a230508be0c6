"""The GPIO backend on gpiozero's MockFactory, the outputs, and the backend choice."""

from __future__ import annotations

import queue
import time

import pytest
from gpiozero.pins.mock import MockFactory

from hw.backend import open_hardware
from hw.controls import Control, Kind
from hw.outputs import LedMode
from hw.pins import DEFAULT_PINS

PINS = {**DEFAULT_PINS, "seat1": 4, "seat_led1": 12, "seat_led2": 16}


@pytest.fixture
def mock_hw():
    events = queue.Queue()
    hardware = open_hardware("mock", PINS, events.put, debounce=0.03, hold_time=0.3, env={})
    yield hardware, hardware.mock_factory, events
    hardware.close()


def drain(events, wait=0.0):
    time.sleep(wait)
    out = []
    while not events.empty():
        out.append(events.get())
    return [(e.control, e.kind, e.source) for e in out]


def next_event(events):
    e = events.get(timeout=5)
    return e.control, e.kind


def test_mock_backend_is_the_gpio_backend_on_mock_pins(mock_hw):
    hardware, factory, _ = mock_hw
    assert isinstance(factory, MockFactory)
    assert hardware.backends == ["keyboard", "gpio (MockFactory)"]
    assert hardware.has_physical_outputs


def test_button_pulled_to_ground_is_a_press_and_released_is_a_release(mock_hw):
    _, factory, events = mock_hw
    factory.pin(PINS["ok"]).drive_low()
    assert drain(events) == [(Control.OK, Kind.PRESS, "gpio")]
    time.sleep(0.05)
    factory.pin(PINS["ok"]).drive_high()
    assert drain(events) == [(Control.OK, Kind.RELEASE, "gpio")]


def test_seat_button_on_gpio_is_a_seat_control(mock_hw):
    _, factory, events = mock_hw
    factory.pin(4).drive_low()
    assert drain(events) == [(Control.SEAT1, Kind.PRESS, "gpio")]


@pytest.fixture
def slow_debounce():
    """A long debounce, so a busy test machine cannot stretch a bounce past it."""
    events = queue.Queue()
    hardware = open_hardware("mock", PINS, events.put, debounce=0.4, hold_time=5, env={})
    yield hardware.mock_factory, events
    hardware.close()


def test_bouncing_contact_gives_one_press(slow_debounce):
    factory, events = slow_debounce
    pin = factory.pin(PINS["up"])
    for _ in range(5):
        pin.drive_low()
        pin.drive_high()
    pin.drive_low()
    assert drain(events, wait=0.6) == [(Control.UP, Kind.PRESS, "gpio")]


def test_bounce_on_release_gives_one_release(slow_debounce):
    factory, events = slow_debounce
    pin = factory.pin(PINS["down"])
    pin.drive_low()
    time.sleep(0.5)
    for _ in range(4):
        pin.drive_high()
        pin.drive_low()
    pin.drive_high()
    assert [k for _, k, _ in drain(events, wait=0.6)] == [Kind.PRESS, Kind.RELEASE]


def test_held_gpio_button_sends_hold_then_release(mock_hw):
    _, factory, events = mock_hw
    factory.pin(PINS["back"]).drive_low()
    assert next_event(events) == (Control.BACK, Kind.PRESS)
    assert next_event(events) == (Control.BACK, Kind.HOLD)
    factory.pin(PINS["back"]).drive_high()
    event = events.get(timeout=5)
    assert (event.kind, event.after_hold) == (Kind.RELEASE, True)


def test_gpio_buttons_start_no_hold_threads(mock_hw):
    """Issue 19: gpiozero's ``Button`` starts one thread per button that wakes every 0.1 s
    to look for holds; the app detects holds itself (``ControlInput``), so the GPIO buttons
    are plain input devices and an idle table starts no such thread."""
    import threading

    hardware, _, _ = mock_hw
    assert len(hardware.gpio.buttons) == 7
    hold_threads = [t for t in threading.enumerate() if type(t).__name__ == "HoldThread"]
    assert hold_threads == []


def test_status_and_seat_leds_follow_the_output_state(mock_hw):
    hardware, factory, _ = mock_hw
    outputs = hardware.outputs
    assert not factory.pin(PINS["status_led"]).state
    outputs.set_status(LedMode.ON)
    assert factory.pin(PINS["status_led"]).state
    outputs.set_seat(2, LedMode.ON)
    assert factory.pin(16).state and not factory.pin(12).state
    outputs.set_all(LedMode.OFF)
    assert not any(factory.pin(p).state for p in (PINS["status_led"], 12, 16))
    with pytest.raises(ValueError):
        outputs.set_seat(9, LedMode.ON)


def test_blinking_led_turns_on_and_off(mock_hw):
    hardware, factory, _ = mock_hw
    hardware.outputs.set_status(LedMode.BLINK)
    pin = factory.pin(PINS["status_led"])
    seen = set()
    deadline = time.monotonic() + 3
    while len(seen) < 2 and time.monotonic() < deadline:
        seen.add(bool(pin.state))
        time.sleep(0.02)
    assert seen == {True, False}


def test_beep_sounds_the_buzzer_unless_sound_is_off(mock_hw):
    hardware, factory, _ = mock_hw
    pin = factory.pin(PINS["buzzer"])
    hardware.outputs.beep(0.05)
    assert hardware.outputs.state.beeps == 1
    deadline = time.monotonic() + 2
    while not pin.state and time.monotonic() < deadline:
        time.sleep(0.002)
    assert pin.state or any(state for _, state in pin.states)
    hardware.outputs.sound = False
    hardware.outputs.beep()
    assert hardware.outputs.state.beeps == 1


def test_close_releases_the_pins_for_reuse():
    factory = MockFactory()
    from hw.gpio import GpioBackend
    from hw.inputs import ControlInput

    control_input = ControlInput(lambda e: None, threaded=False)
    first = GpioBackend(PINS, control_input, 0.03, factory=factory)
    first.close()
    second = GpioBackend(PINS, control_input, 0.03, factory=factory)  # would raise if still held
    second.close()


def test_a_pin_in_use_elsewhere_falls_back_to_the_keyboard_and_frees_the_rest(monkeypatch):
    import hw.gpio
    from gpiozero import Button

    factory = MockFactory()
    squatter = Button(DEFAULT_PINS["ok"], pin_factory=factory)
    monkeypatch.setattr(hw.gpio, "default_factory", lambda: factory)
    hardware = open_hardware("gpio", DEFAULT_PINS, lambda e: None, env={}, threaded=False)
    try:
        assert hardware.backends == ["keyboard"]
        assert hardware.notices == [("notice.gpio_fallback",
                                     {"reason": "gpio_problem.pin_in_use"})]
        Button(DEFAULT_PINS["up"], pin_factory=factory).close()  # not left reserved
    finally:
        hardware.close()
        squatter.close()


def test_auto_on_a_machine_without_gpio_uses_the_keyboard_quietly():
    hardware = open_hardware("auto", DEFAULT_PINS, lambda e: None, env={}, threaded=False)
    try:
        assert hardware.backends == ["keyboard"]
        assert hardware.notices == []
        assert not hardware.has_physical_outputs
    finally:
        hardware.close()


def test_auto_on_a_board_whose_gpio_fails_says_so_on_screen(monkeypatch, caplog, make_app):
    """Issue 34: a Pi (with a GPIO chip) whose pins cannot be opened was logged at INFO
    only, nothing on screen, so dead buttons looked like a wiring fault. It is an error in
    the log, a notice on Home in the UI's language, and the hardware test's first line."""
    import hw.backend
    import hw.gpio
    from gpiozero.exc import BadPinFactory
    from conftest import play, record_text

    def no_library():
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(hw.backend, "has_gpio_chip", lambda: True)
    monkeypatch.setattr(hw.backend, "is_raspberry_pi", lambda: True)
    monkeypatch.setattr(hw.gpio, "default_factory", no_library)
    hardware = open_hardware("auto", DEFAULT_PINS, lambda e: None, env={}, threaded=False)
    try:
        assert hardware.backends == ["keyboard"] and hardware.gpio_problem == "no_library"
        assert hardware.notices == [("notice.gpio_fallback",
                                     {"reason": "gpio_problem.no_library"})]
        assert any(r.levelname == "ERROR" and "BadPinFactory" in r.getMessage()
                   for r in caplog.records)
    finally:
        hardware.close()
    app = make_app('[hardware]\nbackend = "auto"\n', env={}, language="ko")
    reason = app.t("gpio_problem.no_library")
    assert app.notice_texts() == [app.t("notice.gpio_fallback", reason=reason)]
    assert "BadPinFactory" not in app.notice_texts()[0] and "(lgpio)" in reason
    play(app, "TAP @settings\nEXPECT settings\nTAP @hwtest\nEXPECT hwtest")
    drawn = record_text(app)
    app.render()
    assert app.t("hwtest.gpio_off", reason=reason) in drawn


def test_asking_for_gpio_without_gpio_says_so():
    hardware = open_hardware("gpio", DEFAULT_PINS, lambda e: None, env={}, threaded=False)
    try:
        assert hardware.backends == ["keyboard"]
        assert [key for key, _ in hardware.notices] == ["notice.gpio_fallback"]
    finally:
        hardware.close()


def test_environment_overrides_the_configured_backend():
    hardware = open_hardware("keyboard", DEFAULT_PINS, lambda e: None,
                             env={"COMPANION_HW": "mock"}, threaded=False)
    try:
        assert hardware.mock_factory is not None
    finally:
        hardware.close()


def test_unknown_backend_name_falls_back_to_auto_with_a_notice():
    hardware = open_hardware("auto", DEFAULT_PINS, lambda e: None,
                             env={"COMPANION_HW": "gpoi"}, threaded=False)
    try:
        assert ("notice.hw_unknown", {"name": "gpoi", "choices": "auto, gpio, keyboard, mock"}) \
            in hardware.notices
        assert hardware.backends == ["keyboard"]
    finally:
        hardware.close()


def test_a_gpio_edge_is_timed_by_the_pin_library_s_stamp(monkeypatch):
    """The callback thread ran 0.5 s after the pin changed (a loaded machine): the press counts
    from the pin library's stamp, so with a hold time of 0.3 s it is already a hold."""
    from hw.clock import VirtualClock

    events, clock = [], VirtualClock()
    hardware = open_hardware("mock", PINS, events.append, debounce=0.03, hold_time=0.3, env={},
                             threaded=False, clock=clock)
    try:
        factory = hardware.mock_factory
        monkeypatch.setattr(factory, "ticks", lambda: time.monotonic() + 0.5)
        factory.pin(PINS["ok"]).drive_low()
        hardware.input.pump()
        assert [(e.control, e.kind) for e in events] == [(Control.OK, Kind.PRESS),
                                                         (Control.OK, Kind.HOLD)]
    finally:
        hardware.close()
