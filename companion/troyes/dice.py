"""Troyes dice (RULES.md §2): who rolls what, what bought dice cost, what dice give, and the
defence against black dice. Pure functions over immutable values; chance only from an Rng.

>>> from companion.rng import Rng
>>> board = roll_board(town_hall=(2, 1), bishopric=(1, 1), palace=(0, 1), neutral=(1, 1, 1),
...                    black=2, rng=Rng(7))
>>> [len(board.district(s)) for s in (1, 2)], len(board.neutral), len(board.black)
([3, 3], 3, 2)
>>> price([Die(YELLOW, 4, 2), Die(YELLOW, 5, None)], buyer=1)
{2: 4, None: 4}
>>> farming([Die(YELLOW, 4, 1), Die(YELLOW, 5, 1)])
4
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ..errors import IllegalDecision
from ..rng import Rng

YELLOW, WHITE, RED, BLACK = "yellow", "white", "red", "black"
COLOURS = (YELLOW, WHITE, RED)  # by building: Town Hall, Bishopric, Palace
PRICE_PER_DIE = {1: 2, 2: 4, 3: 6}  # deniers for each bought die, by dice in the action
MAX_ACTION_DICE = 3


@dataclass(frozen=True, order=True)
class Die:
    """One die: its colour, its pip, and whose district it lies in (a seat, or None for the
    neutral district; black dice belong to nobody)."""

    colour: str
    pip: int
    owner: int | None = None

    @property
    def defence_value(self) -> int:
        """What it counts for against a black die: red dice count double."""
        return self.pip * 2 if self.colour == RED else self.pip

    def flipped(self) -> "Die":
        """The die turned over (influence): 7 - pip."""
        return Die(self.colour, 7 - self.pip, self.owner)


@dataclass(frozen=True)
class Board:
    """Every die on the table after a roll."""

    players: tuple[tuple[Die, ...], ...]  # each player's district, seat order
    neutral: tuple[Die, ...]
    black: tuple[Die, ...]

    def district(self, seat: int) -> tuple[Die, ...]:
        return self.players[seat - 1]


def _check_counts(name: str, counts: Sequence[int]) -> None:
    if any(not isinstance(n, int) or n < 0 for n in counts):
        raise IllegalDecision(f"{name}: citizens must be whole numbers 0 or more",
                              code="troyes.roll_citizens")


def roll_board(town_hall: Sequence[int], bishopric: Sequence[int], palace: Sequence[int],
               neutral: Sequence[int], black: int, rng: Rng) -> Board:
    """Each player rolls 1 yellow die per own citizen in the Town Hall, 1 white per citizen in
    the Bishopric, 1 red per citizen in the Palace; the neutral citizens likewise (``neutral``
    in Town Hall, Bishopric, Palace order); then the black dice. Lists are in seat order."""
    if not len(town_hall) == len(bishopric) == len(palace) or not 2 <= len(town_hall) <= 4:
        raise IllegalDecision("give one number per player (2 to 4 players) for each building",
                              code="troyes.roll_players", low=2, high=4)
    if len(neutral) != 3:
        raise IllegalDecision("neutral citizens: three numbers (Town Hall, Bishopric, Palace)",
                              code="troyes.roll_neutral")
    for name, counts in (("town hall", town_hall), ("bishopric", bishopric),
                         ("palace", palace), ("neutral", neutral)):
        _check_counts(name, counts)
    if not isinstance(black, int) or black < 0:
        raise IllegalDecision("black dice: a whole number 0 or more", code="troyes.roll_black")

    def district(owner, counts):
        return tuple(Die(colour, rng.roll(), owner) for colour, n in zip(COLOURS, counts)
                     for _ in range(n))

    players = tuple(district(seat, counts) for seat, counts in
                    enumerate(zip(town_hall, bishopric, palace), start=1))
    return Board(players, district(None, neutral),
                 tuple(Die(BLACK, rng.roll()) for _ in range(black)))


# --- actions -------------------------------------------------------------------------------------

def check_action(dice: Sequence[Die]) -> None:
    """An action uses 1 to 3 dice of one colour (never black)."""
    if not 1 <= len(dice) <= MAX_ACTION_DICE:
        raise IllegalDecision(f"an action uses 1 to {MAX_ACTION_DICE} dice",
                              code="troyes.dice_count", low=1, high=MAX_ACTION_DICE)
    colours = {d.colour for d in dice}
    if len(colours) != 1 or BLACK in colours:
        raise IllegalDecision("the dice of an action are all of one colour",
                              code="troyes.dice_colour")


def price(dice: Sequence[Die], buyer: int) -> dict[int | None, int]:
    """What ``buyer`` pays to each owner for the dice of one action (None = the bank, for
    neutral dice): 2 deniers per bought die in a 1-die action, 4 each in a 2-die action, 6 each
    in a 3-die action; own dice are free."""
    check_action(dice)
    each = PRICE_PER_DIE[len(dice)]
    out: dict[int | None, int] = {}
    for d in dice:
        if d.owner != buyer:
            out[d.owner] = out.get(d.owner, 0) + each
    return out


def farming(dice: Sequence[Die]) -> int:
    """Yellow dice at the Town Hall's farm: half the sum, rounded down, in deniers."""
    check_action(dice)
    return sum(d.pip for d in dice) // 2


