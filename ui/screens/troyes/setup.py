"""A new Troyes game: players, the start player (a seat, or drawn at the start), and where
everyone's citizens stand; the last game's choices come back (ui/screens/setup_table.py)."""

from __future__ import annotations

import pygame

from companion.troyes.economy import MAX_PLAYERS, MIN_PLAYERS
from companion.troyes.setup_guide import steps as guide_steps
from companion.troyes.game import assumed_placement
from companion.troyes.scoring import character_cards

from ... import theme
from ...widgets import Button, draw_text, row_cells
from ..base import BODY, Screen
from ..kept import add_start_row
from .. import setup_guide
from ..score_flow import open_entry
from ..setup_table import RANDOM, TableSetup
from .board import TroyesBoardScreen
from .controller import TroyesController
from .score import TroyesScoreController

ROW_H = 56


class TroyesSetupScreen(TableSetup, Screen):
    name = "troyes-setup"
    game_id, low, high = "troyes", MIN_PLAYERS, MAX_PLAYERS

    def __init__(self, app):
        self.app = app
        first = self.open_table(3).get("first")
        self.first_random = first == RANDOM
        self.first = first if isinstance(first, int) and 1 <= first <= self.players else 1
        super().__init__(app)

    def title(self) -> str:
        return self.t("troyes.setup_title")

    def build(self) -> None:
        t = self.t
        for row, items in enumerate((  # (name, label, action, width or None, selected)
                [("fewer", "-", lambda: self.set_players(-1), 60, False),
                 ("count", self.table_label, self.choose_players, None, False),
                 ("more", "+", lambda: self.set_players(1), 60, False)],
                [("first-prev", "<", lambda: self.move_first(-1), 60, False),
                 ("first", self.first_label, None, None, False),
                 ("first-next", ">", lambda: self.move_first(1), 60, False),
                 ("first-random", lambda: t("setup.random_seat"), self.random_first, 150,
                  lambda: self.first_random)])):
            area = pygame.Rect(BODY.left + 200, BODY.top + 10 + row * (ROW_H + 12),
                               BODY.width - 200, ROW_H)
            cells = row_cells(area, [item[3] for item in items], 10)
            for rect, (name, label, action, _, selected) in zip(cells, items):
                self.add(Button(rect, label, action, name=name, size=theme.BODY_SIZE,
                                selected=selected))
        self.kept = add_start_row(self, "troyes", "troyes.start", 240, 190)

    def on_enter(self) -> None:
        self.kept.refresh()

    def score_only(self) -> None:
        """Final scoring of a game played without the device."""
        open_entry(self.app, TroyesScoreController.new(self.app, self.names(),
                                                       character_cards(self.players)))

    def set_players(self, step: int) -> None:
        self.set_count(self.players + step)

    def count_changed(self) -> None:
        self.first = min(self.first, self.players)

    def first_label(self) -> str:
        return self.t("setup.drawn_at_start") if self.first_random else self.names()[self.first - 1]

    def move_first(self, step: int) -> None:
        if not self.first_random:
            self.first = (self.first - 1 + step) % self.players + 1
        self.first_random = False

    def random_first(self) -> None:
        """The start player is drawn when the game starts."""
        self.first_random = not self.first_random

    def start(self) -> None:
        """A new game on its board, opening with the starting placement (citizen by citizen,
        in snake order from the start player), its set-up guide over it."""
        self.remember(first=RANDOM if self.first_random else self.first)
        first = self.random_seat() if self.first_random else self.first
        citizens, neutral = assumed_placement(self.players)
        controller = TroyesController.new(self.app, self.players, citizens, neutral, first,
                                          self.names())
        self.app.replace(TroyesBoardScreen(self.app, controller))
        setup_guide.offer(self.app, guide_steps(controller.session.config))

    def draw_body(self, canvas: pygame.Surface) -> None:
        for row, key in enumerate(("troyes.players", "troyes.first")):
            draw_text(canvas, self.app.fonts, self.t(key),
                      (BODY.left, BODY.top + 10 + row * (ROW_H + 12) + ROW_H // 2),
                      theme.BODY_SIZE, anchor="midleft")
