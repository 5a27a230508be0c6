"""The first tap on each home button, in instructions (callgrind: the same count on every run,
whatever the machine's load), against issue 39's goal of < 10 M (a frame a player can feel on a
Pi 3: ~10 M instructions here is ~15-18 ms there).

Each count is a process of its own, the app built as a device starts it (headless, GPIO on
gpiozero's MockFactory, English, a data folder made by a first start), minus the same process
stopped just before the tap: what is left is the tap's handling and the frame that shows its
screen. Twice per button:
- ``prepared``: after the start-up's idle work (ui/prepare.py: fonts, glyphs, each game's
  module and pictures), as on a device a few seconds after it started;
- ``cold``: at once after the first frame, no idle time at all;
and how much of the idle work comes before every module a tap imports is imported, in English
and in Korean (``ready``: the window in which a tap would still import).
Start-up itself is bench_startup.py's (through the command line, as the kiosk starts).
``PYTHONHASHSEED`` is fixed so that two runs of a process count the same.

``BENCH_TAPS_BUTTONS`` (comma-separated, e.g. ``citadels,settings``) and ``BENCH_TAPS_MODES``
(``prepared``, ``cold``) count only those taps: a quicker run while working on one tap."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from common import ROOT, emit, scratch_dir

BUTTONS = tuple(os.environ.get("BENCH_TAPS_BUTTONS",
                               "citadels,troyes,tiletum,history,settings").split(","))
MODES = tuple(os.environ.get("BENCH_TAPS_MODES", "prepared,cold").split(","))
GOAL = 10_000_000


def child(data: str, mode: str, button: str, language: str = "en") -> None:
    """(Under callgrind) start the app on ``data`` in ``language``, show its first frame, then,
    by ``mode``, run its idle work ("prepared"), only until every module a tap imports is
    imported ("ready"), or none ("cold"), and tap ``button`` ("-": none)."""
    from ui.compose import build_app
    from ui.config import load_config
    from ui.script import ScriptRunner, parse

    config = replace(load_config(Path(data) / "none.toml"), data_dir=Path(data),
                     language=language)
    app = build_app(config, headless=True, env={"COMPANION_HW": "mock"})
    app.render()
    if mode == "prepared":
        app.finish_idle_work()
    elif mode == "ready":
        app.idle.run_one()  # (home's one task: it queues the rest)
        from ui.prepare import tap_modules  # deferred: imported by that task

        wanted = tap_modules()
        while app.idle.tasks and not all(name in sys.modules for name in wanted):
            app.idle.run_one()
    if button != "-":
        ScriptRunner(app, None).run(parse(f"TAP @{button}"))
    os._exit(0)  # no teardown: it is not the tap's


def counted(args: list[str]) -> int:
    """The instructions of ``python args`` under callgrind."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "COMPANION_HW": "mock"}
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, stdin=subprocess.DEVNULL)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not found:
        raise RuntimeError(f"callgrind on {args[:3]}: {done.stderr[-800:]}")
    return int(found.group(1))


def main() -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", "companion", "ui", "hw",
                    "storage"], check=True, cwd=ROOT)
    data = scratch_dir()
    me = [__file__, "--child", data]
    counted([*me, "cold", "-"])  # the first start makes the data folder
    taps = {}
    for mode in MODES:
        before = counted([*me, mode, "-"])
        taps[mode] = {button: counted([*me, mode, button]) - before for button in BUTTONS}
    ready = {language: counted([*me, "ready", "-", language])
             - counted([*me, "cold", "-", language]) for language in ("en", "ko")}
    emit("first_taps", goal=GOAL, idle_until_taps_ready=ready,
         **{f"tap_{mode}": taps[mode] for mode in taps})
    print("the idle work until a first tap imports nothing: "
          + ", ".join(f"{count / 1e6:.0f} M in {language}" for language, count in ready.items()))
    for mode, counts in taps.items():  # (start-up itself: bench_startup.py's instructions)
        worst = max(counts, key=counts.get)
        if mode == "cold":  # (the goal: "prepared in idle time after the first frame")
            print(f"first taps with no idle work at all, reported (the most: {worst}, "
                  f"{counts[worst] / 1e6:.1f} M)")
            continue
        verdict = "meets" if counts[worst] < GOAL else "MISSES"
        print(f"first taps after the idle work: {verdict} < 10 M (the most: {worst}, "
              f"{counts[worst] / 1e6:.1f} M)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(*sys.argv[2:6])
    else:
        main()
