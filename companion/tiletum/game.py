"""A Tiletum game as the device keeps it (RULES.md §3): the bag, the dice, the wheel, the
corruption tokens, turn order and festivals, as an immutable state moved on by decisions and
replayable from a session.

Each round: the dice are drawn and rolled onto the wheel (seeded, per round) and 3 corruption
tokens drawn face down → three passes, each opened by revealing the next token ("king track:
everyone moves N left") and then one die taken per player in turn order (optional pip changes at
2 gold a step) → the king phase, after which the table enters the new turn order (king-track
order) → the festival, each player in turn order saying whether they take part and how often
they meet the criterion → the next round (the wheel turns one step), or the end after round 4.
Completed buildings' bonus AP markers can be reported during the passes and the king phase
(``Bonus``).

Under rules 3 the device follows the king track (``king.py``): the discs start on 0, each
revealed token moves them left, ``King(seat, steps)`` (the King action's AP, entered by the
table for any seat during the passes and until the king phase is scored) moves one right, and
the king phase is scored when the table confirms the turn order, which is then the track's
(``TurnOrder`` with any other order is refused): VP per space, the bonus tile to the leader (4
VP in the last round), red discs back to 0.

The face-down tokens are the only secret, and no one may look at them (seed 004: "뒷면이 보이도록
1개씩 놓습니다 ... 차례대로 1개씩 공개"): every seat's ``view`` is the table's, which holds the
revealed tokens and how many are still face down, never their values.

>>> setup = TiletumSetup(players=2, order=(2, 1), festivals=DEFAULT_FESTIVALS)
>>> g = start(setup, seed=5)
>>> [starting(g, seat).gold for seat in (2, 1)]
[1, 3]
>>> g = apply(apply(g, Begin()), Reveal())
>>> g.phase, g.actor, len(g.wheel)
('take', 2, 8)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from itertools import permutations
from typing import Any

from ..codec import DecisionCodec
from ..errors import IllegalDecision
from ..rng import Seed, as_seed
from ..rules import Engine, Outcome
from .king import KingResult, Track, advance, king_phase, move_left, start_track
from .scoring import festival_points
from .wheel import (ACTIONS, MAX_PIP_STEPS, PIP_CHANGE_GOLD, ROUNDS, START_GOLD,
                    START_RESOURCES, Gain, TileDie, change_pip, check_corruption, check_players,
                    corruption_tokens, gain_of, orientation, round_dice, round_tokens,
                    wheel_offset)

START, REVEAL, TAKE, KING, FESTIVAL, OVER = "start", "reveal", "take", "king", "festival", "over"
PASSES = 3
JOKER = "Joker"
CHOSEN = ACTIONS[:-1]  # the actions a Joker may name and bonus markers may strengthen
MARKER_VALUES = (1, 2, 3)
MARKERS_PER_PLAYER = 5
BONUS_PHASES = (REVEAL, TAKE, KING)  # when a building can be completed: the action phase
KING_SPACES = (-10, 15)  # the king track's VP, leftmost to rightmost space
KING_STEPS = range(1, 7)  # King moves ``legal`` lists (any move of 1 space or more is legal)
# 2: a die is turned only with the gold it costs (issue 17). Games kept before (rules 1, configs
# without ``rules``) replay as they were played: their gold was not followed then.
# 3: the king track is followed (issue 17): corruption moves it, ``King`` moves a disc, the king
# phase scores it and gives the turn order. Games kept under rules 1-2 replay as they were:
# no track, the turn order entered by the table.
RULES = 3
SAMPLE_COUNTS = range(6)  # festival counts ``legal`` lists (any count 0 or more is legal)


# --- festival tiles (data) ----------------------------------------------------------------------

@cache
def festival_data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("festivals.json").read_text(encoding="utf-8")
    return json.loads(text)


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
    players: int
    order: tuple[int, ...]  # seats in the first turn order
    festivals: tuple[Festival, ...]
    corruption: tuple[int, ...] = field(default_factory=corruption_tokens)
    rules: int = RULES  # the reading of the rulebook this game is played (and replayed) by

    def __post_init__(self):
        check_players(self.players)
        _check_order(self.order, self.players)
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


def _check_order(order, players: int) -> None:
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
    king: KingTrack | None = None  # rules 3; None in games kept before the track was followed

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
    """Each player holds their starting gold (1/3/5/6 by the first turn order); under rules 3
    every disc is on the king track's 0, the first player's at the bottom."""
    king = KingTrack(start_track(setup.order), (0,) * setup.players) \
        if setup.rules >= 3 else None
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


def _prepare(state: Tiletum) -> Tiletum:
    """A round's preparation: the dice drawn and rolled onto the wheel, 3 tokens face down."""
    dice = round_dice(state.setup.players, state.round, state.seed)
    return replace(state, phase=REVEAL, wheel=tuple(enumerate(dice)), takes=(), revealed=0,
                   turn=0, tokens=round_tokens(state.setup.corruption, state.round, state.seed))


