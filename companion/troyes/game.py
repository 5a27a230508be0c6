"""A Troyes game as the device keeps it (RULES.md §2): an immutable state, decisions,
``legal``-style checks in ``apply``, seeded chance steps, replayable from a session.

Each round: **income** (10 deniers, then wages; who cannot pay loses 2 VP) → the dice are rolled
from the citizens → **events** (the table enters how many black dice the events add) →
**defence** (dice.py / defence.py) → **actions** in turn order from the start player (dice bought
at 2/4/6 deniers each, farming, cathedral, events, action cards, placing a citizen with one die;
influence on own dice; passing)
until everyone has passed in a row or no die is left → the start player passes left. The game
ends after the last round (6/5/4 with 4/3/2 players). Citizens placed or lost, and anything the
device does not compute (event rewards, card effects), are entered with ``Citizens`` and
``Adjust``. Nothing in Troyes is hidden from the table, so every seat's view is the state.

>>> g = start(TroyesSetup(players=2, citizens=((2, 1, 1), (1, 2, 1))), seed=3)
>>> g.phase, [w.due for w in wages(g)]
('income', [3, 4])
>>> g = apply(g, CollectIncome())
>>> g.phase, [p.deniers for p in g.players], len(g.dice)
('events', [12, 11], 8)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..codec import CodecRules, DecisionCodec
from ..errors import IllegalDecision
from ..rng import Rng, Seed, as_seed
from . import defence as defence_rules
from .dice import (BLACK, FLIP_COST, REROLL_COST, RED, WHITE, YELLOW, Die, by_divisor,
                   cathedral, farming, price)
from .economy import (START_DENIERS, START_INFLUENCE, Wages, gain_influence, lose_vp, pass_income,
                      pay_wages, rounds, start_player)

INCOME, EVENTS, DEFENCE, ACTIONS, OVER = "income", "events", "defence", "actions", "over"
FARMING, CATHEDRAL, EVENT, CARD, CITIZEN = "farming", "cathedral", "event", "card", "citizen"
KINDS = (FARMING, CATHEDRAL, EVENT, CARD, CITIZEN)
KIND_COLOUR = {FARMING: YELLOW, CATHEDRAL: WHITE}  # events and cards take any one colour


@dataclass(frozen=True)
class TroyesSetup:
    players: int
    citizens: tuple[tuple[int, int, int], ...]  # per seat: Town Hall, Bishopric, Palace
    neutral: tuple[int, int, int] = (0, 0, 0)
    first: int = 1  # the first start player

    def __post_init__(self):
        rounds(self.players)  # 2 to 4 players
        if len(self.citizens) != self.players:
            raise IllegalDecision("give the citizens of every player")
        if not 1 <= self.first <= self.players:
            raise IllegalDecision(f"the start player is a seat 1..{self.players}")


@dataclass(frozen=True)
class PlayerState:
    citizens: tuple[int, int, int]
    deniers: int = START_DENIERS
    vp: int = 0
    influence: int = START_INFLUENCE
    passes: int = 0  # passes this round (the first pays 2, later ones 1)


# --- decisions ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class CollectIncome:
    """Everyone takes 10 deniers and pays wages; then the dice are rolled."""


@dataclass(frozen=True)
class BlackDice:
    """The events revealed this round add ``count`` black dice (0: none)."""
    count: int


@dataclass(frozen=True)
class Defend:
    seat: int
    dice: tuple[int, ...]  # die ids from the defender's own district
    black: int  # how many of the highest black dice left are defeated together


@dataclass(frozen=True)
class Fail:
    seat: int


@dataclass(frozen=True)
class Act:
    """Use 1-3 dice of one colour (ids) for an action; ``divisor`` for events and cards."""
    seat: int
    dice: tuple[int, ...]
    kind: str
    divisor: int = 0


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
        for i, d in self.dice:
            if i == die_id:
                return d
        raise IllegalDecision(f"no die {die_id} on the board")

    def district(self, owner: int | None) -> tuple[tuple[int, Die], ...]:
        return tuple((i, d) for i, d in self.dice if d.owner == owner)


def start(setup: TroyesSetup, seed: int | Seed) -> Troyes:
    return Troyes(setup, as_seed(seed), tuple(PlayerState(tuple(c)) for c in setup.citizens))


def wages(state: Troyes) -> tuple[Wages, ...]:
    """This round's income and wages for each player (who will fall short is flagged)."""
    return tuple(pay_wages(p.deniers, p.citizens[1], p.citizens[2]) for p in state.players)


