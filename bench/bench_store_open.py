"""Opening the store at start-up with 10,000 stored games of 100 decisions each (about 90 MB):
``open_store`` (which runs ``PRAGMA quick_check`` before anything is resumed) against two peers
in the same run: opening the same file as a plain ``Store`` (no check), and ``sqlite3.connect``
with one ``SELECT``. Also the lists: all 2,500 kept games at once (what no screen reads), the first page of them
with their count (Games in progress; a restart reads the 50 most recent), History's first page."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from common import emit, scratch_dir, summary

GAMES, DECISIONS, RUNS = 10_000, 100, 7


def fill(path: Path) -> None:
    from storage.store import Store

    store = Store(path)
    db = store._db  # straight into the tables: building 1M rows through the app takes minutes
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO sessions (id, game, config, seed, finished_at, result, played_at, touched)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(i, "troyes", '{"names":["Mina","Joon","Ari"],"players":3}', i,
          None if i % 4 == 0 else "2026-01-01T00:00:00Z", '{"winner":"Mina"}',
          "2026-01-01T00:00:00Z", i) for i in range(1, GAMES + 1)])
    db.executemany("INSERT INTO decisions VALUES (?, ?, ?)",
                   ((i, k, '{"type":"act","seat":1,"dice":[1,2,3],"district":"palace"}')
                    for i in range(1, GAMES + 1) for k in range(DECISIONS)))
    db.execute("COMMIT")
    store.close()


def timed(action, runs: int = RUNS) -> list[float]:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def main() -> None:
    from storage.opening import open_store
    from storage.store import Store

    path = Path(scratch_dir()) / "companion.sqlite3"
    fill(path)

    def checked():
        open_store(path).store.close()

    def plain():
        Store(path).close()

    def bare():
        db = sqlite3.connect(path)
        db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        db.close()

    store = Store(path)
    emit("store_open", games=GAMES, decisions_each=DECISIONS,
         size_mb=round(path.stat().st_size / 1e6, 1),
         open_store_with_quick_check=summary(timed(checked)),
         peer_store_without_check=summary(timed(plain)),
         peer_sqlite_connect=summary(timed(bare)),
         kept_all_2500=summary(timed(store.kept, 20)),
         kept_first_page=summary(timed(lambda: (store.kept(None, 0, 5),
                                                store.count(kept=True)), 50)),
         history_first_page=summary(timed(lambda: (store.rows(None, 0, 6), store.count()), 50)))
    store.close()


if __name__ == "__main__":
    main()
