"""Statistics in constant time (issue 39): the sums storage/aggregates.py keeps equal the sums
made again from ``player_results`` after any sequence of the writes that change player rows
(games finished, scored later, deleted, imported; players remembered, renamed, forgotten),
they are made again when missing or wrong, and storage/stats.py gives exactly what its
queries over every row gave before (kept below as ``before_*``)."""

from __future__ import annotations

import io
import sqlite3
import sys

import pytest
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st
from test_stats import scores_json

from storage import aggregates, history_file, stats
from storage.store import SCHEMA_VERSION, Store

NAMES = ("Ann", "ann", "Bo", "Cy", "Dee")  # "ann": another name played, the same player
CHARACTERS = ("king", "thief", "bishop")
FILTERS = (None, ("citadels", "citadels-score"), ("troyes", "troyes-score"), ("troyes",))


# --- storage/stats.py before issue 39: every row summed on each call -----------------------

def _where(games, column="s.game"):
    return ("1", ()) if games is None else (
        f"{column} IN ({','.join('?' * len(games))})", tuple(games))


def before_players(store, games=None):
    where, args = ("1", ()) if games is None else (
        f"r.session_id IN (SELECT id FROM sessions WHERE {_where(games, 'game')[0]})", games)
    groups = {}
    for row in store.query(
            "SELECT r.player_id, r.name, COUNT(*), COUNT(r.score), IFNULL(SUM(r.won), 0),"
            " IFNULL(SUM(r.score), 0), MAX(r.score) FROM player_results r"
            f" WHERE {where} GROUP BY r.player_id, r.name", tuple(args)):
        groups.setdefault((row[0], None) if row[0] is not None else (None, row[1]),
                          []).append(row)
    names = dict(store.query("SELECT id, name FROM players"))
    last, recent = before_latest(store, games, {key: sum(row[3] for row in rows)
                                                for key, rows in groups.items()})
    found = [stats._summed(names.get(key[0], rows[0][1]), rows)._replace(
        last_played=last.get(key, ""), recent=recent.get(key, ()))
        for key, rows in groups.items()]
    return sorted(found, key=lambda p: (-p.games, -p.wins, p.name.casefold()))


def before_latest(store, games, scored):
    where, args = _where(games, "game")
    last, recent = {}, {key: [] for key in scored}
    missing, before, chunk = set(scored), (1 << 62, 0), 64
    while missing:
        rows = store.query(
            "SELECT s.touched, s.id, s.played_at, r.player_id,"
            " CASE WHEN r.player_id IS NULL THEN r.name END, r.score, r.won"
            " FROM (SELECT id, touched, played_at FROM sessions"
            f" WHERE (touched, id) < (?, ?) AND {where} ORDER BY touched DESC, id DESC"
            " LIMIT ?) s JOIN player_results r ON r.session_id = s.id"
            " ORDER BY s.touched DESC, s.id DESC, r.seat", (*before, *args, chunk))
        if not rows:
            break
        for _, _, played_at, player_id, name, score, won in rows:
            key = (player_id, name)
            last.setdefault(key, played_at)
            scores = recent.setdefault(key, [])
            if score is not None and len(scores) < stats.RECENT:
                scores.append(stats.Recent(score, bool(won)))
        before, chunk = rows[-1][:2], chunk * 4
        missing = {key for key in missing
                   if key not in last or len(recent[key]) < min(stats.RECENT, scored[key])}
    return last, {key: tuple(reversed(scores)) for key, scores in recent.items()}


def before_characters(store, games=None):
    where, args = _where(games)
    group = stats._tag_group(games)
    held = {}
    for edition, together, count, wins in store.query(
            "SELECT json_extract(s.config, ?), r.characters, COUNT(*), SUM(r.won)"
            " FROM player_results r JOIN sessions s ON s.id = r.session_id"
            f" WHERE r.characters != '' AND r.won IS NOT NULL AND {where} GROUP BY 1, 2",
            (f"$.{group}" if group else "$.none", *args)):
        edition = edition if isinstance(edition, str) else None
        for character in together.split():
            sums = held.setdefault((edition, character), [0, 0])
            sums[0] += count
            sums[1] += wins
    found = [stats.CharacterStats(edition, character, n, wins)
             for (edition, character), (n, wins) in held.items()]
    return sorted(found, key=lambda c: (c.edition or "", -c.games, c.character))


def before_distribution(store, games):
    where, args = _where(games)
    rows = store.query(
        "SELECT r.score, COUNT(*), SUM(r.won) FROM player_results r"
        f" JOIN sessions s ON s.id = r.session_id WHERE r.score IS NOT NULL AND {where}"
        " GROUP BY r.score ORDER BY r.score", args)
    if not rows:
        return None
    (scored_games,), = store.query(
        "SELECT COUNT(DISTINCT r.session_id) FROM player_results r JOIN sessions s"
        f" ON s.id = r.session_id WHERE r.score IS NOT NULL AND {where}", args)
    lowest, highest = rows[0][0], rows[-1][0]
    scores = sum(count for _, count, _ in rows)
    winning = [(score, wins) for score, _, wins in rows if wins]
    won = sum(wins for _, wins in winning)
    return stats.ScoreDistribution(
        scored_games, scores, lowest, highest,
        sum(score * count for score, count, _ in rows) / scores,
        stats.buckets(rows, lowest, highest),
        winning[0][0] if won else None, winning[-1][0] if won else None,
        sum(score * wins for score, wins in winning) / won if won else None)


