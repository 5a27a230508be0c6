"""Game values as bytes, read back making nothing but the game code's classes; and ``Packed``,
a sequence that keeps each of its items as bytes until it is used.

``dumps`` / ``loads`` are pickle (its C module: ``pickle.py`` costs 7 M instructions to import)
with an unpickler that finds no global but ``companion``'s classes (Python's "restricting
globals"): bytes cannot name any other callable.

``Packed`` holds what grows with a game and is only looked at now and then (Citadels' finished
rounds): pickled, each item is bytes of its own, made once a process and shared by every
sequence holding it; unpickled, an item is read the first time it is used. So reading a long
game's state back costs the same as a short one's (``storage/snapshots.py``): about 7,000
instructions an object to unpickle, 80 objects a round of 8 players.

>>> rounds = Packed() + ("round 1",) + ("round 2",)
>>> again = loads(dumps(rounds))
>>> len(again), again[-1], again == ("round 1", "round 2"), again == rounds
(2, 'round 2', True, True)
"""

from __future__ import annotations

import _pickle
import io
from collections.abc import Iterable, Iterator, Sequence
from typing import Any


def dumps(value: Any) -> bytes:
    return _pickle.dumps(value, protocol=5)  # pickle.HIGHEST_PROTOCOL in 3.11


def loads(data: bytes) -> Any:
    """The value in ``data``; pickle's errors for bytes that are not one, or name a global
    other than a class of the game code."""
    return _GameValues(io.BytesIO(data)).load()


class _GameValues(_pickle.Unpickler):
    """Makes only the game code's classes: the bytes cannot name any other callable."""

    def find_class(self, module: str, name: str) -> Any:
        if module.split(".")[0] == "companion":
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise _pickle.UnpicklingError(f"{module}.{name} is not a game value")


_UNREAD = object()


class _Cell:
    """One item of a ``Packed``: the value, its bytes, or both once both were needed."""

    __slots__ = ("value", "data")

    def __init__(self, value: Any = _UNREAD, data: bytes | None = None):
        self.value, self.data = value, data

    def read(self) -> Any:
        if self.value is _UNREAD:
            self.value = loads(self.data)
        return self.value

    def packed(self) -> bytes:
        if self.data is None:
            self.data = dumps(self.value)
        return self.data


class Packed(Sequence):
    """An immutable sequence whose pickle keeps each item as bytes of its own, read back the
    first time the item is used. ``+`` a tuple gives a longer one sharing these items.
    Equal to a tuple (or a Packed) of the same items, and shown as that tuple."""

    __slots__ = ("_cells",)

    def __init__(self, items: Iterable = (), packed: Iterable[bytes] = ()):
        """``items``; or, as unpickled, the items' ``packed`` bytes."""
        self._cells = (*(_Cell(value) for value in items), *(_Cell(data=d) for d in packed))

    def __reduce__(self):
        return Packed, ((), tuple(cell.packed() for cell in self._cells))

    def __len__(self) -> int:
        return len(self._cells)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(cell.read() for cell in self._cells[index])
        return self._cells[index].read()

    def __iter__(self) -> Iterator:
        return (cell.read() for cell in self._cells)

    def __add__(self, more: tuple) -> "Packed":
        longer = Packed(more)
        longer._cells = self._cells + longer._cells
        return longer

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Packed, tuple)):
            return len(self) == len(other) and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))  # as the tuple it equals (a state's repr reads the same)
