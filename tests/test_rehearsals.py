"""What a screen may show next is rehearsed while nobody waits (``Screen.rehearsals``, issue 19:
no slow first frames): drawn on a scratch canvas that is never shown, so the real first frame
finds its texts drawn. Timing is a benchmark (bench/bench_render.py); here: what is drawn."""

from __future__ import annotations

import pygame

from conftest import play
from test_history import store_games


def texts_drawn_by(app, action) -> int:
    """How many texts ``action`` and the frame after it drew (text cache misses)."""
    before = app.fonts.rendered
    action()
    app.render()
    return app.fonts.rendered - before


def test_home_rehearses_history_so_its_first_frame_draws_no_new_text(make_app):
    app = make_app(language="ko")
    store_games(app, 40)
    app.replace(app.top.__class__(app))  # home again (as after a game): its rehearsal queued
    app.render()
    frames = app.frames
    app.finish_idle_work()
    assert app.frames == frames  # rehearsed off screen: no frame was shown
    assert texts_drawn_by(app, lambda: play(app, "TAP @history\nEXPECT history")) == 0


def test_without_the_rehearsal_history_draws_its_rows(make_app, monkeypatch):
    """The test above can fail: the same History, not rehearsed, draws its rows' texts."""
    from ui.screens.home import HomeScreen

    monkeypatch.setattr(HomeScreen, "rehearsals", lambda self: [])
    app = make_app(language="ko")
    store_games(app, 40)
    app.replace(HomeScreen(app))
    app.render()
    app.finish_idle_work()
    assert texts_drawn_by(app, lambda: play(app, "TAP @history\nEXPECT history")) > 5


def test_the_city_grid_rehearses_its_other_tabs(make_app):
    app = make_app(language="ko")
    play(app, "TAP @citadels\nEXPECT citadels-setup\nTAP @score\nEXPECT score-city")
    app.finish_idle_work()
    for tab in ("religious", "trade", "military", "unique"):
        assert texts_drawn_by(app, lambda: play(app, f"TAP @tab-{tab}")) == 0, tab
        assert app.top.tab == tab


def test_a_rehearsal_is_dropped_once_its_screen_has_gone(make_app, monkeypatch):
    """Left before the idle time: what it would have shown next is not drawn."""
    from ui.screens.citadels.score_entry import CityGridScreen

    app = make_app(language="en")
    play(app, "TAP @citadels\nEXPECT citadels-setup\nTAP @score\nEXPECT score-city")
    drawn = []
    monkeypatch.setattr(CityGridScreen, "_tab_drawn", lambda self, kind, canvas: drawn.append(kind))
    app.pop_to("home")
    app.finish_idle_work()
    assert drawn == []
    play(app, "TAP @citadels\nEXPECT citadels-setup\nTAP @score\nEXPECT score-city")
    app.finish_idle_work()
    assert sorted(drawn) == ["military", "religious", "trade", "unique"]  # and it can be


def test_a_rehearsal_changes_nothing_in_the_entry(make_app):
    """Drawing the other tabs of player 1's city adds no district and moves no tab."""
    app = make_app(language="en")
    play(app, "TAP @citadels\nEXPECT citadels-setup\nTAP @score\nEXPECT score-city\nTAP @manor")
    city = app.top
    before = (city.tab, city.player, city.focus)
    app.finish_idle_work()
    assert (city.tab, city.player, city.focus) == before
    assert isinstance(app.idle.scratch, pygame.Surface)


def calling_texts_after_the_last_choice(app) -> int:
    """An 8-player Citadels draft at its last choice: the chooser's private screen shown with
    its idle time, the choice stored, and the texts the calling's first frame then draws."""
    from companion.citadels.charset import first_game
    from ui.screens.citadels.controller import CitadelsController
    from ui.screens.citadels.draft import PrivateScreen
    from ui.screens.citadels.navigator import Navigator

    app.finish_idle_work()
    names = [f"Alexandra-Catherine {n}" for n in range(1, 9)]
    c = CitadelsController.new(app, "2016", 8, first_game("2016", 8), 1, names)
    while sum(c.draft_public().hand_counts) < 7:  # everyone but the last keeps a card
        c.confirm(c.legal()[0])
    nav = Navigator(app, c)
    app.push(PrivateScreen(app, c, nav, c.draft_public().turn.seat))
    app.render()
    frames, view = app.frames, c.view()
    app.finish_idle_work()
    assert (app.frames, c.view()) == (frames, view)  # off screen; nothing decided
    c.confirm(c.legal()[0])
    return texts_drawn_by(app, nav.show_game)


def test_a_drafter_choosing_rehearses_the_calling_it_may_open(make_app, monkeypatch, tmp_path):
    """While a player chooses in the draft, the calling's chips, seat map and row of buttons
    are drawn off screen (``Navigator.calling_rehearsal``): the round's last choice opens the
    calling at once, and its first frame then draws only what the draft decided (the call,
    the targets): 25 texts, not 47. (Without the rehearsal, the test's second half.)"""
    from ui.screens.citadels.draft import PrivateScreen

    rehearsed = calling_texts_after_the_last_choice(make_app(data_dir=tmp_path / "one"))
    monkeypatch.setattr(PrivateScreen, "rehearsals", lambda self: [])
    not_rehearsed = calling_texts_after_the_last_choice(make_app(data_dir=tmp_path / "two"))
    assert rehearsed + 20 <= not_rehearsed


