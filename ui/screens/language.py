"""First start: choose Korean or English once (Settings can change it later)."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button
from .base import Screen


class LanguageScreen(Screen):
    name = "language"
    shows_back = False

    def title(self) -> str:
        return self.t("lang.title")

    def build(self) -> None:
        for i, language in enumerate(("ko", "en")):
            rect = pygame.Rect(80 + i * 340, 170, 300, 160)
            self.add(self._choice(rect, language))

    def _choice(self, rect, language):
        def choose():
            self.app.set_language(language)
            self.app.pop()

        return Button(rect, self.t(f"lang.{language}"), choose, size=theme.BIG_SIZE,
                      name=language, enabled=language == "en" or self.app.fonts.has_hangul)

    def on_back(self) -> None:
        """No way around the question: it is asked once and takes one tap."""
