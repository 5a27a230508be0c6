"""History out of the store and back: every finished game as CSV rows (one per player per game,
for a spreadsheet) or as a JSON backup (the games whole: config, seed, decisions and result, so
an imported game replays and shows its rounds as before). docs/export.md has both formats.

Importing a backup adds the games the store does not have (a game is the same when its kind,
seed, start and finish are) in one transaction: all of them, or nothing and a reason.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from .store import Store, canonical_json, record_finished

FORMAT = "tabletop-companion-history"
VERSION = 1
CSV_COLUMNS = ("game_id", "finished_at", "game", "edition", "players", "seat", "player",
               "score", "won", "characters")
"""The CSV export's columns, in order (docs/export.md says what each holds)."""

_FINISHED = ("SELECT id, game, config, seed, rng, created_at, played_at, finished_at, result,"
             " progress"
             " FROM sessions WHERE finished_at IS NOT NULL AND damaged IS NULL ORDER BY touched")


class BadBackup(ValueError):
    """A file that is not a history backup this app can import; the message says where."""


class Imported(NamedTuple):
    added: int
    already: int  # games the store had already


def _finished_games(store: Store) -> Iterator[dict[str, Any]]:
    """Every finished game that can be read, oldest first, as the JSON backup holds it (the
    decisions read in one pass over the table, not a query per game)."""
    decisions = _decisions_by_session(store)
    for sid, kind, config, seed, rng, created, played, finished, result, progress in store.query(
            _FINISHED):
        try:
            config, result = json.loads(config), json.loads(result)
            progress = json.loads(progress) if progress else {}
            steps = [json.loads(p) for p in decisions.get(sid, ())]
        except (ValueError, TypeError, RecursionError):
            continue
        yield {"id": sid, "kind": kind, "config": config, "seed": seed, "rng": rng,
               "created_at": created, "played_at": played, "finished_at": finished,
               "result": result, "progress": progress, "decisions": steps}


def _decisions_by_session(store: Store) -> dict[int, list[str]]:
    """The stored decisions of every finished game, in order, by session."""
    out: dict[int, list[str]] = {}
    for sid, payload in store.query(
            "SELECT d.session_id, d.payload FROM decisions d JOIN sessions s ON s.id ="
            " d.session_id WHERE s.finished_at IS NOT NULL ORDER BY d.session_id, d.seq"):
        out.setdefault(sid, []).append(payload)
    return out


def _players_by_session(store: Store) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    for sid, seat, name, score, won, characters in store.query(
            "SELECT session_id, seat, name, score, won, characters FROM player_results"
            " ORDER BY session_id, seat"):
        out.setdefault(sid, []).append(
            {"seat": seat, "name": name, "score": score,
             "won": None if won is None else bool(won), "characters": characters.split()})
    return out


def backup(store: Store) -> dict[str, Any]:
    """The JSON backup: the remembered players and every finished game, with its players."""
    players = _players_by_session(store)
    games = [{**game, "players": players.get(game.pop("id"), [])}
             for game in _finished_games(store)]
    return {"format": FORMAT, "version": VERSION,
            "players": [p.name for p in store.players()], "games": games}


_CSV_ROWS = (
    "SELECT s.id, s.finished_at, COALESCE(json_extract(s.result, '$.game'), s.game),"
    " COALESCE(json_extract(s.config, '$.edition'), ''),"
    " (SELECT COUNT(*) FROM player_results c WHERE c.session_id = s.id),"
    " r.seat, r.name, COALESCE(r.score, ''), COALESCE(r.won, ''), r.characters"
    " FROM sessions s JOIN player_results r ON r.session_id = s.id"
    " WHERE s.finished_at IS NOT NULL AND s.damaged IS NULL"
    " AND json_valid(s.result) AND json_valid(s.config) ORDER BY s.touched, r.seat")


