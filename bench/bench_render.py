"""Frame times per screen, cold and warm, in English and Korean.

Cold: the first frame of a freshly made screen in a fresh app (``App`` made anew and the
module-level caches of drawn things emptied; Python modules stay imported: importing is the
tap's work, and no screen imports while drawing). Measured twice, ``COLD_RUNS`` times each:
- ``cold_prepared``: after the app's idle preparation has run (``App.finish_idle_work``: what
  ui/prepare.py queues at start-up — fonts, Latin glyphs, the Korean syllables of the
  messages, every Tiletum and Troyes die face), as on a device a few seconds after start-up;
- ``cold_unprepared``: without it (a screen shown before any idle time).
Each also says how long making the screen took (``build_ms``, the tap's handling before the
frame), how many texts the frame drew (text cache misses) and fonts it opened. ``input_to_frame``
is build + frame. Warm: the median and p95 of ``FRAMES`` redraws of the same screen.

A screen reached from another (``After``: the score grid's busiest tab, tapped on its first
tab) is measured after that one was shown and, when prepared, after its idle time, in which a
screen rehearses what it may show next (``Screen.rehearsals``). The app starts on home, whose
idle time rehearses History; a setup stores its games before the idle time, as on a device.

History is opened with ``bench_history.GAMES`` (10,000) games in the store.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import count
from pathlib import Path

from common import emit, scratch_dir, summary

FRAMES = 300
SEED = 5  # the games' first seed (as scripts/tour.txt)
COLD_RUNS = 5
TARGET_MS = 2.0
HISTORY_TARGET_MS = 5.0
INPUT_TO_FRAME_TARGET_MS = 5.0


def make_app(rotation: int = 0, language: str = "en"):
    from companion.rng import new_seed
    from ui.compose import build_app
    from ui.config import load_config

    data = Path(scratch_dir())
    config = replace(load_config(data / "none.toml"), data_dir=data, language=language,
                     rotation=rotation)
    app = build_app(config, headless=True, env={"COMPANION_HW": "mock"})
    app.seeds = count(SEED)  # the same dice every run: a count is the same run after run
    new_seed()  # what a game started at the table imports on its tap (secrets, hashlib)
    return app


# --- the screens: name -> (app -> a function making the screen, or After) ----------------------

@dataclass(frozen=True)
class After:
    """A screen reached from another (``before``, shown first, with its idle time: what it
    prepares for what comes next) by ``then(before_screen)``, which returns the screen shown;
    ``between(before_screen)``, if given, is what the player does there that is not the next
    screen's making (a decision stored), done before the next screen is counted."""

    before: Callable[[], object]
    then: Callable[[object], object]
    between: Callable[[object], None] | None = None


def before(app, made):
    """An ``After``'s first screen, pushed and drawn (None for a screen made alone)."""
    if not isinstance(made, After):
        return None
    first = made.before()
    app.push(first)
    app.render()
    return first


def settle(made, first) -> None:
    """What the player does on an ``After``'s first screen before the next (``between``)."""
    if isinstance(made, After) and made.between is not None:
        made.between(first)


def then(made, first) -> object:
    """The screen a setup's result shows, once ``before`` has run."""
    return made.then(first) if isinstance(made, After) else made()


def shown(app, made) -> object:
    """The screen a setup's result shows (``After``: its first screen pushed and drawn)."""
    first = before(app, made)
    settle(made, first)
    return then(made, first)


def plain(module: str, cls: str):
    """A screen made from the app alone."""
    def setup(app):
        from importlib import import_module

        screen = getattr(import_module(module), cls)
        return lambda: screen(app)
    return setup


def history(app):
    """History with 10,000 games in the store (bench_history's store)."""
    from bench_history import GAMES, fill
    from ui.screens.history import HistoryScreen

    fill(app.store, GAMES)
    return lambda: HistoryScreen(app)


def citadels_game(app, to_calling: bool = False, last_choice: bool = True):
    """An 8-player Citadels game (the busiest seat map), in the draft or at the calling (or,
    not ``last_choice``, at the draft's last choice)."""
    from companion.citadels.charset import first_game
    from ui.screens.citadels.controller import CitadelsController

    controller = CitadelsController.new(app, "2016", 8, first_game("2016", 8), 1,
                                        [f"Player {n}" for n in range(1, 9)])
    while to_calling and controller.phase == "draft":  # everyone keeps the first card offered
        if not last_choice and sum(controller.draft_public().hand_counts) == 7:
            break  # (8 players keep one card each: seven are kept)
        controller.confirm(controller.legal()[0])
    return controller


