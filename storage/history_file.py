"""History out of the store and back: every finished game as CSV rows (one per player per game,
for a spreadsheet) or as a JSON backup (the games whole: config, seed, decisions and result, so
an imported game replays and shows its rounds as before). docs/export.md has both formats.

Both ways stream: an export copies the stored JSON text game by game into the file (nothing
parsed and dumped again), an import reads the backup a game at a time (``json_stream``) and
lets SQLite copy each game's decisions out of its text; so memory stays the same whatever the
size of History. A game laid out as the export writes it is read quickly (``_Restoring.take``:
its end found by where the next begins, Python parsing only the fields before its decisions);
any other is parsed whole (``_Restoring.game``), storing the same. An export reads through a connection of its own (``source_of``), inside one
read transaction: another thread may write it while the app goes on.

Importing a backup adds the games the store does not have (a game is the same when its kind,
seed, start and finish are) in one transaction: all of them, or nothing and a reason. Every
field is checked against what the store can hold (``BadBackup`` says which, and where).
"""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import re
import sqlite3
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache, partial
from typing import Any, BinaryIO, NamedTuple

from companion.rng import SCHEMES

from . import aggregates
from .json_stream import LIST, NotJson, Take, members, object_parts
from .store import (INSERT_PLAYER_RESULT, PLAYERS_IN_ORDER, Store, _connect_read_only,
                    canonical_json, player_rows)

FORMAT = "tabletop-companion-history"
VERSION = 1
CSV_COLUMNS = ("game_id", "finished_at", "game", "edition", "players", "seat", "player",
               "score", "won", "characters")
"""The CSV export's columns, in order (docs/export.md says what each holds)."""

MAX_BACKUP = 512 * 1024 * 1024
"""Bytes a backup may have (10,000 games of 40 decisions are 29 MB)."""
MAX_GAME = 2 * 1024 * 1024
"""Characters one game of a backup may have (a long Troyes game is about 100,000)."""
MAX_PLAYERS = 100_000
"""Names a backup's list of remembered players may hold."""
INTEGER = range(-2**63, 2**63)  # what an SQLite INTEGER holds
KIND = re.compile(r"[a-z][a-z0-9-]{0,39}")
TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z")
"""A stored time, as the store writes it (UTC): ``2026-11-24T20:41:07.512Z``."""


class BadBackup(ValueError):
    """A file that is not a history backup this app can import; the message says where."""


class NotAFile(OSError):
    """An export refused to write over something that is not a regular file."""

    def __init__(self, path: str):
        super().__init__(errno.EEXIST, "not a regular file", path)

    def __str__(self) -> str:
        return f"{self.filename} is there and is not a regular file"


class Imported(NamedTuple):
    added: int
    already: int  # games the store had already


# --- reading the store ---------------------------------------------------------------------------

def source_of(store: Store) -> Callable[[], sqlite3.Connection]:
    """How to open a connection of one's own onto ``store``'s games, in any thread (called in
    the thread that reads): the file opened read-only, or for a store in memory a copy made
    now."""
    if store.path != ":memory:":
        return partial(_connect_read_only, store.path)
    copy = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
    store._db.backup(copy)  # noqa: SLF001 (a store in memory has no file to open again)
    return lambda: copy


@contextmanager
def snapshot(source: Callable[[], sqlite3.Connection]) -> Iterator[sqlite3.Connection]:
    """A connection from ``source`` inside one read transaction (every query sees the same
    games, whatever is written meanwhile); closed at the end."""
    db = source()
    try:
        db.execute("BEGIN")
        yield db
    finally:
        db.close()


# --- export --------------------------------------------------------------------------------------

def _object(column: str) -> str:
    """SQL: 1 when ``column`` holds a JSON object, else 0."""
    return (f"(CASE WHEN json_valid({column}) THEN json_type({column}) = 'object' ELSE 0"
            " END)")


_READABLE = (
    "s.finished_at IS NOT NULL AND s.damaged IS NULL"
    f" AND {_object('s.config')} AND {_object('s.result')}"
    f" AND (s.progress IS NULL OR s.progress = '' OR {_object('s.progress')})")
"""The finished games an export holds: those whose stored JSON an import takes back."""

_GAMES = (
    "SELECT s.id, s.game, s.config, s.seed, s.rng, s.created_at,"
    " COALESCE(s.played_at, s.finished_at), s.finished_at, s.result, s.progress,"
    " COALESCE(json_extract(s.result, '$.game'), s.game),"  # the CSV's game and edition
    " COALESCE(json_extract(s.config, '$.edition'), '')"
    f" FROM sessions s WHERE {_READABLE} AND typeof(s.seed) = 'integer' ORDER BY s.touched")
