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
