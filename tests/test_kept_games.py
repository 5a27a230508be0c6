"""Issue 15: a game is never lost. Every game that has not finished is kept and listed;
Continue is the default on its setup screen; Start never ends a kept one; leaving a game says how
to come back; a restart reopens the game played last, never a score sheet over a game."""

from __future__ import annotations

import pytest

from conftest import play, record_text
from game_paths import BOARD, LEAVE, START, session_on_screen

@pytest.mark.parametrize("game", sorted(START))
def test_leaving_then_start_keeps_the_game_and_continue_is_the_default(make_app, game):
    app = make_app()
    play(app, START[game])
    first = session_on_screen(app)
    drawn = record_text(app)
    play(app, LEAVE[game])
    assert app.toast.line[0] == "kept.left"  # leaving says how to come back
    assert any("Continue" in text for text in drawn)
    play(app, f"TAP @{game}")
    setup = app.top
    assert setup.button("continue").visible
    assert setup.buttons[setup.focus].name == "continue"  # OK continues
    play(app, f"OK\nEXPECT {BOARD[game]}" if game != "citadels" else "OK\nEXPECT gate")
    assert session_on_screen(app) == first
    play(app, ("BACK\n" if game == "citadels" else "") + LEAVE[game])
    play(app, START[game].replace(f"TAP @{game}\n", f"TAP @{game}\n", 1))  # Start a new one
    second = session_on_screen(app)
    assert second != first
    kept = app.store.kept()
    assert [g.session_id for g in kept] == [second, first]
    assert app.store.history() == []  # nothing was retired as "left unfinished"


ROSTER = 'roster = ["Mina", "Joon", "Sora"]\n'
OWN_START = {"citadels": "start", "troyes": "start", "tiletum": "next"}


@pytest.mark.parametrize("game", sorted(START))
def test_continue_is_the_default_only_for_the_table_whose_game_it_is(make_app, game):
    """Issue 37: Mina, Joon and Sora's game kept; Hana and Ben at the setup see Continue
    saying whose it is, neither highlighted nor focused (OK does not open it): their own start
    is the default. Back to the first table, Continue is the default again."""
    app = make_app(ROSTER)
    for name in ("Hana", "Ben"):
        app.store.add_player(name)
    play(app, START[game] + "\n" + LEAVE[game] + f"\nTAP @{game}")
    setup, kept = app.top, session_on_screen_id(app)
    assert setup.button("continue").is_selected() and focused(setup) == "continue"
    play(app, "TAP @count\nEXPECT table-picker\nTAP @clear")
    for name in ("Hana", "Ben"):
        play(app, f"TAP @player{app.top.everyone.index(name)}")
    play(app, f"TAP @done\nEXPECT {setup.name}")
    drawn = record_text(app)
    app.render()
    assert any(t.startswith("Mina, Joon, Sora") for t in drawn)  # whose game it opens
    assert not setup.button("continue").is_selected() and focused(setup) != "continue"
    assert setup.button(OWN_START[game]).is_selected()
    play(app, "TAP @count\nEXPECT table-picker\nTAP @clear")
    for name in ("Sora", "Mina", "Joon"):  # the same players, in other seats
        play(app, f"TAP @player{app.top.everyone.index(name)}")
    play(app, f"TAP @done\nEXPECT {setup.name}")
    while len(setup.names()) < len(setup.kept.rows[0].names):  # Citadels: "Player 4" too
        play(app, "TAP @more\nEXPECT table-picker\nTAP @unnamed")
    assert setup.button("continue").is_selected() and focused(setup) == "continue"
    play(app, "OK")
    assert session_on_screen(app) == kept


def test_continue_says_whose_game_in_korean(make_app):
    app = make_app(ROSTER, language="ko")
    play(app, START["troyes"] + "\n" + LEAVE["troyes"] + "\nTAP @troyes")
    assert app.top.button("continue").label() == "이어 하기: 1라운드\nMina, Joon, Sora"


def session_on_screen_id(app) -> int:
    """The kept game Continue opens."""
    return app.top.kept.rows[0].session_id


