"""History: every game ever stored — finished, in progress, damaged — newest first, read from the
store a page at a time (it opens at once with 10,000 games), filtered by game (All, then one
button per registered game). A row in progress reopens where it stands, a finished one opens
its detail (ui/screens/history_detail.py), a damaged one offers to delete it; any row can be
deleted (after asking) with the button at its right end. "Statistics" (title bar) opens
ui/screens/stats.py for the game shown. The game filter is shared with Statistics
(``game_filter.py``)."""

from __future__ import annotations

import pygame

from .. import theme
from ..geometry import WIDTH
from ..widgets import Button, draw_text
from .base import BODY
from .game_filter import FILTER, GameFilter
from .history_detail import HistoryDetailScreen, outcome_text, short_names
from .kept import ask_delete, can_open, game_name, open_kept
from .listing import ListScreen

LIST_TOP = FILTER.bottom + 22  # room above the rows for the count and the position
STATS = pygame.Rect(WIDTH - 132 - 8 - 170, 8, 170, 48)  # in the title bar, left of Back


class HistoryScreen(GameFilter, ListScreen):
    name = "history"
    visible_rows = 6
    area = pygame.Rect(BODY.left, LIST_TOP, BODY.width, BODY.bottom - LIST_TOP)
    title_width = STATS.left - 2 * theme.MARGIN  # px the title may take (Statistics, Back)

    def __init__(self, app):
        self.init_filter()
        super().__init__(app)

    def title(self) -> str:
        return self.t("history.title")

    def build(self) -> None:
        self.build_filter()
        self.add(Button(STATS, lambda: self.t("stats.open"), self.open_stats, name="stats",
                        size=theme.BODY_SIZE))
        self.build_list()

    def filter_changed(self) -> None:
        """The chosen game's rows, from the newest."""
        self.offset = 0
        self.reload()

    def open_stats(self) -> None:
        """Statistics, for the game History shows."""
        from .stats import StatsScreen  # deferred: History opens without Statistics' modules

        self.app.push(StatsScreen(self.app, self.filter))

    # --- the list ---------------------------------------------------------------------------
    def on_enter(self) -> None:
        """Back from a detail, a question or a game: the rows as they are now."""
        if self.filter is not None:  # a kind of session may have been stored since
            self.find_kinds()
        self.reload()

    def count(self) -> int:
        if self.kinds == ():
            return 0
        return self.app.store.count(self.kinds)

    def page(self, offset: int, limit: int):
        if self.kinds == ():
            return []
        return self.app.store.rows(self.kinds, offset, limit)

    @property
    def games(self):
        """The rows shown now (newest first)."""
        return self.items

    def row_text(self, row) -> str:
        """Date · game · players (shortened) · outcome (winner, first city, in progress, …)."""
        players = short_names(self.app, row)
        fields = {"date": row.played_at[:10], "game": game_name(self.app, row),
                  "outcome": outcome_text(self.app, row)}
        if not players:
            return self.t("history.row_nameless", **fields)
        return self.t("history.row", players=players, **fields)

    def open_row(self, row) -> None:
        if row.damaged:
            ask_delete(self.app, row, self.reload)
        elif not row.finished and can_open(row):
            open_kept(self.app, row)
        else:
            self.app.push(HistoryDetailScreen(self.app, row))

    def side_action(self, row):
        return "kept.delete", lambda: ask_delete(self.app, row, self.reload)

    def empty_text(self) -> str:
        if self.filter is None:
            return self.t("history.empty")
        return self.t("history.empty_game", game=self.t(f"game.{self.filter}"))

    def draw_body(self, canvas: pygame.Surface) -> None:
        if self.total:
            draw_text(canvas, self.app.fonts, self.t("history.count", n=self.total),
                      (self.area.left + 4, self.area.top - 11), theme.SMALL_SIZE,
                      theme.TEXT_DIM, anchor="midleft")
        self.draw_list(canvas)

