"""The layers of docs/architecture.md, checked over every import that can run (a function's
too): the rules import no other layer and no device library; the hardware layer knows no game;
storage knows no game's rules (only the shared floor of companion/: sessions, randomness, the
registry of rules with its result schema, the records read through it, names)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEVICES = {"pygame", "gpiozero", "serial", "RPi", "lgpio", "sqlite3"}
STORAGE_MAY_USE = {"companion.games", "companion.records", "companion.session", "companion.rng",
                   "companion.rules", "companion.names", "companion.errors", "companion.packed",
                   "companion.bgstats",  # a finished game as a BG Stats play (shared, no game)
                   "companion"}  # the package alone: where its files are (storage/snapshots.py)


def imported(path: Path) -> set[str]:
    """The absolute names every import statement in ``path`` names (relative ones resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                found.add(".".join(base + ([node.module] if node.module else [])))
            else:
                found.add(node.module)
    return found


def top(name: str) -> str:
    return name.split(".")[0]


@pytest.mark.parametrize("layer, forbidden", [
    ("companion", {"ui", "hw", "storage"} | DEVICES),
    ("hw", {"companion", "ui", "storage", "pygame"}),
    ("storage", {"ui", "hw"} | DEVICES - {"sqlite3"}),
])
def test_a_layer_imports_nothing_above_or_beside_it(layer, forbidden):
    bad = {f"{p.relative_to(ROOT)}: {name}" for p in (ROOT / layer).rglob("*.py")
           for name in imported(p) if top(name) in forbidden}
    assert not bad, sorted(bad)


def test_storage_knows_no_games_rules():
    bad = {f"{p.relative_to(ROOT)}: {name}" for p in (ROOT / "storage").rglob("*.py")
           for name in imported(p)
           if top(name) == "companion" and name not in STORAGE_MAY_USE}
    assert not bad, sorted(bad)


def test_the_shared_floor_of_the_rules_imports_no_game():
    """companion/'s own modules (the contract, sessions, the registry, score entry…) serve
    every game and import none; the registry names games by import path only."""
    packages = {p.name for p in (ROOT / "companion").iterdir() if (p / "__init__.py").exists()}
    bad = {f"{p.relative_to(ROOT)}: {name}" for p in (ROOT / "companion").glob("*.py")
           for name in imported(p) if name.split(".")[:2][-1] in packages
           and name.startswith("companion.")}
    assert packages >= {"citadels", "troyes", "tiletum"} and not bad, sorted(bad)
