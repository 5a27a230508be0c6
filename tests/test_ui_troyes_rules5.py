"""Troyes under rules 5 on the device (issue 36, items 8 and 10), driven by taps, in English
and Korean with screenshots (/tmp/troyes-shots): a citizen out of an empty own supply bought
for 2 influence, the supply said on the board and corrected; the scores kept secret (the
purses without VP, a player's own through their gate, the look said on the board, the table's
screen the same whatever the VP), shown at the end, or during play by Settings' house rule."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import play, record_text
from test_ui_troyes import shot as save
from test_ui_troyes_tracked import shown
from troyes_driver import roll_black, start

SHOTS = Path("/tmp/troyes-shots")
NAMES = ("Mina", "Joon", "Alexandra-Catherine", "Seo-yeon")


def shot(app, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    save(app, SHOTS, name)


def table(make_app, language: str):
    """A new 4-player game on its board, the citizens placed, income taken, no black dice."""
    app = make_app(language=language, roster=NAMES)
    app.seeds = iter(range(5, 99))
    start(app, 4)
    return app


def label(app, name: str) -> str:
    """What the top screen's button ``name`` says."""
    text = app.top.button(name).label
    return text() if callable(text) else text


def to_actions(app) -> None:
    play(app, "TAP @income")
    roll_black(app, 0)
    assert app.top.controller.view().phase == "actions"


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_citizen_out_of_an_empty_supply_is_bought_for_2_influence(make_app, language):
    """The citizen action: "플레이어는 개인 창고에서 시민 1명을 가져다 놓거나(개인 창고에 시민이
    없다면, 영향력 2를 사용해 시민을 얻을 수 있습니다 ...)". After the starting placement every
    own supply is empty (the board says "Supply 0"): the citizen's origin offers it for 2
    influence, the log says so, and the citizen pushed out goes back to its owner's supply,
    which the next citizen of theirs takes for free; a correction adds one to a supply."""
    app = table(make_app, language)
    c = app.top.controller
    text = shown(app)
    assert app.t("troyes.short_supply", n=0) in text
    shot(app, f"supply_income_{language}")
    to_actions(app)
    seat = c.view().actor
    die = next(i for i, d in c.view().district(seat) if d.colour == "red")
    play(app, f"TAP @die{die}\nTAP @citizen")
    buy = app.t("troyes.buy_citizen", cost=2)
    assert label(app, "supply") == buy
    assert buy in shown(app)
    shot(app, f"supply_buy_{language}")
    influence = c.view().players[seat - 1].influence
    play(app, "TAP @supply")
    owner = next(int(b.name[6:]) for b in app.top.buttons if b.name.startswith("bumped")
                 and b.name not in ("bumped0", f"bumped{seat}"))
    play(app, f"TAP @bumped{owner}")
    assert c.view().players[seat - 1].influence == influence - 2
    assert c.view().players[owner - 1].supply == 1
    assert app.t("troyes.log_bought", cost=2) in shown(app)
    shot(app, f"supply_bought_{language}")
    play(app, f"TAP @player{seat}\nEXPECT troyes-adjust\nTAP @supply+1")
    assert c.view().players[seat - 1].supply == 1
    shot(app, f"supply_adjust_{language}")
    play(app, "TAP @done\nEXPECT troyes-board")
    while c.view().actor != owner:
        play(app, "TAP @pass")
    red = next(i for i, d in c.view().district(owner) if d.colour == "red")
    play(app, f"TAP @die{red}\nTAP @citizen")
    assert label(app, "supply") == app.t("troyes.from_supply_n", n=1)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_scores_are_secret_and_a_player_looks_at_their_own(make_app, language):
    """The end of the rulebook: "참고: 게임 중에 점수는 비공개입니다." The board's purses say
    deniers and influence only; a correction of VP shows the change, never the VP; "My VP"
    opens the names, a held name reveals that player's VP alone (the look stored first and
    said on the board; an undo takes back the step before it, never the look); the end of the
    game shows everyone's."""
    app = table(make_app, language)
    c = app.top.controller
    to_actions(app)
    drawn = record_text(app)
    app.render()
    purse = app.t("troyes.purse", deniers=c.view().players[1].deniers,
                  influence=c.view().players[1].influence)
    vp = re.escape(app.t("troyes.own_vp", vp=0)).replace("0", r"-?\d+", 1)
    assert purse in drawn and not [t for t in drawn if re.fullmatch(vp, t)]
    shot(app, f"secret_board_{language}")
    play(app, "TAP @player3\nEXPECT troyes-adjust\nTAP @vp+5\nTAP @vp+1")
    assert app.top.value("vp") == "+6" and app.t("troyes.vp_change") in shown(app)
    shot(app, f"secret_adjust_{language}")
    play(app, "TAP @done\nEXPECT troyes-board\nTAP @pass")
    step = app.top.controller.view().log[-1]
    play(app, "TAP @my-vp\nEXPECT troyes-whoami")
    shot(app, f"secret_whoami_{language}")
    play(app, "TAP @seat3\nEXPECT gate")
    before = len(c.session.decisions)
    play(app, "HOLD @player\nEXPECT troyes-own-vp")
    assert [d["type"] for d in c.session.decisions[before:]] == ["look"]
    assert app.t("troyes.own_vp", vp=6) in shown(app)
    shot(app, f"secret_own_{language}")
    play(app, "TAP @done\nEXPECT troyes-board")
    said = app.t("troyes.log_look", name=NAMES[2])
    assert said in shown(app)
    shot(app, f"secret_looked_{language}")
    play(app, "TAP @undo\nEXPECT troyes-undo")
    from ui.screens.troyes.log_text import line_text
    assert app.top.step == line_text(app.t, c.name, step)
    play(app, "TAP @confirm\nEXPECT troyes-board")
    assert [line.code for line in c.view().log][-1] == "look"
    c._set_state(replace(c._state, phase="over"))
    app.top.refresh()
    assert app.t("troyes.own_vp", vp=6) in shown(app)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_board_draws_the_same_whatever_the_secret_vp(make_app, language):
    """Hidden information is stripped, not hidden by the screen: the same board with the
    players' VP swapped (7, 0, 3, 12 and 12, 3, 0, 7) draws exactly the same strings, on the
    board, its events and log, and a player's corrections."""
    app = table(make_app, language)
    c = app.top.controller
    to_actions(app)

    def drawn_with(vp, screens=("", "TAP @table\nEXPECT troyes-table\nTAP @log",
                                "TAP @player2\nEXPECT troyes-adjust")):
        c._set_state(replace(c._state, players=tuple(
            replace(p, vp=v) for p, v in zip(c._state.players, vp))))
        app.top.refresh()
        texts = []
        for script in screens:
            if script:
                play(app, script)
            texts.append(shown(app))
            app.pop_to("troyes-board")
        return texts

    assert drawn_with((7, 0, 3, 12)) == drawn_with((12, 3, 0, 7))


