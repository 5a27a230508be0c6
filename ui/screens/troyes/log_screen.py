"""The log of a Troyes game, every line whole: what the decisions did, newest first, each line
wrapped to the screen's width, a page at a time (▲ newer, ▼ older: no line is out of reach).
``log_entries`` lays out log lines here and in the table screen's short log."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ... import theme
from ...widgets import Button, draw_paragraph, shorten_names, wrap
from ..base import BODY, Screen
from ..listing import PAGER_W
from .controller import TroyesController
from .log_text import line_text

ENTRY_SIZE = theme.SMALL_SIZE
ENTRY_GAP = 8  # px between two log lines (one may take two or three lines)


def log_entries(fonts, texts: Sequence[str], names: Sequence[str], width: int, height: int,
                most_lines: int | None = None) -> list[tuple[str, int]]:
    """The first of ``texts`` that fit ``height`` px one below the other, each whole, as (text,
    how many lines it takes at ``ENTRY_SIZE`` in ``width`` px). ``most_lines``: a text longer
    than that has its players' ``names`` cut with "…" first (who did it stays readable)."""
    line_h = fonts.get(ENTRY_SIZE).get_linesize()
    out: list[tuple[str, int]] = []
    used = 0
    for text in texts:
        if most_lines:
            text = shorten_names(fonts, text, names, ENTRY_SIZE, width, most_lines * line_h)
        lines = len(wrap(fonts, text, ENTRY_SIZE, width))
        used += lines * line_h + (ENTRY_GAP if out else 0)
        if used > height:
            break
        out.append((text, lines))
    return out


def draw_entries(canvas, fonts, entries: list[tuple[str, int]], left: int, top: int,
                 width: int) -> None:
    """``log_entries`` one below the other from (``left``, ``top``)."""
    line_h = fonts.get(ENTRY_SIZE).get_linesize()
    for text, lines in entries:
        draw_paragraph(canvas, fonts, text, pygame.Rect(left, top, width, lines * line_h),
                       ENTRY_SIZE)
        top += lines * line_h + ENTRY_GAP


AREA = pygame.Rect(BODY.left, BODY.top + 4, BODY.width - PAGER_W - 12, BODY.height - 4)


class TroyesLogScreen(Screen):
    name = "troyes-log"

    def __init__(self, app, controller: TroyesController):
        self.controller = controller
        self.starts = [0]  # the newest line of each page turned to, the one shown last
        super().__init__(app)

    def title(self) -> str:
        return self.t("troyes.log_title")

    def texts(self) -> list[str]:
        """Every log line in words, newest first."""
        return [line_text(self.t, self.controller.name, line)
                for line in reversed(self.controller.view().log)]

    def page(self) -> list[tuple[str, int]]:
        return log_entries(self.app.fonts, self.texts()[self.starts[-1]:], (), AREA.width,
                           AREA.height)

    def build(self) -> None:
        half = (AREA.height - 8) // 2
        right = BODY.right - PAGER_W
        self.add(Button(pygame.Rect(right, AREA.top, PAGER_W, half), "▲", self.newer,
                        name="page-up"))
        self.add(Button(pygame.Rect(right, AREA.top + half + 8, PAGER_W, half), "▼",
                        self.older, name="page-down"))
        self.enable_pages()

    def enable_pages(self) -> None:
        self.button("page-up").enabled = len(self.starts) > 1
        self.button("page-down").enabled = (
            self.starts[-1] + len(self.page()) < len(self.controller.view().log))

    def older(self) -> None:
        shown = len(self.page())
        if self.starts[-1] + shown < len(self.controller.view().log):
            self.starts.append(self.starts[-1] + shown)
        self.enable_pages()

    def newer(self) -> None:
        if len(self.starts) > 1:
            self.starts.pop()
        self.enable_pages()

    def draw_body(self, canvas: pygame.Surface) -> None:
        draw_entries(canvas, self.app.fonts, self.page(), AREA.left, AREA.top, AREA.width)
