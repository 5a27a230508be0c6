"""Statistics with 10,000 finished games (~39,000 player rows): from pushing the Statistics
screen to its first frame shown, for every game (English and Korean) and for Citadels, and from
tapping its Characters and Scores tabs to their frames; against a peer measured the same way in
the same run (History's first frame on the same store), since the machine's speed drifts. Also
each query of storage/stats.py alone. Text caches are emptied before every sample, so each one
draws its texts from scratch, as a first look does. Target: < 100 ms to the first frame.

With ``--instructions`` (issue 39, Statistics in constant time): the instructions each page's
first frame runs (valgrind's callgrind: the same on every run) at 10,000 and 30,000 games,
for this tree and, when BENCH_STATS_BEFORE names a git ref, the code before, each on a store
its own code filled (``make bench`` runs it after the times, for the goal's verdict). A page is a process of its own that starts the app on the store, draws
Home and stops after the page's frame, minus its peer: the same process stopping before it
(All, Citadels: Home drawn; Characters, Scores: the tab tapped from All, drawn). Also what
finishing a game costs more (FINISHED games finished on the 10,000-game store, after minus
before), and with ``--import`` importing bench_export's backup of 10,000 games.
Target: < 20 M instructions a page's whole first frame at 30,000 games (about 10 M is a frame
a player feels on a Pi 3), growing by 1 M at most from 10,000 games."""

from __future__ import annotations

import gc
import json
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import bench_history
from bench_history import make_app
from common import ROOT, emit, scratch_dir, summary

GAMES = 10_000
RUNS = 11
SIZES = tuple(int(n) for n in os.environ.get("BENCH_STATS_SIZES", "10000,30000").split(","))
TARGET = 20_000_000
GROWTH = 2_000_000  # a page's frame at the largest size, more than at the smallest, at most:
# 10 % of TARGET for 20,000 more games. What grows at all: the once-a-run check of the sums
# counts player_results' rows (0.4 M more at 30,000 games: ~20 instructions a row), and the
# two stores' first pages show other players (their latest games: more or fewer rows)
FINISHED = 20
PAGES = ("all", "citadels", "characters", "scores")
NAMES = ("Mina", "Joon", "Sora", "Hana", "Alexandra-Catherine", "김민준", "이서연", "박지호",
         "Tom", "Lucía", "Ben", "Chloé", "Dae-ho", "최유나", "Oliver", "Emma", "Ravi", "정하늘",
         "Noah", "Yuki")
REMEMBERED = NAMES[:12]  # the others were played under a name nobody remembered
CHARACTERS = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
              "warlord")
SCORE_RANGE = {"citadels": (8, 45), "troyes": (15, 70), "tiletum": (40, 140)}
KINDS = ("citadels", "citadels", "citadels-score", "troyes", "troyes-score", "tiletum",
         "tiletum-score")


def game(rng: random.Random, kind: str) -> tuple[dict, dict]:
    """One finished game's config and result, shaped as the app stores them (a tenth of the
    Citadels games the device ran were closed without scores)."""
    family = kind.removesuffix("-score")
    names = rng.sample(NAMES, rng.randint(2, 8 if family == "citadels" else 4))
    config = ({"players": [{"name": n} for n in names], "edition": "2016"}
              if kind.endswith("-score") else {"names": names, "edition": "2016"})
    result: dict = {"game": family}
    if kind == "citadels":
        per_seat = 2 if len(names) <= 3 else 1
        drawn = rng.sample(CHARACTERS, per_seat * len(names))
        result["final_characters"] = {str(s): drawn[(s - 1) * per_seat:s * per_seat]
                                      for s in range(1, len(names) + 1)}
        if rng.random() < 0.1:
            return config, result
    low, high = SCORE_RANGE[family]
    totals = [rng.randint(low, high) for _ in names]
    winners = [n for n, t in zip(names, totals) if t == max(totals)]
    result["scores"] = {"players": [{"name": n, "total": t, "breakdown": {}}
                                    for n, t in zip(names, totals)],
                        "winners": winners, "ranking": names}
    result["winner"] = " & ".join(winners)
    return config, result


