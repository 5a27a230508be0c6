"""SQLite persistence: sessions, their append-only decisions, finished-game history, settings.

Every write is committed (WAL journal, ``synchronous=FULL``) before it returns, so a decision
the UI has confirmed survives a pulled plug. A write that cannot be made (disk full, read-only
data, another writer) raises ``SaveFailed`` with a reason and changes nothing; a session whose
stored rows cannot be read raises ``DamagedSession`` and can be marked damaged and listed, while
every other session stays usable.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import quote

# The sqlite3 package's C module, which the package re-exports whole (``from _sqlite3 import
# *``): its Python part adds only the adapters of ``datetime`` values, which the store never
# stores, and importing it imports ``datetime`` (~6 M instructions of every start-up).
import _sqlite3 as sqlite3

if TYPE_CHECKING:
    from companion.session import Decision, Session

log = logging.getLogger(__name__)

SCHEMA_VERSION = 6
NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"  # UTC, to the millisecond

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
    # 3: kept games and History list sessions without replaying them: when each was last
    # played (``played_at``; ``touched`` orders them exactly), how far it got (``progress``,
    # e.g. {"round": 3}: a label for lists, never used to rebuild a game) and whether it was
    # set aside as damaged (``damaged``: why). Indexes keep both lists instant at 10,000 games.
    3: ("ALTER TABLE sessions ADD COLUMN played_at TEXT",
        "ALTER TABLE sessions ADD COLUMN touched INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE sessions ADD COLUMN progress TEXT",
        "ALTER TABLE sessions ADD COLUMN damaged TEXT",
        "UPDATE sessions SET played_at = COALESCE(finished_at, created_at), touched = id",
        "CREATE INDEX sessions_by_touch ON sessions (touched)",
        "CREATE INDEX sessions_by_game ON sessions (game, touched)",
        "CREATE INDEX sessions_kept ON sessions (touched) WHERE finished_at IS NULL"),
    # 4: the players the table remembers, and each finished game's players as rows (name,
    # score, won, the characters held at the end): statistics, the player list and the export
    # read these, never a game's result again. Games finished before are filled in.
    4: ("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
        f" added_at TEXT NOT NULL DEFAULT ({NOW}))",
        "CREATE TABLE player_results ("
        " session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,"
        " seat INTEGER NOT NULL, name TEXT NOT NULL,"
        " player_id INTEGER REFERENCES players(id) ON DELETE SET NULL,"
        " score INTEGER, won INTEGER, characters TEXT NOT NULL DEFAULT '',"
        " PRIMARY KEY (session_id, seat))",
        # a player's latest game at once (the player list's order; a deleted player's rows)
        "CREATE INDEX player_results_by_player ON player_results (player_id, session_id)",
        # statistics read every row's player, score and won from this index alone
        "CREATE INDEX player_results_stats ON player_results (player_id, name, score, won)",
        "CREATE INDEX player_results_by_name ON player_results (name)",
        lambda db: record_finished(db, "finished_at IS NOT NULL")),
    # 5: Statistics' sums over the player rows (storage/aggregates.py; kept by triggers each
    # connection makes), so no Statistics page reads every row; filled from the rows there are.
    5: (lambda db: _aggregates().create(db),),
    # 6: a kept game's timeline end (storage/snapshots.py), so a resume replays only the
    # decisions stored after it; ``last``: the payload of its last decision, a snapshot whose
    # log no longer ends so there is not used. A cache: removed when the game is finished.
    6: ("CREATE TABLE IF NOT EXISTS snapshots ("
        " session_id INTEGER PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,"
        " rows INTEGER NOT NULL, last TEXT NOT NULL, data BLOB NOT NULL)",),
}
"""The steps that take a database from the version before to this one: SQL statements, or
functions given the connection (inside the same transaction)."""

DAMAGED_SETTING = object()
"""What ``get_setting`` gives for a stored value that cannot be read (never a valid value)."""

SAVE_REASONS = ("full", "read_only", "busy", "conflict", "io")


def _aggregates():
    """storage/aggregates.py, imported when first used (after the first frame)."""
    from . import aggregates  # deferred: start-up time (it imports the whole sqlite3 package)

    return aggregates


class StoreError(RuntimeError):
    """The database cannot be used (wrong schema version, unknown session)."""


class SaveFailed(StoreError):
    """A write that could not be made; nothing of it was stored. ``reason`` is one of
    ``SAVE_REASONS``: ``full`` (no space left), ``read_only`` (the data cannot be written),
    ``busy`` (another program holds the database), ``conflict`` (another writer stored a step
    first), ``io`` (the disk failed)."""

    def __init__(self, reason: str, detail: str = ""):
        self.reason = reason
        super().__init__(f"could not save ({reason}){': ' + detail if detail else ''}")


class DamagedSession(StoreError):
    """A stored session whose rows cannot be read back (``reason``: ``config``, ``decisions``
    or ``result``; ``replay`` when the app found its decisions refused by the rules)."""

    def __init__(self, session_id: int, reason: str):
        self.session_id, self.reason = session_id, reason
        super().__init__(f"session {session_id}: stored {reason} cannot be read")


def save_reason(exc: sqlite3.Error | OSError) -> str:
    """Which of ``SAVE_REASONS`` an error from SQLite or the file system means."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name == "SQLITE_FULL" or getattr(exc, "errno", None) == 28:
        return "full"
    if name.startswith(("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH")) or isinstance(
            exc, PermissionError):
        return "read_only"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return "busy"
    if name.startswith("SQLITE_CONSTRAINT"):
        return "conflict"
    return "io"


