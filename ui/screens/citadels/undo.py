"""Undo with confirmation: says which step would be taken back (in public words) and asks."""

from __future__ import annotations

import pygame

from companion.citadels.calling import (Bribe, CompleteCity, EndTurn, GiveCrown, RevealThreat,
                                        RevealWarrant, Target, Threats, Warrants)

from ... import theme
from ...widgets import Button, draw_paragraph, grid
from ..base import BODY, Screen
from .controller import GameController


PLAIN = {Warrants: "undo.warrants", Threats: "undo.threats", RevealThreat: "undo.reveal_threat",
         RevealWarrant: "undo.reveal_warrant"}


def describe(screen: Screen, controller: GameController, decision, before) -> str:
    """The step in words everyone may hear: never which warrant or threat is the real one."""
    c, t = controller, screen.t
    if type(decision) in PLAIN:
        return t(PLAIN[type(decision)])
    if isinstance(decision, Target):
        return t("undo.target", character=c.rank_name(decision.rank))
    if isinstance(decision, GiveCrown):
        return t("undo.crown", name=c.name(decision.to))
    if isinstance(decision, Bribe):
        return t("undo.bribe_paid" if decision.paid else "undo.bribe_refused")
    if isinstance(decision, CompleteCity):
        return t("undo.city", name=c.name(decision.seat))
    assert isinstance(decision, EndTurn)
    return t("undo.end_turn", character=c.rank_name(before.rank))


class UndoScreen(Screen):
    name = "undo"

    def __init__(self, app, controller: GameController):
        self.controller = controller
        super().__init__(app)
        decision, before = controller.last_step()
        self.step = describe(self, controller, decision, before)

    def title(self) -> str:
        return self.t("undo.title")

    def build(self) -> None:
        left, right = grid(pygame.Rect(BODY.left, BODY.bottom - 90, BODY.width, 90), 2, 2, 16)
        self.add(Button(left, lambda: self.t("undo.keep"), self.app.pop, name="keep"))
        self.add(Button(right, lambda: self.t("undo.confirm"), self.undo, name="confirm",
                        warning=True))
        self.focus = 1  # OK keeps the step: taking it back needs a deliberate move

    def undo(self) -> None:
        self.controller.undo()
        self.controller.nav.show_game()

    def draw_body(self, canvas: pygame.Surface) -> None:
        draw_paragraph(canvas, self.app.fonts, self.t("undo.question"),
                       pygame.Rect(BODY.left, BODY.top + 30, BODY.width, 40), theme.BODY_SIZE,
                       theme.TEXT_DIM)
        draw_paragraph(canvas, self.app.fonts, self.step,
                       pygame.Rect(BODY.left, BODY.top + 90, BODY.width, 150),
                       theme.TITLE_SIZE, theme.ACCENT)
