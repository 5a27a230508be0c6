"""An idle home screen, 10 s per loop, all in one run: CPU (percent of one core, from the
threads' schedstat) and wake-ups per second (context switches) of

- the app on the GPIO backend (gpiozero's MockFactory: the Pi's code path without a Pi) and on
  the keyboard backend, on SDL's dummy driver;
- a blocking stand-in: a minimal pygame-ce program that shows one frame and then sleeps on a
  ``threading.Event`` nobody sets — the floor for any loop;
- the conventional loops: redraw and ``clock.tick(60)``, and ``pygame.event.wait(1000)``;
- with Xvfb on this machine: the app and the conventional loop in a real X window too (the
  dummy driver never presents pixels).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from common import ROOT, emit, measure_idle, scratch_dir, start_app, stop

PI_CONFIG = str(ROOT / "systemd" / "config.example.toml")  # what install-pi.sh installs

SECONDS = 10.0
SETTLE = 1.0  # s after the first frame before measuring


def peer_loop(mode: str) -> None:
    """The peers: a program that blocks, or the app's screen driven by a conventional loop."""
    import signal
    import threading
    from dataclasses import replace

    import pygame

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # so the scratch folder is removed
    if mode == "--blocking":
        pygame.display.init()
        pygame.display.set_mode((800, 480))
        pygame.display.flip()
        print("INFO ready: first frame shown", file=sys.stderr, flush=True)
        threading.Event().wait()
    from ui.compose import build_app
    from ui.config import load_config

    data = Path(scratch_dir())
    config = replace(load_config(data / "none.toml"), data_dir=data, language="en")
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    app = build_app(config, headless=headless, env={"COMPANION_HW": "keyboard"})
    clock = pygame.time.Clock()
    print("INFO ready: first frame shown", file=sys.stderr, flush=True)
    while mode == "--conventional":
        for event in pygame.event.get():
            app.handle(event)
        app.render()
        clock.tick(60)
    while mode == "--event-wait":
        app.handle(pygame.event.wait(1000))
        if app.dirty:
            app.render()


def start_peer(mode: str, env: dict) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), mode],
                            stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    for line in proc.stderr:
        if "ready" in line:
            return proc
    raise SystemExit(f"the {mode} loop did not start")


def measured(proc: subprocess.Popen) -> dict:
    import time

    time.sleep(SETTLE)
    try:
        return measure_idle(proc.pid, SECONDS)
    finally:
        stop(proc)


def start_xvfb() -> tuple[subprocess.Popen, str] | None:
    """An X server of our own (Xvfb), and its DISPLAY; None where Xvfb is missing."""
    if shutil.which("Xvfb") is None:
        return None
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24",
                               "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()
    return (server, f":{number}") if number else None


def main() -> None:
    dummy = {**os.environ, "SDL_VIDEODRIVER": "dummy", "COMPANION_HW": "keyboard"}
    loops = {
        "app_gpio_backend": measured(start_app(env_extra={"COMPANION_HW": "mock"})[0]),
        "app_pi_config": measured(start_app("--config", PI_CONFIG,
                                            env_extra={"COMPANION_HW": "mock"})[0]),
        "app_keyboard_backend": measured(start_app()[0]),
        "blocking_standin": measured(start_peer("--blocking", dummy)),
        "conventional_tick60": measured(start_peer("--conventional", dummy)),
        "plain_event_wait_1s": measured(start_peer("--event-wait", dummy)),
    }
    xvfb = start_xvfb()
    if xvfb is not None:
        server, display = xvfb
        window = {k: v for k, v in dummy.items() if k != "SDL_VIDEODRIVER"}
        window["DISPLAY"] = display
        try:
            loops["app_gpio_backend_x11_window"] = measured(start_app(
                env_extra={"COMPANION_HW": "mock", "DISPLAY": display}, headless=False)[0])
            loops["blocking_standin_x11_window"] = measured(start_peer("--blocking", window))
            loops["conventional_tick60_x11_window"] = measured(
                start_peer("--conventional", window))
        finally:
            server.terminate()
            server.wait()
    pi = loops["app_pi_config"]
    verdict = (f"idle with the Pi's installed config (seat hub on auto, none plugged in): "
               f"{'meets' if pi['wakeups_per_s'] < 1 else 'MISSES'} 0 wake-ups/s "
               f"({pi['wakeups_per_s']}/s, {pi['percent_of_core']} % of a core over {SECONDS} s)")
    emit("idle_home_screen", seconds_per_loop=SECONDS, target_percent=0.05,
         target_wakeups_per_s=2, xvfb=xvfb is not None, loops=loops, verdict=verdict)
    print(verdict)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        peer_loop(sys.argv[1])
    else:
        main()
