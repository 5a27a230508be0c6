"""Statistics, per Citadels character: for each character held in the last round of a scored
game, how often its holder won — a bar per character, in rank order, one edition a page (the
editions share ids but not every character's rank and ability)."""

from __future__ import annotations

import pygame

from companion.citadels.catalogue import EDITIONS, character
from storage import stats

from .. import theme
from ..widgets import draw_fitted, grid
from .stats_pictures import rate_bar
from .stats_view import StatsView

HEADING_H = 26
ROWS = 5  # a column of a page
NAME_SIZE = theme.BODY_SIZE - 1
NAME_H = 25
COLUMNS = 2


class CharactersView(StatsView):
    """Items: pages, each (edition, up to ROWS × COLUMNS characters)."""

    def read(self) -> list:
        ranked = sorted(stats.characters(self.app.store, self.kinds),
                        key=lambda c: (c.edition or "", self.rank(c), c.character))
        pages = []
        for entry in ranked:
            if not pages or pages[-1][0] != entry.edition or len(pages[-1][1]) == ROWS * COLUMNS:
                pages.append((entry.edition, []))
            pages[-1][1].append(entry)
        return pages

    @staticmethod
    def rank(entry: stats.CharacterStats) -> int:
        try:
            return character(entry.edition, entry.character).rank
        except (KeyError, ValueError):
            return 99  # a character this app no longer has: last

    def name(self, entry: stats.CharacterStats) -> str:
        """"4. King" in the UI language (the id for a character this app no longer has)."""
        try:
            found = character(entry.edition, entry.character)
        except (KeyError, ValueError):
            return entry.character
        return f"{found.rank}. {found.name(self.app.language)}"

    def empty_text(self) -> str:
        return self.t("stats.no_characters")

    def edition_name(self, edition: str | None) -> str:
        return self.t(f"setup.edition_{edition}") if edition in EDITIONS else str(edition or "?")

    def draw_page(self, canvas: pygame.Surface, rect: pygame.Rect, items: list) -> None:
        ((edition, entries),) = items
        fonts = self.app.fonts
        draw_fitted(canvas, fonts, self.t("stats.characters_heading",
                                          edition=self.edition_name(edition)),
                    pygame.Rect(rect.left, rect.top, rect.width, HEADING_H - 6),
                    theme.SMALL_SIZE, theme.TEXT_DIM)
        body = pygame.Rect(rect.left, rect.top + HEADING_H, rect.width,
                           rect.height - HEADING_H)
        cells = grid(body, ROWS * COLUMNS, COLUMNS, 4)
        for i, entry in enumerate(entries):  # down the first column, then the second
            self.draw_cell(canvas, cells[(i % ROWS) * COLUMNS + i // ROWS], entry,
                           stripe=i % ROWS % 2 == 0)

    def draw_cell(self, canvas: pygame.Surface, cell: pygame.Rect,
                  entry: stats.CharacterStats, stripe: bool) -> None:
        fonts = self.app.fonts
        if stripe:
            pygame.draw.rect(canvas, theme.PANEL, cell, border_radius=8)
        text = pygame.Rect(cell.left + 10, cell.top + 1, cell.width // 2, cell.height - 2)
        draw_fitted(canvas, fonts, self.name(entry),
                    pygame.Rect(text.left, text.top, text.width, NAME_H), NAME_SIZE, bold=True)
        draw_fitted(canvas, fonts, self.t("stats.held", wins=entry.wins, games=entry.games),
                    pygame.Rect(text.left, text.top + NAME_H, text.width,
                                text.height - NAME_H), theme.SMALL_SIZE, theme.TEXT_DIM)
        bar = pygame.Rect(text.right + 8, cell.top, cell.right - 10 - text.right - 8,
                          cell.height)
        rate_bar(canvas, fonts, bar, entry.win_rate, self.t("stats.none"))
