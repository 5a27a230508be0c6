"""Private entry of the Magistrate's warrants or the Blackmailer's threats: choose the ranks,
then which token is the real one, then confirm. Behind a gate; wiped as soon as it is stored."""

from __future__ import annotations

import pygame

from companion.citadels.calling import Threats, Warrants

from ... import theme
from ...widgets import Button, draw_text, fit_title, grid
from ..base import BODY, Screen
from ..gate import GateScreen, WipeScreen
from .controller import CitadelsController

KINDS = {"warrants": (Warrants, 3), "threats": (Threats, 2)}


class SecretTokensScreen(Screen):
    name = "secret-tokens"
    private = True
    shows_back = False  # "Hide" (and BACK) return to the gate

    def __init__(self, app, controller: CitadelsController, seat: int, kind: str):
        self.controller, self.seat, self.kind = controller, seat, kind
        self.decision_type, self.count = KINDS[kind]
        self.chosen: list[int] = []
        self.real: int | None = None
        super().__init__(app)

    def title(self) -> str:
        name = self.controller.name(self.seat)
        return fit_title(self, self.t(f"secret.title_{self.kind}", name=name), name)

    def options(self) -> list[int]:
        """The ranks the rules allow tokens on now."""
        legal = [d for d in self.controller.legal() if isinstance(d, self.decision_type)]
        return sorted({r for d in legal for r in d.ranks})

    def build(self) -> None:
        c = self.controller
        options = self.options()
        area = pygame.Rect(BODY.left, BODY.top + 40, BODY.width, 84)
        for rect, rank in zip(grid(area, len(options), len(options), 8), options):
            self.add(Button(rect, f"{rank}\n{c.plain_name(c.at_rank(rank))}",
                            lambda r=rank: self.toggle(r), name=f"rank{rank}",
                            selected=lambda r=rank: r in self.chosen, size=theme.SMALL_SIZE))
        self.real_buttons = []
        area = pygame.Rect(BODY.left, BODY.top + 190, BODY.width, 76)
        for i, rect in enumerate(grid(area, self.count, self.count, 12)):
            self.real_buttons.append(self.add(Button(
                rect, lambda i=i: self._chosen_name(i), lambda i=i: self.choose_real(i),
                name=f"real{i}", visible=False, size=theme.BODY_SIZE,
                selected=lambda i=i: self.real is not None and self._chosen(i) == self.real)))
        left, right = grid(pygame.Rect(BODY.left, BODY.bottom - 72, BODY.width, 72), 2, 2, 16)
        self.add(Button(left, lambda: self.t("secret.hide"), self.on_back, name="hide"))
        self.add(Button(right, lambda: self.t("draft.confirm"), self.confirm, name="confirm",
                        enabled=False))

    def _chosen(self, i: int) -> int | None:
        ranks = sorted(self.chosen)
        return ranks[i] if i < len(ranks) else None

    def _chosen_name(self, i: int) -> str:
        rank = self._chosen(i)
        return self.controller.rank_name(rank) if rank else ""

    def toggle(self, rank: int) -> None:
        if rank in self.chosen:
            self.chosen.remove(rank)
        elif len(self.chosen) < self.count:
            self.chosen.append(rank)
        if self.real not in self.chosen:
            self.real = None
        self._update()

    def choose_real(self, i: int) -> None:
        self.real = self._chosen(i)
        self._update()

    def _update(self) -> None:
        full = len(self.chosen) == self.count
        for b in self.real_buttons:
            b.visible = full
        self.button("confirm").enabled = full and self.real is not None

    def confirm(self) -> None:
        if len(self.chosen) != self.count or self.real is None:
            return
        app, c = self.app, self.controller
        c.confirm(self.decision_type(self.seat, tuple(sorted(self.chosen)), self.real))
        app.replace(WipeScreen(app, lambda: self.t("draft.to_table"),
                               lambda: app.pop_to("calling")))

    def on_back(self) -> None:
        """Hide: back to this player's gate, nothing stored."""
        app, c, seat, kind = self.app, self.controller, self.seat, self.kind
        app.replace(GateScreen(app, seat, c.name(seat),
                               lambda: app.replace(SecretTokensScreen(app, c, seat, kind))))

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        draw_text(canvas, fonts, self.t(f"secret.choose_{self.kind}"), (BODY.left, BODY.top + 6),
                  theme.BODY_SIZE, theme.ACCENT)
        if len(self.chosen) == self.count:
            draw_text(canvas, fonts, self.t(f"secret.real_{self.kind}"),
                      (BODY.left, BODY.top + 154), theme.BODY_SIZE, theme.ACCENT)
