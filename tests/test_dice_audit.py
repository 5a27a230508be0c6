"""Dice anyone can audit (issue 40, part 2): a game's seal (a hash of its seed) shown before
its first roll; its seed and dice fingerprint when it is over and in History; ``companion
verify`` recomputes every roll and draw from the seed and the stored decisions, says whether
they match, and refuses a tampered decision or seed. The scheme is written in
docs/dice-audit.md; ``independent_draws`` below follows that text, not companion/rng.py."""

from __future__ import annotations

import hashlib
import json

import pytest

from companion import dice_audit
from companion.rng import Rng, Seed, recording
from companion.session import Session
from companion.tiletum.game import TiletumRules
from companion.tiletum.playthrough import tiletum_game
from companion.troyes.game import TroyesRules
from companion.troyes.playthrough import troyes_game
from conftest import play, record_text
from game_paths import troyes_placement
from troyes_driver import roll_black

GAMES = {"troyes": (TroyesRules(), troyes_game), "tiletum": (TiletumRules(), tiletum_game)}


def session_of(game: str, seed: int) -> Session:
    rules, make = GAMES[game]
    config, seed, decisions = make(seed)
    return Session(game, config, seed, tuple(decisions))


# --- the scheme, as docs/dice-audit.md writes it -----------------------------------------------

