"""Resume independent of a game's length (issue 39): the instructions a restart spends rebuilding
a stored game from its decisions (``Session.replay``), each replay in a process of its own under
callgrind (the same count on every run, whatever else the machine is doing). Trusted (the
store's own log: each decision was checked when it was first applied, so it is not checked
again) against checked (every decision checked again, as for data from elsewhere), in the same
run: a Citadels game (8 players, no city completed for ``ROUNDS`` rounds, every legal step as
likely, looks too) cut at about 1,000 and 10,000 decisions, and a whole Troyes and Tiletum game.
A child that only reads the decisions is measured too and taken off; a replay is counted the
first time in its process (``first``: a restart's, data files read on the way) and the next
time (``instructions``, ``per_decision``: the replay alone). Run from an older tree (no trusted
replay there), it measures the code before: its ``trusted`` is null.

``from_store``: a resume as the app makes it, from a database: the whole log read and replayed
(``whole``) against its snapshot read and the decisions stored after it applied (``snapshot``,
kept ``SNAPSHOT_EVERY - 1`` decisions before the end: the most a resume replays), each less a
process that only opens the store, imports the game's rules and the snapshots' module (as any
game screen's module does: counted in first taps and start-up) and makes its initial state
(the game's data files read: what any resume of the game pays, whatever its length); the project
compiled first (``compileall``), as installed. Games: the long Citadels cuts,
a 10-round 8-player Citadels game (as long as games at a table get), Troyes and Tiletum.
"""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
import tempfile

from bench_export import instructions
from bench_game import long_session
from common import ROOT, emit

SIZES = (1_000, 10_000)
STARTUP_LENGTHS = (100, 1_000, 10_000)  # decisions of the Citadels game kept at start-up
ROUNDS = 140  # an 8-player round is about 77 decisions: 140 reach 10,000
BUDGET = 10_000_000  # instructions: a frame a player can feel on a Pi 3 (issue 39's goal)


def stored_games() -> dict[str, dict]:
    """The sessions measured, as stored (game, config, seed, decisions)."""
    from companion.tiletum.playthrough import tiletum_game
    from companion.troyes.playthrough import troyes_game

    citadels = long_session(8, 1, ROUNDS)
    games = {f"citadels_{size}": {"game": "citadels", "config": citadels.config,
                                  "seed": citadels.seed,
                                  "decisions": list(citadels.decisions[:size])}
             for size in SIZES}
    for name, (config, seed, decisions) in (("troyes", troyes_game(1)),
                                            ("tiletum", tiletum_game(1))):
        games[name] = {"game": name, "config": config, "seed": seed, "decisions": decisions}
    return games


def child(path: str, mode: str, times: str) -> None:
    """(In a process of its own) read a stored game, then replay it ``times`` times,
    ``checked`` or ``trusted``."""
    from companion.games import rules_for
    from companion.session import Session

    with open(path, encoding="utf-8") as file:
        stored = json.load(file)
    session = Session(stored["game"], stored["config"], stored["seed"],
                      tuple(stored["decisions"]))
    rules = rules_for(session.game)
    before = "checked" not in inspect.signature(Session.replay).parameters  # the code before
    for _ in range(int(times)):
        if before:
            session.replay(rules)
        else:
            session.replay(rules, checked=mode == "checked")


