"""Statistics (issue 20): the numbers of storage/stats.py checked against a hand-made history
(games stored through the real Store as the app finishes them, every expected number worked out
by hand below), and the Statistics screen reached from History and driven by the controls a
player uses."""

from __future__ import annotations

import re

import pytest
from conftest import play, record_text
from test_history import drawn_now, focused

from storage import stats
from storage.store import Store

TROYES = ("troyes", "troyes-score")
CITADELS = ("citadels", "citadels-score")


# --- games stored as the app stores them -------------------------------------------------------

def scores_json(totals: dict[str, int], winners: list[str], edition: str | None = None) -> dict:
    """A score entry's result (ScoreEntryController.finish's ``scores``)."""
    data = {"players": [{"name": n, "total": t, "breakdown": {}} for n, t in totals.items()],
            "ranking": sorted(totals, key=lambda n: -totals[n]), "winners": winners,
            "tie_break": None, "tie_break_code": None, "tie_break_fields": None}
    return data if edition is None else {"edition": edition, **data}


def score_sheet(store: Store, kind: str, totals: dict[str, int], winners: list[str]) -> int:
    """A game scored without the device running it (``troyes-score``…)."""
    session = store.create_session(kind, {"players": [{"name": n} for n in totals],
                                          "game_session": None}, 0)
    store.finish(session, {"game": kind.removesuffix("-score"), "winner": " & ".join(winners),
                           "scores": scores_json(totals, winners)})
    return session.id


def citadels_game(store: Store, held: dict[str, list[str]], edition: str = "2016",
                  totals: dict[str, int] | None = None, winners: list[str] = ()) -> int:
    """A Citadels game the device ran (companion/citadels/game.py ``result``), closed with
    Done; with ``totals`` then scored from History (a score entry linked to it, dropped when
    it finishes the game's own row, as score_controller.finish does)."""
    names = list(held)
    config = {"edition": edition, "players": len(names), "crown": 1, "names": names,
              "characters": ["assassin", "thief", "magician", "king", "bishop", "merchant",
                             "architect", "warlord"]}
    game = store.create_session("citadels", config, 1)
    result = {"game": "citadels", "edition": edition, "rounds": 6, "completion_order": [1],
              "final_characters": {str(seat): held[n] for seat, n in enumerate(names, 1)}}
    store.finish(game, result)
    if totals is not None:
        entry = store.create_session("citadels-score", {
            "players": [{"name": n} for n in totals], "edition": edition,
            "game_session": game.id, "game_result": result}, 0)
        store.finish(game.id, {**result, "winner": " & ".join(winners),
                               "scores": scores_json(totals, list(winners), edition)},
                     drop=entry)
    return game.id


def hand_made(store: Store) -> dict[int, int]:
    """The history every number below is worked out from; the session id of each game."""
    mina = store.add_player("Mina").id
    store.add_player("Joon")
    ids = {
        1: score_sheet(store, "troyes-score", {"Mina": 40, "Joon": 35, "Sora": 30}, ["Mina"]),
        2: score_sheet(store, "troyes-score", {"Mina": 50, "Joon": 50, "Hana": 20},
                       ["Mina", "Joon"]),  # a tie: two winners
        3: citadels_game(store, {"Mina": ["king", "thief"], "Joon": ["assassin", "bishop"],
                                 "Sora": ["merchant", "warlord"]}),  # never scored
        4: citadels_game(store, {"Mina": ["king"], "Sora": ["thief"], "Hana": ["architect"],
                                 "Joon": ["warlord"]},
                         totals={"Mina": 28, "Sora": 33, "Hana": 22, "Joon": 31},
                         winners=["Sora"]),
        5: citadels_game(store, {"Mina": ["king", "magician"], "Joon": ["thief", "warlord"]},
                         edition="classic", totals={"Mina": 25, "Joon": 20}, winners=["Mina"]),
        6: score_sheet(store, "tiletum-score", {"Hana": 90, "Sora": 80}, ["Hana"]),
        7: citadels_game(store, {"Sora": ["king", "bishop"], "Hana": ["thief", "architect"]},
                         totals={"Sora": 30, "Hana": 25}, winners=["Sora"]),
    }
    store.rename_player(mina, "Mina K.")
    ids[8] = score_sheet(store, "troyes-score", {"Mina K.": 44, "Joon": 41}, ["Mina K."])
    return ids


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "companion.sqlite3")
    yield s
    s.close()


def played_at(store: Store, session_id: int) -> str:
    return store.row(session_id).played_at


