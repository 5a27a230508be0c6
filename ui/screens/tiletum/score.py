"""Tiletum final scoring on the device: per player (in the last turn order, which breaks ties)
the score track's VP, trading posts and pillars on the map, completed buildings and leftover
resources by kind; then the results with a stacked bar per player, and History."""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.score_entry import ScoreEntryRules
from companion.tiletum.scoring import (KINDS, TiletumPlayer, player_from_json, player_json,
                                       result_json, score_game)

from ... import theme
from ...widgets import Button, draw_paragraph, grid
from ..base import BODY, Screen
from ..player_scores import CategoryResultsScreen, PlayerScoreController
from ..score_flow import back_to_previous, open_entry

COUNTS = ("vp", "trading_posts", "pillars", "completed_buildings")
LIMITS = {"completed_buildings": 6}
BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 58, BODY.width, 58)
STEPS = (("-less", "-", -1), None, ("-more", "+", 1), ("-five", "+5", 5))
VP_STEPS = (("-less", "-", -1), None, ("-more", "+", 1), ("-ten", "+10", 10))


class TiletumScoreController(PlayerScoreController):
    rules = ScoreEntryRules("tiletum-score", player_from_json)
    game = "tiletum"
    player_json = staticmethod(player_json)
    score_game = staticmethod(score_game)
    result_json = staticmethod(result_json)

    @classmethod
    def new(cls, app, names: list[str], game_session: int | None = None):
        """``names`` in turn order (the earlier wins a tie)."""
        return cls.create(app, [TiletumPlayer(n, turn_order=i)
                                for i, n in enumerate(names, 1)], game_session)

    def entry_screen(self, index: int):
        return TiletumEntryScreen(self.app, self, index)

    def results_screen(self):
        return TiletumResultsScreen(self.app, self)


class TiletumEntryScreen(Screen):
    name = "tiletum-score-entry"
    shows_back = False

    def __init__(self, app, controller: TiletumScoreController, index: int):
        self.controller, self.index = controller, index
        self.player = controller.players[index]
        super().__init__(app)

    def title(self) -> str:
        return self.t("tiletum.score_title", name=self.player.name, n=self.index + 1,
                      of=len(self.controller.players))

    def fields(self) -> list[str]:
        return list(COUNTS) + list(KINDS)

    def cells(self) -> list[pygame.Rect]:
        return grid(pygame.Rect(BODY.left, BODY.top + 2, BODY.width, 326), 10, 2, 6)

    def build(self) -> None:
        for cell, field_name in zip(self.cells(), self.fields()):
            self.add_stepper(pygame.Rect(cell.right - 230, cell.top, 230, cell.height),
                             field_name, lambda f=field_name: self.value(f),
                             lambda d, f=field_name: self.step(f, d),
                             VP_STEPS if field_name == "vp" else STEPS)
        last = self.index == len(self.controller.players) - 1
        for rect, (name, key, action, primary) in zip(grid(BOTTOM, 2, 2, 12), (
                ("back", "score.back", self.back, False),
                ("next", "score.results" if last else "score.next_player", self.confirm,
                 True))):
            self.add(Button(rect, lambda k=key: self.t(k), action, name=name, selected=primary,
                            size=theme.BODY_SIZE))

    def value(self, field_name: str) -> int:
        if field_name in KINDS:
            return self.player.resources.get(field_name, 0)
        return getattr(self.player, field_name)

    def step(self, field_name: str, delta: int) -> None:
        value = max(0, min(LIMITS.get(field_name, 999), self.value(field_name) + delta))
        if field_name in KINDS:
            self.player = replace(self.player, resources={**self.player.resources,
                                                          field_name: value})
        else:
            self.player = replace(self.player, **{field_name: value})

    def back(self) -> None:
        back_to_previous(self)

    on_back = back

    def confirm(self) -> None:
        self.controller.save(self.index, self.player)
        open_entry(self.app, self.controller)

    def draw_body(self, canvas: pygame.Surface) -> None:
        for cell, field_name in zip(self.cells(), self.fields()):
            key = f"tiletum.left_{field_name}" if field_name in KINDS else \
                f"tiletum.ask_{field_name}"
            draw_paragraph(canvas, self.app.fonts, self.t(key),
                           pygame.Rect(cell.left, cell.top + 6, cell.width - 236, cell.height),
                           theme.SMALL_SIZE)


class TiletumResultsScreen(CategoryResultsScreen):
    prefix = "tiletum"
    categories = ("vp", "posts_pillars", "buildings", "resources")
    colors = {"vp": (86, 140, 200), "posts_pillars": theme.ACCENT, "buildings": theme.LIT,
              "resources": (160, 120, 210)}
