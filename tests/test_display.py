"""The display on a Pi's console (SDL's KMSDRM driver), without one: SDL's dummy driver
answering under the name KMSDRM reports, as the real one does; and a window on a desktop no
larger than the picture (the 7" display's 800x480)."""

from __future__ import annotations

import os

import pygame
import pytest

from conftest import play
from ui.display import Display


@pytest.fixture
def kmsdrm(monkeypatch):
    """SDL reports its console driver as "KMSDRM" (upper case), not "kmsdrm"."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "KMSDRM")
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    yield
    pygame.display.quit()


def test_the_console_driver_gets_the_whole_screen(kmsdrm):
    display = Display(fullscreen=None)
    assert display.fullscreen
    assert display.surface.get_flags() & pygame.FULLSCREEN


def test_the_console_driver_presents_through_opengl_es(kmsdrm):
    """KMSDRM's default window-surface renderer (desktop OpenGL) shows only the clear colour
    on a GBM/EGL context; OpenGL ES shows the picture."""
    Display(fullscreen=None)
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "opengles2"


def test_a_renderer_the_user_chose_is_kept(kmsdrm, monkeypatch):
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "software")
    Display(fullscreen=None)
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "software"


def test_a_desktop_window_is_left_alone(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    try:
        display = Display(fullscreen=None)
        assert not display.fullscreen and display.surface.get_size() == (800, 480)
        assert "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ
    finally:
        pygame.display.quit()


# --- a window on a small desktop (issue 37) ---------------------------------------------------

def on_a_desktop(monkeypatch, size: tuple[int, int]) -> None:
    """A window system (x11) whose desktop SDL reports as ``size``."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size])


@pytest.fixture
def desktop(monkeypatch):
    """The 7" display's own 800x480 as the desktop."""
    on_a_desktop(monkeypatch, (800, 480))
    yield
    pygame.display.quit()


def test_on_an_800x480_desktop_the_window_is_800x480_without_the_strip(desktop):
    """The debug strip, shown by default where no LED is attached, would make the window
    800x504 and cut its bottom off: where it has no room below the picture it is left out."""
    display = Display(fullscreen=False, strip=24, strip_optional=True)
    assert display.surface.get_size() == (800, 480) and display.strip == 0
    assert display.canvas is display.surface  # the picture as it is, nothing scaled


def test_a_strip_with_room_below_the_picture_stays(monkeypatch):
    on_a_desktop(monkeypatch, (1920, 1080))
    try:
        display = Display(fullscreen=False, strip=24, strip_optional=True)
        assert display.surface.get_size() == (800, 504) and display.strip == 24
    finally:
        pygame.display.quit()


def test_on_a_full_screen_of_800x480_the_strip_takes_no_room_from_the_picture(kmsdrm,
                                                                                monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(800, 480)])
    monkeypatch.setattr(pygame.display, "set_mode",
                        lambda size, flags=0: pygame.Surface((800, 480)))
    display = Display(fullscreen=None, strip=24, strip_optional=True)
    assert display.strip == 0 and display.viewport.target == (0, 0, 800, 480)


def test_a_strip_the_config_asks_for_fits_the_desktop_with_the_picture_scaled(make_app,
                                                                              desktop):
    """``debug_strip = true``: the strip is kept, and the window still fits the desktop (the
    picture 760x456 above it); taps land where they are meant to."""
    app = make_app(env={"COMPANION_HW": "keyboard"}, debug_strip=True)
    width, height = app.display.surface.get_size()
    assert width <= 800 and height <= 480
    assert app.display.strip_rect.bottom == height and app.display.strip == 24
    assert app.display.viewport.target == (0, 0, 760, 456)
    play(app, "TAP @settings\nEXPECT settings")
