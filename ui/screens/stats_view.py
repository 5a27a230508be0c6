"""What the pages of Statistics have in common: a view reads its numbers once (for the game the
filter shows), what only a page shows when that page is first turned to, then draws one page
at a time, or says there is nothing yet."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import draw_text, fit_size, wrap


class StatsView:
    """Subclasses set ``per_page`` and give ``read()`` (the items, from storage/stats.py) and
    ``draw_page(canvas, rect, items)``; ``empty_text()`` when there are none; and
    ``read_page(items)`` when a page's items need more read the first time it is shown."""

    per_page = 1

    def __init__(self, app, kinds: tuple[str, ...] | None, game_id: str | None):
        self.app, self.kinds, self.game_id = app, kinds, game_id
        self.items = self.read()
        self._pages: dict[int, list] = {}  # the pages shown so far, by number

    def t(self, key: str, **fields) -> str:
        return self.app.t(key, **fields)

    def read(self) -> list:
        raise NotImplementedError

    def draw_page(self, canvas: pygame.Surface, rect: pygame.Rect, items: list) -> None:
        raise NotImplementedError

    def empty_text(self) -> str:
        """No finished game (of the filter's game)."""
        if self.game_id is None:
            return self.t("stats.empty")
        return self.t("stats.empty_game", game=self.t(f"game.{self.game_id}"))

    def read_page(self, items: list) -> list:
        """One page's ``items`` as drawn (read once, when the page is first shown)."""
        return items

    def page(self, page: int) -> list:
        """The items of page ``page`` (from 0), as ``read_page`` gives them."""
        if page not in self._pages:
            start = page * self.per_page
            self._pages[page] = self.read_page(self.items[start:start + self.per_page])
        return self._pages[page]

    def pages(self) -> int:
        return max(1, -(-len(self.items) // self.per_page))

    def draw(self, canvas: pygame.Surface, rect: pygame.Rect, page: int) -> None:
        if not self.items:
            centred(canvas, self.app.fonts, self.empty_text(), rect.inflate(-80, -40))
            return
        self.draw_page(canvas, rect, self.page(page))


def centred(canvas: pygame.Surface, fonts, text: str, rect: pygame.Rect,
            size: int = theme.BODY_SIZE, color=theme.TEXT_DIM) -> None:
    """``text`` wrapped and each line centred in ``rect`` (smaller if it would not fit)."""
    size = fit_size(fonts, text, size, rect.width, rect.height)
    lines = wrap(fonts, text, size, rect.width)
    line_h = fonts.get(size).get_linesize()
    top = rect.centery - line_h * len(lines) // 2
    for i, line in enumerate(lines):
        draw_text(canvas, fonts, line, (rect.centerx, top + i * line_h + line_h // 2), size,
                  color, anchor="center")
