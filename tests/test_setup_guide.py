"""The set-up guides (issue 40, part 3): before a new Troyes or Tiletum game's first round, a
screen a step with what to take out or put where for the player count, drawn as pieces, in
both languages, skippable. Every count is the seed's, quoted here (seed 002: Troyes, "[3]게임
준비"; seed 004: Tiletum, "게임 준비"), and written here as the seed writes it, not read from
the engine."""

from __future__ import annotations

import pytest

from companion.tiletum.setup_guide import steps as tiletum_steps
from companion.troyes.setup_guide import steps as troyes_steps
from conftest import play, record_text

NAMES = ["Mina", "Joon", "Sora", "Hana"]


def troyes(players: int, first: int = 1) -> dict:
    return {step.key: step for step in troyes_steps(
        {"players": players, "first": first, "names": NAMES[:players]})}


def tiletum(players: int, order=None) -> dict:
    order = order or list(range(1, players + 1))
    return {step.key: step for step in tiletum_steps(
        {"players": players, "order": order, "names": NAMES[:players]})}


# --- Troyes, seed 002 --------------------------------------------------------------------------

@pytest.mark.parametrize("players, citizens", [(4, 4), (3, 5), (2, 6)])
def test_troyes_starting_citizens(players, citizens):
    """L105: "시민 말 4개(4인 게임일 때), 5개(3인 게임일 때), 6개(2인 게임일 때): 가져온 시민 말은
    자신의 앞, 개인 창고에 놓습니다." """
    step = troyes(players)["troyes.guide_citizens"]
    assert step.fields["n"] == citizens
    assert [p.count for p in step.pieces] == [citizens]


@pytest.mark.parametrize("players, cards", [(4, 1), (3, 1), (2, 2)])
def test_troyes_character_cards_each(players, cards):
    """L108: "무작위 인물 카드 1장(3, 4인 게임일 때) 또는 2장(2인 게임일 때)" """
    assert troyes(players)["troyes.guide_characters"].fields["n"] == cards


@pytest.mark.parametrize("players, red", [(4, 6), (3, 5), (2, 4)])
def test_troyes_red_event_pile_is_as_long_as_the_game(players, red):
    """L111-112: "빨간색 카드 더미를 구성하는 카드 장수는 게임에서 진행하는 라운드 수와 같습니다.
    예를 들어 4인 게임에서는 6장입니다(3인 게임에서는 5장, 2인 게임에서는 4장입니다). 남은카드는
    상자로 돌려놓습니다." with L67-68: "사건 카드 16장 (빨간색 8장, 흰색 4장, 노란색 4장)" """
    step = troyes(players)["troyes.guide_events"]
    assert (step.fields["red"], step.fields["rounds"], step.fields["back"]) == (red, red, 8 - red)
    kept, back = step.pieces[:2]
    assert (kept.count, kept.removed, back.count, back.removed) == (red, False, 8 - red, True)


def test_troyes_money_influence_and_cubes():
    """L99: "5데니어"; L102: "영향력 마커 1개: 영향력 트랙의 4칸에 놓습니다."; L88: "큐브 20개" """
    steps = troyes(3)
    assert steps["troyes.guide_money"].fields == {"deniers": 5, "influence": 4}
    assert steps["troyes.guide_colours"].pieces[0].count == 20


def test_troyes_action_cards_one_per_colour_and_round():
    """L92: "각 색깔의 1라운드 카드 중에서 … 1장씩을 뽑아 … 2라운드 카드, 3라운드 카드도 똑같이
    합니다." (3 colours: 9 cards)"""
    pieces = troyes(4)["troyes.guide_action_cards"].pieces
    assert sum(p.count for p in pieces) == 9 and len({p.colour for p in pieces}) == 3


def test_troyes_two_players_place_the_neutral_citizens_first():
    """L122: "2명 게임을 진행할 때는 예외적으로, 시작 배치를 시작하기 전에 … 회색 중립 시민을 먼저
    배치합니다" """
    assert "troyes.guide_placement_two" in troyes(2)
    assert "troyes.guide_placement" in troyes(3) and "troyes.guide_placement_two" not in troyes(3)


def test_troyes_the_start_player_is_named():
    """L112: "… 플레이어가 시작 플레이어 카드를 가져갑니다." (the device's setup chose who)"""
    assert troyes(4, first=3)["troyes.guide_first"].fields["name"] == "Sora"


# --- Tiletum, seed 004 -------------------------------------------------------------------------

