"""Troyes final scoring on the device: per player, score tokens, unresolved events with a cube,
worker-space VP, the cathedral levels holding a cube, and each character card's points (their
criteria are not in the rulebook, so the table enters them card by card); then the results with
a stacked bar per player and History. The cathedral's loss is whole (-2 per level without a
cube, whatever else is held: a total may be below 0; docs/rules-readings.md)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.games import rules_for
from companion.troyes.readings import CURRENT
from companion.troyes.scoring import CATHEDRAL_LEVELS, TroyesPlayer

from ... import theme
from ...widgets import Button, draw_paragraph, grid
from ..base import BODY
from ..player_scores import CategoryResultsScreen, PlayerEntryScreen, PlayerScoreController
from ..score_controller import opener

COUNTS = ("tokens", "unresolved_events", "worker_vp")


class TroyesEntryScreen(PlayerEntryScreen):
    """One player's numbers, with steppers (also by fives), and the cathedral levels."""

    name = "troyes-score-entry"
    prefix = "troyes"

    def fields(self) -> list[str]:
        return list(COUNTS) + [f"card{i}" for i in range(len(self.player.character_points))]

    def cells(self) -> list[pygame.Rect]:
        return grid(pygame.Rect(BODY.left, BODY.top + 4, BODY.width, 232), 8, 2, 8)

    def build(self) -> None:
        super().build()
        levels = pygame.Rect(BODY.left + 330, BODY.top + 248, BODY.width - 330, 58)
        for rect, level in zip(grid(levels, 3, 3, 8), CATHEDRAL_LEVELS):
            self.add(Button(rect, lambda lv=level: self.t("troyes.level", n=lv),
                            lambda lv=level: self.toggle_level(lv), name=f"level{level}",
                            selected=lambda lv=level: lv in self.player.cathedral_levels,
                            size=theme.BODY_SIZE))

    def label(self, field_name: str) -> str:
        if field_name.startswith("card"):
            return self.t("troyes.ask_card", n=int(field_name[4:]) + 1)
        return self.t(f"troyes.ask_{field_name}")

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

    def draw_body(self, canvas: pygame.Surface) -> None:
        super().draw_body(canvas)
        draw_paragraph(canvas, self.app.fonts, self.t("troyes.ask_levels"),
                       pygame.Rect(BODY.left, BODY.top + 252, 320, 56), theme.SMALL_SIZE)


class TroyesResultsScreen(CategoryResultsScreen):
    prefix = "troyes"
    categories = ("tokens", "events", "workers", "characters", "cathedral")
    colors = {"tokens": (86, 140, 200), "events": (160, 120, 210), "workers": theme.LIT,
              "characters": theme.ACCENT, "cathedral": theme.WARNING}


class TroyesScoreController(PlayerScoreController):
    rules = rules_for("troyes-score")
    entry_class = TroyesEntryScreen
    results_class = TroyesResultsScreen

    @classmethod
    def new(cls, app, names: list[str], cards: int, game_session: int | None = None,
            game_result=None, players=None):
        """``cards``: the character cards in play (each scores every player); ``game_session``
        and ``game_result``: the device-run game these scores finish, and what it kept;
        ``players``: the entries prefilled from the game as the device kept it."""
        players = players or [TroyesPlayer(n, character_points=(0,) * cards) for n in names]
        return cls.create(app, players, game_session, game_result=dict(game_result or {}),
                          rules=CURRENT.number)  # scored by the rulebook as read now


open_score_entry = opener(TroyesScoreController)
