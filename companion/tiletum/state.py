"""A Tiletum game's setup, decisions and state (RULES.md §3), as immutable values: the
festival tiles (data), the setup, the decisions the table makes, each player's gold, resources
and bonus markers, the dice on the wheel, the corruption tokens and the king track."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..data import package_json
from ..errors import IllegalDecision
from ..frozen import replace
from ..rng import Seed, as_seed
from . import readings
from .king import KingResult, Track, start_track
from .scoring import festival_points
from .wheel import (ACTIONS, ROUNDS, START_GOLD, START_RESOURCES, Gain, TileDie, check_corruption,
                    check_players, corruption_tokens, round_dice, round_tokens, wheel_offset)

START, REVEAL, TAKE, KING, FESTIVAL, OVER = "start", "reveal", "take", "king", "festival", "over"
PASSES = 3
JOKER = "Joker"
KING_ACTION = "King"  # the wheel's King action (ACTIONS)
CHOSEN = ACTIONS[:-1]  # the actions a Joker may name and bonus markers may strengthen
MARKER_VALUES = (1, 2, 3)
MARKERS_PER_PLAYER = 5
BONUS_PHASES = (REVEAL, TAKE, KING)  # when a building can be completed: the action phase
KING_SPACES = (-10, 15)  # the king track's VP, leftmost to rightmost space
KING_STEPS = range(1, 7)  # King moves ``legal`` lists (any move of 1 space or more is legal)
SAMPLE_COUNTS = range(6)  # festival counts ``legal`` lists (any count 0 or more is legal)


# --- festival tiles (data) ----------------------------------------------------------------------

@cache
def festival_data() -> dict[str, Any]:
    return package_json(__package__, "festivals.json")


def festival_tiles() -> dict[str, dict[str, Any]]:
    """The 11 festival tiles by id (criterion in Korean and English; ``king_track`` flag)."""
    return {t["id"]: t for t in festival_data()["tiles"]}


@dataclass(frozen=True)
class Festival:
    """One festival as set up: its tile (criterion), the tile's VP and the board's VP beside it.
    Festival 1 is always in Tiletum; festivals 2-4 in the cities with those order tokens."""
    tile: str
    tile_vp: int
    board_vp: int

    @property
    def king_track(self) -> bool:
        return bool(festival_tiles()[self.tile].get("king_track"))

    @property
    def counts(self) -> tuple[int, int | None]:
        """The lowest and highest ``count`` a player may report (None: no highest): how often
        they meet the criterion, 0 or more; the king-track tile: their space's VP."""
        return KING_SPACES if self.king_track else (0, None)

    def points(self, eligible: bool, count: int) -> int:
        """A player's points: (board + tile VP) x count, or board + tile + their king-track
        space's VP (``count``) for the king-track tile; 0 if they do not take part."""
        return festival_points(self.board_vp, self.tile_vp, count, eligible,
                               king_track=self.king_track, king_space_vp=count)


def default_festivals() -> tuple[Festival, ...]:
    data = festival_data()
    ids = [t["id"] for t in data["tiles"] if not t.get("king_track")]
    return tuple(Festival(ids[i], data["tile_vp_default"], data["board_vp_default"][i])
                 for i in range(ROUNDS))


DEFAULT_FESTIVALS = default_festivals()


@dataclass(frozen=True)
class TiletumSetup:
    """How a game is set up, and the rulebook reading it is played by: ``rules`` (stored in the
    config) names the ``reading`` the engine asks (readings.py)."""
    players: int
    order: tuple[int, ...]  # seats in the first turn order
    festivals: tuple[Festival, ...]
    corruption: tuple[int, ...] = field(default_factory=corruption_tokens)
    rules: int = readings.CURRENT.number
    reading: readings.Reading = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "reading", readings.READINGS[self.rules])
        check_players(self.players)
        check_order(self.order, self.players)
        if self.reading.order_follows_seats and self.order != round_the_table(
                self.order[0], self.players):
            raise IllegalDecision("the first turn order goes round the table from the first "
                                  "player", code="tiletum.setup.round_the_table",
                                  first=self.order[0])
        if len(self.festivals) != ROUNDS:
            raise IllegalDecision(f"{ROUNDS} festivals, one per round",
                                  code="tiletum.setup.festivals", n=ROUNDS)
        tiles = festival_tiles()
        if any(f.tile not in tiles for f in self.festivals):
            raise IllegalDecision("a festival tile that is not in the game",
                                  code="tiletum.setup.tile")
        if len({f.tile for f in self.festivals}) != ROUNDS:
            raise IllegalDecision("four different festival tiles",
                                  code="tiletum.setup.same_tile", n=ROUNDS)
        if any(f.tile_vp < 0 or f.board_vp < 0 for f in self.festivals):
            raise IllegalDecision("festival VP cannot be negative",
                                  code="tiletum.setup.negative_vp")
        check_corruption(self.corruption)


def round_the_table(first: int, players: int) -> tuple[int, ...]:
    """The seats from ``first`` clockwise (seat order): seed 004's first turn order, "첫 번째
    플레이어의 시계방향으로 다음 플레이어가 두 번째 플레이어가 됩니다".

    >>> round_the_table(3, 4)
    (3, 4, 1, 2)
    """
    return tuple((first - 1 + i) % players + 1 for i in range(players))


def check_order(order, players: int) -> None:
    """Every seat once; the refusal names the seats left out (``missing``, in seat order)."""
    if sorted(order) != list(range(1, players + 1)):
        missing = tuple(s for s in range(1, players + 1) if s not in order)
        raise IllegalDecision("the turn order names every seat once"
                              + (f" (missing: seats {missing})" if missing else ""),
                              code="tiletum.order", n=players, missing=missing)


