"""Statistics, per player: one row each, the most games first — name, games, wins, a win-rate
bar, average and best score, a sparkline of the latest scores (gold dots: won), last played.
Scores are shown for one game only (each game scores on its own scale): with every game, the
rows keep games, wins, win rate and last played, and a note says to choose a game."""

from __future__ import annotations

import pygame

from companion.names import drawable
from storage import stats

from .. import theme
from ..widgets import draw_fitted, draw_text
from .kept import local_time
from .stats_pictures import rate_bar, sparkline
from .stats_view import StatsView, centred

HEADER_H = 24
ROW_H = 45
NOTE_H = 24
NUMBER = theme.BODY_SIZE
# Each column: (catalogue key of its heading, left, right, anchor of its heading); each as wide
# as its heading and its widest value need at 18 px ("Last played", "2026-11-27", "100%").
COLUMNS = {
    "player": ("stats.col_player", 0, 150, "midleft"),
    "games": ("stats.col_games", 156, 216, "midright"),
    "wins": ("stats.col_wins", 222, 266, "midright"),
    "rate": ("stats.col_rate", 276, 406, "midleft"),
    "average": ("stats.col_average", 414, 462, "midright"),
    "best": ("stats.col_best", 468, 510, "midright"),
    "recent": ("stats.col_recent", 524, 628, "midleft"),
    "last": ("stats.col_last", 644, 768, "midright"),
}
# Every game: the scores' columns left out, last played in their place, the note beside the rows.
ALL_GAMES = {"player": ("stats.col_player", 0, 200, "midleft"),
             "games": ("stats.col_games", 206, 266, "midright"),
             "wins": ("stats.col_wins", 272, 316, "midright"),
             "rate": ("stats.col_rate", 328, 458, "midleft"),
             "last": ("stats.col_last", 470, 580, "midright")}
NOTE_LEFT = 596  # px: where the note on every game's scores begins


class PlayersView(StatsView):
    per_page = 5

    def read(self) -> list:
        return stats.totals(self.app.store, self.kinds)

    def read_page(self, items: list) -> list:
        """The page's players with their latest games (only theirs are read)."""
        return stats.latest(self.app.store, self.kinds, items)

    @property
    def columns(self) -> dict:
        """The columns shown: the scores' only for one game."""
        return COLUMNS if self.game_id is not None else ALL_GAMES

    def column(self, name: str, row: pygame.Rect) -> pygame.Rect:
        """Where column ``name`` is in ``row`` (a row of the whole content's width)."""
        _, left, right, _ = self.columns[name]
        return pygame.Rect(row.left + left, row.top, right - left, row.height)

    def draw_page(self, canvas: pygame.Surface, rect: pygame.Rect, players: list) -> None:
        fonts = self.app.fonts
        header = pygame.Rect(rect.left, rect.top, rect.width, HEADER_H)
        for name, (key, _, _, anchor) in self.columns.items():
            box = self.column(name, header)
            draw_fitted(canvas, fonts, self.t(key), box, theme.SMALL_SIZE, theme.TEXT_DIM,
                        anchor=anchor)
        for i, player in enumerate(players):
            row = pygame.Rect(rect.left, header.bottom + i * ROW_H, rect.width, ROW_H)
            self.draw_row(canvas, row, player, stripe=i % 2 == 0)
        if self.game_id is None:
            centred(canvas, fonts, self.t("stats.scores_per_game"),
                    pygame.Rect(rect.left + NOTE_LEFT, header.bottom, rect.width - NOTE_LEFT,
                                self.per_page * ROW_H).inflate(-12, -12), theme.SMALL_SIZE)
        draw_fitted(canvas, fonts, self.t("stats.rate_note"),
                    pygame.Rect(rect.left, rect.bottom - NOTE_H, rect.width, NOTE_H),
                    theme.SMALL_SIZE, theme.TEXT_DIM)

    def draw_row(self, canvas: pygame.Surface, row: pygame.Rect, player: stats.PlayerStats,
                 stripe: bool) -> None:
        fonts = self.app.fonts
        if stripe:
            right = NOTE_LEFT - 8 if self.game_id is None else row.width
            pygame.draw.rect(canvas, theme.PANEL, pygame.Rect(row.left, row.top, right,
                                                              row.height).inflate(8, -2),
                             border_radius=8)
        name = player.name if drawable(player.name) else self.t("setup.seat_name", n="?")
        draw_fitted(canvas, fonts, name, self.column("player", row).inflate(-8, 0), NUMBER,
                    bold=True)
        none = self.t("stats.none")
        numbers = {"games": player.games, "wins": player.wins,
                   "average": none if player.average is None else f"{player.average:.1f}",
                   "best": none if player.best is None else player.best}
        for name, value in numbers.items():
            if name in self.columns:
                draw_text(canvas, fonts, str(value), self.column(name, row).midright, NUMBER,
                          theme.TEXT if value != none else theme.TEXT_DIM, anchor="midright")
        rate_bar(canvas, fonts, self.column("rate", row), player.win_rate, none, NUMBER - 2)
        if "recent" in self.columns:
            sparkline(canvas, self.column("recent", row).inflate(-8, -20), player.recent)
        draw_text(canvas, fonts, local_time(player.last_played)[:10],
                  self.column("last", row).midright, theme.SMALL_SIZE, theme.TEXT_DIM,
                  anchor="midright")
