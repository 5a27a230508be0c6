"""A game's rulebook readings (Troyes and Tiletum ``readings.py``): the values its engine is
built with, numbered as a session's config stores them (``rules``), oldest first.

``readings[number]`` is the one place a stored number becomes a reading; a number the app does
not know (a game kept by a newer version, a damaged config) is refused, never played by another
reading.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo:
...     number: int
>>> demo = Readings("Demo", Demo(1), Demo(2))
>>> demo[2], demo.oldest, demo.current
(Demo(number=2), Demo(number=1), Demo(number=2))
>>> demo[3]
Traceback (most recent call last):
companion.errors.IllegalDecision: this app knows no Demo rulebook reading 3 (it knows 1, 2)
"""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from .errors import IllegalDecision


class Numbered(Protocol):
    number: int  # what a session's config stores as ``rules``


R = TypeVar("R", bound=Numbered)


class Readings(Generic[R]):
    """A game's readings: ``all`` oldest first; ``oldest`` (what a config kept without
    ``rules`` was played by), ``current`` (what new games are played by)."""

    def __init__(self, game: str, *readings: R):
        self.game, self.all = game, readings
        self._by_number = {r.number: r for r in readings}
        self.oldest, self.current = readings[0], readings[-1]

    def __getitem__(self, number: int) -> R:
        """The reading a config's ``rules`` names; refused (``session.unknown_reading``) if
        the app does not know it."""
        found = self._by_number.get(number) if type(number) is int else None
        if found is None:
            known = ", ".join(str(r.number) for r in self.all)
            raise IllegalDecision(f"this app knows no {self.game} rulebook reading {number!r} "
                                  f"(it knows {known})", code="session.unknown_reading",
                                  game=self.game, rules=str(number))
        return found
