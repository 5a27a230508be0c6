"""The display on a Pi's console (SDL's KMSDRM driver), without one: SDL's dummy driver
answering under the name KMSDRM reports, as the real one does."""

from __future__ import annotations

import os

import pygame
import pytest

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
