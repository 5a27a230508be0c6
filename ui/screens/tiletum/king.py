"""The king track's screens (games under rules 3, whose view carries the track): the track
itself, a King move (whose disc, how many spaces: a contract's or a tile's step; before rules 5
also the King action's AP, prefilled from the take just made; the landing shown before it is
stored), and the king phase (the bonus, the VP, the new turn order, all read from the view;
confirming stores the turn order it gives)."""

from __future__ import annotations

import pygame

from companion.tiletum.game import KING_ACTION, ROUNDS, King, TurnOrder

from ... import theme
from ...widgets import Button, draw_fitted, draw_paragraph, grid
from ..base import BODY, Screen
from .controller import TiletumController
from .king_draw import disc_colour, draw_track
from .labels import signed
from .phases import BOTTOM, bottom_buttons, try_confirm

TEXT_SIZE = 20  # read from the seats
TRACK = pygame.Rect(BODY.left, BODY.top + 84, BODY.width, BOTTOM.top - BODY.top - 88)
STEP_CAP = 25  # the stepper's top: a move of 25 crosses the whole track


def names(controller) -> dict[int, str]:
    return {seat: controller.name(seat) for seat in controller.view().order}


class KingTrackScreen(Screen):
    """The king track, large, and each player's VP from the king phases so far."""

    name = "tiletum-track"

    def __init__(self, app, controller: TiletumController):
        self.controller = controller
        super().__init__(app)

    def title(self) -> str:
        return self.t("tiletum.track_title")

    def build(self) -> None:
        bottom_buttons(self, [("ok", "tiletum.ok", self.app.pop, True)])

    def draw_body(self, canvas: pygame.Surface) -> None:
        v, c, fonts = self.controller.view(), self.controller, self.app.fonts
        for cell, seat in zip(grid(pygame.Rect(BODY.left, BODY.top + 6, BODY.width, 28),
                                   len(v.order), len(v.order), 12), v.order):
            # who is which colour, and their king VP so far
            pygame.draw.circle(canvas, disc_colour(seat), (cell.left + 10, cell.centery), 10)
            name = c.name(seat)
            draw_fitted(canvas, fonts, self.t("tiletum.track_vp", name=name,
                                              vp=signed(v.king_vp[seat - 1])),
                        pygame.Rect(cell.left + 26, cell.top, cell.width - 26, cell.height),
                        TEXT_SIZE, name=name)
        draw_paragraph(canvas, fonts, self.t("tiletum.track_how"),
                       pygame.Rect(BODY.left, BODY.top + 40, BODY.width, 40), TEXT_SIZE,
                       theme.TEXT_DIM)
        draw_track(canvas, fonts, TRACK, v.track, names(c))


