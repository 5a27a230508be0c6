"""A Citadels game's rounds in History's detail (the registry's ``history_rounds``): rebuilt by
replaying the stored game, one page per finished round — who held which character (everything a
finished round holds was revealed at its end), who had the crown, who was assassinated, robbed
or bewitched, and who completed a city, in order."""

from __future__ import annotations

import pygame

from ... import theme
from ...widgets import draw_fitted
from ..name_lists import shown_names
from .controller import CitadelsController
from .seat_rows import SeatRow, draw_seat_rows, row_height, row_size


def history_rounds(app, session):
    """The rounds of a stored Citadels game (None for its other sessions, e.g. a score sheet).
    Raises what replaying raises when the stored steps cannot be replayed."""
    if session.game != CitadelsController.game_id:
        return None
    return CitadelsRounds(app, CitadelsController(app, session, checked=True))


class CitadelsRounds:
    """Pages for History's detail: ``count``, ``title(i)``, ``draw(canvas, rect, i)``."""

    def __init__(self, app, controller: CitadelsController):
        self.app, self.c = app, controller
        self.rounds = controller.rounds
        self.names = shown_names(app, controller.names)
        self.first_crown = controller.session.config.get("crown", 1)

    @property
    def count(self) -> int:
        return len(self.rounds)

    def t(self, key: str, **fields) -> str:
        return self.app.t(key, **fields)

    def title(self, i: int) -> str:
        return self.t("history.citadels.round", n=self.rounds[i].number, of=len(self.rounds))

    def crown_before(self, i: int) -> int:
        """Who had the crown when round ``i`` began (chose first)."""
        return self.rounds[i - 1].crown_after if i > 0 else self.first_crown

    def marks(self, i: int) -> dict[int, str]:
        """What happened to each rank in round ``i``, said after the character's name."""
        marks: dict[int, str] = {}
        for e in self.rounds[i].events:
            key = {"killed_revealed": "rounds.killed_mark", "robbed": "history.citadels.robbed",
                   "bewitched": "history.citadels.bewitched"}.get(e.kind)
            if key:
                marks[e.rank] = marks.get(e.rank, "") + self.t(key)
        return marks

    def characters(self, i: int, seat: int) -> str:
        c, marks = self.c, self.marks(i)
        held = sorted((ch for ch, s in self.rounds[i].holders if s == seat), key=c.rank)
        return ", ".join(c.character_name(ch) + marks.get(c.rank(ch), "") for ch in held)

    def draw(self, canvas: pygame.Surface, rect: pygame.Rect, i: int) -> None:
        """One row per seat: the crown (held at the start of the round), name, characters, a
        completed city (its place in the completion order); the crown after it, below."""
        result = self.rounds[i]
        line_h = 28
        completed = {e.seat: e.value for e in result.events if e.kind == "completed"}
        rows = [SeatRow(name, self.characters(i, seat),
                        self.t("rounds.completed", n=completed[seat]) if seat in completed
                        else "") for seat, name in enumerate(self.names, start=1)]
        table = pygame.Rect(rect.left, rect.top, rect.width, rect.height - line_h)
        y = draw_seat_rows(canvas, self.app.fonts, table, rows, self.crown_before(i))
        after = self.names[result.crown_after - 1]
        draw_fitted(canvas, self.app.fonts, self.t("history.citadels.crown_after", name=after),
                    pygame.Rect(rect.left, y, rect.width, line_h),
                    row_size(row_height(table, len(rows))),
                    theme.ACCENT, name=after)
