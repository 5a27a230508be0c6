"""A Troyes game as the device keeps it (RULES.md §2): decisions applied to an immutable state
(state.py), seeded chance steps, replayable from a session; ``TroyesRules`` is the game's side of
the engine contract (companion/rules.py).

Each round: **income** (10 deniers, then wages; who cannot pay loses 2 VP) → the dice are rolled
from the citizens → **events** (the table enters how many black dice the events add) →
**defence** (dice.py / defence.py) → **actions** in turn order from the start player (dice bought
at 2/4/6 deniers each, farming, cathedral, events, action cards, placing a citizen with one die;
influence on own dice; passing)
until everyone has passed in a row or no die is left → the start player passes left. The game
ends after the last round (6/5/4 with 4/3/2 players). Citizens placed or lost, and anything the
device does not compute (event rewards, card effects), are entered with ``Citizens`` and
``Adjust``. Where the reading keeps the scores secret, each player's VP are theirs alone until
the end (a ``Look`` at them is recorded); everything else is the table's.

>>> g = start(TroyesSetup(players=2, citizens=((2, 1, 1), (1, 2, 1)), rules=2), seed=3)
>>> g.phase, [w.due for w in wages(g)]
('income', [3, 4])
>>> g = apply(g, CollectIncome())
>>> g.phase, [p.deniers for p in g.players], len(g.dice)
('events', [12, 11], 8)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..codec import DecisionCodec
from ..errors import IllegalDecision
from ..frozen import replace
from ..rng import Rng, Seed
from ..rules import Engine, Outcome
from . import defence as defence_rules
from . import reports, reveals, tracking
from .dice import (BLACK, FLIP_COST, MAX_FLIPPED, REROLL_COST, RED, WHITE, YELLOW, Die,
                   by_divisor, cathedral, farming, price)
from .economy import gain_influence, lose_vp, pass_income, rounds
from .log import add, line
from .readings import OLDEST
from .moves import legal, offered
from .state import (ACTIONS, CARD, CATHEDRAL, CITIZEN, DEFENCE, DIVIDED, DIVISORS, EVENT,
                    EVENTS, FARMING, INCOME, KIND_COLOUR, KINDS, MAX_BLACK, OVER, PLACEMENT, Act,
                    Adjust, BlackDice, Citizens, CollectIncome, Cubes, Decision, Defend, Fail,
                    Flip, Look, Neutral, Pass, Place, Placement, PlayerState, Reroll,
                    RevealEvent, Troyes, TroyesSetup, assumed_placement, spend_influence, start,
                    wages, with_player)
from .view import TroyesView, view

__all__ = ["ACTIONS", "CARD", "CATHEDRAL", "CITIZEN", "DEFENCE", "DIVIDED", "DIVISORS", "EVENT",
           "EVENTS", "FARMING", "INCOME", "KIND_COLOUR", "KINDS", "MAX_BLACK", "OVER",
           "PLACEMENT", "Act", "Adjust", "BlackDice", "Citizens", "CollectIncome", "Cubes",
           "Decision", "Defend", "Fail", "Flip", "Look", "Neutral", "Pass", "Place", "Placement",
           "PlayerState", "Reroll", "RevealEvent", "Troyes", "TroyesSetup", "TroyesView",
           "assumed_placement", "start", "wages", "apply", "legal", "view", "encode",
           "TroyesRules", "CODEC"]

BOARD_DECISIONS = (Place, Placement, RevealEvent, Cubes)  # of readings that track the board


def _roll(state: Troyes) -> Troyes:
    rng = Rng(state.seed).fork(f"round-{state.round}-dice")
    dice: list[Die] = []
    for seat, p in enumerate(state.players, start=1):
        for colour, n in zip((YELLOW, WHITE, RED), p.citizens):
            dice += [Die(colour, rng.roll(what=colour), seat) for _ in range(n)]
    for colour, n in zip((YELLOW, WHITE, RED), state.neutral_citizens):
        dice += [Die(colour, rng.roll(what=colour), None) for _ in range(n)]
    return replace(state, dice=tuple(enumerate(dice)), phase=EVENTS)


def _own_dice(state: Troyes, seat: int, ids) -> list[Die]:
    dice = [state.die(i) for i in ids]
    if len(set(ids)) != len(ids):
        raise IllegalDecision("each die once", code="troyes.die_twice")
    if any(d.owner != seat for d in dice):
        raise IllegalDecision("only dice of your own district", code="troyes.own_dice")
    return dice


def apply(state: Troyes, decision: Decision) -> Troyes:
    """The state after ``decision``; IllegalDecision if it is not allowed now. The log gets
    one line saying what it did."""
    if state.finished:
        raise IllegalDecision("the game is over", code="troyes.game_over")
    if isinstance(decision, BOARD_DECISIONS) and not state.setup.reading.tracks_board:
        raise IllegalDecision("this game was started before the device kept that",
                              code="troyes.not_tracked")
    if state.phase == PLACEMENT and not isinstance(decision, (Place, Adjust, Look)):
        raise IllegalDecision("the starting placement first", code="troyes.placing")
    new, said = _apply(state, decision)
    return replace(new, log=add(state.log, said))


def _apply(state: Troyes, decision: Decision):
    """(the new state, its log line)."""
    if isinstance(decision, reports.REPORTS):
        return reports.report(state, decision)
    if isinstance(decision, Placement):
        return tracking.placement(state, decision)
    if isinstance(decision, RevealEvent):
        return tracking.reveal(state, decision)
    if isinstance(decision, Cubes):
        return tracking.cubes(state, decision)
    handler = {PLACEMENT: _place, INCOME: _income, EVENTS: _events, DEFENCE: _defence,
               ACTIONS: _actions}[state.phase]
    return handler(state, decision)


def _place(state: Troyes, decision) -> Troyes:
    if not isinstance(decision, Place):
        raise IllegalDecision("the starting placement first", code="troyes.placing")
    return tracking.place(state, decision)


def _income(state: Troyes, decision):
    if not isinstance(decision, CollectIncome):
        raise IllegalDecision("income and wages first", code="troyes.income_first")
    players = []
    for p, w in zip(state.players, wages(state)):
        players.append(replace(p, deniers=w.deniers, vp=lose_vp(p.vp, -w.vp), passes=0))
    said = line("income", None, wages=tuple((w.paid, w.short) for w in wages(state)))
    return _roll(replace(state, players=tuple(players), last=("income",))), said


def _events(state: Troyes, decision):
    if not isinstance(decision, BlackDice):
        raise IllegalDecision("how many black dice do the events add?",
                              code="troyes.events_first")
    if reveals.asked(state):  # the cards revealed first, where the reading asks them
        reveals.refuse(reveals.asked(state))
    most = state.setup.reading.max_black
    if not 0 <= decision.count <= most:
        raise IllegalDecision(f"the events add 0 to {most} black dice",
                              code="troyes.black_count", low=0, high=most)
    rng = Rng(state.seed).fork(f"round-{state.round}-black")
    black = tuple(Die(BLACK, rng.roll(what=BLACK)) for _ in range(decision.count))
    said = line("black", None, pips=tuple(sorted((d.pip for d in black), reverse=True)))
    if not black:
        return _to_actions(replace(state, last=("no_black",))), said
    own = [tuple(d for _, d in state.district(s)) for s in range(1, state.setup.players + 1)]
    return replace(state, black=black, phase=DEFENCE,
                   defence=defence_rules.start(state.start_player, own, black,
                                              must_defend=state.setup.reading.must_defend),
                   last=("black",)), said


def _check_turn(state: Troyes, decision) -> None:
    if decision.seat != state.actor:
        raise IllegalDecision(f"it is seat {state.actor}'s turn", code="troyes.turn",
                              seat=state.actor)


def _faces(dice) -> tuple[tuple[str, int], ...]:
    """Dice as (colour, pip) for the log."""
    return tuple((d.colour, d.pip) for d in dice)


def _defence(state: Troyes, decision):
    if not isinstance(decision, (Defend, Fail, Reroll, Flip)):
        raise IllegalDecision("the black dice are being defended", code="troyes.defending")
    _check_turn(state, decision)
    if isinstance(decision, (Reroll, Flip)):  # influence on own dice before defending
        state, said = _reroll(state, decision) if isinstance(decision, Reroll) else _flip(
            state, decision)
        own = tuple(tuple(d for _, d in state.district(s))
                    for s in range(1, state.setup.players + 1))
        return replace(state, defence=replace(state.defence, dice=own)), said
    if isinstance(decision, Fail):
        facing = state.defence.facing
        new = defence_rules.apply(state.defence, defence_rules.NoDefence(decision.seat))
        before = state.players[decision.seat - 1].vp
        state = with_player(state, decision.seat, vp=lose_vp(before, -defence_rules.FAIL_VP))
        lost = before - state.players[decision.seat - 1].vp  # no points to lose, none lost
        said = line("failed", decision.seat, black=facing.pip,  # secret: the rule's 2 said
                    vp=-defence_rules.FAIL_VP if state.setup.secret else lost)
        return _after_defence(replace(state, defence=new, last=("failed", str(decision.seat)))
                              ), said
    dice = _own_dice(state, decision.seat, decision.dice)
    left = len(state.defence.black)
    if not decision.black or not all(0 <= k < left for k in decision.black):
        raise IllegalDecision(f"defeat 1 to {left} of the black dice left",
                              code="troyes.defend_count", left=left)
    if len(set(decision.black)) != len(decision.black):
        raise IllegalDecision("each die once", code="troyes.die_twice")
    if 0 not in decision.black:
        raise IllegalDecision("the highest black die left must be among those defeated",
                              code="troyes.highest_black")
    black = tuple(state.defence.black[k] for k in decision.black)
    new = defence_rules.apply(state.defence, defence_rules.Defence(decision.seat, tuple(dice),
                                                                    black))
    p = state.players[decision.seat - 1]
    gain = gain_influence(p.influence, defence_rules.INFLUENCE_PER_BLACK * len(black))
    state = with_player(state, decision.seat, influence=gain)
    state = replace(state, dice=tuple((i, d) for i, d in state.dice if i not in decision.dice),
                    defence=new, last=("defended", str(decision.seat)))
    after = _after_defence(state)
    ended = {"round_over": True} if after.phase not in (DEFENCE, ACTIONS) else {}
    said = line("defended", decision.seat, dice=_faces(dice),
                black=tuple(d.pip for d in black), influence=gain - p.influence, **ended)
    return after, said


def _after_defence(state: Troyes) -> Troyes:
    if state.defence.finished:
        return _to_actions(replace(state, black=(), turn=0))
    return state


def _to_actions(state: Troyes) -> Troyes:
    """The actions, or (a reading that says so) the round's end when no die is left: "라운드는
    ... 모든 도시 구역에 주사위가 하나도 없을 때" ends, and a pass pays only "어느 구역이든 도시
    구역에 주사위가 남아있다면"."""
    if not state.dice and state.setup.reading.ends_round_without_dice:
        return _end_round(state)
    return replace(state, phase=ACTIONS)


