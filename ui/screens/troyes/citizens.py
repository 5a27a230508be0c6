"""Where each player's citizens stand (Town Hall, Bishopric, Palace): they decide the dice
rolled and the wages. A correction, in any phase: the citizen action and the starting
placement keep them otherwise. Under rules 3 the whole table is stored at once, checked
against the limits (12 per player, 6 spaces per building); a refusal is shown, nothing lost."""

from __future__ import annotations

import pygame

from companion.errors import IllegalDecision
from companion.troyes.game import Citizens, Neutral, Placement
from companion.troyes.placement import BUILDINGS

from ... import theme
from ...widgets import Button, draw_fitted, draw_paragraph, draw_text, grid
from ..base import BODY, Screen
from .controller import TroyesController

NAME_W = 150


class CitizensScreen(Screen):
    name = "troyes-citizens"

    def __init__(self, app, controller: TroyesController):
        self.controller = controller
        view = controller.view()  # the players, then the neutral citizens
        self.counts = [list(p.citizens) for p in view.players] + [list(view.neutral_citizens)]
        self.problem: str | None = None
        super().__init__(app)

    def title(self) -> str:
        return self.t("troyes.citizens_title")

    def row(self, seat: int) -> pygame.Rect:
        return pygame.Rect(BODY.left + NAME_W, BODY.top + 34 + (seat - 1) * 58,
                           BODY.width - NAME_W, 52)

    def build(self) -> None:
        for seat in range(1, len(self.counts) + 1):
            key = "cn" if seat == len(self.counts) else f"c{seat}"  # cn: the neutral citizens
            for cell, b in zip(grid(self.row(seat), 3, 3, 14), range(3)):
                self.add_stepper(cell, f"{key}-{BUILDINGS[b]}",
                                 lambda s=seat, b=b: self.counts[s - 1][b],
                                 lambda d, s=seat, b=b: self.step(s, b, d))
        self.add(Button(pygame.Rect(BODY.right - 200, BODY.bottom - 60, 200, 60),
                        lambda: self.t("common.done"), self.done, name="done", selected=True))

    def step(self, seat: int, building: int, delta: int) -> None:
        counts, most = self.counts[seat - 1], self.controller.view().max_citizens
        counts[building] = max(0, min(most, counts[building] + delta))

    def done(self) -> None:
        """Store the citizens if they changed, then back to the board."""
        view = self.controller.view()
        players, neutral = [tuple(c) for c in self.counts[:-1]], tuple(self.counts[-1])
        if players == [p.citizens for p in view.players] and neutral == view.neutral_citizens:
            self.app.pop()
            return
        try:
            if view.tracks_board:  # as a whole: citizens may move between players
                self.controller.confirm(Placement(tuple(players), neutral))
            else:
                self.store_each(view, players, neutral)
        except IllegalDecision as exc:
            self.problem = self.refusal(exc)
            return
        self.app.pop()

    def store_each(self, view, players, neutral) -> None:
        """Games kept before rules 3: the citizens of each player that changed."""
        for seat, counts in enumerate(players, start=1):
            if counts != view.players[seat - 1].citizens:
                self.controller.confirm(Citizens(seat, *counts))
        if neutral != view.neutral_citizens:
            self.controller.confirm(Neutral(*neutral))

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        for cell, b in zip(grid(self.row(1), 3, 3, 14), BUILDINGS):
            draw_text(canvas, fonts, self.t(f"troyes.{b}"), (cell.centerx, BODY.top + 12),
                      theme.SMALL_SIZE, theme.TEXT_DIM, anchor="center")
        for seat in range(1, len(self.counts) + 1):
            is_neutral = seat == len(self.counts)
            row = self.row(seat)
            draw_fitted(canvas, fonts, self.controller.name(None if is_neutral else seat),
                        pygame.Rect(BODY.left, row.top, NAME_W - 10, row.height),
                        theme.BODY_SIZE)
        if self.problem:
            draw_paragraph(canvas, fonts, self.problem,
                           pygame.Rect(BODY.left, BODY.bottom - 60, BODY.width - 220, 60),
                           theme.SMALL_SIZE, theme.WARNING)