def citadels_setup(app):
    from ui.screens.citadels.setup import CitadelsSetupScreen

    return lambda: CitadelsSetupScreen(app)


def citadels_picker(app):
    from ui.screens.citadels.picker import CharacterPickerScreen
    from ui.screens.citadels.setup import CitadelsSetupScreen

    setup = CitadelsSetupScreen(app)
    return lambda: CharacterPickerScreen(app, setup)


def draft(screen_name: str):
    def setup(app):
        from companion.citadels import draft as rules
        from ui.screens.citadels import draft as screens
        from ui.screens.citadels.navigator import Navigator

        controller = citadels_game(app)
        nav = Navigator(app, controller)
        card = controller.draft_view(1).offered[0]
        return {"public": lambda: screens.PublicScreen(app, controller, nav),
                "private": lambda: screens.PrivateScreen(app, controller, nav, 1),
                "confirm": lambda: screens.ConfirmScreen(app, controller, nav,
                                                         rules.Pick(1, card)),
                }[screen_name]
    return setup


def gate(app):
    from ui.screens.gate import GateScreen

    return lambda: GateScreen(app, 1, "Player 1", lambda: None)


def wipe(app):
    from ui.screens.gate import WipeScreen

    return lambda: WipeScreen(app, lambda: "Pass to Player 2", lambda: None)


def calling(app):
    from ui.screens.citadels.calling import CallingScreen
    from ui.screens.citadels.navigator import Navigator

    controller = citadels_game(app, to_calling=True)
    return lambda: CallingScreen(app, controller, Navigator(app, controller))


def calling_after_draft(app):
    """The calling as a round's last choice in the draft opens it: the last drafter's private
    screen shown (with its idle time: it rehearses the calling), the choice stored, then the
    calling."""
    from ui.screens.citadels.calling import CallingScreen
    from ui.screens.citadels.draft import PrivateScreen
    from ui.screens.citadels.navigator import Navigator

    controller = citadels_game(app, to_calling=True, last_choice=False)
    nav = Navigator(app, controller)
    seat = controller.draft_public().turn.seat
    return After(lambda: PrivateScreen(app, controller, nav, seat),
                 lambda _: CallingScreen(app, controller, nav),
                 lambda _: controller.confirm(controller.legal()[0]))


def calling_kept(app):
    """A game kept at its calling reopened from the list of kept games: the list shown (with
    its idle time: it rehearses the reopening), the tap's reading of the game (its own row:
    ``bench_resume``), then the calling."""
    from ui.screens.citadels.calling import CallingScreen
    from ui.screens.citadels.controller import CitadelsController
    from ui.screens.citadels.navigator import Navigator
    from ui.screens.kept_list import KeptGamesScreen

    session = citadels_game(app, to_calling=True).session.id
    read = []

    def reopen(_) -> None:
        read.append(CitadelsController(app, app.store.load(session, resume=True)))

    return After(lambda: KeptGamesScreen(app),
                 lambda _: CallingScreen(app, read[0], Navigator(app, read[0])), reopen)


def score_controller(app):
    """Final scoring of 8 cities."""
    from companion.citadels.scoring import PlayerCity
    from ui.screens.citadels.score_controller import CitadelsScoreController

    cities = [("manor", "temple", "market", "watchtower", "haunted_quarter", "library",
               "imperial_treasury"), ("castle", "museum", "statue"), ("palace", "capitol")]
    players = [PlayerCity(f"Player {n}", cities[n % 3] if n < 3 else ("tavern",), gold=n)
               for n in range(8)]
    players[0] = PlayerCity("Player 0", cities[0], completed=1, gold=3)
    controller = CitadelsScoreController.new(app, "2016", players)
    for i, p in enumerate(players):
        controller.save(i, p)
    return controller


