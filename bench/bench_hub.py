"""The seat hub driver: press-to-event latency through a real pty (simulator writes DOWN, the
driver's ControlInput emits SEATn PRESS), and the driver's CPU use while idle (heartbeats
only) with the simulator in another process, so only the driver is measured."""

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


if __name__ == "__main__":
    emit("seat_hub", press_to_event=latency(), idle_cpu_percent_of_a_core=idle_cpu(),
         heartbeat_s=0.5, read_timeout_s=0.1)