def measure(stored: dict, trusted_exists: bool) -> dict:
    """Instructions of the checked and the trusted replay of one stored game: the first in a
    process (``first``: its data files read, its code warmed up on the way) and the next one
    (``instructions``, and ``per_decision``: what each further decision adds)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(stored, file)
    try:
        def count(mode: str, times: int) -> int:
            return instructions([sys.executable, __file__, "--child", file.name, mode,
                                 str(times)])
        read = count("checked", 0)
        counts = {mode: (count(mode, 1) - read, count(mode, 2) - read)
                  for mode in ("checked", *(("trusted",) if trusted_exists else ()))}
    finally:
        os.unlink(file.name)
    decisions = len(stored["decisions"])
    out: dict = {"decisions": decisions, "checked": None, "trusted": None}
    for mode, (once, twice) in counts.items():
        out[mode] = {"first": once, "instructions": twice - once,
                     "per_decision": round((twice - once) / decisions)}
    return out


def store_child(path: str, mode: str) -> None:
    """(In a process of its own) open the store at ``path`` and, by ``mode``, resume its game
    from the whole log ("whole"), from its snapshot ("snapshot") or not ("open")."""
    from companion.games import rules_for
    from companion.timeline import Timeline
    from storage.store import Store

    from companion.rng import Seed

    import storage.snapshots  # noqa: F401 (imported with any game's screens: a tap's or start-up's)

    store = Store(path)
    game, config, seed = store.query("SELECT game, config, seed FROM sessions")[0]
    rules = rules_for(game)
    rules.initial(json.loads(config), Seed(seed))  # the game's data files: any resume reads them
    if mode == "whole":
        Timeline(rules, store.load(1))
    elif mode == "snapshot":
        session = store.load(1, resume=True)
        assert session.snapshot is not None, "no snapshot was read"
        Timeline.resumed(rules, session.snapshot, session)


def measure_store(stored: dict) -> dict:
    """Instructions of a resume from a database, whole and from the snapshot."""
    from ui.screens.session_controller import SNAPSHOT_EVERY

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "resume.sqlite3")
        keep_with_snapshot(path, stored, len(stored["decisions"]) - (SNAPSHOT_EVERY - 1))

        def count(mode: str) -> int:
            return instructions([sys.executable, __file__, "--store-child", path, mode])
        opened = count("open")
        return {"decisions": len(stored["decisions"]), "whole": count("whole") - opened,
                "snapshot": count("snapshot") - opened}


def startup_child(data: str) -> None:
    """(In a process of its own) start the app on ``data`` as a device does and show its first
    frame: the game kept there, resumed."""
    from dataclasses import replace
    from pathlib import Path

    from ui.compose import build_app
    from ui.config import load_config

    config = replace(load_config(Path(data) / "none.toml"), data_dir=Path(data), language="en")
    app = build_app(config, headless=True, env={"COMPANION_HW": "mock"})
    assert app.top.name != "home", "the kept game was not resumed"
    app.render()
    os._exit(0)  # no teardown: it is not start-up's


def measure_startup(stored: dict, lengths: tuple[int, ...]) -> dict:
    """Start-up to the first frame with the game ``stored`` kept, cut at each of ``lengths``
    decisions, its snapshot ``SNAPSHOT_EVERY - 1`` decisions before the end (as the app keeps
    them)."""
    from ui.screens.session_controller import SNAPSHOT_EVERY

    counts = {}
    for length in lengths:
        with tempfile.TemporaryDirectory() as data:
            keep_with_snapshot(os.path.join(data, "companion.sqlite3"),
                               {**stored, "decisions": stored["decisions"][:length]},
                               max(0, length - (SNAPSHOT_EVERY - 1)))
            counts[length] = instructions([sys.executable, __file__, "--startup-child", data])
    return counts


def keep_with_snapshot(path: str, stored: dict, rows: int) -> None:
    """A database at ``path`` keeping the game ``stored``, with a snapshot of its first
    ``rows`` decisions (none for 0)."""
    from companion.games import rules_for
    from companion.session import Session
    from companion.timeline import Timeline
    from storage import snapshots
    from storage.store import Store

    store = Store(path)
    game, seed, decisions = stored["game"], stored["seed"], stored["decisions"]
    session = store.append_all(store.create_session(game, stored["config"], seed), decisions)
    if rows:
        taken = Timeline(rules_for(game), Session(game, stored["config"], seed,
                                                  tuple(decisions[:rows])))
        store.keep_snapshot(session.id, rows, snapshots.encode(taken.snapshot(rows), game, seed))
    store.close()


def judge_store(results: dict) -> str:
    """One line: the costliest resume from a snapshot against the goal."""
    worst = max(results, key=lambda name: results[name]["snapshot"])
    spent = results[worst]["snapshot"]
    met = [name for name in results if results[name]["snapshot"] < BUDGET]
    return (f"resume from a snapshot: {'meets' if spent < BUDGET else 'MISSES'} < "
            f"{BUDGET / 1e6:.0f} M (the most: {worst}, {spent / 1e6:.1f} M; "
            f"met by {', '.join(met) or 'none'})")


def judge(longest: dict) -> str:
    """One line: the longest game's whole replay, trusted and checked (the goal is the
    snapshot's: ``judge_store``)."""
    said = [f"{mode} {longest[mode]['first'] / 1e6:,.0f} M instructions "
            f"({longest[mode]['per_decision']:,} a decision)"
            for mode in ("trusted", "checked") if longest[mode]]
    return (f"a {longest['decisions']:,}-decision Citadels game replayed whole (a resume with "
            f"no snapshot it can use): {'; '.join(said)}"
            f"{'' if longest['trusted'] else ' (no trusted replay in this tree)'}")


