"""How to trigger each troyes rule error code (tests/test_error_codes.py): code -> a call
that raises it."""

from __future__ import annotations

from companion.rng import Rng
from companion.troyes import defence
from companion.troyes.dice import BLACK, RED, WHITE, YELLOW, Die, by_divisor, price, roll_board
from companion.troyes.economy import pay_wages, rounds
from companion.troyes.game import (Act, Adjust, BlackDice, Citizens, CollectIncome, Defend, Fail,
                                   Flip, Pass, Reroll, TroyesSetup, apply, start)
from companion.troyes.scoring import TroyesPlayer, read_players, validate

SETUP = TroyesSetup(players=2, citizens=((2, 1, 1), (1, 2, 1)), neutral=(1, 1, 1))


def income():
    return start(SETUP, 3)


def events():
    return apply(income(), CollectIncome())


def defending():
    """Seat 1 faces the black dice."""
    return apply(events(), BlackDice(2))


def actions():
    """Seat 1's turn, with no black dice."""
    return apply(events(), BlackDice(0))


def die(state, colour=None, owner=1):
    return next(i for i, d in state.dice if d.owner == owner and colour in (None, d.colour))


def over():
    state = start(TroyesSetup(players=2, citizens=((1, 0, 0), (1, 0, 0))), 1)
    while not state.finished:
        state = apply(apply(state, CollectIncome()), BlackDice(0))
        state = apply(apply(state, Pass(state.actor)), Pass(state.actor % 2 + 1))
    return state


def poor(state, seat=1):
    return apply(state, Adjust(seat, deniers=-100, influence=-100))


def weak_defence():
    """Seat 1 tries its lowest die against the highest black die, which it does not reach."""
    state = defending()
    low = min(state.district(1), key=lambda p: p[1].defence_value)
    return Defend(1, (low[0],), len(state.defence.black))


def passed():
    """Seat 1 passed, seat 2 acted: seat 1's turn again."""
    state = apply(actions(), Pass(1))
    return apply(state, Act(2, (die(state, owner=2),), "card", 3))


def _black(n):
    return Die(BLACK, n)


def _scoring_players(**changes):
    """Two players with one character card each; A's entry changed."""
    return [TroyesPlayer("A", **{"character_points": (0,), **changes}),
            TroyesPlayer("B", character_points=(0,))]


TRIGGERS = {
    "troyes.players": lambda: rounds(5),
    "troyes.setup_citizens": lambda: TroyesSetup(players=3, citizens=((1, 1, 1),)),
    "troyes.setup_first": lambda: TroyesSetup(2, ((1, 1, 1), (1, 1, 1)), first=3),
    "troyes.no_seat": lambda: apply(income(), Adjust(3, vp=1)),
    "troyes.no_die": lambda: apply(actions(), Act(1, (99,), "event", 2)),
    "troyes.own_dice": lambda: apply(actions(), Reroll(1, die(actions(), owner=2))),
    "troyes.game_over": lambda: apply(over(), CollectIncome()),
    "troyes.citizens_negative": lambda: apply(income(), Citizens(1, -1, 0, 0)),
    "troyes.income_first": lambda: apply(income(), BlackDice(1)),
    "troyes.events_first": lambda: apply(events(), CollectIncome()),
    "troyes.black_count": lambda: apply(events(), BlackDice(13)),
    "troyes.defending": lambda: apply(defending(), Pass(1)),
    "troyes.defend_count": lambda: apply(defending(), Defend(1, (die(defending()),), 0)),
    "troyes.turn": lambda: apply(actions(), Pass(2)),
    "troyes.actions": lambda: apply(actions(), Fail(1)),
    "troyes.die_twice": lambda: apply(actions(), Flip(1, (0, 0))),
    "troyes.unknown_action": lambda: apply(actions(), Act(1, (0,), "dance")),
    "troyes.citizen_one_die": lambda: apply(actions(), Act(1, (0, 1), "citizen")),
    "troyes.farming_colour": lambda: apply(actions(), Act(1, (die(actions(), RED),), "farming")),
    "troyes.cathedral_colour": lambda: apply(actions(), Act(1, (die(actions(), RED),),
                                                            "cathedral")),
    "troyes.no_divisor": lambda: apply(actions(), Act(1, (die(actions(), YELLOW),), "farming",
                                                      3)),
    "troyes.cost": lambda: apply(poor(actions()), Act(1, (die(actions(), owner=2),), "card", 3)),
    "troyes.influence": lambda: apply(poor(actions()), Reroll(1, die(actions()))),
    "troyes.flip_count": lambda: apply(actions(), Flip(1, ())),
    "troyes.wages_negative": lambda: pay_wages(-1, 0, 0),
    "troyes.dice_count": lambda: apply(actions(), Act(1, (), "event", 2)),
    "troyes.dice_colour": lambda: price([Die(YELLOW, 2, 1), Die(WHITE, 3, 1)], 1),
    "troyes.divisor": lambda: by_divisor([Die(RED, 4, 1)], 0),
    "troyes.roll_players": lambda: roll_board((1,), (1,), (1,), (0, 0, 0), 0, Rng(1)),
    "troyes.roll_neutral": lambda: roll_board((1, 1), (1, 1), (1, 1), (0, 0), 0, Rng(1)),
    "troyes.roll_citizens": lambda: roll_board((1, -1), (1, 1), (1, 1), (0, 0, 0), 0, Rng(1)),
    "troyes.roll_black": lambda: roll_board((1, 1), (1, 1), (1, 1), (0, 0, 0), -1, Rng(1)),
    "troyes.defence_over": lambda: defence.apply(defence.start(1, [(), ()], []),
                                                 defence.Fail(1)),
    "troyes.highest_black": lambda: defence.apply(
        defence.start(1, [(Die(RED, 6, 1),), ()], [_black(5), _black(3)]),
        defence.Defend(1, (Die(RED, 6, 1),), (_black(3),))),
    "troyes.must_defend": lambda: defence.apply(
        defence.start(1, [(Die(RED, 6, 1),), ()], [_black(3)]), defence.Fail(1)),
    "troyes.passed": lambda: apply(passed(), Reroll(1, die(passed()))),
    "troyes.defence_short": lambda: apply(defending(), weak_defence()),
    "troyes.scoring.cards": lambda: validate([TroyesPlayer("A", character_points=(1,)),
                                             TroyesPlayer("B")]),
    "troyes.scoring.character_points": lambda: validate(_scoring_players(
        character_points=(-1,))),
    "troyes.scoring.levels": lambda: validate(_scoring_players(cathedral_levels=(4,))),
    "troyes.scoring.input": lambda: read_players([]),
}
