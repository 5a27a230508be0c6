"""What lies on the table besides the dice (rules 3): the event cards with their flags and
cubes (a new card is entered once, when it is revealed; neutral cubes are added here), the
cathedral's spaces with whose cubes stand on each level, and the newest lines of the log, each
saying who did what on at most two lines (Log shows every line)."""

from __future__ import annotations

import pygame

from companion.errors import IllegalDecision
from companion.troyes.events import NEUTRAL
from companion.troyes.game import Cubes

from ... import theme
from ...widgets import Button, draw_fitted, draw_paragraph, draw_text
from ..base import BODY, Screen
from .controller import TroyesController
from .event_entry import EventEntryScreen
from .log_screen import TroyesLogScreen, draw_entries, log_entries
from .log_text import line_text

EVENTS_W, ROW_H, CELL_W, CELL_H = 470, 58, 48, 30


class TroyesTableScreen(Screen):
    name = "troyes-table"

    def __init__(self, app, controller: TroyesController):
        self.controller = controller
        self.problem: str | None = None
        super().__init__(app)

    def title(self) -> str:
        return self.t("troyes.events_title")

    def card_row(self, k: int) -> pygame.Rect:
        return pygame.Rect(BODY.left, BODY.top + 4 + k * ROW_H, EVENTS_W, ROW_H - 4)

    def build(self) -> None:
        v = self.controller.view()
        for k, card in enumerate(v.events[:4]):
            row = self.card_row(k)
            self.add(Button(pygame.Rect(row.right - 104, row.top + 2, 100, row.height - 4),
                            lambda: self.t("troyes.neutral_cube"),
                            lambda c=card.id: self.neutral_cube(c), name=f"neutral{card.id}",
                            size=theme.SMALL_SIZE))
        bottom = pygame.Rect(BODY.left, BODY.bottom - 56, BODY.width, 56)
        if v.tracks_board and not v.asked:  # a card asked is entered from the board
            self.add(Button(pygame.Rect(bottom.left, bottom.top, 260, 56),
                            lambda: self.t("troyes.new_event"), self.new_event,
                            name="new-event"))
        self.add(Button(pygame.Rect(bottom.left + 276, bottom.top, 200, 56),
                        lambda: self.t("troyes.log_title"), self.show_log, name="log"))
        self.add(Button(pygame.Rect(bottom.right - 200, bottom.top, 200, 56),
                        lambda: self.t("common.done"), self.app.pop, name="done",
                        selected=True))

    def neutral_cube(self, card_id: int) -> None:
        try:
            self.controller.confirm(Cubes(card_id, NEUTRAL, 1))
        except IllegalDecision as exc:
            self.problem = self.refusal(exc)
            return
        self.problem = None
        self.rebuild()

    def new_event(self) -> None:
        self.app.push(EventEntryScreen(self.app, self.controller))

    def show_log(self) -> None:
        self.app.push(TroyesLogScreen(self.app, self.controller))

    def on_enter(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        self.buttons = []
        self.build()

    # --- drawing ---------------------------------------------------------------------------------
    def draw_body(self, canvas: pygame.Surface) -> None:
        v, t, fonts, name = self.controller.view(), self.t, self.app.fonts, self.controller.name
        if not v.events:
            draw_text(canvas, fonts, t("troyes.events_none"), (BODY.left, BODY.top + 8),
                      theme.BODY_SIZE, theme.TEXT_DIM)
        for k, card in enumerate(v.events[:4]):
            row = self.card_row(k)
            pygame.draw.rect(canvas, theme.PANEL, row, border_radius=8)
            head = t("troyes.event_row", event=card.id, colour=t(f"troyes.colour_{card.colour}"),
                     divisor=card.divisor, used=len(card.cubes), flags=card.flags,
                     first=card.first, second=card.second)
            counts = {o: card.cubes.count(o) for o in card.cubes}
            cubes = ", ".join(f"{name(o or None)} {n}" for o, n in counts.items()) or "-"
            if card.plunder:
                cubes += t("troyes.log_plunder")
            if card.black:
                cubes += t("troyes.event_shows_black", n=card.black)
            text = pygame.Rect(row.left + 8, row.top, row.width - 124, row.height)
            draw_fitted(canvas, fonts, head, pygame.Rect(text.left, text.top + 1, text.width, 24),
                        theme.SMALL_SIZE + 3, anchor="topleft")
            draw_fitted(canvas, fonts, t("troyes.event_cubes", cubes=cubes),
                        pygame.Rect(text.left, text.top + 24, text.width, 22), theme.SMALL_SIZE,
                        theme.TEXT_DIM, anchor="topleft")
        self.draw_cathedral(canvas, v)
        self.draw_log(canvas, v)
        if self.problem:  # over the oldest log lines
            area = pygame.Rect(BODY.left, BODY.bottom - 108, EVENTS_W, 48)
            canvas.fill(theme.BACKGROUND, area)
            draw_paragraph(canvas, fonts, self.problem, area, theme.SMALL_SIZE, theme.WARNING)

    def draw_cathedral(self, canvas: pygame.Surface, v) -> None:
        """Pips 1-6 across, levels 3 (top) to 1; each cell holds the seat number of whose cube
        stands there, the key (seat: name) below."""
        fonts, left = self.app.fonts, BODY.left + EVENTS_W + 14
        draw_text(canvas, fonts, self.t("troyes.cathedral_title"), (left, BODY.top + 2),
                  theme.SMALL_SIZE)
        for pip, space in enumerate(v.cathedral, start=1):
            x = left + (pip - 1) * (CELL_W + 2)
            draw_text(canvas, fonts, str(pip), (x + CELL_W // 2, BODY.top + 36 + 3 * CELL_H),
                      theme.SMALL_SIZE, theme.TEXT_DIM, anchor="midtop")
            for level in range(3):
                cell = pygame.Rect(x, BODY.top + 26 + (2 - level) * CELL_H, CELL_W, CELL_H - 2)
                pygame.draw.rect(canvas, theme.PANEL, cell, border_radius=4)
                if level < len(space):
                    draw_text(canvas, fonts, str(space[level]), cell.center, theme.BODY_SIZE,
                              theme.ACCENT, anchor="center", bold=True)
        for seat, name in enumerate(self.controller.names, start=1):
            y = BODY.top + 26 + 3 * CELL_H + 34 + (seat - 1) * 22
            draw_fitted(canvas, fonts, f"{seat}  {name}",
                        pygame.Rect(left, y, BODY.right - left, 22), theme.SMALL_SIZE,
                        anchor="topleft", name=name)

    def draw_log(self, canvas: pygame.Surface, v) -> None:
        """The newest log lines that fit, newest first, each whole on at most two lines (the
        names in a longer one cut): who did what; the Log button shows them all."""
        fonts, t = self.app.fonts, self.t
        top = BODY.top + 4 + max(1, min(4, len(v.events))) * ROW_H
        heading = draw_text(canvas, fonts, t("troyes.log_title"), (BODY.left, top),
                            theme.SMALL_SIZE, theme.TEXT_DIM)
        top = heading.bottom + 2
        texts = [line_text(t, self.controller.name, line) for line in reversed(v.log)]
        entries = log_entries(fonts, texts, self.controller.names, EVENTS_W,
                              BODY.bottom - 62 - top, most_lines=2)
        draw_entries(canvas, fonts, entries, BODY.left, top, EVENTS_W)
