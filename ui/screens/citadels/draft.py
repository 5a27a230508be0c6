"""The pass-and-play draft: a public screen, a gate per player, private choice and confirmation,
and a wipe screen before the device moves on. Nothing private outlives its screen."""

from __future__ import annotations

import math

import pygame

from companion.citadels.draft import PICK, Discard, Pick

from ... import theme
from ...geometry import WIDTH
from ...widgets import Button, draw_paragraph, draw_text, grid
from ..base import BODY, Screen
from ..gate import GateScreen
from .controller import DraftController

MAP = pygame.Rect(430, BODY.top + 2, BODY.right - 430, 306)
SEAT_W, SEAT_H = 96, 36


def open_gate(app, controller: DraftController, seat: int, then) -> None:
    """Push the gate for ``seat``; revealing replaces it with ``then(seat)``'s screen."""
    app.push(GateScreen(app, seat, controller.name(seat),
                        lambda: app.replace(then(seat))))


def show_turn(app, controller: DraftController) -> None:
    """Back to the public screen, then the gate of whoever acts next (if anyone)."""
    app.pop_to("draft-public")
    turn = controller.public().turn
    if turn is not None:
        open_gate(app, controller, turn.seat, lambda s: PrivateScreen(app, controller, s))


def open_draft(app, session) -> None:
    """Show a stored draft where it stands: its public screen, and the next player's gate."""
    controller = DraftController(app, session)
    app.push(PublicScreen(app, controller))
    show_turn(app, controller)


class DraftScreen(Screen):
    """A screen of the draft: it knows the controller and, if private, whose screen it is."""

    def __init__(self, app, controller: DraftController, seat: int | None = None):
        self.controller, self.seat = controller, seat
        super().__init__(app)

    def next_player_label(self) -> str:
        """'Pass to NAME' for whoever acts next, or 'back to the table' when all are done."""
        turn = self.controller.public().turn
        if turn is None:
            return self.t("draft.to_table")
        return self.t("draft.pass_to", name=self.controller.name(turn.seat))

    def private_title(self) -> str:
        return self.t("draft.private_title", name=self.controller.name(self.seat))


class PublicScreen(DraftScreen):
    """What everyone may see: round, crown, face-up discards, whose turn, the seat map."""

    name = "draft-public"
    shows_back = False

    def title(self) -> str:
        return self.t("draft.title")

    def build(self) -> None:
        rects = grid(pygame.Rect(BODY.left, BODY.bottom - 72, BODY.width, 72), 3, 3)
        self.add(Button(rects[0], self.next_player_label, self.pass_on, name="pass"))
        self.add(Button(rects[1], lambda: self.t("draft.check"), self.check, name="check",
                        size=theme.BODY_SIZE))
        self.add(Button(rects[2], self._leave_label, self.leave, name="leave",
                        size=theme.BODY_SIZE))

    def _leave_label(self) -> str:
        return self.t("draft.end" if self.controller.public().finished else "draft.leave")

    def on_enter(self) -> None:
        self.button("pass").visible = not self.controller.public().finished

    def pass_on(self) -> None:
        show_turn(self.app, self.controller)

    def check(self) -> None:
        self.app.push(SeatChoiceScreen(self.app, self.controller))

    def leave(self) -> None:
        """Back home. An unfinished draft stays stored and resumes at the next start."""
        if self.controller.public().finished:
            self.controller.finish()
        self.app.pop_to("home")

    def on_back(self) -> None:
        self.leave()

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts, c = self.app.fonts, self.controller
        v = c.public()
        x, y = BODY.left, BODY.top + 4
        lines = [
            self.t("draft.crown", name=c.name(v.crown)),
            self.t("draft.face_up", names=", ".join(
                c.character_name(i) for i in sorted(v.face_up, key=c.rank)) or self.t("draft.none")),
            self.t("draft.face_down", n=v.face_down_count),
        ]
        for line in lines:
            y = draw_paragraph(canvas, fonts, line, pygame.Rect(x, y, MAP.left - x - 16, 60),
                               theme.BODY_SIZE) + 6
        if v.turn is None:
            status = self.t("draft.complete")
        else:
            key = "draft.turn_pick" if v.turn.action == PICK else "draft.turn_discard"
            status = self.t(key, name=c.name(v.turn.seat))
        draw_paragraph(canvas, fonts, status, pygame.Rect(x, y + 10, MAP.left - x - 16, 90),
                       theme.BUTTON_SIZE, theme.ACCENT)
        draw_seat_map(canvas, fonts, c, v)


