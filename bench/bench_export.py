"""Export and backup with 10,000 finished games (issue 20): the CSV export, the JSON backup and
importing that backup into an empty store, against a peer measured in the same run: SQLite's
own copy of the same database (``Connection.backup``, the least a backup can cost). The games
are written straight into the tables (40 decisions each, scores for every player) and their
player rows made by the store's own ``record_finished``."""

from __future__ import annotations

import json
import random
import sqlite3
import statistics
import time
from pathlib import Path

from common import emit, scratch_dir

GAMES = 10_000
DECISIONS = 40
RUNS = 3


def fill(store, games: int) -> None:
    from storage.store import record_finished

    rng = random.Random(11)
    people = [f"Player {n}" for n in range(1, 21)] + ["김민준", "Alexandra-Catherine"]
    sessions, decisions = [], []
    for i in range(1, games + 1):
        names = rng.sample(people, rng.randint(2, 8))
        totals = [rng.randint(5, 60) for _ in names]
        best = max(totals)
        result = {"game": "citadels", "winner": names[totals.index(best)], "scores": {
            "players": [{"name": n, "total": t, "breakdown": {"districts": t}}
                        for n, t in zip(names, totals)],
            "winners": [n for n, t in zip(names, totals) if t == best]},
            "final_characters": {str(s): ["king"] for s in range(1, len(names) + 1)}}
        day = f"2025-{1 + i * 12 // (games + 1):02d}-{1 + i % 28:02d}T20:{i % 60:02d}:00Z"
        sessions.append((i, "citadels", json.dumps({"names": names, "edition": "2016"}), i, day,
                         day, json.dumps(result), 2, day, i))
        decisions += [(i, seq, json.dumps({"type": "pick", "seat": 1 + seq % 8,
                                           "character": "king"})) for seq in range(DECISIONS)]
    db = store._db
    db.execute("BEGIN")
    db.executemany("INSERT INTO sessions (id, game, config, seed, created_at, finished_at, "
                   "result, rng, played_at, touched) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   sessions)
    db.executemany("INSERT INTO decisions (session_id, seq, payload) VALUES (?, ?, ?)",
                   decisions)
    record_finished(db, "finished_at IS NOT NULL")
    db.execute("COMMIT")


def timed(action) -> tuple[float, object]:
    t0 = time.perf_counter()
    out = action()
    return (time.perf_counter() - t0) * 1000, out


def main() -> None:
    from storage.history_file import backup_text, csv_text, restore
    from storage.store import Store

    folder = Path(scratch_dir())
    store = Store(folder / "companion.sqlite3")
    fill(store, GAMES)
    samples: dict[str, list[float]] = {"csv": [], "json": [], "import": [], "peer_sqlite_copy": []}
    sizes = {}
    for run in range(RUNS):
        ms, text = timed(lambda: csv_text(store))
        samples["csv"].append(ms)
        sizes["csv_bytes"] = len(text.encode())
        ms, text = timed(lambda: backup_text(store))
        samples["json"].append(ms)
        sizes["json_bytes"] = len(text.encode())
        fresh = Store(folder / f"import-{run}.sqlite3")
        ms, done = timed(lambda: restore(fresh, json.loads(text)))
        assert done.added == GAMES and fresh.count() == GAMES
        samples["import"].append(ms)
        fresh.close()
        copy = sqlite3.connect(folder / f"copy-{run}.sqlite3")
        ms, _ = timed(lambda: store._db.backup(copy))
        copy.close()
        samples["peer_sqlite_copy"].append(ms)
    store.close()
    medians = {f"{k}_ms": round(statistics.median(v), 1) for k, v in samples.items()}
    peer = medians["peer_sqlite_copy_ms"]
    emit("export_10000_games", games=GAMES, decisions_per_game=DECISIONS, runs=RUNS, **medians,
         **sizes, csv_ratio_to_copy=round(medians["csv_ms"] / peer, 2),
         json_ratio_to_copy=round(medians["json_ms"] / peer, 2))


if __name__ == "__main__":
    main()