def focused(screen) -> str | None:
    return screen.buttons[screen.focus].name if screen.focus is not None else None


def test_several_kept_games_reopen_in_any_order(make_app):
    app = make_app()
    ids = {}
    for game in ("citadels", "troyes", "tiletum"):
        play(app, START[game])
        ids[game] = session_on_screen(app)
        play(app, LEAVE[game])
    play(app, "TAP @kept\nEXPECT kept")
    assert [r.session_id for r in app.top.items] == [ids["tiletum"], ids["troyes"],
                                                     ids["citadels"]]
    play(app, "BACK\nEXPECT home")
    for game, row in (("troyes", 1), ("citadels", 2), ("tiletum", 0), ("troyes", 1)):
        play(app, f"TAP @kept\nEXPECT kept\nTAP @row{row}")
        assert session_on_screen(app) == ids[game], game
        play(app, ("BACK\n" if app.top.name == "gate" else "") + LEAVE[game])


def test_deleting_a_kept_game_asks_first_and_says_what_is_lost(make_app):
    app = make_app()
    play(app, START["troyes"] + "\n" + LEAVE["troyes"])
    play(app, "TAP @kept\nTAP @side0\nEXPECT ask")
    assert "every step played so far" in app.top.text
    assert app.top.buttons[app.top.focus].name == "keep"
    play(app, "OK\nEXPECT kept")  # OK keeps it
    assert len(app.store.kept()) == 1
    play(app, "TAP @side0\nEXPECT ask\nTAP @confirm\nEXPECT kept")
    assert app.store.kept() == [] and app.top.total == 0


def test_a_restart_reopens_the_game_played_last_not_a_score_sheet(make_app):
    app = make_app()
    play(app, START["troyes"] + "\n" + LEAVE["troyes"])
    troyes = app.store.kept()[0].session_id
    play(app, "TAP @tiletum\nTAP @score\nBACK\nEXPECT home")  # a score sheet left half-way
    assert {r.game for r in app.store.kept()} == {"troyes", "tiletum-score"}
    app.close()
    again = make_app(language=None)
    assert again.top.name == "troyes-board"
    assert session_on_screen(again) == troyes


def test_a_lone_score_sheet_is_reopened_when_no_game_is_kept(make_app):
    app = make_app()
    play(app, "TAP @troyes\nTAP @score\nBACK\nEXPECT home")
    app.close()
    again = make_app(language=None)
    assert again.top.name.startswith("score") or "score" in again.top.name


def test_home_counts_the_games_in_progress(make_app):
    app = make_app()
    assert app.top.kept == 0 and not app.top.button("kept").is_selected()
    play(app, START["tiletum"] + "\n" + LEAVE["tiletum"])
    assert app.top.kept == 1 and app.top.button("kept").is_selected()


@pytest.mark.parametrize("seed", [15, 16, 17])
def test_a_monkey_at_the_table_loses_no_game(make_app, seed):
    """Random taps and buttons for 1,500 steps (seeded): every game started is still stored,
    unless it was deleted through the question that says what is lost."""
    import random

    app = make_app()
    created, deleted = [], []
    create, delete = app.store.create_session, app.store.delete
    app.store.create_session = lambda *a, **k: created.append(create(*a, **k)) or created[-1]
    app.store.delete = lambda session_id: deleted.append(session_id) or delete(session_id)
    rng = random.Random(seed)
    for _ in range(1500):
        buttons = [b for b in app.top.buttons if b.visible and b.enabled and b.on_click]
        if rng.random() < 0.15 or not buttons:
            play(app, rng.choice(("BACK", "OK", "UP", "DOWN", "LEFT", "RIGHT")))
        else:
            play(app, f"TAP @{rng.choice(buttons).name}" if buttons[0].name else "OK")
        assert app.running
    assert created, "the monkey never started a game"
    assert app.store.count() == len(created) - len(deleted)
    assert not [r for r in app.store.rows(limit=1000) if (r.result or {}).get("abandoned")]