def cathedral(dice: Sequence[Die]) -> list[tuple[int, int, int]]:
    """White dice at the cathedral: per die, (space pip, VP, influence): 1 VP and 1 influence
    for pips 1-3, 1 VP and 2 influence for 4-6."""
    check_action(dice)
    return [(d.pip, 1, 1 if d.pip <= 3 else 2) for d in dice]


def by_divisor(dice: Sequence[Die], divisor: int) -> int:
    """Event cubes, or action-card uses: the sum of pips divided by the card's divisor,
    rounded down (each event cube also gives 1 influence)."""
    check_action(dice)
    if not isinstance(divisor, int) or divisor < 1:
        raise IllegalDecision("the divisor on the card is a whole number of 1 or more",
                              code="troyes.divisor")
    return sum(d.pip for d in dice) // divisor


# --- influence on own dice ---------------------------------------------------------------------

REROLL_COST, FLIP_COST, CITIZEN_COST = 1, 4, 2
MAX_FLIPPED = 3


def reroll(die: Die, seat: int, rng: Rng) -> Die:
    """1 influence: roll one die of your own district again."""
    if die.owner != seat or die.colour == BLACK:
        raise IllegalDecision("influence works only on dice in your own district",
                              code="troyes.own_dice")
    return Die(die.colour, rng.roll(), die.owner)


def flip(dice: Sequence[Die], seat: int) -> tuple[Die, ...]:
    """4 influence: turn 1 to 3 dice of your own district over (7 - pip)."""
    if not 1 <= len(dice) <= MAX_FLIPPED:
        raise IllegalDecision(f"flip 1 to {MAX_FLIPPED} dice", code="troyes.flip_count", low=1,
                              high=MAX_FLIPPED)
    if any(d.owner != seat or d.colour == BLACK for d in dice):
        raise IllegalDecision("influence works only on dice in your own district",
                              code="troyes.own_dice")
    return tuple(d.flipped() for d in dice)


# --- defence against black dice -------------------------------------------------------------------

def defence_sum(dice: Sequence[Die]) -> int:
    """What ``dice`` count for together against black dice (red counting double)."""
    return sum(d.defence_value for d in dice)


def beats(dice: Sequence[Die], black: Sequence[Die]) -> bool:
    """Whether ``dice`` defeat the black dice together (their sum, red counting double,
    reaches the sum of the black pips)."""
    return bool(dice) and defence_sum(dice) >= sum(b.pip for b in black)


def defence_cost(dice: Sequence[Die]) -> tuple[int, int]:
    """How much a defence spends: fewer dice first, then less pip value (red counted double)."""
    return len(dice), defence_sum(dice)


def suggest_defence(own: Sequence[Die], black: Die) -> tuple[Die, ...] | None:
    """The cheapest set of the defender's own dice that beats ``black`` (``defence_cost``),
    or None if none does. The player may confirm it or choose others."""
    best = None
    for size in range(1, len(own) + 1):
        for combo in combinations(sorted(own), size):
            if beats(combo, (black,)) and (best is None or
                                           defence_cost(combo) < defence_cost(best)):
                best = combo
        if best is not None:
            return best  # no larger set is cheaper
    return None


def defence_order(start: int, players: int, black: Sequence[Die]) -> list[tuple[int, Die]]:
    """Who faces which black die when each defends one: the start player takes the highest,
    then the player to the left the next highest, and so on round the table."""
    ordered = sorted(black, key=lambda b: -b.pip)
    return [((start - 1 + i) % players + 1, b) for i, b in enumerate(ordered)]
