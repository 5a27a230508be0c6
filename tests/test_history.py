"""History reaches every stored game (issue 15): all of them, newest first, a page at a time,
scrolled by touch and by UP/DOWN, filtered by game; in-progress rows reopen their game,
finished ones open a detail (scores, Breakdown, a Citadels game's rounds, "Score now" for a game
closed before it was scored); any row can be deleted after asking; damaged rows and names that
cannot be drawn are shown for what they are. Driven through the controls a player uses."""

from __future__ import annotations

import random

import pytest
from citadels_driver import play_to_the_end, setup_lines
from game_paths import troyes_placement
from troyes_driver import roll_black
from conftest import play, record_text

from ui import registry
from ui.registry import GameEntry

KINDS = ("citadels", "troyes", "tiletum", "troyes-score", "tiletum-score", "citadels-score")


def store_games(app, n: int, seed: int = 1) -> list[int]:
    """``n`` sessions of mixed games, straight into the store (a third left in progress);
    their ids, oldest first."""
    rng, ids = random.Random(seed), []
    store = app.store
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        names = [f"P{i}-{s}" for s in range(1, rng.randint(2, 5))]
        config = ({"players": [{"name": name} for name in names]} if kind.endswith("-score")
                  else {"names": names})
        session = store.create_session(kind, config, i)
        session = store.append(session, {"type": "step"}, {"round": 1 + i % 4})
        if i % 3:
            store.finish(session, {"game": kind.removesuffix("-score"), "winner": names[0]})
        ids.append(session.id)
    return ids


def open_history(app) -> None:
    play(app, "TAP @history\nEXPECT history")


def shown_ids(app) -> list[int]:
    return [row.session_id for row in app.top.items]


def drawn_now(app, drawn) -> list[str]:
    drawn.clear()
    app.render()
    return list(drawn)


def focused(app) -> str:
    return app.top.buttons[app.top.focus].name


# --- the whole list ---------------------------------------------------------------------------

def test_300_games_scroll_to_the_oldest_by_the_page_button_newest_first(make_app):
    app = make_app()
    ids = store_games(app, 300)
    open_history(app)
    assert app.top.total == 300
    seen = shown_ids(app)
    assert seen[0] == ids[-1]  # the newest first
    taps = 0
    while app.top.button("page-down").enabled:
        play(app, "TAP @page-down")
        seen += [i for i in shown_ids(app) if i not in seen]
        taps += 1
    assert taps == 49  # 6 rows a page: 1–6 … 295–300
    assert seen == ids[::-1]  # every game once, newest to oldest
    assert app.top.items[-1].session_id == ids[0]
    drawn = record_text(app)
    assert "295–300 / 300" in drawn_now(app, drawn)
    play(app, "TAP @page-down")  # at the end: nothing moves
    assert app.top.items[-1].session_id == ids[0]
    while app.top.button("page-up").enabled:
        play(app, "TAP @page-up")
    assert shown_ids(app)[0] == ids[-1]


def test_down_presses_walk_the_rows_then_scroll_one_at_a_time_to_the_oldest(make_app):
    app = make_app()
    ids = store_games(app, 300, seed=2)
    open_history(app)
    assert focused(app) == "filter-all"
    play(app, "DOWN")
    assert focused(app) == "row0"
    firsts = [shown_ids(app)[0]]
    for _ in range(299):
        play(app, "DOWN")
        firsts.append(shown_ids(app)[0])
    assert focused(app) == "row5"  # the focus stays on the last row; the list moves under it
    assert app.top.items[-1].session_id == ids[0] and app.top.offset == 294
    assert firsts[:6] == [ids[-1]] * 6  # the focus walks the first page, then one row a press
    assert firsts[5:] == ids[::-1][:295]
    play(app, "DOWN")  # past the oldest: nothing
    assert app.top.offset == 294
    play(app, "UP\nUP\nUP\nUP\nUP")
    assert focused(app) == "row0" and app.top.offset == 294
    play(app, "UP\nUP")
    assert app.top.offset == 292 and focused(app) == "row0"
    row = app.top.items[0]
    assert row.session_id == ids[7] and row.finished
    play(app, "OK\nEXPECT history-detail")  # OK opens the row the focus is on
    assert app.top.row.session_id == ids[7]


