"""A kept game's snapshot (issue 39: "resume independent of a game's length: a snapshot of the
state kept beside the log (a cache, never the truth: rebuilt by replay when absent, older or
damaged, and checked against replay in tests)"): companion/timeline.py ``Snapshot``,
storage/snapshots.py, ``Store.keep_snapshot`` and the resume in ui/screens/kept.py."""

from __future__ import annotations

import pickle
import sqlite3
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import packed
from companion.citadels.simulate import simulate_session
from companion.games import rules_for
from companion.playthrough import NAMES
from companion.session import UNDO, Session, effective
from companion.tiletum.playthrough import tiletum_game
from companion.timeline import EVERY, KEPT, Timeline, Unread
from companion.troyes.playthrough import troyes_game
from storage import snapshots
from storage.store import SCHEMA_VERSION, Store
from test_undo_checkpoints import citadels_decisions
from test_undo_timeline import GAMES, choose, undo_markers
from ui.screens.session_controller import SNAPSHOT_EVERY


def played(data, game: str, seed: int) -> Session:
    """A random game (undos among its steps), as stored."""
    rules, config = GAMES[game]
    session = Session(game, config(data), seed)
    timeline = Timeline(rules, session)
    for _ in range(data.draw(st.integers(0, 120))):
        standing = effective(session.decisions)
        if standing and data.draw(st.integers(0, 5)) == 0:
            session = session.with_decisions(undo_markers(data, rules, standing))
            timeline = timeline.rewound(effective(session.decisions))
            continue
        legal = rules.legal(timeline.state)
        if not legal:
            break
        session = session.with_decision(rules.encode(choose(data, rules, timeline.state, legal)))
        timeline.extend(session.decisions[-1])
    return session


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=30)
@given(data=st.data(), seed=st.integers(0, 10**6))
def test_a_resume_from_a_snapshot_stands_where_a_whole_replay_does(game, data, seed):
    """Snapshot taken after any stored row, kept as bytes, read back, then the rows stored
    after it applied: the same state, the same states before it back to ``first``, and the
    same undo, as replaying the whole log."""
    rules = GAMES[game][0]
    session = played(data, game, seed)
    rows = data.draw(st.integers(0, len(session.decisions)))
    taken = Timeline(rules, Session(game, session.config, seed, session.decisions[:rows]))
    kept = snapshots.decode(snapshots.encode(taken.snapshot(rows), game, seed), game, seed)
    later = Session(game, session.config, seed, session.decisions[rows:], unread=rows)
    whole = Timeline(rules, session)
    try:
        resumed = Timeline.resumed(rules, kept, later)
    except Unread:  # an undo after the snapshot reaches before what it holds
        with pytest.raises(Exception):
            effective(later.decisions, kept.standing)
        return
    assert kept.first % EVERY == 0 and len(taken) - kept.first < KEPT * EVERY
    assert resumed.state == whole.state and len(resumed) == len(whole)
    assert resumed.standing == whole.standing[resumed.first:]
    for n in range(resumed.first, len(whole) + 1):
        assert resumed.state_at(n) == whole.state_at(n)
    if resumed.first:
        with pytest.raises(Unread):
            resumed.state_at(resumed.first - 1)
    if resumed.standing:
        undone = effective([{"type": UNDO}], resumed.standing)
        assert resumed.rewound(undone).state == whole.rewound(
            effective([{"type": UNDO}], whole.standing)).state


# --- kept in the store ------------------------------------------------------------------------

@pytest.fixture
def store(tmp_path):
    store = Store(tmp_path / "companion.db")
    yield store
    store.close()


def stored_troyes(store: Store, rows: int):
    """A Troyes game of ``rows`` stored decisions, a snapshot kept of its first ``rows - 10``."""
    config, seed, decisions = troyes_game(1)
    rules = rules_for("troyes")
    session = store.append_all(store.create_session("troyes", config, seed), decisions[:rows])
    at = rows - 10
    taken = Timeline(rules, Session("troyes", config, seed, tuple(decisions[:at])))
    store.keep_snapshot(session.id, at, snapshots.encode(taken.snapshot(at), "troyes", seed))
    return session, at


