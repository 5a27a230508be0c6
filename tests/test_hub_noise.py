"""Noise on the seat hub's link costs nothing (issue 18): damaged lines change only counts the
hardware test and About show, so other screens draw no frame for them, and those two at most 4
times a second (the last change included); a hub repeating ERR is logged a few times and then
counted, not line by line. The simulator on a real pty feeds the noise."""

from __future__ import annotations

from hw.clock import REAL

import logging
import time

from conftest import play
from hw.hubsim import GARBAGE, HubSim
from test_serialhub import wait_for
from ui.hub_presenter import HUB_REDRAW_EVERY


def noisy(app, sim, seconds: float, per_second: int = 500) -> None:
    """Feed garbage lines for ``seconds`` while the app's loop runs."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        sim.send_raw(GARBAGE * (per_second // 50))
        app.run_for(0.02)


def test_garbage_draws_no_frame_on_a_game_screen_and_a_few_on_the_hardware_test(make_app,
                                                                               tmp_path):
    sim = HubSim(tmp_path / "hub").start()
    app = make_app(env={"COMPANION_HW": "mock", "COMPANION_HUB": str(tmp_path / "hub")},
                   clock=REAL)
    try:
        assert wait_for(lambda: app.hw.hub.status.connected)
        play(app, "DOWN")
        app.settle()
        frames, dropped = app.frames, app.hw.hub.status.dropped
        noisy(app, sim, 1.0)
        assert app.hw.hub.status.dropped > dropped + 100  # the noise did arrive
        assert app.frames == frames  # home shows no count: not one frame
        play(app, "TAP @settings\nTAP @hwtest\nEXPECT hwtest")
        frames = app.frames
        noisy(app, sim, 1.0)
        app.run_for(HUB_REDRAW_EVERY + 0.05)  # the last change is drawn too
        drawn = app.frames - frames
        assert 1 <= drawn <= 1.0 / HUB_REDRAW_EVERY + 2
        assert str(app.hw.hub.status.dropped) in app.top.hub_text()
    finally:
        sim.stop()


def test_a_hub_repeating_err_is_logged_a_few_times_then_counted(make_app, tmp_path, caplog):
    sim = HubSim(tmp_path / "hub").start()
    app = make_app(env={"COMPANION_HW": "mock", "COMPANION_HUB": str(tmp_path / "hub")},
                   clock=REAL)
    try:
        assert wait_for(lambda: app.hw.hub.status.connected)
        with caplog.at_level(logging.WARNING, logger="hw.serialhub"):
            for _ in range(2000):
                sim.send("ERR", "overrun")
            time.sleep(1.0)  # the reader thread takes them all
        errors = [r for r in caplog.records if "reports an error" in r.getMessage()]
        assert 1 <= len(errors) <= 5
    finally:
        sim.stop()
