"""A list longer than the screen (History, games in progress): a few rows at a time, read from
the store page by page, scrolled by the page buttons at the right (touch) and by UP/DOWN when
the focus is on the first or last row shown. Each row is a tappable button, with an optional
button of its own at its right end (e.g. "Delete")."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from hw.controls import Control, ControlEvent, Kind

from .. import theme
from ..widgets import Button, draw_text
from .base import BODY, Screen

PAGER_W = 64  # the column of the page buttons
ROW_GAP = 6


class ListScreen(Screen):
    """Subclasses give ``area`` (where the rows go), ``count()``, ``page(offset, limit)``,
    ``row_text(item)``, ``open_row(item)`` and optionally ``side_action(item)`` (the label key
    and action of the button at the row's right end, or None)."""

    visible_rows = 6
    area = pygame.Rect(BODY.left, BODY.top, BODY.width, BODY.height)
    side_width = 120

    def __init__(self, app):
        self.offset = 0
        self.items: list = []
        self.total = 0
        super().__init__(app)

    # --- for subclasses ---------------------------------------------------------------------
    def count(self) -> int:
        raise NotImplementedError

    def page(self, offset: int, limit: int) -> Sequence:
        raise NotImplementedError

    def row_text(self, item) -> str:
        raise NotImplementedError

    def open_row(self, item) -> None:
        """A tap on a row (None: rows do nothing)."""

    def side_action(self, item):
        """``(label_key, action)`` of the button at the right end of ``item``'s row, or None."""
        return None

    def empty_text(self) -> str:
        return ""

    # --- the list ---------------------------------------------------------------------------
    def build_list(self) -> None:
        """Add the row slots and the page buttons (call from ``build``)."""
        area = self.area
        row_h = (area.height - ROW_GAP * (self.visible_rows - 1)) // self.visible_rows
        width = area.width - PAGER_W - 8
        self.slots: list[tuple[Button, Button]] = []
        for i in range(self.visible_rows):
            top = area.top + i * (row_h + ROW_GAP)
            row = self.add(Button(pygame.Rect(area.left, top, width - self.side_width - 6, row_h),
                                  lambda i=i: self._row_label(i), lambda i=i: self._open(i),
                                  name=f"row{i}", size=theme.SMALL_SIZE))
            side = self.add(Button(pygame.Rect(area.left + width - self.side_width, top,
                                               self.side_width, row_h),
                                   lambda i=i: self._side_label(i), lambda i=i: self._side(i),
                                   name=f"side{i}", size=theme.SMALL_SIZE))
            self.slots.append((row, side))
        half = (area.height - 8) // 2
        self.add(Button(pygame.Rect(area.right - PAGER_W, area.top, PAGER_W, half),
                        "▲", lambda: self.scroll(-self.visible_rows), name="page-up"))
        self.add(Button(pygame.Rect(area.right - PAGER_W, area.top + half + 8, PAGER_W, half),
                        "▼", lambda: self.scroll(self.visible_rows), name="page-down"))
        self.reload()

    def reload(self) -> None:
        """Read the rows shown from the store again (after a change, or on scrolling)."""
        self.total = self.count()
        self.offset = max(0, min(self.offset, self.total - self.visible_rows))
        self.items = list(self.page(self.offset, self.visible_rows))
        for i, (row, side) in enumerate(self.slots):
            item = self.items[i] if i < len(self.items) else None
            row.visible = item is not None
            action = self.side_action(item) if item is not None else None
            side.visible = action is not None
        self.button("page-up").enabled = self.offset > 0
        self.button("page-down").enabled = self.offset + self.visible_rows < self.total
        self.app.dirty = True

    def scroll(self, rows: int) -> None:
        self.offset = max(0, min(self.offset + rows, self.total - self.visible_rows))
        self.reload()

    def _row_label(self, i: int) -> str:
        return self.row_text(self.items[i]) if i < len(self.items) else ""

    def _side_label(self, i: int) -> str:
        action = self.side_action(self.items[i]) if i < len(self.items) else None
        return self.t(action[0]) if action else ""

    def _open(self, i: int) -> None:
        if i < len(self.items):
            self.open_row(self.items[i])

    def _side(self, i: int) -> None:
        action = self.side_action(self.items[i]) if i < len(self.items) else None
        if action:
            action[1]()

    def on_control(self, event: ControlEvent) -> bool:
        """UP on the first row shown scrolls up one row, DOWN on the last scrolls down."""
        if event.kind is not Kind.PRESS or event.control not in (Control.UP, Control.DOWN):
            return False
        focused = self.buttons[self.focus] if self.focus is not None else None
        rows = [b for pair in self.slots for b in pair]
        if focused not in rows:
            return False
        slot = rows.index(focused) // 2
        shown = len(self.items)
        if event.control is Control.UP and slot == 0 and self.offset > 0:
            self.scroll(-1)
            return True
        if event.control is Control.DOWN and slot == shown - 1 \
                and self.offset + shown < self.total:
            self.scroll(1)
            return True
        return False

    def draw_list(self, canvas: pygame.Surface) -> None:
        """The empty text, or where the rows shown are in the whole list ("7–12 / 300")."""
        if not self.total:
            draw_text(canvas, self.app.fonts, self.empty_text(), self.area.center,
                      theme.BODY_SIZE, theme.TEXT_DIM, anchor="center")
        elif self.total > self.visible_rows:
            last = self.offset + len(self.items)
            draw_text(canvas, self.app.fonts, f"{self.offset + 1}–{last} / {self.total}",
                      (self.area.right - PAGER_W // 2, self.area.top - 14), theme.SMALL_SIZE,
                      theme.TEXT_DIM, anchor="center")
