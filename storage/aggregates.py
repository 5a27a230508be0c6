"""Statistics' sums kept beside ``player_results``, so that no Statistics page reads every
player row: SQLite triggers add and take away each row as it is written, deleted or changed
(a game finished or deleted, scores entered later, a player remembered, renamed or deleted),
whatever part of the app writes it (``keep``: on every connection a Store writes through);
an import makes them again whole at its end (``rebuilt_after``). They are a cache of
``player_results``: ``ready`` finds them missing or wrong (``_sound``; a program other than
the app wrote rows) and makes them again from it.

Tables (``game``: the kind of session, '' for a row whose session is gone):
- ``stats_players``: per (game, player_id, name played) — player_id 0 when not remembered —
  the rows, those scored, wins, the total and the best score (``stats.players``);
- ``stats_scores``: per (game, score) the scored rows and the winners among them;
- ``stats_scored_games``: per game the sessions with a score (``stats.distribution``);
- ``stats_characters``: per (game, edition, characters held together) the scored rows and
  wins (``stats.characters``); ``edition`` is the session config's TAG_FIELD, 0 when none.
- ``stats_dice``: per (game, colour, face) the dice that showed it and the games that rolled
  that colour, from the sessions' results (``result.dice.faces``, companion/dice_audit.py),
  kept by triggers on ``sessions`` (``stats.dice``).
"""

from __future__ import annotations

import sqlite3
import weakref
from collections.abc import Iterator
from contextlib import contextmanager

TAG_FIELD = "edition"
"""The config field Statistics groups characters by (the only ``tag_group`` of the games)."""

_GAME = "IFNULL((SELECT game FROM sessions WHERE id = R.session_id), '')"
_EDITION = (f"IFNULL(json_extract(CASE WHEN json_valid(config) THEN config END,"
            f" '$.{TAG_FIELD}'), 0)")  # (0: none; what is not text shows as no edition)
_OTHER_SCORED = ("EXISTS (SELECT 1 FROM player_results o WHERE o.session_id = R.session_id"
                 " AND o.score IS NOT NULL AND o.rowid != R.rowid)")

TABLES = {
    "stats_players": "game TEXT NOT NULL, player_id INTEGER NOT NULL, name TEXT NOT NULL,"
                     " games INTEGER NOT NULL, scored INTEGER NOT NULL, wins INTEGER NOT NULL,"
                     " total INTEGER NOT NULL, best INTEGER, PRIMARY KEY (game, player_id, name)",
    "stats_scores": "game TEXT NOT NULL, score INTEGER NOT NULL, players INTEGER NOT NULL,"
                    " wins INTEGER NOT NULL, PRIMARY KEY (game, score)",
    "stats_scored_games": "game TEXT NOT NULL PRIMARY KEY, games INTEGER NOT NULL",
    "stats_characters": "game TEXT NOT NULL, edition NOT NULL, characters TEXT NOT NULL,"
                        " players INTEGER NOT NULL, wins INTEGER NOT NULL,"
                        " PRIMARY KEY (game, edition, characters)",
    "stats_dice": "game TEXT NOT NULL, colour TEXT NOT NULL, face INTEGER NOT NULL,"
                  " dice INTEGER NOT NULL, games INTEGER NOT NULL,"
                  " PRIMARY KEY (game, colour, face)",
}


def _faces(result: str) -> str:
    """SQL: the tables of every face a session's result counts (``f.key``: the colour,
    ``j.key + 1``: the face, ``j.value``: the dice), and the condition that keeps them."""
    return (f"json_each(CASE WHEN json_valid({result}) THEN {result} END, '$.dice.faces') f,"
            " json_each(f.value) j WHERE f.type = 'array' AND j.type = 'integer'"
            " AND j.key < 6")


