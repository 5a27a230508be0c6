"""The seat hub driver with protocol version 2, against the simulator on a real pty: a lost UP
heals within a heartbeat (the PONG's mask), the hub's presses are debounced like GPIO's, a hung
hub that still sends noise and button lines is dropped after ``timeout``, and a version 1 hub is
refused with one log line and a status that says what to do."""

from __future__ import annotations

import logging
import threading
import time
from types import SimpleNamespace

import pytest

from hw.controls import Kind
from hw.hubsim import HubSim
from hw.inputs import ControlInput
from hw.serialhub import SeatHub
from test_serialhub import FAST, seat_events, wait_for

HEARTBEAT, TIMEOUT = 0.5, 1.6  # the driver's own defaults: the times the protocol promises
MARGIN = 0.3  # the read timeout (0.1 s) and a busy test machine


@pytest.fixture
def rig(tmp_path):
    """A simulated hub and a driver with the real heartbeat and timeout."""
    events = []
    control_input = ControlInput(events.append, hold_time=5.0)
    sim = HubSim(tmp_path / "hub").start()
    changes = []
    hub = SeatHub(str(tmp_path / "hub"), control_input, heartbeat=HEARTBEAT, timeout=TIMEOUT,
                  retry=0.2, on_change=changes.append)
    assert wait_for(lambda: hub.status.connected)
    yield SimpleNamespace(sim=sim, hub=hub, events=events, changes=changes)
    hub.close()
    sim.stop()
    control_input.close()


def events_of(rig, seat: int) -> list[Kind]:
    return [kind for s, kind in seat_events(rig.events) if s == seat]


def test_a_lost_up_is_healed_by_the_next_pong(rig):
    rig.sim.press(3)
    assert wait_for(lambda: events_of(rig, 3) == [Kind.PRESS])
    lost = rig.hub.status.lost
    rig.sim.damage()  # the UP is hit on the way: the driver drops it
    rig.sim.release(3)
    sent = time.monotonic()
    assert wait_for(lambda: events_of(rig, 3) == [Kind.PRESS, Kind.RELEASE], 3)
    healed = time.monotonic() - sent
    print(f"lost UP healed after {healed:.3f} s")
    assert healed <= HEARTBEAT + MARGIN
    assert rig.hub.status.pressed == frozenset() and rig.hub.status.connected
    assert rig.hub.status.dropped >= 1 and rig.hub.status.lost == lost + 1


def test_a_lost_down_is_pressed_by_the_next_pong(rig):
    rig.sim.damage()
    rig.sim.press(5)
    sent = time.monotonic()
    assert wait_for(lambda: events_of(rig, 5) == [Kind.PRESS], 3)
    assert time.monotonic() - sent <= HEARTBEAT + MARGIN
    assert rig.hub.status.pressed == {5}
    rig.sim.release(5)
    assert wait_for(lambda: events_of(rig, 5) == [Kind.PRESS, Kind.RELEASE])


def test_heartbeats_alone_change_no_status(rig):
    rig.sim.press(2)  # a seat held: every PONG carries it
    assert wait_for(lambda: rig.hub.status.pressed == {2})
    changes = len(rig.changes)
    time.sleep(3 * HEARTBEAT)
    assert len(rig.changes) == changes  # the app redraws nothing for a PONG


@pytest.mark.parametrize("debounce, presses", [(0.03, 1), (0.0, 2)])
def test_a_bouncing_button_is_one_press(tmp_path, debounce, presses):
    """DOWN UP DOWN UP 2 ms apart: one press with GPIO's debounce (and two without, so this
    test can tell)."""
    events = []
    control_input = ControlInput(events.append, hold_time=5.0)
    sim = HubSim(tmp_path / "hub").start()
    hub = SeatHub(str(tmp_path / "hub"), control_input, debounce=debounce, **FAST)
    try:
        assert wait_for(lambda: hub.status.connected)
        for _ in range(2):
            sim.press(4)
            time.sleep(0.002)
            sim.release(4)
            time.sleep(0.002)
        assert wait_for(lambda: seat_events(events)[-1:] == [(4, Kind.RELEASE)])
        time.sleep(0.1)  # anything that would still come
        assert seat_events(events) == [(4, Kind.PRESS), (4, Kind.RELEASE)] * presses
    finally:
        hub.close()
        sim.stop()
        control_input.close()


