""""Check my character": who are you? Then your gate, then only your own characters (and, in
the calling, your own secret warrant or threat). Done wipes it."""

from __future__ import annotations

import pygame

from ... import theme
from ...geometry import WIDTH
from ...widgets import Button, draw_text, grid
from ..base import BODY, Screen
from ..gate import GateScreen
from .controller import CALLING, DRAFT, GameController


class SeatChoiceScreen(Screen):
    name = "whoami"

    def __init__(self, app, controller: GameController, back_to: str):
        self.controller, self.back_to = controller, back_to
        super().__init__(app)

    def title(self) -> str:
        return self.t("draft.check")

    def build(self) -> None:
        players = self.controller.players
        for rect, seat in zip(grid(pygame.Rect(BODY.left, BODY.top + 20, BODY.width, 260),
                                   players, 4, gap=12), range(1, players + 1)):
            self.add(Button(rect, self.controller.name(seat), lambda s=seat: self.open(s),
                            name=f"seat{seat}"))

    def open(self, seat: int) -> None:
        app, c = self.app, self.controller
        app.replace(GateScreen(app, seat, c.name(seat),
                               lambda: app.replace(OwnScreen(app, c, seat, self.back_to))))


class OwnScreen(Screen):
    """One player's own characters, nothing else."""

    name = "own"
    private = True
    shows_back = False

    def __init__(self, app, controller: GameController, seat: int, back_to: str):
        self.controller, self.seat, self.back_to = controller, seat, back_to
        super().__init__(app)

    def title(self) -> str:
        return self.t("draft.private_title", name=self.controller.name(self.seat))

    def build(self) -> None:
        self.add(Button(pygame.Rect(WIDTH // 2 - 150, BODY.bottom - 90, 300, 80),
                        lambda: self.t("common.done"), self.done, name="done"))

    def done(self) -> None:
        self.app.pop_to(self.back_to)

    on_back = done

    def lines(self) -> tuple[list[str], list[str]]:
        """The seat's characters, and its own secrets (the real warrant or threat)."""
        c = self.controller
        if c.phase == DRAFT:
            return [c.character_name(i) for i in c.draft_view(self.seat).own], []
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