def _actions(state: Troyes, decision):
    if not isinstance(decision, (Act, Pass, Reroll, Flip)):
        raise IllegalDecision("act, use influence or pass", code="troyes.actions")
    _check_turn(state, decision)
    seat = decision.seat
    if state.players[seat - 1].passes and not isinstance(decision, Pass) \
            and state.setup.reading.passed_player_only_passes:
        raise IllegalDecision("who passed takes no more actions this round",
                              code="troyes.passed", seat=seat)
    if isinstance(decision, Pass):
        p = state.players[seat - 1]
        income = pass_income(p.passes)
        state = with_player(state, seat, deniers=p.deniers + income, passes=p.passes + 1)
        state = replace(state, turn=state.turn + 1, passes_in_a_row=state.passes_in_a_row + 1,
                        last=("passed", str(seat)))
        said = line("passed", seat, deniers=income, again=p.passes > 0)
        return (_end_round(state) if state.passes_in_a_row >= state.setup.players else state,
                said)
    if isinstance(decision, Reroll):
        return _reroll(state, decision)
    if isinstance(decision, Flip):
        return _flip(state, decision)
    return _act(state, decision)


def _check_act(state: Troyes, decision: Act) -> list[Die]:
    """The dice of an action, if the action may use them (the price is checked after)."""
    if decision.kind not in KINDS:
        raise IllegalDecision(f"unknown action {decision.kind!r}", code="troyes.unknown_action",
                              kind=str(decision.kind))
    if len(set(decision.dice)) != len(decision.dice):
        raise IllegalDecision("each die once", code="troyes.die_twice")
    dice = [state.die(i) for i in decision.dice]
    if decision.kind == CITIZEN and len(dice) != 1:  # one die places one citizen
        raise IllegalDecision("placing a citizen uses exactly one die",
                              code="troyes.citizen_one_die")
    if decision.kind == FARMING and any(d.colour != YELLOW for d in dice):
        raise IllegalDecision("farming uses yellow dice", code="troyes.farming_colour")
    if decision.kind == CATHEDRAL and any(d.colour != WHITE for d in dice):
        raise IllegalDecision("the cathedral uses white dice", code="troyes.cathedral_colour")
    if decision.kind not in DIVIDED and decision.divisor != 0:
        raise IllegalDecision("only events and action cards have a divisor",
                              code="troyes.no_divisor")
    return dice


