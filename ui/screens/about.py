"""About: version, the controls in use, font, config and data paths, display, problems."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import draw_paragraph, draw_text
from .base import BODY, Screen

KEY_W = 170


class AboutScreen(Screen):
    name = "about"
    shows_hub_status = True

    def title(self) -> str:
        return self.t("about.title")

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        y = BODY.top + 4
        for key, value in self.app.about().items():
            draw_text(canvas, fonts, self.t(key), (BODY.left, y), theme.SMALL_SIZE, theme.TEXT_DIM)
            y = draw_paragraph(canvas, fonts, value,
                               pygame.Rect(BODY.left + KEY_W, y, BODY.width - KEY_W, 60),
                               theme.SMALL_SIZE) + 8
        problems = self.app.notice_texts() or [self.t("about.none")]
        draw_text(canvas, fonts, self.t("about.problems"), (BODY.left, y), theme.SMALL_SIZE,
                  theme.WARNING if self.app.notices else theme.TEXT_DIM)
        for text in problems:
            y = draw_paragraph(canvas, fonts, text,
                               pygame.Rect(BODY.left + KEY_W, y, BODY.width - KEY_W,
                                           BODY.bottom - y), theme.SMALL_SIZE) + 4
