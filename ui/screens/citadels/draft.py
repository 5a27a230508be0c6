"""The pass-and-play draft of each round: a public screen, a gate per player, private choice
and confirmation, and a wipe screen before the device moves on. Nothing private outlives its
screen."""

from __future__ import annotations

import pygame

from companion.citadels.draft import PICK, Discard, Pick
from hw.controls import ControlEvent, Kind

from ... import theme
from ...geometry import WIDTH
from ...seat_lights import seat_lights
from ...widgets import Button, draw_fitted, draw_paragraph, draw_text, fit_title, grid
from ..base import BODY, Screen
from ..gate import WipeScreen
from ..kept import leave_game
from .abilities import SIZE as ABILITY_SIZE, ability_line
from .controller import DRAFT, CitadelsController
from .seatmap import draw_seat_map

MAP = pygame.Rect(430, BODY.top + 2, BODY.right - 430, 306)


def next_player_label(screen: Screen, controller: CitadelsController) -> str:
    """'Pass to NAME' for whoever drafts next, or 'back to the table' when all are done."""
    if controller.phase != DRAFT:
        return screen.t("draft.to_table")
    return screen.t("draft.pass_to", name=controller.name(controller.draft_public().turn.seat))


def face_up_line(app, controller: CitadelsController) -> str:
    """The face-up discards, by rank (public: the table reads them on the draft's public
    screen, on each drafter's gate and on every pick)."""
    v = controller.draft_public()
    names = ", ".join(controller.character_name(i) for i in sorted(v.face_up, key=controller.rank))
    return app.t("draft.face_up", names=names or app.t("draft.none"))


class DraftScreen(Screen):
    """A screen of the draft: it knows the controller, the navigator that moves on from it
    and, if private, whose screen it is."""

    def __init__(self, app, controller: CitadelsController, nav, seat: int | None = None):
        self.controller, self.nav, self.seat = controller, nav, seat
        super().__init__(app)

    def private_title(self) -> str:
        name = self.controller.name(self.seat)
        return fit_title(self, self.t("draft.private_title", name=name), name)

    def seat_lights(self):
        """A private screen lights its own seat; the public one the seat the device goes to
        next, and the crown."""
        if self.seat is not None:
            return seat_lights(turn=self.seat)
        view = self.controller.draft_public()
        return seat_lights(next_seat=view.turn.seat if view.turn else None, crown=view.crown)


class PublicScreen(DraftScreen):
    """What everyone may see: round, crown, face-up discards, whose turn, the seat map."""

    name = "draft-public"
    shows_back = False

    def title(self) -> str:
        return self.t("draft.title", n=self.controller.round_number)

    def build(self) -> None:
        # No "Check my character" during the draft: it is always someone's private turn, and
        # the drafter's own screen shows what they already keep.
        rects = grid(pygame.Rect(BODY.left, BODY.bottom - 72, BODY.width, 72), 3, 3)
        self.add(Button(rects[0].union(rects[1]), lambda: next_player_label(self, self.controller),
                        self.pass_on, name="pass", floor=theme.FLOOR_SIZE))
        self.add(Button(rects[2], lambda: self.t("draft.leave"), self.leave, name="leave",
                        size=theme.BODY_SIZE))

    def pass_on(self) -> None:
        self.nav.show_turn()

    def on_control(self, event: ControlEvent) -> bool:
        """The seat button of whoever drafts next (its light pulses) opens their gate."""
        seat = event.control.seat
        if seat is None:
            return False
        view = self.controller.draft_public()
        if event.kind is Kind.PRESS and view.turn and seat == view.turn.seat:
            self.pass_on()
        return True

    def leave(self) -> None:
        """Back home; the game stays kept (Continue on the setup screen, Games in progress)."""
        leave_game(self.app, "citadels")

    def on_back(self) -> None:
        self.leave()

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts, c = self.app.fonts, self.controller
        v = c.draft_public()
        x, y = BODY.left, BODY.top + 4
        lines = [self.t("draft.crown", name=c.name(v.crown)), face_up_line(self.app, c),
                 self.t("draft.face_down", n=v.face_down_count)]
        for line in lines:
            y = draw_paragraph(canvas, fonts, line, pygame.Rect(x, y, MAP.left - x - 16, 60),
                               theme.BODY_SIZE, names=c.names) + 6
        key = "draft.turn_pick" if v.turn.action == PICK else "draft.turn_discard"
        draw_paragraph(canvas, fonts, self.t(key, name=c.name(v.turn.seat)),
                       pygame.Rect(x, y + 10, MAP.left - x - 16, 90), theme.BUTTON_SIZE,
                       theme.ACCENT, names=c.names)
        draw_seat_map(canvas, fonts, MAP, c.names, v.crown, acting=v.turn.seat,
                      cards=v.hand_counts, marked=c.completion_order())


