"""Export and backup (issue 20): ``companion export --format csv|json`` writes every finished
game (one CSV row per player per game, docs/export.md), and ``companion import`` of a JSON
export restores History: the round trip gives the same export, the same History rows and games
that replay as they did. Bad input: one line, exit code 2, nothing imported."""

from __future__ import annotations

import csv
import io
import json

import pytest

from citadels_driver import play_to_the_end
from companion.citadels.game import CitadelsRules
from storage.history_file import CSV_COLUMNS
from storage.lock import DataLock
from storage.store import Store
from ui.cli import main


def troyes_scores(names_totals, winners) -> dict:
    return {"game": "troyes", "winner": " & ".join(winners),
            "scores": {"game": "troyes", "winners": list(winners),
                       "players": [{"name": n, "total": t, "breakdown": {"tokens": t}}
                                   for n, t in names_totals],
                       "ranking": [n for n, _ in sorted(names_totals, key=lambda p: -p[1])]}}


@pytest.fixture
def history(make_app, tmp_path):
    """A data folder with a Citadels game played to the end on the device, two Troyes score
    sheets (one a tie), a game still kept and two remembered players; returns its folder."""
    app = make_app()
    play_to_the_end(app).finish()
    store = app.store
    # Each sheet its own seed, as on the device (a game is known by kind, seed, start and
    # finish: two sheets entered within the same millisecond are told apart by their seeds).
    for seed, (names_totals, winners) in enumerate((
            ([("Mina", 41), ("김민준", 38)], ["Mina"]),
            ([("Mina", 30), ("Joon", 30), ("Sora", 12)], ["Mina", "Joon"])), start=7):
        entry = store.create_session("troyes-score", {"players": [
            {"name": n} for n, _ in names_totals]}, seed)
        store.finish(entry, troyes_scores(names_totals, winners))
    store.create_session("troyes", {"names": ["A", "B"], "players": 2}, 3)
    store.add_player("Mina")
    store.add_player("김민준")
    app.close()
    return tmp_path / "data"


def run(capsys, *args) -> tuple[int, str, str]:
    code = main(list(map(str, args)))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_csv_has_one_row_per_player_per_finished_game(history, capsys):
    code, out, _ = run(capsys, "export", "--format", "csv", "--data-dir", history)
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert tuple(rows[0]) == CSV_COLUMNS
    table = [dict(zip(CSV_COLUMNS, r)) for r in rows[1:]]
    assert len(table) == 4 + 2 + 3  # the kept game is not finished: not exported
    citadels = [r for r in table if r["game"] == "citadels"]
    assert [r["seat"] for r in citadels] == ["1", "2", "3", "4"]
    assert all(r["edition"] == "2016" and r["players"] == "4" and r["score"] == ""
               and r["won"] == "" and r["characters"] for r in citadels)
    tie = [(r["player"], r["score"], r["won"]) for r in table if r["players"] == "3"]
    assert tie == [("Mina", "30", "1"), ("Joon", "30", "1"), ("Sora", "12", "0")]
    assert ("김민준", "38", "0") in [(r["player"], r["score"], r["won"]) for r in table]


def test_a_json_backup_imported_into_a_new_device_gives_the_same_history(history, tmp_path,
                                                                       capsys):
    backup = tmp_path / "backup.json"
    assert run(capsys, "export", "--format", "json", "--out", backup, "--data-dir",
               history)[0] == 0
    new = tmp_path / "new-device"
    code, out, _ = run(capsys, "import", backup, "--data-dir", new)
    assert (code, out) == (0, "3 games imported, 0 already in History\n")
    again = tmp_path / "again.json"
    assert run(capsys, "export", "--format", "json", "--out", again, "--data-dir", new)[0] == 0
    assert json.loads(again.read_text()) == json.loads(backup.read_text())

    before, after = Store(history / "companion.sqlite3"), Store(new / "companion.sqlite3")
    finished = [r for r in before.rows() if r.finished]
    assert [r[1:] for r in after.rows()] == [r[1:] for r in finished]  # all but the ids
    assert after.players() == before.players()
    old = next(r for r in finished if r.game == "citadels")
    new_row = next(r for r in after.rows() if r.game == "citadels")
    rules = CitadelsRules()
    assert (after.load(new_row.session_id).replay(rules)
            == before.load(old.session_id).replay(rules))  # the rounds, as they were played