def test_the_filter_shows_only_that_games_rows_and_counts(make_app):
    app = make_app()
    ids = store_games(app, 300, seed=3)
    troyes = [i for i, kind in zip(ids, (KINDS * 50)) if kind.startswith("troyes")]
    open_history(app)
    drawn = record_text(app)
    assert "300 games" in drawn_now(app, drawn)
    play(app, "TAP @filter-troyes")
    assert app.top.button("filter-troyes").is_selected()
    assert app.top.total == len(troyes) == 100
    texts = drawn_now(app, drawn)
    assert "100 games" in texts and "1–6 / 100" in texts
    seen = shown_ids(app)
    while app.top.button("page-down").enabled:
        play(app, "TAP @page-down")
        seen += [i for i in shown_ids(app) if i not in seen]
    assert seen == troyes[::-1]  # Troyes games and Troyes score sheets, newest first
    assert all("Troyes" in app.top.row_text(r) for r in app.top.items)
    play(app, "TAP @filter-all")
    assert app.top.total == 300 and app.top.offset == 0


def test_a_game_without_sessions_says_so_and_any_number_of_games_fits(make_app):
    extra = [GameEntry(f"extra{n}", setup="x:y", openers={f"extra{n}": "x:y"})
             for n in range(5)]
    app = make_app()  # home laid out with the three games; History reads the registry
    for entry in extra:
        registry.register(entry)
    try:
        store_games(app, 12)
        app.store.create_session("extra4-draft", {"names": ["Mina"]}, 1)
        open_history(app)
        screen = app.top
        shown = [b for b in screen.buttons if b.name.startswith("filter-") and b.visible]
        assert all(b.rect.width >= 48 and b.rect.right <= 800 for b in shown)
        assert screen.button("filter-prev").enabled is False
        while screen.button("filter-next").enabled:
            play(app, "TAP @filter-next")
        play(app, "TAP @filter-extra4")  # its session kinds: its openers and "extra4-…"
        assert [r.game for r in screen.items] == ["extra4-draft"]
        play(app, "TAP @filter-extra3")
        assert screen.total == 0
        drawn = record_text(app)
        assert "No game.extra3 games yet." in drawn_now(app, drawn)
    finally:
        for entry in extra:
            registry.unregister(entry.id)


# --- opening a row ----------------------------------------------------------------------------

def test_a_row_in_progress_reopens_its_game(make_app):
    app = make_app()
    app.seeds = iter(range(3, 99))
    play(app, "TAP @troyes\nTAP @start\nEXPECT troyes-board\n" + troyes_placement())
    play(app, "TAP @income\nBACK\nEXPECT home")
    (kept,) = app.store.kept()
    store_games(app, 3)
    app.store.finish(app.store.create_session("citadels", {"names": ["A", "B"]}, 1),
                     {"game": "citadels", "winner": "A"})  # newer, finished
    open_history(app)
    row = shown_ids(app).index(kept.session_id)
    assert "in progress" in app.top.row_text(app.top.items[row])
    play(app, f"TAP @row{row}\nEXPECT troyes-board")
    assert app.top.controller.session.id == kept.session_id
    assert app.top.controller.session.decisions == app.store.load(kept.session_id).decisions


def test_a_citadels_row_in_progress_reopens_on_its_public_screen(make_app):
    app = make_app()
    app.seeds = iter(range(40, 99))
    setup_lines(app, 4)
    play(app, "EXPECT gate\nBACK\nEXPECT draft-public\nTAP @leave\nEXPECT home")
    open_history(app)
    assert "in progress" in app.top.row_text(app.top.items[0])
    play(app, "TAP @row0")
    assert [s.name for s in app.stack] == ["home", "draft-public", "gate"]


