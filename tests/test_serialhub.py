"""The seat hub over USB serial, against the simulator on a real pty: handshake, presses at
every seat, lights, buzzer, heartbeat timeout, unplug (the pty's master side closed, as a real
unplug behaves) and reconnect, auto-detection, an exclusive port, garbage; the protocol's
checks by hypothesis; a Citadels draft driven entirely from seat buttons."""

from __future__ import annotations

from hw.clock import REAL

import time
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hw.controls import Control, Kind
from hw.hubproto import (FROM_HUB, MAX_LINE, PROTOCOL, TO_HUB, LineBuffer, SeqCheck, checksum,
                         decode, encode, legacy_hello)
from hw.hubsim import HubSim
from hw.inputs import ControlInput
from hw.outputs import LedMode, Outputs
from hw.serialhub import SeatHub, find_hub, parse_usb_id

FAST = dict(heartbeat=0.2, timeout=1.2, retry=0.2)


def wait_for(condition, seconds: float = 3.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


@pytest.fixture
def rig(tmp_path):
    """A simulated hub on a pty behind a stable link, and a driver on that link."""
    events = []
    control_input = ControlInput(events.append, hold_time=0.2)
    sim = HubSim(tmp_path / "hub").start()
    hub = SeatHub(str(tmp_path / "hub"), control_input, **FAST)
    outputs = Outputs(drivers=[hub])
    assert wait_for(lambda: hub.status.connected)
    yield SimpleNamespace(sim=sim, hub=hub, events=events, outputs=outputs, link=tmp_path / "hub")
    hub.close()
    sim.stop()
    control_input.close()


def seat_events(events):
    return [(e.control.seat, e.kind) for e in events if e.control.seat]


# --- the protocol ---------------------------------------------------------------------------------

messages = st.one_of(
    st.builds(lambda s, n: (s, "DOWN", (n,)), st.integers(0, 255), st.integers(1, 8)),
    st.builds(lambda s, n: (s, "UP", (n,)), st.integers(0, 255), st.integers(1, 8)),
    st.builds(lambda s, n: (s, "PING", (n,)), st.integers(0, 255), st.integers(0, 999)),
    st.builds(lambda s, n, c, m: (s, "LIGHT", (n, c, m)), st.integers(0, 255),
              st.integers(1, 8), st.from_regex(r"[0-9A-F]{6}", fullmatch=True),
              st.sampled_from(["STEADY", "PULSE", "OFF"])),
    st.builds(lambda s, f, n: (s, "HELLO", (PROTOCOL, f, n)), st.integers(0, 255),
              st.from_regex(r"[a-z0-9.\-]{1,10}", fullmatch=True), st.integers(1, 8)),
    st.builds(lambda s, n, m: (s, "PONG", (n, m)), st.integers(0, 255), st.integers(0, 999),
              st.integers(0, 255)))


@given(messages)
def test_every_message_survives_the_line(message):
    seq, word, args = message
    line = encode(seq, word, *args)
    assert len(line) <= MAX_LINE and line.endswith(b"\n")
    decoded = decode(line)
    assert (decoded.seq, decoded.word, decoded.args) == (seq, word, args)


@given(messages, st.data())
def test_a_corrupted_or_truncated_line_is_never_a_message(message, data):
    line = encode(message[0], message[1], *message[2])
    position = data.draw(st.integers(0, len(line) - 2))  # anything but the final newline
    byte = data.draw(st.integers(0, 255).filter(lambda b: b != line[position]))
    corrupted = line[:position] + bytes([byte]) + line[position + 1:]
    assert decode(corrupted) is None
    cut = data.draw(st.integers(1, len(line) - 2))  # shorter than the line without its newline
    assert decode(line[:cut]) is None


@given(st.binary(max_size=200))
def test_garbage_never_raises_and_is_never_a_press(data):
    for line in LineBuffer().feed(data):
        message = decode(line, FROM_HUB)
        assert message is None or message.word not in ("DOWN", "UP")


def test_checksum_and_sequence_bookkeeping():
    assert checksum(b"7 DOWN 3") == 0x6D77E916  # binascii.crc32
    seq = SeqCheck()
    assert seq.accept(5) and not seq.accept(5)  # a repeat is dropped
    assert seq.accept(8) and seq.lost == 2
    assert seq.accept(0) and seq.lost == 2 + 247  # wraps round at 256
    assert decode(encode(1, "LIGHT", 3, "ffffff", "STEADY"), TO_HUB) is None  # lower case
    assert decode(encode(1, "LIGHT", 9, "FFFFFF", "GLOW"), TO_HUB) is None
    assert decode(b"1 DOWN 3*16\n" * 10) is None  # far too long


def test_the_protocol_documents_example_lines_are_good_lines():
    from conftest import ROOT

    text = (ROOT / "docs" / "serial-protocol.md").read_text(encoding="utf-8")
    lines = [line.split(maxsplit=3)[3].split("  ")[0] for line in text.splitlines()
             if line.startswith(("Pi  → hub", "hub → Pi"))]  # a note may follow two spaces
    assert len(lines) == 11
    good = [line for line in lines if decode(line.encode() + b"\n") is not None]
    probes = [line for line in lines if legacy_hello(line.encode() + b"\n") is not None]
    assert len(good) == 10 and len(probes) == 1, lines  # the version 1 probe after HELLO

def test_a_line_without_end_is_cut_and_dropped():
    buffer = LineBuffer()
    assert buffer.feed(b"x" * (MAX_LINE + 5)) == [b"x" * (MAX_LINE + 5)]
    assert buffer.feed(encode(1, "UP", 2)) == [encode(1, "UP", 2)]


# --- the driver against the simulator ---------------------------------------------------------------

def test_handshake_reports_the_firmware_and_seats(rig):
    status = rig.hub.status
    assert status.connected and status.firmware == "sim-1" and status.seats == 8
    assert status.port == str(rig.link) and status.problem is None
    assert rig.sim.received[0].word == "HELLO"


def test_presses_at_every_seat_become_seat_controls(rig):
    for seat in range(1, 9):
        rig.sim.tap(seat)
    assert wait_for(lambda: len(seat_events(rig.events)) == 16)
    got = seat_events(rig.events)
    # the presses in the order they were made, and each seat a tap; but a release may come
    # after the next seat's press: a DOWN read late (a busy machine) starts the Pi's debounce
    # late, and its UP, read in time, waits out the lock-out while the next DOWN counts at once
    assert [s for s, kind in got if kind is Kind.PRESS] == list(range(1, 9))
    for seat in range(1, 9):
        assert [k for s, k in got if s == seat] == [Kind.PRESS, Kind.RELEASE], got
    assert {e.source for e in rig.events} == {"hub"}


def test_lines_that_arrived_together_are_timed_by_their_arrival(tmp_path, monkeypatch):
    """A DOWN and its UP read together; handling the DOWN took 0.5 s (hold time 0.2 s). The UP
    arrived with it, so the press was a tap, however late the reader got to it."""
    events = []
    control_input = ControlInput(events.append, hold_time=0.2, threaded=False)
    sim = HubSim(tmp_path / "hub").start()
    hub = SeatHub(str(tmp_path / "hub"), control_input, **FAST)
    handle = hub._handle

    def slow(line: bytes) -> None:
        handle(line)
        if b"DOWN" in line:
            time.sleep(0.5)

    try:
        assert wait_for(lambda: hub.status.connected)
        monkeypatch.setattr(hub, "_handle", slow)
        sim.burst(("DOWN", 2), ("UP", 2))
        assert wait_for(lambda: events and not hub.status.pressed)  # the UP was read
        time.sleep(0.1)  # and handed on (the status is set just before)
        control_input.pump()  # the debounce lock-out's end
        assert seat_events(events) == [(2, Kind.PRESS), (2, Kind.RELEASE)]
        assert not events[-1].after_hold
    finally:
        hub.close()
        sim.stop()


def test_a_held_seat_button_is_a_hold(rig):
    rig.sim.press(4)
    assert wait_for(lambda: (4, Kind.HOLD) in seat_events(rig.events))
    assert rig.hub.status.pressed == {4}
    rig.sim.release(4)
    assert wait_for(lambda: (4, Kind.RELEASE) in seat_events(rig.events))


def test_a_pong_never_contradicts_the_presses_sent_before_it(monkeypatch):
    """The simulator takes a PONG's mask and sends it in one step, as the firmware's single loop
    does. Here a press comes from another thread just after the mask was taken: its DOWN must
    not go out ahead of that PONG, or the driver, reading a PONG that says the seat is up after
    its DOWN, lets go of a seat still held down (and a long press is lost)."""
    import threading

    import serial

    from hw import hubsim
    from hw.hubproto import mask_seats

    sim = HubSim().start()
    taken = hubsim.pressed_mask
    pressers: list[threading.Thread] = []

    def mask_then_a_press(seats):
        mask = taken(seats)
        if not pressers:
            pressers.append(threading.Thread(target=sim.press, args=(3,)))
            pressers[0].start()
            pressers[0].join(1.0)  # a press let through here sends its DOWN before the PONG
        return mask

    monkeypatch.setattr(hubsim, "pressed_mask", mask_then_a_press)
    port = serial.Serial(sim.port, timeout=0.1)
    try:
        port.write(encode(0, "PING", 1))
        buffer, messages = LineBuffer(), []
        end = time.monotonic() + 5
        while len(messages) < 2 and time.monotonic() < end:
            messages += [decode(line, FROM_HUB) for line in buffer.feed(port.read(64))]
        assert sorted(m.word for m in messages) == ["DOWN", "PONG"], messages
        down: set[int] = set()
        for message in messages:  # what the driver makes of them, line by line
            if message.word == "DOWN":
                down.add(message.args[0])
            else:
                assert mask_seats(message.args[1], 8) == down, messages
    finally:
        port.close()
        sim.stop()


def test_lights_and_the_buzzer_reach_the_hub(rig):
    rig.outputs.set_seat(3, LedMode.BLINK, "2080FF")
    rig.outputs.set_seat(5, LedMode.ON, "FFB000")
    assert wait_for(lambda: rig.sim.lights == {3: ("2080FF", "PULSE"), 5: ("FFB000", "STEADY")})
    rig.outputs.set_seats({1: (LedMode.ON, "FFFFFF")})
    assert wait_for(lambda: rig.sim.lights == {1: ("FFFFFF", "STEADY")})
    rig.outputs.beep(0.06)
    assert wait_for(lambda: rig.sim.buzzes == [60])


def test_a_silent_hub_times_out_and_comes_back(rig):
    rig.sim.silent = True  # no PONG, no HELLO
    assert wait_for(lambda: not rig.hub.status.connected, 3)
    assert "answering" in rig.hub.status.problem or "HELLO" in rig.hub.status.problem
    time.sleep(0.5)
    assert not rig.hub.status.connected
    rig.sim.silent = False
    assert wait_for(lambda: rig.hub.status.connected, 3)


def test_unplug_lets_go_of_held_seats_and_replug_reconnects_within_two_seconds(rig):
    rig.outputs.set_seat(2, LedMode.ON, "FFFFFF")
    rig.sim.press(6)
    assert wait_for(lambda: (6, Kind.PRESS) in seat_events(rig.events))
    rig.sim.unplug()
    assert wait_for(lambda: not rig.hub.status.connected, 2)
    assert wait_for(lambda: (6, Kind.RELEASE) in seat_events(rig.events))
    rig.sim.plug()
    back = time.monotonic()
    assert wait_for(lambda: rig.hub.status.connected, 3)
    assert time.monotonic() - back < 2.0
    assert wait_for(lambda: rig.sim.lights == {2: ("FFFFFF", "STEADY")})  # told again
    rig.sim.tap(1)
    assert wait_for(lambda: (1, Kind.RELEASE) in seat_events(rig.events))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.lists(st.binary(min_size=1, max_size=80), min_size=1, max_size=4))