def _with_player(state: Tiletum, seat: int, **changes) -> Tiletum:
    players = list(state.players)
    players[seat - 1] = replace(players[seat - 1], **changes)
    return replace(state, players=tuple(players))


@dataclass(frozen=True)
class Offer:
    """Taking a die turned some pips: the die as it would be taken, the gold the turn costs, its
    wedge's action (on the Joker wedge the player names one) and what it gives: resources, the
    action performed, its AP with the player's bonus markers (``bonus`` of them)."""
    die: TileDie
    gold: int
    wedge: str
    gain: Gain
    bonus: int


def take_offer(wheel: Mapping[int, str], player: PlayerState, die: TileDie, steps: int,
               joker: str = "") -> Offer:
    """What ``player`` pays and gets for ``die`` turned ``steps`` pips on ``wheel`` (pip ->
    action this round), naming ``joker`` on the Joker wedge."""
    turned, gold = change_pip(die, steps)
    wedge = wheel[turned.pip]
    action = joker if wedge == JOKER and joker else wedge
    bonus = player.bonus(action)
    return Offer(turned, gold, wedge, gain_of(turned, action, bonus), bonus)


def apply(state: Tiletum, decision: Decision) -> Tiletum:
    """The state after ``decision``; IllegalDecision if it is not allowed now."""
    if state.finished:
        raise IllegalDecision("the game is over", code="tiletum.over")
    if isinstance(decision, Bonus):
        return _bonus(state, decision)
    if isinstance(decision, Gold):
        return _gold(state, decision)
    if isinstance(decision, King):
        return _king(state, decision)
    if state.phase == START:
        if not isinstance(decision, Begin):
            raise IllegalDecision("hand out the starting gold and resources first",
                                  code="tiletum.begin_first")
        return replace(_prepare(state), last=("begun",))
    if state.phase == REVEAL:
        if not isinstance(decision, Reveal):
            raise IllegalDecision("reveal the corruption token first",
                                  code="tiletum.reveal_first")
        token = state.tokens[state.revealed]
        if state.king:  # seed 004: "모든 플레이어는 왕 트랙에 있는 자신의 디스크를 ... 왼쪽으로"
            state = replace(state, king=replace(state.king,
                                                track=move_left(state.king.track, token)))
        return replace(state, phase=TAKE, revealed=state.revealed + 1, turn=0,
                       last=("revealed", str(token)))
    if state.phase == TAKE:
        return _take(state, decision)
    if state.phase == KING:
        if not isinstance(decision, TurnOrder):
            raise IllegalDecision("the new turn order first", code="tiletum.order_first")
        _check_order(decision.order, state.setup.players)
        if state.king:
            return _king_phase(state, decision)
        return replace(state, order=tuple(decision.order), phase=FESTIVAL, turn=0,
                       last=("ordered",))
    return _festival(state, decision)


def _check_actor(state: Tiletum, seat: int) -> None:
    if seat != state.actor:
        raise IllegalDecision(f"it is seat {state.actor}'s turn", code="tiletum.not_your_turn",
                              seat=state.actor)