def main() -> None:
    from companion.session import Session

    os.environ["PYTHONHASHSEED"] = "0"  # the children's set and dict orders, run to run
    trusted_exists = "checked" in inspect.signature(Session.replay).parameters
    subprocess.run([sys.executable, "-m", "compileall", "-q", "companion", "ui", "hw", "storage"],
                   cwd=ROOT, check=True)  # as pip leaves them: no child compiles a module
    games = stored_games()
    results = {name: measure(stored, trusted_exists) for name, stored in games.items()}
    verdict = judge(results[f"citadels_{SIZES[-1]}"])
    from_store = {}
    if "resume" in inspect.signature(store_load()).parameters:
        table = long_session(8, 1, 10)  # ten rounds: as long as a game at a table
        games["citadels_10_rounds"] = {"game": "citadels", "config": table.config,
                                       "seed": table.seed, "decisions": list(table.decisions)}
        from_store = {name: measure_store(stored) for name, stored in games.items()}
        citadels = games[f"citadels_{SIZES[-1]}"]
        names = [f"Player {seat}" for seat in range(1, citadels["config"]["players"] + 1)]
        startup = measure_startup({**citadels, "config": {**citadels["config"], "names": names}},
                                  STARTUP_LENGTHS)
    store_verdict = judge_store(from_store) if from_store else "no snapshots in this tree"
    startup_verdict = judge_startup(startup) if from_store else "no snapshots in this tree"
    emit("resume", replay=results, verdict=verdict, from_store=from_store,
         store_verdict=store_verdict, startup_kept=startup, startup_verdict=startup_verdict)
    print(verdict)
    print(store_verdict)
    print(startup_verdict)


def judge_startup(counts: dict) -> str:
    """One line: start-up with the longest game kept against the shortest (both in a round's
    calling: the same screen)."""
    short, long = counts[min(counts)], counts[max(counts)]
    return (f"start-up with a {max(counts):,}-decision Citadels game kept: {long / 1e6:.0f} M "
            f"instructions, {long / short:.2f}x a {min(counts)}-decision one "
            f"({'meets' if long < short + BUDGET else 'MISSES'} the same, within "
            f"{BUDGET / 1e6:.0f} M)")


def store_load():
    """``Store.load`` of this tree (an older one has no ``resume``)."""
    from storage.store import Store
    return Store.load


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(*sys.argv[2:5])
    elif sys.argv[1:2] == ["--store-child"]:
        store_child(*sys.argv[2:4])
    elif sys.argv[1:2] == ["--startup-child"]:
        startup_child(sys.argv[2])
    else:
        main()
