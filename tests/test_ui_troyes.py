"""Troyes on the device, end to end: a 3-player round (citizens, income and wages, black dice and
the defence with the cheapest dice preselected, buying dice from other districts, farming, the
cathedral, passing) until the next round begins; refusals explained; a restart resumes."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from conftest import play, record_text
from game_paths import troyes_placement
from troyes_driver import roll_black

KEPT = ((2, 1, 1), (1, 1, 2), (1, 2, 1))


def begin(app, citizens=KEPT) -> None:
    """A 3-player game kept under rules 2 (before the starting placement and the limits were
    kept), on its board: these tests pin the dice their seeds roll from these citizens. New
    games (rules 3) are played through the screens in test_ui_troyes_tracked.py."""
    from ui.screens.troyes.board import open_game
    from ui.screens.session_controller import table_names
    from ui.screens.troyes.controller import TroyesController

    play(app, "TAP @troyes\nEXPECT troyes-setup")
    c = TroyesController.create(app, {"players": 3, "citizens": [list(x) for x in citizens],
                                      "neutral": [0, 0, 0], "first": 1, "rules": 2,
                                      "names": table_names(app, 3)})
    app.pop()
    open_game(app, c.session)
    app.settle()


def shot(app, folder, name):
    app.render()
    pygame.image.save(app.display.surface, str(folder / f"{name}.png"))


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_three_player_round_on_the_device(make_app, tmp_path, language):
    app = make_app(language=language)
    app.seeds = iter(range(3, 99))
    begin(app)
    board, c = app.top, app.top.controller
    assert [p.citizens for p in c.view().players] == [(2, 1, 1), (1, 1, 2), (1, 2, 1)]
    shot(app, tmp_path, "income")
    play(app, "TAP @income")
    assert [p.deniers for p in c.view().players] == [5 + 10 - 3, 5 + 10 - 5, 5 + 10 - 4]
    assert len(c.view().dice) == 12
    play(app, "TAP @more\nTAP @roll")  # two black dice
    assert c.view().phase == "defence" and c.view().actor == 1
    assert board.selected  # the cheapest own dice that beat it, preselected
    shot(app, tmp_path, "defence")
    while c.view().phase == "defence":
        seat = c.view().actor
        before = c.view().players[seat - 1]
        if board.selected:
            play(app, "TAP @defend")
            assert c.view().players[seat - 1].influence == before.influence + 1
        else:
            play(app, "TAP @fail")
            assert c.view().players[seat - 1].vp == max(0, before.vp - 2)
    assert c.view().phase == "actions" and c.view().actor == 1
    # Player 1 buys one die from Player 2's district: 2 deniers to Player 2
    other = next((i for i, d in c.view().dice if d.owner == 2), None)
    drawn = record_text(app)
    play(app, f"TAP @die{other}")
    drawn.clear()
    app.render()
    shown = " ".join(drawn)
    assert ("pay 2 to Player 2" if language == "en" else "플레이어 2에게 2") in shown
    shot(app, tmp_path, "actions")
    deniers = [p.deniers for p in c.view().players]
    play(app, "TAP @card\nTAP @div3")
    assert c.view().players[0].deniers == deniers[0] - 2
    assert c.view().players[1].deniers == deniers[1] + 2
    # then everyone passes: +2 deniers each, and round 2 starts with seat 2
    while c.view().phase == "actions":
        play(app, "TAP @pass")
    assert c.view().round == 2 and c.view().phase == "income"
    drawn.clear()
    app.render()
    assert ("Round 1 is over; Player 2 starts" if language == "en"
            else "1라운드가 끝났습니다. 이번 라운드는 플레이어 2 님이 시작합니다.") in " ".join(drawn)
    play(app, "TAP @income\nTAP @roll")
    assert c.view().start_player == 2
    shot(app, tmp_path, "round2")
    assert all(p.stat().st_size > 0 for p in tmp_path.glob("*.png"))


def test_a_refused_action_is_explained_and_nothing_is_stored(make_app):
    app = make_app()
    app.seeds = iter(range(3, 99))
    begin(app)
    play(app, "TAP @income\nTAP @fewer\nTAP @roll")  # no black dice
    c = app.top.controller
    stored = len(c.session.decisions)
    red = next(i for i, d in c.view().dice if d.owner == 1 and d.colour == "red")
    play(app, f"TAP @die{red}\nTAP @farming")
    assert app.top.problem and "yellow" in app.top.problem
    assert len(c.session.decisions) == stored


@pytest.mark.parametrize("language, no_dice, wrong_colour", [
    ("en", "An action uses 1 to 3 dice of one colour: select them first.",
     "Farming uses yellow dice."),
    ("ko", "행동에는 같은 색 주사위 1~3개가 필요합니다. 먼저 주사위를 고르세요.",
     "농사에는 노란색 주사위를 씁니다.")])
def test_refusals_speak_the_table_language(make_app, language, no_dice, wrong_colour):
    """Farming with no dice selected, then with a red die: the catalogue's words, never the
    engine's English sentence; the info line shows them."""
    app = make_app(language=language)
    app.seeds = iter(range(3, 99))
    begin(app)
    play(app, "TAP @income\nTAP @fewer\nTAP @roll\nTAP @farming")
    board = app.top
    assert board.problem == no_dice
    drawn = record_text(app)
    app.render()
    assert no_dice in " ".join(drawn)
    red = next(i for i, d in board.view.dice if d.owner == 1 and d.colour == "red")
    play(app, f"TAP @die{red}\nTAP @farming")
    assert board.problem == wrong_colour


