"""Final scores of games whose players are plain records of numbers (Troyes, Tiletum): the
entry session kept one confirmed player at a time, the results as stacked bars by category, and
a per-player breakdown. Each game subclasses with its scoring functions and screens."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button, draw_paragraph, draw_text, fit_title, grid
from .base import BODY, Screen
from .results import ResultsScreen, breakdown_title
from .score_controller import ScoreEntryController
from .score_flow import back_to_previous, open_entry

ENTRY_BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 58, BODY.width, 58)
STEPS = (("-less", "-", -1), None, ("-more", "+", 1), ("-five", "+5", 5))
STEPPER_W = 230


class PlayerScoreController(ScoreEntryController):
    """Subclasses set ``rules`` (the game's score rules) and the two screen classes
    (``entry_class``, ``results_class``)."""

    entry_class: type
    results_class: type

    def entry_screen(self, index: int):
        return self.entry_class(self.app, self, index)

    def results_screen(self):
        return self.results_class(self.app, self)


class PlayerEntryScreen(Screen):
    """One player's numbers as steppers, a label beside each, Back and Next (or Results) below.
    Subclasses give ``prefix`` (catalogue section with ``score_title``), ``fields()``,
    ``cells()``, ``label(field)``, ``value(field)`` and ``step(field, delta)``."""

    prefix = ""
    shows_back = False

    def __init__(self, app, controller: PlayerScoreController, index: int):
        self.controller, self.index = controller, index
        super().__init__(app)

    @property
    def player(self):
        """The player being entered (changes kept by the controller until confirmed)."""
        return self.controller.editing(self.index)

    @player.setter
    def player(self, value) -> None:
        self.controller.edit(self.index, value)

    def title(self) -> str:
        name = self.player.name
        return fit_title(self, self.t(f"{self.prefix}.score_title", name=name, n=self.index + 1,
                                      of=len(self.controller.players)), name)

    def steps(self, field_name: str):
        return STEPS

    def build(self) -> None:
        for cell, field_name in zip(self.cells(), self.fields()):
            self.add_stepper(pygame.Rect(cell.right - STEPPER_W, cell.top, STEPPER_W,
                                         cell.height),
                             field_name, lambda f=field_name: self.value(f),
                             lambda d, f=field_name: self.step(f, d), self.steps(field_name))
        last = self.index == len(self.controller.players) - 1
        for rect, (name, key, action, primary) in zip(grid(ENTRY_BOTTOM, 2, 2, 12), (
                ("back", "score.back", self.back, False),
                ("next", "score.results" if last else "score.next_player", self.confirm,
                 True))):
            self.add(Button(rect, lambda k=key: self.t(k), action, name=name, selected=primary,
                            size=theme.BODY_SIZE))

    def back(self) -> None:
        back_to_previous(self)

    def on_back(self) -> None:
        self.back()

    def confirm(self) -> None:
        self.controller.save(self.index)
        open_entry(self.app, self.controller)

    def draw_body(self, canvas: pygame.Surface) -> None:
        for cell, field_name in zip(self.cells(), self.fields()):
            draw_paragraph(canvas, self.app.fonts, self.label(field_name),
                           pygame.Rect(cell.left, cell.top + 4, cell.width - STEPPER_W - 6,
                                       cell.height), theme.SMALL_SIZE)


class CategoryResultsScreen(ResultsScreen):
    """Results whose breakdown is one number per category (``breakdown[category]``); legend
    and lines from ``{prefix}.cat_{category}``."""

    prefix = ""

    def legend_key(self, category: str) -> str:
        return f"{self.prefix}.cat_{category}"

    def breakdown_screen(self, player: dict, edit):
        return CategoryBreakdownScreen(self.app, player, self, edit)


class CategoryBreakdownScreen(Screen):
    """One player's points, a line per category; Edit goes back to their entry."""

    name = "score-breakdown"

    def __init__(self, app, player: dict, results: CategoryResultsScreen, on_edit=None):
        self.player, self.results, self.on_edit = player, results, on_edit
        super().__init__(app)

    def title(self) -> str:
        return breakdown_title(self, self.player)

    def build(self) -> None:
        if self.on_edit is not None:
            self.add(Button(pygame.Rect(BODY.right - 220, BODY.bottom - 56, 220, 56),
                            lambda: self.t("score.edit"), self.on_edit, name="edit",
                            size=theme.BODY_SIZE))

    def draw_body(self, canvas: pygame.Surface) -> None:
        y = BODY.top + 8
        for category in self.results.categories:
            text = self.t("score.category_line",
                          category=self.t(self.results.legend_key(category)),
                          n=self.results.points(self.player, category))
            draw_text(canvas, self.app.fonts, text, (BODY.left, y), theme.BODY_SIZE)
            y += 36
