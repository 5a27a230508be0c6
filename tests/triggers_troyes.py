"""How to trigger each troyes rule error code (tests/test_error_codes.py): code -> a call
that raises it."""

from __future__ import annotations

from companion.rng import Rng
from companion.troyes import defence
from companion.troyes.dice import BLACK, RED, WHITE, YELLOW, Die, by_divisor, price, roll_board
from companion.troyes.economy import pay_wages, rounds
from dataclasses import replace

from companion.troyes.game import (Act, Adjust, BlackDice, Citizens, CollectIncome, Cubes, Defend,
                                   Fail, Flip, Look, Pass, Place, Reroll, RevealEvent, TroyesSetup,
                                   apply, start)
from companion.troyes.reveals import PLUNDER, prefill
from companion.troyes.scoring import TroyesPlayer, read_players, validate

SETUP = TroyesSetup(players=2, citizens=((2, 1, 1), (1, 2, 1)), neutral=(1, 1, 1),
                    rules=2)


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
    state = start(TroyesSetup(players=2, citizens=((1, 0, 0), (1, 0, 0)), rules=2), 1)
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


# --- rules 3: the placement, the limits, the cathedral and the event cards ----------------------

FULL = TroyesSetup(players=2, citizens=((2, 2, 2), (2, 2, 2)), neutral=(2, 2, 2), rules=5)
"""Every building full: 2 + 2 players' citizens and 2 neutral in each."""
NO_PALACE = TroyesSetup(players=2, citizens=((2, 2, 2), (3, 3, 0)), neutral=(1, 1, 4), rules=5)


def tracked(setup=FULL, cards=()):
    """Seat 1's turn in a rules-3 game, no black dice; ``cards`` (RevealEvent) entered."""
    state = apply(start(setup, 3), CollectIncome())
    for card in cards:
        state = apply(state, card)
    return apply(state, BlackDice(0))


RED_CARD = RevealEvent("red", divisor=2, flags=3, first=4, second=2)


def revealing(*kinds):
    """A rules-6 game's events phase (the cards asked as revealed) after ``kinds`` entered."""
    state = apply(start(replace(FULL, rules=6), 3), CollectIncome())
    for kind in kinds:
        state = apply(state, prefill(kind))
    return state


def red_event_act(state, **fields):
    return Act(1, (die(state, RED),), "event", **fields)


def bumped_twice():
    """Seat 1 pushed seat 2's citizen out of the Palace, seat 2 passed: seat 1 again."""
    state = tracked()
    state = apply(state, Act(1, (die(state, RED),), "citizen", bumped=2))
    state = apply(state, Pass(2))
    return apply(state, Act(1, (die(state, RED),), "citizen", bumped=2))


def full_cathedral():
    state = tracked()
    return apply(replace(state, cathedral=((1, 1, 1),) * 6),
                 Act(1, (die(state, WHITE),), "cathedral"))


def _black(n):
    return Die(BLACK, n)


def _scoring_players(**changes):
    """Two players with the 2-player game's four character cards; A's entry changed."""
    return [TroyesPlayer("A", **{"character_points": (0,) * 4, **changes}),
            TroyesPlayer("B", character_points=(0,) * 4)]


TRIGGERS = {
    "troyes.players": lambda: rounds(5),
    "troyes.already_bumped": bumped_twice,
    "troyes.building_full": lambda: apply(tracked(), Act(1, (die(tracked(), RED),), "citizen")),
    "troyes.bumped_none": lambda: apply(tracked(NO_PALACE), Act(1, (die(tracked(NO_PALACE),
                                                                        RED),),
                                                                "citizen", bumped=2)),
    "troyes.cathedral_full": full_cathedral,
    "troyes.citizens_max": lambda: apply(tracked(), Citizens(1, 13, 0, 0)),
    "troyes.event_card": lambda: apply(tracked(), RevealEvent("red", 0, 3, 4, 2)),
    "troyes.event_colour_name": lambda: apply(tracked(), RevealEvent("green", 2, 3, 4, 2)),
    "troyes.event_deck": lambda: apply(tracked(), RevealEvent("red", 2, 3, 4, 2, deck="blue")),
    "troyes.plunder_first": lambda: apply(revealing(), BlackDice(0)),
    "troyes.red_first": lambda: apply(revealing(PLUNDER), prefill(WHITE)),
    "troyes.named_first": lambda: apply(revealing(PLUNDER, RED), BlackDice(1)),
    "troyes.event_colour": lambda: apply(
        tracked(cards=(RED_CARD,)),
        Act(1, (die(tracked(), YELLOW),), "event", event=1)),
    "troyes.event_divisor": lambda: apply(tracked(cards=(RED_CARD,)),
                                          red_event_act(tracked(), event=1, divisor=3)),
    "troyes.event_flags": lambda: apply(tracked(cards=(RED_CARD,)), Cubes(1, 0, 4)),
    "troyes.no_event": lambda: apply(tracked(), red_event_act(tracked(), event=9)),
    "troyes.not_tracked": lambda: apply(actions(), RED_CARD),
    "troyes.supply_not_kept": lambda: apply(actions(), Adjust(1, supply=1)),
    "troyes.scores_shown": lambda: apply(actions(), Look(1)),
    "troyes.one_plunder": lambda: apply(tracked(cards=(replace(RED_CARD, plunder=True),)),
                                        replace(RED_CARD, plunder=True)),
    "troyes.no_building": lambda: apply(start(TroyesSetup(2, ((0, 0, 0), (0, 0, 0)),
                                                          (2, 2, 2)), 1), Place(1, 3)),
    "troyes.placing": lambda: apply(start(TroyesSetup(2, ((0, 0, 0), (0, 0, 0)), (2, 2, 2)), 1),
                                    CollectIncome()),
    "troyes.no_citizen_there": lambda: apply(
        apply(tracked(NO_PALACE), Pass(1)),
        Act(2, (die(tracked(NO_PALACE), YELLOW, owner=2),), "citizen", origin=2)),
    "troyes.setup_count": lambda: TroyesSetup(2, ((1, 1, 1), (2, 2, 2)), (2, 2, 2)),
    "troyes.setup_neutral": lambda: TroyesSetup(2, ((2, 2, 2), (2, 2, 2)), (1, 1, 1)),
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
                                                 defence.NoDefence(1)),
    "troyes.highest_black": lambda: defence.apply(
        defence.start(1, [(Die(RED, 6, 1),), ()], [_black(5), _black(3)]),
        defence.Defence(1, (Die(RED, 6, 1),), (_black(3),))),
    "troyes.must_defend": lambda: defence.apply(
        defence.start(1, [(Die(RED, 6, 1),), ()], [_black(3)]), defence.NoDefence(1)),
    "troyes.passed": lambda: apply(passed(), Reroll(1, die(passed()))),
    "troyes.defence_short": lambda: apply(defending(), weak_defence()),
    "troyes.scoring.cards": lambda: validate([TroyesPlayer("A", character_points=(1,)),
                                             TroyesPlayer("B")]),
    "troyes.scoring.character_points": lambda: validate(_scoring_players(
        character_points=(-1, 0, 0, 0))),
    "troyes.scoring.card_count": lambda: validate([TroyesPlayer("A", character_points=(0,)),
                                                   TroyesPlayer("B", character_points=(0,))]),
    "troyes.scoring.levels": lambda: validate(_scoring_players(cathedral_levels=(4,))),
    "troyes.scoring.input": lambda: read_players([]),
}