@pytest.mark.parametrize("players, removed", [(4, set()), (3, {"4"}), (2, {"3+", "4"})])
def test_tiletum_tiles_removed_by_player_count(players, removed):
    """L177: "3명이 플레이한다면, '4'라고 표시된 모든 타일을 제거합니다. 2명이 플레이한다면, '3+'와
    '4'라고 표시된 모든 타일을 제거합니다." and L199, the map's bonus spaces likewise."""
    steps = tiletum(players)
    (remove,) = [s for k, s in steps.items() if k.startswith("tiletum.guide_remove_")]
    assert {p.label for p in remove.pieces if p.removed} == removed
    (bonus,) = [k for k in steps if k.startswith("tiletum.guide_bonus_")]
    assert bonus == {4: "tiletum.guide_bonus_all", 3: "tiletum.guide_bonus_four",
                     2: "tiletum.guide_bonus_three_four"}[players]


@pytest.mark.parametrize("players, sets, dice, drawn", [(4, 4, 20, 14), (3, 3, 15, 11),
                                                       (2, 2, 10, 8)])
def test_tiletum_dice_in_the_bag(players, sets, dice, drawn):
    """L267-269: "4명이 플레이한다면, 주사위 4세트(총 20개)를 넣습니다. 3명이 플레이한다면, 주사위
    3세트(총 15개)를 넣습니다. 2명이 플레이한다면, 주사위 2세트(총 10개)를 넣습니다." L303: "(2/3/4인
    플레이 시 각각 8/11/14개)"; L52-53: "자원 주사위 20개 (5가지 색깔, 색깔마다 4개)" """
    step = tiletum(players)["tiletum.guide_dice"]
    assert (step.fields["sets"], step.fields["dice"], step.fields["drawn"]) == (sets, dice, drawn)
    assert step.fields["back"] == 20 - dice
    assert [p.count for p in step.pieces] == [sets] * 5


def test_tiletum_gold_by_turn_order():
    """L263: "첫 번째 플레이어는 금화 1개, 두 번째 플레이어는 금화 3개를 받습니다. 세 번째 플레이어는
    금화 5개, 네 번째 플레이어는 금화 6개를 받습니다." (the turn order the device's setup made)"""
    step = tiletum(4, order=[3, 1, 4, 2])["tiletum.guide_resources"]
    assert step.fields["gold"] == "Sora 1 · Mina 3 · Hana 5 · Joon 6"
    assert [p.count for p in tiletum(3)["tiletum.guide_resources"].pieces] == [1, 3, 5]


def test_tiletum_first_player_takes_the_compass():
    """L235: "첫 번째 플레이어를 결정합니다. 해당 플레이어는 나침반 마커를 받습니다." """
    assert tiletum(3, order=[2, 3, 1])["tiletum.guide_first"].fields["name"] == "Joon"


def test_tiletum_laid_out_tiles():
    """L183/L193: 6 bonus tiles round the wheel, 1 by the king track; L205/L209: 5 contracts,
    5 characters; L219: "도시 타일 3개와 축제 타일 4개"; L231: "부패 토큰 3개를 무작위로 뽑아서" """
    steps = tiletum(4)
    assert [p.count for p in steps["tiletum.guide_bonus_all"].pieces] == [6, 1]
    assert [p.count for p in steps["tiletum.guide_contracts"].pieces] == [5, 5]
    assert [p.count for p in steps["tiletum.guide_festivals"].pieces] == [3, 4]
    assert [p.count for p in steps["tiletum.guide_corruption"].pieces] == [3]


# --- on the screens ----------------------------------------------------------------------------

@pytest.mark.parametrize("language, said", [("en", "6 citizens"), ("ko", "시민 말 6개")])
def test_a_new_troyes_game_walks_its_setup_then_plays(make_app, language, said):
    app = make_app(language=language, setup_guide=True)
    play(app, "TAP @troyes\nTAP @fewer\nTAP @start\nEXPECT setup-guide")
    drawn = record_text(app)
    seen = []
    while app.top.name == "setup-guide":
        drawn.clear()
        app.render()
        seen.append(" ".join(drawn))
        play(app, "TAP @next")
    assert app.top.name == "troyes-board" and len(seen) == 10
    assert any(said in text for text in seen)
    assert [s.name for s in app.stack] == ["home", "troyes-board"]


def test_back_walks_back_and_skip_or_back_at_the_start_goes_to_the_game(make_app):
    app = make_app(setup_guide=True)
    play(app, "TAP @tiletum\nTAP @next\nTAP @start\nEXPECT setup-guide")
    assert not app.top.button("back-step").enabled
    play(app, "TAP @next\nTAP @next")
    assert app.top.index == 2
    play(app, "TAP @back-step\nBACK")
    assert app.top.index == 0
    play(app, "BACK\nEXPECT tiletum-board")
    app.pop_to("home")
    play(app, "TAP @troyes\nTAP @start\nEXPECT setup-guide\nTAP @skip\nEXPECT troyes-board")


def test_the_config_turns_the_guide_off(make_app):
    app = make_app(setup_guide=False)
    play(app, "TAP @troyes\nTAP @start\nEXPECT troyes-board")
