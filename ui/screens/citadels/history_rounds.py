"""A Citadels game's rounds in History's detail (the registry's ``history_rounds``): rebuilt by
replaying the stored game, one page per finished round — who held which character (everything a
finished round holds was revealed at its end), who had the crown, who was assassinated, robbed
or bewitched, and who completed a city, in order."""

from __future__ import annotations

import pygame

from ... import theme
from ...widgets import draw_text
from ..history_detail import clip
from ..kept import shown_names
from .controller import GameController
from .seatmap import draw_crown

ROW_MAX = 34
NAME_MIN = 140  # px: the names' column at its narrowest


def history_rounds(app, session):
    """The rounds of a stored Citadels game (None for its other sessions, e.g. a score sheet).
    Raises what replaying raises when the stored steps cannot be replayed."""
    if session.game != GameController.game_id:
        return None
    return CitadelsRounds(app, GameController(app, session))


class CitadelsRounds:
    """Pages for History's detail: ``count``, ``title(i)``, ``draw(canvas, rect, i)``."""

    def __init__(self, app, controller: GameController):
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
        fonts, result = self.app.fonts, self.rounds[i]
        players = len(self.names)
        line_h = 28
        row_h = min(ROW_MAX, (rect.height - line_h) // max(players, 1))
        size = theme.BODY_SIZE if row_h >= 30 else theme.SMALL_SIZE + 1
        completed = {e.seat: e.value for e in result.events if e.kind == "completed"}
        notes = {s: self.t("rounds.completed", n=n) for s, n in completed.items()}
        held = {s: self.characters(i, s) for s in range(1, players + 1)}
        font, bold = fonts.get(size), fonts.get(size, True)
        widest = max((font.size(h)[0] for h in held.values()), default=0)
        note_w = max((font.size(n)[0] + 16 for n in notes.values()), default=0)
        names_w = max(bold.size(n)[0] for n in self.names) + 16
        # the names as wide as they need, unless the characters would be cut
        name_w = max(NAME_MIN, min(names_w, rect.width - 30 - widest - note_w))
        crown = self.crown_before(i)
        y = rect.top
        for seat in range(1, players + 1):
            mid = y + row_h // 2
            if seat == crown:
                draw_crown(canvas, (rect.left + 12, mid))
            name = clip(fonts, self.names[seat - 1], size, name_w - 12, bold=True)
            draw_text(canvas, fonts, name, (rect.left + 30, mid), size, theme.TEXT, bold=True,
                      anchor="midleft")
            if seat in notes:
                draw_text(canvas, fonts, notes[seat], (rect.right, mid), size, theme.LIT,
                          anchor="midright")
            left = rect.left + 30 + name_w
            held_text = clip(fonts, held[seat], size, rect.right - note_w - left)
            draw_text(canvas, fonts, held_text, (left, mid), size, anchor="midleft")
            y += row_h
        after = self.names[result.crown_after - 1]
        draw_text(canvas, fonts, self.t("history.citadels.crown_after", name=after),
                  (rect.left, y + line_h // 2), size, theme.ACCENT, anchor="midleft")
