"""Start-up to first frame: from launching ``companion --headless`` to its first shown frame,
against a minimal pygame-ce program (import pygame, open the display, show one frame), started
alternately in the same run. As a Pi starts: the GPIO backend (MockFactory: gpiozero imported)
with the config file install-pi.sh installs (systemd/config.example.toml: read with tomllib,
the seat hub on "auto"); and as a laptop starts: the keyboard backend, no config file. In a data
folder made by a first start (its database and language chosen), as every start of a device
after its first; with the project's modules compiled (``compileall``), as ``pip install`` leaves
them on the device. Also each start's instructions (callgrind, the same on every run) through
the command line to its first frame, against the minimal program's in the same run (issue 39:
<= 1.2x)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from common import ROOT, emit, scratch_dir, start_app, stop, summary

PI_CONFIG = str(ROOT / "systemd" / "config.example.toml")

RUNS = 9
MINIMAL = """
import os, sys
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.display.init()
pygame.display.set_mode((800, 480))
pygame.display.flip()
print("ready: first frame shown", file=sys.stderr, flush=True)
sys.stdin.read()
"""
FIRST_FRAME_ONLY = """
import os, sys
from importlib.machinery import PathFinder
os.environ["COMPANION_HW"] = sys.argv[1]
class StopAfterFirstFrame:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name != "ui.app":
            return None
        sys.meta_path.remove(StopAfterFirstFrame)
        spec = PathFinder.find_spec(name, path, target)
        load = spec.loader.exec_module
        def exec_module(module):
            load(module)
            module.App.run = first_frame_only
        spec.loader.exec_module = exec_module
        return spec
def first_frame_only(app):
    app.render()
    os._exit(0)
sys.meta_path.insert(0, StopAfterFirstFrame)
from ui.cli import main
main(sys.argv[2:])
"""
"""The app started by its command line as the kiosk starts it (``COMPANION_HW`` the first
argument), ended as soon as its first frame is drawn: what callgrind counts. ``App.run`` is
replaced as ``ui.app`` is imported, by ``main`` as on the kiosk: importing it before ``main``
would import pygame and most of the app before ``main`` turns garbage collection off for the
start (ui/cli.py), counting collections the kiosk never makes (~6 M instructions)."""


def minimal_program() -> float:
    """Milliseconds from launch to the minimal program's first frame."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", MINIMAL], stdin=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)
    for line in proc.stderr:
        if "ready" in line:
            break
    elapsed = (time.perf_counter() - t0) * 1000
    proc.stdin.close()
    proc.wait()
    return elapsed


def app(backend: str, data: str, *args: str) -> tuple[float, float]:
    """Milliseconds to the app's first frame, and to ready (every backend open: GPIO and the
    seat hub open just after the first frame)."""
    t0 = time.perf_counter()
    proc, _ = start_app(*args, env_extra={"COMPANION_HW": backend}, data=data,
                        until="first frame on screen")
    first = (time.perf_counter() - t0) * 1000
    for line in proc.stderr:
        if "ready: first frame shown" in line:
            break
    ready = (time.perf_counter() - t0) * 1000
    stop(proc)
    return first, ready


def instructions(data: str) -> dict:
    """Instructions to the first frame, as a Pi starts (GPIO on MockFactory, the installed
    config file) and as a laptop does (keyboard, no config file), and the minimal program's."""
    from bench_taps import counted  # deferred: bench_taps imports this module

    me = ["-c", FIRST_FRAME_ONLY]
    found = {"minimal_pygame_ce": counted(["-c", MINIMAL]),
             "app_gpio_backend": counted([*me, "mock", "--headless", "--config", PI_CONFIG,
                                          "--data-dir", data]),
             "app_keyboard_backend": counted([*me, "keyboard", "--headless", "--config",
                                              os.path.join(data, "none.toml"), "--data-dir",
                                              data])}
    return {**found, **{f"ratio_{name}": round(count / found["minimal_pygame_ce"], 3)
                        for name, count in found.items() if name != "minimal_pygame_ce"}}


TARGET = 1.2  # issue 39: start-up to the first frame within 1.2x the minimal program


def main() -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", "companion", "ui", "hw", "storage"],
                   cwd=ROOT, check=True)
    data = scratch_dir()
    stop(start_app("--lang", "en", data=data)[0])  # the device's first start
    samples = {name: [] for name in ("minimal_pygame_ce", "app_gpio_backend",
                                      "app_gpio_backend_ready", "app_keyboard_backend")}
    for _ in range(RUNS):
        samples["minimal_pygame_ce"].append(minimal_program())
        first, ready = app("mock", data, "--config", PI_CONFIG)
        samples["app_gpio_backend"].append(first)
        samples["app_gpio_backend_ready"].append(ready)
        samples["app_keyboard_backend"].append(app("keyboard", data)[0])
    results = {name: summary(s) for name, s in samples.items()}
    counts = instructions(data)
    worst = max(counts["ratio_app_gpio_backend"], counts["ratio_app_keyboard_backend"])
    pi, laptop = counts["ratio_app_gpio_backend"], counts["ratio_app_keyboard_backend"]
    verdict = (f"start-up to the first frame: {'meets' if worst <= TARGET else 'MISSES'} <= "
               f"{TARGET}x a minimal pygame-ce program in instructions (Pi {pi}x, "
               f"laptop {laptop}x)")
    emit("startup_to_first_frame", target_ratio=TARGET, **results,
         ratio_gpio=ratio(samples["app_gpio_backend"], samples["minimal_pygame_ce"]),
         ratio_keyboard=ratio(samples["app_keyboard_backend"], samples["minimal_pygame_ce"]),
         instructions=counts, verdict=verdict)
    print(verdict)


def ratio(app_ms: list[float], peer_ms: list[float]) -> float:
    """The median of each round's app/peer ratio: the two ran seconds apart in a round, so a
    machine that slows down between rounds moves both (a ratio of the two medians can pair a
    fast round's peer with a slow round's app)."""
    import statistics  # deferred: bench_taps' child imports this module (its MINIMAL)

    return round(statistics.median(a / p for a, p in zip(app_ms, peer_ms)), 2)


if __name__ == "__main__":
    main()
