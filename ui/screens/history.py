"""History: the finished games kept in the store, newest first."""

from __future__ import annotations

import pygame

from .. import registry, theme
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
            action = (lambda g=game: self.open(g)) if self.detail(g=game) else None
            self.add(Button(rect, lambda g=game: self.row_text(g), action, name=f"game{i}",
                            size=theme.BODY_SIZE))

    @staticmethod
    def detail(g):
        """The game's results screen for a row with stored scores, else None."""
        entry = registry.entry_for_session(g.game)
        return entry.results if entry and entry.results and "scores" in g.result else None

    def open(self, game) -> None:
        screen = registry.resolve(self.detail(game))
        self.app.push(screen(self.app, data=game.result["scores"]))

    def row_text(self, game) -> str:
        """One line per finished game: date, game, outcome (the winner, unless the game's
        registry entry says it another way)."""
        entry = registry.entry_for_session(game.game)
        game_name = self.t(entry.title_key) if entry else game.game
        if game.result.get("abandoned"):
            outcome = self.t("history.abandoned")
        elif game.result.get("winner"):
            outcome = self.t("history.winner", name=game.result["winner"])
        elif entry and entry.history_row:
            outcome = registry.resolve(entry.history_row)(self.t, game.result)
        else:
            outcome = self.t("history.no_winner")
        return self.t("history.row", date=game.finished_at[:10], game=game_name, outcome=outcome)

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        if not self.games:
            draw_text(canvas, fonts, self.t("history.empty"), BODY.center, theme.BIG_SIZE,
                      theme.TEXT_DIM, anchor="center")
            return
