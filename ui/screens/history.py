"""History: the finished games kept in the store, newest first."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button, draw_text
from .base import BODY, Screen

ROWS = 7
ROW_H = 56


class HistoryScreen(Screen):
    name = "history"

    def title(self) -> str:
        return self.t("history.title")

    def build(self) -> None:
        self.games = self.app.store.history(limit=ROWS)
        for i, game in enumerate(self.games):  # a scored game: tap it to see its result again
            rect = pygame.Rect(BODY.left, BODY.top + 4 + i * ROW_H, BODY.width, ROW_H - 4)
            action = (lambda g=game: self.open(g)) if "scores" in game.result else None
            self.add(Button(rect, lambda g=game: self.row_text(g), action, name=f"game{i}",
                            size=theme.BODY_SIZE))

    def open(self, game) -> None:
        from .citadels.score_results import ResultsScreen
        from .tiletum.score import TiletumResultsScreen
        from .troyes.score import TroyesResultsScreen

        data = game.result["scores"]
        screen = {"troyes": TroyesResultsScreen, "tiletum": TiletumResultsScreen}.get(
            data.get("game"), ResultsScreen)
        self.app.push(screen(self.app, data=data))

    def row_text(self, game) -> str:
        """One line per finished game: date, game, winner (the result's 'winner' field)."""
        family = game.game.split("-")[0]  # "citadels-draft" is a Citadels game
        game_name = self.t(f"game.{family}") if family in ("citadels", "troyes", "tiletum") \
            else game.game
        if game.result.get("abandoned"):
            outcome = self.t("history.abandoned")
        elif game.result.get("winner"):
            outcome = self.t("history.winner", name=game.result["winner"])
        elif game.result.get("first_complete"):
            outcome = self.t("history.first_complete", name=game.result["first_complete"])
        else:
            outcome = self.t("history.no_winner")
        return self.t("history.row", date=game.finished_at[:10], game=game_name, outcome=outcome)

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        if not self.games:
            draw_text(canvas, fonts, self.t("history.empty"), BODY.center, theme.BIG_SIZE,
                      theme.TEXT_DIM, anchor="center")
            return