def fill(store, games: int) -> None:
    """``games`` finished games written straight into the tables, then their player rows
    made by the store's own ``record_finished``, in one transaction."""
    from storage.store import record_finished

    rng = random.Random(11)
    sessions = []
    for i in range(1, games + 1):
        kind = KINDS[i % len(KINDS)]
        config, result = game(rng, kind)
        day = f"2025-{1 + i * 12 // (games + 1):02d}-{1 + i % 28:02d}T20:{i % 60:02d}:00Z"
        sessions.append((i, kind, json.dumps(config), i, day, day, json.dumps(result), 2, day,
                         i))
    db = store._db
    db.execute("BEGIN")
    db.executemany("INSERT INTO players (name) VALUES (?)", [(n,) for n in REMEMBERED])
    db.executemany("INSERT INTO sessions (id, game, config, seed, created_at, finished_at, "
                   "result, rng, played_at, touched) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   sessions)
    record_finished(db, "finished_at IS NOT NULL")
    db.execute("COMMIT")


def cold(app) -> None:
    """Forget every rendered, wrapped and fitted text (bench_history's ``cold``, and the
    fitted lines and labels of ui/widgets.py)."""
    from ui import widgets

    bench_history.cold(app)
    for cache in ("_lines", "_labels"):
        getattr(widgets, cache, {}).clear()


def timed(app, action) -> float:
    cold(app)
    return query_ms(lambda: (action(), app.render()))


def query_ms(action) -> float:
    t0 = time.perf_counter()
    action()
    return (time.perf_counter() - t0) * 1000


def main() -> None:
    from storage import stats
    from ui.screens.history import HistoryScreen
    from ui.screens.stats import StatsScreen

    app = make_app()
    fill(app.store, GAMES)
    rows = app.store.query("SELECT COUNT(*) FROM player_results")[0][0]
    citadels = ("citadels", "citadels-score")
    samples: dict[str, list[float]] = {k: [] for k in (
        "open_stats_all", "open_stats_citadels", "tab_characters", "tab_scores",
        "open_stats_all_ko", "peer_open_history_ko",
        "peer_open_history", "query_players_all", "query_players_citadels",
        "query_characters", "query_distribution_citadels")}
    for _ in range(RUNS):
        samples["peer_open_history"].append(timed(app, lambda: app.push(HistoryScreen(app))))
        app.pop()
        samples["open_stats_all"].append(timed(app, lambda: app.push(StatsScreen(app))))
        screen = app.top
        samples["tab_characters"].append(timed(app, lambda s=screen: s.show_view("characters")))
        samples["tab_scores"].append(timed(app, lambda s=screen: s.show_view("scores")))
        app.pop()
        samples["open_stats_citadels"].append(
            timed(app, lambda: app.push(StatsScreen(app, "citadels"))))
        assert app.top.kinds == citadels and app.top.view.pages()
        app.pop()
        cold(app)
        samples["query_players_all"].append(query_ms(lambda: stats.players(app.store)))
        samples["query_players_citadels"].append(
            query_ms(lambda: stats.players(app.store, citadels)))
        samples["query_characters"].append(query_ms(lambda: stats.characters(app.store)))
        samples["query_distribution_citadels"].append(
            query_ms(lambda: stats.distribution(app.store, citadels)))
    app.set_language("ko")
    for _ in range(RUNS):
        samples["peer_open_history_ko"].append(timed(app, lambda: app.push(HistoryScreen(app))))
        app.pop()
        samples["open_stats_all_ko"].append(timed(app, lambda: app.push(StatsScreen(app))))
        app.pop()
    app.close()
    results = {k: summary(v) for k, v in samples.items()}
    peer = results["peer_open_history"]["median_ms"]
    emit("stats_first_frame", games=GAMES, player_rows=rows, target_ms=100.0,
         ratio_all_to_history=round(results["open_stats_all"]["median_ms"] / peer, 2),
         **results)


# --- instructions (--instructions) ------------------------------------------------------------

def on_tree(tree: str) -> None:
    """(In a child process) the app's modules read from ``tree`` (the code before, or this)."""
    sys.path.insert(0, tree)


def child_app(data: str):
    from dataclasses import replace

    from ui.compose import build_app
    from ui.config import load_config

    config = replace(load_config(Path(data) / "none.toml"), data_dir=Path(data), language="en")
    return build_app(config, headless=True, env={"COMPANION_HW": "mock"})


def fill_child(tree: str, data: str, games: str) -> None:
    """(A child) the store in ``data`` filled with ``games`` games by ``tree``'s code."""
    on_tree(tree)
    from storage.store import Store

    store = Store(Path(data) / "companion.sqlite3")
    fill(store, int(games))
    store.close()


def page_child(tree: str, data: str, page: str) -> None:
    """(A child) the app on ``data``, Home drawn, then ``page``'s first frame ("home": none;
    "all", "citadels": Statistics pushed; "characters", "scores": the tab tapped from All).
    Garbage collection as the kiosk has it (ui/cli.py): off until Home's first frame, then
    what there is frozen (else collections of the start-up's objects fall in a page or not
    as it allocates: ±2 M); and the sums' triggers made, as the kiosk makes them in its
    first idle task after that frame (else the first page to write or read through the
    writing connection makes them: ~7 M)."""
    gc.disable()
    on_tree(tree)
    app = child_app(data)
    app.finish_idle_work()
    from ui.first_frame import collect_from_now_on
    from ui.screens.stats import StatsScreen

    app.render()
    collect_from_now_on()
    if hasattr(app.store, "keep_sums"):  # (a tree before it kept them in the file)
        app.store.keep_sums()  # as the kiosk's first idle task does (ui/first_frame.py)
    if page != "home":
        app.push(StatsScreen(app, "citadels" if page == "citadels" else None))
        app.render()
        if page in ("characters", "scores"):
            app.top.show_view(page)
            app.render()
    app.close()


def read_child(tree: str, data: str, page: str) -> None:
    """(A child) the store opened, then only what ``page`` reads from it (storage/stats.py and
    the kinds stored; "none": nothing), without the app or drawing (its modules imported)."""
    on_tree(tree)
    from storage import stats
    from storage.store import Store
    from ui import registry
    from ui.screens.game_filter import kinds_of, stored_kinds
    from ui.screens.stats_players import PlayersView

    store = Store(Path(data) / "companion.sqlite3")
    if hasattr(store, "keep_sums"):  # (the app has them from its first idle task)
        store.keep_sums()
    if page in ("all", "citadels"):  # (the players' sums, and the first page's latest games)
        kinds = ("citadels", "citadels-score") if page == "citadels" else None
        if hasattr(stats, "latest"):
            stats.latest(store, kinds, stats.totals(store, kinds)[:PlayersView.per_page])
        else:  # (the code before: every player's latest games read with their sums)
            stats.players(store, kinds)
    elif page == "characters":
        stats.characters(store)
    elif page == "scores":
        for entry in registry.games():
            stats.distribution(store, kinds_of(entry, stored_kinds(store)))
    store.close()


def finish_child(tree: str, data: str, games: str) -> None:
    """(A child) ``games`` Troyes score sheets of four players finished (0: none)."""
    on_tree(tree)
    from storage.store import Store

    store = Store(Path(data) / "companion.sqlite3")
    for n in range(int(games)):
        names = ["Mina", "Joon", "Sora", "Hana"]
        session = store.create_session("troyes-score", {"players": [{"name": m} for m in names],
                                                        "game_session": None}, n)
        store.finish(session, {"game": "troyes", "winner": "Mina", "scores": {
            "players": [{"name": m, "total": 40 - i, "breakdown": {}}
                        for i, m in enumerate(names)], "winners": ["Mina"], "ranking": names}})
    store.close()


def tree_of(ref: str) -> str:
    """The files of git ``ref`` in a scratch folder, compiled (as this tree's are: a module
    compiled on import would count its compiling)."""
    folder = scratch_dir()
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
    subprocess.run([sys.executable, "-m", "compileall", "-q", folder], check=True,
                   capture_output=True)
    return folder


def run_child(*args: str, counted: bool = True) -> int:
    """A child process of this script (its instructions when ``counted``)."""
    from bench_export import instructions

    command = [sys.executable, __file__, *args]
    if counted:
        return instructions(command)
    subprocess.run(command, check=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": ""})
    return 0


def copy_of(data: str) -> str:
    """A copy of the data folder (a child that writes leaves the original as it was)."""
    import shutil

    folder = Path(scratch_dir()) / "data"
    shutil.copytree(data, folder)
    return str(folder)


def measure_tree(tree: str) -> dict:
    """Per size: each page's instructions (frame minus its peer), and per finished game."""
    found: dict = {}
    for games in SIZES:
        data = str(Path(scratch_dir()) / "data")
        run_child("--fill-child", tree, data, str(games), counted=False)
        run_child("--page-child", tree, data, "home", counted=False)  # (opened once: migrated)
        runs = {page: run_child("--page-child", tree, data, page) for page in ("home", *PAGES)}
        reads = {page: run_child("--read-child", tree, data, page) for page in ("none", *PAGES)}
        if games == SIZES[0]:
            none, some = (run_child("--finish-child", tree, copy_of(data), str(n))
                          for n in (0, FINISHED))
            found["finish_game"] = (some - none) // FINISHED
        found[games] = {page: runs[page] - runs["all" if page in ("characters", "scores")
                                                  else "home"] for page in PAGES}
        found[f"reads_{games}"] = {page: reads[page] - reads["none"] for page in PAGES}
    return found


def measure_import(tree: str) -> int:
    """Instructions of ``companion import`` of bench_export's 10,000 small games."""
    from bench_export import fill_child as export_fill
    from bench_export import instructions

    folder = Path(scratch_dir())
    export_fill(str(folder / "data"), "small", "10000")
    where = ["--config", str(folder / "none.toml")]
    subprocess.run([sys.executable, "-m", "ui.cli", "export", "--format", "json", "--out",
                    str(folder / "b.json"), "--data-dir", str(folder / "data"), *where],
                   check=True, cwd=ROOT, capture_output=True)
    return instructions([sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]);"
                         " from ui.cli import main; sys.argv[1:2] = []; sys.exit(main())",
                         tree, "import", str(folder / "b.json"), "--data-dir",
                         str(folder / "new"), *where])