KEPT_LIST = ("TAP @kept\nEXPECT kept", "TAP @row0\nEXPECT calling")
CONTINUE = ("TAP @citadels\nEXPECT citadels-setup", "TAP @continue\nEXPECT calling")


def test_a_drafters_screen_shown_again_after_the_draft_rehearses_nothing(make_app):
    """The round's last choice stored, the private screen on top again (the screens above it
    gone): there is no draft left to rehearse the calling from, and nothing fails."""
    from companion.citadels.charset import first_game
    from ui.screens.citadels.controller import CitadelsController
    from ui.screens.citadels.draft import PrivateScreen
    from ui.screens.citadels.navigator import Navigator
    from ui.screens.gate import WipeScreen

    app = make_app()
    c = CitadelsController.new(app, "2016", 8, first_game("2016", 8), 1,
                               [f"Player {n}" for n in range(1, 9)])
    while sum(c.draft_public().hand_counts) < 7:
        c.confirm(c.legal()[0])
    private = PrivateScreen(app, c, Navigator(app, c), c.draft_public().turn.seat)
    app.push(private)
    c.confirm(c.legal()[0])
    app.push(WipeScreen(app, lambda: "", lambda: None))
    app.pop()
    assert app.top is private and private.rehearsals() == []
    app.finish_idle_work()


def calling_texts_when_reopened(app, via=KEPT_LIST) -> tuple[int, object, object]:
    """An 8-player Citadels game kept at its calling, the screen that reopens it (``via``:
    the taps to it, the tap reopening it) shown with its idle time, then the game reopened:
    the texts the calling's first frame draws, and the kept game as the store has it before
    and after that idle time."""
    from companion.citadels.charset import first_game
    from ui.screens.citadels.controller import CitadelsController

    app.finish_idle_work()
    names = [f"Alexandra-Catherine {n}" for n in range(1, 9)]
    c = CitadelsController.new(app, "2016", 8, first_game("2016", 8), 1, names)
    while c.phase == "draft":
        c.confirm(c.legal()[0])
    session = c.session.id
    app.finish_idle_work()  # (the game's own snapshot stored)
    play(app, via[0])
    stored = app.store.load(session, resume=True)
    app.finish_idle_work()
    after = app.store.load(session, resume=True)
    return texts_drawn_by(app, lambda: play(app, via[1])), stored, after


def test_the_kept_games_list_rehearses_reopening_its_first_game(make_app, monkeypatch, tmp_path):
    """A Citadels game kept at its calling, reopened from the list of kept games: the list
    has drawn the calling off screen while the table read it (the registry's ``rehearse``),
    reading the game without changing it (no snapshot stored); the calling's first frame
    then draws no new text. Without the rehearsal it draws its chips, seat map, buttons…"""
    from ui.screens.kept_list import KeptGamesScreen

    drawn, stored, after = calling_texts_when_reopened(make_app(data_dir=tmp_path / "one"))
    assert drawn == 0
    assert after == stored
    monkeypatch.setattr(KeptGamesScreen, "rehearsals", lambda self: [])
    drawn, _, _ = calling_texts_when_reopened(make_app(data_dir=tmp_path / "two"))
    assert drawn > 30


def test_continue_on_the_citadels_setup_rehearses_reopening_its_game(make_app, monkeypatch,
                                                                      tmp_path):
    """The same through the setup's Continue (the kept game played last)."""
    from ui.screens.setup_table import TableSetup

    drawn, stored, after = calling_texts_when_reopened(make_app(data_dir=tmp_path / "one"),
                                                       CONTINUE)
    assert drawn == 0 and after == stored
    monkeypatch.setattr(TableSetup, "rehearsals", lambda self: [])
    drawn, _, _ = calling_texts_when_reopened(make_app(data_dir=tmp_path / "two"), CONTINUE)
    assert drawn > 30


def test_a_game_read_for_a_rehearsal_stores_no_snapshot(make_app):
    """The same kept game read to be played asks for a snapshot (8 decisions since none);
    read for a rehearsal it asks for nothing: a rehearsal changes nothing."""
    from companion.citadels.charset import first_game
    from ui.screens.citadels.controller import CitadelsController

    app = make_app()
    c = CitadelsController.new(app, "2016", 8, first_game("2016", 8), 1,
                               [f"Player {n}" for n in range(1, 9)])
    while c.phase == "draft":
        c.confirm(c.legal()[0])
    app.idle.tasks.clear()  # (the game's own snapshot: not stored)
    session = app.store.load(c.session.id, resume=True)
    CitadelsController(app, session, rehearsal=True)
    assert not app.idle.tasks
    CitadelsController(app, session)
    assert len(app.idle.tasks) == 1
