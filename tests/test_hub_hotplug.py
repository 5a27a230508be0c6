"""Issue 39: the seat hub is found by hot-plug events, not a poll. With the Pi's installed
config (``hub = "auto"``) and no hub plugged in, the hub thread once rescanned the serial ports
every 0.4 s (pyserial's ``comports()``, 3.6 M instructions each: 3.1 wake-ups/s, ~1.5 % of a Pi 3
core for ever). Now it sleeps until the folder a port would appear in changes (inotify), and a
hub plugged in is found from that change. Counts over a stretch of real time (an upper bound a
slow machine only lowers), never a time limit."""

from __future__ import annotations

import os
import time
from pathlib import Path
from types import SimpleNamespace

from hw.hubsim import HubSim
from hw.inputs import ControlInput
from hw.serialhub import SeatHub
from test_serialhub import FAST, wait_for


def switches(thread_id: int) -> int:
    """The times a thread has gone to sleep and been woken (voluntary context switches)."""
    status = Path(f"/proc/self/task/{thread_id}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines()
                    if line.startswith("voluntary_ctxt_switches")))


def test_auto_with_no_hub_sleeps_until_a_port_appears_then_finds_it(tmp_path, monkeypatch):
    from serial.tools import list_ports

    devices = tmp_path / "dev"
    devices.mkdir()
    sim = HubSim().start()
    scans = []
    ports = []

    def comports():
        scans.append(time.monotonic())
        return list(ports)

    monkeypatch.setattr(list_ports, "comports", comports)
    hub = SeatHub("auto", ControlInput(lambda e: None, threaded=False), devices=str(devices),
                  **FAST)
    try:
        assert wait_for(lambda: hub.status.problem == "no hub found")
        time.sleep(0.3)  # the watch set up, the thread asleep
        settled, woken = len(scans), switches(hub._thread.native_id)
        time.sleep(1.5)  # FAST's retry (0.2 s) once scanned 7 times in this
        assert len(scans) == settled
        assert switches(hub._thread.native_id) == woken
        ports.append(SimpleNamespace(device=sim.port, vid=0x2E8A, pid=0x0005))
        (devices / "ttyACM0").touch()  # the kernel's new device node
        assert wait_for(lambda: hub.status.connected)
        assert hub.status.port == sim.port
    finally:
        hub.close()
        sim.stop()


def test_a_configured_path_not_there_is_waited_for_without_polling(tmp_path, monkeypatch):
    import serial

    opened = []
    real = serial.serial_for_url

    def counted(url, *args, **kwargs):
        opened.append(url)
        return real(url, *args, **kwargs)

    monkeypatch.setattr(serial, "serial_for_url", counted)
    link = tmp_path / "by-id" / "usb-hub"  # (the folder too appears only with the device)
    hub = SeatHub(str(link), ControlInput(lambda e: None, threaded=False), **FAST)
    sim = None
    try:
        assert wait_for(lambda: hub.status.problem is not None)
        time.sleep(0.3)
        tries = len(opened)
        time.sleep(1.5)
        assert len(opened) == tries
        link.parent.mkdir()
        sim = HubSim(link=link).start()
        assert wait_for(lambda: hub.status.connected)
        sim.unplug()
        assert wait_for(lambda: not hub.status.connected)
        sim.plug()  # the link made again (renamed into place)
        assert wait_for(lambda: hub.status.connected)
    finally:
        hub.close()
        if sim is not None:
            sim.stop()


def test_closing_wakes_a_thread_asleep_on_the_watch(tmp_path):
    hub = SeatHub(str(tmp_path / "none"), ControlInput(lambda e: None, threaded=False), **FAST)
    assert wait_for(lambda: hub.status.problem is not None)
    time.sleep(0.2)
    hub.close()
    assert not hub._thread.is_alive()
    hub.close()  # twice: nothing more
    assert os.path.exists(tmp_path)