def canonical_json(data: Any) -> str:
    """JSON with sorted keys and no spaces: the stored form of configs and decisions."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def stored_text(raw: bytes) -> str:
    """The connection's ``text_factory``: stored text as str, bytes that are not UTF-8 kept as
    lone surrogates (``surrogateescape``). One damaged byte in a row passes ``quick_check``; read
    strictly, it would fail every query that touches the row (the lists, History, resuming),
    where this way only the row holding it is refused (``_json``) and set aside."""
    return raw.decode("utf-8", "surrogateescape")


def _damaged_text(text: str | None) -> bool:
    """Whether stored text holds a byte that is not UTF-8 (see ``stored_text``)."""
    try:
        text and text.encode()
        return False
    except UnicodeEncodeError:
        return True


def _shown(text: str | None) -> str | None:
    """Damaged stored text made drawable: each bad byte becomes "\N{REPLACEMENT CHARACTER}"."""
    return text and text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _json(text: str | None) -> Any:
    """A stored JSON value; ValueError when its text was damaged (not UTF-8), is not JSON or
    holds a number beyond a float's range (only an import could store one: SQLite's reading
    takes ``1e999``), RecursionError when it nests deeper than Python's parser goes."""
    if text is None:
        return None
    text.encode()  # UnicodeEncodeError (a ValueError) on a damaged byte
    from .json_stream import STRICT  # deferred: start-up time (the first frame reads no game)

    return STRICT.decode(text)


_PLAIN = {"true": True, "false": False, "null": None}


def _setting(text: str) -> Any:
    """A stored setting's value: the forms ``json.dumps`` gives a language, a rotation or a
    switch read as they are; any other (a float, an escape, a damaged value) by ``_json``."""
    if type(text) is str and text.isascii():
        if text in _PLAIN:
            return _PLAIN[text]
        if text.isdigit() and (text[0] != "0" or text == "0"):
            return int(text)
        inside = text[1:-1]
        if len(text) > 1 and text[0] == text[-1] == '"' and text.isprintable() and \
                '"' not in inside and "\\" not in inside:
            return inside
    return _json(text)


class StoredGame(NamedTuple):
    """One session as lists show it (History, kept games), read without replaying it. (A
    row, so a named tuple: a frozen dataclass would cost start-up 0.6 ms to make.)"""

    # The fields' types as objects, not as annotations: this module's annotations are text
    # (``from __future__``), which NamedTuple compiles field by field (~0.15 M instructions
    # each, every start-up).
    __annotations__ = {
        "session_id": int, "game": str, "created_at": str, "played_at": str,
        "finished_at": str | None, "names": tuple[str, ...], "progress": Mapping[str, Any],
        "result": Mapping[str, Any] | None, "damaged": str | None,
        "game_session": int | None}  # game_session: a score entry's device-run game
    game_session = None

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


FinishedGame = StoredGame  # the name History used before kept games were listed with it

_ROW = "id, game, created_at, played_at, finished_at, config, progress, result, damaged"


def _config_names(config: dict) -> tuple[str, ...]:
    """The seats' names a session's config holds (a game's ``names``, a score entry's
    ``players``); AttributeError when the config is not one."""
    players = config.get("names") or [p.get("name") for p in config.get("players", ())]
    return tuple(str(n) for n in players)