def _roll(state: Troyes) -> Troyes:
    rng = Rng(state.seed).fork(f"round-{state.round}-dice")
    dice: list[Die] = []
    for seat, p in enumerate(state.players, start=1):
        for colour, n in zip((YELLOW, WHITE, RED), p.citizens):
            dice += [Die(colour, rng.roll(), seat) for _ in range(n)]
    for colour, n in zip((YELLOW, WHITE, RED), state.neutral_citizens):
        dice += [Die(colour, rng.roll(), None) for _ in range(n)]
    return replace(state, dice=tuple(enumerate(dice)), phase=EVENTS)


def _with_player(state: Troyes, seat: int, **changes) -> Troyes:
    players = list(state.players)
    players[seat - 1] = replace(players[seat - 1], **changes)
    return replace(state, players=tuple(players))


def _own_dice(state: Troyes, seat: int, ids) -> list[Die]:
    dice = [state.die(i) for i in ids]
    if len(set(ids)) != len(ids) or any(d.owner != seat for d in dice):
        raise IllegalDecision("only dice of your own district")
    return dice


def apply(state: Troyes, decision: Decision) -> Troyes:
    """The state after ``decision``; IllegalDecision if it is not allowed now."""
    if state.finished:
        raise IllegalDecision("the game is over")
    if isinstance(decision, Citizens):
        counts = (decision.town_hall, decision.bishopric, decision.palace)
        if min(counts) < 0:
            raise IllegalDecision("citizens cannot be negative")
        return _with_player(state, decision.seat, citizens=counts)
    if isinstance(decision, Neutral):
        counts = (decision.town_hall, decision.bishopric, decision.palace)
        if min(counts) < 0:
            raise IllegalDecision("citizens cannot be negative")
        return replace(state, neutral=counts)
    if isinstance(decision, Adjust):
        p = state.players[decision.seat - 1]
        return _with_player(state, decision.seat, deniers=max(0, p.deniers + decision.deniers),
                            vp=max(0, p.vp + decision.vp),
                            influence=gain_influence(max(0, p.influence + decision.influence), 0))
    handler = {INCOME: _income, EVENTS: _events, DEFENCE: _defence, ACTIONS: _actions}[state.phase]
    return handler(state, decision)


def _income(state: Troyes, decision) -> Troyes:
    if not isinstance(decision, CollectIncome):
        raise IllegalDecision("income and wages first")
    players = []
    for p, w in zip(state.players, wages(state)):
        players.append(replace(p, deniers=w.deniers, vp=lose_vp(p.vp, -w.vp), passes=0))
    return _roll(replace(state, players=tuple(players), last=("income",)))


def _events(state: Troyes, decision) -> Troyes:
    if not isinstance(decision, BlackDice) or decision.count < 0:
        raise IllegalDecision("how many black dice do the events add?")
    rng = Rng(state.seed).fork(f"round-{state.round}-black")
    black = tuple(Die(BLACK, rng.roll()) for _ in range(decision.count))
    if not black:
        return replace(state, phase=ACTIONS, last=("no_black",))
    own = [tuple(d for _, d in state.district(s)) for s in range(1, state.setup.players + 1)]
    return replace(state, black=black, phase=DEFENCE,
                   defence=defence_rules.start(state.start_player, own, black), last=("black",))


