"""Where citizens may stand (seed 002): the starting placement and the limits that hold all
game. Each building (Town Hall, Bishopric, Palace) has 6 spaces (the board's picture, not in
the seed's text: board.json); a player has at most 12 citizens ("각 플레이어는 게임 중 시민 말을
최대 12개까지만 가질 수 있습니다"); the starting citizens are 4/5/6 with 4/3/2 players, and after
the placement the neutral citizens fill the spaces left ("시작 배치가 끝난 후에 회색 중립 시민을
각 건물의 남아있는 빈칸에 놓습니다"), with 2 players placed before the players' own.

>>> fill_neutral(((2, 2, 1), (1, 1, 3), (2, 2, 1)))
(1, 1, 1)
>>> check_placement(3, ((2, 2, 1), (1, 1, 3), (2, 2, 1)), (1, 1, 1), complete=True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..data import package_json
from ..errors import IllegalDecision
from .economy import MAX_CITIZENS, START_CITIZENS

# The buildings citizens stand in, by the colour of the dice they give (yellow, white, red);
# the names are also the catalogue's (troyes.town_hall, ...).
BUILDINGS = ("town_hall", "bishopric", "palace")


@cache
def board() -> dict:
    """The board facts the seed's text does not give (board.json, flagged ``in_seeds: false``)."""
    return package_json(__package__, "board.json")


def building_spaces() -> int:
    return board()["building_spaces"]


def neutral_first(players: int) -> tuple[int, int, int]:
    """The neutral citizens placed before the players' own: with 2 players only."""
    return tuple(board()["two_player_neutral_first"]) if players == 2 else (0, 0, 0)


def occupancy(citizens: Sequence[Sequence[int]], neutral: Sequence[int]) -> tuple[int, ...]:
    """Citizens standing in each building, the players' and the neutral ones."""
    return tuple(sum(c[b] for c in citizens) + neutral[b] for b in range(len(BUILDINGS)))


def fill_neutral(citizens: Sequence[Sequence[int]]) -> tuple[int, int, int]:
    """The neutral citizens after the placement: every space the players left."""
    return tuple(building_spaces() - n for n in occupancy(citizens, (0, 0, 0)))


def check_most(seat: int, citizens: int) -> None:
    """IllegalDecision if player ``seat`` would have more than 12 citizens."""
    if citizens > MAX_CITIZENS:
        raise IllegalDecision(f"a player has at most {MAX_CITIZENS} citizens",
                              code="troyes.citizens_max", seat=seat, most=MAX_CITIZENS)


def check_placement(players: int, citizens: Sequence[Sequence[int]], neutral: Sequence[int],
                    complete: bool = False) -> None:
    """IllegalDecision unless every count is 0 or more, no player has more than 12 citizens
    and no building more than its spaces; ``complete``: also a finished starting placement
    (each player's starting citizens, the neutral ones filling the rest)."""
    if min(min(c) for c in (*citizens, neutral)) < 0:
        raise IllegalDecision("citizens cannot be negative", code="troyes.citizens_negative")
    for seat, counts in enumerate(citizens, start=1):
        check_most(seat, sum(counts))
    for building, n in enumerate(occupancy(citizens, neutral)):
        if n > building_spaces():
            raise IllegalDecision(f"a building has {building_spaces()} spaces",
                                  code="troyes.building_full", building=building,
                                  spaces=building_spaces())
    if not complete:
        return
    start = START_CITIZENS[players]
    for seat, counts in enumerate(citizens, start=1):
        if sum(counts) != start:
            raise IllegalDecision(f"each player starts with {start} citizens",
                                  code="troyes.setup_count", seat=seat, n=start)
    if tuple(neutral) != fill_neutral(citizens):
        raise IllegalDecision("the neutral citizens fill the spaces left",
                              code="troyes.setup_neutral")
