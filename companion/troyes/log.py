"""What each decision did, in words the screens build from a ``Line``: a code (the text in the
catalogues is ``troyes.log_<code>``), the seat it concerns and its numbers. A game keeps the
last ``LOG_LENGTH`` lines; the newest says what Undo would take back.

>>> line = Line("farming", 1, (("dice", (("yellow", 4), ("yellow", 5))), ("deniers", 4)))
>>> line.get("deniers"), line.get("paid", ())
(4, ())
>>> len(add((line,) * LOG_LENGTH, line))
12
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

LOG_LENGTH = 12


@dataclass(frozen=True)
class Line:
    code: str
    seat: int | None = None
    fields: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.fields).get(name, default)


def line(code: str, seat: int | None = None, **fields: Any) -> Line:
    return Line(code, seat, tuple(fields.items()))


def add(log: tuple[Line, ...], new: Line) -> tuple[Line, ...]:
    """The log with ``new`` last, the oldest lines dropped beyond ``LOG_LENGTH``."""
    return (*log, new)[-LOG_LENGTH:]