def _stored_game(row) -> StoredGame:
    """A listed row; a config or result that cannot be read marks it damaged, never raises."""
    sid, game, created, played, finished, config, progress, result, damaged = row
    if any(_damaged_text(t) for t in (game, created, played, finished)):
        game, created, played, finished = (_shown(t) for t in (game, created, played, finished))
        damaged = damaged or "config"
    names: tuple[str, ...] = ()
    game_session = None
    try:
        config = _json(config)
        names = _config_names(config)
        game_session = config.get("game_session")
    except (ValueError, TypeError, AttributeError, RecursionError):
        damaged = damaged or "config"
    try:
        result = _json(result)
    except (ValueError, RecursionError):
        result, damaged = None, damaged or "result"
    try:
        progress = _json(progress) or {}  # a cache: rebuilt when the game is next played
    except (ValueError, RecursionError):
        progress = {}
    return StoredGame(sid, game, created, played or created, finished, names,
                      progress if isinstance(progress, dict) else {},
                      result if isinstance(result, dict) or result is None else None,
                      damaged, game_session if isinstance(game_session, int) else None)


INSERT_PLAYER_RESULT = (
    "INSERT INTO player_results (session_id, seat, name, player_id, score, won, characters)"
    " VALUES (?, ?, ?, (SELECT id FROM players WHERE name = ?), ?, ?, ?)")
"""One ``player_results`` row, its player found by name: the values ``player_rows`` gives."""


def player_rows(session_id: int, game: str, config: Any, result: Any) -> list[tuple]:
    """The ``player_results`` rows (``INSERT_PLAYER_RESULT``'s values) of a finished session
    from its config and result; [] when they cannot be read."""
    import companion.games as games  # here: the first frame needs none of it (and not
    import companion.records as records  # "from ... import": 3 µs a call, for an import)

    try:
        found = records.player_records(_config_names(config), result, games.schema_for(game))
    except (ValueError, TypeError, AttributeError, RecursionError):
        return []
    return [(session_id, r.seat, r.name, r.name, r.score, r.won, " ".join(r.characters))
            for r in found]


def record_finished(db: sqlite3.Connection, where: str, args: tuple = ()) -> None:
    """Write the player rows (``player_results``) of the finished sessions ``where`` picks,
    each linked to the remembered player of its name; a row that cannot be read gives none."""
    found = db.execute(f"SELECT id, game, config, result FROM sessions WHERE {where}",
                       args).fetchall()
    for session_id, game, config, result in found:
        db.execute("DELETE FROM player_results WHERE session_id = ?", (session_id,))
        try:
            config, result = _json(config), _json(result)
        except (ValueError, TypeError, RecursionError):
            continue
        db.executemany(INSERT_PLAYER_RESULT, player_rows(session_id, game, config, result))


class Player(NamedTuple):
    """A player the table remembers."""

    __annotations__ = {"id": int, "name": str}  # objects, not text: see StoredGame


PLAYERS_IN_ORDER = (
    "SELECT p.id, p.name FROM players p JOIN (SELECT player_id, MAX(session_id) AS last"
    " FROM player_results WHERE player_id IS NOT NULL GROUP BY player_id) g"
    " ON g.player_id = p.id ORDER BY g.last DESC, p.name COLLATE NOCASE",
    "SELECT p.id, p.name FROM players p WHERE NOT EXISTS (SELECT 1 FROM player_results r"
    " WHERE r.player_id = p.id) ORDER BY p.name COLLATE NOCASE")
"""The remembered players in ``players()``'s order, as two queries read one after the other:
those who played, the latest game first, then the others by name."""