def test_importing_the_same_backup_twice_adds_nothing(history, tmp_path, capsys):
    backup = tmp_path / "backup.json"
    run(capsys, "export", "--format", "json", "--out", backup, "--data-dir", history)
    code, out, _ = run(capsys, "import", backup, "--data-dir", history)
    assert (code, out) == (0, "0 games imported, 3 already in History\n")
    assert Store(history / "companion.sqlite3").count() == 4


def test_an_old_game_imported_is_listed_among_its_own_time(history, tmp_path, capsys):
    """History lists the games played last first: one played last year comes after today's."""
    old = {"format": "tabletop-companion-history", "version": 1, "players": [], "games": [
        {"kind": "troyes-score", "config": {"players": [{"name": "Old"}, {"name": "Timer"}]},
         "seed": 1, "rng": 2, "created_at": "2025-01-02T10:00:00Z",
         "played_at": "2025-01-02T11:00:00.000Z", "finished_at": "2025-01-02T11:00:00.000Z",
         "result": troyes_scores([("Old", 5), ("Timer", 6)], ["Timer"]), "decisions": []}]}
    (tmp_path / "old.json").write_text(json.dumps(old))
    assert run(capsys, "import", tmp_path / "old.json", "--data-dir", history)[0] == 0
    rows = Store(history / "companion.sqlite3").rows()
    assert rows[-1].names == ("Old", "Timer") and rows[-1].played_at.startswith("2025")


BAD = {
    "not JSON": ("{", "not JSON"),
    "another file": ('{"format": "x"}', "not a history backup"),
    "a newer version": ('{"format": "tabletop-companion-history", "version": 9, "games": []}',
                        "backup version 9"),
    "a game without its seed": (json.dumps({
        "format": "tabletop-companion-history", "version": 1, "games": [
            {"kind": "troyes", "config": {}, "rng": 2, "created_at": "x", "played_at": "x",
             "finished_at": "x", "result": {}, "decisions": []}]}), "game 1: 'seed'"),
    "a name that cannot be drawn": (json.dumps({
        "format": "tabletop-companion-history", "version": 1, "players": ["Mi\u200bna"],
        "games": []}), "cannot be drawn"),
}


@pytest.mark.parametrize("case", BAD)
def test_a_bad_backup_is_one_line_and_exit_2_and_imports_nothing(history, tmp_path, capsys,
                                                                 case):
    text, said = BAD[case]
    (tmp_path / "bad.json").write_text(text)
    before = Store(history / "companion.sqlite3").count()
    code, out, err = run(capsys, "import", tmp_path / "bad.json", "--data-dir", history)
    assert code == 2 and out == "" and said in err and err.count("\n") == 1
    assert Store(history / "companion.sqlite3").count() == before


def test_no_import_while_the_app_runs_on_the_same_data(history, tmp_path, capsys):
    run(capsys, "export", "--format", "json", "--out", tmp_path / "b.json", "--data-dir", history)
    lock = DataLock(history)
    lock.acquire()
    held = DataLock._held.pop(lock.path)  # as if another process held it
    try:
        code, _, err = run(capsys, "import", tmp_path / "b.json", "--data-dir", history)
    finally:
        DataLock._held[lock.path] = held
        lock.release()
    assert code == 2 and "already running" in err


def test_export_of_a_folder_without_games_says_so(tmp_path, capsys):
    code, out, err = run(capsys, "export", "--format", "csv", "--data-dir", tmp_path / "none")
    assert code == 2 and out == "" and "no games stored" in err
    assert not (tmp_path / "none").exists()  # an export never makes a store


def test_an_export_that_cannot_be_written_leaves_no_half_file(history, tmp_path, capsys):
    code, _, err = run(capsys, "export", "--format", "csv", "--out", tmp_path / "no" / "x.csv",
                       "--data-dir", history)
    assert code == 2 and "cannot write" in err
    assert not (tmp_path / "no").exists()


# --- issue 38, item 8: only a regular file or a new name is written ------------------------------

