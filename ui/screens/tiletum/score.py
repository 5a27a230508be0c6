"""Tiletum final scoring on the device: per player (in the last turn order, which breaks ties)
the score track's VP, trading posts and pillars on the map, completed buildings and the
resources left counted together, as the rulebook scores them ("개인 저장소에 남아있는 아무 자원
4개마다 1 VP"); a game the device ran starts from what it kept (the festivals' and king phases'
VP, the gold: ``TiletumView.score_inputs``) and says so; then the results with a stacked bar
per player, and History."""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.games import rules_for
from companion.tiletum.scoring import (ANY, MAX_BUILDINGS, MAX_PILLARS, MAX_TRADING_POSTS,
                                       TiletumPlayer)

from ... import theme
from ...widgets import draw_paragraph, grid
from ..base import BODY
from ..player_scores import (ENTRY_BOTTOM, CategoryResultsScreen, PlayerEntryScreen,
                             PlayerScoreController)
from ..score_flow import open_entry

FIELDS = ("vp", "trading_posts", "pillars", "completed_buildings", "resources")
# what a player owns in the box (the rules refuse more; the steppers stop there)
LIMITS = {"trading_posts": MAX_TRADING_POSTS, "pillars": MAX_PILLARS,
          "completed_buildings": MAX_BUILDINGS}
VP_STEPS = (("-less", "-", -1), None, ("-more", "+", 1), ("-ten", "+10", 10))
ROWS = pygame.Rect(BODY.left, BODY.top + 2, BODY.width, 270)  # 5 rows of 49 px


class TiletumEntryScreen(PlayerEntryScreen):
    name = "tiletum-score-entry"
    prefix = "tiletum"

    def fields(self) -> list[str]:
        return list(FIELDS)

    def cells(self) -> list[pygame.Rect]:
        return grid(ROWS, len(FIELDS), 1, 6)

    def steps(self, field_name: str):
        return VP_STEPS if field_name == "vp" else super().steps(field_name)

    def label(self, field_name: str) -> str:
        return self.t(f"tiletum.ask_{field_name}")

    def value(self, field_name: str) -> int:
        if field_name == "resources":  # any kind, counted together
            return sum(self.player.resources.values())
        return getattr(self.player, field_name)

    def step(self, field_name: str, delta: int) -> None:
        value = max(0, min(LIMITS.get(field_name, 999), self.value(field_name) + delta))
        if field_name == "resources":
            self.player = replace(self.player, resources={ANY: value})
        else:
            self.player = replace(self.player, **{field_name: value})

    def draw_body(self, canvas: pygame.Surface) -> None:
        super().draw_body(canvas)
        if self.controller.session.config.get("from_game"):  # prefilled: say from what
            top = ROWS.bottom + 4
            draw_paragraph(canvas, self.app.fonts, self.t("tiletum.score_kept"),
                           pygame.Rect(BODY.left, top, BODY.width, ENTRY_BOTTOM.top - 4 - top),
                           theme.SMALL_SIZE, theme.TEXT_DIM)


class TiletumResultsScreen(CategoryResultsScreen):
    prefix = "tiletum"
    categories = ("vp", "posts_pillars", "buildings", "resources")
    colors = {"vp": (86, 140, 200), "posts_pillars": theme.ACCENT, "buildings": theme.LIT,
              "resources": (160, 120, 210)}


class TiletumScoreController(PlayerScoreController):
    rules = rules_for("tiletum-score")
    entry_class = TiletumEntryScreen
    results_class = TiletumResultsScreen

    @classmethod
    def new(cls, app, names: list[str]):
        """A score sheet of a game played without the device, ``names`` in turn order (the
        earlier wins a tie)."""
        return cls.create(app, [TiletumPlayer(n, turn_order=i) for i, n in enumerate(names, 1)],
                          game_result={})


def open_score_entry(app, session) -> None:
    """A kept Tiletum score entry back where it was (the registry's opener)."""
    open_entry(app, TiletumScoreController(app, session))
