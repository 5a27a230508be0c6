"""Sessions and the SQLite store: append, reopen, replay, history, settings, power cuts."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from dataclasses import dataclass

import pytest

from companion.errors import IllegalDecision, UnknownDecision
from companion.rng import SEED_BITS, Rng, new_seed
from companion.session import Session
from storage.store import Store, StoreError
from conftest import ROOT


@dataclass(frozen=True)
class Tally:
    """State of the trivial test game: a running total that starts at a seeded roll."""

    total: int
    moves: int


class TallyRules:
    """A trivial game for the session mechanism: decisions add a number; the start is a die."""

    game_id = "tally"

    def initial(self, config, seed):
        return Tally(total=Rng(seed).roll(config["sides"]), moves=0)

    def decode(self, data):
        if data.get("type") != "add":
            raise UnknownDecision(f"unknown decision {data.get('type')!r}", code="tally.unknown")
        return int(data["n"])

    def apply(self, state, n):
        if n <= 0:
            raise IllegalDecision("only positive numbers may be added", code="tally.positive")
        return Tally(state.total + n, state.moves + 1)

    apply_trusted = apply  # nothing costly to skip


RULES = TallyRules()


def add(n):
    return {"type": "add", "n": n}


def test_replay_gives_the_state_of_the_live_game():
    session = Session("tally", {"sides": 20}, seed=1234)
    live = RULES.initial(session.config, session.seed)
    for n in (3, 5, 7):
        live = RULES.apply(live, n)
        session = session.with_decision(add(n))
    assert session.replay(RULES) == live
    assert live.moves == 3


def test_the_seed_decides_the_start_and_the_same_seed_replays_it():
    a = Session("tally", {"sides": 1000}, seed=1).replay(RULES)
    b = Session("tally", {"sides": 1000}, seed=1).replay(RULES)
    others = {Session("tally", {"sides": 1000}, seed=s).replay(RULES).total for s in range(2, 12)}
    assert a == b
    assert len(others) > 5


def test_store_keeps_every_decision_in_order_across_a_reopen(tmp_path):
    path = tmp_path / "c.sqlite3"
    store = Store(path)
    session = store.create_session("tally", {"sides": 6}, seed=99)
    for n in (1, 2, 3, 4):
        session = store.append(session, add(n))
    expected = session.replay(RULES)
    store.close()
    again = Store(path)
    loaded = again.load(session.id)
    assert loaded.decisions == (add(1), add(2), add(3), add(4))
    assert loaded.replay(RULES) == expected
    assert [s.id for s in again.unfinished()] == [session.id]


def test_several_decisions_are_stored_all_or_none(tmp_path):
    """``append_all`` (an undo that keeps the looks after it) is one transaction: a bad
    decision among them stores none of them."""
    path = tmp_path / "c.sqlite3"
    store = Store(path)
    session = store.create_session("tally", {"sides": 6}, seed=99)
    session = store.append_all(session, [add(1), add(2)])
    with pytest.raises(UnknownDecision):
        store.append_all(session, [add(3), {"no": "type"}])
    store.close()
    assert Store(path).load(session.id).decisions == (add(1), add(2))


def test_finished_games_move_to_history_and_abandoned_ones_vanish(tmp_path):
    store = Store(tmp_path / "c.sqlite3")
    first = store.create_session("tally", {"sides": 6}, seed=1)
    second = store.create_session("tally", {"sides": 6}, seed=2)
    store.append(second, add(1))
    store.finish(first, {"winner": "Mina", "scores": {"Mina": 31, "Joon": 27}})
    store.abandon(second)
    assert store.unfinished() == []
    (game,) = store.history()
    assert (game.session_id, game.game, game.result["winner"]) == (first.id, "tally", "Mina")
    with pytest.raises(StoreError):
        store.load(second.id)


def test_settings_round_trip(tmp_path):
    store = Store(tmp_path / "c.sqlite3")
    assert store.get_setting("language", "en") == "en"
    store.set_setting("language", "ko")
    store.set_setting("rotation", 270)
    store.set_setting("sound", False)
    store.set_setting("language", "en")
    store.close()
    again = Store(tmp_path / "c.sqlite3")
    assert (again.get_setting("language"), again.get_setting("rotation"),
            again.get_setting("sound")) == ("en", 270, False)


def test_a_database_from_another_version_is_refused(tmp_path):
    path = tmp_path / "c.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(StoreError, match="schema version 99"):
        Store(path)


def test_a_session_must_be_created_in_the_store_before_appending(tmp_path):
    with pytest.raises(StoreError):
        Store(tmp_path / "c.sqlite3").append(Session("tally", {}, 1), add(1))


def test_replay_refuses_a_session_of_another_game_and_bad_decisions():
    with pytest.raises(UnknownDecision):
        Session("chess", {"sides": 6}, 1).replay(RULES)
    with pytest.raises(UnknownDecision):
        Session("tally", {}, 1).with_decision({"n": 3})
    with pytest.raises(UnknownDecision):
        Session("tally", {"sides": 6}, 1, decisions=({"type": "mul", "n": 2},)).replay(RULES)
    with pytest.raises(IllegalDecision):
        Session("tally", {"sides": 6}, 1, decisions=(add(-1),)).replay(RULES)


CHILD = """
import sys, time
sys.path.insert(0, {root!r})
from storage.store import Store
store = Store({path!r})
session = store.create_session("tally", {{"sides": 6}}, seed=5)
for n in range(1, 4):
    session = store.append(session, {{"type": "add", "n": n}})
