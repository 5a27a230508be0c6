"""A player's own VP where the scores are secret ("참고: 게임 중에 점수는 비공개입니다"): the board's
"My VP" opens the names, then the seat's gate (a look by a held name is stored and said on the
board), then that player's VP alone, from their own view; Done wipes it."""

from __future__ import annotations

import pygame

from companion.troyes.game import Look

from ... import theme
from ...geometry import WIDTH
from ...widgets import draw_paragraph, draw_text
from .. import own_look
from ..base import BODY, Screen


class ScoreLookScreen(own_look.SeatChoiceScreen):
    """Who looks at their VP: any player, at any time before the end."""

    name = "troyes-whoami"

    def title(self) -> str:
        return self.t("troyes.my_vp_title")

    def look(self, seat: int) -> Look:
        return Look(seat)

    def private_screen(self, seat: int) -> Screen:
        return OwnScoreScreen(self.app, self.controller, seat, self.back_to)


class OwnScoreScreen(own_look.OwnScreen):
    """One player's VP, nothing else."""

    name = "troyes-own-vp"

    def draw_body(self, canvas: pygame.Surface) -> None:
        vp = self.controller.view(self.seat).players[self.seat - 1].vp
        fonts = self.app.fonts
        draw_text(canvas, fonts, self.t("troyes.own_vp", vp=vp), (WIDTH // 2, BODY.top + 90),
                  theme.BIG_SIZE + 20, theme.ACCENT, bold=True, anchor="center")
        draw_paragraph(canvas, fonts, self.t("troyes.own_vp_note"),
                       pygame.Rect(BODY.left + 40, BODY.top + 150, BODY.width - 80, 90),
                       theme.BODY_SIZE, theme.TEXT_DIM)
