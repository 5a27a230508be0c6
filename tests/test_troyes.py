"""RULES.md §2 (Troyes): dice, prices, yields, defence, wages, rounds, final scoring, and the
``roll troyes`` / ``score troyes`` commands."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalDecision
from companion.rng import Rng
from companion.troyes import defence
from companion.troyes.dice import (BLACK, RED, WHITE, YELLOW, Die, beats, by_divisor, cathedral,
                                   defence_cost, defence_order, farming, flip, price, reroll,
                                   roll_board, suggest_defence)
from companion.troyes.economy import (gain_influence, lose_vp, pass_income, pay_wages, rounds,
                                      start_player)
from companion.troyes.scoring import TroyesPlayer, TroyesScoringError, score_game, score_player
from conftest import ROOT


def y(pip, owner=1):
    return Die(YELLOW, pip, owner)


def w(pip, owner=1):
    return Die(WHITE, pip, owner)


def r(pip, owner=1):
    return Die(RED, pip, owner)


def b(pip):
    return Die(BLACK, pip)


# --- rolling ---------------------------------------------------------------------------------

def test_dice_follow_the_citizens_yellow_town_hall_white_bishopric_red_palace():
    board = roll_board((2, 0, 1), (1, 3, 0), (0, 1, 2), (1, 0, 2), 4, Rng(1))
    colours = [Counter(d.colour for d in board.district(s)) for s in (1, 2, 3)]
    assert colours == [Counter(yellow=2, white=1), Counter(white=3, red=1),
                       Counter(yellow=1, red=2)]
    assert Counter(d.colour for d in board.neutral) == Counter(yellow=1, red=2)
    assert len(board.black) == 4 and all(d.colour == BLACK for d in board.black)
    assert all(d.owner == s for s in (1, 2, 3) for d in board.district(s))
    assert all(d.owner is None for d in board.neutral)


def test_the_same_seed_rolls_the_same_dice():
    args = ((2, 1), (1, 1), (1, 0), (1, 1, 1), 2)
    assert roll_board(*args, Rng(9)) == roll_board(*args, Rng(9))
    assert roll_board(*args, Rng(9)) != roll_board(*args, Rng(10))


@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6)),
                min_size=2, max_size=4), st.tuples(st.integers(0, 4), st.integers(0, 4),
                                                   st.integers(0, 4)),
       st.integers(0, 8), st.integers(0, 2 ** 32))
@settings(max_examples=200)
def test_dice_counts_always_match_citizens(citizens, neutral, black, seed):
    th, bi, pa = zip(*citizens)
    board = roll_board(th, bi, pa, neutral, black, Rng(seed))
    for seat, (a, c, e) in enumerate(citizens, start=1):
        got = Counter(d.colour for d in board.district(seat))
        assert (got[YELLOW], got[WHITE], got[RED]) == (a, c, e)
    assert len(board.neutral) == sum(neutral) and len(board.black) == black
    assert all(1 <= d.pip <= 6 for s in board.players for d in s)


def test_dice_are_fair_chi_square_over_a_large_seeded_sample():
    """60,000 dice: the chi-square statistic of the pip counts stays below the 0.1 % critical
    value for 5 degrees of freedom (20.52). Counts, not timing."""
    rng = Rng(2026)
    counts = Counter()
    for _ in range(1000):
        board = roll_board((6, 6, 6, 6), (6, 6, 6, 6), (3, 3, 3, 3), (0, 0, 0), 12, rng)
        counts.update(d.pip for s in board.players for d in s)
        counts.update(d.pip for d in board.black)
    total = sum(counts.values())
    expected = total / 6
    chi2 = sum((counts[p] - expected) ** 2 / expected for p in range(1, 7))
    assert total == 1000 * 72 and chi2 < 20.52


def test_bad_citizen_counts_are_refused():
    with pytest.raises(IllegalDecision, match="one number per player"):
        roll_board((1,), (1,), (1,), (0, 0, 0), 0, Rng(1))
    with pytest.raises(IllegalDecision, match="0 or more"):
        roll_board((1, -1), (1, 1), (1, 1), (0, 0, 0), 0, Rng(1))


# --- actions: prices and yields -------------------------------------------------------------------

@pytest.mark.parametrize("dice, expected", [
    ([y(3, 2)], {2: 2}),  # 1-die action: 2 deniers per bought die
    ([y(3, 2), y(4, 3)], {2: 4, 3: 4}),  # 2 dice: 4 each
    ([y(3, 2), y(4, 2), y(1, None)], {2: 12, None: 6}),  # 3 dice: 6 each; neutral to the bank
    ([y(3, 1), y(4, 2)], {2: 4}),  # own dice are free
    ([y(3, 1)], {}),
])
def test_prices_per_bought_die_depend_on_the_dice_in_the_action(dice, expected):
    assert price(dice, buyer=1) == expected


def test_an_action_uses_one_to_three_dice_of_one_colour():
    for dice in ([], [y(1), y(2), y(3), y(4)], [y(1), w(2)], [b(3)]):
        with pytest.raises(IllegalDecision):
            price(dice, buyer=1)


@pytest.mark.parametrize("pips, deniers", [((1,), 0), ((5,), 2), ((3, 4), 3), ((6, 6, 5), 8)])
def test_farming_gives_half_the_sum_rounded_down(pips, deniers):
    assert farming([y(p) for p in pips]) == deniers


def test_cathedral_one_vp_and_one_or_two_influence_by_pip():
    assert cathedral([w(1), w(3), w(4)]) == [(1, 1, 1), (3, 1, 1), (4, 1, 2)]
    assert cathedral([w(6)]) == [(6, 1, 2)]


@pytest.mark.parametrize("pips, divisor, cubes", [((6,), 4, 1), ((3,), 4, 0), ((6, 5, 4), 4, 3),
                                                  ((6, 6), 5, 2), ((2, 2), 3, 1)])
def test_event_cubes_and_card_uses_are_the_sum_divided_rounded_down(pips, divisor, cubes):
    assert by_divisor([r(p) for p in pips], divisor) == cubes
    with pytest.raises(IllegalDecision):
        by_divisor([r(3)], 0)


def test_influence_works_only_on_own_dice():
    assert flip([y(2), w(6)], seat=1) == (y(5), w(1))
    with pytest.raises(IllegalDecision):
        flip([y(2, 2)], seat=1)
    with pytest.raises(IllegalDecision):
        flip([y(1), y(2), y(3), y(4)], seat=1)
    assert 1 <= reroll(y(2), 1, Rng(3)).pip <= 6
    with pytest.raises(IllegalDecision):
        reroll(y(2, None), 1, Rng(3))


# --- defence ---------------------------------------------------------------------------------------

def test_red_dice_count_double_in_defence():
    assert beats([r(3)], [b(6)]) and not beats([y(3), w(2)], [b(6)])
    assert beats([y(3), w(3)], [b(6)])


def test_black_dice_are_faced_highest_first_from_the_start_player_leftwards():
    order = defence_order(start=3, players=4, black=[b(2), b(6), b(4), b(5), b(1)])
    assert order == [(3, b(6)), (4, b(5)), (1, b(4)), (2, b(2)), (3, b(1))]


def test_a_defence_gains_one_influence_per_black_die_and_may_take_several():
    state = defence.start(2, [(y(6), w(5)), (r(6), y(1))], [b(3), b(6), b(2)])
    assert (state.defender, state.facing) == (2, b(6))
    with pytest.raises(IllegalDecision, match="highest"):
        defence.apply(state, defence.Defence(2, (r(6),), (b(3),)))
    state = defence.apply(state, defence.Defence(2, (r(6),), (b(6), b(3))))  # 12 >= 9
    assert state.influence == (0, 2) and state.dice[1] == (y(1),)
    assert (state.defender, state.facing) == (1, b(2))


def test_failing_a_black_die_costs_two_vp_and_keeps_the_dice():
    state = defence.start(1, [(y(1),), (w(1),)], [b(5)])
    with pytest.raises(IllegalDecision, match="do not reach"):
        defence.apply(state, defence.Defence(1, (y(1),), (b(5),)))
    state = defence.apply(state, defence.NoDefence(1))
    assert state.finished and state.vp == (-2, 0) and state.dice[0] == (y(1),)


def test_dice_used_in_a_defence_are_gone_and_cannot_be_used_twice():
    state = defence.start(1, [(w(6),), (w(1),)], [b(3), b(2), b(1)])
    state = defence.apply(state, defence.Defence(1, (w(6),), (b(3),)))
    state = defence.apply(state, defence.NoDefence(2))
    assert state.defender == 1
    with pytest.raises(IllegalDecision, match="own district"):
        defence.apply(state, defence.Defence(1, (w(6),), (b(1),)))


@st.composite
def own_dice(draw):
    n = draw(st.integers(0, 7))
    return [Die(draw(st.sampled_from([YELLOW, WHITE, RED])), draw(st.integers(1, 6)), 1)
            for _ in range(n)]


@given(own_dice(), st.integers(1, 6))
@settings(max_examples=300)
def test_the_defence_suggestion_beats_its_black_die_and_nothing_cheaper_does(dice, pip):
    suggestion = suggest_defence(dice, b(pip))
    every = [c for n in range(1, len(dice) + 1) for c in combinations(dice, n)]
    winning = [c for c in every if sum(d.defence_value for d in c) >= pip]
    if suggestion is None:
        assert winning == []
        return
    assert beats(suggestion, [b(pip)]) and not Counter(suggestion) - Counter(dice)
    assert defence_cost(suggestion) == min(defence_cost(c) for c in winning)


# --- the economy -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players, count", [(2, 4), (3, 5), (4, 6)])
def test_rounds_by_player_count(players, count):
    assert rounds(players) == count


def test_the_start_player_passes_left_each_round():
    assert [start_player(3, n, 4) for n in range(1, 7)] == [3, 4, 1, 2, 3, 4]


def test_wages_one_per_bishopric_citizen_two_per_palace_none_for_the_town_hall():
    paid = pay_wages(deniers=2, bishopric=3, palace=2)  # 12 deniers, 7 due
    assert (paid.due, paid.deniers, paid.short, paid.vp) == (7, 5, False, 0)


def test_a_wage_shortfall_pays_everything_and_costs_two_vp():
    paid = pay_wages(deniers=1, bishopric=5, palace=4)  # 11 deniers, 13 due
    assert (paid.paid, paid.deniers, paid.short, paid.vp) == (11, 0, True, -2)
    assert lose_vp(1, 2) == 0  # never below 0


def test_passing_gives_two_deniers_then_one_each_later_turn():
    assert [pass_income(n) for n in range(4)] == [2, 1, 1, 1]


def test_influence_is_capped_at_twenty():
    assert gain_influence(19, 3) == 20 and gain_influence(4, 2) == 6


# --- final scoring ---------------------------------------------------------------------------------

def test_final_score_adds_tokens_events_workers_characters_and_costs_cathedral_levels():
    mina = TroyesPlayer("Mina", tokens=18, unresolved_events=2, worker_vp=4,
                        cathedral_levels=(1,), character_points=(5, 3))
    s = score_player(mina)
    assert (s.tokens, s.events, s.workers, s.cathedral, s.characters) == (18, 2, 4, -4, 8)
    assert s.total == 28


def test_a_troyes_tie_is_a_shared_win():
    a = TroyesPlayer("Mina", tokens=10, cathedral_levels=(1, 2, 3), character_points=(0,) * 3)
    b_ = TroyesPlayer("Joon", tokens=12, cathedral_levels=(1, 2), character_points=(0,) * 3)
    c = TroyesPlayer("Seo", tokens=3, cathedral_levels=(1, 2, 3), character_points=(0,) * 3)
    result = score_game([a, b_, c])
    assert [result.players[i].name for i in result.winners] == ["Mina", "Joon"]


@pytest.mark.parametrize("player, message", [
    (TroyesPlayer("Mina", tokens=-1), "tokens must be"),
    (TroyesPlayer("Mina", cathedral_levels=(1, 4)), "cathedral levels"),
    (TroyesPlayer("Mina", character_points=(1, 2, 3)), "same number"),
])
def test_bad_troyes_input_is_refused(player, message):
    with pytest.raises(TroyesScoringError, match=message):
        score_game([player, TroyesPlayer("Joon")])


# --- commands -----------------------------------------------------------------------------------------

def companion(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "ui.cli", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_roll_troyes_prints_every_district_and_the_black_dice():
    args = ["roll", "troyes", "--town-hall", "2,1,0", "--bishopric", "1,1,2", "--palace",
            "0,1,1", "--neutral", "1,1,1", "--black", "3", "--seed", "5", "--json"]
    out = json.loads(companion(*args).stdout)
    colours = [[d["colour"] for d in p["dice"]] for p in out["players"]]
    assert colours == [["yellow", "yellow", "white"], ["yellow", "white", "red"],
                       ["white", "white", "red"]]
    assert [d["colour"] for d in out["neutral"]] == ["yellow", "white", "red"]
    assert len(out["black"]) == 3
    assert json.loads(companion(*args).stdout) == out  # seeded


@pytest.mark.parametrize("args", [
    ["--town-hall", "2,x", "--bishopric", "1,1", "--palace", "0,1"],
    ["--town-hall", "2,1", "--bishopric", "1", "--palace", "0,1"],
    ["--town-hall", "2,1", "--bishopric", "1,1", "--palace", "0,-1"],
])
def test_roll_troyes_bad_arguments_one_line_exit_2(args):
    result = companion("roll", "troyes", *args, "--seed", "1")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_score_troyes_command():
    game = {"players": [
        {"name": "Mina", "tokens": 20, "unresolved_events": 2, "worker_vp": 3,
         "cathedral_levels": [1, 2], "character_points": [4, 0, 2, 0]},
        {"name": "Joon", "tokens": 25, "cathedral_levels": [1, 2, 3],
         "character_points": [0, 4, 0, 0]}]}
    out = json.loads(companion("score", "troyes", "-", "--json", stdin=json.dumps(game)).stdout)
    assert [(p["name"], p["total"]) for p in out["players"]] == [("Mina", 29), ("Joon", 29)]
    assert out["winners"] == ["Mina", "Joon"]
    bad = companion("score", "troyes", "-", stdin='{"players": [{"name": "A", "tokens": true}]}')
    assert bad.returncode == 2 and "wrong type" in bad.stderr


@pytest.mark.parametrize("players, cards", [(2, 4), (3, 3), (4, 4)])
def test_the_score_counts_every_character_card_in_play_for_every_player(players, cards):
    """Seed 002 (setup): each player gets "무작위 인물 카드 1장(3, 4인 게임일 때) 또는 2장(2인
    게임일 때)", and at the end "게임에 사용된 인물 카드 각각에 대해서, 해당 인물 카드의 기준에
    따라 모든 플레이어가 점수를 얻습니다": every player has one entry per card in play, no more,
    no fewer (before, any count given alike to everyone was scored)."""
    names = ["Mina", "Joon", "Seo", "Ara"][:players]
    right = [TroyesPlayer(n, character_points=(1,) * cards) for n in names]
    assert score_game(right).scores[0].characters == cards
    for wrong in (cards - 1, cards + 1):
        with pytest.raises(TroyesScoringError) as refused:
            score_game([TroyesPlayer(n, character_points=(1,) * wrong) for n in names])
        assert refused.value.code == "troyes.scoring.card_count"
        assert refused.value.fields == {"players": players, "cards": cards}
