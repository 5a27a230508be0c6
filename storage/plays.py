"""The finished games as BG Stats plays (companion/bgstats.py), read from the store: for the
code a finished game shows, and for ``companion export --format bgstats``."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from typing import BinaryIO

from companion.bgstats import Play, play_of

_PLAYS = ("SELECT game, config, created_at, finished_at, result FROM sessions"
          " WHERE finished_at IS NOT NULL AND damaged IS NULL")


def _decoded(text) -> object:
    try:
        return json.loads(text) if isinstance(text, (str, bytes)) else None
    except (ValueError, RecursionError):
        return None


def plays(db: sqlite3.Connection, session_id: int | None = None) -> Iterator[Play]:
    """Every finished game that is a play (oldest first), or only session ``session_id``; a
    game whose stored JSON cannot be read is left out."""
    query, args = (_PLAYS + " AND id = ?", (session_id,)) if session_id is not None else \
        (_PLAYS + " ORDER BY created_at, id", ())
    for kind, config, started, finished, result in db.execute(query, args):
        found = play_of(kind, _decoded(config), started, finished, _decoded(result))
        if found is not None:
            yield found


def write_links(db: sqlite3.Connection, out: BinaryIO, language: str) -> int:
    """The BG Stats link of every finished game into ``out``, a line each, oldest first,
    nothing left out (``companion export --format bgstats``); how many."""
    from companion.bgstats import links  # deferred: only this export

    db.text_factory = str
    written = 0
    for found in plays(db):
        out.write(links(found, language)[0][1].encode("ascii") + b"\n")
        written += 1
    return written
