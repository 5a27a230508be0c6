"""Home: the games of the registry (any number, in rows of up to three), history and settings;
any start-up problem shown as a banner."""

from __future__ import annotations

import pygame

from .. import registry, theme
from ..geometry import HEIGHT, WIDTH
from ..widgets import Button, draw_paragraph, grid
from .base import BODY, Screen

GAMES_AREA = pygame.Rect(BODY.left, BODY.top + 36, BODY.width, 170)
PER_ROW = 3  # games in a row; more games make more rows in the same area
ICON = 40


class HomeScreen(Screen):
    name = "home"
    shows_back = False

    def title(self) -> str:
        return self.t("app.name")

    def build(self) -> None:
        self.games = registry.games()
        self.icons = {g.id: registry.resolve(g.icon) for g in self.games if g.icon}
        size = theme.BIG_SIZE if len(self.games) <= PER_ROW else theme.BUTTON_SIZE
        cells = grid(GAMES_AREA, len(self.games), min(len(self.games), PER_ROW))
        for rect, game in zip(cells, self.games):
            self.add(Button(rect, lambda g=game: self.t(g.title_key),
                            lambda g=game: self.open(g.id), size=size, name=game.id,
                            inset=ICON + 14 if game.icon else 0))
        lower = grid(pygame.Rect(BODY.left, BODY.top + 226, BODY.width, 88), 3, 3)
        self.kept = 0
        self.add(Button(lower[0], lambda: self.t("kept.home", n=self.kept), self.open_kept,
                        name="kept", selected=lambda: self.kept > 0, size=theme.BODY_SIZE))
        self.add(Button(lower[1], lambda: self.t("home.history"), self.open_history, name="history"))
        self.add(Button(lower[2], lambda: self.t("home.settings"), self.open_settings,
                        name="settings"))
        self.problems = self.add(Button(pygame.Rect(BODY.left, HEIGHT - 72, WIDTH - 2 * BODY.left, 56),
                                        self._problem_text, self.open_about, size=theme.SMALL_SIZE,
                                        name="problems", warning=True,
                                        visible=bool(self.app.notices)))

    def on_enter(self) -> None:
        """The kept games counted again; what the screens draw prepared while nobody waits
        (at start-up and after a change of language, which both come back here): queued by an
        idle task, so the first frame makes none of the tasks (issue 39)."""
        self.kept = self.app.store.count(kept=True)
        self.app.when_idle(self._prepare)

    def _prepare(self) -> None:
        from ..prepare import prepare  # deferred: idle work, after the first frame

        prepare(self.app)

    def rehearsals(self) -> list:
        """History (its first page of games: at 10,000 games its first frame drew ~50 texts)."""
        return [self._history_drawn]

    def _history_drawn(self, canvas: pygame.Surface) -> None:
        from .history import HistoryScreen  # here: start-up does not wait for it

        HistoryScreen(self.app).draw(canvas)

    def _problem_text(self) -> str:
        texts = self.app.notice_texts()
        return self.t("home.problems", count=len(texts), first=texts[0]) if texts else ""

    def draw_body(self, canvas: pygame.Surface) -> None:
        self.problems.visible = bool(self.app.notices)  # a notice may come after build
        draw_paragraph(canvas, self.app.fonts, self.t("home.subtitle"),
                       pygame.Rect(BODY.left, BODY.top, BODY.width, 30), theme.BODY_SIZE,
                       theme.TEXT_DIM)

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        """Each game's picture at the left of its button."""
        for game_id, draw_icon in self.icons.items():
            button = self.button(game_id)
            side = min(ICON, button.rect.height - 16)
            rect = pygame.Rect(button.rect.left + 14, 0, side, side)
            rect.centery = button.rect.centery
            draw_icon(canvas, rect, theme.TEXT_DIM)

    def open(self, game_id: str) -> None:
        """The game's setup screen."""
        self.app.push(registry.resolve(registry.entry(game_id).setup)(self.app))

    def open_kept(self, games: tuple[str, ...] | None = None) -> None:
        """The list of the games in progress (``games``: of those kinds only)."""
        from .kept_list import KeptGamesScreen  # deferred: start-up time (ListScreen)

        self.app.push(KeptGamesScreen(self.app, games))

    def open_history(self) -> None:
        from .history import HistoryScreen  # deferred: start-up time

        self.app.push(HistoryScreen(self.app))

    def open_settings(self) -> None:
        from .settings import SettingsScreen  # deferred: start-up time

        self.app.push(SettingsScreen(self.app))

    def open_about(self) -> None:
        from .about import AboutScreen  # deferred: start-up time

        self.app.push(AboutScreen(self.app))
