"""Troyes final scoring on the device: per player, score tokens, unresolved events with a cube,
worker-space VP, the cathedral levels holding a cube, and each character card's points (their
criteria are not in the rulebook, so the table enters them card by card); then the results with
a stacked bar per player and History."""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.score_entry import ScoreEntryRules
from companion.troyes.scoring import (CATHEDRAL_LEVELS, TroyesPlayer, player_from_json,
                                      player_json, result_json, score_game)

from ... import theme
from ...widgets import Button, draw_paragraph, grid
from ..base import BODY, Screen
from ..player_scores import CategoryResultsScreen, PlayerScoreController
from ..score_flow import back_to_previous, open_entry

COUNTS = ("tokens", "unresolved_events", "worker_vp")
BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 58, BODY.width, 58)


class TroyesScoreController(PlayerScoreController):
    rules = ScoreEntryRules("troyes-score", player_from_json)
    game = "troyes"
    player_json = staticmethod(player_json)
    score_game = staticmethod(score_game)
    result_json = staticmethod(result_json)

    @classmethod
    def new(cls, app, names: list[str], cards: int, game_session: int | None = None):
        return cls.create(app, [TroyesPlayer(n, character_points=(0,) * cards) for n in names],
                          game_session)

    def entry_screen(self, index: int):
        return TroyesEntryScreen(self.app, self, index)

    def results_screen(self):
        return TroyesResultsScreen(self.app, self)


class TroyesEntryScreen(Screen):
    """One player's numbers, with steppers (tokens also by fives)."""

    name = "troyes-score-entry"
    shows_back = False

    def __init__(self, app, controller: TroyesScoreController, index: int):
        self.controller, self.index = controller, index
        self.player = controller.players[index]
        super().__init__(app)

    def title(self) -> str:
        return self.t("troyes.score_title", name=self.player.name, n=self.index + 1,
                      of=len(self.controller.players))

    def fields(self) -> list[str]:
        return list(COUNTS) + [f"card{i}" for i in range(len(self.player.character_points))]

    def cells(self) -> list[pygame.Rect]:
        return grid(pygame.Rect(BODY.left, BODY.top + 4, BODY.width, 232), 8, 2, 8)

    def build(self) -> None:
        for cell, field_name in zip(self.cells(), self.fields()):
            self.add_stepper(pygame.Rect(cell.right - 230, cell.top, 230, cell.height),
                             field_name, lambda f=field_name: self.value(f),
                             lambda d, f=field_name: self.step(f, d),
                             (("-less", "-", -1), None, ("-more", "+", 1), ("-five", "+5", 5)))
        levels = pygame.Rect(BODY.left + 330, BODY.top + 248, BODY.width - 330, 58)
        for rect, level in zip(grid(levels, 3, 3, 8), CATHEDRAL_LEVELS):
            self.add(Button(rect, lambda lv=level: self.t("troyes.level", n=lv),
                            lambda lv=level: self.toggle_level(lv), name=f"level{level}",
                            selected=lambda lv=level: lv in self.player.cathedral_levels,
                            size=theme.BODY_SIZE))
        last = self.index == len(self.controller.players) - 1
        for rect, (name, key, action, primary) in zip(grid(BOTTOM, 2, 2, 12), (
                ("back", "score.back", self.back, False),
                ("next", "score.results" if last else "score.next_player", self.confirm,
                 True))):
            self.add(Button(rect, lambda k=key: self.t(k), action, name=name, selected=primary,
                            size=theme.BODY_SIZE))

    def value(self, field_name: str) -> int:
        if field_name.startswith("card"):
            return self.player.character_points[int(field_name[4:])]
        return getattr(self.player, field_name)

    def step(self, field_name: str, delta: int) -> None:
        value = max(0, self.value(field_name) + delta)
        if field_name.startswith("card"):
            points = list(self.player.character_points)
            points[int(field_name[4:])] = value
            self.player = replace(self.player, character_points=tuple(points))
        else:
            self.player = replace(self.player, **{field_name: value})

    def toggle_level(self, level: int) -> None:
        levels = set(self.player.cathedral_levels) ^ {level}
        self.player = replace(self.player, cathedral_levels=tuple(sorted(levels)))

    def back(self) -> None:
        back_to_previous(self)

    on_back = back

    def confirm(self) -> None:
        self.controller.save(self.index, self.player)
        open_entry(self.app, self.controller)

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        for cell, field_name in zip(self.cells(), self.fields()):
            key = "troyes.ask_card" if field_name.startswith("card") else f"troyes.ask_{field_name}"
            text = self.t(key, n=int(field_name[4:]) + 1 if field_name.startswith("card") else 0)
            draw_paragraph(canvas, fonts, text, pygame.Rect(cell.left, cell.top + 4,
                                                            cell.width - 236, cell.height),
                           theme.SMALL_SIZE)
        draw_paragraph(canvas, fonts, self.t("troyes.ask_levels"),
                       pygame.Rect(BODY.left, BODY.top + 252, 320, 56), theme.SMALL_SIZE)


class TroyesResultsScreen(CategoryResultsScreen):
    prefix = "troyes"
    categories = ("tokens", "events", "workers", "characters", "cathedral")
    colors = {"tokens": (86, 140, 200), "events": (160, 120, 210), "workers": theme.LIT,
              "characters": theme.ACCENT, "cathedral": theme.WARNING}
