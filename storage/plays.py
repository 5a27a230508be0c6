"""The finished games as BG Stats plays (companion/bgstats.py), read from the store: for the
code a finished game shows, and for ``companion export --format bgstats``."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import BinaryIO

from companion.bgstats import Play, play_of

from .store import _json, stored_text

_PLAYS = ("SELECT id, game, config, created_at, finished_at, result FROM sessions"
          " WHERE finished_at IS NOT NULL AND damaged IS NULL")


def plays(db: sqlite3.Connection, session_id: int | None = None,
          left_out: list[int] | None = None) -> Iterator[Play]:
    """Every finished game that is a play (oldest first), or only session ``session_id``; a
    game whose stored JSON cannot be read is left out (its id added to ``left_out``). ``db``
    reads text as the store's connection does (``stored_text``)."""
    query, args = (_PLAYS + " AND id = ?", (session_id,)) if session_id is not None else \
        (_PLAYS + " ORDER BY created_at, id", ())
    for found_id, kind, config, started, finished, result in db.execute(query, args):
        try:
            config, result = _json(config), _json(result)
        except (ValueError, RecursionError):
            if left_out is not None:
                left_out.append(found_id)
            continue
        if (found := play_of(kind, config, started, finished, result)) is not None:
            yield found


def write_links(db: sqlite3.Connection, out: BinaryIO, language: str,
                left_out: list[int] | None = None) -> int:
    """The BG Stats link of every finished game into ``out``, a line each, oldest first,
    nothing of a play left out (``companion export --format bgstats``); how many. A game that
    cannot be read is not written: its id goes to ``left_out``."""
    from companion.bgstats import links  # deferred: only this export

    db.text_factory = stored_text
    written = 0
    for found in plays(db, left_out=left_out):
        out.write(links(found, language)[0][1].encode("ascii") + b"\n")
        written += 1
    return written