def test_the_house_rule_shows_the_scores_during_play(make_app):
    """Settings → "Troyes scores in play": Shown to all (house rule). New games keep it in
    their config and show every purse's VP; nobody needs to look, so "My VP" is not offered;
    a game begun before keeps its secret."""
    app = make_app(roster=NAMES)
    app.seeds = iter(range(5, 99))
    start(app, 4)
    kept = app.top.controller
    play(app, "BACK\nEXPECT home\nTAP @settings\nEXPECT settings")
    assert label(app, "troyes-scores") == app.t("settings.troyes_secret")
    play(app, "TAP @troyes-scores")
    assert label(app, "troyes-scores") == app.t("settings.troyes_shown")
    shot(app, "settings_house_rule_en")
    play(app, "BACK\nEXPECT home\nTAP @troyes\nEXPECT troyes-setup\nTAP @start")
    c = app.top.controller
    assert c.session.config["scores_shown"] is True and c.session.id != kept.session.id
    from troyes_driver import place_all
    place_all(app)
    assert "my-vp" not in {b.name for b in app.top.buttons}
    assert app.t("troyes.purse", deniers=5, influence=4) in shown(app)
    assert app.t("troyes.own_vp", vp=0) in shown(app)
    assert kept.session.config["scores_shown"] is False