class KingMoveScreen(Screen):
    """A disc moved right on the king track: whose (the player who took the last die, unless
    changed) and how many spaces (1, or that die's King AP where the take did not move the disc
    itself: games before rules 5); the track as it will be, the disc ringed. Confirm stores
    ``King(seat, steps)``: a contract's or a tile's step (or, before rules 5, the King action)."""

    name = "tiletum-king"

    def __init__(self, app, controller: TiletumController):
        self.controller = controller
        v = controller.view()
        last = v.takes[-1] if v.takes else None
        self.seat = last.seat if last else (v.actor or v.order[0])
        self.steps = last.gain.ap if last and last.gain.action == KING_ACTION \
            and not v.king_take_moves_disc else 1
        self.problem: str | None = None
        super().__init__(app)

    def title(self) -> str:
        return self.t("tiletum.king_title")

    def build(self) -> None:
        seats = list(self.controller.view().order)
        row = pygame.Rect(BODY.left, BODY.top, BODY.width, 54)
        left = pygame.Rect(row.left, row.top, row.width - 300, row.height)
        for rect, seat in zip(grid(left, len(seats), len(seats), 8), seats):
            self.add(Button(rect, self.controller.name(seat), lambda s=seat: self.set_seat(s),
                            name=f"seat{seat}", selected=lambda s=seat: self.seat == s,
                            size=TEXT_SIZE, floor=theme.FLOOR_SIZE))
        self.add_stepper(pygame.Rect(row.right - 284, row.top, 284, row.height), "steps",
                         lambda: self.steps, self.step, gap=8)
        bottom_buttons(self, [("cancel", "tiletum.cancel", self.app.pop, False),
                              ("confirm", "tiletum.confirm", self.confirm, True)])

    def set_seat(self, seat: int) -> None:
        self.seat, self.problem = seat, None

    def step(self, delta: int) -> None:
        self.steps = max(1, min(STEP_CAP, self.steps + delta))
        self.problem = None

    def confirm(self) -> None:
        if try_confirm(self, King(self.seat, self.steps)):
            self.app.pop()

    def draw_body(self, canvas: pygame.Surface) -> None:
        v, c, fonts = self.controller.view(), self.controller, self.app.fonts
        after = v.advance(self.seat, self.steps)
        text = self.problem or self.t("tiletum.king_moves", name=c.name(self.seat),
                                      n=self.steps, start=signed(v.track.space(self.seat)),
                                      end=signed(after.space(self.seat)))
        draw_paragraph(canvas, fonts, text, pygame.Rect(BODY.left, BODY.top + 58, BODY.width,
                                                        26), TEXT_SIZE,
                       theme.WARNING if self.problem else theme.ACCENT, names=c.names)
        draw_track(canvas, fonts, TRACK, after, names(c), lifted=self.seat)


class KingPhaseScreen(Screen):
    """The king phase as the track gives it: who takes the bonus tile (4 VP in the last round),
    every player's VP, the new turn order, the red discs going back to 0. Confirm stores the
    turn order (the rules score the phase with it)."""

    name = "tiletum-king-phase"

    def __init__(self, app, controller: TiletumController):
        self.controller = controller
        self.problem: str | None = None
        super().__init__(app)

    def title(self) -> str:
        v = self.controller.view()
        return self.t("tiletum.king_phase_title", round=v.round, of=ROUNDS)

    def build(self) -> None:
        bottom_buttons(self, [("back", "tiletum.later", self.app.pop, False),
                              ("confirm", "tiletum.confirm", self.confirm, True)])

    def confirm(self) -> None:
        if try_confirm(self, TurnOrder(self.controller.view().king.order)):
            self.app.pop()

    def lines(self) -> list[str]:
        v, c, t = self.controller.view(), self.controller, self.t
        r = v.king
        key = "tiletum.king_bonus_vp" if r.last_round else "tiletum.king_bonus_tile"
        vp = ", ".join(f"{c.name(seat)}: {signed(n)}" for seat, n in r.vp)
        lines = [t(key + "_tie" * r.tied, name=c.name(r.leader), space=signed(r.leader_space)),
                 t("tiletum.king_vp", list=vp),
                 t("tiletum.king_new_order",
                   order=", ".join(f"{k}. {c.name(s)}" for k, s in enumerate(r.order, 1)))]
        red = [c.name(seat) for seat, n in r.space_vp if n < 0]
        if red:
            key = "tiletum.king_reset_after" if v.festival.king_track else "tiletum.king_reset"
            lines.append(t(key, names=", ".join(red)))
        return lines

    def draw_body(self, canvas: pygame.Surface) -> None:
        v, c, fonts = self.controller.view(), self.controller, self.app.fonts
        track = pygame.Rect(BODY.left, BODY.top - 4, BODY.width, 228)
        draw_track(canvas, fonts, track, v.track, names(c))
        y = track.bottom + 2
        if self.problem:
            y = draw_paragraph(canvas, fonts, self.problem,
                               pygame.Rect(BODY.left, y, BODY.width, BOTTOM.top - y - 2),
                               TEXT_SIZE, theme.WARNING)
        draw_paragraph(canvas, fonts, " ".join(self.lines()),  # one paragraph: no half lines
                       pygame.Rect(BODY.left, y, BODY.width, BOTTOM.top - y - 2), TEXT_SIZE,
                       names=c.names)