def _take(state: Tiletum, decision) -> Tiletum:
    if not isinstance(decision, Take):
        raise IllegalDecision("take a die", code="tiletum.take_first")
    _check_actor(state, decision.seat)
    if abs(decision.steps) > MAX_PIP_STEPS:
        raise IllegalDecision(f"turn a die at most {MAX_PIP_STEPS} pips: every pip is that near "
                              "one way or the other", code="tiletum.pip_steps",
                              high=MAX_PIP_STEPS)
    got = take_offer(orientation(state.offset, state.round), state.players[decision.seat - 1],
                     state.die(decision.die), decision.steps, decision.joker)
    if got.wedge == JOKER and decision.joker not in CHOSEN:
        raise IllegalDecision("on the Joker wedge, name the action to perform",
                              code="tiletum.joker_action")
    if got.wedge != JOKER and decision.joker:
        raise IllegalDecision("only a die on the Joker wedge chooses its action",
                              code="tiletum.joker_only")
    held = state.players[decision.seat - 1].gold
    if got.gold > held and state.setup.rules >= 2:
        # seed 004: "금화 2개를 소비하여 ... 눈금을 1만큼 더하거나 뺄 수 있습니다": paid before the
        # die is taken, so a yellow die's own gold cannot pay for its turning
        raise IllegalDecision(f"turning this die costs {got.gold} gold; seat {decision.seat} "
                              f"has {held}", code="tiletum.gold", need=got.gold, have=held)
    taken = Taken(decision.seat, state.revealed, got.die, decision.steps, got.gold, got.gain)
    earned = got.gain.amount if got.gain.resource == "gold" else 0
    state = _with_player(state, decision.seat, gold=max(0, held - got.gold) + earned)
    state = replace(state, wheel=tuple((i, d) for i, d in state.wheel if i != decision.die),
                    takes=state.takes + (taken,), turn=state.turn + 1,
                    last=("took", str(decision.seat)))
    if state.turn < state.setup.players:
        return state
    if state.revealed < PASSES:
        return replace(state, phase=REVEAL, turn=0)
    return replace(state, phase=KING, turn=0)


def _check_seat(state: Tiletum, seat: int) -> None:
    """What the table reports (a bonus marker, a player's gold) is for a seat of the game."""
    if not 1 <= seat <= state.setup.players:
        raise IllegalDecision(f"seats are 1 to {state.setup.players}", code="tiletum.seat",
                              low=1, high=state.setup.players)


def _bonus(state: Tiletum, decision: Bonus) -> Tiletum:
    if state.phase not in BONUS_PHASES:
        raise IllegalDecision("buildings are completed during the passes and the king phase",
                              code="tiletum.bonus_phase")
    _check_seat(state, decision.seat)
    if decision.action not in CHOSEN:
        raise IllegalDecision("bonus markers go on Architect, Merchant, Character, Contract "
                              "or King", code="tiletum.bonus_action")
    if decision.value not in MARKER_VALUES:
        raise IllegalDecision("a bonus marker is worth 1, 2 or 3 AP", code="tiletum.bonus_value",
                              low=min(MARKER_VALUES), high=max(MARKER_VALUES))
    p = state.players[decision.seat - 1]
    if len(p.markers) >= MARKERS_PER_PLAYER:
        raise IllegalDecision(f"each player has {MARKERS_PER_PLAYER} bonus markers",
                              code="tiletum.markers_used", seat=decision.seat,
                              n=MARKERS_PER_PLAYER)
    state = _with_player(state, decision.seat,
                         markers=p.markers + ((decision.action, decision.value),))
    now = state.takes[-1] if state.takes else None
    if now and now.seat == decision.seat and now.gain.action == decision.action:
        # the action being performed is strengthened at once
        now = replace(now, gain=replace(now.gain, ap=now.gain.ap + decision.value))
        return replace(state, takes=state.takes[:-1] + (now,),
                       last=("bonus_now", str(decision.seat), str(decision.value)))
    return replace(state, last=("bonus", str(decision.seat)))


def _gold(state: Tiletum, decision: Gold) -> Tiletum:
    if state.phase not in BONUS_PHASES:
        raise IllegalDecision("gold is reported during the passes and the king phase",
                              code="tiletum.gold_phase")
    _check_seat(state, decision.seat)
    if isinstance(decision.gold, bool) or not isinstance(decision.gold, int) \
            or decision.gold < 0:
        raise IllegalDecision("gold is a whole number 0 or more", code="tiletum.gold_count")
    state = _with_player(state, decision.seat, gold=decision.gold)
    return replace(state, last=("gold", str(decision.seat)))


def _king(state: Tiletum, decision: King) -> Tiletum:
    if state.king is None:
        raise IllegalDecision("this game was started before the device followed the king track",
                              code="tiletum.king_untracked")
    if state.phase not in BONUS_PHASES:
        raise IllegalDecision("the king track moves during the passes (until the king phase is "
                              "scored)", code="tiletum.king_phase")
    _check_seat(state, decision.seat)
    if isinstance(decision.steps, bool) or not isinstance(decision.steps, int) \
            or decision.steps < 1:
        raise IllegalDecision("a disc moves 1 space or more", code="tiletum.king_steps")
    track = advance(state.king.track, decision.seat, decision.steps)
    return replace(state, king=replace(state.king, track=track),
                   last=("king", str(decision.seat), str(decision.steps)))


