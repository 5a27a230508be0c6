"""Export and import with 10,000 finished games (issue 20; streamed since issue 38): the CSV
export, the JSON backup and importing that backup into an empty data folder, each run as the
command a person types (``companion export`` / ``companion import``) in a process of its own,
and both files as Export to USB writes them (``export_both``, one pass, without the app),
measured by that process's peak memory (the kernel's ``ru_maxrss``, from ``os.wait4``), its
time and CPU, and with ``--instructions`` the instructions it ran (valgrind's callgrind: the
same on every run). Beside them, peers measured the same way in the same run on the same
database: SQLite's own copies of it — the sqlite3 shell's ``.dump`` (every row as SQL text)
and ``.read`` of that dump into a new file (loading it back), and ``Connection.backup`` (its
pages copied) — and ``python -c pass`` (what any Python process costs). Also the app's own
peak memory while Export to USB writes both files from its thread (it was 49 -> 512 MB).

The games are written straight into the tables as the app stores them (canonical JSON, 40
decisions each, scores for every player) and their player rows made by the store's own
``record_finished``. Run from an older tree, the same script measures the code before."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT, emit, scratch_dir

GAMES = int(os.environ.get("BENCH_EXPORT_GAMES", 10_000))  # (100,000: memory at ten times the size)
DECISIONS = 40
PLAYED_GAMES = int(os.environ.get("BENCH_PLAYED_GAMES", 10_000))
"""Games of the second shape, "played": each a whole ten-round Citadels game of random legal
decisions (bench_game's, 220-777 decisions each: a backup of 15 KB a game; the 10,000 games
issue 38 measured were 25 KB each), so the per-game costs weigh as in a real History."""
SHAPES = os.environ.get("BENCH_EXPORT_SHAPES", "small,played").split(",")
RUNS = 3
MB = 1024  # ru_maxrss is in KiB


def played_decisions() -> dict[int, list[str]]:
    """For 4 to 8 players, the stored decisions of one whole ten-round Citadels game."""
    from bench_game import long_session
    from storage.store import canonical_json

    return {players: [canonical_json(d) for d in long_session(players, players).decisions]
            for players in range(4, 9)}


def fill(store, games: int, shape: str = "small") -> None:
    from storage.store import canonical_json, record_finished

    rng = random.Random(11)
    people = [f"Player {n}" for n in range(1, 21)] + ["김민준", "Alexandra-Catherine"]
    played = played_decisions() if shape == "played" else {}
    small = [canonical_json({"type": "pick", "seat": 1 + seq % 8, "character": "king"})
             for seq in range(DECISIONS)]
    sessions, decisions = [], []
    for i in range(1, games + 1):
        names = rng.sample(people, rng.randint(4, 8) if played else rng.randint(2, 8))
        totals = [rng.randint(5, 60) for _ in names]
        best = max(totals)
        result = {"game": "citadels", "winner": names[totals.index(best)], "scores": {
            "players": [{"name": n, "total": t, "breakdown": {"districts": t}}
                        for n, t in zip(names, totals)],
            "winners": [n for n, t in zip(names, totals) if t == best]},
            "final_characters": {str(s): ["king"] for s in range(1, len(names) + 1)}}
        day = f"2025-{1 + i * 12 // (games + 1):02d}-{1 + i % 28:02d}T20:{i % 60:02d}:00Z"
        sessions.append((i, "citadels", canonical_json({"names": names, "edition": "2016"}), i,
                         day, day, canonical_json(result), 2, day, i))
        decisions += [(i, seq, payload)
                      for seq, payload in enumerate(played.get(len(names), small))]
    db = store._db
    db.execute("BEGIN")
    db.executemany("INSERT INTO sessions (id, game, config, seed, created_at, finished_at, "
                   "result, rng, played_at, touched) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   sessions)
    db.executemany("INSERT INTO decisions (session_id, seq, payload) VALUES (?, ?, ?)",
                   decisions)
    record_finished(db, "finished_at IS NOT NULL")
    db.execute("COMMIT")


def measured(command: list[str], stdout=None) -> dict:
    """Run ``command``; its wall time, CPU time and peak memory (that process alone)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "COMPANION_HW": "mock", "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryFile() as errors:
        t0 = time.perf_counter()
        proc = subprocess.Popen(command, stdout=stdout or subprocess.DEVNULL, stderr=errors,
                                env=env, cwd=ROOT)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        errors.seek(0)
        said = errors.read().decode(errors="replace")
    if proc.returncode != 0 or (command[0].endswith("sqlite3") and said):
        raise RuntimeError(f"{command[:4]} failed ({proc.returncode}): {said[-500:]}")
    return {"wall_ms": wall * 1000, "cpu_ms": (usage.ru_utime + usage.ru_stime) * 1000,
            "peak_mb": usage.ru_maxrss / MB}


