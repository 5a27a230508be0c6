"""ui/ has no import cycle (issues 14 and 35): no Citadels screen imports another inside a
function, the module graph of ui/screens/ has no cycle, nor has the graph of every ui module
counting the imports inside functions; and every import inside a function says why. A game's
screens move through their navigator (ui/screens/citadels/navigator.py, tiletum/navigator.py),
which is given to them, so no screen imports the screens it opens."""

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


# --- the whole of ui/ -------------------------------------------------------------------------
UI = ROOT / "ui"

# Cycles still in ui/ (each a sorted tuple of its modules); the test fails when one is left
# out of here or one listed is gone.
KNOWN_CYCLES: set[tuple[str, ...]] = set()

def ui_module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


UI_MODULES = {ui_module_name(p): p for p in sorted(UI.rglob("*.py"))}


def type_checking_nodes(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:``: imports for annotations only, never run."""
    return {id(n) for block in ast.walk(tree)
            if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
            for n in ast.walk(block)}


def known_module(name: str) -> str | None:
    """The ui module ``name`` is, or is inside of (``ui.screens.gate.hide_private``)."""
    while name and name not in UI_MODULES:
        name = name.rpartition(".")[0]
    return name or None


def ui_imports(module: str) -> set[str]:
    """Every ui module ``module`` imports when it runs: at module level or inside a function,
    absolute or relative (``from . import registry`` names the module ui.registry)."""
    path = UI_MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    skip = type_checking_nodes(tree)
    found = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found |= {known_module(a.name) for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            for alias in node.names:
                full = f"{target}.{alias.name}"
                found.add(full if full in UI_MODULES else known_module(target))
    return found - {None, module}


def cycles(graph: dict[str, set[str]]) -> set[tuple[str, ...]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while not component or component[-1] != node:
                component.append(stack.pop())
            if len(component) > 1:
                found.add(tuple(sorted(component)))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_the_ui_import_graph_has_no_cycle():
    """Every import that runs counts, in a function too: a cycle dodged by importing late is
    still a cycle."""
    graph = {module: ui_imports(module) for module in UI_MODULES}
    assert cycles(graph) == KNOWN_CYCLES


def test_the_cycle_finder_finds_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == {("a", "b", "c")}


def test_every_import_inside_a_function_says_why():
    """An import inside a function has a reason on its line or the line before (``# deferred:
    start-up time``, ``# deferred: optional dependency``...), since it is never there to dodge
    a cycle (the test above)."""
    missing = []
    for path in UI_MODULES.values():
        name = str(path.relative_to(ROOT))
        lines = path.read_text(encoding="utf-8").splitlines()
        for function in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    line, before = lines[node.lineno - 1], lines[node.lineno - 2].strip()
                    if "#" not in line and not before.startswith("#"):
                        missing.append(f"{name}:{node.lineno}: {line.strip()}")
    assert not missing, "\n".join(sorted(set(missing)))