def test_a_scored_row_opens_its_detail_and_breakdown_opens_the_results(make_app):
    app = make_app()
    play(app, "TAP @troyes\nTAP @score\nEXPECT troyes-score-entry\nTAP @level1")
    while app.top.name == "troyes-score-entry":
        play(app, "TAP @next")
    assert app.top.name == "score-results"
    ranked = [(p["name"], p["total"]) for p in app.top.ranked()]
    play(app, "TAP @done\nEXPECT bgstats\nTAP @done\nEXPECT home")
    open_history(app)
    assert ranked[0][0] in app.top.row_text(app.top.items[0])
    play(app, "TAP @row0\nEXPECT history-detail")
    drawn = record_text(app)
    texts = drawn_now(app, drawn)
    assert all(name in texts and str(total) in texts for name, total in ranked)
    assert "winner" in texts  # the winner's tag
    assert "score" not in [b.name for b in app.top.buttons]  # scored already
    play(app, "TAP @breakdown\nEXPECT score-results")
    assert [(p["name"], p["total"]) for p in app.top.ranked()] == ranked
    play(app, "TAP @done\nEXPECT history-detail\nBACK\nEXPECT history")


def test_a_citadels_game_ended_with_done_shows_its_rounds_and_is_scored_later(make_app):
    app = make_app()
    game = play_to_the_end(app, complete_from=1)
    rounds, order = game.rounds, game.completion_order()
    play(app, "TAP @done\nEXPECT home")
    (row,) = app.store.rows()
    open_history(app)
    assert app.top.total == 1
    assert "first city: " + game.name(order[0]) in app.top.row_text(app.top.items[0])
    play(app, "TAP @row0\nEXPECT history-detail")
    assert app.top.button("score").visible and not any(b.name == "breakdown"
                                                        for b in app.top.buttons)
    play(app, "TAP @rounds")
    drawn = record_text(app)
    texts = drawn_now(app, drawn)
    assert f"Round 1 of {len(rounds)}" in texts
    for seat in range(1, 5):  # who held which character in round 1
        held = sorted((c for c, s in rounds[0].holders if s == seat), key=game.rank)
        assert any(game.character_name(held[0]) in t for t in texts), seat
    while app.top.button("round-next").enabled:
        play(app, "TAP @round-next")
    texts = drawn_now(app, drawn)
    assert f"Round {len(rounds)} of {len(rounds)}" in texts
    assert "city completed 1st" in texts  # the completion order, in the last round
    play(app, "TAP @summary\nTAP @score\nEXPECT score-city")
    score = app.top.controller
    assert [p.completed for p in score.players] == [
        order.index(s) + 1 if s in order else None for s in range(1, 5)]
    enter_citadels_scores(app)
    play(app, "TAP @done\nEXPECT bgstats\nTAP @done\nEXPECT home")
    (scored,) = app.store.rows()  # the same row, now with its scores: no new History row
    assert scored.session_id == row.session_id and "scores" in scored.result
    assert scored.result["completion_order"] == list(order)
    open_history(app)
    assert app.top.total == 1 and "winner " in app.top.row_text(app.top.items[0])
    play(app, "TAP @row0\nEXPECT history-detail")
    assert app.top.button("breakdown").visible
    assert not any(b.name == "score" for b in app.top.buttons)


CITIES = [["manor", "castle", "palace", "tab-religious", "temple", "church", "monastery",
           "tab-military", "watchtower"],
          ["manor", "castle", "palace", "tab-religious", "temple", "church", "monastery",
           "tab-military", "prison"],
          ["manor", "castle", "palace", "tab-religious", "temple", "church", "monastery",
           "tab-military", "battlefield"],
          ["manor", "castle", "tab-trade", "tavern", "market", "trading_post", "docks",
           "harbor"]]


