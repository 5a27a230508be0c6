"""A Troyes game's state and decisions (RULES.md §2), as immutable values: the setup, each
player's purse and citizens, the dice on the board, the phase of the round and whose turn it is.

Decisions that name several dice (``Act``, ``Defend``, ``Flip``) keep their ids in increasing
order: a choice of dice, whatever order they were tapped in, is one decision.

>>> Act(1, (7, 2), FARMING).dice
(2, 7)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import IllegalDecision
from ..frozen import replace
from ..rng import Seed, as_seed
from . import cathedral as cathedral_rules
from . import defence as defence_rules
from .dice import WHITE, YELLOW, Die
from .economy import (START_CITIZENS, START_DENIERS, START_INFLUENCE, Wages, pay_wages, rounds,
                      start_player)
from .events import EventCard
from .log import Line
from .placement import check_placement, neutral_first
from . import readings
from .readings import MAX_BLACK, Reading  # noqa: F401 (MAX_BLACK: with the state's other limits)

PLACEMENT, INCOME, EVENTS, DEFENCE, ACTIONS, OVER = (
    "placement", "income", "events", "defence", "actions", "over")
FARMING, CATHEDRAL, EVENT, CARD, CITIZEN = "farming", "cathedral", "event", "card", "citizen"
KINDS = (FARMING, CATHEDRAL, EVENT, CARD, CITIZEN)
KIND_COLOUR = {FARMING: YELLOW, CATHEDRAL: WHITE}  # events and cards take any one colour
DIVIDED = (EVENT, CARD)  # the kinds whose pips are divided by the number printed on the card
DIVISORS = (2, 3, 4, 5, 6)  # the divisors the board offers (any whole number >= 1 is accepted)


@dataclass(frozen=True)
class TroyesSetup:
    """How a game is set up, and the rulebook reading it is played by: ``rules`` (stored in the
    config) names the ``reading`` the engine asks (readings.py)."""
    players: int
    citizens: tuple[tuple[int, int, int], ...]  # per seat: Town Hall, Bishopric, Palace
    neutral: tuple[int, int, int] = (0, 0, 0)
    first: int = 1  # the first start player
    rules: int = readings.CURRENT.number
    scores_shown: bool = False  # the table's house rule: everyone's VP shown during play
    reading: Reading = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "reading", readings.READINGS[self.rules])
        rounds(self.players)  # 2 to 4 players
        if len(self.citizens) != self.players:
            raise IllegalDecision("give the citizens of every player",
                                  code="troyes.setup_citizens", players=self.players)
        if not 1 <= self.first <= self.players:
            raise IllegalDecision(f"the start player is a seat 1..{self.players}",
                                  code="troyes.setup_first", players=self.players)
        if self.reading.tracks_board and not self.placing:  # a finished placement at once
            check_placement(self.players, self.citizens, self.neutral, complete=True)

    @property
    def secret(self) -> bool:
        """Whether each player's VP are their own until the end (a reading with secret scores,
        and no house rule showing them)."""
        return self.reading.secret_scores and not self.scores_shown

    @property
    def placing(self) -> bool:
        """Whether the game opens with the starting placement, citizen by citizen (a reading
        that tracks the board, and no citizen placed yet)."""
        return self.reading.tracks_board and not any(map(any, self.citizens))


def assumed_placement(players: int) -> tuple[tuple[tuple[int, int, int], ...],
                                             tuple[int, int, int]]:
    """What a new game starts from: no player's citizen placed yet (they are placed one by one
    in snake order, the ``Place`` decision), and with 2 players the neutral citizens placed
    first (seed 002: "2인 게임 ... 회색 중립 시민을 먼저 배치")."""
    rounds(players)
    return ((0, 0, 0),) * players, neutral_first(players)


@dataclass(frozen=True)
class PlayerState:
    citizens: tuple[int, int, int]
    deniers: int = START_DENIERS
    vp: int | None = 0  # None in a view that may not know them (secret scores)
    influence: int = START_INFLUENCE
    passes: int = 0  # passes this round (the first pays 2, later ones 1; after it, only passes)
    supply: int = 0  # citizens in the player's own supply (a reading that keeps it)


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
    number printed on the card; 0 for the other actions; for a tracked event card, 0 or its
    own). From rules 3: ``event``, the id of the event card fought; for a citizen, ``bumped``
    (whose citizen the new one pushed out of the building: a seat, 0 neutral, -1 nobody) and
    ``origin`` (the building the citizen was moved from, 0-2, or -1: from the player's
    supply)."""
    seat: int
    dice: tuple[int, ...]
    kind: str
    divisor: int = 0
    event: int = 0
    bumped: int = -1
    origin: int = -1

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
class Place:
    """Starting placement (rules 3): the player whose turn it is puts one citizen in a
    building (0 Town Hall, 1 Bishopric, 2 Palace)."""
    seat: int
    building: int


