"""A portrait panel (Touch Display 2: 720x1280) and the landscape picture (issue 34): with
``rotation = "auto"`` (the default) the app turns the picture 90° on a portrait screen; an
explicit rotation is kept, and where it leaves the picture a band across a portrait screen the
app says so in the UI's language, until Settings turns it."""

from __future__ import annotations

import pygame
import pytest

from conftest import play
from ui.config import load_config
from ui.display import choose_rotation

FULL_SCREEN = "fullscreen = true\n"


@pytest.fixture
def panel(monkeypatch):
    """The screen's own mode as SDL reports it for a full screen (``get_desktop_sizes``)."""
    def use(size):
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size])
    return use


def test_a_portrait_panel_is_turned_and_a_landscape_one_is_not():
    assert choose_rotation((720, 1280)) == 90  # Touch Display 2
    assert choose_rotation((800, 480)) == 0  # the 7" display
    assert choose_rotation((1920, 1080)) == 0  # an HDMI panel


def test_auto_is_the_default_and_the_config_accepts_it(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("")
    assert load_config(path, env={}).rotation == "auto"
    path.write_text('rotation = "sideways"\n')
    assert any("rotation" in e and '"auto"' in e for e in load_config(path, env={}).errors)


def test_touch_display_2_gets_the_picture_turned_filling_it(make_app, panel):
    panel((720, 1280))
    app = make_app(FULL_SCREEN + 'rotation = "auto"\n')
    assert app.rotation == 90 and app.display.rotation == 90
    assert not any(key == "notice.portrait" for key, _ in app.notices)
    assert "90° (auto)" in app.display.describe()


def test_a_window_is_never_turned_by_auto(make_app, panel):
    panel((1080, 1920))  # a monitor turned upright: the window takes the picture's shape
    app = make_app('fullscreen = false\nrotation = "auto"\n')
    assert app.rotation == 0


def test_an_explicit_rotation_on_a_portrait_panel_is_kept_and_said(make_app, panel):
    panel((720, 1280))
    app = make_app(FULL_SCREEN + "rotation = 0\n", language="ko")
    assert app.rotation == 0
    assert ("notice.portrait", {"width": 720, "height": 1280}) in app.notices
    text = app.notice_texts()[-1]
    assert "720×1280" in text and "90°" in text
    play(app, "TAP @settings\nEXPECT settings\nTAP @rotation-90")
    assert app.rotation == 90
    assert not any(key == "notice.portrait" for key, _ in app.notices)