"""Every finished game an export holds, oldest first, read in the order of an index."""
_DECISIONS = (
    "SELECT group_concat(payload, ','), group_concat(seq, ','), COUNT(*),"
    f" MIN({_object('payload')}) FROM decisions WHERE session_id = ?")
"""A game's decisions joined in one row by SQLite, with their numbers in the same order."""
_DECISIONS_IN_ORDER = "SELECT payload FROM decisions WHERE session_id = ? ORDER BY seq"
_PLAYERS = ("SELECT seat, name, score, won, characters FROM player_results"
            " WHERE session_id = ? ORDER BY seat")
_compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_quoted = json.encoder.encode_basestring  # a str as a JSON string, non-ASCII kept (C)


def finished_count(db: sqlite3.Connection) -> int:
    """The finished games an export looks at (``write_backup``'s ``each`` counts to it)."""
    return db.execute("SELECT COUNT(*) FROM sessions WHERE finished_at IS NOT NULL"
                      " AND damaged IS NULL").fetchone()[0]


def write_csv(db: sqlite3.Connection, out: BinaryIO) -> None:
    """The CSV export into ``out``: a header, then one row per player per finished game,
    oldest first, a game at a time (a damaged byte in a name is written as U+FFFD)."""
    _export(db, None, out)


def write_backup(db: sqlite3.Connection, out: BinaryIO,
                 each: Callable[[int], None] | None = None, table: BinaryIO | None = None
                 ) -> int:
    """The JSON backup into ``out``, game by game, each game's stored JSON copied as it is;
    the number of games written. ``each(n)`` after the n-th finished game looked at (it may
    raise to stop). A game whose stored rows an import would refuse is left out. ``table``:
    the CSV export written in the same pass (Export to USB writes both)."""
    return _export(db, out, table, each)


def _export(db: sqlite3.Connection, backup: BinaryIO | None, table: BinaryIO | None,
            each: Callable[[int], None] | None = None) -> int:
    """One pass over the finished games writing the backup, the table or both."""
    db.text_factory = bytes
    rows = None
    if table is not None:
        text = io.TextIOWrapper(table, encoding="utf-8", newline="", write_through=True)
        rows = csv.writer(text, lineterminator="\n")
        rows.writerow(CSV_COLUMNS)
    if backup is not None:
        _write_head(db, backup)
    written = 0
    try:
        for n, game in enumerate(db.execute(_GAMES), 1):
            players = db.execute(_PLAYERS, (game[0],)).fetchall()
            if rows is not None:
                head = (game[0], _text(game[7]), _text(game[10]), _text(game[11]), len(players))
                rows.writerows((*head, seat, _text(name), "" if score is None else score,
                                "" if won is None else won, _text(characters))
                               for seat, name, score, won, characters in players)
            if backup is not None:
                found = _game_json(db, game[:10], players)
                if found is not None:
                    backup.write(found if not written else b"," + found)
                    written += 1
            if each is not None:
                each(n)
    finally:
        if table is not None:
            text.detach()
    if backup is not None:
        backup.write(b"]}\n")
    return written


def _write_head(db: sqlite3.Connection, out: BinaryIO) -> None:
    """The backup up to its games: format, version and the remembered players."""
    out.write(b'{"format":"%s","version":%d,"players":[' % (FORMAT.encode(), VERSION))
    first = True
    for query in PLAYERS_IN_ORDER:
        for _, name in db.execute(query):
            text = _json_text(name) if isinstance(name, bytes) else None
            if text is not None:
                out.write(text if first else b"," + text)
                first = False
    out.write(b'],"games":[')


def _text(stored) -> object:
    """A stored text as str (a damaged byte as U+FFFD, as the lists show it); other values
    as they are."""
    return stored.decode("utf-8", "replace") if isinstance(stored, bytes) else stored


def _json_text(stored: bytes) -> bytes | None:
    """Stored text as a JSON string; None when it is not UTF-8 (a damaged byte)."""
    try:
        return _compact(stored.decode()).encode()
    except UnicodeDecodeError:
        return None


