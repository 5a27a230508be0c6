"""Issue 15: writes that fail say so. On a small tmpfs filled to the brim a tap that cannot be
stored is not applied, the screen says "Could not save — the storage is full", and Try again
stores it once space is freed; a data folder on a read-only file system shows its games and
says nothing can be saved. Needs root to mount; skipped cleanly where mounting is impossible."""

from __future__ import annotations

import errno
import subprocess

import pytest

from conftest import play, record_text
from game_paths import LEAVE, START, session_on_screen

TROYES_STEP = "TAP @reveal-plunder\nTAP @enter"  # after the income: the Plunder entered


@pytest.fixture
def small_disk(tmp_path):
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def fill(folder):
    """Write a file until the file system is full; returns it."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    return filler


def decisions(app, session_id):
    return len(app.store.load(session_id).decisions)


def test_disk_full_says_so_loses_nothing_and_retries(make_app, small_disk):
    app = make_app(data_dir=small_disk / "data")
    play(app, START["troyes"])
    session = session_on_screen(app)
    before = decisions(app, session)
    filler = fill(small_disk)
    drawn = record_text(app)
    play(app, TROYES_STEP + "\nEXPECT save-failed")
    app.dirty = True
    app.settle()
    assert any("the storage is full" in text for text in drawn)
    assert decisions(app, session) == before  # nothing stored
    assert app.stack[-2].controller.session.decisions == app.store.load(session).decisions
    play(app, "TAP @retry\nEXPECT save-failed")  # still full: said again
    filler.unlink()
    play(app, "TAP @retry\nEXPECT troyes-board")
    assert decisions(app, session) == before + 1
    play(app, LEAVE["troyes"])
    assert app.store.kept()[0].session_id == session


def test_disk_full_in_the_draft_keeps_the_pick_screen(make_app, small_disk):
    app = make_app(data_dir=small_disk / "data")
    play(app, START["citadels"])
    session = session_on_screen(app)
    filler = fill(small_disk)
    play(app, "TAP @leave\nEXPECT home\nTAP @citadels\nTAP @continue\nEXPECT gate")
    play(app, "HOLD @player")
    pick = next(b.name for b in app.top.buttons if b.name != "back")
    play(app, f"TAP @{pick}\nTAP @confirm\nEXPECT save-failed")
    assert decisions(app, session) == 0
    filler.unlink()
    play(app, "TAP @retry")
    assert decisions(app, session) == 1


def test_a_read_only_data_folder_shows_its_games_and_says_they_cannot_be_saved(make_app,
                                                                               small_disk):
    app = make_app(data_dir=small_disk / "data")
    play(app, START["troyes"] + "\n" + LEAVE["troyes"])
    kept = app.store.kept()[0].session_id
    app.close()
    done = subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], capture_output=True)
    if done.returncode != 0:
        pytest.skip("cannot remount read-only here")
    again = make_app(data_dir=small_disk / "data", language=None)
    assert again.store.read_only
    assert any(k == "notice.store_read_only" for k, _ in again.notices)
    assert session_on_screen(again) == kept  # the kept game is there to see
    play(again, TROYES_STEP + "\nEXPECT save-failed")
    assert again.top.reason == "read_only"


def read_only_first_start(make_app, small_disk):
    """A data folder made on a first start left at the language question, then remounted
    read-only: no language stored."""
    app = make_app(data_dir=small_disk / "data", language=None)
    assert app.top.name == "language"
    app.close()
    done = subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], capture_output=True)
    if done.returncode != 0:
        pytest.skip("cannot remount read-only here")
    return small_disk / "data"


@pytest.mark.parametrize("language, said", [
    ("ko", "기기를 다시 켤 때까지만 적용됩니다. 기억하지 못했습니다 (데이터 폴더에 쓸 수 없습니다)."),
    ("en", "Used until the device restarts: it could not be remembered (the data folder "
           "cannot be written).")])
def test_a_read_only_folder_with_no_language_stored_takes_the_choice_for_this_run(
        make_app, small_disk, language, said):
    """Issue 38, item 5: tapping a language once said "Could not save" and Back returned to
    the question, for good. The choice is used until a restart, and the table is told it could
    not be remembered; Settings' choices likewise."""
    data = read_only_first_start(make_app, small_disk)
    app = make_app(data_dir=data, language=None)
    assert app.store.read_only and app.top.name == "language"
    drawn = record_text(app)
    play(app, f"TAP @{language}\nEXPECT home")
    app.render()
    assert app.catalog.language == language and said in drawn
    play(app, "TAP @settings\nTAP @sound-False\nEXPECT settings")
    assert not app.hw.outputs.sound


def test_the_command_line_language_on_a_read_only_folder_starts(small_disk, make_app):
    """Issue 38, item 5: ``companion --lang ko`` on that folder ended in a traceback."""
    from test_cli import companion

    data = read_only_first_start(make_app, small_disk)
    script = small_disk.parent / "home.txt"
    script.write_text("EXPECT home\n", encoding="utf-8")
    result = companion("--headless", "--lang", "ko", "--script", str(script), data_dir=data)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_full_disk_at_start_opens_the_games_read_only_and_says_so(make_app, small_disk,
                                                                      language):
    """Issue 38, item 4: with the disk full at start the intact file was never opened (the
    app ran on an empty memory store: 0 games). It is opened read-only: every kept game is
    there, and the banner says nothing can be saved until space is freed."""
    app = make_app(data_dir=small_disk / "data", language=language)
    play(app, START["troyes"] + "\n" + LEAVE["troyes"])
    play(app, START["tiletum"] + "\n" + LEAVE["tiletum"])
    kept = {r.session_id for r in app.store.kept()}
    app.close()
    fill(small_disk)
    again = make_app(data_dir=small_disk / "data", language=None)
    assert again.store.read_only and {r.session_id for r in again.store.kept()} == kept
    assert [k for k, _ in again.notices] == ["notice.store_full"]
    again.pop_to("home")
    drawn = record_text(again)
    again.dirty = True
    again.settle()
    assert again.top.button("problems").visible
    full = again.t("notice.store_full", path=str(small_disk / "data"))
    assert full[:12] in " ".join(drawn)
