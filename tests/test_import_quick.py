"""The quick reading of an import (issue 38, item 9: "CPU within 3× of SQLite's .dump"): a game
laid out as this app writes it is found by where the next game begins and stored without
Python parsing its decisions; SQLite checks them as it copies them. Anything else falls back
to the plain reading (each game parsed whole). The two must store the same games and refuse
the same files."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import storage.history_file as history_file
import storage.json_stream as json_stream
from storage.history_file import Backup, BadBackup, restore
from storage.store import Store

HEAD = {"format": "tabletop-companion-history", "version": 1, "players": []}


def a_game(n: int, names=("Mina", "Joon"), decisions=({"type": "done"},), **fields) -> dict:
    """A finished game with every field an import checks, in the order the export writes."""
    totals = [10 + n + i for i in range(len(names))]
    game = {"id": n, "kind": "troyes-score",
            "config": {"players": [{"name": name} for name in names]},
            "seed": n, "rng": 2, "created_at": "2025-01-02T10:00:00Z",
            "played_at": f"2025-01-{1 + n % 28:02d}T11:00:00.000Z",
            "finished_at": "2025-01-02T11:00:00.000Z",
            "result": {"game": "troyes", "scores": {
                "players": [{"name": name, "total": t} for name, t in zip(names, totals)],
                "winners": [names[totals.index(max(totals))]]}},
            "progress": {}, "decisions": list(decisions),
            "players": [{"seat": s, "name": name} for s, name in enumerate(names, 1)]}
    return {**game, **fields}


def as_written(games, indent=None) -> bytes:
    """A backup as the export lays it out (compact, ``id`` first); ``indent``: by hand."""
    separators = (",", ":") if indent is None else None
    return json.dumps({**HEAD, "games": list(games)}, ensure_ascii=False, indent=indent,
                      separators=separators).encode("utf-8", "backslashreplace")


def imported(data: bytes, quick: bool, monkeypatch) -> tuple:
    """What importing ``data`` into an empty store stores (or the refusal's type)."""
    with monkeypatch.context() as patch:
        if not quick:
            patch.setattr(history_file, "_NEXT_GAME", "\0 never in a backup")
        store = Store(":memory:")
        try:
            restore(store, Backup(io.BytesIO(data)))
        except BadBackup:
            return ("refused",)
        db = store._db
        sessions = [(*row[:2], json.loads(row[2]), json.loads(row[3]), json.loads(row[4]),
                     row[5:]) for row in db.execute(
            "SELECT id, game, config, result, progress, seed, rng, created_at, played_at,"
            " finished_at, touched FROM sessions ORDER BY id")]
        decisions = db.execute("SELECT * FROM decisions ORDER BY session_id, seq").fetchall()
        players = db.execute("SELECT * FROM player_results ORDER BY session_id, seat").fetchall()
        return sessions, decisions, players


def taken_quickly(data: bytes, monkeypatch) -> int:
    """How many games of ``data`` the quick reading stored."""
    taken = []
    real = history_file._Restoring.take

    def counted(self, index, text):
        found = real(self, index, text)
        taken.append(found)
        return found

    with monkeypatch.context() as patch:
        patch.setattr(history_file._Restoring, "take", counted)
        restore(Store(":memory:"), Backup(io.BytesIO(data)))
    return sum(taken)


def test_games_as_the_export_writes_them_are_read_quickly_and_stored_as_the_plain_reading_does(
        monkeypatch):
    """Every game but the last (whose end no next game marks) takes the quick reading, and the
    store holds the same games as when each is parsed whole."""
    data = as_written([a_game(n) for n in range(1, 6)])
    assert taken_quickly(data, monkeypatch) == 4
    assert imported(data, True, monkeypatch) == imported(data, False, monkeypatch)
    assert len(imported(data, True, monkeypatch)[1]) == 5


@pytest.mark.parametrize("case", ["a decision that starts like a game", "fields after the"
                                  " decisions", "laid out by hand", "an escape in a name"])
def test_a_game_not_as_the_export_writes_it_falls_back_to_the_plain_reading(case, monkeypatch):
    """A decision ``{"id": …}`` puts the next-game mark inside a game; a game whose fields
    follow its decisions, a backup indented by hand and a ``\\u`` escape in a config (maybe a
    lone surrogate) are read the plain way: the same games are stored."""
    games = [a_game(n) for n in range(1, 4)]
    if case == "a decision that starts like a game":
        games[0]["decisions"] = [{"type": "a"}, {"id": 7, "type": "b"}]
    elif case == "fields after the decisions":
        games[0] = {k: games[0][k] for k in reversed(list(games[0]))}
    elif case == "an escape in a name":
        games[0] = a_game(1, names=("Mi\u0001na", "Joon"))
    data = as_written(games, indent=1 if case == "laid out by hand" else None)
    assert taken_quickly(data, monkeypatch) == (0 if case == "laid out by hand" else 1)
    assert imported(data, True, monkeypatch) == imported(data, False, monkeypatch)


@pytest.mark.parametrize("wrong, said", [
    ({"seed": 10**30}, "game 1: 'seed' is out of range"),
    ({"kind": "x" * 41}, "game 1: 'kind' is not a kind of game"),
    ({"created_at": "yesterday"}, "game 1: 'created_at' is not a time"),
    ({"decisions": [{"type": "a"}, 5]}, "game 1: a decision is not an object"),
    ({"config": {"players": [{"name": "\ud800"}]}, "result": {}},
     "game 1: text that is not Unicode"),
])
def test_the_quick_reading_refuses_what_the_plain_reading_refuses_with_the_same_words(
        wrong, said):
    """Issue 38, item 9 ("every imported field range-checked"), for a game laid out as the
    export writes it (and so read quickly)."""
    data = as_written([a_game(1, **wrong), a_game(2)])
    with pytest.raises(BadBackup, match=said):
        restore(Store(":memory:"), Backup(io.BytesIO(data)))


def test_a_backup_cut_inside_a_game_read_quickly_is_refused_and_stores_nothing(monkeypatch):
    """A likely end that is not one (the file cut, the next game's mark still found) is
    refused by SQLite as the decisions are copied; the game is then read whole and refused."""
    whole = as_written([a_game(n, decisions=[{"type": "x", "n": i} for i in range(9)])
                        for n in range(1, 4)])
    cut = whole.replace(b'"n":4}', b'"n":4', 1)
    assert cut != whole
    store = Store(":memory:")
    with pytest.raises(BadBackup, match="not JSON"):
        restore(store, Backup(io.BytesIO(cut)))
    assert store.count() == 0


TEXT = st.lists(st.sampled_from(list('ab"\\{}[],:') + ["id", '},{"id":', "김", "\u0001"]),
               max_size=6).map("".join)
VALUE = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | TEXT
                     | st.floats(allow_nan=False, allow_infinity=False),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.sampled_from(["id", "a", "type"]), inner, max_size=3),
                     max_leaves=6)
