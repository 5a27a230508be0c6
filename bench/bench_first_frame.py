"""A game screen's first frame less its imports, in instructions (callgrind; issue 39's goal
< 10 M: a frame a player feels on a Pi 3).

Each count is a process of its own: the app built as a device starts it (headless, mock GPIO,
English), its first frame drawn, every module a home button's tap imports imported
(``ui.prepare.tap_modules``) and the game the screen shows set up (``bench_render``'s
``SCREENS``), then the screen made, pushed and drawn once; less the same process stopped before
making the screen. What is left is the making and the first frame alone: no import, and by mode
- ``cold``: no other idle work (fonts opened, glyphs and die faces drawn by this frame);
- ``prepared``: after the start-up's idle work (ui/prepare.py), as a few seconds after start-up
  (and, for a screen reached from another, that screen's idle time: what it rehearses).
The goal (issue 39: "< 10 M", "prepared in idle time after the first frame") is the prepared
frame of each screen as the table reaches it; cold frames are reported beside it.
``PYTHONHASHSEED`` is fixed so that two runs of a process count the same, and garbage is
collected just before the split (a change anywhere moved a collection in or out of a frame).

``python bench/bench_first_frame.py [screen ...]`` (default: the game screens below);
``--profile SCREEN [MODE]`` prints the child's cProfile of the making and the frame instead.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from bench_taps import GOAL, counted
from common import ROOT, emit

SCREENS = ("tiletum-board-start", "tiletum-board-new-round", "tiletum-board", "troyes-board",
           "draft-public", "draft-private", "draft-confirm", "calling", "calling-after-draft",
           "calling-kept")
MODES = ("cold", "prepared")
IDLE_SCREEN = "tiletum-board-start"  # its runs with no frame count the idle work too
NOT_A_PATH = {"calling": " (made alone: a kept calling is reopened from the list or Continue,"
                         " calling-kept, or by start-up itself)"}


def child(name: str, mode: str, make: str, language: str = "en") -> None:
    """(Under callgrind) everything before the screen; then, if ``make`` is "1", the screen
    made and drawn once ("profile": that under cProfile, printed)."""
    import gc
    from importlib import import_module

    from bench_render import SCREENS as SETUPS, before, make_app, settle, then
    from ui.prepare import tap_modules

    app = make_app(language=language)
    app.render()
    for module in tap_modules():
        import_module(module)
    made = SETUPS[name](app)
    first = before(app, made)
    if mode == "prepared":
        app.finish_idle_work()
    settle(made, first)
    gc.collect()  # the frame counts its own work, not a collection whatever came before left due

    def frame() -> None:
        screen = then(made, first)
        if screen is not app.top:
            app.push(screen)
        app.render()

    if make == "profile":
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.runcall(frame)
        pstats.Stats(profile).sort_stats(os.environ.get("SORT", "cumulative")).print_stats(45)
    elif make == "1":
        frame()
    os._exit(0)  # no teardown: it is not the frame's


def main(names: list[str]) -> None:
    names = names or list(SCREENS)
    subprocess.run([sys.executable, "-m", "compileall", "-q", "bench", "companion", "ui", "hw",
                    "storage"], check=True, cwd=ROOT)  # no run compiles what it imports
    runs = [(name, mode, make, "en") for mode in MODES for name in names for make in "10"]
    runs += [(IDLE_SCREEN, mode, "0", "ko") for mode in MODES]
    with ThreadPoolExecutor(os.cpu_count()) as pool:  # a count is the same however many run
        done = dict(zip(runs, pool.map(
            lambda run: counted([__file__, "--child", *run]), runs)))
    counts = {mode: {name: done[name, mode, "1", "en"] - done[name, mode, "0", "en"]
                     for name in names} for mode in MODES}
    idle = {language: done[IDLE_SCREEN, "prepared", "0", language]
            - done[IDLE_SCREEN, "cold", "0", language] for language in ("en", "ko")}
    emit("first_frame_less_imports", goal=GOAL, idle_work=idle, **counts)
    for mode, by_screen in counts.items():
        for name, count in by_screen.items():
            print(f"{mode:9} {name:24} {count / 1e6:7.1f} M "
                  f"{'under' if count < GOAL else 'over'} 10 M{NOT_A_PATH.get(name, '')}")
    print("the start-up's idle work that prepares them: "
          + ", ".join(f"{count / 1e6:.0f} M in {language}" for language, count in idle.items()))
    on_paths = {n: c for n, c in counts["prepared"].items() if n not in NOT_A_PATH}
    if on_paths:
        worst = max(on_paths, key=on_paths.get)
        print(f"verdict: a screen's first frame as the table reaches it (after the idle work, "
              f"none between the tap and the frame) < 10 M: "
              f"{'met' if on_paths[worst] < GOAL else 'MISSED'} (most: {worst}, "
              f"{on_paths[worst] / 1e6:.1f} M)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(*sys.argv[2:6])
    elif sys.argv[1:2] == ["--profile"]:
        os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", COMPANION_HW="mock")
        child(sys.argv[2], (sys.argv[3:4] or ["cold"])[0], "profile")
    else:
        main(sys.argv[1:])
