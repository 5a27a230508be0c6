"""Statistics, per game: the dice this device rolled in its finished games, colour by colour:
how many showed each face against the 1 in 6 fair dice give, and whether the difference is
more than chance would make (Pearson's chi-square, said in words: companion/dice_audit.py).
One game a page."""

from __future__ import annotations

import pygame

from companion import dice_audit
from storage import stats

from .. import registry, theme
from ..widgets import draw_fitted, draw_paragraph, draw_text
from .game_filter import kinds_of, stored_kinds
from .stats_pictures import FILL, TRACK
from .stats_view import StatsView

HEADING_H = 26
FACES_H = 22  # the faces' numbers above the rows
NAME_W = 90
FACE_W = 40
TOTAL_W = 56
CHI_W = 56
BAR_H = 12
BAR_ROOM = 18 + 2 + BAR_H  # a face's cell with its bar under its number


class DiceView(StatsView):
    """Items: (game entry, its colours' dice), one a page: the filter's game, or every
    registered game that rolled dice here."""

    def read(self) -> list:
        stored = stored_kinds(self.app.store)
        pages = []
        for entry in registry.games():
            if self.game_id in (None, entry.id):
                found = stats.dice(self.app.store, kinds_of(entry, stored))
                if found:
                    pages.append((entry, found))
        return pages

    def empty_text(self) -> str:
        return self.t("stats.no_dice")

    def draw_page(self, canvas: pygame.Surface, rect: pygame.Rect, items: list) -> None:
        ((entry, colours),) = items
        fonts = self.app.fonts
        games = max(c.games for c in colours)
        dice = sum(sum(c.faces) for c in colours)
        draw_fitted(canvas, fonts, self.t("stats.dice_heading", game=self.t(entry.title_key),
                                          dice=f"{dice:,}", games=games),
                    pygame.Rect(rect.left, rect.top, rect.width, HEADING_H - 6),
                    theme.SMALL_SIZE, theme.TEXT)
        faces_x = rect.left + NAME_W
        for face in range(1, 7):
            draw_text(canvas, fonts, str(face), (faces_x + (face - 0.5) * FACE_W,
                                                 rect.top + HEADING_H), theme.SMALL_SIZE,
                      theme.TEXT_DIM, anchor="midtop")
        for text, x in ((self.t("dice.faces_total"), faces_x + 6 * FACE_W + TOTAL_W / 2),
                        ("χ²", faces_x + 6 * FACE_W + TOTAL_W + CHI_W / 2)):
            draw_text(canvas, fonts, text, (x, rect.top + HEADING_H), theme.SMALL_SIZE,
                      theme.TEXT_DIM, anchor="midtop")
        top = rect.top + HEADING_H + FACES_H
        row_h = min(56, (rect.bottom - top) // len(colours))
        for i, found in enumerate(colours):
            self.draw_colour(canvas, pygame.Rect(rect.left, top + i * row_h, rect.width,
                                                 row_h - 4), entry.id, found)

    def draw_colour(self, canvas, row: pygame.Rect, game: str, found: stats.DiceFaces) -> None:
        """The colour's name; each face's dice as a number, over a bar where the row has room
        (the mark: the 1 in 6 fair dice give); the total; the chi-square and its verdict."""
        fonts = self.app.fonts
        pygame.draw.rect(canvas, theme.PANEL, row, border_radius=8)
        draw_fitted(canvas, fonts, self.t(f"{game}.colour_{found.colour}"),
                    pygame.Rect(row.left + 10, row.top, NAME_W - 16, row.height),
                    theme.BODY_SIZE)
        total = sum(found.faces)
        expected = total / 6 or 1
        for k, count in enumerate(found.faces):
            cell = pygame.Rect(row.left + NAME_W + k * FACE_W + 4, row.top + 3, FACE_W - 8,
                               row.height - 6)
            if cell.height < BAR_ROOM:
                draw_text(canvas, fonts, str(count), cell.center, theme.SMALL_SIZE,
                          theme.TEXT, anchor="center")
                continue
            draw_text(canvas, fonts, str(count), (cell.centerx, cell.top), theme.SMALL_SIZE,
                      theme.TEXT, anchor="midtop")
            bar = pygame.Rect(cell.left, cell.bottom - BAR_H, cell.width, BAR_H)
            pygame.draw.rect(canvas, TRACK, bar, border_radius=3)
            filled = min(bar.width, round(bar.width * count / (2 * expected)))
            pygame.draw.rect(canvas, FILL, (bar.left, bar.top, filled, bar.height),
                             border_radius=3)
            mark = bar.left + bar.width // 2  # 1 in 6: half the bar
            pygame.draw.line(canvas, theme.TEXT, (mark, bar.top - 2), (mark, bar.bottom + 1), 2)
        x = row.left + NAME_W + 6 * FACE_W
        draw_text(canvas, fonts, f"{total:,}", (x + TOTAL_W / 2, row.centery),
                  theme.BODY_SIZE, theme.TEXT, bold=True, anchor="center")
        chi, verdict = dice_audit.evenness(found.faces)
        draw_text(canvas, fonts, "–" if chi is None else f"{chi:.1f}",
                  (x + TOTAL_W + CHI_W / 2, row.centery), theme.SMALL_SIZE, theme.TEXT,
                  anchor="center")
        x += TOTAL_W + CHI_W
        draw_paragraph(canvas, fonts, self.t(f"stats.dice_{verdict}"),
                       pygame.Rect(x + 8, row.top + 2, row.right - x - 14, row.height - 2),
                       theme.SMALL_SIZE, theme.WARNING if verdict == "uneven_100"
                       else theme.TEXT_DIM)
