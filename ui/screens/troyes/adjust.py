"""Correct a player's deniers, VP and influence for what the device does not compute (event
rewards, action-card effects, a citizen taken for influence), and, where the reading keeps it,
the citizens in their own supply (a worker hired from it). Each tap is stored at once. Where
the scores are secret the VP row shows only the change made here, never the player's VP.
Citizens opens the citizens of the whole table, in any phase."""

from __future__ import annotations

import pygame

from companion.errors import IllegalDecision
from companion.troyes.game import Adjust

from ... import theme
from ...widgets import Button, draw_fitted, draw_paragraph, fit_title
from ..base import BODY, Screen
from .controller import TroyesController
from .citizens import CitizensScreen

FIELDS = ("deniers", "vp", "influence")
LABEL_W = 200


class AdjustScreen(Screen):
    name = "troyes-adjust"

    def __init__(self, app, controller: TroyesController, seat: int):
        self.controller, self.seat = controller, seat
        self.vp_changed = 0  # the VP changes made here (all the table sees of secret VP)
        self.problem: str | None = None
        super().__init__(app)

    def title(self) -> str:
        name = self.controller.name(self.seat)
        return fit_title(self, self.t("troyes.adjust_title", name=name), name)

    @property
    def player(self):
        return self.controller.view().players[self.seat - 1]

    def fields(self) -> tuple[str, ...]:
        return FIELDS + (("supply",) if self.controller.view().keeps_supply else ())

    def row(self, i: int) -> pygame.Rect:
        return pygame.Rect(BODY.left + LABEL_W, BODY.top + 20 + i * 80, BODY.width - LABEL_W, 64)

    def build(self) -> None:
        for i, field_name in enumerate(self.fields()):
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

    def hidden(self, field_name: str) -> bool:
        """Whether the table may not see this number (the player's secret VP)."""
        return field_name == "vp" and self.player.vp is None

    def value(self, field_name: str) -> int | str:
        if self.hidden(field_name):
            return f"{self.vp_changed:+d}"
        return getattr(self.player, field_name)

    def change(self, field_name: str, delta: int) -> None:
        try:
            self.controller.confirm(Adjust(self.seat, **{field_name: delta}))
        except IllegalDecision as exc:
            self.problem = self.refusal(exc)
            return
        self.problem = None
        if field_name == "vp":
            self.vp_changed += delta

    def draw_body(self, canvas: pygame.Surface) -> None:
        for i, field_name in enumerate(self.fields()):
            key = "troyes.vp_change" if self.hidden(field_name) else f"troyes.{field_name}"
            draw_fitted(canvas, self.app.fonts, self.t(key),
                        pygame.Rect(BODY.left, self.row(i).top, LABEL_W - 8, 64), theme.BODY_SIZE,
                        floor=theme.SMALL_SIZE)
        if self.problem:
            draw_paragraph(canvas, self.app.fonts, self.problem,
                           pygame.Rect(BODY.left + 250, BODY.bottom - 60, BODY.width - 460, 60),
                           theme.SMALL_SIZE, theme.WARNING)