def test_a_resume_reads_only_the_decisions_after_the_snapshot(store):
    session, at = stored_troyes(store, 100)
    resumed = store.load(session.id, resume=True)
    assert resumed.unread == at and len(resumed.decisions) == 10 and resumed.rows == 100
    assert resumed.snapshot.rows == at
    rules = rules_for("troyes")
    timeline = Timeline.resumed(rules, resumed.snapshot, resumed)
    assert timeline.state == store.load(session.id).replay(rules)
    with pytest.raises(ValueError):  # a session read in part cannot be replayed whole
        resumed.replay(rules)


def damage_data(store: Store, session_id: int) -> None:
    data = bytearray(store.query("SELECT data FROM snapshots WHERE session_id = ?",
                                 (session_id,))[0][0])
    data[-5] ^= 0x10
    store._db.execute("UPDATE snapshots SET data = ? WHERE session_id = ?",
                      (bytes(data), session_id))


def rewrite_last_row(store: Store, session_id: int, at: int) -> None:
    """The log no longer ends, at the snapshot's last row, as when it was taken."""
    store._db.execute("UPDATE decisions SET payload = '{\"type\":\"pass\"}' WHERE "
                      "session_id = ? AND seq = ?", (session_id, at - 1))


def other_code(monkeypatch) -> None:
    """The app's game code changed since the snapshot was made."""
    monkeypatch.setattr(snapshots, "code_digest", lambda: b"\1" * 16)


@pytest.mark.parametrize("spoil", (damage_data, rewrite_last_row, other_code))
def test_a_snapshot_that_cannot_be_trusted_is_not_used(store, spoil, monkeypatch):
    """Damaged bytes, a log that changed under it, other game code: the whole log is read."""
    session, at = stored_troyes(store, 60)
    if spoil is other_code:
        spoil(monkeypatch)
    elif spoil is damage_data:
        spoil(store, session.id)
    else:
        spoil(store, session.id, at)
    resumed = store.load(session.id, resume=True)
    assert resumed.unread == 0 and resumed.snapshot is None and len(resumed.decisions) == 60


def test_another_sessions_snapshot_is_refused(store):
    session, at = stored_troyes(store, 40)
    other = store.create_session("troyes", session.config, session.seed + 1)
    store.append_all(other, list(session.decisions))
    data = store.query("SELECT data FROM snapshots WHERE session_id = ?", (session.id,))[0][0]
    with pytest.raises(snapshots.Unusable):
        snapshots.decode(data, "troyes", session.seed + 1)
    with pytest.raises(snapshots.Unusable):
        snapshots.decode(data, "tiletum", session.seed)


def test_a_snapshot_makes_nothing_but_the_games_values():
    """A pickle naming any other callable (here ``os.system``) is refused before it runs."""
    body = b"cos\nsystem\n(S'touch /tmp/never'\ntR."
    data = (snapshots.MAGIC + snapshots.code_digest() + zlib.crc32(body).to_bytes(4, "big")
            + body)
    with pytest.raises(snapshots.Unusable):
        snapshots.decode(data, "troyes", 1)
    assert pickle.loads(pickle.dumps(1)) == 1  # (plain pickle still works elsewhere)