def by_name(found) -> dict:
    return {p.name: p for p in found}


# --- per player ---------------------------------------------------------------------------------

def test_every_players_numbers_over_every_game(store):
    ids = hand_made(store)
    found = stats.players(store)
    assert [p.name for p in found] == ["Mina K.", "Joon", "Sora", "Hana"]  # games, then wins
    mina, joon, sora, hana = found
    # Mina: games 1 2 3 4 5 8; 3 was never scored; won 1, 2 (tie), 5, 8; scores 40 50 28 25 44.
    assert mina[:7] == (mina.player_id, "Mina K.", 6, 5, 4, 37.4, 50)
    assert mina.win_rate == 0.8
    assert mina.last_played == played_at(store, ids[8])
    assert [tuple(r) for r in mina.recent] == [(40, True), (50, True), (28, False),
                                               (25, True), (44, True)]
    # Joon: the same games; won only the tie of game 2; scores 35 50 31 20 41.
    assert joon[1:7] == ("Joon", 6, 5, 1, 35.4, 50) and joon.win_rate == 0.2
    assert [r.score for r in joon.recent] == [35, 50, 31, 20, 41]
    # Sora, never remembered: games 1 3 4 6 7, scored 1 4 6 7 (30 33 80 30), won 4 and 7.
    assert sora[:7] == (None, "Sora", 5, 4, 2, 43.25, 80) and sora.win_rate == 0.5
    assert sora.last_played == played_at(store, ids[7])
    # Hana: games 2 4 6 7 (20 22 90 25), won 6.
    assert hana[:7] == (None, "Hana", 4, 4, 1, 39.25, 90) and hana.win_rate == 0.25


def test_a_renamed_player_keeps_the_games_played_under_the_old_name(store):
    hand_made(store)
    found = by_name(stats.players(store))
    assert "Mina" not in found  # no second player for the old name
    mina = found["Mina K."]
    assert mina.games == 6
    assert mina.player_id == next(p.id for p in store.players() if p.name == "Mina K.")
    assert store.query("SELECT DISTINCT name FROM player_results WHERE player_id = ?"
                       " ORDER BY name", (mina.player_id,)) == [("Mina",), ("Mina K.",)]


def test_a_game_without_scores_counts_as_played_but_not_in_the_win_rate(store):
    citadels_game(store, {"Mina": ["king"], "Joon": ["thief"]})
    found = by_name(stats.players(store))
    assert found["Mina"][2:7] == (1, 0, 0, None, None)
    assert found["Mina"].win_rate is None and found["Mina"].recent == ()
    citadels_game(store, {"Mina": ["king"], "Joon": ["thief"]}, totals={"Mina": 3, "Joon": 2},
                  winners=["Mina"])
    mina = by_name(stats.players(store))["Mina"]
    assert (mina.games, mina.scored, mina.wins, mina.win_rate) == (2, 1, 1, 1.0)


def test_a_tie_is_a_win_for_each_winner(store):
    score_sheet(store, "troyes-score", {"A": 30, "B": 30, "C": 10}, ["A", "B"])
    found = by_name(stats.players(store))
    assert [(n, found[n].wins) for n in "ABC"] == [("A", 1), ("B", 1), ("C", 0)]


def test_one_games_numbers_count_only_its_own_sessions(store):
    hand_made(store)
    troyes = stats.players(store, TROYES)  # games 1, 2, 8
    assert [p[1:7] for p in troyes] == [("Mina K.", 3, 3, 3, 134 / 3, 50),
                                        ("Joon", 3, 3, 1, 42.0, 50),
                                        ("Hana", 1, 1, 0, 20.0, 20),
                                        ("Sora", 1, 1, 0, 30.0, 30)]  # ties: by name
    citadels = by_name(stats.players(store, CITADELS))  # games 3, 4, 5, 7
    assert citadels["Mina K."][2:7] == (3, 2, 1, 26.5, 28)
    assert citadels["Joon"][2:7] == (3, 2, 0, 25.5, 31) and citadels["Joon"].win_rate == 0
    assert citadels["Sora"][2:7] == (3, 2, 2, 31.5, 33)
    assert [r.score for r in citadels["Sora"].recent] == [33, 30]
    assert stats.players(store, ("tiletum", "tiletum-score"))[0][1:5] == ("Hana", 1, 1, 1)
    assert stats.players(store, ("nothing",)) == []


