"""The short log of a Troyes game, whole: what the last decisions did, newest first, each
line wrapped to the screen's width."""

from __future__ import annotations

import pygame

from ... import theme
from ...widgets import draw_paragraph, wrap
from ..base import BODY, Screen
from .controller import TroyesController
from .log_text import line_text

LINE_H = 21


class TroyesLogScreen(Screen):
    name = "troyes-log"

    def __init__(self, app, controller: TroyesController):
        self.controller = controller
        super().__init__(app)

    def title(self) -> str:
        return self.t("troyes.log_title")

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts, top = self.app.fonts, BODY.top + 4
        for line in reversed(self.controller.view().log):
            text = line_text(self.t, self.controller.name, line)
            height = len(wrap(fonts, text, theme.SMALL_SIZE, BODY.width)) * LINE_H
            if top + height > BODY.bottom:
                break
            draw_paragraph(canvas, fonts, text, pygame.Rect(BODY.left, top, BODY.width, height),
                           theme.SMALL_SIZE)
            top += height + 4
