"""The pictures Statistics is drawn with: a rate bar, a sparkline of recent scores, a histogram.
Each draws given numbers in a given rectangle and works nothing out."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from .. import theme
from ..widgets import draw_text

TRACK = theme.PANEL_PRESSED  # the empty part of a bar (seen on a striped row too)
FILL = theme.ACCENT  # a rate; winners
LINE = theme.TEXT_DIM  # a sparkline; every player's scores


def percent(rate: float | None, none: str) -> str:
    """``rate`` (0…1) as "42%"; ``none`` when there is no rate."""
    return none if rate is None else f"{round(rate * 100)}%"


def rate_bar(canvas: pygame.Surface, fonts, rect: pygame.Rect, rate: float | None,
             none: str, size: int = theme.BODY_SIZE) -> None:
    """A bar filled to ``rate`` (0…1) with the percentage after it, in ``rect`` (the bar as
    long in every row: room is kept for "100%"); the track alone and ``none`` when there is no
    rate."""
    label_w = fonts.width("100%", size, True) + 8
    bar = pygame.Rect(rect.left, rect.centery - 9, rect.width - label_w, 18)
    pygame.draw.rect(canvas, TRACK, bar, border_radius=4)
    if rate:
        pygame.draw.rect(canvas, FILL, (bar.left, bar.top, max(4, round(bar.width * rate)),
                                        bar.height), border_radius=4)
    draw_text(canvas, fonts, percent(rate, none), (bar.right + 8, rect.centery), size,
              theme.TEXT if rate is not None else theme.TEXT_DIM, bold=rate is not None,
              anchor="midleft")


def sparkline(canvas: pygame.Surface, rect: pygame.Rect, scores: Sequence[tuple[int, bool]]
              ) -> None:
    """Scores oldest to newest as a line across ``rect``, scaled from their lowest to their
    highest (level in the middle when they are all equal); a dot on each, gold where that score
    won."""
    if not scores:
        return
    low = min(s for s, _ in scores)
    span = max(s for s, _ in scores) - low
    step = rect.width / max(1, len(scores) - 1)
    points = [(round(rect.left + i * step) if len(scores) > 1 else rect.centerx,
               round(rect.bottom - (score - low) / span * rect.height) if span else rect.centery)
              for i, (score, _) in enumerate(scores)]
    if len(points) > 1:
        pygame.draw.lines(canvas, LINE, False, points, 2)
    for (x, y), (_, won) in zip(points, scores):
        pygame.draw.circle(canvas, FILL if won else theme.TEXT, (x, y), 4 if won else 3)


def histogram(canvas: pygame.Surface, fonts, rect: pygame.Rect,
              bars: Sequence[tuple[str, int, int]]) -> None:
    """One bar per (label, count, winners) from left to right in ``rect``: the count's height
    in the dim colour with the winners' part in gold at its foot, the count above it and the
    label under it."""
    if not bars:
        return
    size = theme.SMALL_SIZE
    line = fonts.get(size).get_linesize()
    top, bottom = rect.top + line + 2, rect.bottom - line - 4
    highest = max(count for _, count, _ in bars) or 1
    gap = 6
    width = (rect.width - gap * (len(bars) - 1)) / len(bars)
    for i, (label, count, wins) in enumerate(bars):
        left = round(rect.left + i * (width + gap))
        column = pygame.Rect(left, top, round(width), bottom - top)
        height = round(column.height * count / highest)
        if count:
            pygame.draw.rect(canvas, LINE, (left, bottom - height, column.width, height))
        won = round(column.height * wins / highest)
        if wins:
            pygame.draw.rect(canvas, FILL, (left, bottom - won, column.width, max(2, won)))
        if count:
            draw_text(canvas, fonts, f"{count:,}", (column.centerx, bottom - height - 2), size,
                      theme.TEXT, anchor="midbottom")
        draw_text(canvas, fonts, label, (column.centerx, bottom + 4), size, theme.TEXT_DIM,
                  anchor="midtop")
    pygame.draw.line(canvas, theme.TEXT_DIM, (rect.left, bottom), (rect.right, bottom), 1)


def swatch(canvas: pygame.Surface, fonts, pos: tuple[int, int], color, text: str,
           size: int = theme.SMALL_SIZE) -> int:
    """A colour square and its word from ``pos`` (midleft); the x after them."""
    x, y = pos
    pygame.draw.rect(canvas, color, (x, y - 7, 14, 14))
    return draw_text(canvas, fonts, text, (x + 20, y), size, theme.TEXT_DIM,
                     anchor="midleft").right + 18
