"""Where each player's citizens stand (Town Hall, Bishopric, Palace): they decide the dice
rolled and the wages. Entered at the start and whenever citizens are placed or lost."""

from __future__ import annotations

import pygame

from companion.troyes.game import Citizens

from ... import theme
from ...widgets import Button, draw_text, grid
from ..base import BODY, Screen
from .controller import TroyesController

BUILDINGS = ("town_hall", "bishopric", "palace")
NAME_W = 150


class CitizensScreen(Screen):
    name = "troyes-citizens"

    def __init__(self, app, controller: TroyesController):
        self.controller = controller
        self.counts = [list(p.citizens) for p in controller.state.players]
        super().__init__(app)

    def title(self) -> str:
        return self.t("troyes.citizens_title")

    def row(self, seat: int) -> pygame.Rect:
        return pygame.Rect(BODY.left + NAME_W, BODY.top + 40 + (seat - 1) * 68,
                           BODY.width - NAME_W, 56)

    def build(self) -> None:
        for seat in range(1, len(self.counts) + 1):
            for cell, b in zip(grid(self.row(seat), 3, 3, 14), range(3)):
                minus, value, plus = grid(cell, 3, 3, 4)
                self.add(Button(minus, "-", lambda s=seat, b=b: self.step(s, b, -1),
                                name=f"c{seat}-{BUILDINGS[b]}-less", size=theme.BODY_SIZE))
                self.add(Button(value, lambda s=seat, b=b: str(self.counts[s - 1][b]), None,
                                name=f"c{seat}-{BUILDINGS[b]}", size=theme.BODY_SIZE))
                self.add(Button(plus, "+", lambda s=seat, b=b: self.step(s, b, 1),
                                name=f"c{seat}-{BUILDINGS[b]}-more", size=theme.BODY_SIZE))
        self.add(Button(pygame.Rect(BODY.right - 200, BODY.bottom - 60, 200, 60),
                        lambda: self.t("common.done"), self.done, name="done", selected=True))

    def step(self, seat: int, building: int, delta: int) -> None:
        self.counts[seat - 1][building] = max(0, min(12, self.counts[seat - 1][building] + delta))

    def done(self) -> None:
        """Store the players whose citizens changed, then back to the board."""
        for seat, counts in enumerate(self.counts, start=1):
            if tuple(counts) != self.controller.state.players[seat - 1].citizens:
                self.controller.confirm(Citizens(seat, *counts))
        self.app.pop()

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        for cell, b in zip(grid(self.row(1), 3, 3, 14), BUILDINGS):
            draw_text(canvas, fonts, self.t(f"troyes.{b}"), (cell.centerx, BODY.top + 14),
                      theme.SMALL_SIZE, theme.TEXT_DIM, anchor="center")
        for seat in range(1, len(self.counts) + 1):
            draw_text(canvas, fonts, self.controller.name(seat),
                      (BODY.left, self.row(seat).centery), theme.BODY_SIZE, anchor="midleft")
