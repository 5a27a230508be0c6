"""The Citadels screens navigate without import cycles (issue 14): no screen module imports
another inside a function to dodge a cycle, and the module graph of ui/screens/ has no cycle.
The navigator (ui/screens/citadels/navigator.py) is the one module that knows them all."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCREENS = ROOT / "ui" / "screens"


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def imports(path: Path, top_level: bool) -> set[str]:
    """The ui.screens modules ``path`` imports (at module level, or inside functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path).rsplit(".", 1)[0]
    nodes = tree.body if top_level else [n for f in ast.walk(tree)
                                         if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                                         for n in ast.walk(f)]
    found = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            target = ".".join(base + ([node.module] if node.module else []))
            if target.startswith("ui.screens"):
                found.add(target)
    return found


def test_the_citadels_screens_import_each_other_only_at_the_top():
    for path in sorted((SCREENS / "citadels").glob("*.py")):
        inside = {m for m in imports(path, top_level=False) if m.startswith("ui.screens.citadels")}
        assert not inside, f"{path.name} imports {inside} inside a function"


def test_no_cycle_among_the_screen_modules():
    graph = {module_name(p): {m for m in imports(p, top_level=True)}
             for p in SCREENS.rglob("*.py")}

    def visit(node, trail):
        assert node not in trail, " -> ".join(trail + [node])
        for nxt in graph.get(node, ()):
            visit(nxt, trail + [node])

    for node in graph:
        visit(node, [])