def draw_seat_map(canvas, fonts, controller: DraftController, v) -> None:
    """Seats round the table, clockwise from the top; the crown ringed in gold, the seat to act
    filled, and one small card back per character a seat holds."""
    rx, ry = MAP.width / 2 - SEAT_W / 2, MAP.height / 2 - SEAT_H / 2
    pygame.draw.ellipse(canvas, theme.PANEL, MAP.inflate(-SEAT_W, -SEAT_H), 3)
    for seat in range(1, v.players + 1):
        angle = 2 * math.pi * (seat - 1) / v.players - math.pi / 2
        cx = MAP.centerx + math.cos(angle) * rx
        cy = MAP.centery + math.sin(angle) * ry
        rect = pygame.Rect(0, 0, SEAT_W, SEAT_H)
        rect.center = (round(cx), round(cy))
        acting = v.turn is not None and v.turn.seat == seat
        pygame.draw.rect(canvas, theme.ACCENT if acting else theme.PANEL, rect, border_radius=10)
        if seat == v.crown:
            pygame.draw.rect(canvas, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=13)
        color = theme.ACCENT_TEXT if acting else theme.TEXT
        draw_text(canvas, fonts, controller.name(seat), (rect.centerx, rect.centery - 5),
                  theme.SMALL_SIZE, color, anchor="center")
        for i in range(v.hand_counts[seat - 1]):
            card = pygame.Rect(rect.centerx - 10 + i * 12, rect.bottom - 11, 9, 7)
            pygame.draw.rect(canvas, color, card, border_radius=2)


class PrivateScreen(DraftScreen):
    """One player's cards: the ones handed to them now, and the ones they already keep."""

    name = "draft-private"
    private = True
    title = DraftScreen.private_title

    def build(self) -> None:
        v = self.controller.view(self.seat)
        area = pygame.Rect(BODY.left, BODY.top + 70, BODY.width, 250)
        columns = min(len(v.offered), 4)
        cards = sorted(v.offered, key=self.controller.rank)
        for rect, card in zip(grid(area, len(cards), columns, gap=12), cards):
            self.add(Button(rect, lambda c=card: self.controller.character_name(c),
                            lambda c=card: self.choose(c), name=card, size=theme.BUTTON_SIZE))
        self.action = v.turn.action
        self.with_face_down = v.turn.with_face_down

    def choose(self, card: str) -> None:
        kind = Pick if self.action == PICK else Discard
        self.app.push(ConfirmScreen(self.app, self.controller, kind(self.seat, card)))

    def on_back(self) -> None:
        """Hide: back to this player's gate, nothing chosen."""
        self.app.replace(GateScreen(self.app, self.seat, self.controller.name(self.seat),
                                    lambda: self.app.replace(
                                        PrivateScreen(self.app, self.controller, self.seat))))

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts, v = self.app.fonts, self.controller.view(self.seat)
        key = "draft.choose_keep" if self.action == PICK else "draft.choose_discard"
        draw_text(canvas, fonts, self.t(key), (BODY.left, BODY.top + 8), theme.BUTTON_SIZE,
                  theme.ACCENT)
        if self.with_face_down:
            draw_text(canvas, fonts, self.t("draft.seven_rule"), (BODY.left, BODY.top + 42),
                      theme.SMALL_SIZE, theme.TEXT_DIM)
        own = ", ".join(self.controller.character_name(c) for c in v.own) or self.t("draft.none")
        draw_text(canvas, fonts, self.t("draft.you_have", names=own),
                  (BODY.left, BODY.bottom - 24), theme.BODY_SIZE)


