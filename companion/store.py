"""SQLite persistence: sessions, their append-only decisions, finished-game history, settings.

Every ``append`` is committed (WAL journal, ``synchronous=FULL``) before it returns, so a
decision the UI has confirmed survives a pulled plug.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .rng import SCHEME
from .session import Decision, Session, canonical_json

SCHEMA_VERSION = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id          INTEGER PRIMARY KEY,
    game        TEXT    NOT NULL,
    config      TEXT    NOT NULL,
    seed        INTEGER NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    finished_at TEXT,
    result      TEXT
);
CREATE TABLE IF NOT EXISTS decisions (
    session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    payload     TEXT    NOT NULL,
    PRIMARY KEY (session_id, seq)
);
CREATE TABLE IF NOT EXISTS settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
"""Version 1 of the schema; a new database is made as version 1, then migrated like an old one."""

MIGRATIONS: dict[int, tuple[str, ...]] = {
    # 2: each session says which randomness scheme replays it (companion/rng.py); sessions
    # stored before the scheme existed were made with random.Random (LEGACY = 1).
    2: ("ALTER TABLE sessions ADD COLUMN rng INTEGER NOT NULL DEFAULT 1",),
}
"""The statements that take a database from the version before to this one."""


class StoreError(RuntimeError):
    """The database cannot be used (wrong schema version, unknown session)."""


@dataclass(frozen=True)
class FinishedGame:
    """One row of the history: a finished session and its result."""

    session_id: int
    game: str
    created_at: str
    finished_at: str
    result: Mapping[str, Any]


class Store:
    """The companion's database. One instance per process; not shared across threads."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None)
        self._db.execute("PRAGMA foreign_keys = ON")
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = FULL")
        self._migrate()

    def _migrate(self) -> None:
        """Bring the database to SCHEMA_VERSION, one version at a time, each step in its own
        transaction (a power cut leaves it at a whole version)."""
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path}: schema version {version} is newer than this app's "
                             f"({SCHEMA_VERSION})")
        if version == 0:
            self._db.executescript(_SCHEMA + "PRAGMA user_version = 1;")
            version = 1
        for step in range(version + 1, SCHEMA_VERSION + 1):
            self._db.executescript("BEGIN;" + ";".join(MIGRATIONS[step])
                                   + f"; PRAGMA user_version = {step}; COMMIT;")

    def close(self) -> None:
        """Close the database (further calls fail)."""
        self._db.close()

    # --- sessions -------------------------------------------------------------------------

    def create_session(self, game: str, config: Mapping[str, Any], seed: int) -> Session:
        """Store a new session with no decisions and return it with its id."""
        cur = self._db.execute(
            "INSERT INTO sessions (game, config, seed, rng) VALUES (?, ?, ?, ?)",
            (game, canonical_json(config), seed, SCHEME),
        )
        return Session(game=game, config=dict(config), seed=seed, id=cur.lastrowid, rng=SCHEME)

    def append(self, session: Session, decision: Decision) -> Session:
        """Commit one confirmed decision; return the session including it."""
        if session.id is None:
            raise StoreError("session has no id: create it through the store first")
        updated = session.with_decision(decision)
        self._db.execute(
            "INSERT INTO decisions (session_id, seq, payload) VALUES (?, ?, ?)",
            (session.id, len(session.decisions), canonical_json(decision)),
        )
        return updated

    def load(self, session_id: int) -> Session:
        """The stored session with all its decisions, in order."""
        row = self._db.execute(
            "SELECT game, config, seed, rng FROM sessions WHERE id = ?", (session_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"no session {session_id}")
        decisions = tuple(
            json.loads(payload)
            for (payload,) in self._db.execute(
                "SELECT payload FROM decisions WHERE session_id = ? ORDER BY seq", (session_id,)
            )
        )
        return Session(
            game=row[0], config=json.loads(row[1]), seed=row[2], decisions=decisions, id=session_id,
            rng=row[3],
        )

    def unfinished(self) -> list[Session]:
        """Sessions not yet finished, most recent first (what a restart may resume)."""
        ids = self._db.execute(
            "SELECT id FROM sessions WHERE finished_at IS NULL ORDER BY id DESC"
        ).fetchall()
        return [self.load(session_id) for (session_id,) in ids]

    def finish(self, session: Session, result: Mapping[str, Any]) -> None:
        """Mark a session finished with its public result (scores, winner)."""
        self._db.execute(
            "UPDATE sessions SET finished_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), result = ?"
            " WHERE id = ?",
            (canonical_json(result), session.id),
        )

    def abandon(self, session: Session) -> None:
        """Delete an unfinished session and its decisions."""
        self._db.execute("DELETE FROM sessions WHERE id = ?", (session.id,))

    def history(self, limit: int = 50) -> list[FinishedGame]:
        """Finished games, most recent first."""
        rows = self._db.execute(
            "SELECT id, game, created_at, finished_at, result FROM sessions"
            " WHERE finished_at IS NOT NULL ORDER BY finished_at DESC, id DESC LIMIT ?",
            (limit,),
        )
        return [FinishedGame(r[0], r[1], r[2], r[3], json.loads(r[4])) for r in rows]

    # --- settings ---------------------------------------------------------------------------

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A user setting chosen on the device (JSON value), or ``default``."""
        row = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return default if row is None else json.loads(row[0])

    def set_setting(self, key: str, value: Any) -> None:
        """Remember a user setting."""
        self._db.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?)"
            " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, json.dumps(value)),
        )