def score_city(app):
    """The score entry's city grid, its busiest tab (unique districts) tapped on the grid's
    first tab."""
    from ui.screens.citadels.score_entry import CityGridScreen

    controller = score_controller(app)

    def unique(city):
        city.show("unique")
        return city
    return After(lambda: CityGridScreen(app, controller, 0), unique)


def score_questions(app):
    from ui.screens.citadels.score_entry import QuestionsScreen

    controller = score_controller(app)
    return lambda: QuestionsScreen(app, controller, 1)


def score_results(app):
    from ui.screens.citadels.score_results import ResultsScreen

    controller = score_controller(app)
    return lambda: ResultsScreen(app, controller)


def troyes_board(app):
    """A 4-player Troyes board during the actions (every district full of dice: 46, as a game
    kept under rules 2 may have; rules 3 allows 18 citizens in the buildings)."""
    from companion.troyes.game import BlackDice, CollectIncome
    from ui.screens.troyes.board import TroyesBoardScreen
    from ui.screens.troyes.controller import TroyesController

    controller = TroyesController.create(app, {
        "players": 4, "citizens": [[4, 3, 3]] * 4, "neutral": [2, 2, 2], "first": 1,
        "rules": 2, "names": [f"Player {n}" for n in range(1, 5)]})
    controller.confirm(CollectIncome())
    controller.confirm(BlackDice(0))

    def make():
        board = TroyesBoardScreen(app, controller)
        board.selected = [i for i, _ in controller.view().district(2)][:2]
        return board
    return make


def tiletum_game(app, *decisions):
    """A 4-player Tiletum game after ``decisions`` (names of Begin, Reveal)."""
    from companion.tiletum import game
    from ui.screens.tiletum.controller import TiletumController

    controller = TiletumController.new(app, 4, (1, 2, 3, 4), game.DEFAULT_FESTIVALS,
                                       [f"Player {n}" for n in range(1, 5)])
    for decision in decisions:
        controller.confirm(getattr(game, decision)())
    return controller


def tiletum_board(*decisions):
    """The board: at the start, at a new round (the banner), in the first pass (14 dice)."""
    def setup(app):
        from ui.screens.tiletum.board import TiletumBoardScreen

        controller = tiletum_game(app, *decisions)
        return lambda: TiletumBoardScreen(app, controller)
    return setup


def tiletum_take(app):
    """Taking a die from the wedge of the first die."""
    from ui.screens.tiletum.take import TakeScreen

    controller = tiletum_game(app, "Begin", "Reveal")
    pip = controller.view().dice[0][1].pip
    return lambda: TakeScreen(app, controller, pip)


SCREENS = {
    "home": plain("ui.screens.home", "HomeScreen"),
    "language": plain("ui.screens.language", "LanguageScreen"),
    "settings": plain("ui.screens.settings", "SettingsScreen"),
    "hwtest": plain("ui.screens.hwtest", "HardwareTestScreen"),
    "about": plain("ui.screens.about", "AboutScreen"),
    "history-10000": history,
    "citadels-setup": citadels_setup,
    "citadels-picker": citadels_picker,
    "draft-public": draft("public"),
    "gate": gate,
    "draft-private": draft("private"),
    "draft-confirm": draft("confirm"),
    "wipe": wipe,
    "calling": calling,
    "calling-after-draft": calling_after_draft,
    "calling-kept": calling_kept,
    "score-city": score_city,
    "score-questions": score_questions,
    "score-results": score_results,
    "troyes-board": troyes_board,
    "tiletum-board-start": tiletum_board(),
    "tiletum-board-new-round": tiletum_board("Begin"),
    "tiletum-board": tiletum_board("Begin", "Reveal"),
    "tiletum-take": tiletum_take,
}


# --- cold ----------------------------------------------------------------------------------------

def forget_drawings() -> None:
    """Empty the module-level caches of drawn things (a fresh app's Fonts has its own)."""
    from ui import widgets
    from ui.screens import dice_faces
    from ui.screens.tiletum import wheel_geometry

    widgets._wrapped.clear()
    widgets._fitted.clear()
    dice_faces._faces.clear()
    wheel_geometry.slot_rects.cache_clear()


