"""Pulling the plug: a scripted whole Citadels game (drafts, callings, private entries, undos)
is killed with SIGKILL at random moments and restarted. Every decision it reported stored is
still there, in order, and it comes back on a public screen or a gate, never a private one."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import threading
import time

import pytest

from citadels_driver import Table, setup_lines, write_script
from storage.store import Store
from conftest import ROOT

SEED = 20261123
CHARACTERS = ["magistrate", "blackmailer", "magician", "emperor", "bishop", "merchant",
              "architect", "warlord", "queen"]
SAFE_SCREENS = {"home", "gate", "draft-public", "calling", "round-summary", "game-over",
                "language"}
PRIVATE_SCREENS = {"draft-private", "draft-confirm", "own", "secret-tokens"}


@pytest.fixture(scope="module")
def game_script(tmp_path_factory):
    """A whole 5-player game as script lines, recorded by playing it once on the device."""
    from dataclasses import replace

    from hw.clock import VirtualClock
    from ui.compose import build_app
    from ui.config import load_config

    folder = tmp_path_factory.mktemp("script")
    config = replace(load_config(folder / "none.toml"), data_dir=folder / "data", hold_time=0.2)
    app = build_app(config, headless=True, env={"COMPANION_HW": "mock"}, clock=VirtualClock())
    app.set_language("en")
    while app.top.name == "language":
        app.pop()
    app.seeds = iter(range(SEED, SEED + 100))
    lines = setup_lines(app, 5, "2016", CHARACTERS)
    table = Table(app, seed=5, complete_from=3, undo_rate=0.08)
    lines += table.play()
    decisions = app.top.controller.session.decisions
    app.close()
    assert table.undos > 0  # the recorded game takes steps back, too
    return write_script(folder / "game.txt", lines), decisions


def run_and_kill(data_dir, script, after: float | None) -> tuple[int, int | None, float]:
    """Run the script, SIGKILL it after ``after`` seconds unless it ended first; return the
    last decision number it reported stored, its exit code (None if killed), its run time."""
    (data_dir / "config.toml").write_text("hold_time = 0.3\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "COMPANION_HW": "mock"}
    started = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "--headless", "--lang", "en", "--seed", str(SEED),
         "--data-dir", str(data_dir), "--config", str(data_dir / "config.toml"),
         "--script", str(script)],
        stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    stored = []

    def read():
        for line in proc.stderr:
            match = re.search(r"decision (\d+) stored", line)
            if match:
                stored.append(int(match.group(1)))

    reader = threading.Thread(target=read)
    reader.start()
    try:
        code = proc.wait(timeout=after if after is not None else 300)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        code = None
    reader.join()
    return max(stored, default=0), code, time.monotonic() - started


def stored_decisions(data_dir):
    store = Store(data_dir / "companion.sqlite3")
    sessions = store.unfinished()
    store.close()
    return sessions


def run_to_end(data_dir, recorded) -> float:
    """The script run to its end once, uninterrupted: it stores exactly the recorded
    decisions; how long it takes."""
    script, decisions = recorded
    stored, code, seconds = run_and_kill(data_dir, script, None)
    assert code == 0
    (session,) = stored_decisions(data_dir)
    assert session.decisions == decisions and stored == len(decisions)
    return seconds


def kill_at_random(data_dir, recorded, full_seconds: float, seed: int):
    """Run the script and SIGKILL it at a seeded random moment; the session left (None if it
    was killed before the game started), after checking that every decision reported stored is
    there and nothing else crept in."""
    script, decisions = recorded
    after = random.Random(seed).uniform(0.5, full_seconds)
    stored, _, _ = run_and_kill(data_dir, script, after)
    sessions = stored_decisions(data_dir)
    if not sessions:  # killed before the game started: nothing to keep
        assert stored == 0
        return None
    (session,) = sessions
    assert len(session.decisions) >= stored  # nothing reported stored was lost
    assert session.decisions == decisions[:len(session.decisions)]  # and nothing else crept in
    return session


@pytest.fixture(scope="module")
def full_run(game_script, tmp_path_factory):
    return run_to_end(tmp_path_factory.mktemp("full"), game_script)


@pytest.mark.parametrize("attempt", range(8))
def test_a_killed_game_resumes_with_every_stored_decision_and_nothing_private(
        tmp_path, make_app, game_script, full_run, attempt):
    if kill_at_random(tmp_path, game_script, full_run, attempt) is None:
        return
    app = make_app(data_dir=tmp_path, language=None)
    assert app.top.name in SAFE_SCREENS
    assert not {s.name for s in app.stack} & PRIVATE_SCREENS
    if app.top.name == "gate":
        controller = app.stack[-2].controller
        assert app.top.seat == controller.draft_public().turn.seat


# --- Tiletum ----------------------------------------------------------------------------------

TILETUM_SAFE = {"home", "tiletum-board", "language"}


def tap(app, name: str, lines: list[str]) -> None:
    """Tap a button by name on the in-process app and record the same line for the script."""
    from conftest import play

    line = f"TAP @{name}"
    play(app, line)
    lines.append(line)


@pytest.fixture(scope="module")
def tiletum_script(tmp_path_factory):
    """Two rounds of a 3-player Tiletum game (dice turned for gold, a Joker's action, a bonus
    marker, a King action on the track, the king phase, festivals) as script lines, recorded by
    playing it once."""
    from dataclasses import replace

    from hw.clock import VirtualClock
    from ui.compose import build_app
    from ui.config import load_config

    folder = tmp_path_factory.mktemp("tiletum")
    config = replace(load_config(folder / "none.toml"), data_dir=folder / "data", hold_time=0.2)
    app = build_app(config, headless=True, env={"COMPANION_HW": "mock"}, clock=VirtualClock())
    app.set_language("en")
    while app.top.name == "language":
        app.pop()
    app.seeds = iter(range(SEED, SEED + 100))
    lines: list[str] = []
    for name in ("tiletum", "next", "start", "skip", "begin"):  # (skip: the set-up guide)
        tap(app, name, lines)
    controller = app.top.controller
    for round_number in (1, 2):
        for _ in range(3):
            tap(app, "reveal", lines)
            tap(app, "ok", lines)
            for turn in range(3):
                wedge = next(b.name for b in app.top.buttons if b.name.startswith("wedge"))
                tap(app, wedge, lines)
                if turn == 1:
                    while app.top.gold < 2:  # the table says the gold the turn costs
                        tap(app, "gold-more", lines)
                    tap(app, "pip-up", lines)
                if app.top.button("joker-King").visible:
                    tap(app, "joker-King", lines)
                tap(app, "take", lines)
        if round_number == 1:
            for name in ("building", "action-Merchant", "value3", "confirm"):
                tap(app, name, lines)
        for name in ("king", "steps-more", "steps-more", "confirm"):  # a King action: 3 AP
            tap(app, name, lines)
        tap(app, "king-phase", lines)  # scored; the new turn order from the king track
        sits_out = ("not-there",) if round_number > 1 else ()  # everyone is at the first
        for name in ("confirm", "festival", "count-more", "confirm", *sits_out, "confirm",
                     "count-more", "count-more", "confirm"):
            tap(app, name, lines)
    decisions = controller.session.decisions
    app.close()
    # begin, 2 x (3 reveals + 9 takes + a King move + the king phase + 3 festival entries), the
    # marker, and the gold the table stated before turning a die
    assert controller.view().round == 3 and len(decisions) == 1 + 2 * (3 + 9 + 2 + 3) + 1 + sum(
        d["type"] == "gold" for d in decisions)
    return write_script(folder / "tiletum.txt", lines), decisions


@pytest.fixture(scope="module")
def tiletum_full_run(tiletum_script, tmp_path_factory):
    return run_to_end(tmp_path_factory.mktemp("tiletum-full"), tiletum_script)


@pytest.mark.parametrize("attempt", range(5))
def test_a_killed_tiletum_game_resumes_with_every_stored_decision(
        tmp_path, make_app, tiletum_script, tiletum_full_run, attempt):
    session = kill_at_random(tmp_path, tiletum_script, tiletum_full_run, 100 + attempt)
    if session is None:
        return
    app = make_app(data_dir=tmp_path, language=None)
    assert app.top.name in TILETUM_SAFE
    if app.top.name == "tiletum-board":
        from companion.session import Session
        from companion.tiletum.game import TiletumRules, view

        expected = Session(session.game, session.config, session.seed,
                           session.decisions).replay(TiletumRules())
        assert app.top.controller.view() == view(expected)  # exactly where it was