def assert_same_as_before(store: Store) -> None:
    for games in FILTERS:
        assert stats.players(store, games) == before_players(store, games), games
        assert stats.characters(store, games) == before_characters(store, games), games
        if games is not None:
            assert stats.distribution(store, games) == before_distribution(store, games)


def assert_sums_kept(store: Store) -> None:
    """Each table of sums holds exactly what summing ``player_results`` again gives."""
    for table, fill in aggregates._FILL.items():
        kept = store.query(f"SELECT * FROM {table}")
        assert sorted(kept, key=repr) == sorted(store.query(fill), key=repr), table


# --- the writes that change player rows ----------------------------------------------------

def finish_sheet(store: Store, kind: str, totals: dict[str, int]) -> int:
    best = max(totals.values())
    winners = [n for n, t in totals.items() if t == best]
    session = store.create_session(kind, {"players": [{"name": n} for n in totals],
                                          "game_session": None}, 0)
    store.finish(session, {"game": kind.removesuffix("-score"), "winner": " & ".join(winners),
                           "scores": scores_json(totals, winners)})
    return session.id


def finish_citadels(store: Store, names: list[str], edition: str) -> int:
    """A Citadels game the device ran, closed without scores."""
    config = {"edition": edition, "players": len(names), "names": names}
    game = store.create_session("citadels", config, 1)
    store.finish(game, citadels_result(names, edition))
    return game.id


def citadels_result(names: list[str], edition: str) -> dict:
    return {"game": "citadels", "edition": edition, "final_characters": {
        str(seat): [CHARACTERS[seat % 3], CHARACTERS[(seat + 1) % 3]][:1 + seat % 2]
        for seat in range(1, len(names) + 1)}}


def score_later(store: Store, game_id: int, totals: list[int]) -> None:
    """Scores entered from History for a game closed without them (score_controller's way:
    a score entry dropped as it finishes the game's own row)."""
    game = store.load(game_id)
    names = game.config["names"]
    result = citadels_result(names, game.config["edition"])
    totals_by_name = dict(zip(names, totals))
    best = max(totals_by_name.values())
    winners = [n for n, t in totals_by_name.items() if t == best]
    entry = store.create_session("citadels-score", {
        "players": [{"name": n} for n in names], "edition": game.config["edition"],
        "game_session": game_id, "game_result": result}, 0)
    store.finish(game_id, {**result, "winner": " & ".join(winners),
                           "scores": scores_json(totals_by_name, winners)}, drop=entry)


def finished_ids(store: Store) -> list[int]:
    return [row[0] for row in store.query(
        "SELECT id FROM sessions WHERE finished_at IS NOT NULL ORDER BY id")]


def apply(store: Store, step: tuple) -> None:
    what, *args = step
    if what == "sheet":
        kind, names, totals = args
        finish_sheet(store, kind, dict(zip(names, totals)))
    elif what == "citadels":
        names, edition = args
        finish_citadels(store, names, edition)
    elif what == "score_later":
        pick, totals = args
        unscored = [sid for (sid,) in store.query(
            "SELECT DISTINCT session_id FROM player_results WHERE score IS NULL"
            " ORDER BY session_id")]
        if unscored:
            sid = unscored[pick % len(unscored)]
            score_later(store, sid, (totals * 8)[:len(store.load(sid).config["names"])])
    elif what == "delete":
        found = finished_ids(store)
        if found:
            store.delete(found[args[0] % len(found)])
    elif what == "add":
        if store.query("SELECT 1 FROM players WHERE name = ? COLLATE NOCASE", (args[0],)):
            return
        store.add_player(args[0])
    elif what in ("rename", "forget"):
        players = store.players()
        if not players:
            return
        player = players[args[0] % len(players)]
        if what == "forget":
            store.delete_player(player.id)
        elif not store.query("SELECT 1 FROM players WHERE name = ? COLLATE NOCASE AND id != ?",
                             (args[1], player.id)):
            store.rename_player(player.id, args[1])
    elif what == "remember":
        with store.writing() as db:
            Store.remember(db, args[0])
    elif what == "import":
        other = Store(":memory:")
        for inner in args[0]:
            apply(other, inner)
        text = history_file.backup_text(other)
        other.close()
        history_file.restore(store, history_file.Backup(io.BytesIO(text.encode())))


names = st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True)
totals = st.lists(st.integers(0, 12), min_size=4, max_size=4)
game_steps = st.one_of(
    st.tuples(st.just("sheet"), st.sampled_from(("troyes-score", "citadels-score")), names,
              totals),
    st.tuples(st.just("citadels"), names, st.sampled_from(("2016", "classic"))),
    st.tuples(st.just("score_later"), st.integers(0, 20), totals),
    st.tuples(st.just("delete"), st.integers(0, 20)))