def _gain(state: Troyes, decision: Act, dice: list[Die]):
    """The state after what the action gives, and its numbers for the log."""
    seat, p = decision.seat, state.players[decision.seat - 1]
    tracks_board = state.setup.reading.tracks_board
    if decision.kind == FARMING:
        gain = farming(dice)
        return with_player(state, seat, deniers=p.deniers + gain), {"deniers": gain}
    if decision.kind == CATHEDRAL:
        if tracks_board:
            state = tracking.build(state, seat, dice)
        spaces = cathedral(dice)
        influence = gain_influence(p.influence, sum(i for *_, i in spaces))
        return (with_player(state, seat, vp=p.vp + sum(v for _, v, _ in spaces),
                             influence=influence),
                {"vp": len(spaces), "influence": influence - p.influence,
                 "pips": tuple(pip for pip, *_ in spaces)})
    if decision.kind == CITIZEN:  # untracked: where it goes is entered with Citizens
        if not tracks_board:
            return state, {}
        return tracking.citizen(state, seat, dice[0], decision.bumped, decision.origin)
    if decision.kind == EVENT and tracks_board:
        return tracking.event_act(state, seat, dice, decision.event, decision.divisor)
    uses = by_divisor(dice, decision.divisor)
    if decision.kind == EVENT:  # +1 influence per cube placed
        state = with_player(state, seat, influence=gain_influence(p.influence, uses))
    return state, {"uses": uses, "divisor": decision.divisor}


