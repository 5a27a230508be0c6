"""RULES.md §3 (Tiletum): the bag and the dice drawn, the wheel and its turning, taking a die
(pip changes, resources, action points), corruption, festivals, final scoring with the
rulebook's worked example; and the ``roll tiletum`` / ``score tiletum`` commands."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalDecision
from companion.rng import Rng
from companion.tiletum.scoring import (ANY, TiletumPlayer, TiletumScoringError, festival_points,
                                       final_points, score_game)
from companion.tiletum.wheel import (ACTIONS, COLOURS, TileDie, action_at, bag, change_pip,
                                     corruption_draw, corruption_tokens, draw, orientation,
                                     take_gain)
from conftest import ROOT


@pytest.mark.parametrize("players, count", [(2, 8), (3, 11), (4, 14)])
def test_dice_drawn_per_round_by_player_count(players, count):
    assert len(draw(players, 1, Rng(1))) == count


def test_the_bag_holds_one_die_of_each_colour_per_player():
    assert Counter(bag(3)) == {c: 3 for c in COLOURS}
    with pytest.raises(IllegalDecision):
        bag(5)


@given(st.integers(2, 4), st.integers(1, 4), st.integers(0, 2 ** 32))
@settings(max_examples=300)
def test_the_bag_is_never_exceeded_and_pips_are_dice(players, round_number, seed):
    dice = draw(players, round_number, Rng(seed))
    assert not Counter(d.colour for d in dice) - Counter(bag(players))
    assert all(1 <= d.pip <= 6 for d in dice)


@given(st.integers(0, 5), st.integers(1, 4))
def test_each_pip_is_one_wedge_and_the_wheel_turns_one_step_per_round(offset, round_number):
    wheel = orientation(offset, round_number)
    assert sorted(wheel.values()) == sorted(ACTIONS)  # six wedges, six actions
    if round_number < 4:
        after = orientation(offset, round_number + 1)
        assert all(after[pip % 6 + 1] == wheel[pip] for pip in range(1, 7))


def test_a_die_lies_on_the_wedge_of_its_pip():
    die = TileDie("blue", 4)
    assert take_gain(die, 2, 1).action == action_at(4, 2, 1) == orientation(2, 1)[4]


@pytest.mark.parametrize("pip, ap", [(1, 6), (3, 4), (6, 1)])
def test_action_points_are_seven_minus_pip_plus_bonus_markers(pip, ap):
    assert take_gain(TileDie("grey", pip), 0, 1).ap == ap
    assert take_gain(TileDie("grey", pip), 0, 1, bonus=2).ap == ap + 2


@pytest.mark.parametrize("colour, resource", [("blue", "iron"), ("pink", "food"),
                                              ("yellow", "gold"), ("grey", "wool"),
                                              ("black", "stone")])
def test_resources_are_the_colour_times_the_pip(colour, resource):
    gain = take_gain(TileDie(colour, 5), 0, 1)
    assert (gain.resource, gain.amount) == (resource, 5)


def test_changing_the_pip_costs_two_gold_a_step_and_wraps():
    assert change_pip(TileDie("pink", 6), 1) == (TileDie("pink", 1), 2)
    assert change_pip(TileDie("pink", 1), -1) == (TileDie("pink", 6), 2)
    assert change_pip(TileDie("pink", 3), 2) == (TileDie("pink", 5), 4)
    moved, _ = change_pip(TileDie("pink", 6), 1)  # permanent: another wedge
    assert take_gain(moved, 0, 1).action == action_at(1, 0, 1)


def test_corruption_draws_three_of_the_six_tokens_in_reveal_order():
    tokens = corruption_tokens()
    assert len(tokens) == 6 and set(tokens) <= {0, 1, 2}
    drawn = corruption_draw(tokens, Rng(5))
    assert len(drawn) == 3 and not Counter(drawn) - Counter(tokens)
    assert drawn == corruption_draw(tokens, Rng(5))  # seeded
    with pytest.raises(IllegalDecision):
        corruption_draw((0, 1, 3, 0, 0, 0), Rng(1))


def test_corruption_counts_are_data_flagged_as_not_in_the_seeds():
    data = json.loads((ROOT / "companion" / "tiletum" / "corruption.json").read_text())
    assert data["in_seeds"] is False and "NOT in the seeds" in data["source"]


def test_dice_and_wedges_are_fair_chi_square():
    """14,000 dice (1,000 four-player rounds): pips and the actions they land on each stay
    below the 0.1 % critical chi-square value for 5 degrees of freedom (20.52)."""
    rng = Rng(77)
    pips, actions = Counter(), Counter()
    for r in range(1000):
        offset = rng.randrange(6)
        for d in draw(4, r % 4 + 1, rng):
            pips[d.pip] += 1
            actions[action_at(d.pip, offset, r % 4 + 1)] += 1

    def chi2(counts):
        expected = sum(counts.values()) / 6
        return sum((n - expected) ** 2 / expected for n in counts.values())

    assert len(pips) == len(actions) == 6 and chi2(pips) < 20.52 and chi2(actions) < 20.52


# --- festivals and final scoring ---------------------------------------------------------------

def test_festival_points_are_board_plus_tile_times_the_count():
    assert festival_points(3, 3, 3) == 18  # the rulebook's Verona example
    assert festival_points(3, 3, 3, eligible=False) == 0


def test_the_king_track_festival_adds_instead_of_multiplying():
    assert festival_points(2, 3, 99, king_track=True, king_space_vp=-4) == 1
    assert festival_points(2, 3, 0, king_track=True, king_space_vp=6) == 11


def test_the_rulebooks_worked_example_comes_out_right():
    blue = TiletumPlayer("Blue", vp=40, trading_posts=5, pillars=5, completed_buildings=4,
                         resources={"iron": 3, "gold": 5, "wool": 1})
    s = final_points(blue)
    assert (s.posts_pillars, s.buildings, s.resources) == (25, 10, 2)
    assert s.total == 40 + 37


def test_resources_count_together_whatever_their_kind():
    """"3. 개인 저장소에 남아있는 아무 자원 4개마다 1 VP를 획득합니다": the worked example's 3 iron,
    5 gold and 1 wool are 9 resources, 2 VP, entered by kind or as one count (``ANY``, what the
    device asks); an unknown kind is still refused."""
    by_kind = TiletumPlayer("Blue", resources={"iron": 3, "gold": 5, "wool": 1})
    together = TiletumPlayer("Blue", resources={ANY: 9})
    assert final_points(by_kind) == final_points(together) and final_points(together).resources == 2
    score_game([together, TiletumPlayer("Red", resources={ANY: 3}, turn_order=2)])
    with pytest.raises(TiletumScoringError) as refused:
        score_game([TiletumPlayer("Blue", resources={"gems": 4}),
                    TiletumPlayer("Red", turn_order=2)])
    assert refused.value.code == "tiletum.scoring.resource"


@pytest.mark.parametrize("built, vp", [(0, 0), (1, 0), (2, 0), (3, 5), (4, 10), (5, 20), (6, 30)])
def test_completed_buildings_score_on_the_ladder(built, vp):
    assert final_points(TiletumPlayer("A", completed_buildings=built)).buildings == vp


def test_a_tie_goes_to_the_player_earlier_in_turn_order():
    a = TiletumPlayer("A", vp=30, turn_order=2)
    b = TiletumPlayer("B", vp=30, turn_order=1)
    result = score_game([a, b])
    assert [result.players[i].name for i in result.winners] == ["B"]


@pytest.mark.parametrize("player, message", [
    (TiletumPlayer("A", vp=-1, turn_order=1), "vp must be"),
    (TiletumPlayer("A", completed_buildings=7, turn_order=1), "at most 6"),
    (TiletumPlayer("A", resources={"silk": 1}, turn_order=1), "unknown resource"),
])
def test_bad_tiletum_input_is_refused(player, message):
    with pytest.raises(TiletumScoringError, match=message):
        score_game([player, TiletumPlayer("B", turn_order=2)])


# --- commands ------------------------------------------------------------------------------------

def companion(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "ui.cli", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_roll_tiletum_prints_the_wheel_and_the_dice():
    out = json.loads(companion("roll", "tiletum", "--players", "3", "--round", "2", "--seed",
                               "7", "--json").stdout)
    assert len(out["dice"]) == 11 and sorted(out["wheel"].values()) == sorted(ACTIONS)
    for d in out["dice"]:
        assert d["wedge"] == d["pip"] and out["wheel"][str(d["pip"])] == d["action"]
        assert d["ap"] == 7 - d["pip"] and list(d["resources"].values()) == [d["pip"]]
    nxt = json.loads(companion("roll", "tiletum", "--players", "3", "--round", "3", "--seed",
                               "7").stdout)["wheel"]
    assert all(nxt[str(p % 6 + 1)] == out["wheel"][str(p)] for p in range(1, 7))


@pytest.mark.parametrize("args", [["--players", "5", "--round", "1"],
                                  ["--players", "3", "--round", "5"],
                                  ["--players", "x", "--round", "1"]])
def test_roll_tiletum_bad_arguments_one_line_exit_2(args):
    result = companion("roll", "tiletum", *args, "--seed", "1")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_score_tiletum_command_worked_example_and_tie():
    game = {"players": [
        {"name": "Blue", "trading_posts": 5, "pillars": 5, "completed_buildings": 4,
         "resources": {"iron": 3, "gold": 5, "wool": 1}, "turn_order": 2},
        {"name": "Red", "vp": 37, "turn_order": 1}]}
    out = json.loads(companion("score", "tiletum", "-", "--json", stdin=json.dumps(game)).stdout)
    assert [(p["name"], p["total"]) for p in out["players"]] == [("Blue", 37), ("Red", 37)]
    assert out["winners"] == ["Red"]  # earlier in turn order
    bad = companion("score", "tiletum", "-", stdin="{nope")
    assert bad.returncode == 2 and "malformed JSON" in bad.stderr