def test_the_sparkline_keeps_the_latest_ten_scores_oldest_first(store):
    for n in range(1, 14):  # Mina scores 1…13; every third game she wins
        score_sheet(store, "tiletum-score", {"Mina": n, "Joon": 7},
                    ["Mina"] if n % 3 == 0 else ["Joon"])
    (mina,) = [p for p in stats.players(store) if p.name == "Mina"]
    assert [r.score for r in mina.recent] == list(range(4, 14))
    assert [r.won for r in mina.recent] == [n % 3 == 0 for n in range(4, 14)]


def test_players_of_old_games_still_get_their_last_game_and_scores(store):
    """The latest games are read a few at a time: a player of the oldest game only is found
    once the walk reaches it, and so is an old score of a player seen again lately."""
    oldest = score_sheet(store, "troyes-score", {"Old": 5, "Mina": 9, "Joon": 4}, ["Mina"])
    for n in range(300):
        score_sheet(store, "troyes-score", {"Mina": n, "Joon": 1}, ["Mina"])
    citadels_game(store, {"Joon": ["king"], "Sora": ["thief"]},
                  totals={"Joon": 6, "Sora": 2}, winners=["Joon"])
    found = by_name(stats.players(store))
    assert found["Old"].last_played == played_at(store, oldest)
    assert [tuple(r) for r in found["Old"].recent] == [(5, False)]
    assert [r.score for r in found["Mina"].recent] == list(range(290, 300))
    assert [r.score for r in found["Joon"].recent] == [1] * 9 + [6]
    assert [r.score for r in found["Sora"].recent] == [2]


def test_an_old_score_of_a_player_seen_lately_is_in_their_sparkline(store):
    score_sheet(store, "troyes-score", {"Sora": 3, "Mina": 9}, ["Mina"])
    for n in range(300):
        score_sheet(store, "troyes-score", {"Mina": n, "Joon": 1}, ["Mina"])
    score_sheet(store, "troyes-score", {"Sora": 8, "Mina": 2, "Joon": 2}, ["Sora"])
    sora = by_name(stats.players(store))["Sora"]
    assert [tuple(r) for r in sora.recent] == [(3, False), (8, True)]


# --- per Citadels character --------------------------------------------------------------------

def test_how_often_each_characters_holder_won_by_edition(store):
    hand_made(store)
    found = {(c.edition, c.character): (c.games, c.wins) for c in stats.characters(store)}
    # Scored games 4 and 7 (2016) and 5 (classic); game 3 was never scored, so its assassin,
    # bishop and merchant count nowhere and its king, thief and warlord add nothing.
    assert found == {("2016", "king"): (2, 1), ("2016", "thief"): (2, 1),
                     ("2016", "architect"): (2, 0), ("2016", "bishop"): (1, 1),
                     ("2016", "warlord"): (1, 0),
                     ("classic", "king"): (1, 1), ("classic", "magician"): (1, 1),
                     ("classic", "thief"): (1, 0), ("classic", "warlord"): (1, 0)}
    king = next(c for c in stats.characters(store) if c[:2] == ("2016", "king"))
    assert king.win_rate == 0.5
    assert stats.characters(store, CITADELS) == stats.characters(store)
    assert stats.characters(store, TROYES) == []


# --- per game: the score distribution ----------------------------------------------------------

def test_the_distribution_of_one_games_final_scores(store):
    hand_made(store)
    troyes = stats.distribution(store, TROYES)
    # Games 1, 2, 8: 40 35 30 | 50 50 20 | 44 41; winners 40, 50 and 50 (the tie), 44.
    assert troyes[:5] == (3, 8, 20, 50, 38.75)
    assert [tuple(b) for b in troyes.buckets] == [
        (20, 24, 1, 0), (25, 29, 0, 0), (30, 34, 1, 0), (35, 39, 1, 0), (40, 44, 3, 2),
        (45, 49, 0, 0), (50, 54, 2, 2)]  # 20…50 in 5-point buckets, empty ones kept
    assert troyes[6:] == (40, 50, 46.0)
    citadels = stats.distribution(store, CITADELS)
    # Games 4, 5, 7 (3 was never scored): 28 33 22 31 | 25 20 | 30 25; winners 33, 25, 30.
    assert citadels[:5] == (3, 8, 20, 33, 26.75)
    assert [(b.low, b.count, b.wins) for b in citadels.buckets] == [
        (20, 1, 0), (22, 1, 0), (24, 2, 1), (26, 0, 0), (28, 1, 0), (30, 2, 1), (32, 1, 1)]
    assert citadels[6:] == (25, 33, 88 / 3)
    assert stats.distribution(store, ("tiletum", "tiletum-score"))[:4] == (1, 2, 80, 90)
    assert stats.distribution(store, ("nothing",)) is None


