"""A finished game's BG Stats code, in instructions (callgrind: the same count on every run,
whatever the machine's load), each count a process of its own minus the same process stopped
just before what is counted:
- ``make``: the code made (``ui.qr.fitting``: the version of each link, then the code), by the
  thread that makes it, for three tables of 8 players;
- ``tap``: History's BG Stats tapped and the screen's first frame ("Making the code…"; the
  thread is not let run), against the goal of < 10 M (a frame a player can feel on a Pi 3);
- ``shown``: the frame that shows the code once it is made (drawn to the screen's size).
``PYTHONHASHSEED`` is fixed so that two runs of a process count the same."""

from __future__ import annotations

import os
import sys
import threading
from dataclasses import replace
from pathlib import Path

from bench_taps import counted
from common import ROOT, emit, scratch_dir

GOAL = 10_000_000
LONG_KO = "김이박최정강조윤장임한오서신권황안송류홍전고문양손배"
TABLES = {
    "korean_3_syllables": [LONG_KO[i * 3:i * 3 + 3] for i in range(8)],
    "latin_24_letters": [f"Alexandria-Wilhelmina {i:02d}" for i in range(8)],
    "korean_24_syllables": [LONG_KO[:23] + str(i) for i in range(8)],
}


def finished(store, names: list[str]) -> int:
    """A finished 8-player Citadels game of ``names`` stored; its id."""
    session = store.create_session("citadels", {"names": names, "edition": "2016", "crown": 5,
                                                "players": 8, "characters": []}, 1)
    store.finish(session, {"scores": {"players": [{"name": n, "total": 40 - i}
                                                  for i, n in enumerate(names)],
                                      "ranking": names, "winners": [names[0]]},
                           "names": names, "final_characters": {
                               str(s): ["king", "thief"] for s in range(1, 9)}})
    return session.id


def child(data: str, what: str, table: str, stop: str) -> None:
    """(Under callgrind) up to ``what`` for ``table``'s game; ``stop`` "before": not it."""
    from companion import bgstats
    from ui import qr

    if what == "make":
        from storage.store import Store

        store = Store(":memory:")
        found = store.play(finished(store, TABLES[table]))
        links = [link for _, link in bgstats.links(found, "ko")]
        qr.version(links[-1])  # (segno imported and warmed before the count)
        if stop != "before":
            qr.fitting(links, 30)
        os._exit(0)
    from ui.compose import build_app
    from ui.config import load_config
    from ui.script import ScriptRunner, parse

    threading.Thread.start = lambda self: None  # the code is made below, or not at all
    config = replace(load_config(Path(data) / "none.toml"), data_dir=Path(data) / table,
                     language="ko")
    app = build_app(config, headless=True, env={"COMPANION_HW": "mock"})
    if not app.store.history():
        finished(app.store, TABLES[table])
    app.render()
    app.finish_idle_work()
    runner = ScriptRunner(app, None)
    runner.run(parse("TAP @history\nTAP @row0"))
    app.finish_idle_work()
    if what == "tap":
        if stop != "before":
            runner.run(parse("TAP @bgstats"))
    else:  # shown
        runner.run(parse("TAP @bgstats"))
        app.top.job._run()
        if stop != "before":
            app.render()
    os._exit(0)


def main() -> None:
    data = scratch_dir()
    me = [__file__, "--child", data]
    results = {}
    for table in TABLES:
        counted([*me, "tap", table, "before"])  # (a first start makes the table's data folder)
    for what in ("make", "tap", "shown"):
        results[what] = {table: counted([*me, what, table, "whole"])
                         - counted([*me, what, table, "before"]) for table in TABLES}
    emit("bgstats_code", goal=GOAL, **results)
    worst = max(list(results["tap"].values()) + list(results["shown"].values()))
    verdict = "meets" if worst < GOAL else "MISSES"
    print(f"BG Stats screen: {verdict} < 10 M a frame (the most: {worst / 1e6:.1f} M); the code"
          " is made by a thread: " + ", ".join(f"{table} {count / 1e6:.0f} M" for table, count
                                              in results["make"].items()))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    if sys.argv[1:2] == ["--child"]:
        child(*sys.argv[2:6])
    else:
        main()
