"""The game registry (issue 14): a game the app has never heard of — "Race to ten", kept in
tests/extra_game/ as one engine module, one screen module, one registry entry and its catalogue —
is laid out on home, set up, played, kept over a restart, finished and listed in History."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from conftest import play
from extra_game import ENTRY
from extra_game.rules import Add, RaceRules
from rules_contract import play as play_rules
from ui import registry
from ui.geometry import HEIGHT, WIDTH


@pytest.fixture
def race():
    registry.register(ENTRY)
    yield ENTRY
    registry.unregister(ENTRY.id)


@settings(max_examples=30, deadline=None)
@given(st.data(), st.integers(2, 4))
def test_the_extra_game_keeps_the_engine_contract(data, players):
    rules = RaceRules()
    play_rules(data, rules, {"players": players}, 1, range(1, players + 1),
               lambda s: [Add(seat, n) for seat in range(0, players + 2) for n in range(0, 5)])


def test_home_lays_out_every_registered_game(make_app, race):
    app = make_app()
    rects = [app.top.button(g.id).rect for g in registry.games()]
    assert len(rects) == 4
    for i, rect in enumerate(rects):
        assert rect.width >= 48 and rect.height >= 48 and 0 <= rect.left and rect.right <= WIDTH
        assert rect.bottom <= HEIGHT
        assert not any(rect.colliderect(other) for other in rects[i + 1:])
    assert not any(rect.colliderect(app.top.button(b).rect) for rect in rects
                   for b in ("history", "settings"))


def test_a_new_game_from_home_to_history(make_app, race, tmp_path):
    app = make_app(language="ko")
    play(app, "TAP @race\nEXPECT race-setup\nTAP @start\nEXPECT race-board\nTAP @add2")
    assert app.top.controller.view().totals == (2, 0)
    play(app, "TAP @add4")  # refused: said in Korean, nothing stored
    assert app.top.problem == "자기 차례에 1, 2, 3 중 하나를 더하세요."
    assert len(app.top.controller.session.decisions) == 1
    app.close()

    again = make_app(language=None)  # a restart: the kept game reopens where it was
    assert again.top.name == "race-board"
    assert again.top.controller.view().totals == (2, 0)
    assert again.top.controller.view().turn == 2
    play(again, "\n".join(["TAP @add3"] * 6))  # seat 1: 2+3+3+3 = 11, seat 2 at 9
    assert again.top.name == "home"
    assert not again.store.unfinished()
    play(again, "TAP @history\nEXPECT history")
    assert again.top.row_text(again.top.games[0]).endswith("플레이어 1 승리")


def test_a_game_no_longer_registered_is_left_alone(make_app, race):
    app = make_app()
    play(app, "TAP @race\nTAP @start\nTAP @add1")
    app.close()
    registry.unregister("race")
    again = make_app(language=None)
    assert again.top.name == "home"  # nothing to open it with: kept, not thrown away
    assert [s.game for s in again.store.unfinished()] == ["race"]
    registry.register(ENTRY)


@pytest.mark.parametrize("config, stored, text", [
    ({"players": 2}, {"type": "add", "seat": 1, "amount": 7},
     "저장된 게임을 다시 열 수 없습니다 (자기 차례에 1, 2, 3 중 하나를 더하세요.). 게임 기록은 보존됩니다."),
    ({"players": 2}, {"type": "add", "seat": 1},
     "저장된 게임을 다시 열 수 없습니다 (이 race 게임의 저장된 기록 하나가 손상되었습니다.). "
     "게임 기록은 보존됩니다."),
    ({}, {"type": "add", "seat": 1, "amount": 1},
     "저장된 게임을 다시 열 수 없습니다: 저장된 기록 하나가 손상되었습니다. 게임 기록은 보존됩니다.")])
def test_a_kept_game_that_cannot_reopen_is_said_in_the_ui_language(make_app, race, config, stored,
                                                                    text):
    """A refused stored step is said by its code's text, anything else as a damaged step; never
    the exception's English sentence. The game is kept on disk, set aside as damaged (listed,
    never opened again at a restart)."""
    app = make_app(language="ko")
    app.store.append(app.store.create_session("race", {**config, "names": ["A", "B"]}, 1),
                     stored)
    app.close()
    again = make_app(language=None)
    assert again.top.name == "home"
    assert text in again.notice_texts()
    (kept,) = again.store.kept()
    assert kept.game == "race" and kept.damaged in ("replay", "decisions", "config")


def test_the_fourth_game_is_played_scored_exported_and_counted_in_statistics(make_app, race,
                                                                             tmp_path,
                                                                             capsys):
    """A game as complete as Troyes from its own package and one registry line: played on the
    device, scored from History with its own score entry (prefilled from the race as played by
    the engine's ``score_inputs``), the breakdown in History, the CSV export, Statistics, and
    ``companion score race``."""
    app = make_app()
    play(app, "TAP @race\nTAP @start\n" + "\n".join(["TAP @add3"] * 7))  # 12 to 9
    assert app.top.name == "home"
    play(app, "TAP @history\nTAP @row0\nEXPECT history-detail\nTAP @score\n"
              "EXPECT race-score-entry")
    assert app.top.player.total == 12  # prefilled from the race as played
    play(app, "TAP @next\nEXPECT race-score-entry\nTAP @total-more\nTAP @next\n"
              "EXPECT score-results")
    assert [p["total"] for p in app.top.ranked()] == [12, 10]
    play(app, "TAP @done\nEXPECT bgstats\nTAP @done\nEXPECT home")
    (row,) = app.store.history()
    assert row.game == "race" and row.result["winner"] == "Player 1"
    assert row.result["winner_seat"] == 1  # what the race kept of itself, beside the scores
    assert not app.store.unfinished()  # the linked score entry is gone with its scores

    play(app, "TAP @history\nTAP @row0\nEXPECT history-detail\nTAP @breakdown\n"
              "EXPECT score-results")
    assert [p["name"] for p in app.top.ranked()] == ["Player 1", "Player 2"]

    from storage import stats
    from storage.history_file import csv_text

    lines = csv_text(app.store).splitlines()
    assert sum(",race," in line for line in lines) == 2 and any(",12," in line for line in lines)
    (winner,) = [p for p in stats.players(app.store, ("race", "race-score")) if p.wins]
    assert (winner.name, winner.games, winner.best) == ("Player 1", 1, 12)
    play(app, "BACK\nBACK\nEXPECT history\nTAP @filter-race\nTAP @stats\nEXPECT stats")
    assert app.top.kinds == ("race", "race-score")
    assert [p.name for p in app.top.view.items] == ["Player 1", "Player 2"]

    from ui.cli import main

    sheet = tmp_path / "race.json"
    sheet.write_text('{"players": [{"name": "Mina", "total": 8}, {"name": "Joon", "total": 11}]}')
    assert main(["score", "race", str(sheet), "--json"]) == 0
    assert '"winners": ["Joon"]' in capsys.readouterr().out