_FILL = {
    "stats_players":
        "SELECT IFNULL(s.game, ''), IFNULL(r.player_id, 0), r.name, COUNT(*), COUNT(r.score),"
        " IFNULL(SUM(r.won), 0), IFNULL(SUM(r.score), 0), MAX(r.score) FROM player_results r"
        " LEFT JOIN sessions s ON s.id = r.session_id GROUP BY 1, 2, 3",
    "stats_scores":
        "SELECT s.game, r.score, COUNT(*), IFNULL(SUM(r.won), 0) FROM player_results r"
        " JOIN sessions s ON s.id = r.session_id WHERE r.score IS NOT NULL GROUP BY 1, 2",
    "stats_scored_games":
        "SELECT game, COUNT(*) FROM sessions s WHERE EXISTS (SELECT 1 FROM player_results r"
        " WHERE r.session_id = s.id AND r.score IS NOT NULL) GROUP BY game",
    "stats_characters":  # (each session's edition read once, not once a row)
        f"WITH s AS MATERIALIZED (SELECT id, game, {_EDITION} AS edition FROM sessions)"
        " SELECT s.game, s.edition, r.characters, COUNT(*), SUM(r.won) FROM player_results r"
        " JOIN s ON s.id = r.session_id WHERE r.characters != '' AND r.won IS NOT NULL"
        " GROUP BY 1, 2, 3",
    "stats_dice":
        f"SELECT s.game, f.key, j.key + 1, SUM(j.value), COUNT(*) FROM sessions s,"
        f" {_faces('s.result')} AND instr(s.result, '\"dice\"') GROUP BY 1, 2, 3",
}
"""Each table's rows summed from ``player_results`` (its rebuild; also what tests compare)."""

_KEEP = {
    # table: (the player_results columns it reads, SQL adding row R, SQL taking it away)
    "stats_players": (
        "session_id, player_id, name, score, won",
        f"INSERT INTO stats_players VALUES ({_GAME}, IFNULL(R.player_id, 0), R.name, 1,"
        " R.score IS NOT NULL, IFNULL(R.won, 0), IFNULL(R.score, 0), R.score)"
        " ON CONFLICT DO UPDATE SET games = games + 1, scored = scored + excluded.scored,"
        " wins = wins + excluded.wins, total = total + excluded.total,"
        " best = COALESCE(MAX(best, excluded.best), best, excluded.best);",
        # the best score taken away: the next best, read down the index on (player, score)
        "UPDATE stats_players SET games = games - 1, scored = scored - (R.score IS NOT NULL),"
        " wins = wins - IFNULL(R.won, 0), total = total - IFNULL(R.score, 0),"
        " best = CASE WHEN R.score >= best THEN (SELECT r.score FROM player_results r"
        " WHERE r.player_id IS R.player_id AND r.name = R.name AND r.score IS NOT NULL"
        " AND r.rowid != R.rowid AND IFNULL((SELECT s.game FROM sessions s"
        " WHERE s.id = r.session_id), '') = stats_players.game ORDER BY r.score DESC LIMIT 1)"
        " ELSE best END"
        f" WHERE game = {_GAME} AND player_id = IFNULL(R.player_id, 0) AND name = R.name;"
        f" DELETE FROM stats_players WHERE game = {_GAME} AND player_id = IFNULL(R.player_id, 0)"
        " AND name = R.name AND games = 0;"),
    "stats_scores": (
        "session_id, score, won",
        "INSERT INTO stats_scores SELECT game, R.score, 1, IFNULL(R.won, 0) FROM sessions"
        " WHERE id = R.session_id AND R.score IS NOT NULL"
        " ON CONFLICT DO UPDATE SET players = players + 1, wins = wins + excluded.wins;",
        "UPDATE stats_scores SET players = players - 1, wins = wins - IFNULL(R.won, 0)"
        " WHERE R.score IS NOT NULL AND game = (SELECT game FROM sessions WHERE id = R.session_id)"
        " AND score = R.score;"
        " DELETE FROM stats_scores WHERE R.score IS NOT NULL AND game = (SELECT game FROM"
        " sessions WHERE id = R.session_id) AND score = R.score AND players = 0;"),
    "stats_scored_games": (
        "session_id, score",
        "INSERT INTO stats_scored_games SELECT game, 1 FROM sessions WHERE id = R.session_id"
        f" AND R.score IS NOT NULL AND NOT {_OTHER_SCORED}"
        " ON CONFLICT DO UPDATE SET games = games + 1;",
        "UPDATE stats_scored_games SET games = games - 1 WHERE R.score IS NOT NULL"
        " AND game = (SELECT game FROM sessions WHERE id = R.session_id)"
        f" AND NOT {_OTHER_SCORED};"
        " DELETE FROM stats_scored_games WHERE games = 0 AND R.score IS NOT NULL"
        " AND game = (SELECT game FROM sessions WHERE id = R.session_id);"),
    "stats_characters": (
        "session_id, characters, won",
        f"INSERT INTO stats_characters SELECT game, {_EDITION}, R.characters, 1, R.won"
        " FROM sessions WHERE id = R.session_id AND R.characters != '' AND R.won IS NOT NULL"
        " ON CONFLICT DO UPDATE SET players = players + 1, wins = wins + excluded.wins;",
        "UPDATE stats_characters SET players = players - 1, wins = wins - R.won"
        " WHERE R.characters != '' AND R.won IS NOT NULL AND (game, edition) ="
        f" (SELECT game, {_EDITION} FROM sessions WHERE id = R.session_id)"
        " AND characters = R.characters;"
        " DELETE FROM stats_characters WHERE players = 0 AND R.characters != ''"
        f" AND (game, edition) = (SELECT game, {_EDITION} FROM sessions WHERE id = R.session_id)"
        " AND characters = R.characters;"),
}


