"""Troyes rules of issue 17, items 5-8, kept by the device under rules 3, each quoting the
rulebook (seeds/002, which wins): the cathedral's levels, the event cards, the starting
placement and the limits, points never below 0. Items 9-10 (the score prefilled, the board)
are in test_ui_troyes_tracked.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import IllegalDecision
from companion.troyes import events as event_rules
from companion.troyes.dice import RED, WHITE, YELLOW, Die
from companion.troyes.economy import lose_vp, pay_wages
from companion.troyes.game import (ACTIONS, INCOME, PLACEMENT, Act, BlackDice, Citizens,
                                   CollectIncome, Cubes, Pass, Place, Placement, RevealEvent,
                                   TroyesSetup, apply, legal, start, view)
from companion.troyes.scoring import TroyesPlayer, character_cards, score_player
from companion.troyes.moves import steps
from companion.troyes.state import placement_order

from triggers_troyes import FULL, tracked


def with_dice(state, *dice):
    """``state`` with exactly ``dice`` ((colour, pip, owner) each) on the board."""
    return replace(state, dice=tuple(enumerate(Die(c, p, o) for c, p, o in dice)))


def code_of(call) -> str:
    with pytest.raises(IllegalDecision) as refused:
        call()
    return refused.value.code


# --- 5. the cathedral: three levels per pip ------------------------------------------------------

def test_a_cube_goes_on_the_lowest_level_with_room_and_a_full_pip_takes_no_more():
    """"건설 부지는 3개의 층으로 나뉘어 있습니다 ... 각 주사위 눈금당, 아래 층이 채워지지 않으면
    위층에 큐브를 놓을 수는 없습니다." Two white 4s of seat 1 and one of seat 2 fill the 4's three
    levels (seat 1 on levels 1 and 2, seat 2 on 3); a fourth white 4 is refused and not listed,
    while a white 5 still builds."""
    state = with_dice(tracked(), (WHITE, 4, 1), (WHITE, 4, 1), (WHITE, 4, 2), (WHITE, 4, 1),
                      (WHITE, 5, 1), (YELLOW, 1, 2))
    state = apply(state, Act(1, (0, 1), "cathedral"))
    state = apply(state, Act(2, (2,), "cathedral"))
    assert state.cathedral[3] == (1, 1, 2)
    assert view(state).cathedral_levels(1) == (1, 2) and view(state).cathedral_levels(2) == (3,)
    assert code_of(lambda: apply(state, Act(1, (3,), "cathedral"))) == "troyes.cathedral_full"
    assert Act(1, (3,), "cathedral") not in legal(state)
    assert Act(1, (4,), "cathedral") in legal(state)


def test_the_cathedral_is_still_one_vp_and_influence_by_pip():
    """"눈금 1~3 부지에 큐브를 놓을 때마다 1점과 영향력 1을 얻습니다. 4~6 부지에 놓을 때마다
    1점과 영향력 2를 얻습니다." """
    state = with_dice(tracked(), (WHITE, 2, 1), (WHITE, 6, 1), (YELLOW, 1, 2))
    before = state.players[0]
    after = apply(state, Act(1, (0, 1), "cathedral")).players[0]
    assert (after.vp - before.vp, after.influence - before.influence) == (2, 3)


# --- 6. event cards --------------------------------------------------------------------------------

RED_CARD = RevealEvent("red", divisor=2, flags=4, first=5, second=2)


def test_three_red_fives_on_a_divide_by_two_with_two_free_flags_give_two_cubes():
    """The issue's example, "깃발 수보다 많은 큐브를 카드에 놓는 것은 불가능합니다": three red 5s
    (15 ÷ 2 = 7) on a ÷2 card with 2 of its 4 flags free place 2 cubes and give +2 influence
    ("각 칸에 큐브를 올려놓을 때마다, 즉시 영향력 1을 얻습니다")."""
    state = apply(tracked(), RED_CARD)
    state = apply(state, Cubes(1, 0, 2))  # two neutral cubes: 2 flags left
    state = with_dice(state, (RED, 5, 1), (RED, 5, 1), (RED, 5, 1), (YELLOW, 1, 2))
    influence = state.players[0].influence
    after = apply(state, Act(1, (0, 1, 2), "event", event=1))
    assert after.players[0].influence == influence + 2
    assert after.log[-1].get("cubes") == 2
    assert after.events == ()  # full: awarded and taken away


