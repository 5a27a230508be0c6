"""Issue 36 on the device: declining an optional ability (aloud, or behind the gate where the
tokens are secret), a threatened Queen answering the threat before her gold, and the
Magistrate's gate, the only way to turn a warrant over (only the signed one)."""

from __future__ import annotations

import pytest

from conftest import play, record_text
from test_ui_citadels_calling import (FIRST_GAME_9, calling_state, drawn_now, end_turns_until,
                                      open_prepared, set_calling_state)

BASE = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]
LONG = ["Maximilian Alexander", "Bartholomew Jones", "Christopher Smith", "Alexandria Ocasio",
        "Konstantinos Pappas", "Guillermo Fernandez", "Evangeline Lilly", "Wilhelmina Carter"]
NAMES_KO = ["김민아", "이서준", "박지호", "최수빈", "정하윤", "강도윤", "조서연", "윤지우"]


@pytest.mark.parametrize("language, line", [
    ("en", "Maximilian Alexander (1. Assassin) names no one."),
    ("ko", "김민아 님(1. 암살자)은 아무도 지목하지 않습니다.")])
def test_the_assassin_names_no_one_with_8_players(make_app, tmp_path, language, line):
    """Seed 000: "캐릭터 능력을 사용하는 것은 ("반드시"나 "절대로"라는 표현이 없으면) 선택
    사항임을 명심하세요". "No one" sits beside the names in the row of targets, and the table is
    told the choice; then the turn is played as usual."""
    names = LONG if language == "en" else NAMES_KO
    app = open_prepared(make_app, tmp_path, "2016", 8, BASE + ["queen"], {"assassin": 1},
                        names=names, language=language)
    drawn = record_text(app)
    row = [b for b in app.top.buttons if b.name.startswith(("rank", "no-one"))]
    assert row[-1].name == "no-one" and len(row) == 9
    assert all(b.rect.width >= 70 for b in row)  # nine fit the row, each big enough to tap
    play(app, "TAP @no-one")
    assert line in " ".join(drawn_now(app, drawn))
    assert {b.name for b in app.top.buttons if b.visible} >= {"end", "undo"}
    assert not calling_state(app).killed
    play(app, "TAP @undo\nTAP @confirm")
    assert app.top.button("no-one").visible  # undone: the choice is offered again


def test_the_magistrate_places_no_warrants_behind_his_gate(make_app, tmp_path):
    """The warrants are entered behind the Magistrate's gate; "Place none" is there too, so the
    table sees the same gate and the same wipe whatever he chose, then hears (as it would see
    on the table) that no warrant lies anywhere."""
    app = open_prepared(make_app, tmp_path, "2016", 5, FIRST_GAME_9,
                        {"magistrate": 1, "king": 2, "bishop": 3})
    drawn = record_text(app)
    play(app, "TAP @private\nHOLD SEAT1\nEXPECT secret-tokens\nTAP @none\nEXPECT wipe")
    play(app, "TAP @next\nEXPECT calling")
    assert "Player 1 places no warrants." in " ".join(drawn_now(app, drawn))
    assert not calling_state(app).warrants and app.top.button("end").visible


def test_a_threatened_queen_hears_her_gold_after_the_threat(make_app, tmp_path):
    """Seed 000: "협박당한 플레이어는 (자기 캐릭터 능력이나 건물 효과를 사용하기 전에) 반드시
    자기가 받은 협박 토큰에 대응해야 합니다". The Queen (next to the King) refuses the bribe; the
    Blackmailer is asked at once to turn the threat over or leave it; only then is her gold
    said."""
    app = open_prepared(make_app, tmp_path, "2016", 5, FIRST_GAME_9,
                        {"blackmailer": 2, "king": 3, "queen": 4, "bishop": 1}, language="ko")
    drawn = record_text(app)
    assert calling_state(app).rank == 2  # nobody holds the Magistrate
    play(app, "TAP @private\nHOLD SEAT2\nTAP @rank5\nTAP @rank9\nTAP @real1\nTAP @confirm\n"
              "TAP @next\nEXPECT calling")
    while calling_state(app).rank != 9:
        shown = {b.name for b in app.top.buttons if b.visible}
        play(app, "TAP @paid" if "paid" in shown else "TAP @end")
    text = " ".join(drawn_now(app, drawn))
    assert "왕비가 금화 3닢을 받습니다" not in text
    play(app, "TAP @refused")
    assert {b.name for b in app.top.buttons if b.visible} >= {"reveal-threat", "keep-threat"}
    assert "end" not in {b.name for b in app.top.buttons if b.visible}
    assert "협박 토큰을 공개하시겠습니까" in " ".join(drawn_now(app, drawn))
    play(app, "TAP @keep-threat")
    text = " ".join(drawn_now(app, drawn))
    assert "Player 2 님이 Player 4 님의 협박 토큰을 공개하지 않습니다." in text
    assert text.index("공개하지 않습니다") < text.index("왕비가 금화 3닢을 받습니다")


def signed_or_not(app, signed: int):
    """The calling state with the signed warrant moved to ``signed`` (a hidden fact)."""
    state = calling_state(app)
    set_calling_state(app, state.__class__(**{**state.__dict__, "signed": signed}))
    app.top.rebuild()


def test_the_warrant_gate_looks_the_same_whichever_warrant_is_signed(make_app, tmp_path):
    """Seed 000: "인장이 찍힌 영장을 받은 캐릭터만 실제 몰수 대상으로 지정됩니다 … 치안 판사는
    영장 토큰을 뒤집어 … 공개할 수 있습니다". The public screen offers the Magistrate's gate on
    any face-down warrant and draws the same whether this one is signed; behind the gate an
    unsigned warrant cannot be turned over, and leaving stores only the look (stored and
    announced like any, issue 38 item 11)."""
    app = open_prepared(make_app, tmp_path, "2016", 5, FIRST_GAME_9,
                        {"magistrate": 1, "king": 2, "bishop": 3})
    drawn = record_text(app)
    play(app, "TAP @private\nHOLD SEAT1\nTAP @rank4\nTAP @rank5\nTAP @rank8\nTAP @real1\n"
              "TAP @confirm\nTAP @next\nEXPECT calling")
    end_turns_until(app, 4)
    seen = []
    for signed in (4, 5):
        signed_or_not(app, signed)
        seen.append((drawn_now(app, drawn), [(b.name, b.visible) for b in app.top.buttons]))
    assert seen[0] == seen[1] and ("warrant-gate", True) in seen[0][1]
    assert not any(b.name == "reveal-warrant" for b in app.top.buttons)
    stored = len(app.top.controller.session.decisions)
    play(app, "TAP @warrant-gate\nHOLD SEAT1\nEXPECT warrant")
    assert "is not signed: it stays face down" in " ".join(drawn_now(app, drawn))
    assert {b.name for b in app.top.buttons} == {"keep"}
    play(app, "TAP @keep\nTAP @next\nEXPECT calling")
    decisions = app.top.controller.session.decisions
    assert [d["type"] for d in decisions[stored:]] == ["look"]  # the look, no reveal
