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
process that only opens the store and imports the game's rules. Games: the long Citadels cuts,
a 10-round 8-player Citadels game (as long as games at a table get), Troyes and Tiletum.
"""

from __future__ import annotations

import inspect
import json
import os
import sys
import tempfile

from bench_export import instructions
from bench_game import long_session
from common import emit

SIZES = (1_000, 10_000)
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

    store = Store(path)
    game = store.query("SELECT game FROM sessions")[0][0]
    rules = rules_for(game)
    if mode == "whole":
        Timeline(rules, store.load(1))
    elif mode == "snapshot":
        session = store.load(1, resume=True)
        assert session.snapshot is not None, "no snapshot was read"
        Timeline.resumed(rules, session.snapshot, session)


def measure_store(stored: dict) -> dict:
    """Instructions of a resume from a database, whole and from the snapshot."""
    from companion.games import rules_for
    from companion.session import Session
    from companion.timeline import Timeline
    from storage import snapshots
    from storage.store import Store
    from ui.screens.session_controller import SNAPSHOT_EVERY

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "resume.sqlite3")
        store = Store(path)
        decisions = stored["decisions"]
        session = store.append_all(store.create_session(stored["game"], stored["config"],
                                                        stored["seed"]), decisions)
        rows = len(decisions) - (SNAPSHOT_EVERY - 1)
        taken = Timeline(rules_for(stored["game"]), Session(
            stored["game"], stored["config"], stored["seed"], tuple(decisions[:rows])))
        data = snapshots.encode(taken.snapshot(rows), stored["game"], stored["seed"])
        store.keep_snapshot(session.id, rows, data)
        store.close()

        def count(mode: str) -> int:
            return instructions([sys.executable, __file__, "--store-child", path, mode])
        opened = count("open")
        return {"decisions": len(decisions), "snapshot_bytes": len(data),
                "whole": count("whole") - opened, "snapshot": count("snapshot") - opened}


def judge_store(results: dict) -> str:
    """One line: the costliest resume from a snapshot against the goal."""
    worst = max(results, key=lambda name: results[name]["snapshot"])
    spent = results[worst]["snapshot"]
    met = [name for name in results if results[name]["snapshot"] < BUDGET]
    return (f"resume from a snapshot: {'meets' if spent < BUDGET else 'MISSES'} < "
            f"{BUDGET / 1e6:.0f} M (the most: {worst}, {spent / 1e6:.1f} M; "
            f"met by {', '.join(met) or 'none'})")


def judge(longest: dict) -> str:
    """One line: the longest game's resume, trusted and checked, against the goal."""
    said = [f"{mode} {longest[mode]['first'] / 1e6:,.0f} M instructions "
            f"({longest[mode]['per_decision']:,} a decision)"
            for mode in ("trusted", "checked") if longest[mode]]
    spent = min(longest[mode]["first"] for mode in ("trusted", "checked") if longest[mode])
    goal = f"the goal, < {BUDGET / 1e6:.0f} M whatever the length, " + (
        "is met" if spent < BUDGET else f"is {spent / BUDGET:.0f} times over")
    return (f"a {longest['decisions']:,}-decision Citadels resume: {'; '.join(said)}"
            f"{'' if longest['trusted'] else ' (no trusted replay in this tree)'}: {goal}")


def main() -> None:
    from companion.session import Session

    os.environ["PYTHONHASHSEED"] = "0"  # the children's set and dict orders, run to run
    trusted_exists = "checked" in inspect.signature(Session.replay).parameters
    games = stored_games()
    results = {name: measure(stored, trusted_exists) for name, stored in games.items()}
    verdict = judge(results[f"citadels_{SIZES[-1]}"])
    from_store = {}
    if "resume" in inspect.signature(store_load()).parameters:
        table = long_session(8, 1, 10)  # ten rounds: as long as a game at a table
        games["citadels_10_rounds"] = {"game": "citadels", "config": table.config,
                                       "seed": table.seed, "decisions": list(table.decisions)}
        from_store = {name: measure_store(stored) for name, stored in games.items()}
    store_verdict = judge_store(from_store) if from_store else "no snapshots in this tree"
    emit("resume", replay=results, verdict=verdict, from_store=from_store,
         store_verdict=store_verdict)
    print(verdict)
    print(store_verdict)


def store_load():
    """``Store.load`` of this tree (an older one has no ``resume``)."""
    from storage.store import Store
    return Store.load


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(*sys.argv[2:5])
    elif sys.argv[1:2] == ["--store-child"]:
        store_child(*sys.argv[2:4])
    else:
        main()