def test_a_long_citadels_game_resumes_reading_none_of_its_finished_rounds(monkeypatch):
    """Citadels keeps every finished round's public record (events, holders) for the round
    summaries and History: it grows with the game. A resume reads them only when a screen
    shows one, so it costs the same at the tenth round as at the first (issue 39: "resume of
    a kept game < 10 M whatever its length")."""
    config, seed, decisions = citadels_decisions()
    rules = rules_for("citadels")
    whole = Timeline(rules, Session("citadels", config, seed, tuple(decisions)))
    data = snapshots.encode(whole.snapshot(len(decisions)), "citadels", seed)
    read = []
    monkeypatch.setattr(packed, "loads", lambda data, loads=packed.loads: read.append(data)
                        or loads(data))
    kept = snapshots.decode(data, "citadels", seed)
    resumed = Timeline.resumed(rules, kept, Session("citadels", config, seed, (),
                                                    unread=len(decisions)))
    rules.view(resumed.state, None), rules.view(resumed.state, 1)
    assert len(resumed.state.rounds) >= 9 and len(read) == 1  # the snapshot itself, no round
    assert resumed.state.rounds[0] == whole.state.rounds[0] and len(read) == 2
    assert resumed.state == whole.state


def test_a_finished_round_read_back_makes_nothing_but_the_games_values(tmp_path):
    """A round kept as bytes of its own is read by the same unpickler as the snapshot: bytes
    naming another callable (``os.system``) are refused before it runs."""
    never = tmp_path / "never"
    rounds = packed.Packed(packed=[f"cos\nsystem\n(S'touch {never}'\ntR.".encode()])
    with pytest.raises(pickle.UnpicklingError):
        rounds[0]
    assert not never.exists()


def test_a_finished_or_deleted_game_keeps_no_snapshot(store):
    session, _ = stored_troyes(store, 30)
    other, _ = stored_troyes(store, 30)
    count = "SELECT count(*) FROM snapshots WHERE session_id = ?"
    store.finish(session, {"scores": []})
    assert store.query(count, (session.id,)) == [(0,)]
    store.keep_snapshot(session.id, 20, b"x")  # finished: not kept
    assert store.query(count, (session.id,)) == [(0,)]
    store.delete(other.id)
    assert store.query(count, (other.id,)) == [(0,)]


