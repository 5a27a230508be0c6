"""Statistics, opened from History: the finished games summed up as pictures, for every game or
one (the same filter as History's). Four pages, chosen at the bottom: Players (a row each:
games, wins, win-rate bar, average and best, a sparkline of the latest scores, last played),
Characters (how often each Citadels character's holder won), Scores (each game's
histogram of final scores) and Dice (each colour's faces against fair dice). ◀ ▶ page through a long list. The numbers come from
storage/stats.py, read once for each filter and page kind (a page of Players reads its
players' latest games when first turned to), never while drawing."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button, draw_text, grid
from .base import BODY, Screen
from .game_filter import FILTER, GameFilter
from .stats_characters import CharactersView
from .stats_dice import DiceView
from .stats_players import PlayersView
from .stats_scores import ScoresView

BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 52, BODY.width, 52)
CONTENT = pygame.Rect(BODY.left, FILTER.bottom + 10, BODY.width,
                      BOTTOM.top - 10 - FILTER.bottom - 10)
TABS = pygame.Rect(BOTTOM.left, BOTTOM.top, 500, BOTTOM.height)
PAGER_W = 72  # each of ◀ and ▶
PAGE_LABEL_W = 90  # "12 / 40" between them
VIEWS = {"players": PlayersView, "characters": CharactersView, "scores": ScoresView,
         "dice": DiceView}


class StatsScreen(GameFilter, Screen):
    name = "stats"

    def __init__(self, app, game_id: str | None = None):
        self.init_filter(game_id)
        self.view_name = "players"
        self.page = 0
        super().__init__(app)

    def title(self) -> str:
        return self.t("stats.title")

    def build(self) -> None:
        self.build_filter()
        for cell, name in zip(grid(TABS, len(VIEWS), len(VIEWS), 8), VIEWS):
            self.add(Button(cell, lambda n=name: self.t(f"stats.{n}"),
                            lambda n=name: self.show_view(n), name=f"view-{name}",
                            selected=lambda n=name: self.view_name == n, size=theme.BODY_SIZE))
        right = BOTTOM.right
        self.add(Button(pygame.Rect(right - PAGER_W, BOTTOM.top, PAGER_W, BOTTOM.height), "▶",
                        lambda: self.turn(1), name="page-next"))
        self.add(Button(pygame.Rect(right - 2 * PAGER_W - PAGE_LABEL_W, BOTTOM.top, PAGER_W,
                                    BOTTOM.height), "◀", lambda: self.turn(-1),
                        name="page-prev"))
        self.read()

    # --- what is shown ----------------------------------------------------------------------
    def read(self) -> None:
        """The numbers of the page kind shown, for the filter's game, from the first page."""
        self.view = VIEWS[self.view_name](self.app, self.kinds, self.filter)
        self.page = 0
        self.turn(0)

    def filter_changed(self) -> None:
        self.read()

    def show_view(self, name: str) -> None:
        self.view_name = name
        self.read()

    def turn(self, step: int) -> None:
        """``step`` pages on (−1 back), within the pages there are."""
        pages = self.view.pages()
        self.page = max(0, min(self.page + step, pages - 1))
        self.view.page(self.page)  # (read now, on the tap, not while drawing)
        for name in ("page-prev", "page-next"):
            self.button(name).visible = pages > 1
        self.button("page-prev").enabled = self.page > 0
        self.button("page-next").enabled = self.page < pages - 1
        self.app.dirty = True

    # --- drawing ----------------------------------------------------------------------------
    def draw_body(self, canvas: pygame.Surface) -> None:
        self.view.draw(canvas, CONTENT, self.page)
        pages = self.view.pages()
        if pages > 1:
            draw_text(canvas, self.app.fonts, f"{self.page + 1} / {pages}",
                      (BOTTOM.right - PAGER_W - PAGE_LABEL_W // 2, BOTTOM.centery),
                      theme.BODY_SIZE, theme.TEXT, anchor="center")