def test_garbage_on_the_line_presses_nothing(rig, junk):
    time.sleep(0.1)  # the last example's tap is past the Pi's debounce: this one is not bounce
    rig.events.clear()
    for chunk in junk:
        rig.sim.send_raw(chunk)
    rig.sim.send_raw(b"\n")
    rig.sim.tap(8)  # a marker: once it arrives, the garbage before it has been read
    assert wait_for(lambda: (8, Kind.RELEASE) in seat_events(rig.events))
    assert {seat for seat, _ in seat_events(rig.events)} == {8}
    assert rig.hub.status.connected


def test_damaged_lines_are_counted(rig):
    before = rig.hub.status.dropped
    rig.sim.send_raw(b"3 DOWN 2*00000000\n")
    rig.sim.send_raw(b"\x00\xff garbage\n")
    assert wait_for(lambda: rig.hub.status.dropped == before + 2)
    assert not seat_events(rig.events)


def test_the_port_is_opened_exclusively(rig):
    other = SeatHub(str(rig.link), ControlInput(lambda e: None, threaded=False), **FAST)
    try:
        assert wait_for(lambda: other.status.problem is not None)
        assert not other.status.connected and "cannot open" in other.status.problem
        assert rig.hub.status.connected
    finally:
        other.close()


def test_auto_finds_the_hub_by_its_usb_id(tmp_path, monkeypatch):
    from serial.tools import list_ports

    sim = HubSim().start()
    ports = [SimpleNamespace(device="/dev/ttyS9", vid=None, pid=None),
             SimpleNamespace(device=sim.port, vid=0x2E8A, pid=0x0005)]
    monkeypatch.setattr(list_ports, "comports", lambda: ports)
    assert find_hub(parse_usb_id("2e8a:0005")) == sim.port
    assert find_hub((0x1234, 0x5678)) is None
    hub = SeatHub("auto", ControlInput(lambda e: None, threaded=False), **FAST)
    try:
        assert wait_for(lambda: hub.status.connected)
        assert hub.status.port == sim.port
    finally:
        hub.close()
        sim.stop()