def main_instructions(with_import: bool) -> None:
    before_ref = os.environ.get("BENCH_STATS_BEFORE")  # a commit to compare with; or none
    os.environ.setdefault("PYTHONHASHSEED", "0")  # (the same counts each run: ±1 M else)
    trees = {**({"before": tree_of(before_ref)} if before_ref else {}), "after": str(ROOT)}
    with ThreadPoolExecutor(2) as pool:  # (one app a data folder; callgrind minds no load)
        found = dict(zip(trees, pool.map(measure_tree, trees.values())))
    pages = {f"{page}_{games}": {name: found[name][games][page] for name in trees}
             for games in SIZES for page in PAGES}
    reads = {f"{page}_{games}": {name: found[name][f"reads_{games}"][page] for name in trees}
             for games in SIZES for page in PAGES}
    frame, read = (max(table[f"{page}_{SIZES[-1]}"]["after"] for page in PAGES)
                   for table in (pages, reads))
    flat = {page: pages[f"{page}_{SIZES[-1]}"]["after"] - pages[f"{page}_{SIZES[0]}"]["after"]
            for page in PAGES}
    extra = {}
    if with_import:
        with ThreadPoolExecutor(2) as pool:
            extra["import_10000_games"] = dict(zip(trees, pool.map(measure_import,
                                                                   trees.values())))
    emit("stats_instructions", before=before_ref, target=TARGET, frames=pages,
         reads=reads, frame_growth_after=flat,
         finish_game={name: found[name]["finish_game"] for name in trees}, **extra,
         verdict=verdict(frame, flat, read))
    print(f"Statistics: {verdict(frame, flat, read)}")