print(session.id, flush=True)
time.sleep(60)
"""


def test_a_confirmed_decision_survives_the_process_being_killed(tmp_path):
    """SIGKILL right after append returns: nothing is flushed on the way out, yet it is there."""
    path = str(tmp_path / "c.sqlite3")
    child = subprocess.Popen([sys.executable, "-c", CHILD.format(root=str(ROOT), path=path)],
                             stdout=subprocess.PIPE, text=True)
    session_id = int(child.stdout.readline())
    child.kill()
    child.wait()
    loaded = Store(path).load(session_id)
    assert [d["n"] for d in loaded.decisions] == [1, 2, 3]


def test_rng_streams_are_reproducible_and_independent():
    assert Rng(7).shuffle(range(50)) == Rng(7).shuffle(range(50))
    assert sorted(Rng(7).shuffle(range(50))) == list(range(50))
    dice = [Rng(7).fork("dice").roll() for _ in range(3)]
    assert len(set(dice)) == 1
    assert Rng(7).fork("dice").shuffle(range(50)) != Rng(7).fork("cards").shuffle(range(50))
    rolls = [Rng(3).fork(str(i)).roll(6) for i in range(300)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}


def test_new_seeds_fit_sqlite_and_differ():
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert all(0 <= s < 2 ** SEED_BITS for s in seeds)


def test_an_undo_marker_takes_back_the_last_standing_decision(tmp_path):
    store = Store(tmp_path / "c.sqlite3")
    session = store.create_session("tally", {"sides": 6}, seed=3)
    for n in (1, 2, 3):
        session = store.append(session, add(n))
    session = store.append(session, {"type": "undo"})
    session = store.append(session, {"type": "undo"})
    session = store.append(session, add(10))
    reopened = Store(tmp_path / "c.sqlite3").load(session.id)
    expected = Session("tally", {"sides": 6}, 3, decisions=(add(1), add(10))).replay(RULES)
    assert reopened.replay(RULES) == expected
    assert len(reopened.decisions) == 6  # the log keeps everything, in order
    assert reopened.can_undo


def test_an_undo_with_nothing_to_take_back_is_refused():
    session = Session("tally", {"sides": 6}, 1).with_decision({"type": "undo"})
    assert not Session("tally", {"sides": 6}, 1).can_undo
    with pytest.raises(UnknownDecision):
        session.replay(RULES)
