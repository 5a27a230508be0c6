"""Opening the store so that nothing on disk can stop the app.

- A folder that cannot be written, or a full disk, but holding a database: opened read-only
  (games are shown, nothing can be saved).
- A file that is not a database, or whose pages ``PRAGMA quick_check`` finds damaged: whatever
  can still be read is copied into a fresh file (``salvage``), the damaged file is moved aside
  with a timestamp (never deleted) and the fresh one takes its place.
- Anything else (no folder can be made, a newer schema): an in-memory store for this run.

Each case gives a notice (a message key and its fields) for the home screen's banner.
"""

import errno
import logging
import os
import time
from pathlib import Path

import _sqlite3 as sqlite3  # the sqlite3 package's C module: see storage/store.py

from .store import SCHEMA_VERSION, Store, StoreError, record_finished

log = logging.getLogger(__name__)

WAL_FILES = ("-wal", "-shm")


class Opened:
    """The store as opened, and what the home screen's banner says about it. (A plain class:
    a named tuple costs every start-up ~0.5 M instructions to make.)"""

    __slots__ = ("store", "notices")

    def __init__(self, store: Store, notices: tuple[tuple[str, dict], ...] = ()):
        self.store, self.notices = store, notices


def open_store(path: str | Path, now: float | None = None) -> Opened:
    """The store at ``path`` however it is found (see the module's doc)."""
    path = Path(path)
    if _empty(path):
        log.error("%s is empty: moved aside, a fresh one made", path)
        return _repair(path, now)
    try:
        store = Store(path)
    except sqlite3.DatabaseError as exc:
        name = getattr(exc, "sqlite_errorname", "")
        if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM")) \
                and path.exists():
            return _read_only(path)
        if name.startswith(("SQLITE_FULL", "SQLITE_IOERR")) and path.exists():
            return _read_only(path, "notice.store_full" if _no_space(path) else
                              "notice.store_read_only")
        if name in ("SQLITE_NOTADB", "SQLITE_CORRUPT") and path.exists():
            return _repair(path, now)
        return _in_memory(path, exc)
    except PermissionError as exc:
        return _read_only(path) if path.exists() else _in_memory(path, exc)
    except OSError as exc:
        if exc.errno == errno.ENOSPC and path.exists():
            return _read_only(path, "notice.store_full")
        return _in_memory(path, exc)
    except StoreError as exc:
        return _in_memory(path, exc)
    try:
        problems = store.quick_check()
    except sqlite3.DatabaseError as exc:
        problems = [str(exc)]
    if problems:
        log.error("%s fails quick_check: %s", path, "; ".join(problems[:3]))
        store.close()
        return _repair(path, now)
    return Opened(store, _lost_steps(store))


def _lost_steps(store: Store) -> tuple[tuple[str, dict], ...]:
    """The notice for steps committed before that the database no longer holds."""
    lost = store.lost_steps()
    return (("notice.store_lost_steps", {"n": lost}),) if lost else ()


def _empty(path: Path) -> bool:
    """Whether the database file is there but holds nothing, with no WAL beside it holding
    what it would (SQLite would take it for a new database: a first start, said nowhere)."""
    try:
        wal = Path(f"{path}-wal")
        return path.stat().st_size == 0 and (not wal.exists() or wal.stat().st_size == 0)
    except OSError:
        return False


def _no_space(path: Path) -> bool:
    """Whether the file system holding ``path`` has no room left for a write (the WAL's
    index, a page)."""
    try:
        found = os.statvfs(path.parent)
    except OSError:
        return False
    return found.f_bavail * found.f_frsize < 64 * 1024


def _read_only(path: Path, notice: str = "notice.store_read_only") -> Opened:
    try:
        store = Store(path, read_only=True)
    except (sqlite3.Error, StoreError) as exc:
        return _in_memory(path, exc)
    log.error("%s cannot be written (%s): opened read-only, games will not be saved", path,
              notice.removeprefix("notice."))
    return Opened(store, ((notice, {"path": str(path.parent)}),) + _lost_steps(store))


def _in_memory(path: Path, exc: Exception) -> Opened:
    log.error("cannot open %s: %s; games will not be saved", path, exc)
    return Opened(Store(":memory:"), (("notice.store", {"path": str(path.parent)}),))


def _repair(path: Path, now: float | None) -> Opened:
    """Salvage what can be read into a fresh file, move the damaged one aside, use the fresh."""
    stamp = time.strftime("%Y%m%dT%H%M%S", time.localtime(now))
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    fresh = path.with_name(f"{path.name}.salvage")
    try:
        for suffix in ("", *WAL_FILES):
            Path(f"{fresh}{suffix}").unlink(missing_ok=True)
        kept, lost = salvage(path, fresh)
        for suffix in ("", *WAL_FILES):
            if Path(f"{path}{suffix}").exists():
                os.replace(f"{path}{suffix}", f"{aside}{suffix}")
        os.replace(fresh, path)
        Path(f"{path}.mark").unlink(missing_ok=True)  # the old file's: says nothing of this one
        store = Store(path)
    except (OSError, sqlite3.Error, StoreError) as exc:
        return _in_memory(path, exc)
    log.error("%s was damaged: moved to %s; %d games kept, %d set aside", path, aside.name,
              kept, lost)
    return Opened(store, (("notice.store_repaired",
                           {"file": aside.name, "kept": kept, "lost": lost}),))