def _defence(state: Troyes, decision) -> Troyes:
    if isinstance(decision, Fail):
        new = defence_rules.apply(state.defence, defence_rules.Fail(decision.seat))
        state = _with_player(state, decision.seat, vp=lose_vp(
            state.players[decision.seat - 1].vp, -defence_rules.FAIL_VP))
        return _after_defence(replace(state, defence=new, last=("failed", str(decision.seat))))
    if not isinstance(decision, Defend):
        raise IllegalDecision("the black dice are being defended")
    dice = _own_dice(state, decision.seat, decision.dice)
    if not 1 <= decision.black <= len(state.defence.black):
        raise IllegalDecision("defeat 1 or more of the black dice left")
    black = state.defence.black[:decision.black]
    new = defence_rules.apply(state.defence, defence_rules.Defend(decision.seat, tuple(dice),
                                                                    black))
    p = state.players[decision.seat - 1]
    state = _with_player(state, decision.seat, influence=gain_influence(
        p.influence, defence_rules.INFLUENCE_PER_BLACK * len(black)))
    state = replace(state, dice=tuple((i, d) for i, d in state.dice if i not in decision.dice),
                    defence=new, last=("defended", str(decision.seat)))
    return _after_defence(state)


def _after_defence(state: Troyes) -> Troyes:
    if state.defence.finished:
        return replace(state, phase=ACTIONS, black=(), turn=0)
    return state


def _actions(state: Troyes, decision) -> Troyes:
    seat = getattr(decision, "seat", None)
    if seat != state.actor:
        raise IllegalDecision(f"it is seat {state.actor}'s turn")
    if isinstance(decision, Pass):
        p = state.players[seat - 1]
        state = _with_player(state, seat, deniers=p.deniers + pass_income(p.passes),
                             passes=p.passes + 1)
        state = replace(state, turn=state.turn + 1, passes_in_a_row=state.passes_in_a_row + 1,
                        last=("passed", str(seat)))
        return _end_round(state) if state.passes_in_a_row >= state.setup.players else state
    if isinstance(decision, Reroll):
        return _reroll(state, decision)
    if isinstance(decision, Flip):
        return _flip(state, decision)
    if not isinstance(decision, Act):
        raise IllegalDecision("act, use influence or pass")
    return _act(state, decision)


def _act(state: Troyes, decision: Act) -> Troyes:
    dice = [state.die(i) for i in decision.dice]
    if len(set(decision.dice)) != len(decision.dice):
        raise IllegalDecision("each die once")
    wanted = KIND_COLOUR.get(decision.kind)
    if decision.kind not in KINDS:
        raise IllegalDecision(f"unknown action {decision.kind!r}")
    if decision.kind == CITIZEN and len(dice) != 1:  # one die places one citizen
        raise IllegalDecision("placing a citizen uses exactly one die")
    if wanted and any(d.colour != wanted for d in dice):
        raise IllegalDecision(f"{decision.kind} uses {wanted} dice")
    payments = price(dice, decision.seat)  # also checks 1-3 dice of one colour
    cost = sum(payments.values())
    buyer = state.players[decision.seat - 1]
    if cost > buyer.deniers:
        raise IllegalDecision(f"those dice cost {cost} deniers")
    state = _with_player(state, decision.seat, deniers=buyer.deniers - cost)
    for owner, amount in payments.items():
        if owner is not None:
            state = _with_player(state, owner, deniers=state.players[owner - 1].deniers + amount)
    p = state.players[decision.seat - 1]
    if decision.kind == FARMING:
        gain = farming(dice)
        state = _with_player(state, decision.seat, deniers=p.deniers + gain)
        result = (FARMING, str(gain))
    elif decision.kind == CATHEDRAL:
        spaces = cathedral(dice)
        state = _with_player(state, decision.seat, vp=p.vp + sum(v for _, v, _ in spaces),
                             influence=gain_influence(p.influence, sum(i for *_, i in spaces)))
        result = (CATHEDRAL, ",".join(str(pip) for pip, *_ in spaces))
    elif decision.kind == CITIZEN:  # where it goes is entered with Citizens
        result = (CITIZEN,)
    else:
        uses = by_divisor(dice, decision.divisor)
        if decision.kind == EVENT:  # +1 influence per cube placed
            state = _with_player(state, decision.seat,
                                 influence=gain_influence(p.influence, uses))
        result = (decision.kind, str(uses))
    state = replace(state, dice=tuple((i, d) for i, d in state.dice if i not in decision.dice),
                    turn=state.turn + 1, passes_in_a_row=0,
                    last=("acted", str(decision.seat), *result, str(cost)))
    return _end_round(state) if not state.dice else state


