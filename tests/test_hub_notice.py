"""The "Seat hub not connected" notice (issues 13, 34): a hub named by its port that never
connected is said once, on the screens before the first input; ``hub = "auto"`` with no hub on
the table is not a problem and is never said (the first frame of every first boot showed it);
a hub that was connected and is lost is said on every screen until it is back; no hub
configured, never. It sits in the title bar, which the title gives up for it, at a size the
table reads. Checked by the text the app draws (its fonts' render spied on) and by the pixels
of the title bar."""

from __future__ import annotations

import pygame
import pytest

from conftest import play, record_text
from hw.hubsim import HubSim
from test_serialhub import wait_for
from ui import theme

AUTO = '[hardware]\nhub = "auto"\n'
NOTICE_AREA = pygame.Rect(300, 0, 360, 64)  # the title bar, left of Back: where it sits


@pytest.fixture
def no_ports(monkeypatch):
    """With hub = "auto" no hub is found: this table has none."""
    from serial.tools import list_ports

    monkeypatch.setattr(list_ports, "comports", lambda: [])


def frame(app) -> list[str]:
    """The texts of one fresh frame of the top screen."""
    drawn = record_text(app)
    app.render()
    del app.fonts.render  # stop spying
    return drawn


def shows_notice(app) -> bool:
    return app.t("notice.hub_off") in frame(app)


def warning_frame_drawn(app) -> bool:
    """Whether the last frame has the notice's red outline in the notice's corner."""
    area = app.display.canvas.subsurface(NOTICE_AREA)
    return pygame.mask.from_threshold(area, theme.WARNING, (1, 1, 1, 255)).count() > 0


def test_auto_with_no_hub_on_the_table_is_never_said(make_app, no_ports):
    """The first boot's first frame looks finished: the example config ships hub = "auto"."""
    app = make_app(AUTO)
    assert app.hw.hub is not None and not app.hw.hub.status.connected
    assert not warning_frame_drawn(app) and not shows_notice(app)
    play(app, "TAP @settings\nEXPECT settings\nTAP @about\nEXPECT about")
    assert app.t("about.hub_waiting", port="auto") in frame(app)  # About tells
    assert not shows_notice(app)


def test_a_named_hub_that_never_connected_is_said_once_until_the_first_input(make_app,
                                                                             tmp_path):
    port = str(tmp_path / "companion-hub")  # the udev rule's name; nothing plugged in
    app = make_app(env={"COMPANION_HW": "mock", "COMPANION_HUB": port})
    assert app.hw.hub is not None and not app.hw.hub.status.connected
    assert warning_frame_drawn(app)  # the first frame, drawn by make_app
    assert shows_notice(app)
    play(app, "DOWN")  # one key press, still on Home
    assert app.top.name == "home"
    assert not warning_frame_drawn(app)
    assert not shows_notice(app)
    play(app, "TAP @settings\nEXPECT settings")
    assert not shows_notice(app)
    play(app, "TAP @about\nEXPECT about")
    drawn = frame(app)
    assert app.t("notice.hub_off") not in drawn
    assert app.t("about.hub_waiting", port=port) in "".join(drawn)  # About still tells (wrapped)
    play(app, "BACK\nEXPECT settings\nTAP @hwtest\nEXPECT hwtest")
    drawn = frame(app)
    assert app.t("notice.hub_off") not in drawn
    assert app.top.hub_text() in drawn and port in app.top.hub_text()  # so does the test
    play(app, "HOLD BACK\nBACK\nEXPECT home")
    assert not shows_notice(app)


def test_a_lost_hub_is_said_on_every_screen_until_it_is_back(make_app, tmp_path):
    sim = HubSim(tmp_path / "hub").start()
    app = make_app(env={"COMPANION_HW": "mock", "COMPANION_HUB": str(tmp_path / "hub")})
    try:
        assert wait_for(lambda: app.hw.hub.status.connected)
        play(app, "DOWN")  # after an input: the never-connected rule is out of the way
        assert not shows_notice(app) and not warning_frame_drawn(app)
        sim.unplug()
        assert wait_for(lambda: not app.hw.hub.status.connected)
        app.settle()  # the hub's change asks for a frame
        assert warning_frame_drawn(app)
        assert shows_notice(app)
        play(app, "TAP @settings\nEXPECT settings")
        assert shows_notice(app)
        sim.plug()
        assert wait_for(lambda: app.hw.hub.status.connected)
        assert not shows_notice(app)
        play(app, "BACK\nEXPECT home")
        assert not shows_notice(app) and not warning_frame_drawn(app)
    finally:
        sim.stop()


def test_a_hub_that_connects_late_and_is_lost_is_said(make_app, tmp_path):
    """Plugged in only after the first input (no notice by then), then unplugged."""
    link = tmp_path / "hub"
    app = make_app(env={"COMPANION_HW": "mock", "COMPANION_HUB": str(link)})
    play(app, "DOWN")
    assert not app.hw.hub.status.connected and not shows_notice(app)
    sim = HubSim(link).start()
    try:
        assert wait_for(lambda: app.hw.hub.status.connected)
        sim.unplug()
        assert wait_for(lambda: not app.hw.hub.status.connected)
        assert shows_notice(app)
    finally:
        sim.stop()


def test_no_hub_configured_is_never_said(make_app):
    app = make_app()
    assert app.hw.hub is None
    drawn = frame(app)
    assert app.t("home.subtitle") in drawn  # the frame was drawn, without the notice
    assert app.t("notice.hub_off") not in drawn and not warning_frame_drawn(app)
    play(app, "TAP @settings\nEXPECT settings")
    assert not shows_notice(app)


def test_a_hub_reporting_while_the_app_starts_is_heard(make_app, monkeypatch):
    """The hub's reader may report (connected, then its seats) before the app has any screen:
    the listener must take both, not fail (it did: "status listener failed", seen in the VM)."""
    import ui.compose as app_module
    from hw.serialhub import HubStatus

    opening = app_module.open_hardware

    def reporting_while_opening(*args, on_hub_change, **kwargs):
        on_hub_change(HubStatus("auto", connected=True))
        on_hub_change(HubStatus("auto", connected=True, seats=8))
        return opening(*args, on_hub_change=on_hub_change, **kwargs)

    monkeypatch.setattr(app_module, "open_hardware", reporting_while_opening)
    app = make_app()
    assert app.hub_view.seen and app.top.name == "home"