def special(kind: str, path) -> bool:
    """Make ``path`` a special file of ``kind``; False where this user may not (a device)."""
    import os
    import stat

    if kind == "pipe":
        os.mkfifo(path)
    elif kind == "device":  # /dev/full's numbers, made here (never the real one)
        try:
            os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
        except PermissionError:
            return False
    elif kind == "folder":
        path.mkdir()
    return True


@pytest.mark.parametrize("kind", ["pipe", "device", "folder"])
def test_export_out_never_replaces_what_is_not_a_regular_file(history, tmp_path, capsys, kind):
    """Issue 38, item 8: ``--out`` renamed its ``.part`` over whatever was there: a character
    device became a regular file (as root this replaced /dev/full), so did a pipe. Now such a
    name is refused in one line, exit 2, and left as it was."""
    import os
    import stat

    out = tmp_path / "out"
    if not special(kind, out):
        pytest.skip("making a device needs root")
    before = os.lstat(out)
    code, stdout, err = run(capsys, "export", "--format", "json", "--out", out, "--data-dir",
                            history)
    assert (code, stdout) == (2, "") and err.count("\n") == 1
    assert f"cannot write {out}: {out} is there and is not a regular file" in err
    assert stat.S_IFMT(os.lstat(out).st_mode) == stat.S_IFMT(before.st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "out"]  # no .part left


def test_export_out_follows_no_link(history, tmp_path, capsys):
    """A link at ``--out`` or at its ``.part`` was written through (the ``.part`` link's
    target got the backup, then the link was renamed over the file). Now neither is written:
    the file the link names is untouched."""
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    for link in ("out.json", "other.json.part"):
        (tmp_path / link).symlink_to(victim)
    for out, refused in (("out.json", "out.json"), ("other.json", "other.json.part")):
        code, _, err = run(capsys, "export", "--format", "csv", "--out", tmp_path / out,
                           "--data-dir", history)
        assert code == 2 and f"{tmp_path / refused} is there and is not a regular file" in err
    assert victim.read_text() == "keep me"
    assert (tmp_path / "out.json").is_symlink() and (tmp_path / "other.json.part").is_symlink()
    assert not (tmp_path / "other.json").exists()


def test_export_out_with_a_pipe_as_its_part_file_says_so_at_once(history, tmp_path):
    """A pipe at ``FILE.part`` made the export wait for a reader for ever (run here as its
    own process, so the old code's hang is a failure, not a stuck test run)."""
    import os
    import subprocess
    import sys

    os.mkfifo(tmp_path / "b.json.part")
    done = subprocess.run(
        [sys.executable, "-m", "ui.cli", "export", "--format", "json", "--out",
         tmp_path / "b.json", "--data-dir", history], capture_output=True, text=True,
        timeout=120)
    assert done.returncode == 2 and "b.json.part is there and is not a regular file" in \
        done.stderr
    assert not (tmp_path / "b.json").exists()


def test_export_out_replaces_a_regular_file_and_a_part_left_by_a_power_cut(history, tmp_path,
                                                                          capsys):
    (tmp_path / "b.json").write_text("an older backup")
    (tmp_path / "b.json.part").write_text("half a backup")
    assert run(capsys, "export", "--format", "json", "--out", tmp_path / "b.json",
               "--data-dir", history)[0] == 0
    assert len(json.loads((tmp_path / "b.json").read_text())["games"]) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.json", "data"]


# --- issue 38, item 9: export and import stream, every field is checked ---------------------------

def backup_of(*games, players=()) -> str:
    return json.dumps({"format": "tabletop-companion-history", "version": 1,
                       "players": list(players), "games": list(games)})


def a_game(**fields) -> dict:
    game = {"kind": "troyes-score", "config": {"players": [{"name": "A"}, {"name": "B"}]},
            "seed": 1, "rng": 2, "created_at": "2025-01-02T10:00:00Z",
            "played_at": "2025-01-02T11:00:00.000Z", "finished_at": "2025-01-02T11:00:00.000Z",
            "result": troyes_scores([("A", 5), ("B", 6)], ["B"]),
            "decisions": [{"type": "done"}]}
    return {**game, **fields}


