"""English forms that follow a number: a noun's singular or plural, and an ordinal.

A message names the forms in its count field's format spec: ``{n} black {n:die|dice}`` (the
first form for one, the second for any other count: 0 dice, 2 dice, 1.5 dice), and
``{n:ordinal}`` for 1st, 2nd, 3rd, 4th, 11th, 21st. Korean counts need neither.

>>> plural(1, "die|dice"), plural(2, "die|dice"), plural(0, "card|cards")
('die', 'dice', 'cards')
>>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
"""

from __future__ import annotations

ORDINAL = "ordinal"
SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def is_plural_spec(spec: str) -> bool:
    """Whether a format spec names a noun's two forms (``one|other``)."""
    return spec.count("|") == 1


def _number(value) -> float | None:
    try:
        return float(str(value).replace(",", ""))
    except ValueError:
        return None


def plural(value, spec: str) -> str:
    """The form of ``spec`` (``singular|plural``) that follows ``value``."""
    one, other = spec.split("|")
    number = _number(value)
    return one if number is not None and abs(number) == 1 else other


def ordinal(value) -> str:
    """``value`` as an English ordinal (1st, 2nd, 3rd, 4th…); a value that is not a whole
    number is said as it is."""
    number = _number(value)
    if number is None or number != int(number):
        return str(value)
    n = int(number)
    suffix = "th" if n % 100 in (11, 12, 13) else SUFFIXES.get(n % 10, "th")
    return f"{n}{suffix}"
