"""Correct a player's deniers, VP and influence for what the device does not compute (event
rewards, action-card effects, a citizen taken for influence). Each tap is stored at once.
Citizens opens the citizens of the whole table, in any phase."""

from __future__ import annotations

import pygame

from companion.troyes.game import Adjust

from ... import theme
from ...widgets import Button, draw_text, fit_title
from ..base import BODY, Screen
from .controller import TroyesController
from .citizens import CitizensScreen

FIELDS = ("deniers", "vp", "influence")
LABEL_W = 200


class AdjustScreen(Screen):
    name = "troyes-adjust"

    def __init__(self, app, controller: TroyesController, seat: int):
        self.controller, self.seat = controller, seat
        super().__init__(app)

    def title(self) -> str:
        name = self.controller.name(self.seat)
        return fit_title(self, self.t("troyes.adjust_title", name=name), name)

    def row(self, i: int) -> pygame.Rect:
        return pygame.Rect(BODY.left + LABEL_W, BODY.top + 20 + i * 80, BODY.width - LABEL_W, 64)

    def build(self) -> None:
        for i, field_name in enumerate(FIELDS):
            self.add_stepper(self.row(i), field_name,
                             lambda f=field_name: self.value(f),
                             lambda d, f=field_name: self.change(f, d),
                             (("-5", "-5", -5), ("-1", "-1", -1), None, ("+1", "+1", 1),
                              ("+5", "+5", 5)), gap=8)
        self.add(Button(pygame.Rect(BODY.left, BODY.bottom - 60, 240, 60),
                        lambda: self.t("troyes.citizens"), self.citizens, name="citizens"))
        self.add(Button(pygame.Rect(BODY.right - 200, BODY.bottom - 60, 200, 60),
                        lambda: self.t("common.done"), self.app.pop, name="done", selected=True))

    def citizens(self) -> None:
        self.app.push(CitizensScreen(self.app, self.controller))

    def value(self, field_name: str) -> int:
        return getattr(self.controller.view().players[self.seat - 1], field_name)

    def change(self, field_name: str, delta: int) -> None:
        self.controller.confirm(Adjust(self.seat, **{field_name: delta}))

    def draw_body(self, canvas: pygame.Surface) -> None:
        for i, field_name in enumerate(FIELDS):
            draw_text(canvas, self.app.fonts, self.t(f"troyes.{field_name}"),
                      (BODY.left, self.row(i).centery), theme.BODY_SIZE, anchor="midleft")