def test_the_hub_gets_the_debounce_gpio_gets(tmp_path):
    from hw.backend import open_hardware

    hardware = open_hardware("keyboard", {}, lambda e: None, debounce=0.05, env={},
                             hub=str(tmp_path / "no-hub"))
    try:
        assert hardware.hub.debounce == 0.05
    finally:
        hardware.hub.close()
        hardware.close()


def test_a_hung_hub_sending_noise_and_presses_is_dropped(rig):
    rig.sim.press(4)  # held when the hub hangs: let go when it is dropped
    assert wait_for(lambda: events_of(rig, 4) == [Kind.PRESS])
    dropped = rig.hub.status.dropped
    stop = threading.Event()

    def still_pressing():  # a hung hub may still send good button lines
        while not stop.is_set():
            rig.sim.tap(6)
            time.sleep(0.1)

    presser = threading.Thread(target=still_pressing, daemon=True)
    rig.sim.silent, rig.sim.noise = True, 500  # no PONG; garbage lines flow
    hung = time.monotonic()
    presser.start()
    try:
        assert wait_for(lambda: not rig.hub.status.connected, TIMEOUT + 2)
        detected = time.monotonic() - hung
        print(f"hung hub dropped after {detected:.3f} s")
        assert detected <= TIMEOUT + MARGIN
        assert rig.hub.status.dropped > dropped + 100  # the noise did arrive meanwhile
        assert (6, Kind.PRESS) in seat_events(rig.events)  # and so did the presses
        assert "answering" in rig.hub.status.problem
        assert wait_for(lambda: events_of(rig, 4) == [Kind.PRESS, Kind.RELEASE])
        assert rig.hub.status.pressed == frozenset()
        time.sleep(0.5)
        assert not rig.hub.status.connected  # its noise is no HELLO either
    finally:
        stop.set()
        presser.join()
    rig.sim.silent, rig.sim.noise = False, 0
    assert wait_for(lambda: rig.hub.status.connected, 3)


REFUSAL = ("seat hub speaks protocol 1; this app needs protocol 2: update the hub's firmware "
           "(docs/hardware.md)")


def test_a_version_1_hub_is_refused_once_in_the_log(tmp_path, caplog):
    link = tmp_path / "hub"
    old = HubSim(link, firmware="1.0", protocol=1).start()
    control_input = ControlInput(lambda e: None, threaded=False)
    with caplog.at_level(logging.INFO, logger="hw.serialhub"):
        hub = SeatHub(str(link), control_input, **FAST)
        try:
            assert wait_for(lambda: hub.status.problem == REFUSAL)
            time.sleep(1.5)  # retried every 0.2 s meanwhile
            hellos = [m for m in old.received if m.word == "HELLO"]
            assert len(hellos) >= 3 and all(m.args == (2,) for m in hellos)
            assert not hub.status.connected and hub.status.problem == REFUSAL
            assert [r.getMessage() for r in caplog.records] == [REFUSAL]
            assert caplog.records[0].levelno == logging.ERROR
            old.stop()
            new = HubSim(link).start()  # the firmware updated
            try:
                assert wait_for(lambda: hub.status.connected, 3)
                assert hub.status.problem is None and hub.status.firmware == "sim-1"
            finally:
                new.stop()
        finally:
            hub.close()
            old.stop()


def test_a_hub_with_a_newer_protocol_says_to_update_the_app(tmp_path):
    sim = HubSim(tmp_path / "hub", protocol=3).start()
    hub = SeatHub(str(tmp_path / "hub"), ControlInput(lambda e: None, threaded=False), **FAST)
    try:
        assert wait_for(lambda: hub.status.problem and "protocol 3" in hub.status.problem)
        assert "update this app" in hub.status.problem and not hub.status.connected
    finally:
        hub.close()
        sim.stop()


def test_a_version_2_hub_ignores_the_version_1_probe(rig):
    """The Pi's HELLO is followed by the same in version 1's format: dropped by a version 2
    hub as one damaged line, and nothing else."""
    assert wait_for(lambda: len(rig.sim.received) >= 2)
    assert [m.word for m in rig.sim.received[:2]] == ["HELLO", "ALLOFF"]
    assert rig.sim.dropped == 1