def csv_text(store: Store) -> str:
    """The CSV export: a header, then one row per player per finished game, oldest first (one
    query: the player rows are the table's already)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(store.query(_CSV_ROWS))
    return out.getvalue()


def backup_text(store: Store) -> str:
    """The JSON backup as the file holds it (compact: Python's fast encoder)."""
    return json.dumps(backup(store), ensure_ascii=False, separators=(",", ":")) + "\n"


def export_text(store: Store, form: str) -> str:
    """The export in ``form``: ``csv`` or ``json``."""
    return csv_text(store) if form == "csv" else backup_text(store)


def write_atomically(path, text: str) -> None:
    """``text`` into ``path`` whole or not at all: written to ``path.part``, flushed, renamed
    (OSError when it cannot be; no ``.part`` is left behind)."""
    temporary = Path(f"{path}.part")
    try:
        with open(temporary, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)
        raise



# --- import -------------------------------------------------------------------------------------

_GAME_FIELDS = {"kind": str, "config": dict, "seed": int, "rng": int, "created_at": str,
                "played_at": str, "finished_at": str, "result": dict, "decisions": list}


def _checked_game(n: int, game: Any) -> dict[str, Any]:
    if not isinstance(game, dict):
        raise BadBackup(f"game {n}: not an object")
    for field, kind in _GAME_FIELDS.items():
        value = game.get(field)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise BadBackup(f"game {n}: {field!r} is missing or not {kind.__name__}")
    if not isinstance(game.get("progress", {}), dict):
        raise BadBackup(f"game {n}: 'progress' is not dict")
    if not all(isinstance(d, dict) for d in game["decisions"]):
        raise BadBackup(f"game {n}: a decision is not an object")
    return game


def read_backup(data: Any) -> tuple[list[str], list[dict[str, Any]]]:
    """The players and games of a parsed backup; BadBackup says what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadBackup(f"not a history backup (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise BadBackup(f"backup version {data.get('version')!r}: this app reads {VERSION}")
    players, games = data.get("players", []), data.get("games")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadBackup("'players' must be a list of names")
    if not isinstance(games, list):
        raise BadBackup("'games' must be a list")
    return players, [_checked_game(n, g) for n, g in enumerate(games, 1)]


def restore(store: Store, data: Any) -> Imported:
    """Add the backup's games the store lacks, and its players; one transaction."""
    from companion.names import name_problem

    players, games = read_backup(data)
    bad = next((p for p in players if name_problem(p)), None)
    if bad is not None:
        raise BadBackup(f"player {bad!r}: the name cannot be drawn ({name_problem(bad)})")
    added = 0
    with store.writing() as db:
        stored = set(db.execute("SELECT game, seed, created_at, finished_at FROM sessions"))
        before = db.execute("SELECT COALESCE(MAX(id), 0) FROM sessions").fetchone()[0]
        for game in games:
            key = (game["kind"], game["seed"], game["created_at"], game["finished_at"])
            if key in stored:
                continue
            stored.add(key)
            sid = db.execute(
                "INSERT INTO sessions (game, config, seed, rng, created_at, played_at,"
                " finished_at, result, progress) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game["kind"], canonical_json(game["config"]), game["seed"], game["rng"],
                 game["created_at"], game["played_at"], game["finished_at"],
                 canonical_json(game["result"]), canonical_json(game.get("progress", {})))
            ).lastrowid
            db.executemany("INSERT INTO decisions (session_id, seq, payload) VALUES (?, ?, ?)",
                           [(sid, seq, canonical_json(d)) for seq, d in
                            enumerate(game["decisions"])])
            added += 1
        record_finished(db, "id > ?", (before,))  # the games just added (ids only grow)
        store.remember(db, players)  # after: a player new here claims the games just added
        _order_by_time_played(db)
    return Imported(added, len(games) - added)


def _order_by_time_played(db) -> None:
    """Lists order sessions by ``touched``: number them again by when each was played, so an
    imported game from last year sits among last year's games."""
    db.execute("CREATE TEMP TABLE IF NOT EXISTS reorder (id INTEGER PRIMARY KEY, n INTEGER)")
    db.execute("DELETE FROM reorder")
    db.execute("INSERT INTO reorder SELECT id, ROW_NUMBER() OVER (ORDER BY played_at, touched, id)"
               " FROM sessions")
    db.execute("UPDATE sessions SET touched = (SELECT n FROM reorder WHERE reorder.id ="
               " sessions.id)")
    db.execute("DELETE FROM reorder")
