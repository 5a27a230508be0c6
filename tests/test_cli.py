"""The ``companion`` command: scripted tours, script errors, no display, clean stop on SIGTERM,
and untrusted input answered with one line and exit code 2 (tests/test_cli_fuzz.py fuzzes it)."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from child_log import ChildLog
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
                   "troyes-placement", "troyes-income", "troyes-table", "troyes-board"]:
        picture = pygame.image.load(str(shots / f"{screen}.png"))
        assert picture.get_size() == (800, 480)
        colours = {picture.get_at((x, y))[:3] for x in range(0, 800, 7) for y in range(0, 480, 7)}
        assert len(colours) > 5, f"{screen} looks blank"
    visited = [line.split()[-1] for line in result.stderr.splitlines() if "ui.app: screen" in line]
    assert {"home", "troyes-setup", "troyes-citizens", "troyes-board", "troyes-table",
            "troyes-adjust", "tiletum-setup",
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
    """SIGTERM ends the loop's sleep at once (no timer wakes an idle loop: the signal does)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "COMPANION_HW": "mock"}
    proc = subprocess.Popen([sys.executable, "-m", "ui.cli", "--headless", "--lang", "en",
                             "--data-dir", str(tmp_path), "--config", str(tmp_path / "x.toml")],
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    said = ChildLog(proc.stderr)
    assert said.wait_for("ready: first frame shown")
    time.sleep(1.0)  # asleep by now
    t0 = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 0
    assert time.monotonic() - t0 < 3.0
    assert "Traceback" not in said.rest()


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
        "(choose from 'simulate', 'roll', 'score', 'export', 'import', 'verify')"]


# --- untrusted input never raises (issue 15): one line on stderr, exit code 2 -----------------

@pytest.fixture
def cli(monkeypatch, capsys):
    """``main(argv)`` in this process, ``stdin`` (bytes) as its standard input: the exit code
    and stderr, which must be one line when the code is 2."""
    from ui.cli import main

    def run(*argv, stdin: bytes = b"") -> tuple[int, str]:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        code = main(list(argv))
        err = capsys.readouterr().err
        if code == 2:
            assert len(err.splitlines()) == 1 and err.endswith("\n"), err
        return code, err

    return run


def players(game: str, **first) -> bytes:
    """Two players' input for ``game`` as JSON, the first with ``first``'s fields (Troyes: the
    2-player game's four character cards)."""
    base = {"name": "Mina", "city": ["manor"]} if game == "citadels" else {"name": "Mina"}
    other = {"name": "Joon", "city": []} if game == "citadels" else {"name": "Joon"}
    if game == "troyes":
        base, other = ({**p, "character_points": [0] * 4} for p in (base, other))
    return json.dumps({"edition": "2016", "players": [{**base, **first}, other]}).encode()


COUNT = {"citadels": "gold", "troyes": "tokens", "tiletum": "vp"}


@pytest.mark.parametrize("game", ["citadels", "troyes", "tiletum"])
def test_score_json_nested_100000_deep(cli, game):
    code, err = cli("score", game, "-", stdin=b"[" * 100_000 + b"]" * 100_000)
    assert code == 2 and "nested too deeply" in err


@pytest.mark.parametrize("game", ["citadels", "troyes", "tiletum"])
def test_score_a_list_where_a_number_belongs(cli, game):
    code, err = cli("score", game, "-", stdin=players(game, **{COUNT[game]: [1]}))
    assert code == 2 and f"'{COUNT[game]}' has the wrong type" in err


@pytest.mark.parametrize("game", ["citadels", "troyes", "tiletum"])
def test_score_a_4301_digit_integer(cli, game):
    text = players(game, **{COUNT[game]: 7}).replace(b": 7", b": " + b"9" * 4301)
    code, err = cli("score", game, "-", stdin=text)
    assert code == 2 and "4301 digits" in err and "too big" in err


def test_score_numbers_stop_at_a_million(cli):
    code, _ = cli("score", "tiletum", "-",
                  stdin=players("tiletum", vp=10**6))
    assert code == 0
    code, err = cli("score", "troyes", "-", stdin=players("troyes", character_points=[-10**6 - 1]))
    assert code == 2 and "number -1000001 is too big" in err and "1000000" in err


def test_score_file_not_utf8(cli, tmp_path):
    path = tmp_path / "cities.json"
    path.write_bytes(b'{"players": "\xff"}')
    assert cli("score", "troyes", str(path)) == (
        2, f"companion score: {path}: not UTF-8 text (invalid start byte at byte 13)\n")
    code, err = cli("score", "troyes", "-", stdin=b"\xfe")
    assert code == 2 and "standard input: not UTF-8" in err


def test_score_missing_or_unreadable_file(cli, tmp_path):
    assert cli("score", "tiletum", str(tmp_path / "nope.json")) == (
        2, f"companion score: cannot read {tmp_path / 'nope.json'}: No such file or directory\n")
    code, err = cli("score", "tiletum", str(tmp_path))
    assert code == 2 and "Is a directory" in err
    code, err = cli("score", "tiletum", "a\x00b")
    assert code == 2 and "cannot read" in err


