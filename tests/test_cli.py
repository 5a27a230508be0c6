"""The ``companion`` command: scripted tours, script errors, no display, clean stop on SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pygame
import pytest

from conftest import ROOT

TOUR = ROOT / "scripts" / "tour.txt"


def companion(*args, env_extra=None, data_dir, timeout=120):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "COMPANION_HW": "mock", **(env_extra or {})}
    return subprocess.run(
        [sys.executable, "-m", "ui.cli", "--config", str(data_dir / "none.toml"),
         "--data-dir", str(data_dir), *args],
        capture_output=True, text=True, timeout=timeout, env=env, cwd=ROOT)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_tour_visits_every_screen_and_saves_screenshots(tmp_path, language):
    shots = tmp_path / "shots"
    result = companion("--headless", "--lang", language, "--seed", "5", "--script", str(TOUR),
                       "--screenshots", str(shots), data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    for screen in ["home", "tiletum-setup", "tiletum-festivals", "tiletum-corruption",
                   "tiletum-board", "tiletum-take", "history", "settings", "hwtest", "about", "citadels-setup",
                   "citadels-picker", "citadels-gate", "citadels-private", "citadels-confirm",
                   "citadels-wipe", "citadels-public", "citadels-calling", "citadels-calling-2",
                   "citadels-own", "citadels-undo", "citadels-city", "score-city",
                   "score-questions", "score-characters", "troyes-setup", "troyes-citizens",
                   "troyes-income", "troyes-board"]:
        picture = pygame.image.load(str(shots / f"{screen}.png"))
        assert picture.get_size() == (800, 480)
        colours = {picture.get_at((x, y))[:3] for x in range(0, 800, 7) for y in range(0, 480, 7)}
        assert len(colours) > 5, f"{screen} looks blank"
    visited = [line.split()[-1] for line in result.stderr.splitlines() if "ui.app: screen" in line]
    assert {"home", "troyes-setup", "troyes-citizens", "troyes-board", "tiletum-setup",
            "tiletum-festivals", "tiletum-board", "tiletum-corruption", "tiletum-take", "history", "settings", "hwtest", "about",
            "citadels-setup", "citadels-picker", "gate", "draft-private", "draft-confirm",
            "wipe", "draft-public", "calling", "whoami", "own", "undo", "city", "score-city",
            "score-questions", "score-characters"} <= set(visited)


def test_first_start_script_answers_the_language_question(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("EXPECT language\nTAP 570 250\nEXPECT home\n")
    result = companion("--headless", "--script", str(script), data_dir=tmp_path)
    assert result.returncode == 0, result.stderr


def test_a_line_that_cannot_be_carried_out_fails_with_its_number(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("# comment\n\nOK\nEXPECT settings\n")
    result = companion("--headless", "--lang", "en", "--script", str(script), data_dir=tmp_path)
    assert result.returncode == 1
    assert "line 4" in result.stderr and "settings" in result.stderr


@pytest.mark.parametrize("line", ["JUMP", "TAP 10", "WAIT soon", "HOLD NOSE", "TAP x y"])
def test_a_line_that_is_not_a_command_is_refused_before_running(tmp_path, line):
    script = tmp_path / "s.txt"
    script.write_text(f"OK\n{line}\n")
    result = companion("--headless", "--script", str(script), data_dir=tmp_path)
    assert result.returncode == 2
    assert "line 2" in result.stderr
    assert "Traceback" not in result.stderr


def test_tap_outside_the_canvas_is_a_script_error(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("TAP 900 100\n")
    result = companion("--headless", "--lang", "en", "--script", str(script), data_dir=tmp_path)
    assert result.returncode == 1 and "line 1" in result.stderr


@pytest.mark.parametrize("driver", ["x11", None])
def test_no_display_gives_one_clear_message(tmp_path, driver):
    """Asked for X with no X, or left to SDL (which then draws into memory): one clear message."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(COMPANION_HW="mock")
    if driver:
        env["SDL_VIDEODRIVER"] = driver
    result = subprocess.run([sys.executable, "-m", "ui.cli", "--data-dir", str(tmp_path)],
                            capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
    assert result.returncode == 1
    assert "no display available" in result.stderr
    assert "--headless" in result.stderr and "kmsdrm" in result.stderr
    assert "Traceback" not in result.stderr


def test_headless_run_stops_cleanly_on_sigterm(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "COMPANION_HW": "mock"}
    proc = subprocess.Popen([sys.executable, "-m", "ui.cli", "--headless", "--lang", "en",
                             "--data-dir", str(tmp_path), "--config", str(tmp_path / "x.toml")],
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    deadline = time.monotonic() + 60
    for line in proc.stderr:
        if "screen home" in line or time.monotonic() > deadline:
            break
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 0
    assert "Traceback" not in proc.stderr.read()


def test_script_without_headless_is_refused(tmp_path):
    result = companion("--script", str(TOUR), data_dir=tmp_path)
    assert result.returncode == 2


def command_line(*args):
    return subprocess.run([sys.executable, "-m", "ui.cli", *args], capture_output=True,
                          text=True, timeout=60, cwd=ROOT)


def test_help_lists_the_commands_and_each_has_its_own_help():
    """Issue 14: `companion --help` names simulate, roll and score (argparse subcommands)."""
    top = command_line("--help")
    assert top.returncode == 0
    for command in ("simulate", "roll", "score"):
        assert command in top.stdout
        own = command_line(command, "--help")
        assert own.returncode == 0 and f"usage: companion {command}" in own.stdout
    assert "--town-hall" in command_line("roll", "troyes", "--help").stdout


def test_an_unknown_command_is_one_line_and_exit_2():
    result = command_line("shuffle")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "companion: argument COMMAND: invalid choice: 'shuffle' "
        "(choose from 'simulate', 'roll', 'score')"]
