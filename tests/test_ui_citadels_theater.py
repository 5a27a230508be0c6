"""The Theater on the device (issue 36, item 3), by the players' controls: after the draft the
table names the owner and the partner (or No swap); the device swaps unseen, each of the two
looks through their own gate, then the calling calls the new holders. Seed 000: "극장 주인이
교환 상대를 선택합니다. 하지만 상대의 캐릭터를 확인하지 않고 교환해야 합니다. … 교환한 당사자들은
자신의 캐릭터 카드를 확인 할 수 있습니다. 2~3명 게임에는 극장 주인이 자기 캐릭터 중 1장을 골라
상대에게 주고, 상대의 캐릭터 카드 중 1장을 무작위로 뽑아 가져갑니다."
"""

from __future__ import annotations

import pytest

from citadels_driver import Table, prepared_session, setup_lines
from conftest import play, record_text
from test_ui_citadels_calling import calling_state, drawn_now

BASE = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]
LONG = ["Maximilian Alexander", "Bartholomew Jones", "Christopher Smith", "Alexandria Ocasio",
        "Konstantinos Pappas", "Guillermo Fernandez", "Evangeline Lilly", "Wilhelmina Carter"]


def open_theater(make_app, tmp_path, players, characters, wanted, names=None, **kwargs):
    from storage.store import Store

    data = tmp_path / "prepared"
    data.mkdir()
    store = Store(data / "companion.sqlite3")
    prepared_session(store, "2016", players, characters, wanted, names=names, theater=True)
    store.close()
    app = make_app(data_dir=data, **kwargs)
    assert app.top.name == "theater"
    return app


def holders(app) -> dict[str, int]:
    return dict(calling_state(app).setup.holders)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_owner_swaps_with_a_partner_and_the_king_is_called_at_his_new_seat(
        make_app, tmp_path, language):
    """8 players, long names: seat 2 owns the Theater and swaps with the King's holder (seat
    1): the device swaps unseen, seat 2 then seat 1 look through their gates, and the King is
    called at seat 2, who takes the crown."""
    names = LONG if language == "en" else ["김민아", "이서준", "박지호", "최수빈", "정하윤",
                                           "강도윤", "조서연", "윤지우"]
    app = open_theater(make_app, tmp_path, 8, BASE + ["queen"], {"king": 1, "bishop": 2},
                       names=names, language=language)
    drawn = record_text(app)
    text = " ".join(drawn_now(app, drawn))
    assert "King" not in text and "왕" not in text  # nothing of the draft is shown
    play(app, "TAP @seat2")
    assert not any(b.name == "seat2" for b in app.top.buttons)  # not with oneself
    play(app, "TAP @seat1\nEXPECT gate\nHOLD SEAT2\nEXPECT own")
    assert any("King" in t or "왕" in t for t in drawn_now(app, drawn))
    play(app, "TAP @done\nEXPECT wipe\nTAP @next\nEXPECT gate")
    assert app.top.seat == 1
    play(app, "HOLD SEAT1\nEXPECT own\nTAP @done\nEXPECT wipe\nTAP @next\nEXPECT calling")
    assert holders(app)["king"] == 2 and holders(app)["bishop"] == 1
    line = {"en": f"{names[1]} swapped characters with {names[0]} (the Theater).",
            "ko": f"{names[1]} 님이 극장으로 {names[0]} 님과 캐릭터를 교환했습니다."}[language]
    while calling_state(app).rank < 4:
        if calling_state(app).rank == 1:
            assert line in " ".join(drawn_now(app, drawn))
        shown = {b.name for b in app.top.buttons if b.visible}
        play(app, "TAP @no-one" if "no-one" in shown else "TAP @end")
    assert calling_state(app).crown == 2


def test_no_swap_goes_straight_to_the_calling(make_app, tmp_path):
    app = open_theater(make_app, tmp_path, 4, BASE, {"king": 1})
    play(app, "TAP @no-swap\nEXPECT calling")
    assert holders(app)["king"] == 1
    assert not app.top.controller.can_undo  # the Theater's answer is not taken back here


def test_with_two_players_the_owner_chooses_the_card_given_behind_the_gate(make_app, tmp_path):
    """2 players: the owner is the only choice needed (the partner is the other player); the
    owner gives one of their two characters, chosen behind the gate, and draws one of the
    partner's at random; then sees their characters, and the partner looks too."""
    characters = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
                  "warlord"]
    app = open_theater(make_app, tmp_path, 2, characters, {"king": 1})
    drawn = record_text(app)
    play(app, "TAP @seat1\nEXPECT gate\nHOLD SEAT1\nEXPECT theater-give")
    assert not app.top.button("confirm").enabled
    play(app, "TAP @king\nTAP @confirm\nEXPECT own")
    own = " ".join(drawn_now(app, drawn))
    assert "King" not in own  # given away
    play(app, "TAP @done\nTAP @next\nHOLD SEAT2\nEXPECT own\nTAP @done\nTAP @next\n"
              "EXPECT calling")
    assert holders(app)["king"] == 2
    assert sorted(holders(app).values()) == [1, 1, 2, 2]


def test_a_whole_game_with_the_theater(make_app):
    """A seeded table plays a 5-player game set up with the Theater to its end: the question
    comes after every draft, and every round is called for the holders after the swap."""
    app = make_app()
    app.seeds = iter(range(21, 99))
    lines = setup_lines(app, 5, theater=True)
    assert "TAP @theater" in lines
    Table(app, seed=5, complete_from=2).play()
    controller = app.top.controller
    assert controller.session.config["theater"] is True
    asked = [d for d in controller.session.decisions if d["type"] in ("theater_swap", "no_swap")]
    assert len(asked) == len(controller.rounds)