def test_the_dice_selected_show_the_rules_refusal_in_korean(make_app):
    """Dice of two colours selected: the info line says why no action takes them, in Korean."""
    app = make_app(language="ko")
    app.seeds = iter(range(3, 99))
    begin(app)
    play(app, "TAP @income\nTAP @fewer\nTAP @roll")
    own = dict(app.top.view.district(1))
    yellow = next(i for i, d in own.items() if d.colour == "yellow")
    white = next(i for i, d in own.items() if d.colour == "white")
    play(app, f"TAP @die{yellow}\nTAP @die{white}")
    assert app.top.info_text() == "한 행동에 쓰는 주사위는 모두 같은 색이어야 합니다."


def test_the_board_reads_the_view_only(make_app):
    """The Troyes screens get the game's view, never its state."""
    app = make_app()
    app.seeds = iter(range(3, 99))
    begin(app)
    assert not hasattr(app.top.controller, "state")
    assert type(app.top.view).__name__ == "TroyesView"


def test_a_restart_resumes_the_troyes_board(make_app):
    app = make_app()
    app.seeds = iter(range(3, 99))
    begin(app)
    play(app, "TAP @income")
    data = app.config.data_dir
    app.close()
    app.running = False
    again = make_app(data_dir=data)
    assert again.top.name == "troyes-board"
    assert again.top.controller.view().phase == "events"


SCORE = """
TAP @troyes
TAP @score
EXPECT troyes-score-entry
TAP @tokens-five
TAP @tokens-five
TAP @tokens-more
TAP @unresolved_events-more
TAP @worker_vp-more
TAP @worker_vp-more
TAP @card0-five
TAP @level1
TAP @level2
TAP @next
TAP @tokens-five
TAP @tokens-five
TAP @card1-five
TAP @level1
TAP @level2
TAP @level3
TAP @next
TAP @tokens-five
TAP @next
EXPECT score-results
"""


