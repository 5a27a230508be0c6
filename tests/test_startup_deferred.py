"""What start-up leaves until after the first frame (issue 39: start-up to the first frame
within 1.2x a minimal pygame-ce program), and that each still comes when it is needed."""

from __future__ import annotations

import json
import sys

import pytest

from conftest import ROOT, run_fresh
from storage import aggregates
from storage.store import Store, _json, _setting

sys.path.insert(0, str(ROOT / "bench"))
try:
    from bench_startup import FIRST_FRAME_ONLY
finally:
    sys.path.remove(str(ROOT / "bench"))

NOT_BEFORE_THE_FIRST_FRAME = (
    "sqlite3", "datetime", "storage.aggregates", "storage.json_stream", "ui.first_frame",
    "ui.commands", "ui.commands.text_io", "ui.screens.kept_list", "ui.screens.listing",
    "ui.screens.ask", "ui.screens.name_lists", "companion.errors", "argparse")


def test_the_command_line_start_imports_nothing_for_later(tmp_path):
    """Through ``companion`` as the kiosk starts (bench_startup's program, which ends at the
    first frame), on a data folder a first start made: none of what comes later, garbage
    collection still off, and no trigger made on the store's connection."""
    data = str(tmp_path)
    code = FIRST_FRAME_ONLY.replace("    os._exit(0)", (
        "    import gc\n"
        "    triggers = app.store._connection.execute(\"SELECT COUNT(*) FROM\"\n"
        "        \" sqlite_temp_master WHERE type = 'trigger'\").fetchone()[0]\n"
        "    print(gc.isenabled(), triggers, *sys.modules, flush=True)\n"
        "    os._exit(0)"))
    assert code != FIRST_FRAME_ONLY
    args = ["keyboard", "--headless", "--data-dir", data, "--config", data + "/none.toml"]
    run_fresh(f"import sys\nsys.argv[1:] = {args + ['--lang', 'en']!r}\n" + code)  # the first
    out = run_fresh(f"import sys\nsys.argv[1:] = {args!r}\n" + code).split()
    assert out[:2] == ["False", "0"], out[:2]
    for module in NOT_BEFORE_THE_FIRST_FRAME:
        assert module not in out[2:], module


def test_the_sums_are_kept_from_the_idle_work_after_the_first_frame(make_app):
    app = make_app()  # (its language is stored: a write, which makes them first)
    fresh = Store(app.store.path)
    count = ("SELECT COUNT(*) FROM sqlite_temp_master WHERE type = 'trigger'")
    try:
        assert fresh._connection.execute(count).fetchone()[0] == 0
        fresh.set_setting("sound", True)  # a write makes the triggers first
        assert fresh._connection.execute(count).fetchone()[0] == len(aggregates.TRIGGERS) == 16
    finally:
        fresh.close()
    from ui.first_frame import after_first_frame

    app.store._connection.execute("DROP TRIGGER temp.stats_players_insert")
    app.store._summing = False
    after_first_frame(app)
    app.finish_idle_work()
    assert app.store._connection.execute(count).fetchone()[0] == len(aggregates.TRIGGERS) == 16


@pytest.mark.parametrize("value", ["en", "ko", "", "a b/c", "é", "a\"b", "a\\b", "\x01", 0, 90,
                                   270, -5, 15, 30.0, 0.5, 1e300, True, False, None, [1],
                                   {"a": 1}])
def test_a_setting_reads_as_json_reads_it(value):
    text = json.dumps(value)
    assert _setting(text) == _json(text) and type(_setting(text)) is type(_json(text))


@pytest.mark.parametrize("text", ['"', '""', "00", "01", '"abc', 'abc"', " 1", "1 ", "tru",
                                  "NaN", "1e999", '"a\\"', '"\\u0041"', "\udcff", '"\udcff"',
                                  "[", "٣"])
def test_a_damaged_setting_fails_as_json_fails(text):
    def outcome(read):
        try:
            return "value", read(text)
        except (ValueError, RecursionError) as exc:
            return "error", type(exc)

    assert outcome(_setting) == outcome(_json)