def enter_citadels_scores(app) -> None:
    """Tap through a Citadels score entry: seven districts for each completed city, nothing
    for the others, up to the results."""
    cities = iter(CITIES)
    for _ in range(40):
        top = app.top
        if top.name == "score-results":
            assert top.data is not None, top.error
            return
        if top.name == "score-city":
            player = top.controller.editing(top.index)
            if player.completed and not player.city:
                play(app, "\n".join(f"TAP @{n}" for n in ["tab-noble", *next(cities)]))
        play(app, "TAP @next")
    raise AssertionError("no results")


def test_a_troyes_game_ended_with_done_is_scored_later_on_its_own_row(make_app):
    app = make_app()
    app.seeds = iter(range(3, 99))
    play(app, "TAP @troyes\nTAP @fewer\nTAP @start\nEXPECT troyes-board\n" + troyes_placement(2))
    for _ in range(4):
        play(app, "TAP @income")
        roll_black(app, 0)
        play(app, "TAP @pass\nTAP @pass")
    play(app, "TAP @done\nEXPECT home")
    (row,) = app.store.rows()
    assert row.finished and "scores" not in row.result
    open_history(app)
    play(app, "TAP @row0\nEXPECT history-detail\nTAP @score\nEXPECT troyes-score-entry")
    assert [f for f in app.top.fields() if f.startswith("card")] == [f"card{i}" for i in range(4)]
    play(app, "BACK\nEXPECT home")  # the entry is kept: Score now goes back to it
    open_history(app)
    assert app.top.total == 2  # the game, and its score sheet in progress
    finished = next(i for i, r in enumerate(app.top.items) if r.finished)
    play(app, f"TAP @row{finished}\nTAP @score\nEXPECT troyes-score-entry")
    assert len(app.store.kept()) == 1
    play(app, "TAP @next\nTAP @next\nEXPECT score-results\nTAP @done\n"
              "EXPECT bgstats\nTAP @done\nEXPECT home")
    (scored,) = app.store.rows()
    assert scored.session_id == row.session_id
    assert scored.result["rounds"] == 4 and scored.result["names"] == list(row.names)
    assert "scores" in scored.result


def test_a_tiletum_game_closed_unscored_is_scored_later_in_its_turn_order(make_app):
    from companion.tiletum.game import DEFAULT_FESTIVALS
    from ui.screens.tiletum.controller import TiletumController

    app = make_app()
    controller = TiletumController.new(app, 3, (2, 3, 1), DEFAULT_FESTIVALS,
                                       ["Mina", "Joon", "Sora"])
    controller.finish()
    open_history(app)
    play(app, "TAP @row0\nEXPECT history-detail\nTAP @score\nEXPECT tiletum-score-entry")
    entry = app.top.controller
    assert [p.name for p in entry.players] == [controller.name(s)
                                               for s in controller.view().order]
    assert entry.session.config["game_session"] == controller.session.id


# --- deleting, damaged rows, names ------------------------------------------------------------

def test_delete_asks_then_removes_exactly_that_row(make_app):
    app = make_app()
    ids = store_games(app, 8)
    open_history(app)
    target = app.top.items[2].session_id
    play(app, "TAP @side2\nEXPECT ask\nTAP @keep\nEXPECT history")
    assert app.store.count() == 8
    play(app, "TAP @side2\nEXPECT ask\nTAP @confirm\nEXPECT history")
    assert app.store.count() == 7 and app.store.row(target) is None
    assert shown_ids(app) == [i for i in ids[::-1] if i != target][:6]
    assert app.top.total == 7


def test_delete_from_the_detail_asks_and_returns_to_history(make_app):
    app = make_app()
    ids = store_games(app, 5)  # the newest (index 4) is finished
    open_history(app)
    play(app, "TAP @row0\nEXPECT history-detail\nTAP @delete\nEXPECT ask\nTAP @confirm")
    assert app.top.name == "history" and app.store.row(ids[-1]) is None
    assert app.top.total == 4


