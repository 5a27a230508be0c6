"""Issue 39, first taps on home: the screens whose first frame cost most (Settings, Citadels'
setup) are rehearsed while nobody waits (ui/prepare.py), in the language shown; a rehearsal
changes nothing; and the idle work imports a module at a time, its imports first.
Instruction counts are a benchmark (bench/bench_taps.py); here: what is drawn and imported."""

from __future__ import annotations

import pytest

from conftest import play, run_fresh
from test_rehearsals import texts_drawn_by


@pytest.mark.parametrize("language", ["en", "ko"])
def test_settings_and_the_citadels_setup_draw_no_new_text_after_the_idle_work(make_app,
                                                                              language):
    app = make_app(language=language)
    app.render()
    app.finish_idle_work()
    for button in ("settings", "citadels"):
        assert texts_drawn_by(app, lambda: play(app, f"TAP @{button}")) == 0, button
        app.pop_to("home")


def test_without_the_rehearsals_settings_draws_its_labels(make_app, monkeypatch):
    """The test above can fail: not rehearsed, Settings draws its texts on its first frame."""
    from ui.screens.settings import SettingsScreen

    monkeypatch.setattr(SettingsScreen, "rehearsed", False)
    app = make_app(language="en")
    app.render()
    app.finish_idle_work()
    assert texts_drawn_by(app, lambda: play(app, "TAP @settings")) > 10


def test_a_rehearsal_draws_no_seed(make_app):
    """A scripted run's seeds are its games': the Citadels setup's random preset, made for a
    rehearsal, draws its set from a seed of its own."""
    from ui.screens.citadels.setup import CitadelsSetupScreen

    app = make_app(language="en")
    app.store.set_setting("setup.citadels", {"preset": "random"})
    app.seeds = iter([11, 12])
    screen = CitadelsSetupScreen.rehearsal(app)
    assert screen.preset == "random" and next(app.seeds) == 11


def test_each_idle_import_imports_a_module_whose_imports_are_done():
    """The idle work imported a game's engine's first module with its 11-12 siblings in one
    task (16 ms here); now each task imports one module after its own imports (a few come
    together: a cycle of imports, a module importing while it runs). In a fresh interpreter:
    this one has imported everything already."""
    code = ("import sys, tempfile\nfrom dataclasses import replace\nfrom pathlib import Path\n"
            "from ui import prepare\nfrom ui.compose import build_app\n"
            "from ui.config import load_config\nd = Path(tempfile.mkdtemp())\n"
            "c = replace(load_config(d / 'x.toml'), data_dir=d, language='en')\n"
            "app = build_app(c, headless=True, env={'COMPANION_HW': 'mock'})\n"
            "app.render()\nmost, imports = 0, 0\nwhile app.idle:\n"
            "    task, before = app.idle.tasks[0], len(sys.modules)\n"
            "    app.idle.run_one()\n"
            "    if getattr(task, 'func', None) is prepare._import:\n"
            "        imports += 1\n"
            "        most = max(most, len(sys.modules) - before)\n"
            "print(most, imports)\n")
    most, imports = map(int, run_fresh(code).split())
    assert imports > 100 and most <= 5, (most, imports)