_DICE_ADD = (f"INSERT INTO stats_dice SELECT R.game, f.key, j.key + 1, j.value, 1 FROM"
             f" {_faces('R.result')}"
             " ON CONFLICT DO UPDATE SET dice = dice + excluded.dice, games = games + 1;")
_DICE_TAKE = (f"UPDATE stats_dice SET dice = dice - d.n, games = games - 1 FROM"
              f" (SELECT f.key AS colour, j.key + 1 AS face, j.value AS n FROM"
              f" {_faces('R.result')}) d WHERE stats_dice.game = R.game"
              " AND stats_dice.colour = d.colour AND stats_dice.face = d.face;"
              " DELETE FROM stats_dice WHERE games = 0;")
_HAS_DICE = "instr(R.result, '\"dice\"')"  # (a quick look before JSON is read)


def _dice_triggers() -> dict[str, str]:
    """``stats_dice`` kept as sessions are written: a result with dice added, deleted,
    changed (a game finished, an import, a game deleted)."""
    found = {}
    for event, when, body in (
            ("INSERT", _HAS_DICE.replace("R.", "NEW."), _DICE_ADD.replace("R.", "NEW.")),
            ("DELETE", _HAS_DICE.replace("R.", "OLD."), _DICE_TAKE.replace("R.", "OLD.")),
            ("UPDATE OF game, result", f"{_HAS_DICE.replace('R.', 'OLD.')} OR"
             f" {_HAS_DICE.replace('R.', 'NEW.')}",
             _DICE_TAKE.replace("R.", "OLD.") + " " + _DICE_ADD.replace("R.", "NEW."))):
        name = f"stats_dice_{event.split()[0].lower()}"
        found[name] = (f"CREATE TEMP TRIGGER {name} AFTER {event} ON main.sessions"
                       f" WHEN {when} BEGIN {body} END")
    return found


