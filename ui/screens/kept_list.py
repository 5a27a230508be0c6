"""The list of every game in progress (ui/screens/kept.py keeps what reopens them: start-up
imports that, and this list only when it is opened)."""

from __future__ import annotations

import pygame

from .base import BODY
from .kept import ask_delete, describe, open_kept, opening_rehearsals
from .listing import ListScreen


class KeptGamesScreen(ListScreen):
    """Every game in progress (or those of one game), newest first: tap to continue, Delete at
    the right end of each row (asks first)."""

    name = "kept"
    area = pygame.Rect(BODY.left, BODY.top + 24, BODY.width, BODY.height - 24)
    visible_rows = 5

    def __init__(self, app, games: tuple[str, ...] | None = None):
        self.games = games
        super().__init__(app)

    def title(self) -> str:
        return self.t("kept.title")

    def build(self) -> None:
        self.build_list()

    def on_enter(self) -> None:
        self.reload()

    def rehearsals(self) -> list:
        """The first game of the list reopened, rehearsed (``opening_rehearsals``)."""
        return opening_rehearsals(self.app, self.items if self.offset == 0 else [])

    def count(self) -> int:
        return self.app.store.count(self.games, kept=True)

    def page(self, offset: int, limit: int):
        return self.app.store.kept(self.games, offset, limit)

    def row_text(self, row) -> str:
        return describe(self.app, row, self.slots[0][0].rect.width - 16)

    def open_row(self, row) -> None:
        open_kept(self.app, row)

    def side_action(self, row):
        return "kept.delete", lambda: ask_delete(self.app, row, self.reload)

    def empty_text(self) -> str:
        return self.t("kept.empty")

    def draw_body(self, canvas: pygame.Surface) -> None:
        self.draw_list(canvas)
