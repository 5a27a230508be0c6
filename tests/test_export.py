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
