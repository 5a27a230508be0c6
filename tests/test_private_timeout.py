"""Private screens hide by themselves (issue 18): a private screen left untouched for the quiet
time (config ``private_timeout``, 60 s by default since issue 37; Settings may choose another)
goes back to the gate it was opened from; nothing on it is chosen, the gate says why it is
back, and a hold shows it again."""

from __future__ import annotations

from hw.clock import REAL

import time
from pathlib import Path

import pygame
import pytest

from conftest import play
from test_ui_citadels import start_game
from test_ui_citadels_calling import open_prepared
from test_ui_citadels_looks import PLAIN

SHOTS = Path("/tmp/shots18")
QUIET = 0.4  # a short quiet time for the tests (the config allows 5 to 600 s, or 0)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_pick_left_alone_goes_back_to_its_gate_and_nothing_is_chosen(make_app, language):
    app = make_app(language=language, private_timeout=QUIET)
    controller = start_game(app, "2016", 5)
    play(app, "HOLD SEAT1\nEXPECT draft-private")
    stored = len(controller.session.decisions)
    app.run_for(QUIET + 0.3)
    assert app.top.name == "gate" and app.top.seat == 1 and app.top.hidden_again == "quiet"
    assert [s.name for s in app.stack] == ["home", "draft-public", "gate"]
    assert len(controller.session.decisions) == stored
    SHOTS.mkdir(exist_ok=True)
    app.render()
    pygame.image.save(app.display.surface, str(SHOTS / f"hidden_again_{language}.png"))
    play(app, "HOLD SEAT1\nEXPECT draft-private")  # shown again; the pick still to make
    assert len(controller.session.decisions) == stored


def test_input_on_the_private_screen_keeps_it(make_app):
    """Each input starts the quiet time again: a player who is choosing is not interrupted."""
    app = make_app(private_timeout=QUIET)
    start_game(app, "2016", 5)
    play(app, "HOLD SEAT1\nEXPECT draft-private")
    for _ in range(4):
        app.run_for(QUIET / 2)
        play(app, "RIGHT")  # moving the focus is an input
        assert app.top.name == "draft-private"


def test_check_my_character_hides_too(make_app, tmp_path):
    app = open_prepared(make_app, tmp_path, "2016", 5, PLAIN, {"thief": 1},
                        private_timeout=QUIET)
    seat = app.top.controller.calling_public().may_look[-1]
    play(app, f"TAP @check\nEXPECT whoami\nTAP @seat{seat}\nEXPECT gate\nHOLD SEAT{seat}\n"
              "EXPECT own")
    app.run_for(QUIET + 0.3)
    assert app.top.name == "gate" and app.top.hidden_again == "quiet"


def test_zero_means_never(make_app):
    app = make_app(private_timeout=0)
    start_game(app, "2016", 5)
    play(app, "HOLD SEAT1\nEXPECT draft-private")
    app.run_for(0.5)
    assert app.top.name == "draft-private"


def test_the_loop_wakes_in_time_to_hide_it(make_app):
    """The wait before the next frame ends at the deadline, not at the next poll. (2 s here,
    and nothing left to prepare: on a busy machine the HOLD alone may take QUIET.)"""
    app = make_app(private_timeout=2.0, clock=REAL)
    app.finish_idle_work()
    start_game(app, "2016", 5)
    play(app, "HOLD SEAT1\nEXPECT draft-private")
    left = app.timers.timeout(60.0)
    assert 0 < left <= 2.0
    time.sleep(left)
    app.step(0)
    assert app.top.name == "gate"


@pytest.mark.parametrize("text, seconds", [("15", 15.0), ("0", 0.0), ("5", 5.0), ("600", 600.0),
                                           ("3", None), ("601", None), ('"15"', None),
                                           ("true", None)])
def test_the_quiet_time_in_the_config_file(tmp_path, text, seconds):
    """0 (never) or 5 to 600 seconds; anything else is named in the errors and the default
    kept."""
    from ui.config import load_config

    path = tmp_path / "config.toml"
    path.write_text(f"private_timeout = {text}\n")
    config = load_config(path, env={"HOME": str(tmp_path)})
    assert (config.errors == ()) == (seconds is not None)
    assert config.private_timeout == (60.0 if seconds is None else seconds)
