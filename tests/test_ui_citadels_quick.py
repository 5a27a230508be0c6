"""The classic quick game on the device (issue 36, item 6): seed 001's "변형 규칙 : 빨리 끝내고
싶을 때 / 구역 8개를 건설하는 대신 7개를 건설했을 때 끝내도록 한다" offered by the setup screen
(classic only, off unless chosen), said on the "City completed" screen, scored at 7, and kept in
History as played."""

from __future__ import annotations

import pytest

from citadels_driver import SETUP, Table, setup_lines
from conftest import play, record_text
from ui.widgets import resolve

SEVEN = ("manor", "castle", "palace", "temple", "church", "monastery", "cathedral")
TEXTS = {"en": ("Quick game\n7 districts", "Who has 7 districts in their city?",
                "In the quick game, a classic variant, 7 districts complete a city.",
                "7 of 7 districts",
                "Final scores · quick game"),
         "ko": ("빠른 게임\n건물 7채", "도시에 건물 7채를 지은 사람은 누구입니까?",
                "구판 변형 규칙인 빠른 게임에서는 건물 7채로 도시가 완성됩니다.",
                "건물 7/7채", "최종 점수 · 빠른 게임")}


def shown(app, drawn) -> str:
    drawn.clear()
    app.render()
    return " ".join(drawn)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_setup_offers_the_quick_game_with_the_classic_edition_only(make_app, language):
    """Seed 001 (classic) has the variant; seed 000 (2016) has city sizes of its own."""
    app = make_app(language=language)
    play(app, "\n".join(SETUP + ["TAP @edition-2016"]))
    setup, drawn = app.top, record_text(app)
    assert not setup.button("quick").visible
    assert TEXTS[language][0].split("\n")[0] not in shown(app, drawn)
    play(app, "TAP @edition-classic")
    assert setup.button("quick").visible and not setup.button("quick").is_selected()
    assert resolve(setup.button("quick").label) == TEXTS[language][0]
    play(app, "TAP @quick")
    assert setup.button("quick").is_selected()
    play(app, "TAP @edition-2016")  # chosen, then the edition changed: not played
    assert not setup.button("quick").visible
    play(app, "TAP @start\nEXPECT gate")
    assert "quick" not in app.stack[-2].controller.session.config


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_quick_game_ends_at_seven_and_is_scored_and_kept_as_played(make_app, language):
    """The whole game from the setup's "Quick game" to History, by the players' controls."""
    texts = TEXTS[language]
    app = make_app(language=language)
    app.seeds = iter(range(31, 99))
    setup_lines(app, 4, edition="classic", quick=True)
    controller = app.stack[-2].controller
    assert controller.session.config["quick"] is True and controller.city_size == 7
    table = Table(app, seed=4)
    table.play(lambda app: app.top.name == "calling" and app.top.controller.round_number >= 2
               and "city" in table.visible())
    drawn = record_text(app)
    play(app, "TAP @city\nEXPECT city")
    text = shown(app, drawn)
    assert texts[1] in text and texts[2] in text
    play(app, "TAP @seat1\nEXPECT calling")
    table.play()
    play(app, "TAP @score\nEXPECT score-city")
    assert app.store.history()[0].result["quick"] is True  # the game, kept as played
    play(app, "TAP @clear\n" + "\n".join(
        f"TAP @tab-{'noble' if i < 3 else 'religious'}\nTAP @{d}" for i, d in enumerate(SEVEN)))
    assert texts[3] in shown(app, drawn)
    for _ in range(4):
        play(app, "TAP @next\nTAP @next")
    assert app.top.name == "score-results" and app.top.data is not None, app.top.error
    assert app.top.data["quick"] is True and texts[4] in shown(app, drawn)
    first = {p["name"]: p for p in app.top.data["players"]}[controller.name(1)]
    assert first["breakdown"]["completion"] == 4 and first["breakdown"]["city_count"] == 7
    play(app, "TAP @done\nEXPECT bgstats\nTAP @done\nEXPECT home")
    (game,) = app.store.history()
    assert game.result["quick"] is True and game.result["scores"]["quick"] is True


def test_score_only_scores_the_quick_game_chosen_on_the_setup(make_app):
    app = make_app()
    play(app, "\n".join(SETUP + ["TAP @edition-classic", "TAP @quick", "TAP @score",
                                 "EXPECT score-city"]))
    assert app.top.controller.session.config["quick"] is True
    play(app, "\n".join(f"TAP @tab-{'noble' if i < 3 else 'religious'}\nTAP @{d}"
                        for i, d in enumerate(SEVEN)))
    play(app, "TAP @next\nTAP @completed-more\nTAP @next")  # the first to complete, at 7
    for _ in range(3):
        play(app, "TAP @next\nTAP @next")
    assert app.top.name == "score-results" and app.top.data["quick"] is True
    assert app.top.data["players"][0]["breakdown"]["completion"] == 4


def test_the_setup_remembers_the_quick_game(make_app):
    """The last game's choices come back, the quick game with them (off the first time)."""
    app = make_app()
    setup_lines(app, 4, edition="classic", quick=True)
    play(app, "BACK\nTAP @leave\nEXPECT home\nTAP @citadels\nEXPECT citadels-setup")
    assert app.top.button("quick").is_selected()
