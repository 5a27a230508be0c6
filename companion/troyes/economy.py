"""Troyes bookkeeping the table gets wrong (RULES.md §2): rounds, start player, income and wages,
passing, influence.

>>> pay_wages(deniers=3, bishopric=2, palace=1)
Wages(due=4, paid=4, deniers=9, short=False, vp=0)
>>> pay_wages(deniers=0, bishopric=4, palace=4)
Wages(due=12, paid=10, deniers=0, short=True, vp=-2)
>>> [pass_income(n) for n in range(3)]
[2, 1, 1]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalDecision

ROUNDS = {2: 4, 3: 5, 4: 6}
MIN_PLAYERS, MAX_PLAYERS = min(ROUNDS), max(ROUNDS)
START_DENIERS, START_INFLUENCE, MAX_INFLUENCE = 5, 4, 20
START_CITIZENS = {2: 6, 3: 5, 4: 4}
MAX_CITIZENS = 12
INCOME = 10
WAGE = {"town_hall": 0, "bishopric": 1, "palace": 2}
SHORTFALL_VP = -2
FIRST_PASS, LATER_PASS = 2, 1


def rounds(players: int) -> int:
    """Rounds in a game: 6 with 4 players, 5 with 3, 4 with 2."""
    if players not in ROUNDS:
        raise IllegalDecision(f"Troyes is for {MIN_PLAYERS} to {MAX_PLAYERS} players",
                              code="troyes.players", low=MIN_PLAYERS, high=MAX_PLAYERS)
    return ROUNDS[players]


def start_player(first: int, round_number: int, players: int) -> int:
    """The start player of a round: the start-player card passes left after every round."""
    return (first - 1 + round_number - 1) % players + 1


@dataclass(frozen=True)
class Wages:
    due: int
    paid: int
    deniers: int  # after income and wages
    short: bool
    vp: int  # 0, or -2 for a player who could not pay everything


def pay_wages(deniers: int, bishopric: int, palace: int) -> Wages:
    """Income (10 deniers), then wages: 1 per own citizen in the Bishopric, 2 per citizen in
    the Palace, none in the Town Hall. Who cannot pay pays everything and loses 2 VP."""
    if min(deniers, bishopric, palace) < 0:
        raise IllegalDecision("deniers and citizens are 0 or more", code="troyes.wages_negative")
    money = deniers + INCOME
    due = bishopric * WAGE["bishopric"] + palace * WAGE["palace"]
    paid = min(due, money)
    short = paid < due
    return Wages(due, paid, money - paid, short, SHORTFALL_VP if short else 0)


def lose_vp(vp: int, loss: int) -> int:
    """VP after a loss: never below 0."""
    return max(0, vp - loss)


def pass_income(passes_before: int) -> int:
    """Deniers for passing: 2 the first time in a round, 1 at each later turn."""
    return FIRST_PASS if passes_before == 0 else LATER_PASS


def gain_influence(influence: int, gain: int) -> int:
    """Influence is capped at 20; the excess is lost."""
    return min(MAX_INFLUENCE, influence + gain)
