"""The players the table remembers and each finished game's players as rows (issue 20): the
list in the store (add, rename, delete), the config roster as the first list, the rows written
when a game is finished, and a version-3 database upgraded with its finished games' rows."""

from __future__ import annotations

import sqlite3

import pytest

from companion.games import schema_for
from companion.records import player_records
from storage.store import SCHEMA_VERSION, SaveFailed, Store


def scored(names_totals, winners, **extra) -> dict:
    """A result shaped as every game's score entry stores it."""
    players = [{"name": n, "total": t, "breakdown": {}} for n, t in names_totals]
    return {"game": "troyes", "winner": " & ".join(winners),
            "scores": {"players": players, "winners": list(winners),
                       "ranking": [n for n, _ in sorted(names_totals, key=lambda p: -p[1])]},
            **extra}


def finished(store: Store, names, result, game="troyes"):
    session = store.create_session(game, {"names": list(names)}, 1)
    store.finish(session, result)
    return session.id


def rows(store: Store, session_id: int) -> list[tuple]:
    return store.query("SELECT seat, name, player_id, score, won, characters FROM player_results"
                       " WHERE session_id = ? ORDER BY seat", (session_id,))


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "companion.sqlite3")
    yield s
    s.close()


# --- a result as rows ---------------------------------------------------------------------------

def test_a_scored_result_gives_each_player_their_total_and_whether_they_won():
    records = player_records(["A", "B", "C"], scored([("A", 40), ("B", 52), ("C", 52)],
                                                     ["B", "C"]))
    assert [(r.seat, r.name, r.score, r.won) for r in records] == [
        (1, "A", 40, False), (2, "B", 52, True), (3, "C", 52, True)]


def test_citadels_characters_are_read_by_seat_even_when_the_scores_list_another_order():
    """final_characters is keyed by the game's seats; a score entry may list the players in
    another order, so a player's characters follow their name."""
    result = scored([("Joon", 20), ("Mina", 25)], ["Mina"],
                    final_characters={"1": ["king"], "2": ["warlord", "thief"]})
    records = player_records(["Mina", "Joon"], result, schema_for("citadels"))
    assert {r.name: r.characters for r in records} == {"Mina": ("king",),
                                                       "Joon": ("warlord", "thief")}


@pytest.mark.parametrize("result", [
    None, "text", {"abandoned": True}, {"scores": "x"}, {"scores": {"players": [{"name": "A"}]}},
    {"scores": {"players": [{"name": "A", "total": True}]}}, {"scores": {"players": [7]}}])
def test_a_result_that_cannot_be_read_gives_no_rows(result):
    assert player_records(["A", "B"], result) == []


# --- rows written when a game is finished -------------------------------------------------------

def test_finishing_a_game_writes_one_row_per_player(store):
    sid = finished(store, ["Mina", "Joon"], scored([("Mina", 31), ("Joon", 27)], ["Mina"]))
    assert rows(store, sid) == [(1, "Mina", None, 31, 1, ""), (2, "Joon", None, 27, 0, "")]


def test_a_game_finished_without_scores_has_its_players_with_no_score(store):
    sid = finished(store, ["Mina", "Joon"], {"game": "citadels", "rounds": 6,
                                              "final_characters": {"1": ["king"], "2": []}},
                   game="citadels")
    assert rows(store, sid) == [(1, "Mina", None, None, None, "king"),
                                (2, "Joon", None, None, None, "")]


def test_scores_entered_later_replace_the_rows(store):
    session = store.create_session("citadels", {"names": ["Mina", "Joon"]}, 1)
    store.finish(session, {"game": "citadels", "rounds": 6})
    store.finish(session.id, {"game": "citadels", "rounds": 6,
                              **scored([("Mina", 20), ("Joon", 24)], ["Joon"])})
    assert [(r[1], r[3], r[4]) for r in rows(store, session.id)] == [
        ("Mina", 20, 0), ("Joon", 24, 1)]


def test_deleting_a_game_deletes_its_rows(store):
    sid = finished(store, ["Mina", "Joon"], scored([("Mina", 3), ("Joon", 2)], ["Mina"]))
    store.delete(sid)
    assert rows(store, sid) == []


# --- the player list ----------------------------------------------------------------------------

def test_a_player_added_claims_the_games_already_played_under_that_name(store):
    sid = finished(store, ["Mina", "Joon"], scored([("Mina", 3), ("Joon", 2)], ["Mina"]))
    mina = store.add_player("Mina")
    assert [r[2] for r in rows(store, sid)] == [mina.id, None]
    later = finished(store, ["Joon", "Mina"], scored([("Joon", 5), ("Mina", 4)], ["Joon"]))
    assert [r[2] for r in rows(store, later)] == [None, mina.id]


