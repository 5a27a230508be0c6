"""Who plays: the remembered players as buttons, tapped in seat order (a tap on a chosen player
takes them off and the seats after move up), a new player added on the spot, Done with a
table of the game's size. The seats chosen show their number: "2 · Mina". Opened by a setup's
"+" it also offers the seat added without a name ("+ Player 5")."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import theme
from ..widgets import Button, draw_text, grid
from .base import BODY, Screen
from .players import add_player, seatable_players

COLUMNS, ROWS = 3, 4
PAGE = COLUMNS * ROWS
AREA = pygame.Rect(BODY.left, BODY.top + 30, BODY.width - 72, 4 * 56 + 3 * 10)
BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 62, BODY.width, 62)


class TablePickerScreen(Screen):
    name = "table-picker"

    def __init__(self, app, low: int, high: int, chosen: list[str],
                 on_done: Callable[[list[str]], None],
                 unnamed: tuple[int, Callable[[], None]] | None = None):
        """``unnamed``: (seat, seat it) when a seat is being added: it may be left without a
        name (while the table is as it was)."""
        self.low, self.high, self.on_done, self.unnamed = low, high, on_done, unnamed
        self.chosen, self.opened = list(chosen), list(chosen)
        self.first = 0  # the first player shown (pages of PAGE)
        self.everyone: list[str] = []
        super().__init__(app)

    def title(self) -> str:
        return self.t("table.title", low=self.low, high=self.high)

    def build(self) -> None:
        for i, rect in enumerate(grid(AREA, PAGE, COLUMNS, 10)):
            self.add(Button(rect, lambda i=i: self.label(i), lambda i=i: self.toggle(i),
                            selected=lambda i=i: self.shown(i) in self.chosen, name=f"player{i}",
                            size=theme.BODY_SIZE, floor=theme.FLOOR_SIZE))
        half = (AREA.height - 10) // 2
        self.add(Button(pygame.Rect(AREA.right + 8, AREA.top, 64, half), "▲",
                        lambda: self.slide(-1), name="page-up"))
        self.add(Button(pygame.Rect(AREA.right + 8, AREA.top + half + 10, 64, half), "▼",
                        lambda: self.slide(1), name="page-down"))
        items = [("new", lambda: self.t("table.new"), self.new_player),
                 ("clear", lambda: self.t("table.clear"), self.clear)]
        if self.unnamed is not None:
            items.append(("unnamed", lambda: self.t("table.unnamed", name=self.t(
                "setup.seat_name", n=self.unnamed[0])), self.seat_unnamed))
        items.append(("done", lambda: self.t("table.done", n=len(self.chosen)), self.done))
        for rect, (name, label, action) in zip(grid(BOTTOM, len(items), len(items), 12),
                                               items):
            self.add(Button(rect, label, action, name=name, size=theme.BODY_SIZE,
                            selected=name == "done"))
        self.refresh()

    def on_enter(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """The players listed: the remembered ones, and any chosen name the list lacks."""
        remembered = [p.name for p in seatable_players(self.app)]
        self.everyone = remembered + [n for n in self.chosen if n not in remembered]
        self.first = max(0, min(self.first, (len(self.everyone) - 1) // PAGE * PAGE))
        for i in range(PAGE):
            self.button(f"player{i}").visible = self.shown(i) is not None
        self.button("page-up").enabled = self.first > 0
        self.button("page-down").enabled = self.first + PAGE < len(self.everyone)
        self.button("done").enabled = self.low <= len(self.chosen) <= self.high
        if self.unnamed is not None:
            self.button("unnamed").enabled = self.chosen == self.opened
        self.app.dirty = True

    def shown(self, i: int) -> str | None:
        k = self.first + i
        return self.everyone[k] if k < len(self.everyone) else None

    def label(self, i: int) -> str:
        name = self.shown(i) or ""
        if name in self.chosen:
            return self.t("table.seat", n=self.chosen.index(name) + 1, name=name)
        return name

    def toggle(self, i: int) -> None:
        name = self.shown(i)
        if name is None:
            return
        if name in self.chosen:
            self.chosen.remove(name)
        elif len(self.chosen) < self.high:
            self.chosen.append(name)
        self.refresh()

    def slide(self, step: int) -> None:
        self.first = max(0, self.first + step * PAGE)
        self.refresh()

    def clear(self) -> None:
        self.chosen.clear()
        self.refresh()

    def new_player(self) -> None:
        """Type a name; the new player is remembered and takes the next seat."""
        def seated(name: str) -> None:
            if len(self.chosen) < self.high:
                self.chosen.append(name)
            self.refresh()
            self.first = self.everyone.index(name) // PAGE * PAGE  # the page that shows them
            self.refresh()
        add_player(self.app, seated)

    def done(self) -> None:
        if self.low <= len(self.chosen) <= self.high:
            self.app.pop()
            self.on_done(list(self.chosen))

    def seat_unnamed(self) -> None:
        """The seat being added, without a name (the table as it was, one seat more)."""
        self.app.pop()
        self.unnamed[1]()

    def draw_body(self, canvas: pygame.Surface) -> None:
        if self.unnamed is not None:
            text = self.t("table.hint_join")
        else:
            text = self.t("table.hint" if self.everyone else "table.empty")
        draw_text(canvas, self.app.fonts, text, (BODY.left, BODY.top + 12), theme.SMALL_SIZE,
                  theme.TEXT_DIM, anchor="midleft")
