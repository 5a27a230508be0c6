"""Full-frame render time per screen: draw the whole screen and show it, many times."""

from __future__ import annotations

import os
import time
from dataclasses import replace
from pathlib import Path

from common import emit, scratch_dir, summary

FRAMES = 300


def make_app(rotation: int = 0):
    from ui.app import App
    from ui.config import load_config

    data = Path(scratch_dir())
    config = replace(load_config(data / "none.toml"), data_dir=data, language="en",
                     rotation=rotation)
    return App(config, headless=True, env={"COMPANION_HW": "mock"})


def screens(app):
    """One instance of every screen there is."""
    from ui.screens.about import AboutScreen
    from ui.screens.history import HistoryScreen
    from ui.screens.home import HomeScreen
    from ui.screens.hwtest import HardwareTestScreen
    from ui.screens.language import LanguageScreen
    from ui.screens.settings import SettingsScreen

    return [HomeScreen(app), LanguageScreen(app), SettingsScreen(app), HardwareTestScreen(app),
            AboutScreen(app), HistoryScreen(app),
            *citadels_screens(app)]


def citadels_screens(app):
    """The setup, draft and calling screens of an 8-player game (the busiest seat map)."""
    from companion.citadels import draft
    from companion.citadels.charset import first_game
    from ui.screens.citadels.calling import CallingScreen
    from ui.screens.citadels.controller import GameController
    from ui.screens.citadels.draft import ConfirmScreen, PrivateScreen, PublicScreen
    from ui.screens.citadels.picker import CharacterPickerScreen
    from ui.screens.citadels.setup import CitadelsSetupScreen
    from ui.screens.gate import GateScreen, WipeScreen

    setup = CitadelsSetupScreen(app)
    controller = GameController.new(app, "2016", 8, first_game("2016", 8), 1,
                                    [f"Player {n}" for n in range(1, 9)])
    card = controller.draft_view(1).offered[0]
    screens = [setup, CharacterPickerScreen(app, setup), PublicScreen(app, controller),
               GateScreen(app, 1, "Player 1", lambda: None), PrivateScreen(app, controller, 1),
               ConfirmScreen(app, controller, draft.Pick(1, card)),
               WipeScreen(app, lambda: "Pass to Player 2", lambda: None)]
    calling = GameController.new(app, "2016", 8, first_game("2016", 8), 1,
                                 [f"Player {n}" for n in range(1, 9)])
    while calling.phase == "draft":  # everyone keeps the first card offered
        calling.confirm(calling.legal()[0])
    return screens + [CallingScreen(app, calling), *scoring_screens(app), *troyes_screens(app),
                      *tiletum_screens(app)]


def troyes_screens(app):
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
    board = TroyesBoardScreen(app, controller)
    board.selected = [i for i, _ in controller.view().district(2)][:2]
    return [board]


def tiletum_screens(app):
    """A 4-player Tiletum board in the first pass (14 dice on the wheel) and taking a die."""
    from companion.tiletum.game import DEFAULT_FESTIVALS, Begin, Reveal
    from ui.screens.tiletum.board import TiletumBoardScreen
    from ui.screens.tiletum.controller import TiletumController
    from ui.screens.tiletum.take import TakeScreen

    controller = TiletumController.new(app, 4, (1, 2, 3, 4), DEFAULT_FESTIVALS,
                                       [f"Player {n}" for n in range(1, 5)])
    controller.confirm(Begin())
    controller.confirm(Reveal())
    pip = controller.view().dice[0][1].pip
    return [TiletumBoardScreen(app, controller), TakeScreen(app, controller, pip)]


def scoring_screens(app):
    """Final scoring of 8 cities: the entry grid (unique tab), the questions, the results."""
    from companion.citadels.scoring import PlayerCity
    from ui.screens.citadels.score_controller import ScoreController
    from ui.screens.citadels.score_entry import CityScreen, QuestionsScreen
    from ui.screens.citadels.score_results import ResultsScreen

    cities = [("manor", "temple", "market", "watchtower", "haunted_quarter", "library",
               "imperial_treasury"), ("castle", "museum", "statue"), ("palace", "capitol")]
    players = [PlayerCity(f"Player {n}", cities[n % 3] if n < 3 else ("tavern",), gold=n)
               for n in range(8)]
    players[0] = PlayerCity("Player 0", cities[0], completed=1, gold=3)
    controller = ScoreController.new(app, "2016", players)
    for i, p in enumerate(players):
        controller.save(i, p)
    city = CityScreen(app, controller, 0)
    city.show("unique")
    return [city, QuestionsScreen(app, controller, 1), ResultsScreen(app, controller)]


def time_frames(app, screen) -> list[float]:
    app.push(screen)
    app.render()  # warm the text cache, as a screen that is being looked at has
    samples = []
    for _ in range(FRAMES):
        t0 = time.perf_counter()
        app.render()
        samples.append((time.perf_counter() - t0) * 1000)
    app.pop()
    return samples


def main() -> None:
    results = {}
    for language in ("en", "ko"):
        app = make_app()
        app.set_language(language)
        for screen in screens(app):
            results[f"{screen.name}/{language}"] = summary(time_frames(app, screen))
        app.close()
    for rotation in (90, 180):
        app = make_app(rotation)
        results[f"home/en/rotation{rotation}"] = summary(time_frames(app, screens(app)[0]))
        app.close()
    worst = max(r["p95_ms"] for r in results.values())
    emit("full_frame_render", target_ms=2.0, worst_p95_ms=worst, screens=results)


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    main()
