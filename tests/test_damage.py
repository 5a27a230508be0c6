"""Issue 15: damage never stops the kiosk. A damaged decision row, a damaged database page, a bad
stored setting, a name that cannot be drawn, an error while drawing: the app starts, says what
happened and keeps every other game; a restart loop of the real command stays up."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from child_log import ChildLog
from conftest import ROOT, play, record_text
from game_paths import LEAVE, START, session_on_screen
from test_disk_full import TROYES_STEP

from storage.store import Store
from ui.app import STORE_CHECK_EVERY


def two_games(make_app):
    """A Troyes game and then a Tiletum game, both kept; returns (troyes id, tiletum id)."""
    app = make_app()
    play(app, START["troyes"] + "\n" + LEAVE["troyes"])
    play(app, START["tiletum"] + "\n" + LEAVE["tiletum"])
    troyes, tiletum = (next(r.session_id for r in app.store.kept() if r.game == g)
                       for g in ("troyes", "tiletum"))
    app.close()
    return troyes, tiletum


def database(tmp_path):
    return tmp_path / "data" / "companion.sqlite3"


def test_a_decision_cut_short_sets_that_game_aside_and_reopens_the_other(make_app, tmp_path):
    troyes, tiletum = two_games(make_app)
    with sqlite3.connect(database(tmp_path)) as db:
        db.execute("UPDATE decisions SET payload = '{\"type\": \"beg' WHERE session_id = ?",
                   (tiletum,))
    app = make_app(language=None)
    assert session_on_screen(app) == troyes  # the newest could not be read: the next one
    assert ("notice.resume_damaged", {}) in app.notices
    rows = {r.session_id: r for r in app.store.kept()}
    assert rows[tiletum].damaged == "decisions" and rows[troyes].damaged is None
    app.close()
    again = make_app(language=None)  # set aside for good: not tried again
    assert session_on_screen(again) == troyes and not again.notices


def test_a_damaged_page_is_salvaged_and_the_file_moved_aside(make_app, tmp_path):
    troyes, tiletum = two_games(make_app)
    app = make_app()
    victim = app.store.create_session("citadels", {"names": ["A", "B"]}, 1)
    for i in range(300):
        victim = app.store.append(victim, {"type": "x", "pad": f"VICTIM-{i:04d}" * 10})
    app.close()
    path = database(tmp_path)
    data = bytearray(path.read_bytes())
    page = data.find(b"VICTIM-0150") // 4096
    data[page * 4096:(page + 1) * 4096] = b"\xab" * 4096
    path.write_bytes(data)
    again = make_app(language=None)
    key, fields = next((k, f) for k, f in again.notices if k == "notice.store_repaired")
    assert (path.parent / fields["file"]).exists()  # never deleted
    assert fields["lost"] == 1 and fields["kept"] == 2
    assert session_on_screen(again) == tiletum  # the newest that can be read
    rows = {r.session_id: r.damaged for r in again.store.kept()}
    assert rows[victim.id] == "decisions" and rows[troyes] is None
    assert again.store.quick_check() == []
    assert any("damaged" in t or "moved aside" in t for t in again.notice_texts())


def test_a_file_that_is_not_a_database_is_moved_aside(make_app, tmp_path):
    path = database(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"this is not SQLite" * 500)
    app = make_app()
    assert any(k == "notice.store_repaired" for k, _ in app.notices)
    assert app.store.path == str(path) and app.store.count() == 0
    assert len(list(path.parent.glob("companion.sqlite3.damaged-*"))) == 1


def test_bad_stored_settings_fall_back_to_defaults(make_app):
    app = make_app()
    for key, value in (("language", "fr"), ("rotation", 45), ("sound", "loud")):
        app.store.set_setting(key, value)
    app.store._db.execute("INSERT OR REPLACE INTO settings VALUES ('language', '{\"cut')")
    app.close()
    again = make_app(language=None)
    assert again.top.name == "language"  # no language stored that can be used: asked again
    assert again.rotation == 0 and again.hw.outputs.sound is True
    said = {fields["setting"] for key, fields in again.notices if key == "notice.setting"}
    assert said == {"language", "rotation", "sound"}  # the banner says which


def test_a_stored_name_that_cannot_be_drawn_is_shown_as_player_n(make_app):
    app = make_app()
    play(app, START["troyes"] + "\n" + LEAVE["troyes"])
    session = app.store.unfinished()[0]
    names = ["\u200b", "Mi\x00na", "Joon"]
    app.store.create_session("troyes", {**session.config, "names": names}, session.seed)
    app.close()
    again = make_app(language=None)
    drawn = record_text(again)
    again.dirty = True
    again.settle()
    assert again.top.name == "troyes-board"
    assert again.top.controller.names == ["Player 1", "Player 2", "Joon"]
    assert not any("\x00" in t or t == "\u200b" for t in drawn)
    assert any("Player 1" in t for t in drawn)


def test_an_error_while_drawing_is_recovered_and_the_game_kept(make_app, monkeypatch, caplog):
    from ui.screens.troyes.board import TroyesBoardScreen

    app = make_app()
    play(app, START["troyes"])
    kept = app.store.kept()[0]

    secret = "-".join(("Warlord", "of", "seat", "3"))

    def broken(self, canvas):
        raise ValueError(secret)

    monkeypatch.setattr(TroyesBoardScreen, "draw_body", broken)
    app.dirty = True
    app.render()  # does not raise
    assert app.top.name == "home"
    assert ("notice.draw", {}) in app.notices
    assert secret not in caplog.text  # type and place only
    assert "ValueError" in caplog.text
    assert app.store.kept()[0].session_id == kept.session_id
    monkeypatch.undo()
    play(app, "TAP @kept\nTAP @row0\nEXPECT troyes-board")


def run_companion(tmp_path, *args) -> tuple[subprocess.Popen, ChildLog]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "COMPANION_HW": "mock"}
    proc = subprocess.Popen([sys.executable, "-m", "ui.cli", "--headless", "--lang", "en",
                             "--data-dir", str(tmp_path / "data"),
                             "--config", str(tmp_path / "none.toml"), *args],
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    return proc, ChildLog(proc.stderr)


def test_a_restart_loop_of_the_real_command_stays_up_on_damaged_data(make_app, tmp_path):
    """Like systemd restarting the service: each start with a damaged row and a damaged
    setting comes up and stays up until it is stopped."""
    troyes, tiletum = two_games(make_app)
    with sqlite3.connect(database(tmp_path)) as db:
        db.execute("UPDATE decisions SET payload = '[[[' WHERE session_id = ?", (troyes,))
        db.execute("UPDATE sessions SET config = '{\"names\": [' WHERE id = ?", (tiletum,))
        db.execute("INSERT OR REPLACE INTO settings VALUES ('rotation', '\"sideways\"')")
    for _ in range(3):
        proc, said = run_companion(tmp_path)
        assert said.wait_for("screen home")
        time.sleep(1.0)
        assert proc.poll() is None  # still running
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        assert "Traceback" not in said.rest()


@pytest.mark.parametrize("folder_removed", [False, True])
def test_a_second_app_on_the_same_data_exits_with_one_line(tmp_path, folder_removed):
    """Also once the data folder was removed while the first runs (issue 38, item 6): the lock
    once went with the folder (its lock file) and a second app started. The first holds a lock
    that lives in no folder (an abstract socket named after it)."""
    first, said = run_companion(tmp_path)
    try:
        assert said.wait_for("screen home")
        if folder_removed:
            shutil.rmtree(tmp_path / "data")
        second = subprocess.run(
            [sys.executable, "-m", "ui.cli", "--headless", "--data-dir", str(tmp_path / "data"),
             "--config", str(tmp_path / "none.toml")], capture_output=True, text=True,
            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "COMPANION_HW": "mock"}, cwd=ROOT,
            timeout=60)
        assert second.returncode == 2
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and "already running" in lines[0]
        assert folder_removed or str(first.pid) in lines[0]  # (the pid was in the lock file)
        assert first.poll() is None  # the first one goes on
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(timeout=30)


# --- issue 38, item 6: the data folder removed while the app runs ---------------------------

@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_data_folder_removed_while_running_is_put_back_with_every_game(make_app, tmp_path,
                                                                         language):
    """Decisions were once accepted into a removed file with no word, and after a restart
    there were 0 games. The app notices (at the next step stored, or within seconds), makes
    the folder again with every game from the open database, says so, and goes on."""
    app = make_app(language=language)
    play(app, START["troyes"])
    session = session_on_screen(app)
    before = len(app.store.load(session).decisions)
    shutil.rmtree(tmp_path / "data")
    drawn = record_text(app)
    play(app, TROYES_STEP)  # a step stored: into the folder made again
    assert database(tmp_path).exists()
    said = app.t("notice.store_put_back", path=str(tmp_path / "data"))
    app.render()
    assert ("notice.store_put_back", {"path": str(tmp_path / "data")}) in app.notices
    assert said in drawn
    after = len(app.store.load(session).decisions)
    assert after > before
    app.close()
    again = make_app(language=None)
    assert session_on_screen(again) == session
    assert len(again.store.load(session).decisions) == after


def test_a_removed_folder_is_noticed_within_seconds_with_no_step_stored(make_app, tmp_path):
    app = make_app()
    play(app, START["troyes"] + "\n" + LEAVE["troyes"])
    shutil.rmtree(tmp_path / "data")
    app.run_for(STORE_CHECK_EVERY + 1)
    assert database(tmp_path).exists() and len(Store(database(tmp_path)).kept()) == 1
