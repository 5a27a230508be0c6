"""Start-up to first frame: from launching ``companion --headless`` to its first shown frame."""

from __future__ import annotations

import time

from common import emit, start_app, stop, summary

RUNS = 7


def main() -> None:
    samples = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        proc, _ = start_app()
        samples.append((time.perf_counter() - t0) * 1000)
        stop(proc)
    emit("startup_to_first_frame", target_ms=1500, **summary(samples))


if __name__ == "__main__":
    main()
