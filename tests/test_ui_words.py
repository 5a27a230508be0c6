"""What the table reads, seen on the screens a player opens by their controls (issue 37, items
6, 9 and 10): Korean that reads as written by a person, English counts and sentences, one word
per idea, the calling's button saying where it goes, how to hear the spoken calls."""

from __future__ import annotations

import re

import pytest

import test_ui_tiletum as tiletum
import troyes_driver
from citadels_driver import Table, prepared_session
from conftest import play
from test_ui_troyes_tracked import shown
from ui.widgets import resolve

NAMES = ("Mina", "Joon", "Alexandra-Catherine", "Seo-yeon")
PARTICLE_CHOICE = re.compile(r"\((?:이|가|을|를|은|는|과|와|으)\)")


def label(app, name: str) -> str:
    return resolve(app.top.button(name).label)


def calling_app(make_app, tmp_path, language: str):
    """Four players of the 2016 game on the calling screen, holding ranks 1, 4, 5 and 8: the
    Thief and the Magician (2, 3) and the Merchant and the Architect (6, 7) are nobody's."""
    from storage.store import Store

    data = tmp_path / "prepared"
    data.mkdir()
    store = Store(data / "companion.sqlite3")
    prepared_session(store, "2016", 4, ["assassin", "thief", "magician", "king", "bishop",
                                        "merchant", "architect", "warlord"],
                     {"assassin": 1, "king": 2, "bishop": 3, "warlord": 4},
                     names=list(NAMES))
    store.close()
    app = make_app(data_dir=data, language=language)
    assert app.top.name == "calling"
    return app


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_end_of_a_turn_says_where_the_calling_goes(make_app, tmp_path, language):
    """The Assassin's turn ends on "Next: from 2. Thief on" (who holds which is not public):
    the device calls 2 and 3 "nobody" and stops at the King's turn; the last turn's button
    is "Next: end of the round". The prompt "Take your turn, then tap Next." names the word
    every such button begins with. The Assassin's prompt names its character with the particle
    the word takes (seed 000's 암살자: "암살자가 암살할 캐릭터")."""
    app = calling_app(make_app, tmp_path, language)
    text = shown(app)
    assert not PARTICLE_CHOICE.search(text)
    if language == "ko":
        assert "암살자가 암살할 캐릭터를 고르세요" in text
    play(app, "TAP @no-one")
    c = app.top.controller
    first = label(app, "end")
    assert first == {"en": "Next: from 2. Thief on", "ko": "다음: 2. 도둑부터 호명"}[language]
    play(app, "TAP @end")
    called = c.calling_public()
    skipped = [e.rank for e in called.events if e.kind == "nobody"]
    assert (called.rank, skipped) == (4, [2, 3])  # called "nobody", then the King's turn
    ends, word = [], first.split(":")[0]
    assert word in app.t("calling.prompt_play")
    while app.top.name == "calling":
        if any(b.name == "end" and b.visible for b in app.top.buttons):
            ends.append(label(app, "end"))
            assert ends[-1].startswith(word + ":")
        Table(app, seed=1).play(lambda app, n=len(app.top.controller.calling_public().events):
                                app.top.name != "calling"
                                or len(app.top.controller.calling_public().events) > n)
    assert ends[-1] == {"en": "Next: end of the round", "ko": "다음: 라운드 끝"}[language]


def test_a_completed_city_is_said_with_its_place(make_app, tmp_path):
    """"Mina completed their city (1.)" read as a typo: the calling says the place in words."""
    app = calling_app(make_app, tmp_path, "en")
    play(app, "TAP @no-one\nTAP @city\nEXPECT city\nTAP @seat2\nEXPECT calling")
    text = shown(app)
    assert "Joon is the 1st to complete their city: the game ends after this round." in text
    assert "(1.)" not in text