def test_no_hub_and_a_url_without_a_hub_are_explained():
    quiet = ControlInput(lambda e: None, threaded=False)
    missing = SeatHub("/dev/does-not-exist", quiet, **FAST)
    loop = SeatHub("loop://", quiet, **FAST)  # opened through serial_for_url; nothing answers
    try:
        assert wait_for(lambda: missing.status.problem and loop.status.problem)
        assert "cannot open" in missing.status.problem
        assert "HELLO" in loop.status.problem
        assert not missing.status.connected and not loop.status.connected
    finally:
        missing.close()
        loop.close()


def test_heartbeats_keep_going_while_idle(rig):
    start = len([m for m in rig.sim.received if m.word == "PING"])
    time.sleep(1.0)
    assert len([m for m in rig.sim.received if m.word == "PING"]) - start >= 3  # every 0.2 s
    assert rig.hub.status.connected


# --- the app ---------------------------------------------------------------------------------------

def test_config_takes_the_hub_and_rejects_bad_values(tmp_path):
    from ui.config import load_config

    path = tmp_path / "c.toml"
    path.write_text('[hardware]\nhub = "/dev/serial/by-id/usb-hub"\nhub_usb_id = "2E8A:000A"\n')
    config = load_config(path, env={})
    assert (config.hub, config.hub_usb_id, config.errors) == ("/dev/serial/by-id/usb-hub",
                                                               "2e8a:000a", ())
    path.write_text('[hardware]\nhub = 3\nhub_usb_id = "pico"\n')
    errors = load_config(path, env={}).errors
    assert any("hardware.hub" in e for e in errors) and any("hub_usb_id" in e for e in errors)


