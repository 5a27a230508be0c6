"""A game whose companion is not in this version yet says so plainly."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import draw_paragraph
from .base import BODY, Screen


class ComingScreen(Screen):
    name = "coming"

    def __init__(self, app, game: str):
        self.game = game
        super().__init__(app)
        self.name = f"coming-{game}"

    def title(self) -> str:
        return self.t(f"game.{self.game}")

    def draw_body(self, canvas: pygame.Surface) -> None:
        draw_paragraph(canvas, self.app.fonts,
                       self.t("coming.body", game=self.t(f"game.{self.game}")),
                       BODY.inflate(-40, -120), theme.BIG_SIZE, theme.TEXT_DIM)