def instructions(command: list[str], stdout=None) -> int:
    """The instructions ``command`` runs (valgrind --tool=callgrind)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *command], stdout=stdout or subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not found:
        raise RuntimeError(f"callgrind on {command[:4]}: {done.stderr[-500:]}")
    return int(found.group(1))


def usb_child(data: str, stick: str) -> None:
    """(In a process of its own) the app started on ``data``, then Export to USB into
    ``stick`` from its thread: the peak memory before and after, in MB."""
    import resource

    from ui.compose import build_app
    from ui.config import load_config
    from dataclasses import replace

    config = replace(load_config(Path(data) / "none.toml"), data_dir=Path(data), language="en")
    app = build_app(config, headless=True, env={"COMPANION_HW": "mock"})
    app.finish_idle_work()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / MB
    t0 = time.perf_counter()
    if not (ROOT / "ui" / "export_job.py").exists():  # the code before issue 38: in the tap
        from ui.screens.usb_export import export_to

        export_to(app, Path(stick))
    else:
        from ui.export_job import ExportJob

        job = ExportJob(app.store, Path(stick), lambda: None)
        job.start()
        job.thread.join()
        assert job.outcome[0] == "written", job.outcome
    seconds = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / MB
    print(json.dumps({"before_mb": before, "after_mb": after, "seconds": seconds}))
    app.close()


def both_child(data: str, folder: str) -> None:
    """(In a process of its own) both files Export to USB writes, as its thread writes them,
    without the app around it."""
    from storage import history_file
    from storage.store import Store

    store = Store(Path(data) / "companion.sqlite3", read_only=True)
    if not hasattr(history_file, "written_whole"):  # the code before issue 38
        for name, text in (("b.csv", history_file.csv_text(store)),
                           ("b.json", history_file.backup_text(store))):
            history_file.write_atomically(Path(folder) / name, text)
        return
    with history_file.snapshot(history_file.source_of(store)) as db, \
            history_file.written_whole(Path(folder) / "b.csv") as table, \
            history_file.written_whole(Path(folder) / "b.json") as backup:
        history_file.write_backup(db, backup, None, table)


def fill_child(data: str, shape: str, games: str) -> None:
    """(In a process of its own, so the one measuring stays small: a child's peak memory
    starts from its parent's size when it was forked) the games written into ``data``."""
    from storage.store import Store

    store = Store(Path(data) / "companion.sqlite3")
    fill(store, int(games), shape)
    store.close()


def main(count_instructions: bool) -> None:
    for shape, games in (("small", GAMES), ("played", PLAYED_GAMES)):
        if shape in SHAPES:
            measure(shape, games, count_instructions)


def measure(shape: str, games: int, count_instructions: bool) -> None:
    folder = Path(scratch_dir())
    data = folder / "data"
    subprocess.run([sys.executable, __file__, "--fill-child", str(data), shape, str(games)],
                   check=True, cwd=ROOT)
    db = str(data / "companion.sqlite3")
    py = [sys.executable]
    cli = [*py, "-m", "ui.cli"]
    where = ["--data-dir", str(data), "--config", str(folder / "none.toml")]
    backup, table, dump = folder / "backup.json", folder / "games.csv", folder / "dump.sql"
    sqlite3_shell = shutil.which("sqlite3")

    def fresh(name: str) -> Path:
        """``name`` in the scratch folder, with nothing there (a run before left its copy)."""
        path = folder / name
        shutil.rmtree(path, ignore_errors=True)
        path.unlink(missing_ok=True)
        return path

    commands = {
        "python_start": lambda: [*py, "-c", "pass"],
        "export_csv": lambda: [*cli, "export", "--format", "csv", "--out", str(table), *where],
        "export_json": lambda: [*cli, "export", "--format", "json", "--out", str(backup),
                                *where],
        "import_json": lambda: [*cli, "import", str(backup), "--data-dir",
                                str(fresh("imported")), "--config", str(folder / "none.toml")],
        "export_both": lambda: [*py, __file__, "--both-child", str(data), str(folder)],
        "peer_backup": lambda: [*py, "-c", "import sqlite3, sys; sqlite3.connect(sys.argv[1])"
                                ".backup(sqlite3.connect(sys.argv[2]))", db,
                                str(fresh("copy.sqlite3"))],
    }
    if sqlite3_shell:
        commands["peer_dump"] = lambda: [sqlite3_shell, db, ".dump"]
        commands["peer_read_dump"] = lambda: [sqlite3_shell, str(fresh("read.sqlite3")),
                                              f".read {dump}"]
    results: dict[str, dict] = {}
    for name, command in commands.items():
        runs = []
        for _ in range(RUNS):
            with open(dump, "wb") if name == "peer_dump" else open(os.devnull, "wb") as out:
                runs.append(measured(command(), out))
        results[name] = {"wall_ms": round(statistics.median(r["wall_ms"] for r in runs), 1),
                         "cpu_ms": round(statistics.median(r["cpu_ms"] for r in runs), 1),
                         "peak_mb": round(max(r["peak_mb"] for r in runs), 1)}
        if count_instructions and not (shape == "played" and name == "peer_read_dump"):
            with open(os.devnull, "wb") as out:  # (.read of 500 MB of SQL: an hour in callgrind)
                results[name]["instructions"] = instructions(command(), out)
    stick = fresh("stick")
    stick.mkdir()
    usb = subprocess.run([*py, __file__, "--usb-child", str(data), str(stick)],
                         capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy",
                              "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)})
    if usb.returncode != 0:
        raise RuntimeError(f"usb export: {usb.stderr[-500:]}")
    app = json.loads(usb.stdout.strip().splitlines()[-1])
    ratios = {}
    for peer in ("peer_dump", "peer_read_dump", "peer_backup"):
        for name in ("export_json", "export_both", "import_json"):
            if "instructions" in results.get(peer, {}):
                ratios[f"{name}_instructions_per_{peer}"] = round(
                    (results[name]["instructions"] - results["python_start"]["instructions"])
                    / results[peer]["instructions"], 2)
    import sqlite3

    with sqlite3.connect(db) as counting:
        stored = counting.execute("SELECT COUNT(*) FROM decisions").fetchone()[0]
    emit(f"export_{games}_{shape}_games", games=games, decisions=stored, runs=RUNS,
         json_bytes=backup.stat().st_size, csv_bytes=table.stat().st_size,
         dump_bytes=dump.stat().st_size if dump.exists() else None, **results,
         usb_export_app={k: round(v, 2) for k, v in app.items()}, **ratios)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--usb-child"]:
        usb_child(*sys.argv[2:4])
    elif sys.argv[1:2] == ["--both-child"]:
        both_child(*sys.argv[2:4])
    elif sys.argv[1:2] == ["--fill-child"]:
        fill_child(*sys.argv[2:5])
    else:
        main("--instructions" in sys.argv[1:])
