"""CPU use over 10 s idle on the home screen: the companion's loop against a conventional
``clock.tick(60)`` loop that redraws the same screen every frame."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from common import ROOT, emit, measure_cpu, scratch_dir, start_app, stop

SECONDS = 10.0


def conventional_loop(mode: str) -> None:
    """What most pygame programs do: handle events, redraw, tick(60), forever; or the
    textbook event-driven loop, ``pygame.event.wait`` with a timeout (SDL polls it at 1 kHz)."""
    import signal
    from dataclasses import replace

    import pygame

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # so the scratch folder is removed
    from ui.app import App
    from ui.config import load_config

    data = Path(scratch_dir())
    config = replace(load_config(data / "none.toml"), data_dir=data, language="en")
    app = App(config, headless=True, env={"COMPANION_HW": "keyboard"})
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


def other_loop(mode: str) -> float:
    """CPU percent of this file run as another kind of loop."""
    conv = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), mode],
                            stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, "COMPANION_HW": "keyboard",
                                 "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy")})
    for line in conv.stderr:
        if "ready" in line:
            break
    else:
        raise SystemExit("the conventional loop did not start")
    percent = measure_cpu(conv.pid, SECONDS)
    stop(conv)
    return percent


def main() -> None:
    proc, _ = start_app()
    companion = measure_cpu(proc.pid, SECONDS)
    stop(proc)
    conventional = other_loop("--conventional")
    event_wait = other_loop("--event-wait")
    emit("idle_cpu_home_screen", seconds=SECONDS, target_percent=1.0,
         companion_percent_of_core=round(companion, 3),
         conventional_tick60_percent_of_core=round(conventional, 3),
         plain_event_wait_percent_of_core=round(event_wait, 3))


if __name__ == "__main__":
    if len(sys.argv) > 1:
        conventional_loop(sys.argv[1])
    else:
        main()