def verdict(frame: int, growth: dict[str, int], read: int) -> str:
    """The line on the goal: each page's whole first frame (``frame``: the most of them at the
    largest size) under TARGET, and none growing (``growth``, by page) more than GROWTH."""
    page, most = max(growth.items(), key=lambda item: item[1])
    return (f"frames {'met' if frame < TARGET else 'MISSED'}, growth"
            f" {'met' if most <= GROWTH else 'MISSED'}: each page's whole first frame at"
            f" {SIZES[-1]:,} games {frame / 1e6:.1f} M instructions at most"
            f" (< {TARGET / 1e6:.0f} M), growing {most / 1e6:.2f} M at most ({page}) from"
            f" {SIZES[0]:,} games (<= {GROWTH / 1e6:.0f} M); its reads {read / 1e6:.1f} M"
            " at most")


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    children = {"--fill-child": fill_child, "--page-child": page_child,
                "--read-child": read_child, "--finish-child": finish_child}
    if sys.argv[1:2] and sys.argv[1] in children:
        children[sys.argv[1]](*sys.argv[2:])
    elif "--instructions" in sys.argv[1:]:
        main_instructions("--import" in sys.argv[1:])
    else:  # (make bench) the times, then the goal's verdict in instructions
        main()
        main_instructions(False)
