""""Check my character", offered in the calling only (``CallingView.may_look``): to a seat
whose cards are still hidden, never during another player's private turn. A seat with a
button of its own opens its gate with that button; at a seat without one the player holds
their name, and the look is stored and announced to the table. Then only that player's own
characters (and their own secret warrant or threat). Done wipes it."""

from __future__ import annotations

import pygame

from companion.citadels.calling import Look

from ... import theme
from ...geometry import WIDTH
from ...widgets import draw_text
from .. import own_look
from ..base import BODY, Screen
from .controller import CALLING


class SeatChoiceScreen(own_look.SeatChoiceScreen):
    """Who checks their character: only seats whose cards are still hidden."""

    later_key = "draft.check_later"

    def title(self) -> str:
        return self.t("draft.check")

    def may_look(self, seat: int) -> bool:
        return seat in self.controller.calling_public().may_look

    def look(self, seat: int) -> Look:
        return Look(seat)

    def private_screen(self, seat: int) -> Screen:
        return OwnScreen(self.app, self.controller, seat, self.back_to)


class OwnScreen(own_look.OwnScreen):
    """One player's own characters, nothing else."""

    def lines(self) -> tuple[list[str], list[str]]:
        """The seat's characters, and its own secrets (the real warrant or threat)."""
        c = self.controller
        if c.phase != CALLING:
            return [], []
        v = c.calling_view(self.seat)
        secrets = []
        if v.signed:
            secrets.append(self.t("secret.your_signed", character=c.rank_name(v.signed)))
        if v.real_threat:
            secrets.append(self.t("secret.your_real", character=c.rank_name(v.real_threat)))
        return [c.character_name(i) for i in sorted(v.own, key=c.rank)], secrets

    def draw_body(self, canvas: pygame.Surface) -> None:
        own, secrets = self.lines()
        fonts = self.app.fonts
        y = BODY.top + 40
        if not own:
            draw_text(canvas, fonts, self.t("draft.nothing_yet"), (WIDTH // 2, y + 60),
                      theme.BUTTON_SIZE, theme.TEXT_DIM, anchor="center")
        for line in own:
            draw_text(canvas, fonts, line, (WIDTH // 2, y + 50), theme.TITLE_SIZE + 6,
                      theme.ACCENT, bold=True, anchor="center")
            y += 80
        for line in secrets:
            draw_text(canvas, fonts, line, (WIDTH // 2, y + 40), theme.BODY_SIZE, theme.TEXT,
                      anchor="center")
            y += 34
