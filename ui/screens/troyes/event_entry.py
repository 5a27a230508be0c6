"""An event card revealed (rules 3): the table enters once what the card prints — the dice that
fight it, its divisor, its flags, the first and second score, and whether it is the Plunder —
and the device keeps its cubes and awards it when full."""

from __future__ import annotations

import pygame

from companion.errors import IllegalDecision
from companion.troyes.dice import COLOURS
from companion.troyes.game import RevealEvent

from ... import theme
from ...widgets import Button, draw_paragraph, draw_text, grid
from ..base import BODY, Screen
from .controller import TroyesController

LABEL_W, ROW_H = 220, 58
NUMBERS = (("divisor", 1, 9), ("flags", 1, 9), ("first", 0, 20), ("second", 0, 20))


class EventEntryScreen(Screen):
    name = "troyes-event-entry"

    def __init__(self, app, controller: TroyesController):
        self.controller = controller
        self.card = {"colour": COLOURS[0], "divisor": 2, "flags": 3, "first": 4, "second": 2,
                     "plunder": False}
        self.problem: str | None = None
        super().__init__(app)

    def title(self) -> str:
        return self.t("troyes.event_title")

    def row(self, k: int) -> pygame.Rect:
        return pygame.Rect(BODY.left + LABEL_W, BODY.top + 4 + k * ROW_H, 330, ROW_H - 8)

    def build(self) -> None:
        for cell, colour in zip(grid(self.row(0), 3, 3, 8), COLOURS):
            self.add(Button(cell, lambda c=colour: self.t(f"troyes.colour_{c}"),
                            lambda c=colour: self.card.update(colour=c), name=colour,
                            selected=lambda c=colour: self.card["colour"] == c,
                            size=theme.BODY_SIZE))
        for k, (field, low, high) in enumerate(NUMBERS, start=1):
            self.add_stepper(self.row(k), field, lambda f=field: self.card[f],
                             lambda d, f=field, lo=low, hi=high: self.card.update(
                                 {f: max(lo, min(hi, self.card[f] + d))}))
        self.add(Button(pygame.Rect(BODY.right - 200, BODY.top + 4, 200, ROW_H - 8),
                        lambda: self.t("troyes.plunder"), self.toggle_plunder, name="plunder",
                        selected=lambda: self.card["plunder"], size=theme.BODY_SIZE))
        self.add(Button(pygame.Rect(BODY.right - 240, BODY.bottom - 60, 240, 60),
                        lambda: self.t("troyes.enter"), self.enter, name="enter",
                        selected=True))

    def toggle_plunder(self) -> None:
        self.card["plunder"] = not self.card["plunder"]

    def enter(self) -> None:
        try:
            self.controller.confirm(RevealEvent(**self.card))
        except IllegalDecision as exc:
            self.problem = self.refusal(exc)
            return
        self.app.pop()

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        for k, key in enumerate(("colour", *(f for f, *_ in NUMBERS))):
            draw_text(canvas, fonts, self.t(f"troyes.event_{key}"),
                      (BODY.left, self.row(k).centery), theme.BODY_SIZE, anchor="midleft")
        draw_paragraph(canvas, fonts, self.problem or self.t("troyes.divisor_info"),
                       pygame.Rect(BODY.left, BODY.bottom - 60, BODY.width - 260, 60),
                       theme.SMALL_SIZE, theme.WARNING if self.problem else theme.TEXT_DIM)
