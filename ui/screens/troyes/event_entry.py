"""An event card entered as printed — the dice that fight it, its divisor, flags, first and
second score and the black dice it shows —, each number a row of the values a card may print
(one tap each), the whole card prefilled (companion/troyes/reveals.py: the deck's colour; the
numbers are not in the seed, so the screen says to check them). It is asked as the card is
revealed (rules 6: the Plunder, the red card, the card the red one names), or entered by the
table from Events (with a Plunder switch while none is on the table); the device then keeps its
cubes and awards it when full."""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.errors import IllegalDecision
from companion.troyes.dice import COLOURS
from companion.troyes.reveals import offered, prefill

from ... import theme
from ...widgets import Button, draw_paragraph, draw_text
from ..base import BODY, Screen
from .controller import TroyesController

LABEL_W, ROW_H, CHIP_W, GAP = 150, 54, 51, 5
COLOUR_W, PLUNDER_W = 124, 150
NUMBERS = ("divisor", "flags", "first", "second", "black")
ENTER = pygame.Rect(BODY.right - 240, BODY.bottom - 56, 240, 56)


class EventEntryScreen(Screen):
    name = "troyes-event-entry"

    def __init__(self, app, controller: TroyesController, kind: str = ""):
        """``kind``: the card asked (``PLUNDER``, "red", "white", "yellow"), or "" for one the
        table enters from Events."""
        self.controller, self.kind = controller, kind
        self.card = prefill(kind)
        self.problem: str | None = None
        super().__init__(app)

    def title(self) -> str:
        return self.t(f"troyes.event_title_{self.kind}" if self.kind else "troyes.event_title")

    def row(self, k: int) -> pygame.Rect:
        return pygame.Rect(BODY.left + LABEL_W, BODY.top + 2 + k * ROW_H,
                           BODY.width - LABEL_W, ROW_H - 6)

    def chip(self, k: int, i: int, width: int = CHIP_W) -> pygame.Rect:
        row = self.row(k)
        return pygame.Rect(row.left + i * (width + GAP), row.top, width, row.height)

    def build(self) -> None:
        for i, colour in enumerate(COLOURS):
            self.add(Button(self.chip(0, i, COLOUR_W),
                            lambda c=colour: self.t(f"troyes.colour_{c}"),
                            lambda c=colour: self.set(colour=c), name=colour,
                            selected=lambda c=colour: self.card.colour == c,
                            size=theme.BODY_SIZE))
        if not self.kind and not any(c.plunder for c in self.controller.view().events):
            self.add(Button(pygame.Rect(BODY.right - PLUNDER_W, self.row(0).top, PLUNDER_W,
                                        self.row(0).height),
                            lambda: self.t("troyes.plunder"), self.toggle_plunder,
                            name="plunder", selected=lambda: self.card.plunder,
                            size=theme.BODY_SIZE))
        ranges = offered()
        for k, field in enumerate(NUMBERS, start=1):
            low, high = ranges[field]
            for i, n in enumerate(range(low, high + 1)):
                self.add(Button(self.chip(k, i), str(n), lambda f=field, n=n: self.set(**{f: n}),
                                name=f"{field}{n}",
                                selected=lambda f=field, n=n: getattr(self.card, f) == n,
                                size=theme.BODY_SIZE))
        self.add(Button(ENTER, lambda: self.t("troyes.enter"), self.enter, name="enter",
                        selected=True))

    def set(self, **printed) -> None:
        self.card, self.problem = replace(self.card, **printed), None

    def toggle_plunder(self) -> None:
        self.set(plunder=not self.card.plunder)

    def enter(self) -> None:
        try:
            self.controller.confirm(self.card)
        except IllegalDecision as exc:
            self.problem = self.refusal(exc)
            return
        self.app.pop()

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        for k, key in enumerate(("colour", *NUMBERS)):
            draw_text(canvas, fonts, self.t(f"troyes.event_{key}"),
                      (BODY.left, self.row(k).centery), theme.BODY_SIZE, anchor="midleft",
                      box=pygame.Rect(BODY.left, self.row(k).top, LABEL_W - 8, ROW_H))
        draw_paragraph(canvas, fonts, self.problem or self.t("troyes.event_hint"),
                       pygame.Rect(BODY.left, ENTER.top, ENTER.left - BODY.left - 12,
                                   ENTER.height), theme.SMALL_SIZE,
                       theme.WARNING if self.problem else theme.TEXT_DIM)