player_steps = st.one_of(
    st.tuples(st.just("add"), st.sampled_from(NAMES)),
    st.tuples(st.just("rename"), st.integers(0, 5), st.sampled_from(NAMES + ("Eve", "BO"))),
    st.tuples(st.just("forget"), st.integers(0, 5)),
    st.tuples(st.just("remember"), st.lists(st.sampled_from(NAMES), max_size=3)))
steps = st.one_of(game_steps, player_steps, st.tuples(
    st.just("import"), st.lists(st.one_of(game_steps, player_steps), max_size=6)))


@settings(max_examples=100)
@given(st.lists(steps, min_size=1, max_size=14))
def test_the_sums_equal_the_rows_summed_again_after_any_writes(sequence):
    store = Store(":memory:")
    try:
        for step in sequence:
            apply(store, step)
            assert_sums_kept(store)
        assert aggregates._sound(store)
        assert_same_as_before(store)
    finally:
        store.close()


# --- missing or wrong: made again ----------------------------------------------------------

@pytest.fixture
def played(tmp_path):
    """A store file with scored and unscored games, players remembered and not."""
    path = tmp_path / "companion.sqlite3"
    store = Store(path)
    store.add_player("Ann")
    for n in range(6):
        finish_sheet(store, "troyes-score", {"Ann": 10 + n, "Bo": 12, "Cy": n})
        finish_citadels(store, ["ann", "Bo", "Dee"], "2016" if n % 2 else "classic")
    score_later(store, finished_ids(store)[1], [4, 9, 9])
    expected = [stats.players(store, games) for games in FILTERS], \
        stats.characters(store), stats.distribution(store, FILTERS[2])
    store.close()
    return path, expected


def shown(store: Store):
    return [stats.players(store, games) for games in FILTERS], \
        stats.characters(store), stats.distribution(store, FILTERS[2])


@pytest.mark.parametrize("damage", [
    "DROP TABLE stats_players", "DROP TABLE stats_characters",
    "DELETE FROM player_results WHERE name = 'Cy'",  # another program, without the triggers
    "UPDATE stats_players SET games = games + 1 WHERE name = 'Bo'",
    "UPDATE stats_scores SET players = players - 1 WHERE score = 12",
    "DELETE FROM stats_scores"])
def test_sums_missing_or_wrong_are_made_again_when_statistics_opens(played, damage):
    path, expected = played
    if damage.startswith("DELETE FROM player_results"):
        store = Store(path)
        store.delete_player(store.players()[0].id)  # (the same rows gone through the app)
        with store.writing() as db:
            db.execute(damage)
        expected = shown(store)
        store.close()
    db = sqlite3.connect(path)
    db.execute(damage)
    db.commit()
    db.close()
    store = Store(path)
    assert shown(store) == expected
    assert_sums_kept(store)
    assert aggregates._sound(store)
    store.close()


def test_a_store_that_cannot_be_written_makes_them_for_the_run(played):
    path, expected = played
    db = sqlite3.connect(path)
    db.execute("DROP TABLE stats_scores")
    db.execute("UPDATE stats_players SET wins = 0")
    db.commit()
    db.close()
    store = Store(path, read_only=True)
    assert shown(store) == expected
    store.close()


def test_a_version_4_database_gets_its_sums(played):
    path, expected = played
    db = sqlite3.connect(path)
    for table in aggregates.TABLES:
        db.execute(f"DROP TABLE {table}")
    db.execute("PRAGMA user_version = 4")
    db.commit()
    db.close()
    store = Store(path)
    assert store.query("PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert aggregates._sound(store)
    assert_sums_kept(store)
    assert shown(store) == expected
    store.close()


def test_an_import_that_fails_leaves_the_sums_and_their_triggers(played):
    path, expected = played
    store = Store(path)
    with pytest.raises(history_file.BadBackup):
        history_file.restore(store, history_file.Backup(io.BytesIO(
            b'{"format":"tabletop-companion-history","version":1,"games":[{"kind":1}]}')))
    assert aggregates._sound(store)
    finish_sheet(store, "troyes-score", {"Ann": 3, "Bo": 4})
    assert_sums_kept(store)
    store.close()


# --- identical to before -------------------------------------------------------------------

def test_statistics_of_the_benchs_history_are_as_before(tmp_path):
    """bench/bench_stats.py's history (every kind, 20 names, a tenth of Citadels games
    without scores), 700 games of it: every function's results as the old queries gave."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import bench_stats
    finally:
        sys.path.remove(str(ROOT / "bench"))
    store = Store(tmp_path / "companion.sqlite3")
    bench_stats.fill(store, 700)
    assert_sums_kept(store)
    assert_same_as_before(store)
    store.rename_player(store.players()[0].id, "Renamed")
    store.delete_player(store.players()[1].id)
    assert_same_as_before(store)
    store.close()


def test_characters_are_grouped_by_the_one_field_the_sums_keep():
    from companion.games import games

    assert {g.schema.tag_group for g in games()} <= {None, aggregates.TAG_FIELD}
