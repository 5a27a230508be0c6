"""``companion export --format csv|json [--out FILE]`` and ``companion import FILE``: History out
of the store (a spreadsheet's rows, or a JSON backup) and a backup back in (docs/export.md).
The store is the config's (``--config``, ``--data-dir`` as for the app). Every mistake is one
line and exit code 2; nothing is half written (the output is written to a temporary file and
renamed; an import is one transaction)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .text_io import InputError, fail, read_text

MAX_BACKUP = 512 * 1024 * 1024
"""Bytes a backup may have (10,000 games of decisions are ~60 MB)."""


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


def write_out(text: str, out: str | None) -> None:
    """``text`` to standard output, or to the file ``out`` (InputError when it cannot be)."""
    if out is None or out == "-":
        sys.stdout.write(text)
        return
    # deferred: start-up time (only this command)
    from storage.history_file import write_atomically

    try:
        write_atomically(out, text)
    except OSError as exc:
        raise InputError(f"cannot write {out}: {exc.strerror or exc}") from None


class Export:
    HELP = "every finished game, players and scores, as CSV or a JSON backup (docs/export.md)"

    @staticmethod
    def configure(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--format", choices=("csv", "json"), required=True,
                            help="csv: one row per player per game; json: a backup to import")
        parser.add_argument("--out", help="the file to write (default: standard output)")
        _where(parser, Export.run)

    @staticmethod
    def run(args) -> int:
        # deferred: start-up time (only this command)
        from storage.history_file import export_text

        try:
            store = _read_store(args)
            try:
                write_out(export_text(store, args.format), args.out)
            finally:
                store.close()
        except InputError as exc:
            return fail("companion export", exc)
        return 0


class Import:
    HELP = "games from a JSON backup (companion export --format json) back into History"

    @staticmethod
    def configure(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("file", help="the backup (- reads standard input)")
        _where(parser, Import.run)

    @staticmethod
    def run(args) -> int:
        # deferred: start-up time (only this command)
        from storage.history_file import BadBackup, restore
        # deferred: start-up time (only this command)
        from storage.lock import AlreadyRunning, DataLock
        # deferred: start-up time (only this command)
        from storage.store import SaveFailed, Store

        try:
            data = json.loads(read_text(args.file, MAX_BACKUP, "a backup"))
        except InputError as exc:
            return fail("companion import", exc)
        except (ValueError, RecursionError) as exc:
            return fail("companion import", f"{args.file}: not JSON ({exc})")
        try:
            path = _database(args)
            lock = DataLock(path.parent)
            lock.acquire()
        except InputError as exc:
            return fail("companion import", exc)
        except AlreadyRunning as exc:
            return fail("companion import", exc)
        try:
            store = Store(path)
            try:
                done = restore(store, data)
            finally:
                store.close()
        except BadBackup as exc:
            return fail("companion import", f"{args.file}: {exc}")
        except SaveFailed as exc:
            return fail("companion import", f"nothing imported: {exc}")
        finally:
            lock.release()
        print(f"{done.added} games imported, {done.already} already in History")
        return 0


EXPORT, IMPORT = Export(), Import()