def test_a_full_card_is_awarded_by_the_rulebook():
    """"가장 많은 큐브를 올려놓은 플레이어가 ... 1등 점수 ... 두 번째로 많은 큐브를 올려놓은
    플레이어가 작은 점수 ... 카드에 가장 많은 큐브를 올려놓은 플레이어가 해당 사건 카드를
    얻습니다": seat 2 has 3 cubes, seat 1 one: 5 and 2 VP, seat 2 takes the card."""
    state = apply(tracked(), RED_CARD)
    state = apply(state, Cubes(1, 2, 3))
    state = with_dice(state, (RED, 2, 1), (YELLOW, 1, 2))
    vp = [p.vp for p in state.players]
    after = apply(state, Act(1, (0,), "event", event=1))
    assert [p.vp - v for p, v in zip(after.players, vp)] == [2, 5]
    assert after.log[-1].get("award") == ((1, 2), (2, 5)) and after.log[-1].get("taker") == 2


@pytest.mark.parametrize("cubes, points, taker", [
    ((1,), ((1, 7),), 1),  # "유일한 플레이어라면 ... 1등과 2등 점수를 합산한 점수를 모두 얻습니다"
    ((1, 2), ((1, 3), (2, 3)), 1),  # tied first: (5 + 2) // 2 each, "먼저 큐브를 올려놓았던" takes
    ((2, 1, 1, 2, 0), ((1, 3), (2, 3)), 2),  # the neutral cube is last and scores nothing
    ((0, 0, 1, 2), ((1, 1), (2, 1)), None),  # neutral first: "카드를 버립니다"; 2nd shared: 2 // 2
    ((0, 1), ((1, 3),), 0),  # tied with neutral: (5 + 2) // 2, neutral's share to no one
])
def test_the_award_ranks_ties_and_neutral_cubes(cubes, points, taker):
    """"만약 가장 많은 큐브를 올려놓은 플레이어가 여럿이라면, 1등과 2등 점수를 더해서 그
    플레이어들 수로 나누어 얻습니다(소수점 내림) ... 중립 플레이어의 큐브도 점수 계산을 할 때
    포함되며, 이로 인해 플레이어들이 받을 점수를 뺏을 수 있습니다." """
    card = event_rules.EventCard(1, RED, 2, len(cubes), 5, 2, cubes=cubes)
    award = event_rules.award(card)
    assert award.points == points
    assert award.taker == (None if taker == 0 else taker)


def test_the_plunder_scores_its_cubes_go_and_it_takes_cubes_again():
    """"약탈 사건이 퇴치될 때, 플레이어들은 적혀있는 점수를 얻지만, 아무도 카드를 가져가지
    않습니다. 큐브는 모두 제거되며, 이후의 행동부터 이 사건에 다시 큐브를 올릴 수 있습니다." """
    plunder = RevealEvent("yellow", 2, 2, 3, 1, plunder=True)
    state = apply(tracked(), plunder)
    state = apply(state, Cubes(1, 1, 2))
    (card,) = state.events
    assert card.plunder and card.cubes == () and state.players[0].vp == 4
    assert code_of(lambda: apply(state, plunder)) == "troyes.one_plunder"
    assert apply(state, Cubes(1, 2, 1)).events[0].cubes == (2,)


def test_cubes_beyond_the_free_flags_are_refused_when_entered():
    state = apply(tracked(), RED_CARD)
    assert code_of(lambda: apply(state, Cubes(1, 0, 5))) == "troyes.event_flags"
    assert len(state.events[0].cubes) == 0