@pytest.mark.parametrize("language", ["en", "ko"])
def test_troyes_final_scores_entered_on_the_device_go_to_history(make_app, tmp_path, language):
    """Player 1: 11 tokens + 1 event + 2 worker VP + 5 character points - 2 (level 3 empty)
    = 17; Player 2: 10 + 5 = 15 (every level); Player 3: 5 tokens, no level: the whole loss,
    "대성당에서 자신의 큐브가 놓이지 않은 층당 2점을 잃습니다" added up ("합산합니다") with no
    floor, so -6 and a total of -1, said as such on Player 3's breakdown."""
    app = make_app(language=language)
    play(app, SCORE)
    shot(app, tmp_path, "results")
    totals = [(p["name"][-1], p["total"]) for p in app.top.ranked()]
    assert totals == [("1", 17), ("2", 15), ("3", -1)]
    first = app.top.ranked()[0]["breakdown"]
    assert first == {"tokens": 11, "events": 1, "workers": 2, "cathedral": -2, "characters": 5}
    assert app.top.ranked()[2]["breakdown"]["cathedral"] == -6
    drawn = record_text(app)
    play(app, "TAP @row3\nEXPECT score-breakdown")
    app.render()
    assert any(text.endswith(": -6") for text in drawn), drawn
    play(app, "BACK\nEXPECT score-results")
    play(app, "TAP @done\nEXPECT bgstats\nTAP @done\nEXPECT home\nTAP @history\nTAP @row0\nEXPECT history-detail\nTAP @breakdown\nEXPECT score-results")
    assert [(p["name"][-1], p["total"]) for p in app.top.ranked()] == totals
    assert app.store.history()[0].result["winner"].endswith("1")


def test_a_troyes_tie_is_shared_on_the_results(make_app):
    app = make_app()
    play(app, "TAP @troyes\nTAP @score\n" + "TAP @level1\nTAP @level2\nTAP @level3\nTAP @next\n"
         * 3 + "EXPECT score-results")
    assert len(app.top.data["winners"]) == 3


def test_corrections_and_neutral_citizens_are_stored(make_app):
    app = make_app()
    app.seeds = iter(range(3, 99))
    begin(app)
    play(app, "TAP @citizens\nTAP @cn-bishopric-more\nTAP @done\nEXPECT troyes-board")
    c = app.top.controller
    assert c.view().neutral_citizens == (0, 1, 0)
    play(app, "TAP @player2\nEXPECT troyes-adjust\nTAP @vp+5\nTAP @deniers-1\nTAP @done")
    assert (c.view().players[1].vp, c.view().players[1].deniers) == (5, 4)
    play(app, "TAP @income")
    assert sum(1 for _, d in c.view().dice if d.owner is None) == 1


def test_a_two_player_game_played_to_the_end_is_scored_with_four_character_cards(make_app):
    """2 players: neutral citizens from the start, 4 rounds, then 2 character cards each on the
    score entry; History keeps the rounds and the scores on the game's row."""
    app = make_app()
    app.seeds = iter(range(3, 99))
    play(app, "TAP @troyes\nTAP @fewer\nTAP @start\nEXPECT troyes-board\n" + troyes_placement(2))
    c = app.top.controller
    assert c.view().neutral_citizens == (2, 2, 2) and len(c.view().players) == 2
    for _ in range(4):
        play(app, "TAP @income")
        roll_black(app, 0)
        play(app, "TAP @pass\nTAP @pass")
    assert c.outcome().finished and c.view().phase == "over"
    play(app, "TAP @score\nEXPECT troyes-score-entry")
    assert [f for f in app.top.fields() if f.startswith("card")] == [f"card{i}" for i in range(4)]
    play(app, "TAP @next\nTAP @next\nEXPECT score-results\nTAP @done\n"
              "EXPECT bgstats\nTAP @done\nEXPECT home")
    (game,) = app.store.history()
    assert game.result["rounds"] == 4 and game.result["game"] == "troyes"
    assert "scores" in game.result


# --- issue 17: the defence and passing offer only what the rules allow --------------------------

SHOTS = Path("/tmp/shots17")


def board_buttons(app) -> set[str]:
    return {b.name for b in app.top.buttons if b.name}


