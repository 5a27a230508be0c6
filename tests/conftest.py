"""Shared fixtures: a headless app on mock hardware with its own data folder."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import settings

# No deadline for any example: speed is measured by bench/, and on a loaded CI machine an
# example that took 259 ms against hypothesis's 200 ms failed a rules test that was right.
settings.register_profile("companion", deadline=None)
settings.load_profile("companion")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
HOLD = 0.2  # seconds: a short hold time keeps the UI tests quick


@pytest.fixture(scope="module")
def fonts():
    """The app's fonts (NanumGothic: the system's or the app's own copy) without an app."""
    import pygame

    from ui.fonts import Fonts, find_hangul_font

    pygame.font.init()
    path = find_hangul_font()
    assert path, "NanumGothic not found: neither fonts-nanum nor ui/assets/NanumGothic.ttf"
    return Fonts(path, None, has_hangul=True)


@pytest.fixture
def make_app(tmp_path):
    """Build headless apps (mock GPIO, fresh data folder); all are closed after the test."""
    from hw.clock import VirtualClock
    from ui.compose import build_app
    from ui.config import load_config

    apps = []

    def factory(config_text: str | None = None, language: str | None = "en",
                env: dict | None = None, data_dir: Path | None = None, clock=None,
                **overrides):
        """``clock``: the app's clock; a virtual one unless a test needs real time (threads,
        sleeping in the kernel)."""
        path = tmp_path / "config.toml"
        if config_text is not None:
            path.write_text(config_text, encoding="utf-8")
        config = load_config(path, env={"HOME": str(tmp_path)})
        config = replace(config, data_dir=data_dir or tmp_path / "data",
                         **{"hold_time": HOLD, "setup_guide": False, **overrides})
        app = build_app(config, headless=True,
                        env=env if env is not None else {"COMPANION_HW": "mock"},
                        clock=clock if clock is not None else VirtualClock())
        if language:
            app.set_language(language)
            while app.top.name == "language":
                app.pop()
        app.settle()
        apps.append(app)
        return app

    yield factory
    for app in apps:
        if app.running:
            app.running = False
        try:
            app.close()
        except Exception:
            pass


def run_fresh(code: str, timeout: float = 120) -> str:
    """What ``code`` prints, run by a fresh interpreter in the project (no display, no sound);
    it must end well."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=timeout)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def play(app, script: str, screenshots: Path | None = None) -> None:
    """Drive ``app`` with script lines (the same path as ``companion --script``)."""
    from ui.script import ScriptRunner, parse

    ScriptRunner(app, screenshots).run(parse(script))


def centre(app, name: str) -> str:
    """'x y' of the centre of the top screen's button called ``name``, for TAP lines."""
    x, y = app.top.button(name).rect.center
    return f"{x} {y}"


def record_text(app) -> list[str]:
    """Every string the app draws from now on (to check what a screen shows)."""
    drawn: list[str] = []
    render = app.fonts.render

    def spy(text, *args, **kwargs):
        drawn.append(text)
        return render(text, *args, **kwargs)

    app.fonts.render = spy
    return drawn
