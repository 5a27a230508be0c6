"""Helpers shared by the benchmarks: run the app in a child process, read its CPU use."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def scratch_dir() -> str:
    """A temporary data folder, removed when the benchmark ends."""
    path = tempfile.mkdtemp(prefix="companion-bench-")
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


def machine() -> dict:
    """What the numbers were measured on."""
    import pygame

    return {
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "pygame_ce": pygame.version.ver,
        "sdl": ".".join(map(str, pygame.get_sdl_version())),
        "video_driver": os.environ.get("SDL_VIDEODRIVER", "(default)"),
    }


def emit(name: str, **results) -> None:
    """Print one JSON object: the benchmark's name, its results and the machine."""
    print(json.dumps({"benchmark": name, **results, "machine": machine()}, ensure_ascii=False))


def summary(samples_ms: list[float]) -> dict:
    """Median, 95th percentile and maximum of a list of milliseconds."""
    ordered = sorted(samples_ms)
    return {
        "median_ms": round(statistics.median(ordered), 3),
        "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1], 3),
        "max_ms": round(ordered[-1], 3),
        "n": len(ordered),
    }


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def start_app(*args: str, env_extra: dict | None = None, headless: bool = True,
              data: str | None = None,
              until: str = "ready: first frame shown") -> tuple[subprocess.Popen, str]:
    """Start ``companion`` (``--headless`` unless told otherwise: then in the window of the
    ``DISPLAY`` in ``env_extra``); return once its first frame is up. In a fresh data folder
    with ``--lang en``, or in ``data`` as it is (a device's later starts). Returns when the
    app logs ``until``."""
    lang = [] if data else ["--lang", "en"]
    data = data or scratch_dir()
    env = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
           "COMPANION_HW": "keyboard", **(env_extra or {})}
    if not headless:
        env.pop("SDL_VIDEODRIVER")
    proc = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", *(["--headless"] if headless else []), *lang,
         "--data-dir", data, "--config", os.path.join(data, "none.toml"), *args],
        stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    for line in proc.stderr:
        if until in line:
            break
    return proc, data


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


def measure_cpu(pid: int, seconds: float) -> float:
    """Percent of one core used by ``pid`` over ``seconds``."""
    before, t0 = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return (cpu_seconds(pid) - before) / (time.monotonic() - t0) * 100


def thread_counters(pid: int) -> tuple[int, int]:
    """(nanoseconds on a CPU, times put to sleep or off a CPU) summed over ``pid``'s threads,
    from /proc/PID/task/*/schedstat and status: exact where /proc/PID/stat counts 10 ms ticks."""
    cpu_ns = switches = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            cpu_ns += int((task / "schedstat").read_text().split()[0])
            for line in (task / "status").read_text().splitlines():
                if "ctxt_switches:" in line:
                    switches += int(line.split()[1])
        except (OSError, ValueError):  # a thread that ended meanwhile
            continue
    return cpu_ns, switches


def measure_idle(pid: int, seconds: float) -> dict:
    """A process left alone for ``seconds``: percent of one core and wake-ups per second (each
    context switch is one sleep ended, or one preemption)."""
    cpu0, switches0 = thread_counters(pid)
    t0 = time.monotonic()
    time.sleep(seconds)
    cpu1, switches1 = thread_counters(pid)
    elapsed = time.monotonic() - t0
    return {"percent_of_core": round((cpu1 - cpu0) / 1e9 / elapsed * 100, 4),
            "wakeups_per_s": round((switches1 - switches0) / elapsed, 2)}
