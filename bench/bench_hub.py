"""The seat hub driver: press-to-event latency through a real pty (simulator writes DOWN, the
driver's ControlInput emits SEATn PRESS), and the driver's CPU use while idle (heartbeats
only) with the simulator in another process, so only the driver is measured. Waiting for a hub
(issue 39): with ``auto`` and no hub plugged in, the thread's wake-ups per second and its port
scans (the installed config on a Pi without a hub; goal 0), and the time from a hub's port
appearing to the driver connected (hot-plug; was up to 1.3 s)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from common import ROOT, emit, summary

PRESSES = 300
IDLE_SECONDS = 10.0


def latency() -> dict:
    from hw.hubsim import HubSim
    from hw.inputs import ControlInput
    from hw.controls import Kind
    from hw.serialhub import SeatHub

    arrived = threading.Event()
    stamp = {}

    def sink(event):
        if event.kind is Kind.PRESS:
            stamp["t"] = time.perf_counter()
            arrived.set()

    with tempfile.TemporaryDirectory() as tmp:
        sim = HubSim(Path(tmp) / "hub").start()
        control_input = ControlInput(sink, hold_time=5.0)
        hub = SeatHub(str(Path(tmp) / "hub"), control_input)
        while not hub.status.connected:
            time.sleep(0.01)
        samples = []
        for n in range(PRESSES):
            seat = n % 8 + 1
            arrived.clear()
            t0 = time.perf_counter()
            sim.press(seat)
            arrived.wait(2)
            samples.append((stamp["t"] - t0) * 1000)
            sim.release(seat)
            time.sleep(0.04)  # past the debounce lock-out
        hub.close()
        sim.stop()
        control_input.close()
    return summary(samples)


def idle_cpu() -> float:
    """Percent of one core this process (the driver alone) uses over IDLE_SECONDS."""
    from hw.inputs import ControlInput
    from hw.serialhub import SeatHub

    with tempfile.TemporaryDirectory() as tmp:
        link = Path(tmp) / "hub"
        sim = subprocess.Popen([sys.executable, "-m", "hw.hubsim", "--link", str(link)],
                               cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
        while not link.exists():
            time.sleep(0.01)
        control_input = ControlInput(lambda e: None)
        hub = SeatHub(str(link), control_input)
        while not hub.status.connected:
            time.sleep(0.01)
        time.sleep(1.0)
        before, t0 = time.process_time(), time.monotonic()
        time.sleep(IDLE_SECONDS)
        used = (time.process_time() - before) / (time.monotonic() - t0) * 100
        hub.close()
        control_input.close()
        sim.communicate(b"q\n", timeout=5)
    return round(used, 2)


def waiting() -> dict:
    """``auto`` with no hub: wake-ups (voluntary context switches of the hub thread) and port
    scans per second over IDLE_SECONDS; then a hub's port appearing, until connected."""
    from types import SimpleNamespace

    from serial.tools import list_ports

    from hw.hubsim import HubSim
    from hw.inputs import ControlInput
    from hw.serialhub import SeatHub

    def switches(thread_id: int) -> int:
        status = Path(f"/proc/self/task/{thread_id}/status").read_text()
        return int(next(line.split()[1] for line in status.splitlines()
                        if line.startswith("voluntary_ctxt_switches")))

    scans, ports = [0], []

    def comports():
        scans[0] += 1
        return list(ports)

    list_ports.comports = comports
    with tempfile.TemporaryDirectory() as tmp:
        sim = HubSim().start()
        control_input = ControlInput(lambda e: None)
        hub = SeatHub("auto", control_input, devices=tmp)
        time.sleep(1.0)
        woken, scanned = switches(hub._thread.native_id), scans[0]
        time.sleep(IDLE_SECONDS)
        out = {"wakeups_per_s": round((switches(hub._thread.native_id) - woken)
                                      / IDLE_SECONDS, 2),
               "scans_per_s": round((scans[0] - scanned) / IDLE_SECONDS, 2)}
        ports.append(SimpleNamespace(device=sim.port, vid=0x2E8A, pid=0x0005))
        t0 = time.perf_counter()
        (Path(tmp) / "ttyACM0").touch()
        while not hub.status.connected:
            time.sleep(0.005)
        out["hotplug_ms"] = round((time.perf_counter() - t0) * 1000, 1)
        hub.close()
        control_input.close()
        sim.stop()
    return out


if __name__ == "__main__":
    emit("seat_hub", press_to_event=latency(), idle_cpu_percent_of_a_core=idle_cpu(),
         auto_without_a_hub=waiting(), heartbeat_s=0.5, read_timeout_s=0.1)
