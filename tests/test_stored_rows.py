"""Issue 38, item 1: one damaged byte in a stored row sets that game aside, said, and leaves every
other game reachable. A byte that makes a session's stored text invalid UTF-8 passes SQLite's
``quick_check`` (the page is whole) but cannot be read back as text; a 50,000-deep nested value is
valid JSON that Python's parser cannot hold. Either once made Games in progress, History and the
setups fail to open, and the last game was not resumed."""

from __future__ import annotations

import sqlite3

import pytest
from conftest import play
from game_paths import session_on_screen
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