OUT_OF_RANGE = {
    "a seed of 10**30": (a_game(seed=10**30), "game 1: 'seed' is out of range"),
    "an rng of 10**30": (a_game(rng=10**30), "game 1: 'rng' 1000000000000000000000000000000"
                                             " is not a scheme"),
    "a score of 10**30": (a_game(result=troyes_scores([("A", 10**30), ("B", 6)], ["A"])),
                          "game 1: a score in 'result' is out of range"),
    "a kind that is no kind": (a_game(kind="x" * 41), "game 1: 'kind' is not a kind of game"),
    "a time that is no time": (a_game(created_at="yesterday"),
                               "game 1: 'created_at' is not a time"),
    "a number too large for a float": ('{"seed": 1e400}', "number 1e400 is out of range"),
    "NaN": ('{"seed": NaN}', "NaN is not JSON"),
    "a lone surrogate": (a_game(config={"names": ["\ud800"]}),
                         "game 1: text that is not Unicode"),
}


@pytest.mark.parametrize("case", OUT_OF_RANGE)
def test_every_imported_field_is_checked_where_the_store_holds_it(history, tmp_path, capsys,
                                                                  case):
    """Issue 38, item 9: ``seed`` or ``rng`` = 10**30 ended in an OverflowError traceback (SQLite
    integers are 64-bit), as did a score that large. Every field is now checked: one line
    saying which game and field, exit 2, nothing imported."""
    game, said = OUT_OF_RANGE[case]
    text = backup_of(game) if isinstance(game, dict) else backup_of().replace(
        '"games": []', f'"games": [{game}]')
    (tmp_path / "bad.json").write_text(text)
    before = Store(history / "companion.sqlite3").count()
    code, out, err = run(capsys, "import", tmp_path / "bad.json", "--data-dir", history)
    assert (code, out) == (2, "") and said in err and err.count("\n") == 1, err
    assert "nothing imported" in err
    assert Store(history / "companion.sqlite3").count() == before


def test_a_game_or_a_backup_too_large_is_refused_where_it_starts(history, tmp_path, capsys,
                                                                 monkeypatch):
    """A game is read whole in memory: one larger than ``MAX_GAME`` characters is refused
    (saying where), as is a file larger than ``MAX_BACKUP`` bytes, however it is laid out."""
    import storage.history_file as history_file

    monkeypatch.setattr(history_file, "MAX_GAME", 2000)
    big = a_game(config={"names": ["A", "B"], "note": "x" * 3000})
    (tmp_path / "big.json").write_text(backup_of(a_game(seed=5), big))
    code, _, err = run(capsys, "import", tmp_path / "big.json", "--data-dir", history)
    assert code == 2 and "larger than 2,000 characters at character" in err
    monkeypatch.setattr(history_file, "MAX_BACKUP", 1000)
    (tmp_path / "long.json").write_text(backup_of(*(a_game(seed=s) for s in range(20))))
    code, _, err = run(capsys, "import", tmp_path / "long.json", "--data-dir", history)
    assert code == 2 and "more than 1,000 bytes" in err
    assert Store(history / "companion.sqlite3").count() == 4


def test_a_backup_laid_out_by_hand_and_read_in_small_pieces_imports_the_same(
        history, tmp_path, capsys, monkeypatch):
    """The reader finds each game however the file is laid out (indented, a game across any
    number of reads); an export made before (its own layout) imports the same games."""
    import storage.json_stream as json_stream

    backup = tmp_path / "backup.json"
    run(capsys, "export", "--format", "json", "--out", backup, "--data-dir", history)
    (tmp_path / "indented.json").write_text(json.dumps(json.loads(backup.read_text()),
                                                       indent=2, ensure_ascii=False))
    monkeypatch.setattr(json_stream, "CHUNK", 7)
    for name in ("backup.json", "indented.json"):
        code, out, _ = run(capsys, "import", tmp_path / name, "--data-dir", tmp_path / name[:3])
        assert (code, out) == (0, "3 games imported, 0 already in History\n")
        again = tmp_path / f"{name}.again"
        run(capsys, "export", "--format", "json", "--out", again, "--data-dir",
            tmp_path / name[:3])
        assert json.loads(again.read_text())["games"] == [
            {**g, "id": n} for n, g in enumerate(json.loads(backup.read_text())["games"], 1)]


