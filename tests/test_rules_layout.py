"""The rules stay in small modules (issue 35): no Python file under companion/ is longer than
MAX_LINES, so a module that grows past it is split by job (as Troyes' state, moves, view, game
and scoring are)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 450


def test_no_module_of_the_rules_is_longer_than_450_lines():
    sizes = {path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for path in (ROOT / "companion").rglob("*.py")}
    assert sizes, "no module found under companion/"
    too_long = {path: n for path, n in sorted(sizes.items()) if n > MAX_LINES}
    assert not too_long, f"over {MAX_LINES} lines (split them by job): {too_long}"