def test_an_event_is_fought_with_its_colour_and_its_own_divisor():
    """"사건의 왼쪽 부분에는 ... 이 사건을 막기 위해 사용해야 하는 주사위의 종류 ... 분수 기호
    아래 있는 숫자": a yellow die on a red card, or another divisor, is refused; only cards of
    the dice's colour are listed."""
    state = with_dice(apply(tracked(), RED_CARD), (RED, 6, 1), (YELLOW, 6, 1), (WHITE, 1, 2))
    assert code_of(lambda: apply(state, Act(1, (1,), "event", event=1))) == "troyes.event_colour"
    assert code_of(lambda: apply(state, Act(1, (0,), "event", 3, event=1))) \
        == "troyes.event_divisor"
    events = {d for d in legal(state) if isinstance(d, Act) and d.kind == "event"}
    assert events == {Act(1, (0,), "event", 0, event=1)}
    assert apply(state, Act(1, (0,), "event", 2, event=1)).events[0].cubes == (1, 1, 1)


def test_unresolved_events_with_a_cube_count_one_each_at_the_end():
    """"자신의 큐브를 올려놓은, 퇴치되지 않은 사건 카드당 1점(약탈 사건도 포함)을 얻습니다." """
    state = apply(apply(tracked(), RED_CARD), RevealEvent("white", 3, 3, 4, 1, plunder=True))
    state = apply(apply(state, Cubes(1, 1, 1)), Cubes(2, 1, 1))
    state = apply(state, Cubes(2, 2, 1))
    assert (view(state).unresolved_events(1), view(state).unresolved_events(2)) == (2, 1)


# --- 7. the starting placement and the limits ------------------------------------------------

def test_the_placement_goes_in_snake_order_from_the_start_player():
    """"첫 번째 배치는 시작 플레이어부터 시작해서, 시계 방향으로 마지막 플레이어까지 진행합니다.
    두 번째 배치는 마지막 플레이어부터 시작해서 시계 반대 방향으로 시작 플레이어까지
    진행합니다." 3 players from seat 2: 2 3 1, 1 3 2, ... five citizens each."""
    setup = TroyesSetup(3, ((0, 0, 0),) * 3, first=2)
    order = placement_order(setup)
    assert order[:6] == (2, 3, 1, 1, 3, 2) and len(order) == 15
    assert all(order.count(seat) == 5 for seat in (1, 2, 3))
    state = start(setup, 1)
    assert state.phase == PLACEMENT and steps(state) == [Place(2, b) for b in range(3)]
    assert code_of(lambda: apply(state, Place(1, 0))) == "troyes.turn"


@pytest.mark.parametrize("players, citizens, neutral", [(2, 6, (2, 2, 2)), (3, 5, None),
                                                        (4, 4, None)])
def test_neutral_citizens_fill_the_spaces_left(players, citizens, neutral):
    """"시민 말 4개(4인 게임일 때), 5개(3인 게임일 때), 6개(2인 게임일 때)" and "시작 배치가 끝난
    후에 회색 중립 시민을 각 건물의 남아있는 빈칸에 놓습니다(2명 게임을 진행할 때는 예외적으로,
    시작 배치를 시작하기 전에 ... 회색 중립 시민을 먼저 배치합니다)." Placing always in the
    building with most room: every building ends with its 6 spaces taken."""
    from companion.troyes.game import assumed_placement
    state = start(TroyesSetup(players, *assumed_placement(players)), 5)
    if neutral:
        assert state.neutral_citizens == neutral
    while state.phase == PLACEMENT:
        room = view(state).room
        state = apply(state, Place(state.actor, room.index(max(room))))
    assert state.phase == INCOME
    assert all(sum(p.citizens) == citizens for p in state.players)
    assert view(state).room == (0, 0, 0)
    assert state.log[-1].get("neutral") == state.neutral_citizens


def test_a_player_has_at_most_twelve_citizens():
    """"각 플레이어는 게임 중 시민 말을 최대 12개까지만 가질 수 있습니다." Seat 1 with 12: the
    citizen action is refused (and not listed); a correction to 13 too."""
    state = apply(tracked(), Placement(((4, 4, 4), (1, 1, 0)), (1, 1, 2)))
    yellow = next(i for i, d in state.district(1) if d.colour == YELLOW)
    assert code_of(lambda: apply(state, Act(1, (yellow,), "citizen"))) == "troyes.citizens_max"
    assert not [d for d in legal(state) if isinstance(d, Act) and d.kind == "citizen"]
    assert code_of(lambda: apply(state, Citizens(1, 5, 4, 4))) == "troyes.citizens_max"


