"""Input-to-frame latency: from an input arriving to the frame that shows its effect.

Two paths: a key (an SDL event, as a keyboard or touchscreen delivers it, with a byte on a fifo
the loop watches as it watches the console's input devices: SDL's reader first, then the loop's)
and a GPIO button (gpiozero mock pin driven from another thread, as a real button's callback
thread does). Each is measured with the loop idle (no input for > 2 s) and active (0.2–0.5 s
after the last input).
"""

from __future__ import annotations

import os
import random
import threading
import time

from common import emit, scratch_dir, summary  # first: it sets up paths, quiets pygame
from bench_render import make_app
from hw.input_devices import InputDevices
from ui.wakeup import SelectSleeper

import pygame  # noqa: E402

TRIALS = 12


def main() -> None:
    app = make_app()
    device = os.path.join(scratch_dir(), "event0")  # stands in for the touchscreen
    os.mkfifo(device)
    app.timers.sleeper = SelectSleeper(app.timers.waker, InputDevices(os.path.dirname(device)))
    device_writer = os.open(device, os.O_WRONLY)
    frames: list[float] = []
    present = app.display.present

    def timed_present(*args):
        present(*args)
        frames.append(time.perf_counter())

    app.display.present = timed_present
    results = {f"{path}_{state}": [] for path in ("key", "gpio") for state in ("idle", "active")}
    pin = app.hw.mock_factory.pin(5)  # the UP button's default GPIO
    rng = random.Random(1)
    lost: list[str] = []  # inputs that produced no frame within 2 s (should stay empty)

    def key(down: bool):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP,
                                             key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
        os.write(device_writer, bytes(24))  # one input_event, as the kernel hands it out

    def gpio(down: bool):
        pin.drive_low() if down else pin.drive_high()

    def measure(inject, name):
        n = len(frames)
        t0 = time.perf_counter()
        inject(True)
        while len(frames) <= n and time.perf_counter() - t0 < 2:
            time.sleep(0.0002)
        if len(frames) <= n:
            lost.append(name)
        else:
            results[name].append((frames[n] - t0) * 1000)
        time.sleep(0.05)
        inject(False)

    def driver():
        try:
            for _ in range(TRIALS):
                for path, inject in (("key", key), ("gpio", gpio)):
                    time.sleep(2.3 + rng.random() * 0.3)  # idle
                    measure(inject, f"{path}_idle")
                    time.sleep(0.2 + rng.random() * 0.3)
                    measure(inject, f"{path}_active")
        finally:
            app.running = False

    thread = threading.Thread(target=driver)
    thread.start()
    while app.running:
        app.step()
    thread.join()
    app.close()
    os.close(device_writer)
    emit("input_to_frame_latency", lost=lost,
         **{name: summary(s) for name, s in results.items() if s})


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    main()