class ConfirmScreen(DraftScreen):
    """The last chance to change one's mind: confirm, or go back and choose again."""

    name = "draft-confirm"
    private = True
    title = DraftScreen.private_title

    def __init__(self, app, controller: DraftController, decision):
        self.decision = decision
        super().__init__(app, controller, decision.seat)

    def build(self) -> None:
        half = (BODY.width - 16) // 2
        top = BODY.bottom - 90
        self.add(Button(pygame.Rect(BODY.left, top, half, 90), lambda: self.t("draft.undo"),
                        self.app.pop, name="undo"))
        self.add(Button(pygame.Rect(BODY.left + half + 16, top, half, 90),
                        lambda: self.t("draft.confirm"), self.confirm, name="confirm",
                        selected=True))
        self.focus = 2  # OK confirms; the finger has to travel to undo

    def confirm(self) -> None:
        seat = self.decision.seat
        public = self.controller.confirm(self.decision)
        turn = public.turn
        if turn is not None and turn.seat == seat:  # 2-3 players: the same player goes on
            self.app.pop()
            self.app.replace(PrivateScreen(self.app, self.controller, seat))
            return
        self.app.push(WipeScreen(self.app, self.controller))

    def draw_body(self, canvas: pygame.Surface) -> None:
        key = "draft.confirm_keep" if isinstance(self.decision, Pick) else "draft.confirm_discard"
        draw_text(canvas, self.app.fonts, self.t(key), (WIDTH // 2, BODY.top + 50),
                  theme.BUTTON_SIZE, theme.TEXT_DIM, anchor="center")
        draw_text(canvas, self.app.fonts, self.controller.character_name(self.decision.character),
                  (WIDTH // 2, BODY.top + 130), theme.TITLE_SIZE + 10, theme.ACCENT, bold=True,
                  anchor="center")


class WipeScreen(DraftScreen):
    """Shown between players: says who is next and nothing else."""

    name = "draft-wipe"
    shows_back = False

    def title(self) -> str:
        return self.t("draft.done")

    def build(self) -> None:
        self.add(Button(pygame.Rect(WIDTH // 2 - 220, BODY.top + 150, 440, 110),
                        self.next_player_label, lambda: show_turn(self.app, self.controller),
                        size=theme.BIG_SIZE, name="next"))

    def on_back(self) -> None:
        """BACK does nothing here: the only way on is to the next player or the table."""

    def draw_body(self, canvas: pygame.Surface) -> None:
        draw_text(canvas, self.app.fonts, self.t("draft.wiped"), (WIDTH // 2, BODY.top + 60),
                  theme.BODY_SIZE, theme.TEXT_DIM, anchor="center")


class SeatChoiceScreen(DraftScreen):
    """"Check my character": who are you? Then your gate, then only your own characters."""

    name = "draft-whoami"

    def title(self) -> str:
        return self.t("draft.check")

    def build(self) -> None:
        players = len(self.controller.names)
        for rect, seat in zip(grid(pygame.Rect(BODY.left, BODY.top + 20, BODY.width, 260),
                                   players, 4, gap=12), range(1, players + 1)):
            self.add(Button(rect, self.controller.name(seat), lambda s=seat: self.open(s),
                            name=f"seat{seat}"))

    def open(self, seat: int) -> None:
        app = self.app
        app.replace(GateScreen(app, seat, self.controller.name(seat),
                               lambda: app.replace(OwnScreen(app, self.controller, seat))))


class OwnScreen(DraftScreen):
    """One player's own characters, nothing else; Done wipes it."""

    name = "draft-own"
    private = True
    shows_back = False
    title = DraftScreen.private_title

    def build(self) -> None:
        self.add(Button(pygame.Rect(WIDTH // 2 - 150, BODY.bottom - 90, 300, 80),
                        lambda: self.t("common.done"), self.done, name="done"))

    def done(self) -> None:
        self.app.pop_to("draft-public")

    on_back = done

    def draw_body(self, canvas: pygame.Surface) -> None:
        own = self.controller.view(self.seat).own
        y = BODY.top + 40
        if not own:
            draw_text(canvas, self.app.fonts, self.t("draft.nothing_yet"), (WIDTH // 2, y + 60),
                      theme.BUTTON_SIZE, theme.TEXT_DIM, anchor="center")
        for cid in own:
            draw_text(canvas, self.app.fonts, self.controller.character_name(cid),
                      (WIDTH // 2, y + 50), theme.TITLE_SIZE + 6, theme.ACCENT, bold=True,
                      anchor="center")
            y += 80