def test_unplugged_hub_shows_a_notice_and_the_app_goes_on(make_app, tmp_path):
    from conftest import play, record_text

    sim = HubSim(tmp_path / "hub").start()
    app = make_app(env={"COMPANION_HW": "mock", "COMPANION_HUB": str(tmp_path / "hub")},
                   clock=REAL)
    try:
        assert wait_for(lambda: app.hw.hub.status.connected)
        assert "seat hub" in app.hw.backends
        sim.unplug()
        assert wait_for(lambda: not app.hw.hub.status.connected)
        drawn = record_text(app)
        app.render()
        assert app.t("notice.hub_off") in drawn
        play(app, "TAP @settings\nEXPECT settings\nTAP @about\nEXPECT about")
        drawn.clear()
        app.render()
        assert str(tmp_path / "hub") in "".join(drawn)  # the port (wrapped if long)
        sim.plug()
        assert wait_for(lambda: app.hw.hub.status.connected)
        play(app, "BACK\nTAP @hwtest\nEXPECT hwtest")
        sim.tap(5)
        assert wait_for(lambda: (app.settle() or True) and app.top.counts[Control.SEAT5] == 1)
        play(app, "TAP @colours")
        assert wait_for(lambda: sim.lights.get(1) == ("FF2020", "STEADY"))
    finally:
        sim.stop()


