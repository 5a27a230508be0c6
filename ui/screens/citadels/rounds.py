"""Between rounds and at the end: what the round revealed (every character and its holder,
the assassinated one, the crown, completed cities), then the next draft or the final result."""

from __future__ import annotations

import pygame

from ... import theme
from ...widgets import Button, draw_paragraph, draw_text, grid
from ..base import BODY, Screen
from ..kept import leave_game
from .controller import GameController
from .seatmap import draw_crown

ROW_H = 34
BUTTONS = pygame.Rect(BODY.left, BODY.bottom - 64, BODY.width, 64)


class RoundScreen(Screen):
    """A table of seats with the characters they held in the last round."""

    shows_back = False

    def __init__(self, app, controller: GameController):
        self.controller = controller
        super().__init__(app)

    def row_note(self, seat: int) -> str:
        order = self.controller.completion_order()
        if seat in order:
            return self.t("rounds.completed", n=order.index(seat) + 1)
        return ""

    def draw_table(self, canvas: pygame.Surface, top: int) -> int:
        """One row per seat: name (crown marked), characters, city; return the y below."""
        c, fonts = self.controller, self.app.fonts
        result = c.rounds[-1]
        y = top
        for seat in range(1, c.players + 1):
            if seat == result.crown_after:
                draw_crown(canvas, (BODY.left + 12, y + 14))
            draw_text(canvas, fonts, c.name(seat), (BODY.left + 34, y), theme.BODY_SIZE,
                      theme.TEXT, bold=True)
            held = sorted((ch for ch, s in result.holders if s == seat), key=c.rank)
            killed = {e.rank for e in result.events if e.kind == "killed_revealed"}
            text = ", ".join(c.character_name(ch) + (self.t("rounds.killed_mark")
                                                     if c.rank(ch) in killed else "")
                             for ch in held)
            draw_text(canvas, fonts, text, (BODY.left + 230, y), theme.BODY_SIZE)
            draw_text(canvas, fonts, self.row_note(seat), (BODY.right, y), theme.BODY_SIZE,
                      theme.LIT, anchor="topright")
            y += ROW_H
        return y

    def leave(self) -> None:
        leave_game(self.app, "citadels")

    on_back = leave

    def ask_undo(self) -> None:
        self.controller.nav.open_undo()

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
        self.controller.nav.show_draft()

    def draw_body(self, canvas: pygame.Surface) -> None:
        c = self.controller
        y = self.draw_table(canvas, BODY.top + 8) + 4
        for e in c.rounds[-1].events:
            if e.kind == "killed_nobody":
                draw_text(canvas, self.app.fonts, self.t("calling.ev_killed_nobody",
                                                         character=c.rank_name(e.rank)),
                          (BODY.left, y), theme.BODY_SIZE, theme.TEXT_DIM)
                y += ROW_H
        looks = self.look_counts()
        if looks:
            y = draw_paragraph(canvas, self.app.fonts, self.t("rounds.looks", counts=looks),
                               pygame.Rect(BODY.left, y, BODY.width, 2 * ROW_H),
                               theme.BODY_SIZE, theme.WARNING) + 4
        y += 6
        crown = c.rounds[-1].crown_after
        draw_text(canvas, self.app.fonts, self.t("rounds.crown_next", name=c.name(crown)),
                  (BODY.left, y), theme.BUTTON_SIZE, theme.ACCENT)


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
        self.controller.nav.score()

    def done(self) -> None:
        """Into the history (completion order and final characters kept for scoring)."""
        self.controller.finish()
        self.app.pop_to("home")

    def draw_body(self, canvas: pygame.Surface) -> None:
        c, fonts = self.controller, self.app.fonts
        first = c.completion_order()[0]
        draw_text(canvas, fonts, self.t("rounds.over_first", name=c.name(first),
                                        n=len(c.rounds)), (BODY.left, BODY.top + 6),
                  theme.BUTTON_SIZE, theme.ACCENT)
        y = self.draw_table(canvas, BODY.top + 50) + 10
        draw_text(canvas, fonts, self.t("rounds.scoring"), (BODY.left, y), theme.BODY_SIZE,
                  theme.TEXT_DIM)


def history_outcome(t, result: dict) -> str:
    """History's outcome for a Citadels game closed before it was scored: who completed a
    city first (the registry's ``history_row``)."""
    if result.get("first_complete"):
        return t("history.first_complete", name=result["first_complete"])
    return t("history.no_winner")
