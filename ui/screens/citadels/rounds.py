"""Between rounds and at the end: what the round revealed (every character and its holder,
the assassinated one, the crown, completed cities), then the next draft or the final result."""

from __future__ import annotations

import pygame

from ... import theme
from ...widgets import Button, draw_fitted, draw_paragraph, grid, wrap
from ..base import BODY, Screen
from ..kept import leave_game
from .controller import CitadelsController
from .seat_rows import SeatRow, draw_seat_rows

ROW_H = 34
BUTTONS = pygame.Rect(BODY.left, BODY.bottom - 64, BODY.width, 64)
LOOKS_LINES = 2  # the looks of a round, at most (then cut with "…")


class RoundScreen(Screen):
    """A table of seats with the characters they held in the last round; ``nav`` (the
    navigator) moves on from it."""

    shows_back = False

    def __init__(self, app, controller: CitadelsController, nav):
        self.controller, self.nav = controller, nav
        super().__init__(app)

    def row_note(self, seat: int) -> str:
        order = self.controller.completion_order()
        if seat in order:
            return self.t("rounds.completed", n=order.index(seat) + 1)
        return ""

    def seat_rows(self) -> list[SeatRow]:
        """Each seat's name, the characters it held (the assassinated marked), its note."""
        c = self.controller
        result = c.rounds[-1]
        killed = {e.rank for e in result.events if e.kind == "killed_revealed"}
        return [SeatRow(c.name(seat), ", ".join(
            c.character_name(ch) + (self.t("rounds.killed_mark") if c.rank(ch) in killed else "")
            for ch in sorted((ch for ch, s in result.holders if s == seat), key=c.rank)),
            self.row_note(seat)) for seat in range(1, c.players + 1)]

    def draw_table(self, canvas: pygame.Surface, top: int, bottom: int) -> int:
        """One row per seat between ``top`` and ``bottom`` (the crown after the round marked);
        return the y below."""
        return draw_seat_rows(canvas, self.app.fonts,
                              pygame.Rect(BODY.left, top, BODY.width, bottom - top),
                              self.seat_rows(), self.controller.rounds[-1].crown_after)

    def draw_lines(self, canvas: pygame.Surface, lines, top: int) -> int:
        """(text, size, colour, name) lines from ``top``, each on one line (a name in it cut if
        need be); return the y below."""
        for text, size, color, name in lines:
            box = pygame.Rect(BODY.left, top, BODY.width, self.line_height(size))
            draw_fitted(canvas, self.app.fonts, text, box, size, color, name=name)
            top = box.bottom
        return top

    def lines_height(self, lines) -> int:
        return sum(self.line_height(size) for _, size, _, _ in lines)

    def line_height(self, size: int) -> int:
        return self.app.fonts.get(size).get_linesize() + 6

    def leave(self) -> None:
        leave_game(self.app, "citadels")

    on_back = leave

    def ask_undo(self) -> None:
        self.nav.open_undo()

    def add_buttons(self, items) -> None:
        for rect, (name, key, action, primary) in zip(grid(BUTTONS, len(items), len(items), 12),
                                                      items):
            self.add(Button(rect, lambda k=key: self.t(k), action, name=name, selected=primary,
                            size=theme.BODY_SIZE if not primary else theme.BUTTON_SIZE))
        self.focus = len(self.buttons) - 1


class RoundSummaryScreen(RoundScreen):
    """The round just played, revealed; then the next round's draft."""

    name = "round-summary"

    def title(self) -> str:
        return self.t("rounds.title", n=self.controller.rounds[-1].number)

    def build(self) -> None:
        self.add_buttons([("undo", "calling.undo", self.ask_undo, False),
                          ("leave", "draft.leave", self.leave, False),
                          ("next", "rounds.next", self.next_round, True)])

    def look_counts(self) -> str:
        """Who looked at their own cards during the round's calling, and how often."""
        c = self.controller
        seats = [e.seat for e in c.rounds[-1].events if e.kind == "look"]
        return ", ".join(self.t("rounds.look_count", name=c.name(s), n=seats.count(s))
                         for s in sorted(set(seats)))

    def next_round(self) -> None:
        self.nav.show_draft()

    def draw_body(self, canvas: pygame.Surface) -> None:
        """The seats; below them the Assassin's miss, who looked, the next crown."""
        c, fonts = self.controller, self.app.fonts
        lines = [(self.t("calling.ev_killed_nobody", character=c.rank_name(e.rank)),
                  theme.BODY_SIZE, theme.TEXT_DIM, "") for e in c.rounds[-1].events
                 if e.kind == "killed_nobody"]
        crown = c.name(c.rounds[-1].crown_after)
        lines.append((self.t("rounds.crown_next", name=crown), theme.BUTTON_SIZE, theme.ACCENT,
                      crown))
        looks = self.look_counts()
        looks = self.t("rounds.looks", counts=looks) if looks else ""
        looks_h = min(LOOKS_LINES, len(wrap(fonts, looks, theme.BODY_SIZE, BODY.width))) * \
            fonts.get(theme.BODY_SIZE).get_linesize() if looks else 0
        y = self.draw_table(canvas, BODY.top + 8,
                            BUTTONS.top - 6 - looks_h - self.lines_height(lines)) + 2
        if looks:
            y = draw_paragraph(canvas, fonts, looks, pygame.Rect(BODY.left, y, BODY.width,
                                                                  looks_h),
                               theme.BODY_SIZE, theme.WARNING, names=c.names)
        self.draw_lines(canvas, lines, y)


class GameOverScreen(RoundScreen):
    """The game has ended: completion order and final-round characters, kept for scoring."""

    name = "game-over"

    def title(self) -> str:
        return self.t("rounds.over_title")

    def build(self) -> None:
        self.add_buttons([("undo", "calling.undo", self.ask_undo, False),
                          ("done", "rounds.done", self.done, False),
                          ("score", "score.from_game", self.score, True)])

    def score(self) -> None:
        self.nav.score()

    def done(self) -> None:
        """Into the history (completion order and final characters kept for scoring)."""
        self.controller.finish()
        self.app.pop_to("home")

    def draw_body(self, canvas: pygame.Surface) -> None:
        c = self.controller
        first = c.name(c.completion_order()[0])
        self.draw_lines(canvas, [(self.t("rounds.over_first", name=first, n=len(c.rounds)),
                                  theme.BUTTON_SIZE, theme.ACCENT, first)], BODY.top + 2)
        scoring = [(self.t("rounds.scoring"), theme.BODY_SIZE, theme.TEXT_DIM, "")]
        y = self.draw_table(canvas, BODY.top + 50, BUTTONS.top - 6 - self.lines_height(scoring))
        self.draw_lines(canvas, scoring, y + 2)


def history_outcome(t, result: dict) -> str:
    """History's outcome for a Citadels game closed before it was scored: who completed a
    city first (the registry's ``history_row``)."""
    if result.get("first_complete"):
        return t("history.first_complete", name=result["first_complete"])
    return t("history.no_winner")
