"""Undo asks first: the step that would be taken back, in words everyone may hear, then Keep
it or Undo. Nothing is taken back until Undo is tapped; OK keeps the step."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button, draw_paragraph, grid
from .base import BODY, Screen


class UndoQuestion(Screen):
    """A game's undo question; ``step`` (set by the game's screen) says the step in words, and
    ``after_undo`` shows the game as it then stands."""

    step = ""

    def __init__(self, app, controller):
        self.controller = controller
        super().__init__(app)

    def title(self) -> str:
        return self.t("undo.title")

    def build(self) -> None:
        left, right = grid(pygame.Rect(BODY.left, BODY.bottom - 90, BODY.width, 90), 2, 2, 16)
        keep = self.add(Button(left, lambda: self.t("undo.keep"), self.app.pop, name="keep"))
        self.add(Button(right, lambda: self.t("undo.confirm"), self.undo, name="confirm",
                        warning=True))
        self.focus = self.buttons.index(keep)  # taking a step back needs a deliberate move

    def undo(self) -> None:
        self.controller.undo()
        self.after_undo()

    def after_undo(self) -> None:
        self.app.pop()

    def draw_body(self, canvas: pygame.Surface) -> None:
        draw_paragraph(canvas, self.app.fonts, self.t("undo.question"),
                       pygame.Rect(BODY.left, BODY.top + 30, BODY.width, 40), theme.BODY_SIZE,
                       theme.TEXT_DIM)
        draw_paragraph(canvas, self.app.fonts, self.step,
                       pygame.Rect(BODY.left, BODY.top + 90, BODY.width, 150),
                       theme.TITLE_SIZE, theme.ACCENT, names=self.controller.names)
