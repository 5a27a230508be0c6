"""RULES.md §2 (Troyes), round by round: income and wages, the roll, black dice and defence,
actions with bought dice, influence, passing, the end of a round and of the game; seeded random
games keep their invariants and replay exactly from a session."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalDecision
from companion.session import Session
from companion.troyes.game import (ACTIONS, DEFENCE, EVENTS, INCOME, OVER, Act, Adjust, BlackDice,
                                   Citizens, CollectIncome, Defend, Fail, Flip, Pass, Reroll,
                                   TroyesRules, TroyesSetup, apply, encode, legal, start, wages)

SETUP = TroyesSetup(players=3, citizens=((2, 1, 1), (1, 2, 1), (1, 1, 2)), neutral=(1, 1, 1),
                     rules=2)


def to_actions(state, black=0):
    state = apply(apply(state, CollectIncome()), BlackDice(black))
    return state


def test_income_is_ten_then_wages_by_building():
    state = start(SETUP, 1)
    assert [w.due for w in wages(state)] == [3, 4, 5]  # bishopric 1 each, palace 2 each
    state = apply(state, CollectIncome())
    assert [p.deniers for p in state.players] == [12, 11, 10] and state.phase == EVENTS


def test_who_cannot_pay_wages_pays_everything_and_loses_two_vp():
    setup = TroyesSetup(players=2, citizens=((0, 4, 4), (1, 0, 0)), rules=2)
    state = apply(apply(start(setup, 1), Adjust(1, vp=3)), Adjust(1, deniers=-5))
    assert wages(state)[0].short
    state = apply(state, CollectIncome())
    assert (state.players[0].deniers, state.players[0].vp) == (0, 1)


def test_the_roll_gives_one_die_per_citizen_and_neutral_citizen():
    state = apply(start(SETUP, 4), CollectIncome())
    owners = Counter(d.owner for _, d in state.dice)
    assert owners == Counter({1: 4, 2: 4, 3: 4, None: 3})


def test_black_dice_then_defence_from_the_start_player():
    state = apply(apply(start(SETUP, 2), CollectIncome()), BlackDice(2))
    assert state.phase == DEFENCE and state.actor == 1  # round 1: seat 1 starts
    assert Fail(1) not in legal(state)  # seat 1's dice reach the 5: it must defend
    option = next(d for d in legal(state) if isinstance(d, Defend) and d.black == (0,))
    state = apply(state, option)
    assert state.players[0].influence == 5
    assert state.actor == 2
    option = next(d for d in legal(state) if isinstance(d, Defend))
    before = len(state.district(2))
    state = apply(state, option)
    assert state.phase == ACTIONS and state.players[1].influence == 5
    assert len(state.district(2)) == before - len(option.dice)


def test_bought_dice_are_paid_to_their_owner_and_neutral_ones_to_the_bank():
    state = to_actions(start(SETUP, 5))
    other = next(i for i, d in state.dice if d.owner == 2 and d.colour == "yellow")
    neutral = next(i for i, d in state.dice if d.owner is None and d.colour == "yellow")
    before = [p.deniers for p in state.players]
    state = apply(state, Act(1, (other, neutral), "farming"))
    farmed = state.last[3]
    assert state.players[1].deniers == before[1] + 4  # 4 each in a 2-die action
    assert state.players[0].deniers == before[0] - 8 + int(farmed)
    assert other not in dict(state.dice) and neutral not in dict(state.dice)


def test_an_action_nobody_can_afford_is_refused():
    state = apply(to_actions(start(SETUP, 5)), Adjust(1, deniers=-100))
    other = next(i for i, d in state.dice if d.owner == 2)
    with pytest.raises(IllegalDecision, match="cost"):
        apply(state, Act(1, (other,), "event", 3))


def test_cathedral_gives_vp_and_influence_and_events_influence_per_cube():
    state = to_actions(start(SETUP, 6))
    white = next(i for i, d in state.dice if d.owner == 1 and d.colour == "white")
    pip = state.die(white).pip
    state = apply(state, Act(1, (white,), "cathedral"))
    assert state.players[0].vp == 1 and state.players[0].influence == 4 + (1 if pip <= 3 else 2)
    red = next(i for i, d in state.dice if d.owner == 2 and d.colour == "red")
    cubes = state.die(red).pip // 2
    state = apply(state, Act(2, (red,), "event", 2))
    assert state.players[1].influence == 4 + cubes


def test_wrong_colour_for_farming_or_the_cathedral_is_refused():
    state = to_actions(start(SETUP, 6))
    red = next(i for i, d in state.dice if d.owner == 1 and d.colour == "red")
    for kind in ("farming", "cathedral"):
        with pytest.raises(IllegalDecision):
            apply(state, Act(1, (red,), kind))


def test_influence_rerolls_and_flips_own_dice_only():
    state = to_actions(start(SETUP, 7))
    own = [i for i, _ in state.district(1)]
    other = next(i for i, _ in state.district(2))
    state = apply(state, Reroll(1, own[0]))
    assert state.players[0].influence == 3
    with pytest.raises(IllegalDecision):
        apply(state, Reroll(1, other))
    pips = [state.die(i).pip for i in own[:2]]
    state = apply(apply(state, Adjust(1, influence=2)), Flip(1, tuple(own[:2])))
    assert [state.die(i).pip for i in own[:2]] == [7 - p for p in pips]
    assert state.players[0].influence == 1


def test_passing_pays_two_then_one_and_the_round_ends_when_all_pass_in_a_row():
    state = to_actions(start(SETUP, 8))
    deniers = [p.deniers for p in state.players]
    for seat in (1, 2, 3):
        state = apply(state, Pass(seat))
    assert state.phase == INCOME and state.round == 2
    assert [p.deniers for p in state.players] == [d + 2 for d in deniers]
    state = to_actions(state)
    assert state.actor == 2  # the start player passed left
    with pytest.raises(IllegalDecision, match="seat 2"):
        apply(state, Pass(1))


def test_a_later_pass_pays_one():
    state = to_actions(start(SETUP, 8))
    state = apply(apply(state, Pass(1)), Pass(2))
    die = next(i for i, d in state.dice if d.owner == 3)
    state = apply(state, Act(3, (die,), "card", 6))
    before = state.players[0].deniers
    state = apply(state, Pass(1))
    assert state.players[0].deniers == before + 1


def test_the_game_ends_after_the_last_round():
    state = start(TroyesSetup(players=2, citizens=((1, 0, 0), (1, 0, 0)), rules=2), 9)
    for _ in range(4):
        state = to_actions(state)
        for _ in range(2):
            state = apply(state, Pass(state.actor))
    assert state.phase == OVER
    with pytest.raises(IllegalDecision):
        apply(state, CollectIncome())


def test_citizens_placed_change_the_next_roll():
    state = apply(start(SETUP, 10), Citizens(1, 3, 0, 0))
    state = apply(state, CollectIncome())
    assert Counter(d.colour for _, d in state.district(1)) == Counter(yellow=3)


def random_game(seed: int, players: int):
    rng = random.Random(seed)
    setup = TroyesSetup(players, tuple((rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 2))
                                       for _ in range(players)),
                        (rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 2)),
                        rng.randint(1, players), rules=2)
    state, decisions, seen = start(setup, seed), [], set()
    while state.phase != OVER:
        if state.phase == EVENTS:  # a fresh roll: no die id is reused within a round
            ids = [i for i, _ in state.dice]
            assert len(ids) == len(set(ids))
            total = sum(sum(p.citizens) for p in state.players) + sum(setup.neutral)
            assert len(ids) == total
            seen = set()
        options = legal(state)
        decision = rng.choice(options)
        if isinstance(decision, Act):
            assert not set(decision.dice) & seen
            seen |= set(decision.dice)
        state = apply(state, decision)
        decisions.append(decision)
        assert all(p.deniers >= 0 and p.vp >= 0 and 0 <= p.influence <= 20
                   for p in state.players)
    return setup, state, decisions


@given(st.integers(0, 2 ** 32), st.integers(2, 4))
@settings(max_examples=60, deadline=None)
def test_random_games_keep_their_invariants_and_replay_from_a_session(seed, players):
    setup, final, decisions = random_game(seed, players)
    config = {"players": setup.players, "citizens": [list(c) for c in setup.citizens],
              "neutral": list(setup.neutral), "first": setup.first, "rules": setup.rules}
    stored = tuple(json.loads(json.dumps(encode(d))) for d in decisions)
    assert Session("troyes", config, seed, stored).replay(TroyesRules()) == final


def test_placing_a_citizen_uses_exactly_one_die_of_any_colour():
    state = to_actions(start(SETUP, 11))
    own = [i for i, _ in state.district(1)]
    with pytest.raises(IllegalDecision, match="exactly one die"):
        apply(state, Act(1, tuple(own[:2]), "citizen"))
    state = apply(state, Act(1, (own[0],), "citizen"))
    assert state.last[:3] == ("acted", "1", "citizen")
    state = apply(state, Citizens(1, 3, 1, 1))
    assert state.players[0].citizens == (3, 1, 1)


def test_neutral_citizens_can_change_and_roll_their_dice():
    from companion.troyes.game import Neutral

    state = apply(start(SETUP, 12), Neutral(0, 2, 0))
    state = apply(state, CollectIncome())
    assert Counter(d.colour for _, d in state.district(None)) == Counter(white=2)


def test_a_seat_off_the_table_is_refused_not_taken_for_another():
    state = start(SETUP, 13)
    for decision in (Adjust(0, vp=3), Adjust(4, vp=3), Citizens(0, 1, 1, 1)):
        with pytest.raises(IllegalDecision) as caught:
            apply(state, decision)
        assert caught.value.code == "troyes.no_seat"
    assert all(p.vp == 0 for p in state.players)


def test_a_choice_of_dice_is_one_decision_whatever_the_tapping_order():
    assert Act(1, (5, 2, 3), "card", 3) == Act(1, (2, 3, 5), "card", 3)
    assert Flip(1, (4, 1)) == Flip(1, (1, 4)) and Defend(1, (3, 0), 1) == Defend(1, (0, 3), 1)
    assert encode(Act(1, (5, 2), "event", 2))["dice"] == [2, 5]


def test_only_events_and_cards_take_a_divisor_and_the_black_dice_stop_at_twelve():
    state = to_actions(start(SETUP, 6))
    yellow = next(i for i, d in state.dice if d.owner == 1 and d.colour == "yellow")
    with pytest.raises(IllegalDecision, match="divisor"):
        apply(state, Act(1, (yellow,), "farming", 3))
    events = apply(start(SETUP, 6), CollectIncome())
    assert apply(events, BlackDice(12)).phase == DEFENCE
    with pytest.raises(IllegalDecision) as caught:
        apply(events, BlackDice(13))
    assert caught.value.fields == {"low": 0, "high": 12}


def test_the_view_says_what_the_selected_dice_cost_and_give():
    from companion.troyes.game import view

    state = to_actions(start(SETUP, 5))
    other = next(i for i, d in state.dice if d.owner == 2 and d.colour == "yellow")
    neutral = next(i for i, d in state.dice if d.owner is None and d.colour == "yellow")
    preview = view(state).preview([other, neutral])
    assert preview.payments == ((2, 4), (None, 4))
    after = apply(state, Act(1, (other, neutral), "farming"))
    assert after.last[3] == str(preview.farming) and preview.cathedral is None
    with pytest.raises(IllegalDecision) as caught:
        view(state).preview([])
    assert caught.value.code == "troyes.dice_count"


def test_the_view_carries_the_defence_suggestion_and_the_character_cards():
    from companion.troyes.game import view

    state = apply(apply(start(SETUP, 2), CollectIncome()), BlackDice(2))
    seen = view(state)
    assert seen.character_cards == 3 and seen.rounds == 5 and seen.max_black == 12
    if seen.suggestion:
        assert Defend(1, seen.suggestion, 1) in legal(state)
        assert seen.defence_sum(seen.suggestion, 1).enough
    assert TroyesRules().view(state, 2) == seen


def test_outcome_is_what_history_keeps():
    state = start(TroyesSetup(players=2, citizens=((1, 0, 0), (1, 0, 0)), rules=2), 9)
    assert TroyesRules().outcome(state).finished is False
    for _ in range(4):
        state = to_actions(state)
        for _ in range(2):
            state = apply(state, Pass(state.actor))
    assert TroyesRules().outcome(state).result == {"game": "troyes", "rounds": 4}
