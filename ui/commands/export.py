"""``companion export --format csv|json|bgstats [--out FILE]`` and ``companion import FILE``:
History out of the store (a spreadsheet's rows, a JSON backup, or a BG Stats link a game) and
a backup back in (docs/export.md, docs/bgstats.md).
The store is the config's (``--config``, ``--data-dir`` as for the app). Every mistake is one
line and exit code 2; nothing is half written (the output is written to a temporary file and
renamed; an import is one transaction)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from functools import partial
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from .text_io import InputError, fail


def _where(parser: argparse.ArgumentParser, run) -> None:
    """``--config`` and ``--data-dir`` after the command too (before it, they are the app's),
    and ``run``, the command's function."""
    parser.add_argument("--config", type=Path, default=argparse.SUPPRESS,
                        help="config file (its data_dir holds the games)")
    parser.add_argument("--data-dir", type=Path, default=argparse.SUPPRESS,
                        help="the folder that holds companion.sqlite3")
    parser.set_defaults(run=run)


def _database(args) -> Path:
    """The config's database, or the one in ``--data-dir``."""
    # deferred: start-up time (only this command)
    from dataclasses import replace

    from ..config import load_config  # deferred: as above

    config = load_config(getattr(args, "config", None))
    if config.errors:
        raise InputError(config.errors[0])
    if getattr(args, "data_dir", None):
        config = replace(config, data_dir=args.data_dir)
    return config.database


def _read_store(args):
    """The store opened read-only, or InputError when there is none to read (an export never
    creates one)."""
    # deferred: start-up time (only this command)
    import sqlite3

    # deferred: start-up time (only this command)
    from storage.store import Store, StoreError

    path = _database(args)
    if not path.is_file():
        raise InputError(f"no games stored in {path.parent} (no companion.sqlite3)")
    try:
        return Store(path, read_only=True)
    except (StoreError, OSError) as exc:
        raise InputError(f"{path}: {exc}") from None
    except sqlite3.DatabaseError as exc:  # not a database
        raise InputError(f"{path}: cannot be read ({exc})") from None


def write_out(store, form: str, out: str | None, language: str = "en") -> None:
    """The export in ``form`` (``csv``, ``json`` or ``bgstats``) to standard output, or written
    whole to the file ``out`` (InputError when it cannot be: a name that is not a regular file
    is refused), streamed from a connection of its own."""
    # deferred: start-up time (only this command)
    from storage.history_file import (NotAFile, snapshot, source_of, write_backup, write_csv,
                                      written_whole)

    # deferred: start-up time (only this command)
    import sqlite3

    write = {"csv": write_csv, "json": write_backup}.get(form)
    left_out: list[int] = []
    if write is None:
        from storage.plays import write_links  # deferred: as above

        write = partial(write_links, language=language, left_out=left_out)
    try:
        with snapshot(source_of(store)) as db:
            if out is None or out == "-":
                sys.stdout.flush()
                write(db, sys.stdout.buffer)
                sys.stdout.buffer.flush()
            else:
                with written_whole(out) as file:
                    write(db, file)
    except NotAFile as exc:
        raise InputError(f"cannot write {out}: {exc}; nothing was written (without --out"
                         " the export goes to standard output)") from None
    except OSError as exc:
        where = out if out not in (None, "-") else "standard output"
        raise InputError(f"cannot write {where}: {exc.strerror or exc}") from None
    except sqlite3.DatabaseError as exc:
        raise InputError(f"{store.path}: cannot be read ({exc}); nothing was written") \
            from None
    if left_out:
        print(f"companion export: {_left_out(left_out)}", file=sys.stderr)


def _left_out(ids: list[int]) -> str:
    """What the export says of the finished games it could not read."""
    if len(ids) == 1:
        return f"1 finished game left out: its stored text cannot be read (game {ids[0]})"
    return (f"{len(ids)} finished games left out: their stored text cannot be read"
            f" (games {', '.join(map(str, ids))})")


class Export:
    HELP = ("every finished game, players and scores, as CSV, a JSON backup or BG Stats links"
            " (docs/export.md)")

    @staticmethod
    def configure(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--format", choices=("csv", "json", "bgstats"), required=True,
                            help="csv: one row per player per game; json: a backup to import;"
                                 " bgstats: a BG Stats link per game")
        parser.add_argument("--out", help="the file to write (default: standard output)")
        parser.add_argument("--language", choices=("en", "ko"), default="en",
                            help="bgstats: the language of characters and editions")
        _where(parser, Export.run)

    @staticmethod
    def run(args) -> int:
        try:
            store = _read_store(args)
            try:
                write_out(store, args.format, args.out, args.language)
            finally:
                store.close()
        except InputError as exc:
            return fail("companion export", exc)
        return 0


@contextmanager
def _opened(name: str) -> Iterator[BinaryIO]:
    """The backup ``name`` (``-``: standard input) as bytes; InputError when it cannot be
    read."""
    if name == "-":
        yield sys.stdin.buffer
        return
    try:
        file = open(name, "rb")
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise InputError(f"cannot read {name}: {getattr(exc, 'strerror', None) or exc}") \
            from None
    with file:
        yield file


class Import:
    HELP = "games from a JSON backup (companion export --format json) back into History"

    @staticmethod
    def configure(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("file", help="the backup (- reads standard input)")
        _where(parser, Import.run)

    @staticmethod
    def run(args) -> int:
        # deferred: start-up time (only this command)
        from storage.history_file import Backup, BadBackup, restore
        # deferred: start-up time (only this command)
        from storage.lock import AlreadyRunning, DataLock
        # deferred: start-up time (only this command)
        from storage.store import SaveFailed, Store, StoreError

        try:
            with _opened(args.file) as file:
                backup = Backup(file)
                backup.header()  # a file that is no backup is said before the store is opened
                try:
                    path = _database(args)
                    lock = DataLock(path.parent)
                    lock.acquire()
                except AlreadyRunning as exc:
                    raise InputError(exc) from None
                try:
                    store = Store(path)
                    try:
                        done = restore(store, backup)
                    finally:
                        store.close()
                finally:
                    lock.release()
        except InputError as exc:
            return fail("companion import", exc)
        except BadBackup as exc:
            return fail("companion import", f"{args.file}: {exc}; nothing imported")
        except SaveFailed as exc:
            return fail("companion import", f"nothing imported: {exc}")
        except (StoreError, OSError) as exc:
            return fail("companion import", f"nothing imported: the games cannot be opened ({exc})")
        print(f"{done.added} games imported, {done.already} already in History")
        return 0


EXPORT, IMPORT = Export(), Import()
