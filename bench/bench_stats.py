"""Statistics with 10,000 finished games (~39,000 player rows): from pushing the Statistics
screen to its first frame shown, for every game (English and Korean) and for Citadels, and from
tapping its Characters and Scores tabs to their frames; against a peer measured the same way in
the same run (History's first frame on the same store), since the machine's speed drifts. Also
each query of storage/stats.py alone. Text caches are emptied before every sample, so each one
draws its texts from scratch, as a first look does. Target: < 100 ms to the first frame."""

from __future__ import annotations

import json
import os
import random
import time

import bench_history
from bench_history import make_app
from common import emit, summary

GAMES = 10_000
RUNS = 11
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


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    main()
