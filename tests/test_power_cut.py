"""Pulling the plug: the app is killed (SIGKILL) at random moments of a draft and restarted.
Every decision it reported stored is still there, and it comes back on a public screen or a
gate, never on a private one."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import threading

import pytest

from companion.store import Store
from conftest import ROOT

SCRIPT = ROOT / "tests" / "scripts" / "draft4.txt"
SAFE_SCREENS = {"home", "gate", "draft-public", "language"}


def run_and_kill(data_dir, after: float) -> tuple[int, int | None]:
    """Run the scripted draft, SIGKILL it after ``after`` seconds unless it ended first;
    return the last decision number it reported stored, and its exit code (None if killed)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "COMPANION_HW": "mock"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "--headless", "--lang", "en", "--data-dir", str(data_dir),
         "--config", str(data_dir / "none.toml"), "--script", str(SCRIPT)],
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
        code = proc.wait(timeout=after)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        code = None
    reader.join()
    return max(stored, default=0), code


def test_the_whole_script_runs_without_a_kill(tmp_path):
    assert run_and_kill(tmp_path, 60) == (4, 0)
    (session,) = Store(tmp_path / "companion.sqlite3").unfinished()
    assert len(session.decisions) == 4


@pytest.mark.parametrize("seed", range(6))
def test_a_killed_draft_resumes_with_every_stored_decision_and_nothing_private(
        tmp_path, make_app, seed):
    after = random.Random(seed).uniform(0.4, 3.5)
    stored, _ = run_and_kill(tmp_path, after)
    store = Store(tmp_path / "companion.sqlite3")
    sessions = store.unfinished()
    store.close()
    if not sessions:  # killed before the draft started: nothing to keep
        assert stored == 0
        return
    (session,) = sessions
    assert len(session.decisions) >= stored
    app = make_app(data_dir=tmp_path, language=None)
    assert app.top.name in SAFE_SCREENS
    assert not {s.name for s in app.stack} & {"draft-private", "draft-confirm", "draft-own"}
    if app.top.name == "gate":
        assert app.top.seat == app.stack[-2].controller.public().turn.seat
