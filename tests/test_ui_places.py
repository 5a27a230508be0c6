"""Players level on points share a place (issue 37): "3rd" for both, on the results and in
History, in Korean "3위"; a tie-break that chose the winner puts them ahead of those they tied
with. Troyes has none: "가장 많은 점수를 얻은 플레이어가 승리합니다!" (seed 002)."""

from __future__ import annotations

import pytest
from conftest import play, record_text
from test_history import drawn_now

NAMES = ("Mina", "Joon", "Sora", "Hana")
TOKENS = (20, 15, 10, 10)  # by fives; no cathedral level: -6 each, so 14, 9, 4, 4


def enter_troyes_scores(app) -> None:
    """Score only, from the Troyes setup: four players' score tokens on their steppers."""
    play(app, "TAP @troyes\nEXPECT troyes-setup\nTAP @more\nTAP @score\n"
              "EXPECT troyes-score-entry")
    for tokens in TOKENS:
        play(app, "TAP @tokens-five\n" * (tokens // 5) + "TAP @next")
    play(app, "EXPECT score-results")


@pytest.mark.parametrize("language, ranks", [
    ("en", ["1st Mina", "2nd Joon", "3rd Sora", "3rd Hana"]),
    ("ko", ["1위 Mina", "2위 Joon", "3위 Sora", "3위 Hana"])])
def test_the_results_and_history_give_players_level_on_points_one_place(make_app, language,
                                                                         ranks):
    app = make_app(language=language, roster=NAMES)
    drawn = record_text(app)
    enter_troyes_scores(app)
    shown = drawn_now(app, drawn)
    assert [t for t in shown if t in ranks] == ranks
    assert not any(t.startswith(("4th", "4위")) for t in shown)
    play(app, "TAP @done\nEXPECT bgstats\nTAP @done\nEXPECT home\nTAP @history\nEXPECT history\nTAP @row0\n"
              "EXPECT history-detail")
    shown = drawn_now(app, drawn)
    places = [t for t in shown if t in {r.split()[0] for r in ranks} | {"4th", "4위"}]
    assert places == [r.split()[0] for r in ranks]


def test_a_tie_break_that_chose_the_winner_puts_them_first(make_app):
    """Tiletum: "동점인 경우, 동점자 중 턴 순서 트랙에서 앞선 플레이어가 승리합니다" (seed 004):
    Joon, earlier in turn order, is 1st, Mina 2nd on the same points; Sora and Hana 3rd."""
    from companion.tiletum.scoring import TiletumPlayer, result_json, score_game

    app = make_app()
    players = [TiletumPlayer(n, vp=vp, turn_order=order) for n, vp, order in
               (("Mina", 30, 2), ("Joon", 30, 1), ("Sora", 20, 3), ("Hana", 20, 4))]
    scores = result_json(score_game(players))
    session = app.store.create_session("tiletum-score", {
        "players": [{"name": p.name} for p in players], "game_session": None}, 0)
    app.store.finish(session, {"game": "tiletum", "winner": "Joon", "scores": scores})
    drawn = record_text(app)
    play(app, "TAP @history\nTAP @row0\nEXPECT history-detail\nTAP @breakdown\n"
              "EXPECT score-results")
    assert [t for t in drawn_now(app, drawn) if t.endswith(tuple(p.name for p in players))
            and t[:1].isdigit()] == ["1st Joon", "2nd Mina", "3rd Sora", "3rd Hana"]