def test_a_renamed_player_keeps_their_games(store):
    mina = store.add_player("Mina")
    sid = finished(store, ["Mina", "Joon"], scored([("Mina", 3), ("Joon", 2)], ["Mina"]))
    store.rename_player(mina.id, "민아")
    assert store.players() == [(mina.id, "민아")]
    assert rows(store, sid)[0][1:3] == ("Mina", mina.id)  # played as Mina, theirs still


def test_two_players_cannot_share_a_name_in_any_case(store):
    store.add_player("Mina")
    with pytest.raises(SaveFailed) as refused:
        store.add_player("mina")
    assert refused.value.reason == "conflict"
    joon = store.add_player("Joon")
    with pytest.raises(SaveFailed):
        store.rename_player(joon.id, "MINA")
    assert [p.name for p in store.players()] == ["Joon", "Mina"]


def test_a_deleted_player_is_forgotten_but_their_games_stay(store):
    mina = store.add_player("Mina")
    sid = finished(store, ["Mina", "Joon"], scored([("Mina", 3), ("Joon", 2)], ["Mina"]))
    store.delete_player(mina.id)
    assert store.players() == []
    assert rows(store, sid)[0][1:3] == ("Mina", None)
    assert store.count() == 1


def test_the_list_puts_the_players_of_the_latest_game_first(store):
    for name in ("Ann", "Bo", "Cy", "Dee"):
        store.add_player(name)
    finished(store, ["Dee", "Bo"], scored([("Dee", 1), ("Bo", 2)], ["Bo"]))
    finished(store, ["Cy", "Dee"], scored([("Cy", 1), ("Dee", 2)], ["Dee"]))
    assert [p.name for p in store.players()] == ["Cy", "Dee", "Bo", "Ann"]


def test_the_roster_is_the_first_list_and_only_the_first(store):
    """The config's roster fills an empty list once; a player deleted on the device is not
    brought back by the roster at the next start."""
    store.add_players_once(["Mina", "Joon", "Sora"])
    assert sorted(p.name for p in store.players()) == ["Joon", "Mina", "Sora"]
    store.delete_player(next(p.id for p in store.players() if p.name == "Joon"))
    store.add_players_once(["Mina", "Joon", "Sora"])
    assert sorted(p.name for p in store.players()) == ["Mina", "Sora"]


def test_a_read_only_store_refuses_a_new_player(tmp_path):
    path = tmp_path / "companion.sqlite3"
    Store(path).close()
    store = Store(path, read_only=True)
    with pytest.raises(SaveFailed) as refused:
        store.add_player("Mina")
    assert refused.value.reason == "read_only"
    store.add_players_once(["Mina"])  # nothing to do, nothing raised
    assert store.players() == []


# --- upgrading ----------------------------------------------------------------------------------

def test_a_version_3_database_gets_the_rows_of_its_finished_games(tmp_path):
    """Schema 4 fills in the player rows of every game finished before it; a result that
    cannot be read is left without rows and the upgrade goes on."""
    path = tmp_path / "companion.sqlite3"
    store = Store(path)
    good = finished(store, ["Mina", "Joon"], scored([("Mina", 9), ("Joon", 12)], ["Joon"]))
    bad = finished(store, ["A", "B"], scored([("A", 1), ("B", 2)], ["B"]))
    kept = store.create_session("troyes", {"names": ["A", "B"]}, 1).id
    store.close()
    with sqlite3.connect(path) as db:  # back to version 3, as the app before issue 20 left it
        db.executescript("DROP TABLE player_results; DROP TABLE players;"
                         " PRAGMA user_version = 3;")
        db.execute("UPDATE sessions SET result = '{broken' WHERE id = ?", (bad,))
    store = Store(path)
    assert store.query("PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert [(r[1], r[3], r[4]) for r in rows(store, good)] == [("Mina", 9, 0), ("Joon", 12, 1)]
    assert rows(store, bad) == [] and rows(store, kept) == []
    store.close()


def test_a_salvaged_database_keeps_the_players_and_makes_their_rows_again(tmp_path):
    from storage.opening import salvage

    path = tmp_path / "companion.sqlite3"
    store = Store(path)
    mina = store.add_player("Mina")
    sid = finished(store, ["Mina", "Joon"], scored([("Mina", 9), ("Joon", 12)], ["Joon"]))
    store.close()
    assert salvage(path, tmp_path / "fresh.sqlite3") == (1, 0)
    fresh = Store(tmp_path / "fresh.sqlite3")
    assert fresh.players() == [(mina.id, "Mina")]
    assert rows(fresh, sid) == [(1, "Mina", mina.id, 9, 0, ""), (2, "Joon", None, 12, 1, "")]
    fresh.close()