def test_at_most_six_black_dice_the_box_holds():
    """The box holds "검은색 주사위 6개" (components); games kept before allowed 12."""
    state = apply(tracked_income(), CollectIncome())
    assert max(d.count for d in steps(state)) == 6
    assert code_of(lambda: apply(state, BlackDice(7))) == "troyes.black_count"


def tracked_income():
    return start(FULL, 3)


def test_two_players_play_with_two_character_cards_each():
    """"무작위 인물 카드 1장(3, 4인 게임일 때) 또는 2장(2인 게임일 때)": 4 cards in play with 2
    players, each scoring every player."""
    assert [character_cards(n) for n in (2, 3, 4)] == [4, 3, 4]
    assert view(tracked()).character_cards == 4


# --- the citizen action ------------------------------------------------------------------------

def test_a_citizen_goes_to_the_building_of_its_die_and_a_full_one_pushes_someone_out():
    """"빨간색 주사위로는 귀족 회의소에, 흰색 주사위로는 교구에, 노란색 주사위로는 시청에" and
    "그 칸에 시민이 있었다면, 그 시민은 바로 쫓겨나": every building full, seat 1's red die
    places a citizen in the Palace only by naming whose was pushed out; "만약 어떤 플레이어의
    시민이 이미 건물 그림 위에 놓여있었다면, 그 건물에서 아무도 그 플레이어의 시민을 쫓아낼 수
    없습니다" — for the rest of the round."""
    state = tracked()
    red = [i for i, d in state.district(1) if d.colour == RED]
    assert code_of(lambda: apply(state, Act(1, (red[0],), "citizen"))) == "troyes.building_full"
    state = apply(state, Act(1, (red[0],), "citizen", bumped=2))
    assert state.players[0].citizens == (2, 2, 3) and state.players[1].citizens == (2, 2, 1)
    state = apply(state, Pass(2))
    assert code_of(lambda: apply(state, Act(1, (red[1],), "citizen", bumped=2))) \
        == "troyes.already_bumped"
    assert Act(1, (red[1],), "citizen", bumped=0) in legal(state)
    while state.phase == ACTIONS:
        state = apply(state, Pass(state.actor))
    assert state.bumped == ()  # pushed-out citizens go home at the round's end


def test_a_citizen_moved_from_another_building():
    """"개인 창고에서 시민 1명을 가져다 놓거나 ..., 게임판에 있는 시민 1명을 옮겨": moving one
    from the Town Hall into the Palace (which has room) changes both counts, not the total."""
    state = apply(tracked(), Placement(((3, 2, 1), (2, 2, 2)), (1, 2, 2)))
    state = with_dice(state, (RED, 3, 1), (YELLOW, 1, 2))
    after = apply(state, Act(1, (0,), "citizen", origin=0))
    assert after.players[0].citizens == (2, 2, 2)


def test_a_correction_of_the_whole_table_is_checked_as_a_whole():
    """Citizens move between players in one correction; a building over its 6 spaces is
    refused."""
    state = tracked()
    moved = apply(state, Placement(((1, 2, 2), (3, 2, 2)), (2, 2, 2)))
    assert [p.citizens for p in moved.players] == [(1, 2, 2), (3, 2, 2)]
    assert code_of(lambda: apply(state, Placement(((3, 2, 2), (3, 2, 2)), (2, 2, 2)))) \
        == "troyes.building_full"


# --- 8. points never below 0 ----------------------------------------------------------------------

def test_the_cathedral_loss_took_only_the_points_held_before_rules_5():
    """Score entries begun under an older reading: "잃을 점수가 없다면 점수를 잃지 않습니다"
    (wages, events) applied to the cathedral as well, in the seed's order: 3 tokens and no level
    lost 3, not 6; character points after. (Rules 5 takes the whole loss: test_readings.py.)"""
    score = score_player(TroyesPlayer("A", tokens=3, character_points=(4,)), False)
    assert (score.cathedral, score.total) == (-3, 4)
    score = score_player(TroyesPlayer("B", tokens=9, cathedral_levels=(1,)), False)
    assert (score.cathedral, score.total) == (-4, 5)
    assert lose_vp(1, 2) == 0 and pay_wages(0, 0, 9).vp == -2
