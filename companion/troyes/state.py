"""A Troyes game's state and decisions (RULES.md §2), as immutable values: the setup, each
player's purse and citizens, the dice on the board, the phase of the round and whose turn it is.

Decisions that name several dice (``Act``, ``Defend``, ``Flip``) keep their ids in increasing
order: a choice of dice, whatever order they were tapped in, is one decision.

>>> Act(1, (7, 2), FARMING).dice
(2, 7)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalDecision
from ..rng import Seed, as_seed
from . import defence as defence_rules
from .dice import WHITE, YELLOW, Die
from .economy import START_DENIERS, START_INFLUENCE, Wages, pay_wages, rounds, start_player

INCOME, EVENTS, DEFENCE, ACTIONS, OVER = "income", "events", "defence", "actions", "over"
FARMING, CATHEDRAL, EVENT, CARD, CITIZEN = "farming", "cathedral", "event", "card", "citizen"
KINDS = (FARMING, CATHEDRAL, EVENT, CARD, CITIZEN)
KIND_COLOUR = {FARMING: YELLOW, CATHEDRAL: WHITE}  # events and cards take any one colour
DIVIDED = (EVENT, CARD)  # the kinds whose pips are divided by the number printed on the card
DIVISORS = (2, 3, 4, 5, 6)  # the divisors the board offers (any whole number >= 1 is accepted)
MAX_BLACK = 12  # black dice the events may add in one round, as the board always allowed
RULES = 2
"""The rulebook reading new games are played by. 2: a player who passed only passes, and a
defender whose own dice reach the black die must defend (seed 002). Games kept before (rules 1,
configs without ``rules``) replay as they were played: those two were not enforced then."""


@dataclass(frozen=True)
class TroyesSetup:
    players: int
    citizens: tuple[tuple[int, int, int], ...]  # per seat: Town Hall, Bishopric, Palace
    neutral: tuple[int, int, int] = (0, 0, 0)
    first: int = 1  # the first start player
    rules: int = RULES  # the reading of the rulebook this game is played (and replayed) by

    def __post_init__(self):
        rounds(self.players)  # 2 to 4 players
        if len(self.citizens) != self.players:
            raise IllegalDecision("give the citizens of every player",
                                  code="troyes.setup_citizens", players=self.players)
        if not 1 <= self.first <= self.players:
            raise IllegalDecision(f"the start player is a seat 1..{self.players}",
                                  code="troyes.setup_first", players=self.players)


def assumed_placement(players: int) -> tuple[tuple[tuple[int, int, int], ...],
                                             tuple[int, int, int]]:
    """What the device assumes before the table enters the starting placement (corrected on
    the citizens screen): one citizen of each player in each building, and with 2 players one
    neutral citizen in each building (they are placed before the players' own)."""
    rounds(players)
    return ((1, 1, 1),) * players, (1, 1, 1) if players == 2 else (0, 0, 0)


@dataclass(frozen=True)
class PlayerState:
    citizens: tuple[int, int, int]
    deniers: int = START_DENIERS
    vp: int = 0
    influence: int = START_INFLUENCE
    passes: int = 0  # passes this round (the first pays 2, later ones 1; after it, only passes)


# --- decisions ---------------------------------------------------------------------------------

def _sort_dice(decision) -> None:
    object.__setattr__(decision, "dice", tuple(sorted(decision.dice)))


@dataclass(frozen=True)
class CollectIncome:
    """Everyone takes 10 deniers and pays wages; then the dice are rolled."""


@dataclass(frozen=True)
class BlackDice:
    """The events revealed this round add ``count`` black dice (0: none)."""
    count: int


@dataclass(frozen=True)
class Defend:
    """Own dice (ids) against black dice defeated together: ``black`` are places in the black
    dice left, highest first (0, the highest, must be among them; any others may join). A
    number ``k`` (how sessions stored before issue 17 said it) is the ``k`` highest."""
    seat: int
    dice: tuple[int, ...]  # die ids from the defender's own district
    black: tuple[int, ...]  # places among the black dice left (0: the highest)

    def __post_init__(self):
        _sort_dice(self)
        black = tuple(range(self.black)) if isinstance(self.black, int) else self.black
        object.__setattr__(self, "black", tuple(sorted(black)))


@dataclass(frozen=True)
class Fail:
    seat: int


@dataclass(frozen=True)
class Act:
    """Use 1-3 dice of one colour (ids) for an action; ``divisor`` for events and cards (the
    number printed on the card; 0 for the other actions)."""
    seat: int
    dice: tuple[int, ...]
    kind: str
    divisor: int = 0

    def __post_init__(self):
        _sort_dice(self)


@dataclass(frozen=True)
class Pass:
    seat: int


@dataclass(frozen=True)
class Reroll:
    seat: int
    die: int


@dataclass(frozen=True)
class Flip:
    seat: int
    dice: tuple[int, ...]

    def __post_init__(self):
        _sort_dice(self)


@dataclass(frozen=True)
class Citizens:
    """A player's citizens after placing or losing some (Town Hall, Bishopric, Palace)."""
    seat: int
    town_hall: int
    bishopric: int
    palace: int


@dataclass(frozen=True)
class Neutral:
    """The neutral citizens after some were placed or bumped (Town Hall, Bishopric, Palace)."""
    town_hall: int
    bishopric: int
    palace: int


@dataclass(frozen=True)
class Adjust:
    """What the device does not compute: event rewards, card effects, a citizen taken from the
    supply for 2 influence (with ``Citizens``)... added to a player's deniers, VP, influence."""
    seat: int
    deniers: int = 0
    vp: int = 0
    influence: int = 0


Decision = CollectIncome | BlackDice | Defend | Fail | Act | Pass | Reroll | Flip | Citizens \
    | Neutral | Adjust


# --- state -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Troyes:
    setup: TroyesSetup
    seed: Seed
    players: tuple[PlayerState, ...]
    round: int = 1
    phase: str = INCOME
    neutral: tuple[int, int, int] | None = None  # None: as set up
    dice: tuple[tuple[int, Die], ...] = ()  # (id, die) on the board, players' and neutral
    black: tuple[Die, ...] = ()
    defence: defence_rules.DefenceState | None = None
    turn: int = 0  # actions taken or passed this round (the actor is start + turn, leftwards)
    passes_in_a_row: int = 0
    rerolls: int = 0  # chance steps this round (each reroll draws from its own stream)
    last: tuple[str, ...] = ()  # what the last decision did, for the screens

    @property
    def start_player(self) -> int:
        return start_player(self.setup.first, self.round, self.setup.players)

    @property
    def actor(self) -> int | None:
        """Who acts now: the defender, or the player whose action turn it is."""
        if self.phase == DEFENCE:
            return self.defence.defender
        if self.phase == ACTIONS:
            return (self.start_player - 1 + self.turn) % self.setup.players + 1
        return None

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @property
    def neutral_citizens(self) -> tuple[int, int, int]:
        return self.neutral if self.neutral is not None else self.setup.neutral

    def die(self, die_id: int) -> Die:
        return find_die(self.dice, die_id)

    def district(self, owner: int | None) -> tuple[tuple[int, Die], ...]:
        return tuple((i, d) for i, d in self.dice if d.owner == owner)


def find_die(dice: tuple[tuple[int, Die], ...], die_id: int) -> Die:
    """The die with id ``die_id`` among ``dice`` ((id, die) pairs), or IllegalDecision."""
    for i, d in dice:
        if i == die_id:
            return d
    raise IllegalDecision(f"no die {die_id} on the board", code="troyes.no_die", die=die_id)


def start(setup: TroyesSetup, seed: int | Seed) -> Troyes:
    return Troyes(setup, as_seed(seed), tuple(PlayerState(tuple(c)) for c in setup.citizens))


def wages(state: Troyes) -> tuple[Wages, ...]:
    """This round's income and wages for each player (who will fall short is flagged)."""
    return tuple(pay_wages(p.deniers, p.citizens[1], p.citizens[2]) for p in state.players)