def king_result(state: Tiletum) -> KingResult | None:
    """The king phase as it would be scored now (None without a followed track)."""
    if state.king is None:
        return None
    return king_phase(state.king.track, last_round=state.round == ROUNDS)


def _king_phase(state: Tiletum, decision: TurnOrder) -> Tiletum:
    """Rules 3: the turn order is the king track's (confirmed, not chosen); the phase is scored:
    VP per space, the bonus tile (4 VP in the last round), red discs back to 0."""
    result = king_result(state)
    if tuple(decision.order) != result.order:
        raise IllegalDecision("the turn order comes from the king track: the most advanced "
                              "first, on one space the bottom disc first",
                              code="tiletum.king_order")
    gained = dict(result.vp)
    vp = tuple(v + gained[seat] for seat, v in enumerate(state.king.vp, 1))
    king = KingTrack(result.track, vp, state.king.phases + (result,))
    return replace(state, order=result.order, phase=FESTIVAL, turn=0, king=king,
                   last=("king_scored", str(result.leader)))


def _festival(state: Tiletum, decision) -> Tiletum:
    if not isinstance(decision, FestivalScore):
        raise IllegalDecision("the festival is being scored", code="tiletum.festival_first")
    _check_actor(state, decision.seat)
    low, high = state.festival.counts
    if high is not None and not low <= decision.count <= high:
        raise IllegalDecision(f"king-track spaces are worth {low} to {high} VP",
                              code="tiletum.king_space", low=low, high=high)
    if decision.count < low:
        raise IllegalDecision("the criterion is met 0 or more times",
                              code="tiletum.festival_count")
    points = state.festival.points(decision.eligible, decision.count)
    p = state.players[decision.seat - 1]
    state = _with_player(state, decision.seat, festival_vp=p.festival_vp + (points,))
    state = replace(state, turn=state.turn + 1, last=("festival", str(decision.seat)))
    if state.turn < state.setup.players:
        return state
    if state.round == ROUNDS:
        return replace(state, phase=OVER, wheel=(), turn=0, last=("over",))
    return replace(_prepare(replace(state, round=state.round + 1)), last=("new_round",))


# --- what may be done now ---------------------------------------------------------------------

def legal(state: Tiletum) -> tuple[Decision, ...]:
    """Exactly the decisions ``apply`` accepts now (pip changes of up to 3 steps either way;
    bonus markers in the passes and the king phase; a take only with the gold its turning costs)
    — but for the open-ended reports: any festival count 0 or more is accepted
    (``FestivalScore``), only counts 0-5 are listed (the king-track tile: every space, -10 to
    15); any gold 0 or more may be reported (``Gold``), each seat's gold as it stands and one
    more are listed; under rules 3 any king-track move of 1 space or more (``King``, in the
    passes and the king phase, for any seat), 1-6 listed. Under rules 3 the king phase's only
    turn order is the track's."""
    if state.phase in BONUS_PHASES:
        seats = range(1, state.setup.players + 1)
        bonuses = tuple(Bonus(seat, action, value) for seat in seats
                        if len(state.players[seat - 1].markers) < MARKERS_PER_PLAYER
                        for action in CHOSEN for value in MARKER_VALUES)
        bonuses += tuple(Gold(seat, state.players[seat - 1].gold + n)
                         for seat in seats for n in (0, 1))
        if state.king:
            bonuses += tuple(King(seat, n) for seat in seats for n in KING_STEPS)
    else:
        bonuses = ()
    return tuple(_moves(state)) + bonuses


def _moves(state: Tiletum) -> list[Decision]:
    """The phase's own decisions (bonus markers aside)."""
    if state.phase == START:
        return [Begin()]
    if state.phase == REVEAL:
        return [Reveal()]
    if state.phase == KING:
        if state.king:
            return [TurnOrder(king_result(state).order)]
        return [TurnOrder(o) for o in permutations(state.order)]
    if state.phase == FESTIVAL:
        seat, (low, high) = state.actor, state.festival.counts
        counts = range(low, high + 1) if high is not None else SAMPLE_COUNTS
        return [FestivalScore(seat, False)] + [FestivalScore(seat, True, n) for n in counts]
    if state.phase != TAKE:
        return []
    wheel, out = orientation(state.offset, state.round), []
    held = state.players[state.actor - 1].gold
    if state.setup.rules < 2:  # a game kept before gold was followed
        held = PIP_CHANGE_GOLD * MAX_PIP_STEPS
    for i, d in state.wheel:
        for steps in range(-MAX_PIP_STEPS, MAX_PIP_STEPS + 1):
            if change_pip(d, steps)[1] > held:
                continue
            if wheel[change_pip(d, steps)[0].pip] == JOKER:
                out += [Take(state.actor, i, steps, a) for a in CHOSEN]
            else:
                out.append(Take(state.actor, i, steps))
    return out