class PrivateScreen(DraftScreen):
    """One player's cards: the ones handed to them now, and the ones they already keep."""

    name = "draft-private"
    private = True
    title = DraftScreen.private_title

    def build(self) -> None:
        v = self.controller.draft_view(self.seat)
        area = pygame.Rect(BODY.left, BODY.top + 70, BODY.width, 250)
        columns = min(len(v.offered), 4)
        cards = sorted(v.offered, key=self.controller.rank)
        for rect, card in zip(grid(area, len(cards), columns, gap=12), cards):
            self.add(Button(rect, lambda c=card: self.controller.character_name(c),
                            lambda c=card: self.choose(c), name=card, size=theme.BUTTON_SIZE))
        self.action = v.turn.action
        self.with_face_down = v.turn.with_face_down

    def on_control(self, event: ControlEvent) -> bool:
        return self.seat_focus(event, self.seat)  # own seat button: press moves, hold chooses

    def choose(self, card: str) -> None:
        kind = Pick if self.action == PICK else Discard
        self.app.push(ConfirmScreen(self.app, self.controller, self.nav, kind(self.seat, card)))

    def on_back(self) -> None:
        """Hide: back to this player's gate (it is still their turn), nothing chosen."""
        self.nav.show_turn()

    def rehearsals(self) -> list:
        """While a player chooses: the calling's first frame as far as the draft settles it
        (the round's last choice opens the calling; ``Navigator.calling_rehearsal``). None
        once the draft is over (the screen shown again as those above it go)."""
        return [self.nav.calling_rehearsal()] if self.controller.phase == DRAFT else []

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts, v = self.app.fonts, self.controller.draft_view(self.seat)
        key = "draft.choose_keep" if self.action == PICK else "draft.choose_discard"
        draw_text(canvas, fonts, self.t(key), (BODY.left, BODY.top + 8), theme.BUTTON_SIZE,
                  theme.ACCENT)
        if self.with_face_down:
            draw_text(canvas, fonts, self.t("draft.seven_rule"), (BODY.left, BODY.top + 42),
                      theme.SMALL_SIZE, theme.TEXT_DIM)
        draw_fitted(canvas, fonts, face_up_line(self.app, self.controller),
                    pygame.Rect(BODY.left, BODY.bottom - 60, BODY.width, 28), theme.BODY_SIZE,
                    theme.TEXT_DIM, floor=theme.SMALL_SIZE)
        own = ", ".join(self.controller.character_name(c) for c in v.own) or self.t("draft.none")
        draw_text(canvas, fonts, self.t("draft.you_have", names=own),
                  (BODY.left, BODY.bottom - 24), theme.BODY_SIZE)


class ConfirmScreen(DraftScreen):
    """The last chance to change one's mind: confirm, or go back and choose again."""

    name = "draft-confirm"
    private = True
    title = DraftScreen.private_title

    def __init__(self, app, controller: CitadelsController, nav, decision):
        self.decision = decision
        super().__init__(app, controller, nav, decision.seat)

    def build(self) -> None:
        left, right = grid(pygame.Rect(BODY.left, BODY.bottom - 90, BODY.width, 90), 2, 2, 16)
        self.add(Button(left, lambda: self.t("draft.undo"), self.app.pop, name="undo"))
        self.add(Button(right, lambda: self.t("draft.confirm"), self.confirm, name="confirm",
                        selected=True))
        self.focus = 2  # OK confirms; the finger has to travel to undo

    def on_control(self, event: ControlEvent) -> bool:
        return self.seat_focus(event, self.seat)  # own seat button: press moves, hold confirms

    def confirm(self) -> None:
        seat, c = self.decision.seat, self.controller
        c.confirm(self.decision)
        if c.phase == DRAFT and c.draft_public().turn.seat == seat:  # 2-3 players: go on
            self.app.pop()
            self.app.replace(PrivateScreen(self.app, c, self.nav, seat))
            return
        following = c.draft_public().turn.seat if c.phase == DRAFT else None
        self.app.push(WipeScreen(self.app, lambda: next_player_label(self, c),
                                 self.nav.show_turn, following))

    def draw_body(self, canvas: pygame.Surface) -> None:
        key = "draft.confirm_keep" if isinstance(self.decision, Pick) else "draft.confirm_discard"
        draw_text(canvas, self.app.fonts, self.t(key), (WIDTH // 2, BODY.top + 50),
                  theme.BUTTON_SIZE, theme.TEXT_DIM, anchor="center")
        draw_text(canvas, self.app.fonts, self.controller.character_name(self.decision.character),
                  (WIDTH // 2, BODY.top + 130), theme.TITLE_SIZE + 10, theme.ACCENT, bold=True,
                  anchor="center")
        draw_text(canvas, self.app.fonts, ability_line(self.app, self.controller.edition,
                                                       self.decision.character),
                  (WIDTH // 2, BODY.top + 180), ABILITY_SIZE, theme.TEXT_DIM, anchor="center")
