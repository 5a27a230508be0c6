"""Statistics, per game: the distribution of final scores as a histogram (every player's total,
the winners' part in gold), with the average and the winning scores. One game a page: scores
of different games do not compare."""

from __future__ import annotations

import pygame

from storage import stats

from .. import registry, theme
from ..widgets import draw_fitted
from .game_filter import kinds_of, stored_kinds
from .stats_pictures import FILL, LINE, histogram, swatch
from .stats_view import StatsView, centred

HEADING_H = 30
SUMMARY_H = 26


class ScoresView(StatsView):
    """Items: (game entry, its distribution or None), one a page: the filter's game, or
    every registered game."""

    def read(self) -> list:
        stored = stored_kinds(self.app.store)
        pages = []
        for entry in registry.games():
            if self.game_id in (None, entry.id):
                kinds = kinds_of(entry, stored)
                pages.append((entry, stats.distribution(self.app.store, kinds)))
        return pages

    def draw_page(self, canvas: pygame.Surface, rect: pygame.Rect, items: list) -> None:
        ((entry, found),) = items
        fonts = self.app.fonts
        game = self.t(entry.title_key)
        if found is None:
            centred(canvas, fonts, self.t("stats.no_scores", game=game), rect.inflate(-80, -40))
            return
        heading = pygame.Rect(rect.left, rect.top, rect.width, HEADING_H - 6)
        x = swatch(canvas, fonts, (rect.right - 300, heading.centery), LINE,
                   self.t("stats.legend_all"))
        swatch(canvas, fonts, (x, heading.centery), FILL, self.t("stats.legend_winning"))
        draw_fitted(canvas, fonts, self.t("stats.scores_heading", game=game,
                                          games=f"{found.games:,}"),
                    pygame.Rect(heading.left, heading.top, heading.width - 310,
                                heading.height), theme.SMALL_SIZE, theme.TEXT)
        chart = pygame.Rect(rect.left + 8, rect.top + HEADING_H, rect.width - 16,
                            rect.height - HEADING_H - SUMMARY_H)
        histogram(canvas, fonts, chart, [(bucket_label(b), b.count, b.wins)
                                         for b in found.buckets])
        draw_fitted(canvas, fonts, self.summary(found),
                    pygame.Rect(rect.left, rect.bottom - SUMMARY_H, rect.width, SUMMARY_H),
                    theme.SMALL_SIZE, theme.TEXT_DIM)

    def summary(self, found: stats.ScoreDistribution) -> str:
        """How many scores, their average, and the winners' lowest, highest and average."""
        fields = {"scores": f"{found.scores:,}", "average": f"{found.average:.1f}"}
        if found.winning_average is None:
            return self.t("stats.scores_summary_no_winner", **fields)
        return self.t("stats.scores_summary", low=found.winning_lowest,
                      high=found.winning_highest, winning=f"{found.winning_average:.1f}",
                      **fields)


def bucket_label(bucket: stats.Bucket) -> str:
    """"20–24", or "20" for a bucket of one score."""
    return str(bucket.low) if bucket.low == bucket.high else f"{bucket.low}–{bucket.high}"