def test_the_export_copies_the_stored_json_and_the_import_lets_sqlite_copy_it_back(
        history, tmp_path, capsys, monkeypatch):
    """Issue 38, item 9: the export parsed every stored decision and dumped the whole tree at
    once (16.5 G instructions and 483 MB at 10,000 games), the import parsed the whole file
    and dumped every decision again. Now neither parses what it only copies: the export
    reads no JSON at all; the import copies each game's config, result and progress as the
    backup writes them and lets SQLite copy the decisions (only a game whose end it must
    find by reading it, the last, is parsed whole and its three fields encoded)."""
    import storage.history_file as history_file

    backup = tmp_path / "backup.json"

    def no_parsing(*args, **kwargs):
        raise AssertionError("the export parsed stored JSON")

    with monkeypatch.context() as patch:
        patch.setattr(json, "loads", no_parsing)
        patch.setattr(json.JSONDecoder, "raw_decode", no_parsing)
        assert run(capsys, "export", "--format", "json", "--out", backup, "--data-dir",
                   history)[0] == 0
    games = json.loads(backup.read_text())["games"]
    assert sum(len(g["decisions"]) for g in games) > 3 * len(games)
    encoded = []
    monkeypatch.setattr(history_file, "canonical_json",
                        lambda data: encoded.append(data) or json.dumps(data))
    assert run(capsys, "import", backup, "--data-dir", tmp_path / "new")[0] == 0
    assert encoded == [games[-1][k] for k in ("config", "result", "progress")], \
        "only the last game (no next game marks where it ends) is read whole and encoded"
    assert ([s.decisions for s in map(Store(tmp_path / "new" / "companion.sqlite3").load,
                                      (1, 2, 3))] == [tuple(g["decisions"]) for g in games])


def test_export_and_import_keep_the_same_memory_whatever_the_size_of_history(tmp_path, capsys):
    """Issue 38, item 9: a 255 MB backup took 1,990 MB to import and a JSON export 483 MB: each
    held everything at once. Memory now stays that of one game: Python's allocations at
    their peak (tracemalloc, the same on every machine) are the same for 50 and for 400
    games (they grew eightfold)."""
    import tracemalloc

    def peaks(games: int) -> tuple[int, int]:
        store = Store(tmp_path / str(games) / "companion.sqlite3")
        for seed in range(games):
            entry = store.create_session("troyes-score", {"players": [{"name": "A"},
                                                                       {"name": "B"}]}, seed)
            store.append_all(entry, [{"type": "step", "n": n, "pad": "x" * 200}
                                     for n in range(30)])
            store.finish(entry, troyes_scores([("A", seed), ("B", 3)], ["B"]))
        store.close()
        backup = tmp_path / f"{games}.json"
        found = []
        for command in (("export", "--format", "json", "--out", backup, "--data-dir",
                         tmp_path / str(games)),
                        ("import", backup, "--data-dir", tmp_path / f"{games}-new")):
            tracemalloc.start()
            assert run(capsys, *command)[0] == 0
            found.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
        return found[0], found[1]

    peaks(2)  # the commands' modules imported once
    (small_export, small_import), (large_export, large_import) = peaks(50), peaks(400)
    assert large_export < small_export * 1.3 + 20_000, (small_export, large_export)
    assert large_import < small_import * 1.3 + 20_000, (small_import, large_import)


