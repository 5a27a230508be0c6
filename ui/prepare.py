"""What the screens draw, made ready while nobody waits (``App.when_idle``), so that no frame
is the first to open a font, draw a syllable or build a die face.

At start-up and after a change of language (the home screen asks: ``prepare``), in small idle
tasks: first every module a home button's tap imports, one a task, each after the modules it
imports (a tap that imports costs 0.2-0.3 s here: the most a tap can cost); then, in Korean,
each syllable of the messages at the sizes most text is drawn at (ui/glyphs.py), and the pieces
of the players' names (the roster's and the kept games'); every font the screens draw with,
opened, with its Latin letters, digits and signs drawn once (SDL_ttf keeps those); then each
game's own pictures and texts (its registry entry's ``prepare``: die faces, the Tiletum
wheel's labels, Citadels' district names); last, the screens whose first frame costs most
(Settings, Citadels' setup) rehearsed in small parts.
Each task takes about a millisecond here (a module that makes many dataclasses, up to ~10 ms);
the whole takes ~0.2 s of idle time in English, ~0.5 s in Korean.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from importlib import import_module, resources
from weakref import WeakKeyDictionary

from companion import games as rules_registry

from . import registry
from .glyphs import splitters, syllables

Task = Callable[[], None]

FONTS = ((18, False), (18, True), (19, False), (20, False), (20, True), (21, False),
         (22, False), (22, True), (23, False), (24, False), (24, True), (25, False), (26, False),
         (34, False), (34, True), (40, True), (42, False), (42, True), (44, True), (56, True),
         (96, True))
"""(size, bold) of every font the screens draw or measure with (``tests/test_cold_frames.py``
tours the screens and finds none missing): nothing under ``theme.SMALL_SIZE``, 18 px, the
smallest a player reads across the table (issue 37); 23 px too, which ``fit_size`` tries
(Settings' labels: each size from 26 px down)."""

SYLLABLE_FONTS = tuple((size, False) for size in (*range(18, 27), 34)) \
    + ((18, True), (20, True), (22, True), (34, True))
"""The sizes Korean text is drawn or measured at (``fit_size`` tries the smaller ones)."""

SIGNS = "·–—…×÷→←↑↓◀▶▲▼★✓"
LATIN = "".join(chr(c) for c in range(33, 127)) + SIGNS
DIGITS_AND_SIGNS = " 0123456789.,:;!?()[]/*+-%~'\"" + SIGNS  # pieces of Korean lines too
PER_TASK = 24  # characters drawn by one task
WHITE = (255, 255, 255)

_prepared: WeakKeyDictionary = WeakKeyDictionary()  # app -> the language prepared for


def prepare(app) -> None:
    """Queue what the screens will need in the app's language (once per language)."""
    if _prepared.get(app) == app.language:
        return
    _prepared[app] = app.language
    for task in tasks(app):
        app.when_idle(task)


def tasks(app) -> list[Task]:
    """The idle tasks of ``prepare``, in order: first what would make a first tap slowest,
    the patterns that split a line with Hangul (Settings' 한국어) and the imports a tap would
    do (each module a task, queued first by the task that lists them: ~0.2 s here, the
    syllables after them ~0.4 s more in Korean); then the Korean syllables before the Latin
    letters (drawing a syllable takes the SDL_ttf slot of a letter whose glyph number ends
    alike); the games' come from a task per game; the rehearsals last. In English only the
    language screen's Korean."""
    messages = app.catalog.messages
    out = [splitters, partial(_queue_imports, app, app.top)]
    out += syllable_tasks(app.fonts, messages.values() if app.language == "ko" else
                          [text for key, text in messages.items() if key.startswith("lang.")])
    if app.language == "ko":
        out.append(partial(_queue_names, app))
    return out + font_tasks(app.fonts) + [partial(_queue_game, app, entry)
                                          for entry in registry.games() if entry.prepare]


TAP_MODULES = ("ui.screens.settings", "ui.screens.kept_list")
"""Modules a home button's tap imports that no game names (Settings, the kept games' list)."""


def tap_modules() -> list[str]:
    """The modules the home buttons' taps import: each game's engine and screen packages,
    every module its registry entry names, and ``TAP_MODULES``; in the order imported."""
    from pkgutil import iter_modules  # deferred: start-up time (only idle work lists them)

    names: list[str] = []
    for entry in registry.games():
        game = entry.game or rules_registry.game(entry.id)
        named = [entry.setup, *entry.openers.values(), entry.results, entry.history_rounds,
                 entry.score_later, *entry.settings, *(game.sessions.values() if game else ())]
        for package in sorted({path.split(":")[0].rsplit(".", 1)[0] for path in named if path}):
            spec = _spec(package)
            names += [f"{package}.{m.name}" for m in iter_modules(
                spec.submodule_search_locations or ())] if spec else []
        names += [path.split(":")[0] for path in named if path]
    return list(dict.fromkeys(names + list(TAP_MODULES)))


def _queue_imports(app, home) -> None:
    """Queue an import of each of ``tap_modules()`` before every task waiting (one a task: a
    first tap imports nothing; listing them is this task), and the rehearsals of the screens
    ``home``'s buttons open after them all."""
    seen: dict[str, list] = {}
    app.idle.add_first([partial(_import, app, name, seen) for name in tap_modules()])
    app.when_idle(partial(_queue_rehearsals, app, home))


EXPANSIONS = 4  # times a module's imports are looked for before it is imported as it is


def _import(app, name: str, seen: dict[str, list]) -> None:
    """(A task) import ``name`` once the modules its own code imports are imported: those
    missing are queued first, each a task of its own, then ``name`` again (a cycle of
    imports, or a module whose imports cannot be read, is imported whole after a few
    turns). So no task imports a game's engine at once (~15 ms here, ~0.1 s on a Pi 3).
    ``seen``: each module's turns and its imports (read once)."""
    if name in sys.modules:
        return
    turns = seen.setdefault(name, [0, None])
    missing: list[str] = []
    if turns[0] < EXPANSIONS:
        turns[0] += 1
        missing = imports_of(name, turns)
    if missing:
        app.idle.add_first([partial(_import, app, m, seen) for m in missing]
                           + [partial(_import, app, name, seen)])
    else:
        import_module(name)


def imports_of(name: str, turns: list | None = None) -> list[str]:
    """The modules not yet imported that importing ``name`` would import first: its parent
    package, else those its top-level code imports (``import``, ``from``: the first missing
    package on the way to each, a ``from`` import's submodules too), in the order it runs
    them. Read from its compiled code (where none is cached, as where bytecode is not
    written, its source is compiled twice), kept in ``turns[1]`` when given."""
    parent = name.rpartition(".")[0]
    if parent and parent not in sys.modules:
        return [parent]
    imported = turns[1] if turns is not None and turns[1] is not None else _imported(name)
    if turns is not None:
        turns[1] = imported
    found: list[str] = []
    for base, subs in imported:
        for wanted in [base, *(subs if hasattr(sys.modules.get(base), "__path__") else ())]:
            first = _first_missing(wanted) if wanted != name else None
            if first and first not in found:
                found.append(first)
    return found


def _imported(name: str) -> list[tuple[str, list[str]]]:
    """What each import statement at the top of ``name`` (its parent imported) names: the
    module, and the names a ``from`` import takes from it (submodules, if it is a package)."""
    from importlib.util import resolve_name  # deferred: start-up time (only idle work)

    spec = _spec(name)
    code = spec.loader.get_code(name) if spec and hasattr(spec.loader, "get_code") else None
    if code is None:  # (a built-in or extension module)
        return []
    package = name if spec.submodule_search_locations is not None else name.rpartition(".")[0]
    found = []
    for module, level, fromlist in _import_statements(code):
        try:
            base = resolve_name("." * level + module, package) if level else module
        except ImportError:
            continue
        found.append((base, [f"{base}.{f}" for f in fromlist or () if f != "*"]))
    return found


def _first_missing(name: str) -> str | None:
    """The first of ``name``'s packages and ``name`` not imported, if it can be found."""
    parts = name.split(".")
    for i in range(1, len(parts) + 1):
        prefix = ".".join(parts[:i])
        if prefix not in sys.modules:
            return prefix if _spec(prefix) is not None else None
    return None


def _spec(name: str):
    """``find_spec(name)`` (its parent imported already), None where there is none."""
    from importlib.util import find_spec  # deferred: start-up time (only idle work)

    try:
        return find_spec(name)
    except (ImportError, ValueError):
        return None


def _import_statements(code) -> list[tuple[str, int, tuple | None]]:
    """(module, level, fromlist) of each ``IMPORT_NAME`` in ``code`` (a module's top-level
    code: its functions' imports are not run by importing it), read from its bytecode."""
    from opcode import opmap  # deferred: start-up time (only idle work)

    extended_arg, load_const, import_name = (opmap[op] for op in (
        "EXTENDED_ARG", "LOAD_CONST", "IMPORT_NAME"))
    found, consts, extended = [], [None, None], 0
    raw = code.co_code
    for i in range(0, len(raw), 2):
        op, arg = raw[i], raw[i + 1] | extended
        extended = arg << 8 if op == extended_arg else 0
        if op == load_const:
            consts = [consts[1], code.co_consts[arg]]
        elif op == import_name and isinstance(consts[0], int):
            found.append((code.co_names[arg], consts[0], consts[1]))
    return found


REHEARSED = ("ui.screens.settings:SettingsScreen",)
"""Screens a home button opens that no game names (Settings)."""


def _queue_rehearsals(app, home) -> None:
    """Queue a rehearsal of each screen a home button opens whose class asks for one
    (``rehearsed``; ``rehearsal(app)`` makes it without changing anything: Citadels' setup,
    Settings)."""
    for path in [entry.setup for entry in registry.games() if entry.setup] + list(REHEARSED):
        screen = registry.resolve(path)
        if getattr(screen, "rehearsed", False):
            app.when_idle(partial(app.idle.rehearse, app, home,
                                  partial(_made, app, home, screen.rehearsal)))


REHEARSED_BUTTONS = 6  # buttons drawn by one task of a rehearsal


def _made(app, home, make, canvas) -> None:
    """(A rehearsal's first part) the screen made; its parts queued, each a task: its body,
    its buttons a few at a time, then the whole of it (by then a warm frame), so that a first
    tap finds its texts drawn and laid out and no task is long."""
    screen = make(app)
    parts = [screen.draw_body] + [
        partial(_draw_buttons, app, screen.buttons[i:i + REHEARSED_BUTTONS])
        for i in range(0, len(screen.buttons), REHEARSED_BUTTONS)] + [screen.draw]
    for part in parts:
        app.when_idle(partial(app.idle.rehearse, app, home, part))


def _draw_buttons(app, buttons, canvas) -> None:
    for button in buttons:
        button.draw(canvas, app.fonts, focused=False)


KEPT_GAMES_NAMED = 10  # the kept games whose players' names are prepared
REMEMBERED_NAMED = 16  # the remembered players (played last first) whose names are prepared


def table_names(app) -> list[str]:
    """The names this table plays under: the config's roster, the players remembered and the
    players of the games kept (most recently played first)."""
    names = list(app.config.roster) + [p.name for p in app.store.players()[:REMEMBERED_NAMED]]
    for row in app.store.kept(limit=KEPT_GAMES_NAMED):
        names += [name for name in row.names if isinstance(name, str)]
    return names


def _queue_names(app) -> None:
    """Queue ``name_tasks`` for the table's names (reading them is this task)."""
    for task in name_tasks(app.fonts, table_names(app)):
        app.when_idle(task)


def name_tasks(fonts, names: Iterable[str],
               sizes: tuple[tuple[int, bool], ...] = SYLLABLE_FONTS) -> list[Task]:
    """The pieces of players' names at ``sizes``: in a Korean line a name is drawn from its
    syllables and its words of letters ("Player", "Kim"), which no message has."""
    return piece_tasks(fonts, sorted({part for name in names
                                      for part in splitters()[1].findall(name)}), sizes)


def _queue_game(app, entry) -> None:
    """Queue a game's own tasks (its registry entry's ``prepare``; importing it is this task)."""
    for task in registry.resolve(entry.prepare)(app):
        app.when_idle(task)


def chunks(items: Sequence, size: int = PER_TASK) -> list:
    return [items[i:i + size] for i in range(0, len(items), size)]


def font_tasks(fonts) -> list[Task]:
    """Open each of ``FONTS`` and draw its Latin letters, digits and signs once."""
    return [partial(_draw_latin, fonts, size, bold, part)
            for size, bold in FONTS for part in chunks(LATIN)]


def _draw_latin(fonts, size: int, bold: bool, text: str) -> None:
    fonts.get(size, bold).render(text, True, WHITE)


def syllable_tasks(fonts, texts: Iterable[str],
                   sizes: tuple[tuple[int, bool], ...] = SYLLABLE_FONTS) -> list[Task]:
    """Draw each Hangul syllable of ``texts`` (and each digit and sign, the other pieces of
    Korean lines) once at each of ``sizes``."""
    return piece_tasks(fonts, syllables(texts) + DIGITS_AND_SIGNS, sizes)


def piece_tasks(fonts, parts: Sequence[str], sizes: tuple[tuple[int, bool], ...]) -> list[Task]:
    """Draw each of ``parts`` (the characters of a string, or words) as a piece at each of
    ``sizes``, a few at a time."""
    return [partial(_draw_pieces, fonts, size, bold, chunk)
            for size, bold in sizes for chunk in chunks(parts, PER_TASK // 2)]


def _draw_pieces(fonts, size: int, bold: bool, parts: Iterable[str]) -> None:
    """Each of ``parts`` (characters of a string, or words) drawn as a piece."""
    font = fonts.get(size, bold)
    for part in parts:
        fonts.pieces.piece(font, part)


def data_syllable_tasks(app, package: str, *files: str,
                        sizes: tuple[tuple[int, bool], ...] = SYLLABLE_FONTS) -> list[Task]:
    """In Korean, ``syllable_tasks`` (at ``sizes``) for the names in a game's data files
    (cards, tiles...), read as text: the game's modules are not imported for it."""
    if app.language != "ko":
        return []
    folder = resources.files(package)
    return syllable_tasks(app.fonts, [folder.joinpath(f).read_text(encoding="utf-8")
                                      for f in files], sizes)