# --- decisions ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Begin:
    """Everyone has their starting gold and resources: the first round's dice are rolled."""


@dataclass(frozen=True)
class Reveal:
    """The next corruption token is turned up: a pass begins."""


@dataclass(frozen=True)
class Take:
    """``seat`` takes die ``die`` after turning it ``steps`` pips (+ up, - down, 2 gold each);
    on the Joker wedge ``joker`` names the action they perform."""
    seat: int
    die: int
    steps: int = 0
    joker: str = ""


@dataclass(frozen=True)
class Bonus:
    """``seat`` completed a building: a bonus AP marker of ``value`` on ``action``."""
    seat: int
    action: str
    value: int


@dataclass(frozen=True)
class Gold:
    """The table says how much gold ``seat`` holds now (gold also comes and goes through
    actions the device does not follow: selling at the market, character tiles...)."""
    seat: int
    gold: int


@dataclass(frozen=True)
class King:
    """``seat``'s disc moves ``steps`` spaces right on the king track (the King action's AP, or
    a contract's or a tile's step), onto the top of any discs there, never past +15."""
    seat: int
    steps: int


@dataclass(frozen=True)
class TurnOrder:
    """The turn order after the king phase (seats, first to last). Under rules 3 it comes from
    the king track, and this decision scores the king phase."""
    order: tuple[int, ...]


@dataclass(frozen=True)
class FestivalScore:
    """Whether ``seat`` takes part in this round's festival and how often they meet its
    criterion (for the king-track tile: the VP of their king-track space)."""
    seat: int
    eligible: bool
    count: int = 0


Decision = Begin | Reveal | Take | Bonus | Gold | King | TurnOrder | FestivalScore


# --- state -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Taken:
    """A die taken this round and what it gave."""
    seat: int
    pass_number: int
    die: TileDie  # as taken (after any pip change)
    steps: int
    gold_paid: int
    gain: Gain
    # where the taker's disc went, (from, to) spaces, when the take performed the King action
    # under a reading whose King take moves the disc (None otherwise)
    disc: tuple[int, int] | None = None


@dataclass(frozen=True)
class KingTrack:
    """The king track as the device follows it (rules 3): where the discs are, each seat's VP
    from the king phases so far (seat order; the last round's 4 VP included), and each round's
    king phase."""
    track: Track
    vp: tuple[int, ...]
    phases: tuple[KingResult, ...] = ()


@dataclass(frozen=True)
class PlayerState:
    gold: int = 0  # as the device knows it: starting gold, dice taken and turned, reports
    markers: tuple[tuple[str, int], ...] = ()  # bonus AP markers (action, value)
    festival_vp: tuple[int, ...] = ()  # points at each festival so far

    def bonus(self, action: str) -> int:
        return sum(v for a, v in self.markers if a == action)


@dataclass(frozen=True)
class Tiletum:
    setup: TiletumSetup
    seed: Seed
    players: tuple[PlayerState, ...]
    order: tuple[int, ...]
    round: int = 1
    phase: str = START
    wheel: tuple[tuple[int, TileDie], ...] = ()  # (id, die) still on the wheel
    tokens: tuple[int, ...] = ()  # this round's corruption tokens, in reveal order (secret)
    revealed: int = 0  # tokens turned up this round = the pass under way
    turn: int = 0  # index in ``order`` of who acts (take and festival phases)
    takes: tuple[Taken, ...] = ()  # this round
    last: tuple[str, ...] = ()
    king: KingTrack | None = None  # None unless the reading follows the king track

    @property
    def offset(self) -> int:
        return wheel_offset(self.seed)

    @property
    def actor(self) -> int | None:
        if self.phase in (TAKE, FESTIVAL):
            return self.order[self.turn]
        return None

    @property
    def festival(self) -> Festival:
        return self.setup.festivals[self.round - 1]

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    def die(self, die_id: int) -> TileDie:
        for i, d in self.wheel:
            if i == die_id:
                return d
        raise IllegalDecision(f"no die {die_id} on the wheel", code="tiletum.no_die",
                              die=die_id)


def start(setup: TiletumSetup, seed: int | Seed) -> Tiletum:
    """Each player holds their starting gold (1/3/5/6 by the first turn order); where the
    reading follows the king track every disc is on its 0, the first player's at the bottom."""
    king = KingTrack(start_track(setup.order), (0,) * setup.players) \
        if setup.reading.follows_king_track else None
    return Tiletum(setup, as_seed(seed),
                   tuple(PlayerState(gold=START_GOLD[setup.order.index(seat)])
                         for seat in range(1, setup.players + 1)), tuple(setup.order),
                   king=king)


@dataclass(frozen=True)
class Starting:
    gold: int
    resources: Mapping[str, int]


def starting(state: Tiletum, seat: int) -> Starting:
    """What ``seat`` starts with: 1/3/5/6 gold by first turn order, 1 iron, wool, stone, food."""
    return Starting(START_GOLD[state.setup.order.index(seat)], dict(START_RESOURCES))


def prepare_round(state: Tiletum) -> Tiletum:
    """A round's preparation: the dice drawn and rolled onto the wheel, 3 tokens face down."""
    dice = round_dice(state.setup.players, state.round, state.seed)
    return replace(state, phase=REVEAL, wheel=tuple(enumerate(dice)), takes=(), revealed=0,
                   turn=0, tokens=round_tokens(state.setup.corruption, state.round, state.seed))


def with_player(state: Tiletum, seat: int, **changes) -> Tiletum:
    players = list(state.players)
    players[seat - 1] = replace(players[seat - 1], **changes)
    return replace(state, players=tuple(players))