def _legacy_result(decision: Act, fields: dict) -> tuple[str, ...]:
    """What ``last`` said of an action before the log (kept for the screens of old games)."""
    if decision.kind == FARMING:
        return FARMING, str(fields["deniers"])
    if decision.kind == CATHEDRAL:
        return CATHEDRAL, ",".join(map(str, fields["pips"]))
    if decision.kind == CITIZEN:
        return (CITIZEN,)
    return decision.kind, str(fields.get("uses", fields.get("cubes")))


def _act(state: Troyes, decision: Act):
    dice = _check_act(state, decision)
    payments = price(dice, decision.seat)  # also checks 1-3 dice of one colour
    cost = sum(payments.values())
    buyer = state.players[decision.seat - 1]
    if cost > buyer.deniers:
        raise IllegalDecision(f"those dice cost {cost} deniers", code="troyes.cost", cost=cost,
                              deniers=buyer.deniers)
    state = with_player(state, decision.seat, deniers=buyer.deniers - cost)
    for owner, amount in payments.items():
        if owner is not None:
            state = with_player(state, owner, deniers=state.players[owner - 1].deniers + amount)
    state, fields = _gain(state, decision, dice)
    state = replace(state, dice=tuple((i, d) for i, d in state.dice if i not in decision.dice),
                    turn=state.turn + 1, passes_in_a_row=0,
                    last=("acted", str(decision.seat), *_legacy_result(decision, fields),
                          str(cost)))
    said = line(decision.kind, decision.seat, dice=_faces(dice),
                paid=tuple((o or 0, n) for o, n in payments.items()), **fields)
    return (_end_round(state) if not state.dice else state), said