@pytest.mark.parametrize("language", ["en", "ko"])
def test_who_can_defend_is_not_offered_cannot_and_takes_black_dice_by_tapping(make_app,
                                                                             language):
    """"가장 높은 눈금의 주사위는 반드시 선택해야 하지만, 원한다면 추가로 아무 검은색
    주사위를 더 선택하여 퇴치해도 됩니다." Seed 3: seat 1 (white 6) against a black 5 and a
    black 1: no "cannot"; tapping the black 1 takes it with the 5."""
    app = make_app(language=language)
    app.seeds = iter(range(3, 99))
    begin(app)
    play(app, "TAP @income\nTAP @more\nTAP @roll")
    v = app.top.view
    assert [b.pip for b in v.black] == [5, 1] and v.actor == 1
    assert "fail" not in board_buttons(app) and "black1" in board_buttons(app)
    white = next(i for i, d in v.district(1) if d.colour == "white" and d.pip == 6)
    app.top.selected = []
    play(app, f"TAP @die{white}\nTAP @black1")
    SHOTS.mkdir(exist_ok=True)
    shot(app, SHOTS, f"defence_two_black_{language}")
    play(app, "TAP @defend")
    v = app.top.view
    assert v.phase == "actions" and v.players[0].influence == 4 + 2


@pytest.mark.parametrize("language", ["en", "ko"])
def test_influence_before_defending_flips_a_red_one_to_a_six(make_app, language):
    """"검은색 주사위를 퇴치하기 전에 영향력을 사용해도 됩니다." Seed 78, seat 1 with one red
    citizen: a red 1 (2) against a black 6 may give up, or flip (4 influence) to a red 6 (12)
    and must then defend."""
    app = make_app(language=language)
    app.seeds = iter(range(78, 99))
    begin(app, ((0, 0, 1), (1, 1, 2), (1, 2, 1)))
    play(app, "TAP @income\nTAP @roll")
    v = app.top.view
    assert [d.pip for _, d in v.district(1)] == [1] and [b.pip for b in v.black] == [6]
    assert {"fail", "reroll", "flip"} <= board_buttons(app)
    assert "defend" not in board_buttons(app)  # nothing of seat 1's reaches the 6 as it lies
    SHOTS.mkdir(exist_ok=True)
    shot(app, SHOTS, f"defence_influence_{language}")
    (red,) = [i for i, _ in v.district(1)]
    app.top.selected = []
    play(app, f"TAP @die{red}\nTAP @flip")
    v = app.top.view
    assert v.phase == "defence" and v.die(red).pip == 6 and v.players[0].influence == 0
    assert "fail" not in board_buttons(app) and "flip" not in board_buttons(app)
    assert "defend" in board_buttons(app)
    shot(app, SHOTS, f"defence_flipped_{language}")
    play(app, "TAP @defend")
    assert app.top.view.phase == "actions" and app.top.view.players[0].influence == 1


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_passed_player_is_offered_only_passing(make_app, language):
    """"이 라운드 동안 그 플레이어는 더 이상 행동을 할 수 없지만, 자신의 차례가 돌아올 때마다
    자신의 구역에 1데니어를 놓습니다." """
    app = make_app(language=language)
    app.seeds = iter(range(3, 99))
    begin(app)
    play(app, "TAP @income\nTAP @fewer\nTAP @roll\nTAP @pass")
    c = app.top.controller
    two = next(i for i, d in c.view().dice if d.owner == 2)
    play(app, f"TAP @die{two}\nTAP @card\nTAP @div3")
    three = next(i for i, d in c.view().dice if d.owner == 3)
    play(app, f"TAP @die{three}\nTAP @card\nTAP @div3")
    assert c.view().actor == 1
    assert board_buttons(app) & {"pass", "farming", "reroll", "flip", "card"} == {"pass"}
    SHOTS.mkdir(exist_ok=True)
    shot(app, SHOTS, f"passed_{language}")
    before = c.view().players[0].deniers
    play(app, "TAP @pass")
    assert c.view().players[0].deniers == before + 1 and c.view().actor == 2
