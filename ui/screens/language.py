"""First start: choose Korean or English once (Settings can change it later)."""

from __future__ import annotations

import pygame

from .. import theme
from ..geometry import WIDTH
from ..widgets import Button, draw_text
from .base import Screen

CHOICES_TOP = 130  # the two choices, then the lines saying the choice is not final
HINT_TOP = 350


class LanguageScreen(Screen):
    name = "language"
    shows_back = False

    def title(self) -> str:
        return self.t("lang.title")

    def build(self) -> None:
        for i, language in enumerate(("ko", "en")):
            rect = pygame.Rect(80 + i * 340, CHOICES_TOP, 300, 160)
            self.add(self._choice(rect, language))

    def _choice(self, rect, language):
        def choose():
            self.app.set_language(language)
            self.app.pop()

        return Button(rect, self.t(f"lang.{language}"), choose, size=theme.BIG_SIZE,
                      name=language, enabled=language == "en" or self.app.fonts.has_hangul)

    def draw_body(self, canvas: pygame.Surface) -> None:
        """Both languages' line, one under the other (the player may read either)."""
        line_h = self.app.fonts.get(theme.BODY_SIZE).get_linesize() + 6
        for i, line in enumerate(self.t("lang.later").split(" · ")):
            draw_text(canvas, self.app.fonts, line, (WIDTH // 2, HINT_TOP + i * line_h),
                      theme.BODY_SIZE, theme.TEXT_DIM, anchor="center")

    def on_back(self) -> None:
        """No way around the question: it is asked once and takes one tap."""