def test_a_damaged_row_is_listed_as_damaged_and_can_be_deleted(make_app):
    app = make_app()
    ids = store_games(app, 5)
    app.store._db.execute("UPDATE sessions SET config='{' WHERE id=?", (ids[2],))
    open_history(app)
    index = shown_ids(app).index(ids[2])
    assert "damaged — cannot be opened" in app.top.row_text(app.top.items[index])
    play(app, f"TAP @row{index}\nEXPECT ask")  # it cannot be opened: the question is deletion
    play(app, "TAP @confirm\nEXPECT history")
    assert app.store.row(ids[2]) is None and app.top.total == 4


def test_a_game_whose_steps_cannot_be_replayed_shows_its_row_without_rounds(make_app):
    app = make_app()
    from companion.citadels.charset import first_game

    config = {"edition": "2016", "players": 4, "characters": list(first_game("2016", 4)),
              "crown": 1, "names": ["Mina", "Joon", "Sora", "Hana"]}
    session = app.store.create_session("citadels", config, 1)
    app.store.append(session, {"type": "nonsense"})
    app.store.finish(session, {"game": "citadels", "first_complete": "Sora"})
    open_history(app)
    play(app, "TAP @row0\nEXPECT history-detail")
    assert not any(b.name == "rounds" for b in app.top.buttons)
    drawn = record_text(app)
    texts = drawn_now(app, drawn)
    assert "Sora" in " ".join(texts) and "Mina" in texts
    assert any("rounds cannot be shown" in t for t in texts)
    play(app, "TAP @score")  # it cannot be replayed, so it cannot be scored here either
    assert app.top.name == "history-detail"
    assert any("cannot be scored" in t for t in drawn_now(app, drawn))


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_name_that_cannot_be_drawn_is_shown_as_player_n(make_app, language):
    app = make_app(language=language)
    names = ["Mina", "\u200b", "Joon"]
    session = app.store.create_session("troyes-score",
                                       {"players": [{"name": n} for n in names]}, 0)
    scores = {"players": [{"name": n, "total": t, "breakdown": {}} for n, t in
                          zip(names, (3, 9, 1))],
              "ranking": ["\u200b", "Mina", "Joon"], "winners": ["\u200b"]}
    app.store.finish(session, {"game": "troyes", "winner": "\u200b", "scores": scores})
    kept = app.store.create_session("citadels", {"names": names}, 1)
    app.store.append(kept, {"type": "step"}, {"round": 2})
    open_history(app)
    player2 = app.t("setup.seat_name", n=2)
    drawn = record_text(app)
    texts = drawn_now(app, drawn)
    rows = [app.top.row_text(r) for r in app.top.items]
    assert all(player2 in r and "\u200b" not in r for r in rows)
    assert not any("\u200b" in t for t in texts)
    play(app, "TAP @row1\nEXPECT history-detail")
    texts = drawn_now(app, drawn)
    assert player2 in texts and not any("\u200b" in t for t in texts)


def test_a_finished_game_whose_decision_its_rules_refuse_is_replayed_checked(make_app):
    """Issue 39: a kept game's decisions were checked as they were played on this device, so
    its replay trusts them; a finished game may come from a backup (the import copies its
    decisions without the rules), so History replays it checking each. A 4-player game whose
    last step names seat 7 (a trusted replay takes it silently) shows no rounds and cannot be
    scored here."""
    played = make_app()
    play_to_the_end(played).finish()
    played.store._db.execute("UPDATE decisions SET payload = json_set(payload, '$.seat', 7)"
                             " WHERE seq = (SELECT MAX(seq) FROM decisions)")
    played.close()
    app = make_app()
    open_history(app)
    play(app, "TAP @row0\nEXPECT history-detail")
    assert not any(b.name == "rounds" for b in app.top.buttons)
    drawn = record_text(app)
    assert any("rounds cannot be shown" in t for t in drawn_now(app, drawn))
    play(app, "TAP @score")
    assert app.top.name == "history-detail"
    assert any("cannot be scored" in t for t in drawn_now(app, drawn))