class Store:
    """The companion's database. One instance per process; not shared across threads.
    ``read_only``: the existing data is shown and every write raises ``SaveFailed``."""

    def __init__(self, path: str | Path, read_only: bool = False):
        self.path = str(path)
        self.read_only = read_only
        self._damaged: dict[int, str] = {}  # set aside this run (kept here when read-only)
        self.found_damaged: list[int] = []  # sessions a list found damaged (for the banner)
        self.said: list[tuple[str, dict]] = []  # notices for the banner (``check_file``)
        if read_only:
            self._connection = _connect_read_only(self.path)
        else:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._connection = self._connect()
        self._file = self._file_id()
        self.unsaved_frames = False  # steps committed to the WAL since the last checkpoint
        self._summing = read_only  # the sums kept on this connection (or nothing to keep)
        self._migrate()

    @property
    def _db(self) -> sqlite3.Connection:
        """The connection, keeping Statistics' sums (``keep_sums``) for whatever it is used for
        (start-up's reads use ``_connection``, without them)."""
        if not self._summing:
            self.keep_sums()
        return self._connection

    def keep_sums(self) -> None:
        """Statistics' sums kept by this connection from now on (``aggregates.keep``): before
        it is used to write, not at start-up (its 16 triggers are ~8 M instructions, and the
        first frame writes nothing; the app makes them in idle time after it)."""
        if not self._summing and not self.read_only:
            _aggregates().keep(self._connection)
            self._summing = True

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None)
        db.text_factory = stored_text
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA busy_timeout = 2000")
        return db

    def _file_id(self) -> tuple[int, int] | None:
        """The database file as the file system knows it (device, inode); None when it is not
        there (or in memory)."""
        if self.path == ":memory:":
            return None
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return found.st_dev, found.st_ino

    def check_file(self) -> None:
        """Put the database back where it belongs if its file (or its whole folder) was removed
        while the app ran: the open connection still holds every committed step, which is
        copied into a new file there (SQLite's backup API) and used from then on; said through
        ``said``. SaveFailed("gone") when it cannot be put back."""
        if self._file is None or self.read_only or self._file_id() == self._file:
            return
        log.error("%s was removed while in use: writing it again from the open database",
                  self.path)
        try:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            Path(self.path).unlink(missing_ok=True)  # (another file put there: ours wins)
            copy = sqlite3.connect(self.path, isolation_level=None)
            try:
                self._connection.backup(copy)
            finally:
                copy.close()
            self._connection.close()
            self._connection = self._connect()
            self._summing = False
        except (OSError, sqlite3.Error) as exc:
            log.error("the database cannot be put back: %s", exc)
            raise SaveFailed("gone", str(exc)) from exc
        self._file = self._file_id()
        self.said.append(("notice.store_put_back", {"path": str(Path(self.path).parent)}))

    def _migrate(self) -> None:
        """Bring the database to SCHEMA_VERSION, one version at a time, each step in its own
        transaction (a power cut leaves it at a whole version)."""
        version = self._connection.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path}: schema version {version} is newer than this app's "
                             f"({SCHEMA_VERSION})")
        if version < SCHEMA_VERSION and self.read_only:
            raise StoreError(f"{self.path}: schema version {version} needs an upgrade, and the "
                             "data cannot be written")
        if version == 0:
            self._connection.executescript(_SCHEMA + "PRAGMA user_version = 1;")
            version = 1
        for step in range(version + 1, SCHEMA_VERSION + 1):
            self._connection.execute("BEGIN")
            try:
                for part in MIGRATIONS[step]:
                    part(self._connection) if callable(part) else self._connection.execute(part)
                self._connection.execute(f"PRAGMA user_version = {step}")
                self._connection.execute("COMMIT")
            except BaseException:
                self._connection.execute("ROLLBACK")
                raise

    def close(self) -> None:
        """Close the database (further calls fail)."""
        self._connection.close()

    def quick_check(self) -> list[str]:
        """SQLite's ``PRAGMA quick_check``: [] when the file is sound, else its complaints."""
        rows = [r[0] for r in self._connection.execute("PRAGMA quick_check")]
        return [] if rows == ["ok"] else rows

    @contextmanager
    def writing(self, links_checked: bool = True) -> Iterator[sqlite3.Connection]:
        """One committed transaction; any failure rolls it back and raises SaveFailed (also
        for the other storage modules that write: storage/history_file.py). ``links_checked``
        False: SQLite does not check the rows' links (foreign keys), for a writer that links
        only rows it has just written itself."""
        if self.read_only:
            raise SaveFailed("read_only")
        self.check_file()
        if not links_checked:
            self._db.execute("PRAGMA foreign_keys = OFF")
        try:
            self._db.execute("BEGIN IMMEDIATE")
            yield self._db
            self._db.execute("COMMIT")
            self.unsaved_frames = True
            self._write_mark()
        except (sqlite3.Error, OSError) as exc:
            if self._db.in_transaction:
                try:
                    self._db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            log.error("write failed: %s", exc)
            raise SaveFailed(save_reason(exc), str(exc)) from exc
        finally:
            if not links_checked:
                self._db.execute("PRAGMA foreign_keys = ON")

    # --- what the WAL cannot take with it ---------------------------------------------------

    @property
    def mark_path(self) -> Path:
        return Path(f"{self.path}.mark")

    def _mark(self) -> tuple[int, int]:
        """How far the stored steps go: the last session write (``touched`` grows with each)
        and the last decision's row id."""
        return self._connection.execute(
            "SELECT (SELECT COALESCE(MAX(touched), 0) FROM sessions),"
            " (SELECT COALESCE(MAX(rowid), 0) FROM decisions)").fetchone()

    def _write_mark(self) -> None:
        """After each commit, how far the steps go, in a file of its own beside the database
        (not fsynced: it only has to outlive a WAL frame damaged later, not a power cut)."""
        if self._file is None:
            return
        try:
            self.mark_path.write_text("%d %d\n" % self._mark(), encoding="ascii")
        except OSError as exc:
            log.warning("commit mark not written: %s", exc)

    def lost_steps(self) -> int:
        """Decisions the mark says were committed that the database no longer has (SQLite
        stops reading a WAL at its first damaged frame, and drops the commits after it without
        a word); 0 when none, or no mark. The mark is brought up to date after."""
        try:
            marked = [int(n) for n in self.mark_path.read_text(encoding="ascii").split()]
        except (OSError, ValueError):
            marked = []
        lost = 0
        if len(marked) == 2:
            touched, decisions = self._mark()
            if touched < marked[0] or decisions < marked[1]:
                lost = max(1, marked[1] - decisions)
                log.error("the database lacks steps it committed: touched %d < %d or decisions "
                          "%d < %d", touched, marked[0], decisions, marked[1])
        if not self.read_only:
            self._write_mark()
        return lost

    def checkpoint(self) -> None:
        """Copy the WAL's committed frames into the database file and empty the WAL
        (TRUNCATE: no old frame is left to be read again), so that a frame damaged later
        cannot take a committed step with it. The app calls it when idle after a step."""
        if not self.unsaved_frames or self.read_only:
            return
        self.unsaved_frames = False
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        except sqlite3.Error as exc:
            log.warning("checkpoint failed: %s", exc)

    def _touch(self, db: sqlite3.Connection, session_id: int) -> None:
        """Mark a session as the one played last."""
        db.execute(f"UPDATE sessions SET played_at = {NOW}, touched = "
                   "(SELECT COALESCE(MAX(touched), 0) + 1 FROM sessions) WHERE id = ?",
                   (session_id,))

    # --- sessions -------------------------------------------------------------------------

    def create_session(self, game: str, config: Mapping[str, Any], seed: int,
                       progress: Mapping[str, Any] | None = None) -> Session:
        """Store a new session with no decisions and return it with its id."""
        from companion.rng import SCHEME  # here: the first frame reads no game (nor load)
        from companion.session import Session

        with self.writing() as db:
            cur = db.execute(
                "INSERT INTO sessions (game, config, seed, rng, progress) VALUES (?, ?, ?, ?, ?)",
                (game, canonical_json(config), seed, SCHEME,
                 None if progress is None else canonical_json(progress)),
            )
            self._touch(db, cur.lastrowid)
        return Session(game=game, config=dict(config), seed=seed, id=cur.lastrowid, rng=SCHEME)

    def append(self, session: Session, decision: Decision,
               progress: Mapping[str, Any] | None = None) -> Session:
        """Commit one confirmed decision (and the game's ``progress`` label for lists); return
        the session including it. SaveFailed: nothing was stored."""
        return self.append_all(session, [decision], progress)

    def append_all(self, session: Session, decisions: list[Decision],
                   progress: Mapping[str, Any] | None = None) -> Session:
        """Commit several decisions in one transaction: all of them, or (SaveFailed) none."""
        if session.id is None:
            raise StoreError("session has no id: create it through the store first")
        updated = session.with_decisions(decisions)
        with self.writing() as db:
            for seq, decision in enumerate(decisions, session.rows):
                db.execute("INSERT INTO decisions (session_id, seq, payload) VALUES (?, ?, ?)",
                           (session.id, seq, canonical_json(decision)))
            if progress is not None:
                db.execute("UPDATE sessions SET progress = ? WHERE id = ?",
                           (canonical_json(progress), session.id))
            self._touch(db, session.id)
        return updated

    def load(self, session_id: int, resume: bool = False) -> Session:
        """The stored session with all its decisions, in order. ``resume``: from its snapshot
        when it has one that can be used (``Session.snapshot``), only the decisions after it.
        StoreError if there is none; DamagedSession if its rows cannot be read."""
        from companion.session import Session

        reason = "config"
        try:
            row = self._db.execute(
                "SELECT game, config, seed, rng FROM sessions WHERE id = ?", (session_id,)
            ).fetchone()
            if row is None:
                raise StoreError(f"no session {session_id}")
            row[0].encode()
            config = _json(row[1])
            if not isinstance(config, dict):
                raise ValueError("config is not an object")
            unread, snapshot = self._snapshot(session_id, row[0], row[2]) if resume else (0, None)
            reason = "decisions"
            decisions = tuple(
                _json(payload)
                for (payload,) in self._db.execute(
                    "SELECT payload FROM decisions WHERE session_id = ? AND seq >= ?"
                    " ORDER BY seq", (session_id, unread))
            )
            if not all(isinstance(d, dict) for d in decisions):
                raise ValueError("a decision is not an object")
        except (sqlite3.DatabaseError, ValueError, RecursionError) as exc:
            log.error("session %s: %s cannot be read (%s)", session_id, reason,
                      type(exc).__name__)
            raise DamagedSession(session_id, reason) from None
        return Session(game=row[0], config=config, seed=row[2], decisions=decisions,
                       id=session_id, rng=row[3], unread=unread, snapshot=snapshot)

    def _snapshot(self, session_id: int, game: str, seed: int) -> tuple[int, Any]:
        """(the rows it covers, the snapshot) of a session whose log still ends as when it was
        taken; (0, None) when there is none that can be used (said in the log)."""
        from . import snapshots  # deferred: pickle and hashlib, for a resume only

        try:
            row = self._db.execute(
                "SELECT s.rows, s.data FROM snapshots s JOIN decisions d ON d.session_id ="
                " s.session_id AND d.seq = s.rows - 1 AND d.payload = s.last"
                " WHERE s.session_id = ?", (session_id,)).fetchone()
            if row is None:
                return 0, None
            snapshot = snapshots.decode(row[1], game, seed)
        except (sqlite3.DatabaseError, snapshots.Unusable) as exc:
            log.warning("session %s: snapshot not used (%s)", session_id, exc)
            return 0, None
        return row[0], snapshot

    def keep_snapshot(self, session_id: int, rows: int, data: bytes) -> None:
        """Keep ``data`` (storage/snapshots.py) as the snapshot of a kept game's first ``rows``
        stored decisions (a finished game keeps none). SaveFailed: not kept."""
        with self.writing() as db:
            db.execute("INSERT OR REPLACE INTO snapshots (session_id, rows, last, data)"
                       " SELECT d.session_id, ?, d.payload, ? FROM decisions d"
                       " JOIN sessions s ON s.id = d.session_id AND s.finished_at IS NULL"
                       " WHERE d.session_id = ? AND d.seq = ?",
                       (rows, data, session_id, rows - 1))

    def unfinished(self) -> list[Session]:
        """Sessions not yet finished that can be read, most recently played first."""
        sessions = []
        for game in self.kept():
            if not game.damaged:
                try:
                    sessions.append(self.load(game.session_id))
                except DamagedSession:
                    continue
        return sessions

    def finish(self, session: Session | int, result: Mapping[str, Any],
               drop: Session | None = None) -> None:
        """Mark a session finished with its public result (scores, winner); ``drop``: a session
        deleted in the same transaction (the score entry whose scores these are)."""
        session_id = session if isinstance(session, int) else session.id
        with self.writing() as db:
            db.execute("UPDATE sessions SET finished_at = " + NOW + ", result = ? WHERE id = ?",
                       (canonical_json(result), session_id))
            db.execute("DELETE FROM snapshots WHERE session_id = ?", (session_id,))
            record_finished(db, "id = ?", (session_id,))
            self._touch(db, session_id)
            if drop is not None:
                db.execute("DELETE FROM sessions WHERE id = ?", (drop.id,))

    def delete(self, session_id: int) -> None:
        """Delete a session and its decisions (kept or finished)."""
        with self.writing() as db:
            db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
        self._damaged.pop(session_id, None)

    def abandon(self, session: Session) -> None:
        """Delete an unfinished session and its decisions."""
        self.delete(session.id)

    def mark_damaged(self, session_id: int, reason: str) -> None:
        """Set a session aside: listed as damaged, never opened again. Kept in memory when the
        data cannot be written."""
        self._damaged[session_id] = reason
        try:
            with self.writing() as db:
                db.execute("UPDATE sessions SET damaged = ? WHERE id = ?", (reason, session_id))
        except SaveFailed:
            log.warning("session %s: damaged mark kept for this run only", session_id)

    # --- lists ------------------------------------------------------------------------------

    def _listed(self, where: str, args: tuple, limit: int, offset: int = 0) -> list[StoredGame]:
        rows = self._connection.execute(
            f"SELECT {_ROW} FROM sessions {where} ORDER BY touched DESC LIMIT ? OFFSET ?",
            (*args, limit, offset)).fetchall()
        games = [_stored_game(r) for r in rows]
        for game, row in zip(games, rows):
            if game.damaged and row[-1] is None and game.session_id not in self._damaged:
                self.mark_damaged(game.session_id, game.damaged)  # found now: set aside
                self.found_damaged.append(game.session_id)
        return [g if g.session_id not in self._damaged or g.damaged
                else g._replace(damaged=self._damaged[g.session_id])
                for g in games]

    @staticmethod
    def _where(games: tuple[str, ...] | None, extra: str = "") -> tuple[str, tuple]:
        clauses, args = [extra] if extra else [], ()
        if games:
            clauses.append(f"game IN ({','.join('?' * len(games))})")
            args = tuple(games)
        return ("WHERE " + " AND ".join(clauses) if clauses else ""), args

    def kept(self, games: tuple[str, ...] | None = None, offset: int = 0,
             limit: int = -1) -> list[StoredGame]:
        """Unfinished sessions (of ``games``, kinds of session), most recently played first,
        damaged ones included (marked); ``limit`` of them from ``offset`` (-1: all)."""
        where, args = self._where(games, "finished_at IS NULL")
        return self._listed(where, args, limit, offset)

    def rows(self, games: tuple[str, ...] | None = None, offset: int = 0,
             limit: int = 50) -> list[StoredGame]:
        """History: every stored session (of ``games``), most recently played first."""
        where, args = self._where(games)
        return self._listed(where, args, limit, offset)

    def count(self, games: tuple[str, ...] | None = None, kept: bool = False,
              finished: bool = False) -> int:
        """Sessions stored (of ``games``; ``kept``: only those not finished; ``finished``: only
        those finished and readable, as an export has them)."""
        where, args = self._where(games, "finished_at IS NULL" if kept else
                                  "finished_at IS NOT NULL AND damaged IS NULL" if finished else "")
        found = self._connection.execute(f"SELECT COUNT(*) FROM sessions {where}", args)
        return found.fetchone()[0]

    def kinds(self) -> tuple[str, ...]:
        """Every kind of session stored (``citadels``, ``troyes-score``…)."""
        return tuple(k for (k,) in self._db.execute(  # (one seek a kind, not a scan)
            "WITH RECURSIVE k(game) AS (SELECT MIN(game) FROM sessions UNION ALL"
            " SELECT (SELECT MIN(game) FROM sessions WHERE game > k.game) FROM k"
            " WHERE k.game IS NOT NULL) SELECT game FROM k WHERE game IS NOT NULL"))

    def row(self, session_id: int) -> StoredGame | None:
        found = self._listed("WHERE id = ?", (session_id,), 1)
        return found[0] if found else None

    def play(self, session_id: int):
        """Finished session ``session_id`` as a BG Stats play (``companion.bgstats.Play``), or
        None when it is none (not finished, damaged, left unfinished, unreadable)."""
        from .plays import plays  # deferred: only the screen of the play's code needs it

        return next(plays(self._db, session_id), None)

    def history(self, limit: int = 50) -> list[StoredGame]:
        """Finished games, most recently played first."""
        return self._listed("WHERE finished_at IS NOT NULL", (), limit)

    # --- players ----------------------------------------------------------------------------

    def players(self) -> list[Player]:
        """The remembered players: those of the latest finished games first (by when the game
        was started: one index lookup a player, instant at 10,000 games), then by name."""
        rows = self._db.execute(
            "SELECT id, name FROM (SELECT p.id, p.name, (SELECT MAX(r.session_id) FROM"
            " player_results r WHERE r.player_id = p.id) AS last FROM players p)"
            " ORDER BY last IS NULL, last DESC, name COLLATE NOCASE")
        return [Player(*row) for row in rows]

    def player_count(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM players").fetchone()[0]

    def players_page(self, offset: int, limit: int) -> list[Player]:
        """``limit`` of the remembered players from ``offset``, in ``players()``'s order, read
        without ordering the whole list: those who played (few) first, then the others along
        the names' own index, so a page is instant at 100,000 players."""
        played = self._db.execute(PLAYERS_IN_ORDER[0] + " LIMIT ? OFFSET ?",
                                  (limit, offset)).fetchall()
        if len(played) < limit:
            before = offset if played else self._db.execute(
                "SELECT COUNT(DISTINCT player_id) FROM player_results").fetchone()[0]
            played += self._db.execute(PLAYERS_IN_ORDER[1] + " LIMIT ? OFFSET ?",
                                       (limit - len(played), max(0, offset - before))
                                       ).fetchall()
        return [Player(*row) for row in played]

    def add_player(self, name: str) -> Player:
        """Remember a player (SaveFailed ``conflict`` when one has that name, in any case);
        finished games already played under that name become theirs."""
        with self.writing() as db:
            player_id = db.execute("INSERT INTO players (name) VALUES (?)", (name,)).lastrowid
            self._claim(db, player_id, name)
        return Player(player_id, name)

    def rename_player(self, player_id: int, name: str) -> None:
        """A new name for a remembered player; their finished games stay theirs."""
        with self.writing() as db:
            db.execute("UPDATE players SET name = ? WHERE id = ?", (name, player_id))
            self._claim(db, player_id, name)

    def delete_player(self, player_id: int) -> None:
        """Forget a player; the games they played stay in History under the name played."""
        with self.writing() as db:
            db.execute("DELETE FROM players WHERE id = ?", (player_id,))

    def add_players_once(self, names) -> None:
        """The first time the store is used with a player list: remember ``names`` (the
        config's roster). Never again, so a player deleted on the device stays deleted."""
        if self.read_only or self.get_setting("players_seeded") is True:
            return
        with self.writing() as db:
            self.remember(db, names)
            db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES"
                       " ('players_seeded', 'true')")

    @classmethod
    def remember(cls, db: sqlite3.Connection, names) -> None:
        """Inside a transaction: add the ``names`` not remembered yet, each claiming the
        finished games played under it (also for storage/history_file.py's import)."""
        for name in names:
            added = db.execute("INSERT OR IGNORE INTO players (name) VALUES (?)", (name,))
            if added.rowcount == 1:
                cls._claim(db, added.lastrowid, name)

    @staticmethod
    def _claim(db: sqlite3.Connection, player_id: int, name: str) -> None:
        db.execute("UPDATE player_results SET player_id = ? WHERE player_id IS NULL"
                   " AND name = ? COLLATE NOCASE", (player_id, name))

    def query(self, sql: str, args: tuple = ()) -> list[tuple]:
        """Rows of a read-only query (for the modules that sum things up: storage/stats.py)."""
        return self._db.execute(sql, args).fetchall()

    # --- settings ---------------------------------------------------------------------------

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A user setting chosen on the device (JSON value), or ``default`` (also when the
        stored value cannot be read)."""
        try:
            row = self._connection.execute("SELECT value FROM settings WHERE key = ?",
                                           (key,)).fetchone()
            return default if row is None else _setting(row[0])
        except (sqlite3.DatabaseError, ValueError, RecursionError) as exc:
            log.error("setting %r cannot be read (%s)", key, type(exc).__name__)
            return DAMAGED_SETTING

    def set_setting(self, key: str, value: Any) -> None:
        """Remember a user setting."""
        with self.writing() as db:
            db.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, json.dumps(value)),
            )


def _connect_read_only(path: str) -> sqlite3.Connection:
    """The database opened for reading only; ``immutable`` when SQLite cannot make the WAL
    index next to it (a read-only folder after a clean shutdown)."""
    uri = "file:" + quote(str(Path(path).resolve()))
    try:
        db = sqlite3.connect(uri + "?mode=ro", uri=True, isolation_level=None)
        db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError:
        db = sqlite3.connect(uri + "?immutable=1", uri=True, isolation_level=None)
    db.text_factory = stored_text
    return db