def test_a_citadels_draft_driven_entirely_from_seat_buttons(make_app, tmp_path):
    """After setup, only the seat hub's buttons: the pulsing seat opens its gate, a long press
    reveals, presses move between the cards, a hold chooses, a hold confirms, the next seat's
    press goes on; the lights show who is next and whose screen is open."""
    from conftest import play

    sim = HubSim(tmp_path / "hub").start()
    app = make_app(env={"COMPANION_HW": "mock", "COMPANION_HUB": str(tmp_path / "hub")},
                   clock=REAL)

    def settle_until(condition, seconds=4.0):
        return wait_for(lambda: (app.settle() or True) and condition(), seconds)

    def long_press(seat, done):
        """Held until the app has done what the hold does (``done``), then let go: the app
        times the hold from when the driver read the DOWN, however late a busy machine reads
        it, and nothing here guesses how long that takes."""
        sim.press(seat)
        assert settle_until(done), app.top.name
        sim.release(seat)

    try:
        assert wait_for(lambda: app.hw.hub.status.connected)
        play(app, "TAP @citadels\nEXPECT citadels-setup\nTAP @start")
        assert settle_until(lambda: app.top.name in ("draft-public", "gate"))
        controller = next(s.controller for s in app.stack if s.name == "draft-public")
        picks = 0
        while controller.phase == "draft" and picks < 20:
            seat = controller.draft_public().turn.seat
            if app.top.name == "draft-public":
                assert settle_until(lambda s=seat: sim.lights.get(s) == ("2080FF", "PULSE"))
                sim.tap(seat)
                assert settle_until(lambda: app.top.name == "gate")
            if app.top.name == "gate":  # (with 2-3 players a seat may go on privately)
                assert app.top.seat == seat
                long_press(seat, lambda: app.top.name == "draft-private")
            assert app.top.name == "draft-private" and app.top.seat == seat
            assert settle_until(lambda s=seat: sim.lights.get(s) == ("FFFFFF", "STEADY"))
            offered = controller.draft_view(seat).offered
            before = app.top.focus
            sim.tap(seat)  # a short press moves to the next card
            if len(offered) > 1:
                assert settle_until(lambda b=before: app.top.focus != b)
            long_press(seat, lambda: app.top.name == "draft-confirm")  # choose it
            chosen = app.top.decision.character
            assert chosen in offered
            long_press(seat, lambda: app.top.name != "draft-confirm")  # confirm
            picks += 1
            assert settle_until(lambda: app.top.name in ("wipe", "draft-private", "calling")), \
                app.top.name
            if app.top.name == "wipe":
                following = app.top.next_seat
                sim.tap(following or 1)
                assert settle_until(lambda: app.top.name in ("gate", "calling"))
        assert picks >= 4 and controller.phase == "calling"
        assert settle_until(lambda: app.top.name == "calling"), [s.name for s in app.stack]
    finally:
        sim.stop()


def test_the_calling_lights_the_crown_gold_and_the_called_seat_white(make_app):
    from companion.citadels.charset import first_game
    from ui.screens.citadels.calling import CallingScreen
    from ui.screens.citadels.controller import CitadelsController
    from ui.screens.citadels.navigator import Navigator
    from ui.seat_lights import CROWN, TURN

    app = make_app()
    game = CitadelsController.new(app, "2016", 5, first_game("2016", 5), 2,
                                  [f"P{n}" for n in range(1, 6)])
    while game.phase == "draft":
        game.confirm(game.legal()[0])
    app.push(CallingScreen(app, game, Navigator(app, game)))
    app.render()
    view = game.calling_public()
    state = app.hw.outputs.state
    lit = {seat: (state.seat(seat), state.colour(seat)) for seat in range(1, 9)
           if state.seat(seat) is not LedMode.OFF}
    expected = {view.crown: CROWN}
    if view.actor:
        expected[view.actor] = TURN
    assert lit == expected
    app.pop()
    app.render()
    assert all(m is LedMode.OFF for m in app.hw.outputs.state.seats)  # home: all dark


def test_the_simulator_takes_seat_presses_from_the_keyboard(tmp_path):
    import subprocess
    import sys

    from conftest import ROOT

    link = tmp_path / "hub"
    sim = subprocess.Popen([sys.executable, "-m", "hw.hubsim", "--link", str(link)], cwd=ROOT,
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    events = []
    control_input = ControlInput(events.append, hold_time=0.2)
    try:
        assert wait_for(link.exists, 5)
        hub = SeatHub(str(link), control_input, **FAST)
        assert wait_for(lambda: hub.status.connected, 5)
        hub.show(replace_state(3))
        sim.stdin.write("7\nh2\n")
        sim.stdin.flush()
        assert wait_for(lambda: (2, Kind.RELEASE) in seat_events(events), 5)
        # each seat's own order; between seats it depends on when the lines arrive: on a busy
        # machine the three lines come together and the tap's release waits out the debounce
        assert [e for e in seat_events(events) if e[0] == 7] == [(7, Kind.PRESS),
                                                                 (7, Kind.RELEASE)]
        assert (2, Kind.HOLD) in seat_events(events)
        hub.close()
        out, _ = sim.communicate("q\n", timeout=5)
        assert "seat 3: pulse #2080FF" in out  # it prints the lights it is asked to show
    finally:
        if sim.poll() is None:
            sim.kill()
        control_input.close()


def replace_state(seat: int):
    from hw.outputs import OutputState

    state = OutputState()
    seats = list(state.seats)
    colours = list(state.colours)
    seats[seat - 1], colours[seat - 1] = LedMode.BLINK, "2080FF"
    return OutputState(seats=tuple(seats), colours=tuple(colours))
