"""A new Troyes game: players, the start player, and where everyone's citizens stand."""

from __future__ import annotations

import pygame

from companion.troyes.economy import MAX_PLAYERS, MIN_PLAYERS
from companion.troyes.game import assumed_placement
from companion.troyes.scoring import character_cards

from ... import theme
from ...widgets import Button, draw_text, grid
from ..base import BODY, Screen
from ..kept import add_start_row
from ..session_controller import table_names
from .controller import TroyesController

ROW_H = 56


class TroyesSetupScreen(Screen):
    name = "troyes-setup"

    def __init__(self, app):
        self.players, self.first = 3, 1
        super().__init__(app)

    def title(self) -> str:
        return self.t("troyes.setup_title")

    def build(self) -> None:
        t = self.t
        for row, items in enumerate((
                [("fewer", "-", lambda: self.set_players(-1)),
                 ("count", lambda: t("troyes.n_players", n=self.players), None),
                 ("more", "+", lambda: self.set_players(1))],
                [("first-prev", "<", lambda: self.move_first(-1)),
                 ("first", lambda: self.names()[self.first - 1], None),
                 ("first-next", ">", lambda: self.move_first(1))])):
            area = pygame.Rect(BODY.left + 200, BODY.top + 10 + row * (ROW_H + 12),
                               BODY.width - 200, ROW_H)
            for rect, (name, label, action) in zip(grid(area, 3, 3, 10), items):
                self.add(Button(rect, label, action, name=name, size=theme.BODY_SIZE))
        self.kept = add_start_row(self, "troyes", "troyes.start", 240, 190)

    def on_enter(self) -> None:
        self.kept.refresh()

    def score_only(self) -> None:
        """Final scoring of a game played without the device."""
        from ..score_flow import open_entry
        from .score import TroyesScoreController

        open_entry(self.app, TroyesScoreController.new(self.app, self.names(),
                                                       character_cards(self.players)))

    def names(self) -> list[str]:
        return table_names(self.app, self.players)

    def set_players(self, step: int) -> None:
        self.players = max(MIN_PLAYERS, min(MAX_PLAYERS, self.players + step))
        self.first = min(self.first, self.players)

    def move_first(self, step: int) -> None:
        self.first = (self.first - 1 + step) % self.players + 1

    def start(self) -> None:
        """A new game on its board, opening with the starting placement (citizen by citizen,
        in snake order from the start player)."""
        from .board import TroyesBoardScreen

        citizens, neutral = assumed_placement(self.players)
        controller = TroyesController.new(self.app, self.players, citizens, neutral, self.first,
                                          self.names())
        self.app.replace(TroyesBoardScreen(self.app, controller))

    def draw_body(self, canvas: pygame.Surface) -> None:
        for row, key in enumerate(("troyes.players", "troyes.first")):
            draw_text(canvas, self.app.fonts, self.t(key),
                      (BODY.left, BODY.top + 10 + row * (ROW_H + 12) + ROW_H // 2),
                      theme.BODY_SIZE, anchor="midleft")