def _spend_influence(state: Troyes, seat: int, cost: int) -> Troyes:
    p = state.players[seat - 1]
    if p.influence < cost:
        raise IllegalDecision(f"that needs {cost} influence")
    return _with_player(state, seat, influence=p.influence - cost)


def _reroll(state: Troyes, decision: Reroll) -> Troyes:
    (die,) = _own_dice(state, decision.seat, (decision.die,))
    state = _spend_influence(state, decision.seat, REROLL_COST)
    rng = Rng(state.seed).fork(f"round-{state.round}-reroll-{state.rerolls}")
    new = Die(die.colour, rng.roll(), die.owner)
    dice = tuple((i, new if i == decision.die else d) for i, d in state.dice)
    return replace(state, dice=dice, rerolls=state.rerolls + 1, last=("rerolled", str(new.pip)))


def _flip(state: Troyes, decision: Flip) -> Troyes:
    dice = _own_dice(state, decision.seat, decision.dice)
    if not 1 <= len(dice) <= 3:
        raise IllegalDecision("flip 1 to 3 dice")
    state = _spend_influence(state, decision.seat, FLIP_COST)
    flipped = dict(zip(decision.dice, (d.flipped() for d in dice)))
    return replace(state, dice=tuple((i, flipped.get(i, d)) for i, d in state.dice),
                   last=("flipped",))


def _end_round(state: Troyes) -> Troyes:
    """The round ends: the start player passes left, or the game ends after the last round."""
    if state.round >= rounds(state.setup.players):
        return replace(state, phase=OVER, dice=())
    return replace(state, round=state.round + 1, phase=INCOME, dice=(), turn=0,
                   passes_in_a_row=0, rerolls=0)


# --- what may be done now ---------------------------------------------------------------------

def legal(state: Troyes, divisor: int = 3) -> list[Decision]:
    """A list of the decisions allowed now (every one-die action, and any-size actions of own
    dice; events and cards with ``divisor``), for simulations and tests. ``Citizens`` and
    ``Adjust`` are always allowed and not listed."""
    if state.phase == INCOME:
        return [CollectIncome()]
    if state.phase == EVENTS:
        return [BlackDice(n) for n in range(4)]
    if state.phase == DEFENCE:
        seat = state.actor
        out: list[Decision] = [Fail(seat)]
        suggestion = state.defence.suggestion()
        if suggestion:
            ids, pool = [], list(state.district(seat))
            for d in suggestion:  # the ids of the suggested dice
                i = next(i for i, own in pool if own == d)
                ids.append(i)
                pool = [(j, own) for j, own in pool if j != i]
            out.append(Defend(seat, tuple(ids), 1))
        return out
    if state.phase != ACTIONS:
        return []
    seat = state.actor
    p = state.players[seat - 1]
    out = [Pass(seat)]
    for i, d in state.dice:
        kinds = [k for k, colour in KIND_COLOUR.items() if colour == d.colour] + [EVENT, CARD]
        cost = 0 if d.owner == seat else 2
        if cost <= p.deniers:
            out += [Act(seat, (i,), k, divisor if k in (EVENT, CARD) else 0) for k in kinds]
        if d.owner == seat and p.influence >= REROLL_COST:
            out.append(Reroll(seat, i))
    own = [i for i, d in state.district(seat)]
    if own and p.influence >= FLIP_COST:
        out.append(Flip(seat, tuple(own[:3])))
    return out


# --- sessions -----------------------------------------------------------------------------------

CODEC = DecisionCodec("Troyes", {
    "income": CollectIncome, "black": BlackDice, "defend": Defend, "fail": Fail, "act": Act,
    "pass": Pass, "reroll": Reroll, "flip": Flip, "citizens": Citizens, "neutral": Neutral,
    "adjust": Adjust})
encode = CODEC.encode


class TroyesRules(CodecRules):
    """A Troyes game as a session: config = players, citizens, neutral citizens, first."""

    game_id = "troyes"
    codec = CODEC
    step = staticmethod(apply)

    def initial(self, config: Mapping[str, Any], seed: int | Seed) -> Troyes:
        return start(TroyesSetup(config["players"], tuple(map(tuple, config["citizens"])),
                                 tuple(config.get("neutral", (0, 0, 0))),
                                 config.get("first", 1)), seed)
