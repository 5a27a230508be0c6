"""Checks every final-score input shares: the number of players, their names, whole numbers.

>>> check_count(3, "Mina", "gold", ValueError)
>>> check_count(-1, "Mina", "gold", ValueError)
Traceback (most recent call last):
ValueError: Mina: gold must be a whole number 0 or more
"""

from __future__ import annotations


def check_table(players, game: str, low: int, high: int, error: type[Exception]) -> None:
    """Between ``low`` and ``high`` players, each with a name of their own."""
    if not low <= len(players) <= high:
        raise error(f"{game} is scored for {low} to {high} players, not {len(players)}")
    names = [p.name for p in players]
    if any(not n.strip() for n in names) or len(set(names)) != len(names):
        raise error("every player needs a name of their own")


def check_count(value, who: str, field: str, error: type[Exception]) -> None:
    """A whole number, 0 or more (True/False are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise error(f"{who}: {field} must be a whole number 0 or more")


def read_record(p, n: int, fields: dict[str, type], make, error: type[Exception]):
    """Player ``n``'s record from JSON: an object with a ``name`` and only ``fields``, each of
    its type (lists become tuples); ``make(**values)`` builds it."""
    if not isinstance(p, dict) or "name" not in p:
        raise error(f"player {n}: an object with at least a 'name'")
    unknown = set(p) - set(fields)
    if unknown:
        raise error(f"player {n}: unknown field {sorted(unknown)[0]!r}")
    for key, value in p.items():
        if not isinstance(value, fields[key]) or isinstance(value, bool):
            raise error(f"player {n}: {key!r} has the wrong type")
    return make(**{k: tuple(v) if isinstance(v, list) else v for k, v in p.items()})


def record_json(record) -> dict:
    """A player record (a dataclass) as JSON (tuples as lists, mappings as objects)."""
    return {k: list(v) if isinstance(v, tuple) else dict(v) if hasattr(v, "items") else v
            for k, v in record.__dict__.items()}