def test_scores_without_a_recorded_winner_have_no_winning_scores(store):
    score_sheet(store, "troyes-score", {"A": 3, "B": 5}, [])
    found = stats.distribution(store, TROYES)
    assert found[:5] == (1, 2, 3, 5, 4.0) and found[6:] == (None, None, None)
    assert [b.wins for b in found.buckets] == [0, 0, 0]


def test_a_single_score_is_one_bucket():
    assert stats.buckets([(7, 3, 1)], 7, 7) == (stats.Bucket(7, 7, 3, 1),)


# --- the screen -------------------------------------------------------------------------------

NAMES = ["김민준", "Alexandra-Catherine", "Mina", "Joon", "Sora", "Hana", "이서연", "Ben"]


def eight_players(app) -> None:
    """Each player i (0…7) plays 8 − i Troyes games against the next one and wins them: so
    games (wins) are 김민준 9 (8), Alexandra-Catherine 15 (7), Mina 13 (6), Joon 11 (5),
    Sora 9 (4), Hana 7 (3), 이서연 5 (2), Ben 3 (1); then a Citadels game Mina wins against
    Joon."""
    for i, name in enumerate(NAMES):
        for game in range(8 - i):
            rival = NAMES[(i + 1) % len(NAMES)]
            score_sheet(app.store, "troyes-score", {name: 40 + game, rival: 30}, [name])
    citadels_game(app.store, {"Mina": ["king"], "Joon": ["thief"]},
                  totals={"Mina": 31, "Joon": 27}, winners=["Mina"])


def test_history_opens_statistics_for_its_game_and_back_returns(make_app):
    app = make_app()
    eight_players(app)
    play(app, "TAP @history\nEXPECT history\nTAP @filter-troyes\nTAP @stats\nEXPECT stats")
    assert app.top.filter == "troyes" and app.top.button("filter-troyes").is_selected()
    assert app.top.kinds == TROYES
    assert "Mina" in [p.name for p in app.top.view.items]
    play(app, "BACK\nEXPECT history")
    assert app.top.filter == "troyes"


def test_a_players_page_reads_the_latest_games_of_its_own_players_only(make_app,
                                                                         monkeypatch):
    """Issue 39: the sparklines' and last played's rows are read for the five players a page
    shows, when it is first turned to (not every player's, with the sums), and come out as
    ``stats.players`` gives them."""
    app = make_app()
    eight_players(app)
    read: list[tuple] = []  # (player_id, name if not remembered) of each latest-game row read
    query = app.store.query

    def recorded(sql, args=()):
        rows = query(sql, args)
        if "LEFT JOIN player_results" in sql:
            read.extend((row[3], row[4]) for row in rows if row[3:5] != (None, None))
        return rows

    monkeypatch.setattr(app.store, "query", recorded)
    expected = stats.players(app.store)
    read.clear()
    play(app, "TAP @history\nTAP @stats\nEXPECT stats")

    def keys(players) -> set[tuple]:
        return {(p.player_id, None if p.player_id else p.name) for p in players}

    assert read and set(read) <= keys(expected[:5])
    assert app.top.view.page(0) == expected[:5]
    read.clear()
    play(app, "TAP @page-next")
    assert read and set(read) <= keys(expected[5:])
    assert app.top.view.page(1) == expected[5:]
    read.clear()
    play(app, "TAP @page-prev")
    assert not read  # (each page read once)


