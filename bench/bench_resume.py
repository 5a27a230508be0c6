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
    results = {name: measure(stored, trusted_exists) for name, stored in stored_games().items()}
    verdict = judge(results[f"citadels_{SIZES[-1]}"])
    emit("resume", replay=results, verdict=verdict)
    print(verdict)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(*sys.argv[2:5])
    else:
        main()