def salvage(damaged: Path, fresh: Path) -> tuple[int, int]:
    """Copy every row of ``damaged`` that can still be read into a new store at ``fresh``;
    a session whose decisions cannot all be read is copied marked damaged. Returns the
    sessions copied whole and the ones marked damaged (or lost)."""
    out = Store(fresh)
    padded = _padded(damaged, fresh)
    try:
        source = sqlite3.connect(f"file:{padded or damaged}?mode=ro", uri=True)
    except sqlite3.Error:
        out.close()
        return 0, 0
    kept = lost = 0
    try:
        try:
            version = source.execute("PRAGMA user_version").fetchone()[0]
            columns = {r[1] for r in source.execute("PRAGMA table_info(sessions)")}
            ids = [r[0] for r in source.execute("SELECT id FROM sessions ORDER BY id")]
        except sqlite3.DatabaseError:
            return 0, 0
        if version > SCHEMA_VERSION:
            return 0, len(ids)
        wanted = [c for c in ("id", "game", "config", "seed", "created_at", "finished_at",
                              "result", "rng", "played_at", "touched", "progress", "damaged")
                  if c in columns]
        out.keep_sums()
        db = out._db
        for sid in ids:
            try:
                row = source.execute(f"SELECT {', '.join(wanted)} FROM sessions WHERE id = ?",
                                     (sid,)).fetchone()
            except sqlite3.DatabaseError:
                lost += 1
                continue
            values = dict(zip(wanted, row))
            values.setdefault("touched", sid)
            values.setdefault("played_at", values.get("finished_at") or values.get("created_at"))
            try:
                decisions = source.execute("SELECT seq, payload FROM decisions WHERE "
                                           "session_id = ? ORDER BY seq", (sid,)).fetchall()
            except sqlite3.DatabaseError:
                decisions, values["damaged"] = [], "decisions"
            db.execute(f"INSERT INTO sessions ({', '.join(values)}) VALUES "
                       f"({', '.join('?' * len(values))})", tuple(values.values()))
            db.executemany("INSERT INTO decisions (session_id, seq, payload) VALUES (?, ?, ?)",
                           [(sid, seq, payload) for seq, payload in decisions])
            if values.get("damaged"):
                lost += 1
            else:
                kept += 1
        try:
            db.executemany("INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)",
                           source.execute("SELECT key, value FROM settings").fetchall())
        except sqlite3.DatabaseError:
            log.error("settings could not be salvaged: defaults used")
        _salvage_players(source, db, version)
        return kept, lost
    finally:
        source.close()
        out.close()
        if padded is not None:
            for suffix in ("", *WAL_FILES):
                Path(f"{padded}{suffix}").unlink(missing_ok=True)


HEADER = b"SQLite format 3\x00"


def _padded(damaged: Path, beside: Path) -> Path | None:
    """A copy of ``damaged`` as long as its header says, the missing end filled with zeros (a
    file cut short: SQLite refuses to read any of it, where the whole length with empty pages
    at its end reads every page still there); None when it is not shorter than that, or its
    header cannot say (the size in it is valid only while bytes 92-95 match 24-27)."""
    try:
        with open(damaged, "rb") as found:
            header = found.read(100)
        size = damaged.stat().st_size
    except OSError:
        return None
    if len(header) < 100 or not header.startswith(HEADER) or header[92:96] != header[24:28]:
        return None
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    whole = page_size * int.from_bytes(header[28:32], "big")
    if size >= whole:
        return None
    copy = Path(f"{beside}.padded")
    try:
        with open(damaged, "rb") as found, open(copy, "wb") as out:
            while chunk := found.read(1 << 20):
                out.write(chunk)
            out.truncate(whole)
        wal = Path(f"{damaged}-wal")
        if wal.exists():
            Path(f"{copy}-wal").write_bytes(wal.read_bytes())
    except OSError:
        copy.unlink(missing_ok=True)
        return None
    log.error("%s is %d bytes short: read as if its missing end were empty", damaged,
              whole - size)
    return copy


def _salvage_players(source: sqlite3.Connection, db: sqlite3.Connection, version: int) -> None:
    """The remembered players that can still be read, then every salvaged finished game's
    player rows made again from its result (they are never read from the damaged file)."""
    if version >= 4:
        try:
            db.executemany("INSERT OR IGNORE INTO players (id, name) VALUES (?, ?)",
                           source.execute("SELECT id, name FROM players").fetchall())
        except sqlite3.DatabaseError:
            log.error("the player list could not be salvaged")
    record_finished(db, "finished_at IS NOT NULL")
