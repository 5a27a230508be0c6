"""Checks every final-score input shares: the number of players, their names, whole numbers.

>>> from companion.errors import RuleError
>>> check_count(3, "Mina", "gold", RuleError)
>>> check_count(-1, "Mina", "gold", RuleError)
Traceback (most recent call last):
companion.errors.RuleError: Mina: gold must be a whole number 0 or more
>>> read_json('{"gold": 10000001}', RuleError)
Traceback (most recent call last):
companion.errors.RuleError: number 10000001 is too big: a score input's numbers go up to 1000000
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

from .errors import RuleError
from .names import MAX_NAME, name_problem

MAX_NUMBER = 10**6
"""The largest whole number (either sign) a score input may hold: far above any real count,
small enough that sums and products stay cheap."""

NAME_REASONS = {"name.not_text": "not text",
                "name.control": "control, zero-width or unassigned characters",
                "name.empty": "empty", "name.invisible": "only spaces or combining marks",
                "name.too_long": f"more than {MAX_NAME} characters"}
"""Why a name cannot be drawn (``companion.names.name_problem``'s codes), in English."""


def read_json(text: str, error: type[RuleError]):
    """The JSON value of a score input, or ``error`` saying where it is malformed, that it is
    nested too deeply, or that a number is beyond MAX_NUMBER."""
    def number(literal: str) -> int:  # checked before int(): 4,301 digits would raise
        digits = len(literal.lstrip("-"))
        if digits > len(str(MAX_NUMBER)) or abs(int(literal)) > MAX_NUMBER:
            shown = literal if digits <= 20 else f"{literal[:12]}... ({digits} digits)"
            raise error(f"number {shown} is too big: a score input's numbers go up to "
                        f"{MAX_NUMBER}", code="score.too_big", high=MAX_NUMBER)
        return int(literal)

    try:
        return json.loads(text, parse_int=number)
    except json.JSONDecodeError as exc:
        raise error(f"malformed JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
                    code="score.json", line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise error("malformed JSON: nested too deeply", code="score.json_deep") from None


def check_table(players, game: str, low: int, high: int, error: type[RuleError]) -> None:
    """Between ``low`` and ``high`` players, each with a name of their own."""
    if not low <= len(players) <= high:
        raise error(f"{game} is scored for {low} to {high} players, not {len(players)}",
                    code="score.player_count", low=low, high=high, count=len(players))
    names = [p.name for p in players]
    if any(not n.strip() for n in names) or len(set(names)) != len(names):
        raise error("every player needs a name of their own", code="score.names")
    for n, name in enumerate(names, 1):
        problem = name_problem(name)
        if problem:
            raise error(f"player {n}: the name cannot be drawn ({NAME_REASONS[problem]})",
                        code="score.name", n=n, problem=problem)


@contextmanager
def about(*numbers: int) -> Iterator[None]:
    """A refusal raised inside is about the players ``numbers`` (1 = the first entered): its
    field ``whose``, unless it names them already, says whose entries would fix it."""
    try:
        yield
    except RuleError as exc:
        exc.fields.setdefault("whose", numbers)
        raise


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_count(value, who: str, field: str, error: type[RuleError]) -> None:
    """A whole number, 0 or more (True/False are not numbers here)."""
    if not _whole(value) or value < 0:
        raise error(f"{who}: {field} must be a whole number 0 or more", code="score.count",
                    who=who, field=field)


def read_record(p, n: int, fields: dict[str, type], make, error: type[RuleError]):
    """Player ``n``'s record from JSON: an object with a ``name`` and only ``fields``, each of
    its type (lists, of whole numbers, become tuples); ``make(**values)`` builds it."""
    if not isinstance(p, dict) or "name" not in p:
        raise error(f"player {n}: an object with at least a 'name'", code="score.json_player", n=n)
    unknown = set(p) - set(fields)
    if unknown:
        raise error(f"player {n}: unknown field {sorted(unknown)[0]!r}", code="score.json_field",
                    n=n, field=sorted(unknown)[0])
    for key, value in p.items():
        if not isinstance(value, fields[key]) or isinstance(value, bool) or (
                isinstance(value, list) and not all(_whole(v) for v in value)):
            raise error(f"player {n}: {key!r} has the wrong type", code="score.json_type", n=n,
                        field=key)
    return make(**{k: tuple(v) if isinstance(v, list) else v for k, v in p.items()})


def record_json(record) -> dict:
    """A player record (a dataclass) as JSON (tuples as lists, mappings as objects)."""
    return {k: list(v) if isinstance(v, tuple) else dict(v) if hasattr(v, "items") else v
            for k, v in record.__dict__.items()}
