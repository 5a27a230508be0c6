"""A kept game's timeline end as bytes (companion.timeline.Snapshot), stored beside its log so a
resume replays only the decisions stored after it. A cache, never the truth: bytes that are
damaged, from other game code or for another game are refused (``Unusable``) and the log is
replayed whole instead.

The states are frozen dataclasses, tuples and enums of ``companion``; they are written with
pickle and read back by an unpickler that makes nothing but ``companion``'s classes
(``companion.packed``), rather than through a JSON codec for every state class: pickle reads a
state in C and needs no code per class. What grows with a game is held ``Packed`` and read
when used. The bytes:

    MAGIC | code (16 bytes) | CRC-32 of the rest (4 bytes, big-endian) | pickle

``code`` is a digest of the game code's files (companion/**/*.py and its data files: each
one's name, size and time of change): a snapshot made by other code (another version of the
app) is never read, since its classes may mean something else. A resume reads it before the
first frame, so it is cheap: 1 M instructions (the files' contents hashed: 70 M).
"""

from __future__ import annotations

import functools
import os
import zlib
from typing import Any

import companion
from companion import packed

MAGIC = b"companion-snapshot-1\n"
_CODE_BYTES = 16


class Unusable(ValueError):
    """Bytes that are not a snapshot of this session made by this game code."""


@functools.cache
def code_digest() -> bytes:
    """A digest of the game code's files: names, sizes, times of change (once a process)."""
    root = os.path.dirname(companion.__file__)
    files: list[str] = []
    _list_code(root, len(root), files)
    text = "\n".join(sorted(files)).encode()
    return b"".join(zlib.crc32(text, seed).to_bytes(4, "big") for seed in range(4))


def _list_code(folder: str, root: int, files: list[str]) -> None:
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir():
                if entry.name != "__pycache__":
                    _list_code(entry.path, root, files)
            elif entry.name.endswith((".py", ".json")):
                stat = entry.stat()
                files.append(f"{entry.path[root:]} {stat.st_size} {stat.st_mtime_ns}")


def encode(snapshot: Any, game: str, seed: int) -> bytes:
    """The bytes of ``snapshot`` for the session of ``game`` and ``seed``."""
    body = packed.dumps((game, seed, snapshot))
    return MAGIC + code_digest() + zlib.crc32(body).to_bytes(4, "big") + body


def decode(data: bytes, game: str, seed: int) -> Any:
    """The snapshot in ``data``, made for the session of ``game`` and ``seed``; Unusable
    otherwise (damaged, other code, another session)."""
    head = len(MAGIC) + _CODE_BYTES
    if data[:len(MAGIC)] != MAGIC:
        raise Unusable("not a snapshot")
    if data[len(MAGIC):head] != code_digest():
        raise Unusable("made by other game code")
    body = data[head + 4:]
    if zlib.crc32(body) != int.from_bytes(data[head:head + 4], "big"):
        raise Unusable("damaged")
    try:
        made_for_game, made_for_seed, snapshot = packed.loads(body)
    except Exception as exc:  # checked bytes that still do not load: refused all the same
        raise Unusable(f"unreadable ({type(exc).__name__})") from None
    if (made_for_game, made_for_seed) != (game, seed):
        raise Unusable("another session's")
    return snapshot