def test_a_backup_of_many_players_is_remembered_in_one_pass_as_one_by_one(tmp_path, capsys):
    """A backup's players are remembered as ``Store.remember`` does one by one (a new player
    claims the games played under their name, in any letter case; one remembered already
    claims nothing), but in one pass: 100,000 names once took 212 s with 10,000 games (a scan
    of every player row per name); SQLite's steps, counted, no longer grow with the names."""
    from storage import history_file

    games = [a_game(seed=s, config={"players": [{"name": f"p{s}"}, {"name": "Ann"}]},
                    result=troyes_scores([(f"p{s}", 1), ("Ann", 2)], ["Ann"]))
             for s in range(200)]
    names = ["ann"] + [f"P{s}" for s in range(0, 200, 2)] + [f"q{n}" for n in range(10_000)]
    (tmp_path / "b.json").write_text(backup_of(*games, players=names))

    def imported(folder: str, remember_first: list[str]) -> tuple[list, int]:
        store = Store(tmp_path / folder / "companion.sqlite3")
        with store.writing() as db:
            Store.remember(db, remember_first)
        steps = []
        store._db.set_progress_handler(lambda: steps.append(1), 1000)
        with (tmp_path / "b.json").open("rb") as file:
            history_file.restore(store, history_file.Backup(file))
        store._db.set_progress_handler(None, 0)
        return store.query("SELECT r.name, p.name FROM player_results r LEFT JOIN players p"
                           " ON p.id = r.player_id ORDER BY r.session_id, r.seat"), len(steps)

    claims, steps = imported("a", ["p1"])
    expected = Store(tmp_path / "c" / "companion.sqlite3")  # the same, one name at a time
    with (tmp_path / "b.json").open("rb") as file:
        history_file.restore(expected, history_file.Backup(file))
    with expected.writing() as db:
        db.execute("DELETE FROM players")
        db.execute("UPDATE player_results SET player_id = NULL")
        Store.remember(db, ["p1"])
        Store.remember(db, names)
    assert claims == expected.query("SELECT r.name, p.name FROM player_results r LEFT JOIN"
                                    " players p ON p.id = r.player_id"
                                    " ORDER BY r.session_id, r.seat")
    assert ("p1", "p1") in claims and ("p2", "P2") in claims and ("p3", None) in claims
    assert ("Ann", "ann") in claims
    assert steps * 1000 < 1_000_000, steps  # (330,000 here; a claim per name: 4,500,000)


def test_a_store_in_memory_is_exported_from_a_copy(tmp_path):
    """A store in memory (a data folder that could not be made) has no file another connection
    could open: the export reads a copy made when it starts, and the same games come out."""
    from storage import history_file

    store = Store(":memory:")
    entry = store.create_session("troyes-score", {"players": [{"name": "A"}, {"name": "B"}]}, 3)
    store.append_all(entry, [{"type": "done"}])
    store.finish(entry, troyes_scores([("A", 5), ("B", 6)], ["B"]))
    backup = json.loads(history_file.backup_text(store))
    assert [g["decisions"] for g in backup["games"]] == [[{"type": "done"}]]
    assert history_file.csv_text(store).count("\n") == 3  # the header and two players


def test_the_streaming_reader_reads_any_object_as_json_loads_does():
    """``json_stream.members`` over any JSON object, read in pieces of any size, gives what
    ``json.loads`` gives (lists element by element), and refuses what it refuses."""
    import io

    from hypothesis import given, strategies as st

    import storage.json_stream as json_stream

    scalars = st.none() | st.booleans() | st.integers() | st.text() | st.floats(
        allow_nan=False, allow_infinity=False)
    values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                          max_leaves=20)
    objects = st.dictionaries(st.text(max_size=8), values, max_size=6)

    @given(objects, st.integers(1, 40), st.sampled_from([None, 2]), st.booleans())
    def check(data, chunk, indent, ascii_only):
        text = json.dumps(data, indent=indent, ensure_ascii=ascii_only).encode()
        json_stream.CHUNK = chunk
        read = {}
        for key, index, value, _ in json_stream.members(io.BytesIO(text)):
            if value is json_stream.LIST:
                read[key] = []
            elif index is None:
                read[key] = value
            else:
                read[key].append(value)
        assert read == json.loads(text)

    chunk = json_stream.CHUNK
    try:
        check()
    finally:
        json_stream.CHUNK = chunk
    for bad in (b"", b"[]", b'{"a": 1,}', b'{"a": [1 2]}', b'{"a": 1} x', b'{"a": "\xff"}',
                b'{"a": [1, 2', b'{"a": tru}'):
        with pytest.raises(json_stream.NotJson):
            list(json_stream.members(io.BytesIO(bad)))


def test_the_streamed_backup_is_the_bytes_the_whole_tree_export_wrote(history, tmp_path, capsys):
    """For the rows the app stores (canonical JSON), copying them gives exactly what parsing
    everything and dumping the tree at once gave before issue 38: a reader sees no change."""
    backup = tmp_path / "backup.json"
    assert run(capsys, "export", "--format", "json", "--out", backup, "--data-dir",
               history)[0] == 0
    text = backup.read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":")) + "\n"
    assert list(json.loads(text)["games"][0]) == [
        "id", "kind", "config", "seed", "rng", "created_at", "played_at", "finished_at",
        "result", "progress", "decisions", "players"]