def _reroll(state: Troyes, decision: Reroll):
    (die,) = _own_dice(state, decision.seat, (decision.die,))
    state = spend_influence(state, decision.seat, REROLL_COST)
    rng = Rng(state.seed).fork(f"round-{state.round}-reroll-{state.rerolls}")
    new = Die(die.colour, rng.roll(what=die.colour), die.owner)
    dice = tuple((i, new if i == decision.die else d) for i, d in state.dice)
    return (replace(state, dice=dice, rerolls=state.rerolls + 1,
                    last=("rerolled", str(new.pip))),
            line("rerolled", decision.seat, colour=die.colour, before=die.pip, after=new.pip))


def _flip(state: Troyes, decision: Flip):
    dice = _own_dice(state, decision.seat, decision.dice)
    if not 1 <= len(dice) <= MAX_FLIPPED:
        raise IllegalDecision(f"flip 1 to {MAX_FLIPPED} dice", code="troyes.flip_count", low=1,
                              high=MAX_FLIPPED)
    state = spend_influence(state, decision.seat, FLIP_COST)
    flipped = dict(zip(decision.dice, (d.flipped() for d in dice)))
    return (replace(state, dice=tuple((i, flipped.get(i, d)) for i, d in state.dice),
                    last=("flipped",)),
            line("flipped", decision.seat, dice=tuple((d.colour, d.pip, d.flipped().pip)
                                                      for d in dice)))


def _end_round(state: Troyes) -> Troyes:
    """The round ends: the start player passes left (the citizens pushed out go home), or the
    game ends after the last round."""
    if state.round >= rounds(state.setup.players):
        return replace(state, phase=OVER, dice=())
    return replace(state, round=state.round + 1, phase=INCOME, dice=(), turn=0,
                   passes_in_a_row=0, rerolls=0, bumped=(), reveals=0)


# --- sessions -----------------------------------------------------------------------------------

CODEC = DecisionCodec("Troyes", {
    "income": CollectIncome, "black": BlackDice, "defend": Defend, "fail": Fail, "act": Act,
    "pass": Pass, "reroll": Reroll, "flip": Flip, "citizens": Citizens, "neutral": Neutral,
    "adjust": Adjust, "place": Place, "placement": Placement, "reveal_event": RevealEvent,
    "cubes": Cubes, "look": Look})
encode = CODEC.encode


class TroyesRules(Engine[Troyes, Decision, TroyesView]):
    """A Troyes game as a session: config = players, citizens, neutral citizens, first, rules
    (the rulebook reading's number, readings.py: ``CURRENT`` for new games; a config without it
    was kept under the oldest), ``scores_shown`` (the table's house rule: VP shown in play).

    ``legal`` lists every decision ``apply`` accepts, except the numbers the table reports,
    which no list holds (``open_kinds``): citizens and corrections (``Citizens``, ``Neutral``,
    ``Adjust``: not listed) and the divisor printed on an event or action card (``Act``: listed
    with the divisors the board offers, ``DIVISORS``); ``is_legal`` answers for those by trying.
    """

    game_id = "troyes"
    codec = CODEC
    open_kinds = (Act, Citizens, Neutral, Adjust, Placement, RevealEvent, Cubes)
    apply = staticmethod(apply)
    apply_trusted = apply  # its checks are a few comparisons, never a legal list
    rolls_dice = True

    def initial(self, config: Mapping[str, Any], seed: int | Seed) -> Troyes:
        return start(TroyesSetup(config["players"], tuple(map(tuple, config["citizens"])),
                                 tuple(config.get("neutral", (0, 0, 0))),
                                 config.get("first", 1), config.get("rules", OLDEST.number),
                                 config.get("scores_shown", False) is True), seed)

    def legal(self, state: Troyes) -> tuple[Decision, ...]:
        return tuple(legal(state))

    def offered(self, state: Troyes) -> frozenset[type]:
        return offered(state)

    def view(self, state: Troyes, seat: int | None) -> TroyesView:
        """What ``seat`` may know (None: the whole table): everything but the other players'
        VP where the scores are secret (view.py)."""
        return view(state, seat)

    def progress(self, state: Troyes) -> dict[str, int]:
        return {"round": state.round}

    def outcome(self, state: Troyes) -> Outcome:
        return Outcome(state.finished, {"game": self.game_id, "rounds": state.round})