def cold_frame(name: str, language: str, prepared: bool) -> dict:
    """One cold first frame of screen ``name`` in a fresh app."""
    forget_drawings()
    app = make_app(language=language)
    try:
        made = SCREENS[name](app)  # its games stored before the idle time, as on a device
        first = before(app, made)
        if prepared:
            app.finish_idle_work()
        settle(made, first)
        texts, fonts = app.fonts.rendered, app.fonts.loaded
        t0 = time.perf_counter()
        screen = then(made, first)
        if screen is not app.top:
            app.push(screen)
        t1 = time.perf_counter()
        app.render()
        t2 = time.perf_counter()
        return {"build_ms": (t1 - t0) * 1000, "frame_ms": (t2 - t1) * 1000,
                "texts_drawn": app.fonts.rendered - texts, "fonts_opened": app.fonts.loaded - fonts}
    finally:
        app.close()


def cold(name: str, language: str, prepared: bool) -> dict:
    """``COLD_RUNS`` cold frames: the frame's median and worst, what it drew, input to frame."""
    runs = [cold_frame(name, language, prepared) for _ in range(COLD_RUNS)]
    frames = [r["frame_ms"] for r in runs]
    total = [r["build_ms"] + r["frame_ms"] for r in runs]
    return {"median_ms": round(statistics.median(frames), 3), "max_ms": round(max(frames), 3),
            "build_ms": round(statistics.median(r["build_ms"] for r in runs), 3),
            "input_to_frame_ms": round(statistics.median(total), 3),
            "texts_drawn": runs[-1]["texts_drawn"], "fonts_opened": runs[-1]["fonts_opened"]}


# --- warm ----------------------------------------------------------------------------------------

def warm(app, made) -> dict:
    """The screen a setup made (``made``) redrawn ``FRAMES`` times after its first frame."""
    depth = len(app.stack)
    screen = shown(app, made)
    if screen is not app.top:
        app.push(screen)
    app.render()
    samples = []
    for _ in range(FRAMES):
        t0 = time.perf_counter()
        app.render()
        samples.append((time.perf_counter() - t0) * 1000)
    while len(app.stack) > depth:
        app.pop()
    return summary(samples)


def warm_all(language: str) -> dict:
    app = make_app(language=language)
    try:
        app.finish_idle_work()
        return {name: warm(app, setup(app)) for name, setup in SCREENS.items()}
    finally:
        app.close()


def rotated(rotation: int) -> dict:
    app = make_app(rotation)
    try:
        return warm(app, SCREENS["home"](app))
    finally:
        app.close()


def main(names: list[str]) -> None:
    from ui.prepare import FONTS, SYLLABLE_FONTS

    names = names or list(SCREENS)
    screens: dict[str, dict] = {}
    for language in ("en", "ko"):
        warmed = warm_all(language)
        for name in names:
            screens[f"{name}/{language}"] = {
                "cold_prepared": cold(name, language, prepared=True),
                "cold_unprepared": cold(name, language, prepared=False),
                "warm": warmed[name]}
    for rotation in (90, 180):
        screens[f"home/en/rotation{rotation}"] = {"warm": rotated(rotation)}
    worst = {kind: max(s[kind][key] for s in screens.values() if kind in s)
             for kind, key in (("cold_prepared", "max_ms"), ("cold_unprepared", "max_ms"),
                               ("warm", "p95_ms"))}
    history = {k: v["cold_prepared"]["input_to_frame_ms"] for k, v in screens.items()
               if k.startswith("history-10000/")}
    emit("full_frame_render", target_ms=TARGET_MS, history_target_ms=HISTORY_TARGET_MS,
         input_to_frame_target_ms=INPUT_TO_FRAME_TARGET_MS,
         preparation=("cold_prepared: App.finish_idle_work() after start-up, i.e. ui/prepare.py "
                      f"(fonts {len(FONTS)} sizes with Latin glyphs; Korean: the messages' "
                      f"syllables at {len(SYLLABLE_FONTS)} sizes; every Tiletum and Troyes die "
                      "face); cold_unprepared: none of it"),
         worst_cold_prepared_ms=worst["cold_prepared"],
         worst_cold_unprepared_ms=worst["cold_unprepared"], worst_warm_p95_ms=worst["warm"],
         history_open_to_first_frame_ms=history, screens=screens)


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    main(sys.argv[1:])
