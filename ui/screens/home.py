"""Home: the three games, history and settings; any start-up problem shown as a banner."""

from __future__ import annotations

import pygame

from .. import theme
from ..geometry import HEIGHT, WIDTH
from ..widgets import Button, draw_paragraph, grid
from .base import BODY, Screen

GAMES = ("citadels", "troyes", "tiletum")


class HomeScreen(Screen):
    name = "home"
    shows_back = False

    def title(self) -> str:
        return self.t("app.name")

    def build(self) -> None:
        games = grid(pygame.Rect(BODY.left, BODY.top + 36, BODY.width, 170), 3, 3)
        for rect, game in zip(games, GAMES):
            self.add(Button(rect, lambda g=game: self.t(f"game.{g}"), lambda g=game: self.open(g),
                            size=theme.BIG_SIZE, name=game))
        lower = grid(pygame.Rect(BODY.left, BODY.top + 226, BODY.width, 88), 2, 2)
        self.add(Button(lower[0], lambda: self.t("home.history"), self.open_history, name="history"))
        self.add(Button(lower[1], lambda: self.t("home.settings"), self.open_settings,
                        name="settings"))
        self.problems = self.add(Button(pygame.Rect(BODY.left, HEIGHT - 72, WIDTH - 2 * BODY.left, 56),
                                        self._problem_text, self.open_about, size=theme.SMALL_SIZE,
                                        name="problems", warning=True,
                                        visible=bool(self.app.notices)))

    def _problem_text(self) -> str:
        texts = self.app.notice_texts()
        return self.t("home.problems", count=len(texts), first=texts[0]) if texts else ""

    def draw_body(self, canvas: pygame.Surface) -> None:
        draw_paragraph(canvas, self.app.fonts, self.t("home.subtitle"),
                       pygame.Rect(BODY.left, BODY.top, BODY.width, 30), theme.BODY_SIZE,
                       theme.TEXT_DIM)

    def open(self, game: str) -> None:
        if game == "citadels":
            from .citadels.setup import CitadelsSetupScreen

            self.app.push(CitadelsSetupScreen(self.app))
            return
        if game == "troyes":
            from .troyes.setup import TroyesSetupScreen

            self.app.push(TroyesSetupScreen(self.app))
            return
        from .tiletum.setup import TiletumSetupScreen

        self.app.push(TiletumSetupScreen(self.app))

    def open_history(self) -> None:
        from .history import HistoryScreen

        self.app.push(HistoryScreen(self.app))

    def open_settings(self) -> None:
        from .settings import SettingsScreen

        self.app.push(SettingsScreen(self.app))

    def open_about(self) -> None:
        from .about import AboutScreen

        self.app.push(AboutScreen(self.app))