@dataclass(frozen=True)
class Placement:
    """Every player's citizens and the neutral ones at once (rules 3: a correction checked
    against the limits as a whole, so citizens can move between players)."""
    citizens: tuple[tuple[int, int, int], ...]
    neutral: tuple[int, int, int]

    def __post_init__(self):
        object.__setattr__(self, "citizens", tuple(tuple(c) for c in self.citizens))


@dataclass(frozen=True)
class RevealEvent:
    """An event card revealed (rules 3), as printed: the dice colour that fights it, its
    divisor, flags, first and second score; ``plunder`` for the Plunder (약탈). From rules 6:
    ``deck``, the pile it came from (red, white, yellow; "" not said) and ``black``, the black
    dice a military event shows."""
    colour: str
    divisor: int
    flags: int
    first: int
    second: int
    plunder: bool = False
    deck: str = ""
    black: int = 0


@dataclass(frozen=True)
class Cubes:
    """Cubes put on an event card other than by an event action: ``owner`` 0 for neutral
    cubes (card effects), or a seat (military action cards)."""
    event: int
    owner: int
    count: int


@dataclass(frozen=True)
class Adjust:
    """What the device does not compute: event rewards, card effects, a citizen taken from the
    supply for 2 influence (with ``Citizens``)... added to a player's deniers, VP, influence
    and (a reading that keeps it) the citizens in their own supply: a worker hired from it."""
    seat: int
    deniers: int = 0
    vp: int = 0
    influence: int = 0
    supply: int = 0


@dataclass(frozen=True)
class Look:
    """A player looked at their own VP (a reading with secret scores), identified only by
    holding their name on a touch-only table: recorded and announced, as in Citadels."""
    seat: int


Decision = CollectIncome | BlackDice | Defend | Fail | Act | Pass | Reroll | Flip | Citizens \
    | Neutral | Adjust | Place | Placement | RevealEvent | Cubes | Look


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
    # kept where the reading tracks the board (empty otherwise):
    cathedral: tuple[tuple[int, ...], ...] = cathedral_rules.EMPTY  # seats per pip, low first
    events: tuple[EventCard, ...] = ()  # the event cards on the table, left to right
    cards: int = 0  # event cards entered so far (the next one's id is cards + 1)
    reveals: int = 0  # cards entered this round as asked when revealed (rules 6: reveals.py)
    bumped: tuple[tuple[int, int], ...] = ()  # (building, owner) pushed out this round
    placed: int = 0  # citizens placed in the starting placement so far
    log: tuple[Line, ...] = ()  # what the last decisions did, newest last (LOG_LENGTH)

    @property
    def start_player(self) -> int:
        return start_player(self.setup.first, self.round, self.setup.players)

    @property
    def actor(self) -> int | None:
        """Who acts now: the player placing a citizen, the defender, or the player whose
        action turn it is."""
        if self.phase == PLACEMENT:
            return placement_order(self.setup)[self.placed]
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
    """The game before its first decision: a reading that keeps the own supply puts each
    player's starting citizens in it, to be placed ("가져온 시민 말은 자신의 앞, 개인 창고에
    놓습니다")."""
    supply = START_CITIZENS[setup.players] \
        if setup.placing and setup.reading.citizens_cost_influence else 0
    return Troyes(setup, as_seed(seed),
                  tuple(PlayerState(tuple(c), supply=supply) for c in setup.citizens),
                  phase=PLACEMENT if setup.placing else INCOME)


def with_player(state: Troyes, seat: int, **changes) -> Troyes:
    """``state`` with player ``seat``'s state changed."""
    players = list(state.players)
    players[seat - 1] = replace(players[seat - 1], **changes)
    return replace(state, players=tuple(players))


def spend_influence(state: Troyes, seat: int, cost: int) -> Troyes:
    """``state`` with ``cost`` influence paid by ``seat``; IllegalDecision if they lack it."""
    p = state.players[seat - 1]
    if p.influence < cost:
        raise IllegalDecision(f"that needs {cost} influence", code="troyes.influence", cost=cost,
                              influence=p.influence)
    return with_player(state, seat, influence=p.influence - cost)


def placement_order(setup: TroyesSetup) -> tuple[int, ...]:
    """Who places each starting citizen (seed 002, 시작 배치): the start player round to the
    last, then back from the last to the start player, and so on (snake order)."""
    seats = [(setup.first - 1 + k) % setup.players + 1 for k in range(setup.players)]
    order: list[int] = []
    for lap in range(START_CITIZENS[setup.players]):
        order += seats if lap % 2 == 0 else seats[::-1]
    return tuple(order)


def wages(state: Troyes) -> tuple[Wages, ...]:
    """This round's income and wages for each player (who will fall short is flagged)."""
    return tuple(pay_wages(p.deniers, p.citizens[1], p.citizens[2]) for p in state.players)