def block(seed: int, k: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{k}".encode()).digest()[:8], "big")


def test_the_seal_is_sha256_of_the_documented_text():
    seed = 8368177065834255067
    expected = hashlib.sha256(f"tabletop-companion seed 2:{seed}".encode()).hexdigest()
    assert dice_audit.commitment(Seed(seed)) == expected
    assert dice_audit.short(expected) == "-".join(
        expected[i:i + 4].upper() for i in (0, 4, 8))


def test_a_tiletum_rounds_dice_follow_the_documented_streams():
    """docs/dice-audit.md: round r's dice come from the stream forked with "round-r": a
    Fisher-Yates shuffle of the bag, the first 8/11/14 colours, then a roll each."""
    session = session_of("tiletum", 11)
    found = dice_audit.draws(TiletumRules(), session)
    fork = int.from_bytes(hashlib.sha256(f"{session.seed}:round-1".encode()).digest()[:8],
                          "big") >> 1
    k, values = 0, []

    def below(n):
        nonlocal k
        limit = 2 ** 64 - 2 ** 64 % n
        while True:
            b = block(fork, k)
            k += 1
            if b < limit:
                return b % n
    bag = list(("blue", "pink", "yellow", "grey", "black") * session.config["players"])
    for i in range(len(bag) - 1, 0, -1):
        j = below(i + 1)
        bag[i], bag[j] = bag[j], bag[i]
    drawn = bag[:{2: 8, 3: 11, 4: 14}[session.config["players"]]]
    values = [(colour, 1 + below(6)) for colour in drawn]
    mine = [(d.what, d.result) for d in found if d.stream == "round-1" and d.kind == "roll"]
    assert mine == values


# --- recording ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_draws_are_the_same_every_replay_and_list_every_die(game):
    session = session_of(game, 5)
    first = dice_audit.draws(GAMES[game][0], session)
    assert first == dice_audit.draws(GAMES[game][0], session)
    faces = dice_audit.faces(first)
    assert faces and all(len(counts) == 6 for counts in faces.values())
    assert sum(map(sum, faces.values())) == sum(d.kind == "roll" for d in first)


def test_a_stream_asked_twice_is_listed_once():
    with recording() as found:
        Rng(3).fork("wheel").randrange(6)
        Rng(3).fork("wheel").randrange(6)
        Rng(3).fork("round-1").roll(what="red")
    assert [(d.stream, d.kind, d.n) for d in found] == [("wheel", "randrange", 1),
                                                       ("round-1", "roll", 1)]


def test_nothing_is_recorded_outside_an_audit():
    Rng(1).roll()
    with recording() as found:
        pass
    assert found == []


# --- companion verify --------------------------------------------------------------------------

def finished_store(make_app, tmp_path, game="troyes", seed=5):
    """A store with one finished game of ``game``, as the device finishes it (its dice
    recorded); its session."""
    app = make_app(data_dir=tmp_path / "games")
    session = session_of(game, seed)
    stored = app.store.create_session(game, session.config, session.seed)
    for decision in session.decisions:
        stored = app.store.append(stored, decision)
    audit = dice_audit.audit(GAMES[game][0], stored)
    app.store.finish(stored, {"names": session.config["names"], "dice": {
        "fingerprint": audit["fingerprint"], "faces": audit["faces"]}})
    app.close()
    return stored, audit


def verify(capsys, *args) -> tuple[int, str, str]:
    from ui.cli import main

    code = main(["verify", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_verify_recomputes_a_stored_game_and_its_seal(make_app, tmp_path, capsys):
    stored, audit = finished_store(make_app, tmp_path)
    seal = dice_audit.short(audit["commitment"])
    code, out, _ = verify(capsys, "--data-dir", str(tmp_path / "games"), "--seal", seal,
                          "--list")
    assert code == 0, out
    assert f"seed {stored.seed}, seal {seal}" in out
    assert "the fingerprint stored when the game ended: matches" in out
    assert "the seal given: matches" in out
    assert "round-1-dice roll yellow" in out


def backup_of(tmp_path, capsys) -> dict:
    from ui.cli import main

    assert main(["export", "--format", "json", "--data-dir", str(tmp_path / "games")]) == 0
    return json.loads(capsys.readouterr().out)


def test_verify_refuses_a_tampered_seed(make_app, tmp_path, capsys):
    _, audit = finished_store(make_app, tmp_path)
    backup = backup_of(tmp_path, capsys)
    backup["games"][0]["seed"] += 1
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(backup))
    code, out, _ = verify(capsys, str(path), "--seal", dice_audit.short(audit["commitment"]))
    assert code == 1
    assert "the seal given: does NOT match" in out


def test_verify_refuses_every_tampered_black_dice_count(make_app, tmp_path, capsys):
    """Each stored black-dice count changed to any other (0-3): the replay refuses it (more
    than the events allow) or the dice come out otherwise than the stored fingerprint."""
    finished_store(make_app, tmp_path, "troyes", 5)
    backup = backup_of(tmp_path, capsys)
    decisions = backup["games"][0]["decisions"]
    counted = [i for i, d in enumerate(decisions) if d.get("type") == "black"]
    assert len(counted) >= 4
    path = tmp_path / "tampered.json"
    for i in counted:
        for count in set(range(4)) - {decisions[i]["count"]}:
            tampered = json.loads(json.dumps(backup))
            tampered["games"][0]["decisions"][i]["count"] = count
            path.write_text(json.dumps(tampered))
            code, out, _ = verify(capsys, str(path))
            assert code == 1, (i, count, out)
            assert "refused" in out or "does NOT match" in out
    path.write_text(json.dumps(backup))
    assert verify(capsys, str(path))[0] == 0  # the backup as written verifies


def test_verify_checks_a_seal_alone(capsys):
    seal = dice_audit.short(dice_audit.commitment(Seed(42)))
    assert verify(capsys, "--seed", "42", "--seal", seal.lower())[0] == 0
    code, out, _ = verify(capsys, "--seed", "43", "--seal", seal)
    assert code == 1 and "does NOT match" in out


@pytest.mark.parametrize("args, said", [
    (["/no/such/file.json"], "cannot read"),
    (["--seed", "42"], "give --seal"),
])
def test_verify_explains_a_mistake_in_one_line_and_exit_2(capsys, args, said):
    code, out, err = verify(capsys, *args)
    assert code == 2 and said in err and err.count("\n") == 1


# --- on the screens ----------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_seal_shows_before_the_first_roll_and_the_seed_at_the_end(make_app, language):
    """Played through as a table does (2 players, 4 rounds): the seal on the board before
    any die; the seed and fingerprint when the game is over; History's Dice the same."""
    app = make_app(language=language)
    app.seeds = iter(range(4_151_017_003, 4_151_017_099))
    play(app, "TAP @troyes\nTAP @fewer\nTAP @start\nEXPECT troyes-board")
    session = app.top.controller.session
    seal = dice_audit.short(dice_audit.commitment(Seed(session.seed)))
    drawn = record_text(app)
    app.render()
    assert seal in " ".join(drawn)
    play(app, troyes_placement(2))
    for _ in range(4):
        play(app, "TAP @income")
        roll_black(app, 0)
        play(app, "TAP @pass\nTAP @pass")
    drawn.clear()
    app.render()  # the fingerprint needs a replay: worked out while nobody waits
    assert str(session.seed) in " ".join(drawn) and "…" in " ".join(drawn)
    app.finish_idle_work()
    drawn.clear()
    app.render()
    over = " ".join(drawn)
    assert seal not in over and str(session.seed) in over
    play(app, "TAP @done\nEXPECT home")
    (row,) = app.store.rows()
    fingerprint = dice_audit.short(row.result["dice"]["fingerprint"])
    assert fingerprint in over
    play(app, "TAP @history\nEXPECT history\nTAP @row0\nEXPECT history-detail\nTAP @dice\n"
              "EXPECT dice-audit")
    drawn.clear()
    app.render()
    shown = " ".join(drawn)
    assert str(session.seed) in shown and seal in shown and fingerprint in shown


# --- Statistics: the dice rolled on this device ------------------------------------------------

def finish_with_faces(store, game: str, faces: dict) -> int:
    session = store.create_session(game, {"names": ["A", "B"]}, 1)
    store.finish(session, {"names": ["A", "B"], "dice": {"fingerprint": "0" * 64,
                                                         "faces": faces}})
    return session.id


def sums_kept(store) -> bool:
    from storage import aggregates

    return sorted(store.query("SELECT * FROM stats_dice")) == sorted(
        store.query(aggregates._FILL["stats_dice"]))


def test_the_dice_sums_follow_every_finish_delete_and_import(make_app, tmp_path, capsys):
    from storage import aggregates, stats
    from ui.cli import main

    app = make_app(data_dir=tmp_path / "games")
    store = app.store
    aggregates.ready(store)
    one = finish_with_faces(store, "troyes", {"red": [1, 2, 3, 4, 5, 6],
                                              "black": [0, 1, 0, 0, 0, 0]})
    finish_with_faces(store, "troyes", {"red": [6, 5, 4, 3, 2, 1]})
    finish_with_faces(store, "tiletum", {"pink": [2, 2, 2, 2, 2, 2]})
    assert sums_kept(store)
    assert stats.dice(store, ("troyes",)) == [
        stats.DiceFaces("black", (0, 1, 0, 0, 0, 0), 1), stats.DiceFaces("red", (7,) * 6, 2)]
    store.delete(one)
    assert sums_kept(store)
    assert stats.dice(store, ("troyes",)) == [stats.DiceFaces("red", (6, 5, 4, 3, 2, 1), 1)]
    store._db.execute("DELETE FROM stats_dice")  # sums made wrong by another program
    store._db.execute("INSERT INTO stats_dice VALUES ('troyes', 'red', 1, -5, 1)")
    assert stats.dice(store, ("troyes",))[0].faces == (6, 5, 4, 3, 2, 1)  # made again
    app.close()
    assert main(["export", "--format", "json", "--data-dir", str(tmp_path / "games")]) == 0
    backup = tmp_path / "backup.json"
    backup.write_text(capsys.readouterr().out)
    other = make_app(data_dir=tmp_path / "other")
    other.close()
    assert main(["import", str(backup), "--data-dir", str(tmp_path / "other")]) == 0
    again = make_app(data_dir=tmp_path / "other")
    assert stats.dice(again.store, ("troyes",)) == [
        stats.DiceFaces("red", (6, 5, 4, 3, 2, 1), 1)]
    assert sums_kept(again.store)


@pytest.mark.parametrize("faces, verdict", [
    ([15, 5, 10, 10, 10, 10], "even"),  # chi-square 5.0
    ([20, 5, 5, 10, 10, 10], "uneven_20"),  # 15.0: between 11.07 and 15.09
    ([25, 5, 5, 5, 10, 10], "uneven_100"),  # 30.0
    ([5, 5, 5, 5, 5, 4], "few"),  # 29 dice: under 5 expected a face
])
def test_evenness_is_pearsons_chi_square_against_fair_dice(faces, verdict):
    assert dice_audit.evenness(faces)[1] == verdict


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_dice_page_says_which_colour_is_uneven(make_app, language):
    app = make_app(language=language)
    for _ in range(10):
        finish_with_faces(app.store, "troyes", {"red": [5, 5, 5, 5, 5, 20],
                                                "white": [6, 7, 6, 7, 6, 7]})
    play(app, "TAP @history\nEXPECT history\nTAP @stats\nEXPECT stats\nTAP @view-dice")
    drawn = record_text(app)
    app.render()
    shown = " ".join(drawn)
    very, even = (("Very uneven", "As even as fair dice") if language == "en"
                  else ("매우 고르지 않습니다", "공정한 주사위만큼 고릅니다"))
    assert very in shown and even in shown
    assert "450" in shown and "390" in shown  # red's and white's dice
