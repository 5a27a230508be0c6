"""Issue 38, item 2: a damaged WAL drops no step the device stored, or says so.

SQLite stops reading a WAL at the first frame whose checksum fails, by design, and the commits
after it are gone without a word: 8 of 8 random-byte hits on a WAL holding 13 Tiletum steps
once lost 1-9 of them, the game resumed earlier and the settings and a new player went back
too, and nothing was shown. Now (docs/hardware.md, "Faults and what is kept"):
- once the device is idle after a step (the next frame drawn) the WAL is checkpointed into the
  database file and emptied, so no committed step is left for a damaged frame to take;
- after each commit a mark beside the database says how far the steps go; a start that finds
  fewer says how many were lost, in the UI language.
A power cut is played by copying the data folder's files while the app still has them open."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from conftest import play
from game_paths import session_on_screen

import test_ui_tiletum as tiletum
from storage.store import Store

FILES = ("companion.sqlite3", "companion.sqlite3-wal", "companion.sqlite3-shm",
         "companion.sqlite3.mark")


def thirteen_steps(make_app):
    """A Tiletum game thirteen steps in, a setting and a new player stored after it."""
    app = make_app()
    tiletum.setup_game(app, 4)
    play(app, "TAP @start\nEXPECT tiletum-board\nTAP @begin")
    c = app.top.controller
    while len(c.session.decisions) < 13:
        if any(b.name == "reveal" and b.visible for b in app.top.buttons):
            play(app, "TAP @reveal\nEXPECT tiletum-corruption\nTAP @ok\nEXPECT tiletum-board")
        else:
            tiletum.take_any(app)
    app.set_sound(False)
    app.store.add_player("Sora")
    play(app, "TAP @undo\nTAP @keep")  # (a tap: the loop goes idle after it)
    return app, c.session.id, len(c.session.decisions)


def pulled_plug(app, tmp_path, name: str) -> Path:
    """The data folder's files as a power cut would leave them now (the app still running)."""
    folder = tmp_path / name / "data"
    folder.mkdir(parents=True)
    for file in FILES:
        if (tmp_path / "data" / file).exists():
            shutil.copyfile(tmp_path / "data" / file, folder / file)
    return folder


def damage_a_byte(path: Path, rng: random.Random, start: int = 32) -> None:
    data = bytearray(path.read_bytes())
    at = rng.randrange(start, len(data))
    data[at] ^= 1 + rng.randrange(255)
    path.write_bytes(data)


def test_once_idle_after_a_step_the_wal_holds_nothing_a_damaged_frame_could_take(make_app,
                                                                                 tmp_path):
    app, session, steps = thirteen_steps(make_app)
    folder = pulled_plug(app, tmp_path, "cut")
    wal = folder / "companion.sqlite3-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    for seed in range(8):  # and the WAL's index damaged anywhere: rebuilt from nothing
        copy = tmp_path / f"cut{seed}" / "data"
        shutil.copytree(folder, copy)
        if (copy / "companion.sqlite3-shm").exists():
            damage_a_byte(copy / "companion.sqlite3-shm", random.Random(seed), 0)
        again = make_app(data_dir=copy, language=None)
        assert session_on_screen(again) == session
        assert len(again.store.load(session).decisions) == steps
        assert "Sora" in [p.name for p in again.store.players()]
        assert again.store.get_setting("sound") is False and not again.notices
        again.close()


@pytest.mark.parametrize("language", ["en", "ko"])
def test_steps_a_damaged_frame_took_before_the_checkpoint_are_said(make_app, tmp_path,
                                                                    monkeypatch, language):
    """The window before the checkpoint (a power cut within a frame of the tap): a damaged
    frame still drops what follows it, and the start says how many steps were lost."""
    monkeypatch.setattr(Store, "checkpoint", lambda store: None)
    app, session, steps = thirteen_steps(make_app)
    folder = pulled_plug(app, tmp_path, "cut")
    wal = folder / "companion.sqlite3-wal"
    assert wal.stat().st_size > 13 * 4096  # every step still only in the WAL
    said = 0
    for seed in range(8):
        copy = tmp_path / f"cut{seed}" / "data"
        shutil.copytree(folder, copy)
        damage_a_byte(copy / "companion.sqlite3-wal", random.Random(seed))
        (copy / "companion.sqlite3-shm").unlink()  # a power cut: the index is rebuilt
        again = make_app(data_dir=copy, language=language)
        kept = len(again.store.load(session).decisions) if again.store.row(session) else 0
        notices = dict(again.notices)
        if kept < steps:  # (a later write that is not a step, Sora's, is not counted)
            lost = notices["notice.store_lost_steps"]["n"]
            assert lost >= 1
            text = again.t("notice.store_lost_steps", n=lost)
            assert text in again.notice_texts()
            said += 1
        again.close()
        assert "notice.store_lost_steps" not in dict(make_app(data_dir=copy).notices)  # once
    assert said >= 4  # most single bytes land in a frame before the last commit


def test_a_salvaged_file_is_not_said_to_have_lost_steps_at_the_next_start(make_app, tmp_path):
    """The mark speaks of the file it was written for: after a salvage (a game's steps set
    aside with it, said as a salvage) the next start has nothing more to say."""
    app = make_app()
    victim = app.store.create_session("citadels", {"names": ["A", "B"]}, 1)
    for i in range(300):
        victim = app.store.append(victim, {"type": "x", "pad": f"VICTIM-{i:04d}" * 10})
    app.close()
    path = tmp_path / "data" / "companion.sqlite3"
    data = bytearray(path.read_bytes())
    page = data.find(b"VICTIM-0150") // 4096
    data[page * 4096:(page + 1) * 4096] = b"\xab" * 4096
    path.write_bytes(data)
    salvaged = make_app(language=None)
    assert [k for k, _ in salvaged.notices] == ["notice.store_repaired"]
    salvaged.close()
    assert make_app(language=None).notices == []