DECISION = st.dictionaries(st.sampled_from(["id", "type", "seat", "n"]), VALUE, max_size=4)


@st.composite
def backups(draw) -> bytes:
    """Backups of a few games, each with random names and decisions, in random layouts; some
    damaged."""
    games = []
    for n in range(1, draw(st.integers(2, 5)) + 1):
        names = draw(st.lists(TEXT.filter(bool), min_size=1, max_size=3, unique=True))
        decisions = draw(st.lists(DECISION, max_size=4))
        if draw(st.integers(0, 7)) == 7:
            decisions.insert(draw(st.integers(0, len(decisions))), 5)  # not an object
        game = a_game(n, names=tuple(names), decisions=decisions)
        if draw(st.booleans()):
            order = draw(st.permutations(list(game)))
            game = {k: game[k] for k in order}
        games.append(game)
    data = as_written(games, indent=draw(st.sampled_from([None, None, 1])))
    if draw(st.integers(0, 3)) == 3:  # damaged: a byte dropped or doubled
        at = draw(st.integers(data.index(b'"games"'), len(data) - 1))
        data = data[:at] + data[at + draw(st.sampled_from([1, 0])):] + (
            b"" if draw(st.booleans()) else b" ")
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=backups(), chunk=st.sampled_from([7, 64 * 1024]))
def test_the_quick_reading_stores_what_the_plain_reading_stores(data, chunk):
    """For any backup, the quick and the plain readings store the same games, or both refuse
    the file (in pieces of any size: a mark may straddle two reads)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(json_stream, "CHUNK", chunk)
        assert imported(data, True, patch) == imported(data, False, patch)


def test_a_number_beyond_a_float_in_a_decision_read_quickly_leaves_that_game_set_aside():
    """The one number only the whole reading refuses: SQLite takes ``1e999`` in a decision as
    a number. Stored by the quick reading, it makes that game unreadable when it is opened
    (set aside and said, as a damaged one), never a game that replays with an infinite seat;
    the other games are untouched."""
    from storage.store import DamagedSession

    data = as_written([a_game(1), a_game(2)]).replace(
        b'{"type":"done"}', b'{"type":"done","seat":1e999}', 1)
    store = Store(":memory:")
    assert restore(store, Backup(io.BytesIO(data))).added == 2
    with pytest.raises(DamagedSession):
        store.load(1)
    assert store.load(2).decisions == ({"type": "done"},)
    with pytest.raises(BadBackup, match="number 1e999 is out of range"):
        restore(Store(":memory:"), Backup(io.BytesIO(data.replace(b'{"id":2', b' {"id":2'))))


def test_links_are_checked_again_after_an_import_taken_or_refused():
    """The import writes with SQLite's link checks off (it links only the rows it has just
    written: 63,000 instructions a game); the store checks them again afterwards, whether
    the backup was taken or refused."""
    store = Store(":memory:")
    restore(store, Backup(io.BytesIO(as_written([a_game(1), a_game(2)]))))
    assert store._db.execute("PRAGMA foreign_keys").fetchone() == (1,)
    with pytest.raises(BadBackup):
        restore(store, Backup(io.BytesIO(as_written([a_game(3, seed=10**30)]))))
    assert store._db.execute("PRAGMA foreign_keys").fetchone() == (1,)
    store.delete(1)
    assert store._db.execute("SELECT COUNT(*) FROM decisions WHERE session_id = 1"
                             ).fetchone() == (0,)


def test_the_next_games_mark_is_looked_for_once_in_each_part_of_the_file():
    """A backup laid out by hand has no mark (``},{"id":``): each game looked for one to its
    largest size again, so 3,000 indented games took 3.1 s where the compact ones took 0.2 s.
    The window remembers where it looked in vain and never looks there again."""
    window = json_stream._Window(io.BytesIO(b'{"a": 1},\n {"b": 2},\n {"c": 3}]'), None)
    assert window.likely('},{"id":', 1000) is None
    assert window.searched >= len(window.text) - len('},{"id":')
    window.text = window.text[:3] + '},{"id":' + window.text[11:]  # never looked at again
    window.pos = 1
    assert window.likely('},{"id":', 1000) is None
