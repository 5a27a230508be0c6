"""Troyes' event cards asked as they are revealed (issue 37, item 7; rules 6), driven by taps in
English and Korean with screenshots (/tmp/troyes-events): after the income the board asks the
Plunder, then the red card, then the white or yellow card it names, each on an entry prefilled
by its deck's colour (a card as prefilled: two taps), before the black dice, which start from
what the cards on the table show; the next round asks the red card again. A game kept under
rules 5 is asked nothing and replays as it was played."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import play
from test_ui_troyes import shot as save
from test_ui_troyes_tracked import buttons, shown
from troyes_driver import start

SHOTS = Path("/tmp/troyes-events")


def shot(app, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    save(app, SHOTS, name)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_cards_are_asked_as_revealed_then_the_black_dice_they_show(make_app, language):
    """Seed 002, 3단계: "빨간색 사건 카드 더미 맨 위에서 카드를 1장 공개하고 ... 공개된 빨간색
    카드에는 흰색 또는 노란색 사건 카드가 표시되어 있습니다. 표시된 색깔의 카드 더미 맨 위에서
    카드를 1장 공개"; "참고: 약탈 사건은 항상 놓여있습니다"; "군사 사건(검은색 주사위가 표시되어
    있습니다): 시작 플레이어는 해당 사건 카드에 표시된 만큼의 검은색 주사위를 가져옵니다"; and the
    cards in the row all take effect each round ("줄에 놓인 사건 카드는 맨 왼쪽인 약탈부터 시작해서
    왼쪽부터 차례대로 효과를 발휘 합니다")."""
    app = make_app(language=language)
    app.seeds = iter(range(5, 99))
    start(app, 4)
    c = app.top.controller
    play(app, "TAP @income")
    assert buttons(app) & {"reveal-plunder", "roll", "more"} == {"reveal-plunder"}
    assert app.t("troyes.ask_plunder") in shown(app)
    shot(app, f"ask_plunder_{language}")
    play(app, "TAP @reveal-plunder\nEXPECT troyes-event-entry")
    assert app.top.card.plunder and app.top.card.colour == "red"
    play(app, "TAP @yellow\nTAP @flags4\nTAP @enter\nEXPECT troyes-board")
    assert c.view().events[0].plunder and c.view().events[0].colour == "yellow"

    play(app, "TAP @reveal-red\nEXPECT troyes-event-entry")
    entry = app.top
    assert (entry.card.colour, entry.card.deck, entry.card.black) == ("red", "red", 1)
    assert {"red", "divisor6", "first10", "black3"} <= buttons(app)  # one tap per number
    shot(app, f"entry_red_{language}")
    play(app, "TAP @black2\nTAP @enter\nEXPECT troyes-board")
    assert buttons(app) & {"reveal-white", "reveal-yellow", "roll"} == {"reveal-white",
                                                                         "reveal-yellow"}
    assert app.t("troyes.ask_named") in shown(app)
    shot(app, f"ask_named_{language}")
    play(app, "TAP @reveal-white\nEXPECT troyes-event-entry")
    assert app.top.card.colour == "white" and app.top.card.black == 0
    play(app, "TAP @enter\nEXPECT troyes-board")  # as prefilled: two taps for the card
    assert c.session.decisions[-1] == {
        "type": "reveal_event", "colour": "white", "divisor": 2, "flags": 3, "first": 4,
        "second": 2, "plunder": False, "deck": "white", "black": 0}
    assert app.top.black_count == 2 and "roll" in buttons(app)
    assert app.t("troyes.events_shown", n=2) in shown(app)
    shot(app, f"black_shown_{language}")
    play(app, "TAP @table\nEXPECT troyes-table")
    assert "new-event" in buttons(app)  # nothing asked now: the table's own entry again
    assert app.t("troyes.event_shows_black", n=2) in shown(app)
    play(app, "TAP @done\nTAP @roll")
    assert len(c.view().black) == 2

    while c.view().round == 1:  # the defence, then everyone passes
        names = buttons(app)
        play(app, "TAP @defend" if "defend" in names else "TAP @fail" if "fail" in names
             else "TAP @pass")
    play(app, "TAP @income")
    assert c.view().asked == ("red",) and "reveal-red" in buttons(app)  # the Plunder stays


def test_a_game_kept_under_rules_5_is_asked_nothing_and_replays(make_app):
    """Kept games replay as they were played: under rules 5 the black dice come after the
    income, and the cards are the table's own entries from Events."""
    from ui.screens.session_controller import table_names
    from ui.screens.troyes.board import open_game
    from ui.screens.troyes.controller import TroyesController

    app = make_app()
    play(app, "TAP @troyes\nEXPECT troyes-setup")
    c = TroyesController.create(app, {"players": 2, "citizens": [[2, 2, 2], [2, 2, 2]],
                                      "neutral": [2, 2, 2], "first": 1, "rules": 5,
                                      "names": table_names(app, 2)})
    app.pop()
    open_game(app, c.session)
    app.settle()
    c = app.top.controller
    play(app, "TAP @income")
    assert not c.view().asked and {"roll", "fewer"} <= buttons(app)
    assert not any(name.startswith("reveal-") for name in buttons(app))
    play(app, "TAP @table\nTAP @new-event\nEXPECT troyes-event-entry\nTAP @red\nTAP @enter\n"
              "TAP @done\nTAP @fewer\nTAP @roll")
    assert c.view().phase == "actions" and len(c.view().events) == 1
    kept = app.store.load(c.session.id)
    assert TroyesController(app, kept).view() == c.view()
