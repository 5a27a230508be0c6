"""The cathedral (seed 002, "2. 대성당을 건설합니다"): one space per pip 1-6, each three levels
high. A white die puts one cube of its player on the space of its pip, on the lowest level with
room ("각 주사위 눈금당, 아래 층이 채워지지 않으면 위층에 큐브를 놓을 수는 없습니다"); a pip
whose three levels are full takes no more. At the end, -2 VP per level without the player's cube.

>>> c = build(EMPTY, 1, (4, 4))
>>> build(c, 2, (4,))[3]
(1, 1, 2)
>>> levels(build(c, 2, (4,)), 2)
(3,)
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import IllegalDecision

PIPS = 6
LEVELS = 3
EMPTY: tuple[tuple[int, ...], ...] = ((),) * PIPS
"""Per pip (index pip - 1), the seats whose cubes stand there, the lowest level first."""


def build(cathedral: tuple[tuple[int, ...], ...], seat: int, pips: Iterable[int]):
    """The cathedral after ``seat`` put one cube per pip in ``pips``; IllegalDecision if a pip's
    three levels are full."""
    spaces = list(cathedral)
    for pip in pips:
        if len(spaces[pip - 1]) >= LEVELS:
            raise IllegalDecision(f"the cathedral's space {pip} is full (three levels)",
                                  code="troyes.cathedral_full", pip=pip)
        spaces[pip - 1] += (seat,)
    return tuple(spaces)


def levels(cathedral: tuple[tuple[int, ...], ...], seat: int) -> tuple[int, ...]:
    """The levels (1-3) holding at least one cube of ``seat``."""
    return tuple(sorted({level for space in cathedral
                         for level, owner in enumerate(space, start=1) if owner == seat}))


def full(cathedral: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The pips whose three levels are full."""
    return tuple(pip for pip, space in enumerate(cathedral, start=1) if len(space) >= LEVELS)
