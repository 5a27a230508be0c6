"""Race to ten, on screen: a setup screen, a board, the opener for a kept game, History's
outcome line, the final score entry and its results, and the ``score`` command — built only
from the app's generic parts."""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.errors import RuleError
from ui import theme
from ui.commands.score import PLAYERS_FILE, ScoreCommand
from ui.screens.base import BODY, Screen
from ui.screens.player_scores import (CategoryResultsScreen, PlayerEntryScreen,
                                      PlayerScoreController)
from ui.screens.score_controller import opener
from ui.screens.score_flow import open_entry
from ui.screens.session_controller import SessionController, table_names
from ui.widgets import Button, draw_text, grid

from .rules import Add, RaceRules
from .scoring import RaceScoreRules


class RaceController(SessionController):
    rules = RaceRules()


class RaceSetupScreen(Screen):
    name = "race-setup"

    def __init__(self, app):
        self.players = 2
        super().__init__(app)

    def title(self) -> str:
        return self.t("race.setup_title")

    def build(self) -> None:
        self.add_stepper(pygame.Rect(BODY.left, BODY.top + 20, 300, 60), "players",
                         lambda: self.players, self.change)
        self.add(Button(pygame.Rect(BODY.left, BODY.top + 120, 300, 60),
                        lambda: self.t("race.start"), self.start, name="start"))

    def change(self, delta: int) -> None:
        self.players = min(4, max(2, self.players + delta))

    def start(self) -> None:
        controller = RaceController.create(self.app, {
            "players": self.players, "names": table_names(self.app, self.players)})
        self.app.pop_to("home")
        self.app.push(RaceBoardScreen(self.app, controller))


class RaceBoardScreen(Screen):
    name = "race-board"

    def __init__(self, app, controller: RaceController):
        self.controller = controller
        self.problem = ""
        super().__init__(app)

    def title(self) -> str:
        return self.t("race.board_title")

    def build(self) -> None:
        for rect, n in zip(grid(pygame.Rect(BODY.left, BODY.bottom - 70, BODY.width, 60), 4, 4),
                           (1, 2, 3, 4)):
            self.add(Button(rect, self.t("race.add", n=n), lambda n=n: self.send(n),
                            name=f"add{n}"))

    def send(self, n: int) -> None:
        seat = self.controller.view().turn
        try:
            self.controller.confirm(Add(seat, n))
        except RuleError as exc:
            self.problem = self.refusal(exc)
            return
        self.problem = ""
        if self.controller.outcome().finished:  # closed; scored later from History
            self.controller.finish()
            self.app.pop_to("home")

    def draw_body(self, canvas: pygame.Surface) -> None:
        view = self.controller.view()
        for i, total in enumerate(view.totals):
            draw_text(canvas, self.app.fonts,
                      self.t("race.total", name=self.controller.name(i + 1), total=total),
                      (BODY.left, BODY.top + 10 + 36 * i), theme.BODY_SIZE)
        if self.problem:
            draw_text(canvas, self.app.fonts, self.problem, (BODY.left, BODY.bottom - 110),
                      theme.BODY_SIZE, theme.WARNING)


def open_game(app, session) -> None:
    app.push(RaceBoardScreen(app, RaceController(app, session)))


def history_outcome(t, result: dict) -> str:
    winner = result["names"][result["winner_seat"] - 1]
    return t("race.winner", name=winner)


# --- final scoring --------------------------------------------------------------------------

class RaceEntryScreen(PlayerEntryScreen):
    name = "race-score-entry"
    prefix = "race"

    def fields(self) -> list[str]:
        return ["total"]

    def cells(self) -> list[pygame.Rect]:
        return [pygame.Rect(BODY.left, BODY.top + 20, BODY.width, 60)]

    def label(self, field_name: str) -> str:
        return self.t("race.ask_total")

    def value(self, field_name: str) -> int:
        return self.player.total

    def step(self, field_name: str, delta: int) -> None:
        self.player = replace(self.player, total=max(0, self.player.total + delta))


class RaceResultsScreen(CategoryResultsScreen):
    prefix = "race"
    categories = ("total",)
    colors = {"total": theme.ACCENT}


class RaceScoreController(PlayerScoreController):
    rules = RaceScoreRules()
    entry_class = RaceEntryScreen
    results_class = RaceResultsScreen


open_score_entry = opener(RaceScoreController)


def score_later(app, session) -> None:
    """The score entry of a race the device ran, prefilled from it and linked to its row."""
    c = RaceController(app, session)
    open_entry(app, RaceScoreController.create(
        app, c.view().score_inputs(c.names), session.id,
        game_result=dict(app.store.row(session.id).result or {})))


SCORE_COMMAND = ScoreCommand("race", "Race to ten final scoring", PLAYERS_FILE,
                             scoring="extra_game.scoring")