@pytest.mark.parametrize("language", ["en", "ko"])
def test_troyes_counts_its_dice_and_spells_out_the_purses(make_app, language):
    """Seed 002's 검은색 주사위, 데니어, 영향력 on the board: "1 black die", "2 black dice"; each
    purse in words ("12데니어, 영향력 4", never "12데 영4"); the last step is a sentence of its
    own before what to do next ("…, +2 deniers. Tap 1 to 3 dice")."""
    app = make_app(language=language, roster=NAMES)
    app.seeds = iter(range(5, 99))
    troyes_driver.start(app, 4)
    play(app, "TAP @income")
    troyes_driver.reveal_cards(app)
    while app.top.black_count > 1:
        play(app, "TAP @fewer")
    text = shown(app)
    assert {"en": "1 black die to roll", "ko": "검은색 주사위 1개 굴림"}[language] in text
    play(app, "TAP @more")
    assert {"en": "2 black dice to roll", "ko": "검은색 주사위 2개 굴림"}[language] in shown(app)
    play(app, "TAP @roll")
    troyes_driver.defend_all(app)
    c = app.top.controller
    troyes_driver.take_turn(app, {})
    text = shown(app)
    for p in c.view().players:
        purse = {"en": f"{p.deniers} deniers, {p.influence} infl.",
                 "ko": f"{p.deniers}데니어, 영향력 {p.influence}"}[language]
        assert purse in text
    assert not re.search(r"\d(데|d) ", text)
    assert c.view().log[-1].code in ("farming", "cathedral", "event", "citizen")
    said = app.top.info_text()  # an action's line, then what comes next
    assert {"en": ". Tap 1 to 3 dice", "ko": ". 같은 색 주사위 1~3개"}[language] in said


def test_tiletum_says_the_passes_in_the_rulebooks_words(make_app):
    """Seed 004, the action phase: "1단계 … 부패 토큰 … 공개", "2단계 … 각 플레이어가 1번씩 턴을
    진행", "액션 페이지를 이렇게 2번 더 반복합니다". Its 1단계 and 2단계 are the steps of one pass,
    so a pass is not called 단계: the board, the corruption token and the undo question say
    액션 페이즈 1/3, 2/3, 3/3."""
    app = make_app(language="ko", roster=NAMES)
    tiletum.setup_game(app, 4)
    play(app, "TAP @start\nTAP @begin")
    for n in (1, 2):
        assert app.top.title() == f"1/4 라운드 · 액션 페이즈 {n}/3"
        assert "단계" not in shown(app)
        assert f"액션 페이즈 {n}/3: 먼저 다음 부패 토큰을" in app.top.info_text()
        play(app, "TAP @reveal\nEXPECT tiletum-corruption")
        assert "단계" not in shown(app) and app.top.title() == f"액션 페이즈 {n}/3: 부패 토큰"
        play(app, "TAP @ok\nEXPECT tiletum-board")
        for _ in range(4):
            tiletum.take_any(app)
    play(app, "TAP @reveal\nTAP @ok\nTAP @undo\nEXPECT tiletum-undo")
    assert app.top.step.startswith("액션 페이즈 3/3: 부패 토큰")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_one_word_for_delete_and_answers_as_written(make_app, language):
    """Deleting a remembered player and deleting a kept game say the same word (삭제 / Delete);
    the score entry answers 아니요 (아니오 ends a sentence); a kept game of eight names four,
    "외 4명" in Korean; no district carries an unexplained star."""
    app = make_app(language=language, roster=NAMES * 2)
    play(app, "TAP @citadels")
    while app.top.players < 8:
        play(app, "TAP @more")
    play(app, "TAP @score\nEXPECT score-city\nTAP @tab-unique")
    assert "*" not in shown(app)
    play(app, "TAP @next\nEXPECT score-questions")
    if language == "ko":
        assert label(app, "secret_vault") == "아니요"
    app.pop_to("home")
    play(app, "TAP @kept\nEXPECT kept")
    game_delete = label(app, "side0")
    more = {"en": "\u00a0+2", "ko": " 외 2명"}[language]  # (as many named as fit the row)
    assert "Mina, Joon, Alexandra-Catherine, Seo-yeon, Mina, Joon" + more in shown(app)
    play(app, "TAP @side0")
    game_question = app.top.title()
    app.pop_to("home")
    play(app, "TAP @settings\nTAP @players\nEXPECT players")
    player_delete = label(app, "side0")
    play(app, "TAP @side0")
    assert game_delete == player_delete == {"en": "Delete", "ko": "삭제"}[language]
    verb = {"en": "Delete", "ko": "삭제할까요"}[language]
    assert verb in game_question and verb in app.top.title()


@pytest.mark.parametrize("language", ["en", "ko"])
def test_about_says_how_to_hear_the_calls(make_app, language):
    """Without espeak-ng (a fresh laptop) About says how to turn the spoken calls on."""
    app = make_app(language=language)
    play(app, "TAP @settings\nTAP @about\nEXPECT about")
    text = shown(app)
    assert "sudo apt-get install espeak-ng" in text
    assert {"en": "install espeak-ng", "ko": "espeak-ng를 설치하세요"}[language] in text