def _triggers() -> dict[str, str]:
    """Every trigger, by name: three a table (a row added, deleted, changed), and one that
    takes a deleted session's rows away while the session is still there to say its game."""
    found = {"stats_session_deleted":
             "CREATE TEMP TRIGGER stats_session_deleted BEFORE DELETE ON main.sessions BEGIN"
             " DELETE FROM player_results WHERE session_id = OLD.id; END"}
    for table, (columns, add, take) in _KEEP.items():
        for event, body in (("INSERT", add.replace("R.", "NEW.")),
                            ("DELETE", take.replace("R.", "OLD.")),
                            (f"UPDATE OF {columns}",
                             take.replace("R.", "OLD.") + " " + add.replace("R.", "NEW."))):
            name = f"{table}_{event.split()[0].lower()}"
            found[name] = (f"CREATE TEMP TRIGGER {name} AFTER {event} ON main.player_results"
                           f" BEGIN {body} END")
    return {**found, **_dice_triggers()}


TRIGGERS = _triggers()


def create(db: sqlite3.Connection, schema: str = "main") -> None:
    """Inside a transaction: the tables (made again; ``schema`` ``temp`` for a store that
    cannot be written) filled from ``player_results``."""
    for table, columns in TABLES.items():
        db.execute(f"DROP TABLE IF EXISTS {schema}.{table}")
        db.execute(f"CREATE TABLE {schema}.{table} ({columns}) WITHOUT ROWID")
        db.execute(f"INSERT INTO {schema}.{table} {_FILL[table]}")


def keep(db: sqlite3.Connection) -> None:
    """The triggers that keep the sums, on this connection (``Store`` makes them each time it
    connects to write). TEMP: the file's schema stays within its first page, so a file cut
    short or a damaged page still has a schema to salvage from (16 triggers are 11 KB)."""
    for name, sql in TRIGGERS.items():
        db.execute(f"DROP TRIGGER IF EXISTS temp.{name}")
        db.execute(sql)


@contextmanager
def rebuilt_after(db: sqlite3.Connection) -> Iterator[None]:
    """Inside a transaction that writes many player rows (an import): no trigger while it
    writes, then the sums made again whole from the rows, in the same transaction (row by row
    the triggers cost an import of 10,000 games 39 %, once at its end 15 %)."""
    for name in TRIGGERS:
        db.execute(f"DROP TRIGGER IF EXISTS temp.{name}")
    try:
        yield
        create(db)
    finally:
        keep(db)


_CHECK = (
    "SELECT (SELECT IFNULL(SUM(scored), 0) FROM stats_players WHERE game != '')"
    " = (SELECT IFNULL(SUM(players), 0) FROM stats_scores),"
    " (SELECT IFNULL(SUM(total), 0) FROM stats_players WHERE game != '')"
    " = (SELECT IFNULL(SUM(score * players), 0) FROM stats_scores),"
    " (SELECT COUNT(*) FROM stats_scored_games) + (SELECT COUNT(*) FROM stats_characters) >= 0,"
    " NOT EXISTS (SELECT 1 FROM stats_dice WHERE dice < 0 OR games < 1)")
"""Every table there; the scored rows and their total agree between the players' and the
scores' sums; no dice count below nothing (small tables: the same cost at any size of
History)."""
_COUNTED = ("SELECT (SELECT COUNT(*) FROM player_results)"
            " = (SELECT IFNULL(SUM(games), 0) FROM stats_players)")
"""The players' sums count every player row (SQLite counts a table's rows from its pages:
0.5 ms at 30,000 games; asked once a run)."""
_counted: weakref.WeakSet = weakref.WeakSet()  # the stores whose rows were counted this run


def _sound(store) -> bool:
    """Whether the sums pass ``_CHECK`` and, the first time this run, ``_COUNTED``."""
    try:
        agree = store.query(_CHECK)[0]
        if store not in _counted:
            agree += store.query(_COUNTED)[0]
    except sqlite3.OperationalError:  # a table is missing
        return False
    return all(agree)


def ready(store) -> None:
    """Make the sums again from ``player_results`` when they are missing or wrong (kept for
    this run only when the store cannot be written)."""
    if not _sound(store):
        if store.read_only:
            db = store._db
            db.execute("BEGIN")
            create(db, "temp")
            db.execute("COMMIT")
        else:
            with store.writing() as db:
                create(db)
    _counted.add(store)