def test_statistics_with_the_controls_filter_and_pages(make_app):
    app = make_app()
    eight_players(app)
    play(app, "TAP @history\nEXPECT history\nUP\nOK\nEXPECT stats")  # UP: the title bar
    drawn = record_text(app)
    texts = drawn_now(app, drawn)
    order = [p.name for p in app.top.view.items]
    assert order == ["Alexandra-Catherine", "Mina", "Joon", "김민준", "Sora", "Hana", "이서연",
                     "Ben"]  # the most games first; 김민준 before Sora: more wins
    assert all(name in texts for name in order[:5]) and "Hana" not in texts
    assert "1 / 2" in texts and "15" in texts and "14" in texts  # Alexandra's, Mina's games
    assert "89%" in texts and "50%" in texts  # 김민준: 8 of 9, Mina 7 of 14
    assert focused(app) == "filter-all"
    play(app, "DOWN")
    assert focused(app).startswith("view-")
    while focused(app) != "page-next":
        play(app, "RIGHT")
    play(app, "OK")  # the second page of players
    texts = drawn_now(app, drawn)
    assert "2 / 2" in texts and all(name in texts for name in order[5:])
    assert "Mina" not in texts
    assert not app.top.button("page-next").enabled
    play(app, "TAP @page-prev")
    assert app.top.page == 0
    play(app, "TAP @filter-citadels")  # only the Citadels game: Mina and Joon
    assert [p.name for p in app.top.view.items] == ["Mina", "Joon"]
    assert app.top.page == 0 and not app.top.button("page-next").visible
    play(app, "TAP @view-characters")
    texts = drawn_now(app, drawn)
    assert "4. King" in texts and "2. Thief" in texts
    assert "won 1 of 1" in texts and "won 0 of 1" in texts
    play(app, "TAP @view-scores")
    texts = drawn_now(app, drawn)
    assert "Citadels · games scored: 1" in texts and "27" in texts and "31" in texts
    play(app, "TAP @filter-all")  # every game: one page of scores each
    assert app.top.view.pages() == 3 and app.top.view_name == "scores"
    play(app, "TAP @page-next")
    assert "Troyes · games scored: 36" in drawn_now(app, drawn)
    play(app, "TAP @page-next")
    assert "No Tiletum game has final scores yet." in drawn_now(app, drawn)


@pytest.mark.parametrize("language, note", [
    ("en", "Each game scores"), ("ko", "게임마다 점수")])
def test_every_games_players_page_shows_no_score_mixed_from_several_games(make_app, language,
                                                                          note):
    """A Troyes total (40s) and a Citadels one (20s-30s) are not averaged together: with every
    game the rows keep games, wins, win rate and last played, and a note says to choose a game;
    one game's page has its averages, best scores and sparklines."""
    app = make_app(language=language)
    eight_players(app)
    play(app, "TAP @history\nTAP @stats\nEXPECT stats")
    drawn = record_text(app)
    texts = drawn_now(app, drawn)
    assert any(t.startswith(note) for t in texts)
    mixed = by_name(stats.players(app.store))["Mina"]  # 14 games: 13 Troyes, 1 Citadels
    assert f"{mixed.average:.1f}" not in texts and str(mixed.best) not in texts
    assert not any(re.fullmatch(r"\d+\.\d", t) for t in texts)  # no average at all
    play(app, "TAP @filter-troyes")
    texts = drawn_now(app, drawn)
    assert not any(t.startswith(note) for t in texts)
    troyes = stats.players(app.store, TROYES)[:5]
    assert all(f"{p.average:.1f}" in texts for p in troyes)


@pytest.mark.parametrize("language, empty, characters", [
    ("en", "No finished games yet.", "No character statistics yet"),
    ("ko", "아직 끝난 게임이 없습니다.", "아직 캐릭터 통계가 없습니다")])
def test_an_empty_store_says_so_on_every_page(make_app, language, empty, characters):
    app = make_app(language=language)
    play(app, "TAP @history\nTAP @stats\nEXPECT stats")
    drawn = record_text(app)
    assert empty in drawn_now(app, drawn)
    assert not app.top.button("page-next").visible
    play(app, "TAP @view-characters")
    assert any(t.startswith(characters) for t in drawn_now(app, drawn))
    play(app, "TAP @view-scores\nTAP @filter-troyes")
    assert app.top.view.items[0][1] is None and len(app.top.view.items) == 1


def test_korean_character_names_come_from_the_catalogue_of_the_games_edition(make_app):
    app = make_app(language="ko")
    citadels_game(app.store, {"Mina": ["assassin"], "Joon": ["warlord"]}, edition="classic",
                  totals={"Mina": 3, "Joon": 2}, winners=["Mina"])
    play(app, "TAP @history\nTAP @stats\nTAP @view-characters")
    drawn = record_text(app)
    texts = drawn_now(app, drawn)
    assert "1. 자객" in texts and "8. 용병" in texts  # classic's names (2016: 암살자, 장군)
    assert any(t.startswith("구판") for t in texts)


def test_a_name_that_cannot_be_drawn_is_not_drawn(make_app):
    app = make_app()
    score_sheet(app.store, "troyes-score", {"Mina": 3, "\u200b": 2}, ["Mina"])
    play(app, "TAP @history\nTAP @stats")
    drawn = record_text(app)
    texts = drawn_now(app, drawn)
    assert "Mina" in texts and not any("\u200b" in t for t in texts)
