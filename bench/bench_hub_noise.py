"""Noise on the seat hub's link (issue 18): the app on its home screen with a hub (the
simulator on a pty) sending 1,000 garbage lines a second for 10 s, against the same app with the
same hub and no noise, in the same run. Reports the frames drawn and the CPU used by the app's
process (target: at most 10 frames, under 2 % of a core)."""

from __future__ import annotations

import re
import tempfile
import time
from pathlib import Path

from common import emit, measure_cpu, start_app, stop

SECONDS = 10.0
LINES_PER_SECOND = 1000


def run(noise: bool) -> tuple[int, float]:
    """(frames drawn, percent of a core) over ``SECONDS`` with or without the noise."""
    from hw.hubsim import HubSim

    with tempfile.TemporaryDirectory() as tmp:
        link = Path(tmp) / "hub"
        sim = HubSim(link).start()
        proc, _ = start_app(env_extra={"COMPANION_HUB": str(link)})
        time.sleep(1.0)  # connected, the first frames drawn
        sim.noise = LINES_PER_SECOND if noise else 0  # garbage lines, in bursts 20 times a second
        percent = measure_cpu(proc.pid, SECONDS)
        sim.noise = 0
        stop(proc)
        sim.stop()
        rest = proc.stderr.read()
        frames = re.search(r"stopping: (\d+) frames drawn", rest)
        return int(frames.group(1)) if frames else -1, percent


def main() -> None:
    quiet_frames, quiet_cpu = run(noise=False)
    noisy_frames, noisy_cpu = run(noise=True)
    emit("hub_noise_home_screen", seconds=SECONDS, garbage_lines_per_second=LINES_PER_SECOND,
         target_frames=10, target_percent=2.0,
         frames_with_noise=noisy_frames, frames_without_noise=quiet_frames,
         noise_percent_of_core=round(noisy_cpu, 3), quiet_percent_of_core=round(quiet_cpu, 3))


if __name__ == "__main__":
    main()
