"""Issue 38, item 1: one damaged byte in a stored row sets that game aside, said, and leaves every
other game reachable. A byte that makes a session's stored text invalid UTF-8 passes SQLite's
``quick_check`` (the page is whole) but cannot be read back as text; a 50,000-deep nested value is
valid JSON that Python's parser cannot hold. Either once made Games in progress, History and the
setups fail to open, and the last game was not resumed."""

from __future__ import annotations

import sqlite3

import pytest
from conftest import play
from game_paths import LEAVE, START, session_on_screen
from test_damage import database, two_games

DEEP = "[" * 50_000 + "]" * 50_000


def not_utf8(text: str) -> bytes:
    """``text`` with one byte in its middle turned into one that UTF-8 never has."""
    raw = bytearray(text.encode())
    raw[len(raw) // 2] = 0xFF
    return bytes(raw)


def damage(tmp_path, session_id: int, column: str, how: str) -> None:
    with sqlite3.connect(database(tmp_path)) as db:
        db.text_factory = bytes
        if how == "utf8":
            (text,) = db.execute(f"SELECT {column} FROM sessions WHERE id = ?",
                                 (session_id,)).fetchone()
            db.execute(f"UPDATE sessions SET {column} = CAST(? AS TEXT) WHERE id = ?",
                       (not_utf8((text or b"{}").decode()), session_id))
        else:
            db.execute(f"UPDATE sessions SET {column} = ? WHERE id = ?", (DEEP, session_id))


@pytest.mark.parametrize("column, how", [("config", "utf8"), ("game", "utf8"),
                                         ("result", "utf8"), ("config", "deep")])
def test_one_damaged_stored_row_is_set_aside_and_every_other_game_reachable(
        make_app, tmp_path, column, how):
    troyes, tiletum = two_games(make_app)
    damage(tmp_path, tiletum, column, how)
    app = make_app(language=None)
    assert session_on_screen(app) == troyes  # the newest cannot be read: the other resumed
    assert ("notice.resume_damaged", {}) in app.notices
    app.pop_to("home")
    play(app, "TAP @kept\nEXPECT kept")
    shown = {r.session_id: r for r in app.top.items}
    assert shown[tiletum].damaged and shown[troyes].damaged is None  # said on its row
    play(app, "BACK\nTAP @history\nEXPECT history\nBACK\nTAP @citadels\nEXPECT citadels-setup")
    play(app, "BACK\nTAP @troyes\nEXPECT troyes-setup\nTAP @continue\nEXPECT troyes-board")


@pytest.mark.parametrize("how", ["utf8", "deep"])
def test_a_damaged_progress_is_only_a_cache_the_game_resumes(make_app, tmp_path, how):
    """``progress`` (what a list shows of a game: its round) is rebuilt from the decisions:
    damaged, the game is still whole and resumes."""
    troyes, tiletum = two_games(make_app)
    damage(tmp_path, tiletum, "progress", how)
    app = make_app(language=None)
    assert session_on_screen(app) == tiletum and not app.notices
    assert app.store.row(tiletum).damaged is None


# --- issue 38, item 3: a file cut short --------------------------------------------------------

def six_games(make_app, tmp_path):
    """Six kept games (two of each), six remembered players; the app closed (its WAL folded
    into the file). Returns the games' ids."""
    app = make_app()
    for name in ("Mina", "Joon", "Sora", "Hana", "Ben", "Yuna"):
        app.store.add_player(name)
    for game in ("troyes", "tiletum", "citadels") * 2:
        play(app, START[game] + "\n" + LEAVE[game])
    ids = {r.session_id for r in app.store.kept()}
    app.close()
    return ids


def test_a_file_cut_short_keeps_every_game_still_in_it(make_app, tmp_path):
    """Cutting the last 4 KB once gave "Games recovered: 0" (0 of 6 games, 0 of 6 players),
    though the same file padded with zeros reads whole: the salvage reads it as SQLite
    would the whole file, the missing pages empty."""
    ids = six_games(make_app, tmp_path)
    path = database(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:-4096])
    app = make_app(language=None)
    key, fields = next((k, f) for k, f in app.notices if k == "notice.store_repaired")
    assert fields["kept"] + fields["lost"] == len(ids) and fields["kept"] >= len(ids) - 1
    assert {r.session_id for r in app.store.kept()} == ids
    assert len(app.store.players()) == 6
    assert (path.parent / fields["file"]).stat().st_size == len(data) - 4096  # kept as found


def test_an_empty_file_is_said_not_taken_for_a_first_start(make_app, tmp_path):
    """A 0-byte database (a copy cut off, a file system that lost it) is moved aside and
    said; the app starts on a fresh one."""
    six_games(make_app, tmp_path)
    path = database(tmp_path)
    path.write_bytes(b"")
    app = make_app(language=None)
    key, fields = next((k, f) for k, f in app.notices if k == "notice.store_repaired")
    assert fields == {"file": fields["file"], "kept": 0, "lost": 0}
    assert (path.parent / fields["file"]).exists()
