"""Private entry of the Magistrate's warrants or the Blackmailer's threats (choose the ranks,
then which token is the real one, then confirm; or place none), and the Magistrate's look at
the warrant of the character now playing (turned over only if it is the signed one). Behind a
gate; wiped as soon as it is done."""

from __future__ import annotations

import pygame

from companion.citadels.calling import Decline, RevealWarrant, Threats, Warrants

from ... import theme
from ...widgets import Button, draw_paragraph, draw_text, fit_title, grid
from ..base import BODY, Screen
from ..gate import GateScreen, WipeScreen
from .cells import button_cells
from .controller import CitadelsController

KINDS = {"warrants": (Warrants, 3), "threats": (Threats, 2)}
RANKS = pygame.Rect(BODY.left, BODY.top + 40, BODY.width, 84)  # the ranks to choose from
RANKS_TWO_ROWS = pygame.Rect(BODY.left, BODY.top + 38, BODY.width, 108)  # (long names)


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
        labels = [f"{rank}\n{c.plain_name(c.at_rank(rank))}" for rank in options]
        cells = button_cells(self.app.fonts, RANKS, labels, 8, two_rows=RANKS_TWO_ROWS)
        for rect, rank, label in zip(cells, options, labels):
            self.add(Button(rect, label,
                            lambda r=rank: self.toggle(r), name=f"rank{rank}",
                            selected=lambda r=rank: r in self.chosen, size=theme.SMALL_SIZE))
        self.real_buttons = []
        area = pygame.Rect(BODY.left, BODY.top + 190, BODY.width, 76)
        for i, rect in enumerate(grid(area, self.count, self.count, 12)):
            self.real_buttons.append(self.add(Button(
                rect, lambda i=i: self._chosen_name(i), lambda i=i: self.choose_real(i),
                name=f"real{i}", visible=False, size=theme.BODY_SIZE,
                selected=lambda i=i: self.real is not None and self._chosen(i) == self.real)))
        declines = [d for d in self.controller.legal() if d == Decline(self.seat)]
        row = grid(pygame.Rect(BODY.left, BODY.bottom - 72, BODY.width, 72), 3, 3, 16)
        self.add(Button(row[0], lambda: self.t("secret.hide"), self.on_back, name="hide"))
        if declines:
            self.add(Button(row[1], lambda: self.t("secret.none"),
                            lambda: self.store(declines[0]), name="none"))
        self.add(Button(row[2], lambda: self.t("draft.confirm"), self.confirm, name="confirm",
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
        self.store(self.decision_type(self.seat, tuple(sorted(self.chosen)), self.real))

    def store(self, decision) -> None:
        store_and_wipe(self, decision)

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


def store_and_wipe(screen: Screen, decision=None) -> None:
    """Store ``decision`` (if any), then wipe the private screen and go back to the calling."""
    app = screen.app
    if decision is not None:
        screen.controller.confirm(decision)
    app.replace(WipeScreen(app, lambda: screen.t("draft.to_table"),
                           lambda: app.pop_to("calling")))


class WarrantScreen(Screen):
    """The Magistrate sees whether the warrant on the character now playing is the signed one;
    only that one may be turned over (seed 000: "인장이 찍힌 영장을 받은 캐릭터만 실제 몰수
    대상으로 지정됩니다"). Leaving it face down stores nothing: the table saw only the look."""

    name = "warrant"
    private = True
    shows_back = False

    def __init__(self, app, controller: CitadelsController, seat: int):
        self.controller, self.seat = controller, seat
        view = controller.calling_view(seat)
        self.rank, self.signed = view.rank, view.signed == view.rank
        super().__init__(app)

    def title(self) -> str:
        name = self.controller.name(self.seat)
        return fit_title(self, self.t("secret.title_warrant", name=name), name)

    def build(self) -> None:
        left, right = grid(pygame.Rect(BODY.left, BODY.bottom - 72, BODY.width, 72), 2, 2, 16)
        self.add(Button(left, lambda: self.t("secret.keep_down"), self.on_back, name="keep"))
        if self.signed:
            self.add(Button(right, lambda: self.t("secret.turn_over"),
                            lambda: store_and_wipe(self, RevealWarrant(self.seat)),
                            name="turn-over"))

    def on_back(self) -> None:
        store_and_wipe(self)

    def draw_body(self, canvas: pygame.Surface) -> None:
        key = "secret.warrant_signed" if self.signed else "secret.warrant_unsigned"
        draw_paragraph(canvas, self.app.fonts,
                       self.t(key, character=self.controller.rank_name(self.rank)),
                       pygame.Rect(BODY.left, BODY.top + 40, BODY.width, 160),
                       theme.BUTTON_SIZE, theme.ACCENT)