def _game_json(db: sqlite3.Connection, row, players: list[tuple]) -> bytes | None:
    """One finished game as the backup holds it (``players``: its player rows); None when a
    field is not what an import takes (only tampering makes one)."""
    sid, kind, config, seed, rng, created, played, finished, result, progress = row
    if not all(isinstance(t, bytes) for t in (kind, config, created, played, finished, result,
                                              progress or b"")):
        return None
    if not (KIND.fullmatch(kind.decode("latin-1")) and rng in SCHEMES
            and all(TIME.fullmatch(t.decode("latin-1")) for t in (created, played, finished))):
        return None
    decisions = _decisions(db, sid)
    if decisions is None:
        return None
    players = b",".join([_player_json(*player) for player in players])
    game = b"".join((
        b'{"id":%d,"kind":"' % sid, kind, b'","config":', config,
        b',"seed":%d,"rng":%d' % (seed, rng), b',"created_at":"', created,
        b'","played_at":"', played, b'","finished_at":"', finished, b'","result":', result,
        b',"progress":', progress or b"{}", b',"decisions":[', decisions,
        b'],"players":[', players, b"]}"))
    try:
        game.decode()
    except UnicodeDecodeError:
        return None
    return game


_IDS = re.compile(rb"[a-z0-9_-]+( [a-z0-9_-]+)*")
_WON = {None: b"null", 0: b"false", 1: b"true"}


def _player_json(seat, name, score, won, characters) -> bytes:
    """A stored player row as the backup's object (seat, name, score, won, characters)."""
    if (type(seat) is int and isinstance(name, bytes) and won in _WON
            and (score is None or type(score) is int) and isinstance(characters, bytes)):
        held = b'["' + characters.replace(b" ", b'","') + b'"]' if _IDS.fullmatch(
            characters) else b"[]" if not characters else None
        if held is not None:
            return b'{"seat":%d,"name":%s,"score":%s,"won":%s,"characters":%s}' % (
                seat, _quoted(name.decode("utf-8", "replace")).encode(),
                b"null" if score is None else b"%d" % score, _WON[won], held)
    return _compact({"seat": _text(seat), "name": _text(name), "score": _text(score),
                     "won": None if won is None else bool(won),
                     "characters": str(_text(characters)).split()}).encode()


def _decisions(db: sqlite3.Connection, sid: int) -> bytes | None:
    """A game's stored decisions joined by commas, in order; None when one is not a JSON
    object. SQLite joins them (no row each for Python); the order an aggregate sees its rows
    in is SQLite's to choose, so their numbers, joined in the same pass, say whether it was
    the game's: if not, they are read again one by one."""
    joined, numbers, count, objects = db.execute(_DECISIONS, (sid,)).fetchone()
    if not count:
        return b""
    if not objects:
        return None
    if numbers != _counting(count):
        joined = b",".join([p for (p,) in db.execute(_DECISIONS_IN_ORDER, (sid,))])
    return joined


@lru_cache(maxsize=64)
def _counting(n: int) -> bytes:
    """b"0,1,...,n-1": the numbers of a game's n decisions in order."""
    return ",".join(map(str, range(n))).encode()


def csv_text(store: Store) -> str:
    """The CSV export as text (a small History: tests, the command line's standard output
    goes through ``write_csv``)."""
    out = io.BytesIO()
    with snapshot(source_of(store)) as db:
        write_csv(db, out)
    return out.getvalue().decode()


def backup_text(store: Store) -> str:
    """The JSON backup as text (a small History)."""
    out = io.BytesIO()
    with snapshot(source_of(store)) as db:
        write_backup(db, out)
    return out.getvalue().decode()


# --- writing a file whole ------------------------------------------------------------------------

_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) \
    | getattr(os, "O_CLOEXEC", 0)


def _regular_or_absent(path: str) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True


def _check(path: str) -> None:
    """NotAFile unless ``path`` is a regular file (not a link to one) or nothing."""
    if not _regular_or_absent(path):
        raise NotAFile(path)


def _create(path: str) -> int:
    """A new regular file at ``path``, never through a link or into a device or a pipe; one
    left by a write cut short (a power cut) is replaced."""
    try:
        return os.open(path, _CREATE, 0o666)
    except FileExistsError:
        _check(path)
        os.unlink(path)
        return os.open(path, _CREATE, 0o666)