def test_a_version_5_database_gets_its_snapshots_table(tmp_path):
    path = tmp_path / "companion.sqlite3"
    session, _ = stored_troyes(Store(path), 30)
    with sqlite3.connect(path) as db:
        db.executescript("DROP TABLE snapshots; PRAGMA user_version = 5;")
    store = Store(path)
    assert store.query("PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert store.load(session.id, resume=True).unread == 0  # none yet
    store.keep_snapshot(session.id, 30, b"kept")
    assert store.query("SELECT rows, data FROM snapshots") == [(30, b"kept")]
    store.close()


def test_a_damaged_snapshot_table_leaves_the_game_readable(store, monkeypatch):
    session, _ = stored_troyes(store, 30)
    store._db.execute("DROP TABLE snapshots")
    assert store.load(session.id, resume=True).rows == 30


# --- at the table -----------------------------------------------------------------------------

def counting_applies(monkeypatch, game: str) -> list:
    """Every decision the game's rules apply, trusted or checked, from now on."""
    rules_class = type(rules_for(game))
    applied = []
    for name in ("apply", "apply_trusted"):
        original = getattr(rules_class, name)

        def counted(self, state, decision, original=original):
            applied.append(decision)
            return original(self, state, decision)
        monkeypatch.setattr(rules_class, name, counted)
    return applied


def test_a_restart_resumes_a_long_game_from_its_snapshot(make_app, tmp_path, monkeypatch):
    """The first start replays the log once and keeps a snapshot when nobody waits; the next
    start applies none of the decisions before it, and shows the same table."""
    data = tmp_path / "data"
    store = Store(data / "companion.sqlite3")
    config, seed, decisions = tiletum_game(1)
    store.append_all(store.create_session("tiletum", config, seed), decisions[:300])
    store.close()
    first = make_app(data_dir=data)
    assert first.top.name == "tiletum-board"
    first.finish_idle_work()  # the snapshot is stored
    seen = first.top.controller.view()
    first.close()

    applied = counting_applies(monkeypatch, "tiletum")
    again = make_app(data_dir=data)
    assert again.top.name == "tiletum-board" and again.top.controller.view() == seen
    assert len(applied) < SNAPSHOT_EVERY
    assert again.top.controller.session.unread == 300


def game_controller(app):
    """The game's controller, under whatever screen is on top (a gate has none)."""
    return next(screen.controller for screen in reversed(app.stack)
                if hasattr(screen, "controller"))


def test_a_10000_decision_game_resumes_from_its_snapshot(make_app, tmp_path, monkeypatch):
    """Issue 39, done when: "a resume of a 10,000-decision game" passes. A Citadels game of
    8 players (about 500 rounds: no city is completed) cut at 10,000 decisions: the next
    start applies fewer than ``SNAPSHOT_EVERY`` of them and shows the same table, without
    reading a finished round."""
    session, _ = simulate_session("2016", 8, "first-game", 1, seed=3, max_rounds=10**4,
                                  complete_from=10**4)
    assert len(session.decisions) > 10_000
    data = tmp_path / "data"
    store = Store(data / "companion.sqlite3")
    store.append_all(store.create_session("citadels", {**session.config, "names": NAMES},
                                          session.seed), list(session.decisions[:10_000]))
    store.close()
    first = make_app(data_dir=data)
    first.finish_idle_work()  # the snapshot is stored
    seen = first.top.name, game_controller(first).view()
    first.close()

    applied = counting_applies(monkeypatch, "citadels")
    read = []
    monkeypatch.setattr(packed, "loads", lambda data, loads=packed.loads: read.append(data)
                        or loads(data))
    again = make_app(data_dir=data)
    again.render()
    assert len(read) <= 2  # the snapshot, and at most the last round (a draft reads it)
    assert (again.top.name, game_controller(again).view()) == seen
    assert len(applied) < SNAPSHOT_EVERY and game_controller(again).session.unread > 9_990


def test_undo_after_a_resume_reaches_back_past_the_snapshot(make_app, tmp_path):
    """Undo after undo after a resume: once the steps the snapshot holds are taken back, the
    whole log is read and the undos go on, each where a whole replay stands."""
    data = tmp_path / "data"
    store = Store(data / "companion.sqlite3")
    config, seed, decisions = troyes_game(1)
    session = store.append_all(store.create_session("troyes", config, seed), decisions[:90])
    rows = 90
    first = make_app(data_dir=data)
    first.finish_idle_work()
    first.close()
    app = make_app(data_dir=data)
    controller = app.top.controller
    assert controller.session.unread == rows
    rules = rules_for("troyes")
    for _ in range(KEPT * EVERY + 3):
        if not controller.can_undo:
            break
        controller.undo()
        whole = store.load(session.id)
        assert controller._state == whole.replay(rules)
    assert controller.session.unread == 0  # the whole log was read on the way
    store.close()


def test_a_snapshot_that_fails_to_replay_gives_way_to_the_log(make_app, tmp_path, monkeypatch):
    """A snapshot that reads but does not apply (here: its state replaced by nonsense) costs
    nothing: the game opens from its whole log, not set aside as damaged."""
    data = tmp_path / "data"
    store = Store(data / "companion.sqlite3")
    config, seed, decisions = troyes_game(1)
    session = store.append_all(store.create_session("troyes", config, seed), decisions[:50])
    taken = Timeline(rules_for("troyes"), Session("troyes", config, seed,
                                                  tuple(decisions[:40])))
    broken = taken.snapshot(40).__class__(40, 0, (), ("nonsense",), "nonsense")
    store.keep_snapshot(session.id, 40, snapshots.encode(broken, "troyes", seed))
    store.close()
    app = make_app(data_dir=data)
    assert app.top.name == "troyes-board"
    assert app.top.controller._state == Session(
        "troyes", config, seed, tuple(decisions[:50])).replay(rules_for("troyes"))
    with sqlite3.connect(data / "companion.sqlite3") as db:
        assert db.execute("SELECT damaged FROM sessions").fetchone() == (None,)