def test_score_input_bigger_than_a_megabyte(cli):
    code, err = cli("score", "citadels", "/dev/zero")
    assert code == 2 and "too big for a score input" in err


@pytest.mark.parametrize("game, text", [
    ("troyes", b'{"players": {"Mina": {}}}'),
    ("tiletum", b'{"players": [{"name": "A", "resources": ["iron"]}, {"name": "B"}]}'),
    ("troyes", b'{"players": [{"name": "A", "cathedral_levels": {"1": 1}}, {"name": "B"}]}'),
    ("troyes", b'{"players": [{"name": "A", "cathedral_levels": [[1]]}, {"name": "B"}]}'),
    ("citadels", b'{"edition": "2016", "players": [{"name": "A", "city": {"manor": 1}}]}'),
    ("citadels", b'{"edition": ["2016"], "players": []}'),
])
def test_score_an_object_where_a_list_belongs_and_the_like(cli, game, text):
    code, err = cli("score", game, "-", stdin=text)
    assert code == 2 and "Traceback" not in err


@pytest.mark.parametrize("game", ["citadels", "troyes", "tiletum"])
@pytest.mark.parametrize("name, reason", [("\u200b", "control, zero-width"),
                                          ("\u0301", "only spaces or combining marks"),
                                          ("a\x00b", "control"), ("x" * 25, "more than 24")])
def test_score_names_that_cannot_be_drawn(cli, game, name, reason):
    code, err = cli("score", game, "-", stdin=players(game, name=name))
    assert code == 2
    assert err.startswith(f"companion score: player 1: the name cannot be drawn ({reason}")


def test_score_message_with_a_line_separator_in_a_name_stays_one_line(cli):
    code, err = cli("score", "troyes", "-", stdin=players("troyes", name="Mi\u2028na", tokens=-1))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "player 1: the name cannot be drawn (control" in err


def test_score_reads_a_text_only_stdin(cli, monkeypatch, capsys):
    from ui.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(players("troyes").decode()))
    assert main(["score", "troyes", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winners"] == ["Mina", "Joon"]


@pytest.mark.parametrize("option, value", [("--town-hall", "10000000,1"),
                                           ("--neutral", "10000000,1,1"), ("--black", "10000000")])
def test_roll_troyes_with_a_huge_count_is_refused_quickly(cli, option, value):
    """Before: 10,000,000 dice took 39 s and 3.2 GB; every count is bounded by the game's."""
    argv = {"--town-hall": "1,1", "--bishopric": "1,1", "--palace": "1,1", "--seed": "7",
            option: value}
    start = time.monotonic()
    code, err = cli("roll", "troyes", *[word for pair in argv.items() for word in pair])
    assert time.monotonic() - start < 10  # refused at once, not 39 s of dice
    bound = "6" if option == "--black" else "12"  # the box's black dice; a player's citizens
    assert code == 2 and "10000000" in err and bound in err


def test_roll_troyes_at_the_limits_still_rolls(cli):
    code, _ = cli("roll", "troyes", "--town-hall", "12,0", "--bishopric", "0,12", "--palace",
                  "0,0", "--neutral", "12,12,12", "--black", "6", "--seed", "1")
    assert code == 0


@pytest.mark.parametrize("players_", ["1", "9", "99999999999", "-1", "x"])
def test_simulate_players_outside_2_to_8(cli, players_):
    """--players 1 with random characters searched for a legal set for ever."""
    code, err = cli("simulate", "citadels-draft", "--edition", "2016", "--players", players_,
                    "--characters", "random", "--seed", "1")
    assert code == 2 and "from 2 to 8" in err


def test_log_level_nope(cli):
    assert cli("--log-level", "NOPE", "--headless") == (
        2, "companion: argument --log-level: 'NOPE': choose DEBUG, INFO, WARNING, ERROR\n")


def test_log_level_in_any_case():
    from ui.cli import build_parser

    assert build_parser().parse_args(["--log-level", "debug"]).log_level == "DEBUG"
    assert build_parser().parse_args([]).log_level is None  # then COMPANION_LOG, else INFO


def test_already_running(cli, monkeypatch, tmp_path):
    from storage.lock import AlreadyRunning

    def app(*args, **kwargs):
        raise AlreadyRunning(Path("/x"), 123)

    monkeypatch.setattr("ui.compose.build_app", app)
    code, err = cli("--headless", "--config", str(tmp_path / "none.toml"),
                    "--data-dir", str(tmp_path))
    assert code == 2
    assert err.startswith("companion: another companion is already running on /x (pid 123)")


def test_script_not_utf8(cli, tmp_path):
    script = tmp_path / "s.txt"
    script.write_bytes(b"OK\n\xff\n")
    assert cli("--headless", "--script", str(script)) == (
        2, f"companion: {script}: not UTF-8 text (invalid start byte at byte 3)\n")