def outcome(state: Tiletum) -> Outcome:
    """Over after the fourth festival; History keeps the rounds played."""
    return Outcome(state.finished, {"game": "tiletum", "rounds": state.round})


# --- what the screens see -----------------------------------------------------------------------

@dataclass(frozen=True)
class TiletumView:
    """The state as the table may see it: the face-down corruption tokens are left out."""
    round: int
    phase: str
    order: tuple[int, ...]
    actor: int | None
    wheel: Mapping[int, str]  # pip -> action this round
    dice: tuple[tuple[int, TileDie], ...]
    pass_number: int
    revealed: tuple[int, ...]  # this round's tokens turned up so far
    face_down: int
    takes: tuple[Taken, ...]
    players: tuple[PlayerState, ...]
    festival: Festival
    festivals: tuple[Festival, ...]
    last: tuple[str, ...]
    start_gold: Mapping[int, int]  # seat -> the gold they start with
    track: Track | None = None  # the king track (rules 3; None in older games)
    king_vp: tuple[int, ...] | None = None  # per seat (seat order): VP from king phases so far
    # the king phase: in the king phase as it would be scored now; in the festival as it was
    # scored this round (its ``space_vp`` is what the king-track festival tile adds)
    king: KingResult | None = None

    def advance(self, seat: int, steps: int) -> Track:
        """The king track after ``seat``'s disc moves ``steps`` spaces right."""
        return advance(self.track, seat, steps)

    def offer(self, die_id: int, steps: int = 0, joker: str = "") -> Offer:
        """What the actor would pay and get for die ``die_id`` turned ``steps`` pips."""
        return take_offer(self.wheel, self.players[self.actor - 1], dict(self.dice)[die_id],
                          steps, joker)


def view(state: Tiletum, seat: int | None = None) -> TiletumView:
    """What ``seat`` may know (None: the whole table). No one may look at the face-down tokens
    and nothing else is secret, so every seat sees what the table sees."""
    king, track, king_vp = None, None, None
    if state.king:
        track, king_vp = state.king.track, state.king.vp
        if state.phase == KING:
            king = king_result(state)
        elif state.phase == FESTIVAL and len(state.king.phases) == state.round:
            king = state.king.phases[-1]
    return TiletumView(state.round, state.phase, state.order, state.actor,
                       orientation(state.offset, state.round), state.wheel, state.revealed,
                       state.tokens[:state.revealed], len(state.tokens) - state.revealed,
                       state.takes, state.players, state.festival, state.setup.festivals,
                       state.last, {s: starting(state, s).gold for s in state.setup.order},
                       track, king_vp, king)


# --- sessions -----------------------------------------------------------------------------------

CODEC = DecisionCodec("Tiletum", {
    "begin": Begin, "reveal": Reveal, "take": Take, "bonus": Bonus, "gold": Gold,
    "order": TurnOrder, "festival": FestivalScore, "king": King})
encode = CODEC.encode


class TiletumRules(Engine[Tiletum, Decision, TiletumView]):
    """A Tiletum game as a session: config = players, order, festivals, corruption tokens."""

    game_id = "tiletum"
    codec = CODEC
    open_kinds = (FestivalScore, Gold, King)
    apply = staticmethod(apply)
    legal = staticmethod(legal)
    view = staticmethod(view)
    outcome = staticmethod(outcome)

    def progress(self, state: Tiletum) -> dict[str, int]:
        return {"round": state.round}

    def initial(self, config: Mapping[str, Any], seed: int | Seed) -> Tiletum:
        festivals = tuple(Festival(f["tile"], f["tile_vp"], f["board_vp"])
                          for f in config["festivals"])
        return start(TiletumSetup(config["players"], tuple(config["order"]), festivals,
                                  tuple(config["corruption"]), config.get("rules", 1)), seed)


def config_for(players: int, order, festivals, corruption) -> dict[str, Any]:
    """A session config (JSON) for these settings."""
    return {"players": players, "order": list(order), "corruption": list(corruption),
            "rules": RULES,
            "festivals": [{"tile": f.tile, "tile_vp": f.tile_vp, "board_vp": f.board_vp}
                          for f in festivals]}