@contextmanager
def written_whole(path) -> Iterator[BinaryIO]:
    """A binary file whose bytes become ``path`` whole when the block ends, or not at all: they
    go to a new ``path.part`` (made for this write: ``O_EXCL``, ``O_NOFOLLOW``), which is
    flushed to the disk and renamed over ``path``. Only a regular file or a new name is
    written: NotAFile when ``path`` or ``path.part`` is anything else (a link, a device, a
    pipe, a folder). OSError when it cannot be written; no ``.part`` is left behind."""
    path = os.fspath(path)
    part = f"{path}.part"
    _check(path)
    fd = _create(part)
    try:
        with open(fd, "wb", buffering=1024 * 1024) as file:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # (only a race could make it so)
                raise NotAFile(part)
            yield file
            file.flush()
            os.fsync(fd)
        _check(path)
        os.replace(part, path)
    except BaseException:
        try:
            os.unlink(part)
        except OSError:
            pass
        raise
    _sync_folder(os.path.dirname(path) or ".")


def _sync_folder(folder: str) -> None:
    """The rename on the disk too (a folder that cannot be synced, as some file systems' are
    not, is left to the kernel)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --- import --------------------------------------------------------------------------------------

_GAME_FIELDS = {"kind": str, "config": dict, "seed": int, "rng": int, "created_at": str,
                "played_at": str, "finished_at": str, "result": dict, "decisions": list}


def _checked_game(n: int, game: Any) -> dict[str, Any]:
    """The game if every field is one the store can hold; BadBackup says which is not."""
    if not isinstance(game, dict):
        raise BadBackup(f"game {n}: not an object")
    for field, kind in _GAME_FIELDS.items():
        value = game.get(field)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise BadBackup(f"game {n}: {field!r} is missing or not {kind.__name__}")
    if not isinstance(game.get("progress", {}), dict):
        raise BadBackup(f"game {n}: 'progress' is not dict")
    if not KIND.fullmatch(game["kind"]):
        raise BadBackup(f"game {n}: 'kind' is not a kind of game (a-z, 0-9 and -, at most 40)")
    if game["seed"] not in INTEGER:
        raise BadBackup(f"game {n}: 'seed' is out of range (a signed 64-bit number)")
    if game["rng"] not in SCHEMES:
        raise BadBackup(f"game {n}: 'rng' {game['rng']} is not a scheme this app knows")
    for field in ("created_at", "played_at", "finished_at"):
        if not TIME.fullmatch(game[field]):
            raise BadBackup(f"game {n}: {field!r} is not a time such as 2026-11-24T20:41:07Z")
    if not all(isinstance(d, dict) for d in game["decisions"]):
        raise BadBackup(f"game {n}: a decision is not an object")
    return game


class Backup:
    """A backup file read as it is imported: ``header()`` checks its format and version
    (before any store is opened), ``restore`` reads the rest."""

    def __init__(self, file: BinaryIO, limit: int | None = None):
        self._quick: dict[str, tuple[str, Take]] = {}
        self._members = members(file, MAX_BACKUP if limit is None else limit, MAX_GAME,
                                self._quick)
        self._next = None  # the first list's start, read by ``header``
        self._checked = False

    def _read(self):
        try:
            return next(self._members, None)
        except NotJson as exc:
            raise BadBackup(f"not JSON ({exc})") from None
        except OSError as exc:
            raise BadBackup(f"cannot be read ({exc.strerror or exc})") from None

    def header(self) -> None:
        """BadBackup unless the file starts as a history backup this app reads: ``format``
        and ``version`` before the lists."""
        if self._checked:
            return
        seen = {}
        while (item := self._read()) is not None and item[2] is not LIST:
            seen[item[0]] = item[2]
        if seen.get("format") != FORMAT:
            raise BadBackup(f"not a history backup (no \"format\": \"{FORMAT}\" before the"
                            " lists)")
        if seen.get("version") != VERSION:
            raise BadBackup(f"backup version {seen.get('version')!r}: this app reads {VERSION}")
        self._next, self._checked = item, True

    def items(self, take_game: Take | None = None) -> Iterator[tuple[str, int | None, Any, str]]:
        """The members after the header, each list's elements one by one; a game
        ``take_game`` keeps (offered each game's likely text first) is not among them."""
        self.header()
        if take_game is not None:
            self._quick["games"] = (_NEXT_GAME, take_game)
        item = self._next
        while item is not None:
            yield item
            item = self._read()


_NEXT_GAME = '},{"id":'
_HEAD = _GAME_FIELDS.keys() - {"decisions"}
"""Where a game ends in the backups this app writes: the next game begins."""


def restore(store: Store, backup: Backup) -> Imported:
    """Add the backup's games the store lacks, and its players: one transaction, game by
    game (a game's decisions copied by SQLite out of its text)."""
    backup.header()
    with store.writing(links_checked=False) as db:  # (63,000 instructions a game)
        try:
            with aggregates.rebuilt_after(db):  # Statistics' sums: once, not row by row
                added, already = _restore(db, backup)
        except BaseException:
            if db.in_transaction:  # store.writing commits when its block ends well only
                db.execute("ROLLBACK")
            raise
    return Imported(added, already)


_KNOWN = ("CREATE TEMP TABLE IF NOT EXISTS known (game, seed, created_at, finished_at,"
          " PRIMARY KEY (game, seed, created_at, finished_at)) WITHOUT ROWID")
_SESSION = ("INSERT INTO sessions (game, config, seed, rng, created_at, played_at, finished_at,"
            " result, progress, touched) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?,"
            " (SELECT COALESCE(MAX(id), 0) + 1 FROM sessions))")
"""A game added, numbered in the lists as its row (``_order_by_time_played`` then moves only
the games not already in the order they were played)."""
_COPIED_DECISIONS = ("INSERT INTO decisions (session_id, seq, payload) SELECT ?, key, value"
                     " FROM json_each(?, '$.decisions') WHERE type = 'object'")
_DECISIONS_LIST = ("INSERT INTO decisions (session_id, seq, payload) SELECT ?, key,"
                   " CASE type WHEN 'object' THEN value END FROM json_each(?, '$.decisions')")
"""A game's decisions from an object that holds them: one that is not an object is NULL,
which the table refuses (as SQLite refuses text that is not JSON, or not a list)."""
_NOT_OBJECTS = "SELECT count(*) FROM json_each(?, '$.decisions') WHERE type != 'object'"
PLAYER_ROWS_AT_ONCE = 100  # (memory the same whatever the size of the backup)


def _restore(db: sqlite3.Connection, backup: Backup) -> tuple[int, int]:
    db.execute(_KNOWN)  # the games the store has, and those added: kept by SQLite, not here
    db.execute("DELETE FROM known")
    db.execute("INSERT OR IGNORE INTO known SELECT game, seed, created_at, finished_at"
               " FROM sessions")
    restoring = _Restoring(db)
    names: list[str] = []
    lists = set()
    for key, index, value, text in backup.items(restoring.take):
        if index is None:
            if value is LIST:
                lists.add(key)
            elif key in ("games", "players"):
                raise BadBackup(f"{key!r} must be a list")
        elif key == "players":
            names.append(_checked_name(index, value))
        elif key == "games":
            restoring.game(index + 1, _checked_game(index + 1, value), text)
    if "games" not in lists:
        raise BadBackup("'games' must be a list")
    restoring.write_player_rows()
    _remember(db, names)  # after: a player new here claims the games just added
    _order_by_time_played(db)
    db.execute("DROP TABLE known")
    return restoring.added, restoring.already


class _Restoring:
    """The games of one import as they are stored: how many were added and how many the
    store had, and the player rows not yet written."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db
        self.added = self.already = 0
        self.player_rows: list[tuple] = []

    def take(self, index: int, text: str) -> bool:
        """Store game ``index + 1`` from its likely ``text`` without Python parsing its
        decisions (SQLite reads them as it copies them): True when ``text`` was the whole
        game, False (nothing kept) when it was not, or is not as this app writes games."""
        parts = object_parts(text, "decisions")
        if parts is None or not parts[1].startswith("[") or not _HEAD.issubset(parts[0]):
            return False  # (a field after the decisions: read the slow way)
        members, rest = parts
        game = _checked_game(index + 1, {**{k: v for k, (v, _) in members.items()},
                                         "decisions": []})
        texts = [members[k][1] if k in members else "{}" for k in ("config", "result",
                                                                   "progress")]
        if any("\\u" in t for t in texts):  # an escape, maybe a lone surrogate
            return False
        rest = '{"decisions":' + rest  # the game's decisions and what follows them
        sid = self._session(index + 1, game, texts)
        try:
            if sid is None:  # the store has it: only the text is checked
                if self.db.execute(_NOT_OBJECTS, (rest,)).fetchone()[0]:
                    return False
            else:
                self.db.execute(_DECISIONS_LIST, (sid, rest))
        except (sqlite3.OperationalError, sqlite3.IntegrityError):  # not JSON, not objects
            if sid is not None:
                self.db.execute("DELETE FROM sessions WHERE id = ?", (sid,))
                self._forget(game)
            return False
        self._counted(index + 1, sid, game)
        return True

    def game(self, n: int, game: dict[str, Any], text: str) -> None:
        """Store game ``n``, parsed (``text`` as the backup holds it)."""
        sid = self._session(n, game, [canonical_json(game.get(k, {})) for k in (
            "config", "result", "progress")])
        if sid is not None:
            copied = self.db.execute(_COPIED_DECISIONS, (sid, text)).rowcount
            if copied != len(game["decisions"]):  # a game naming "decisions" twice
                raise BadBackup(f"game {n}: 'decisions' given more than once")
        self._counted(n, sid, game)

    def _session(self, n: int, game: dict[str, Any], texts: list[str]) -> int | None:
        """The new session's id, or None when the store has the game."""
        key = (game["kind"], game["seed"], game["created_at"], game["finished_at"])
        if not self.db.execute("INSERT OR IGNORE INTO known VALUES (?, ?, ?, ?)", key).rowcount:
            return None
        config, result, progress = texts
        try:
            return self.db.execute(_SESSION, (
                game["kind"], config, game["seed"], game["rng"], game["created_at"],
                game["played_at"], game["finished_at"], result, progress)).lastrowid
        except UnicodeEncodeError:
            raise BadBackup(f"game {n}: text that is not Unicode (a lone surrogate)") from None

    def _forget(self, game: dict[str, Any]) -> None:
        self.db.execute("DELETE FROM known WHERE game = ? AND seed = ? AND created_at = ? AND"
                        " finished_at = ?", (game["kind"], game["seed"], game["created_at"],
                                             game["finished_at"]))

    def _counted(self, n: int, sid: int | None, game: dict[str, Any]) -> None:
        if sid is None:
            self.already += 1
            return
        self.added += 1
        rows = player_rows(sid, game["kind"], game["config"], game["result"])
        for row in rows:
            if row[4] is not None and row[4] not in INTEGER:
                raise BadBackup(f"game {n}: a score in 'result' is out of range (a signed"
                                " 64-bit number)")
            if not row[2].isascii():
                try:
                    row[2].encode()
                except UnicodeEncodeError:
                    raise BadBackup(f"game {n}: text that is not Unicode (a lone surrogate)") \
                        from None
        self.player_rows += rows
        if len(self.player_rows) >= PLAYER_ROWS_AT_ONCE:
            self.write_player_rows()

    def write_player_rows(self) -> None:
        self.db.executemany(INSERT_PLAYER_RESULT, self.player_rows)
        self.player_rows.clear()


def _remember(db: sqlite3.Connection, names: list[str]) -> None:
    """``Store.remember`` for a whole list at once: the names not remembered yet added, then
    each new player's claim on the finished games played under their name made in one pass
    (one claim per name scans every player row: 212 s for 100,000 names and 10,000 games)."""
    before = db.execute("SELECT COALESCE(MAX(id), 0) FROM players").fetchone()[0]
    db.executemany("INSERT OR IGNORE INTO players (name) VALUES (?)", ((n,) for n in names))
    db.execute("UPDATE player_results SET player_id = (SELECT p.id FROM players p WHERE"
               " p.name = player_results.name COLLATE NOCASE) WHERE player_id IS NULL"
               " AND EXISTS (SELECT 1 FROM players p WHERE p.id > ?"
               " AND p.name = player_results.name COLLATE NOCASE)", (before,))


def _checked_name(index: int, name: Any) -> str:
    from companion.names import name_problem

    if index >= MAX_PLAYERS:
        raise BadBackup(f"'players': more than {MAX_PLAYERS:,} names")
    if not isinstance(name, str):
        raise BadBackup("'players' must be a list of names")
    if name_problem(name):
        raise BadBackup(f"player {name!r}: the name cannot be drawn ({name_problem(name)})")
    return name


def _order_by_time_played(db) -> None:
    """Lists order sessions by ``touched``: number them again by when each was played, so an
    imported game from last year sits among last year's games."""
    db.execute("CREATE TEMP TABLE IF NOT EXISTS reorder (id INTEGER PRIMARY KEY, n INTEGER)")
    db.execute("DELETE FROM reorder")
    db.execute("INSERT INTO reorder SELECT id, ROW_NUMBER() OVER (ORDER BY played_at, touched, id)"
               " FROM sessions")
    db.execute("UPDATE sessions SET touched = reorder.n FROM reorder WHERE reorder.id ="
               " sessions.id AND sessions.touched != reorder.n")
    db.execute("DELETE FROM reorder")
