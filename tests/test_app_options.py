"""The app's own options are read without argparse (ui/app_options.py, issue 19: start-up),
and whatever that parser accepts, argparse reads the same way; anything else goes to argparse."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ui.app_options import parse_app_options
from ui.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent

VALUES = ["/etc/companion/config.toml", "x.toml", "", "5", "-3", "+7", "1_000", "٣", "ko", "en",
          "fr", "debug", "Info", "nope", "-", "--headless", "a=b", "한글 이름"]
WORDS = ["--config", "--headless", "--script", "--screenshots", "--data-dir", "--seed",
         "--lang", "--log-level", "--conf", "--head", "-h", "--help", "simulate", "roll",
         "--bogus", "--", "x"]


def as_dict(args) -> dict:
    return {key: value for key, value in vars(args).items() if key != "run"}


@st.composite
def command_lines(draw) -> list[str]:
    words = []
    for _ in range(draw(st.integers(0, 6))):
        word = draw(st.sampled_from(WORDS))
        if draw(st.booleans()):
            word = f"{word}={draw(st.sampled_from(VALUES))}"
        words.append(word)
        if draw(st.booleans()):
            words.append(draw(st.sampled_from(VALUES)))
    return words


@given(command_lines())
def test_what_the_app_parser_accepts_argparse_reads_the_same(argv):
    ours = parse_app_options(argv)
    if ours is None:
        return
    assert as_dict(build_parser().parse_args(argv)) == vars(ours)


def test_the_kiosk_line_and_every_option_in_both_spellings():
    argv = ["--config", "/etc/companion/config.toml", "--headless", "--script=s.txt",
            "--screenshots", "shots", "--data-dir=/var/lib/companion", "--seed", "12",
            "--lang=ko", "--log-level", "warning"]
    ours = parse_app_options(argv)
    assert vars(ours) == as_dict(build_parser().parse_args(argv))
    assert (ours.config, ours.seed, ours.lang, ours.log_level, ours.headless) == (
        Path("/etc/companion/config.toml"), 12, "ko", "WARNING", True)
    assert vars(parse_app_options([])) == as_dict(build_parser().parse_args([]))


@pytest.mark.parametrize("argv", [
    ["--help"], ["-h"], ["simulate"], ["roll", "troyes"], ["--conf", "x.toml"], ["--bogus"],
    ["--seed", "x"], ["--lang", "fr"], ["--log-level", "nope"], ["--headless=yes"],
    ["--config"], ["--seed", "-3"], ["--", "--headless"], ["x"],
])
def test_anything_else_is_left_to_argparse(argv):
    """A command, help, an abbreviation, an unknown word, a refused value or one argparse may
    read as an option: the app's parser gives up, so argparse's help and messages are said."""
    assert parse_app_options(argv) is None


def test_the_app_starts_without_importing_argparse(tmp_path):
    """The whole start of the app, first frame included (a script of nothing, then exit)."""
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    code = ("import sys, ui.cli\n"
            f"code = ui.cli.main(['--headless', '--script', {str(empty)!r}, '--data-dir', "
            f"{str(tmp_path)!r}, '--config', {str(tmp_path / 'none.toml')!r}, '--lang', 'en'])\n"
            "print(code, 'argparse' in sys.modules, 'gettext' in sys.modules)\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "COMPANION_HW": "keyboard"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=60, check=True).stdout.split()
    assert out == ["0", "False", "False"]
