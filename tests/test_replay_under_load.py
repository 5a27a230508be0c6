"""A script replays identically on a busy machine (issue 33): its holds and waits move the
app's virtual clock, so no load can turn a tap into a hold or reorder what a script did."""

from __future__ import annotations

import subprocess
import sys

import pytest

from citadels_driver import Table, setup_lines
from conftest import play

REPLAYS = 20
SEEDS = range(71, 171)


@pytest.fixture
def busy_cores():
    """Two processes keeping both cores of the test machine busy."""
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    yield
    for loop in loops:
        loop.kill()
        loop.wait()


def record(app) -> list[str]:
    """A 5-player round (draft with holds at the gates, the calling, some waiting) as lines."""
    app.seeds = iter(SEEDS)
    lines = setup_lines(app, 5)
    table = Table(app, seed=9, complete_from=99)
    table.play(until="round-summary")
    return lines + table.lines


def decisions_of(app) -> list:
    controller = next(s.controller for s in app.stack if hasattr(s, "controller"))
    return list(controller.session.decisions)


def test_a_script_replays_the_same_decisions_20_times_under_load(make_app, tmp_path,
                                                                  busy_cores):
    recorder = make_app(data_dir=tmp_path / "recorded")
    lines = record(recorder)
    lines = [line for pair in zip(lines, ["WAIT 0.3"] * len(lines)) for line in pair]
    expected = decisions_of(recorder)
    assert any(line.startswith("HOLD") for line in lines) and len(expected) > 10
    for n in range(REPLAYS):
        app = make_app(data_dir=tmp_path / f"replay{n}")
        app.seeds = iter(SEEDS)
        play(app, "\n".join(lines))
        assert decisions_of(app) == expected, f"replay {n} diverged"
        app.close()
