"""Words that follow a number: an English noun's singular or plural, and ordinals.

A message names the form in its count field's format spec: ``{n} black {n:die|dice}`` (the
first form for one, the second for any other count: 0 dice, 2 dice, 1.5 dice); ``{n:ordinal}``
for 1st, 2nd, 3rd, 4th, 11th, 21st; in Korean ``{n:번째}`` for 첫 번째, 두 번째 … 열 번째, as a
person writes them, then 11번째 (Korean nouns have no plural).

>>> plural(1, "die|dice"), plural(2, "die|dice"), plural(0, "card|cards")
('die', 'dice', 'cards')
>>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
>>> [korean_ordinal(n) for n in (1, 2, 3, 4, 8, 10, 11)]
['첫 번째', '두 번째', '세 번째', '네 번째', '여덟 번째', '열 번째', '11번째']
"""

from __future__ import annotations

ORDINAL, KOREAN_ORDINAL = "ordinal", "번째"
SUFFIXES = {1: "st", 2: "nd", 3: "rd"}
# The native numbers an ordinal is said with (첫 번째 … 열 번째); above ten the digits are read.
KOREAN = dict(enumerate("첫 두 세 네 다섯 여섯 일곱 여덟 아홉 열".split(), start=1))


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


def korean_ordinal(value) -> str:
    """``value`` as a Korean ordinal: 첫 번째 … 열 번째, then 11번째."""
    number = _number(value)
    if number is not None and number == int(number) and int(number) in KOREAN:
        return f"{KOREAN[int(number)]} 번째"
    return f"{value}번째"
