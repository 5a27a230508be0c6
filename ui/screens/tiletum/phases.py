"""The moments between the takes: the corruption token turned up, the new turn order after the
king phase, each player's festival, and a completed building's bonus AP marker. A decision the
rules refuse is said in the table's language (``refusal``) and nothing is stored."""

from __future__ import annotations

import pygame

from companion.errors import IllegalDecision
from companion.tiletum.game import CHOSEN, FESTIVAL, MARKER_VALUES, Bonus, FestivalScore, TurnOrder

from ... import theme
from ...widgets import Button, draw_paragraph, draw_text, fit_title, grid
from ..base import BODY, Screen
from .controller import TiletumController
from .labels import action_names, festival_label

BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 60, BODY.width, 60)
COUNT_CAP = 30  # the festival stepper's top where the rules set none (any count 0 or more)


def bottom_buttons(screen, items) -> None:
    """The row of buttons at the bottom: (name, catalogue key, action, primary)."""
    for rect, (name, key, action, primary) in zip(grid(BOTTOM, len(items), len(items), 12),
                                                  items):
        screen.add(Button(rect, lambda k=key: screen.t(k), action, name=name, selected=primary,
                          size=theme.BODY_SIZE))
    screen.focus = len(screen.buttons) - 1


class CorruptionScreen(Screen):
    """The token just turned up, large, and what it does to the king track (spoken too)."""

    name = "tiletum-corruption"
    shows_back = False

    def __init__(self, app, token: int, pass_number: int):
        self.token, self.pass_number = token, pass_number
        super().__init__(app)
        app.speaker.say(self.sentence(), app.language)

    def title(self) -> str:
        return self.t("tiletum.corruption_title", n=self.pass_number)

    def sentence(self) -> str:
        if self.token == 0:
            return self.t("tiletum.corruption_none")
        return self.t("tiletum.corruption_move", n=self.token)

    def build(self) -> None:
        bottom_buttons(self, [("ok", "tiletum.ok", self.app.pop, True)])

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        centre = (BODY.centerx, BODY.top + 86)
        pygame.draw.circle(canvas, (150, 60, 50), centre, 70)
        draw_text(canvas, fonts, str(self.token), centre, 96, bold=True, anchor="center")
        draw_paragraph(canvas, fonts, self.sentence(),
                       pygame.Rect(BODY.left + 40, BODY.top + 172, BODY.width - 80, 80),
                       theme.TITLE_SIZE)
        if self.token:
            draw_paragraph(canvas, fonts, self.t("tiletum.corruption_how"),
                           pygame.Rect(BODY.left + 40, BODY.top + 262, BODY.width - 80, 60),
                           theme.SMALL_SIZE, theme.TEXT_DIM)


def try_confirm(screen, decision) -> bool:
    """Confirm ``decision`` on ``screen``'s controller; a refusal goes to ``screen.problem``
    (in the UI language) and nothing is stored. True if it was stored."""
    try:
        screen.controller.confirm(decision)
    except IllegalDecision as exc:
        screen.problem = screen.refusal(exc)
        return False
    screen.problem = None
    return True


class TurnOrderScreen(Screen):
    """Tap the players in their new turn order (king-track order: the most advanced first; in
    a stack, the bottom disc first)."""

    name = "tiletum-order"

    def __init__(self, app, controller: TiletumController):
        self.controller = controller
        self.order: list[int] = []
        self.problem: str | None = None
        super().__init__(app)

    def title(self) -> str:
        return self.t("tiletum.order_title")

    def build(self) -> None:
        seats = list(self.controller.view().order)
        row = pygame.Rect(BODY.left, BODY.top + 70, BODY.width, 72)
        for rect, seat in zip(grid(row, len(seats), len(seats), 10), seats):
            self.add(Button(rect, lambda s=seat: self.label(s), lambda s=seat: self.tap(s),
                            name=f"seat{seat}", selected=lambda s=seat: s in self.order,
                            size=theme.BODY_SIZE, floor=theme.FLOOR_SIZE))
        bottom_buttons(self, [("clear", "tiletum.clear", self.clear, False),
                              ("keep", "tiletum.keep_order", self.keep, False),
                              ("confirm", "tiletum.confirm", self.confirm, True)])

    def label(self, seat: int) -> str:
        name = self.controller.name(seat)
        return f"{self.order.index(seat) + 1}. {name}" if seat in self.order else name

    def tap(self, seat: int) -> None:
        if seat in self.order:
            self.order.remove(seat)
        else:
            self.order.append(seat)
        self.problem = None

    def clear(self) -> None:
        self.order, self.problem = [], None

    def keep(self) -> None:
        self.order, self.problem = list(self.controller.view().order), None

    def confirm(self) -> None:
        if try_confirm(self, TurnOrder(tuple(self.order))):
            self.app.pop()

    def refusal(self, error) -> str:
        """A turn order leaving players out names them (the rules say which seats)."""
        missing = error.fields.get("missing") if error.code == "tiletum.order" else None
        if missing:
            return self.t("tiletum.order_missing",
                          names=", ".join(self.controller.name(s) for s in missing))
        return super().refusal(error)

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        draw_paragraph(canvas, fonts, self.t("tiletum.order_how"),
                       pygame.Rect(BODY.left, BODY.top + 4, BODY.width, 60), theme.SMALL_SIZE)
        names = [self.controller.name(s) for s in self.order]
        text = self.t("tiletum.order_so_far", order=" → ".join(names)) if names else \
            self.t("tiletum.order_empty")
        draw_paragraph(canvas, fonts, text, pygame.Rect(BODY.left, BODY.top + 160, BODY.width,
                                                        120), theme.BODY_SIZE, theme.ACCENT,
                       names=self.controller.names)
        if self.problem:
            draw_paragraph(canvas, fonts, self.problem,
                           pygame.Rect(BODY.left, BODY.top + 214, BODY.width,
                                       BOTTOM.top - BODY.top - 222),
                           theme.BODY_SIZE, theme.WARNING, names=self.controller.names)


class FestivalScreen(Screen):
    """This round's festival, one player after another in turn order: do they take part (a
    trading post in the city, or their merchant there), and how often do they meet the
    criterion (the king-track tile: the VP of their space); the points shown before confirming."""

    name = "tiletum-festival"

    def __init__(self, app, controller: TiletumController):
        self.controller = controller
        self.reset()
        super().__init__(app)

    def reset(self) -> None:
        """Takes part, 0 times; the king-track tile: the VP of the player's space as the king
        phase scored it (before the red discs went back to 0), when the device follows it."""
        self.eligible, self.count, self.problem = True, 0, None
        v = self.controller.view()
        if v.festival.king_track and v.king is not None and v.actor is not None:
            self.count = dict(v.king.space_vp).get(v.actor, 0)

    def title(self) -> str:
        v = self.controller.view()
        name = self.controller.name(v.actor)
        return fit_title(self, self.t("tiletum.festival_title", n=v.round, name=name), name)

    def build(self) -> None:
        row = pygame.Rect(BODY.left, BODY.top + 90, BODY.width, 60)
        for rect, (name, key, value) in zip(grid(row, 2, 2, 12), (
                ("takes-part", "tiletum.takes_part", True),
                ("not-there", "tiletum.not_there", False))):
            self.add(Button(rect, lambda k=key: self.t(k), lambda v=value: self.set_eligible(v),
                            name=name, selected=lambda v=value: self.eligible == v,
                            size=theme.BODY_SIZE))
        v = self.controller.view()  # the first festival: everyone takes part (a reading's)
        self.button("not-there").visible = self.controller.is_legal(
            FestivalScore(v.actor, False))
        self.add_stepper(pygame.Rect(BODY.left + 330, BODY.top + 170, BODY.width - 330, 60),
                         "count", lambda: self.count, self.step,
                         (("-five", "-5", -5), ("-less", "-1", -1), None, ("-more", "+1", 1),
                          ("-five-more", "+5", 5)), gap=8)
        bottom_buttons(self, [("back", "tiletum.later", self.app.pop, False),
                              ("confirm", "tiletum.confirm", self.confirm, True)])

    def set_eligible(self, value: bool) -> None:
        self.eligible, self.problem = value, None

    def step(self, delta: int) -> None:
        low, high = self.controller.view().festival.counts
        self.count = max(low, min(COUNT_CAP if high is None else high, self.count + delta))
        self.problem = None

    def points(self) -> int:
        return self.controller.view().festival.points(self.eligible, self.count)

    def confirm(self) -> None:
        v = self.controller.view()
        if not try_confirm(self, FestivalScore(v.actor, self.eligible, self.count)):
            return
        if self.controller.view().phase != FESTIVAL:
            self.app.pop()
            return
        self.reset()

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts, v, t = self.app.fonts, self.controller.view(), self.t
        draw_paragraph(canvas, fonts, festival_label(self.app, v.festival, v.round),
                       pygame.Rect(BODY.left, BODY.top + 4, BODY.width, 80), theme.BODY_SIZE)
        ask = "tiletum.ask_king_space" if v.festival.king_track else "tiletum.ask_count"
        draw_paragraph(canvas, fonts, t(ask), pygame.Rect(BODY.left, BODY.top + 170, 320, 64),
                       theme.SMALL_SIZE)
        draw_text(canvas, fonts, t("tiletum.festival_points", n=self.points()),
                  (BODY.left, BODY.top + 250), theme.TITLE_SIZE, theme.ACCENT, bold=True)
        absent = self.button("not-there")
        if not absent.visible:  # why there is no "not there" (the first festival)
            draw_paragraph(canvas, fonts, t("tiletum.everyone_there"), absent.rect,
                           theme.BODY_SIZE, theme.TEXT_DIM)
        draw_paragraph(canvas, fonts, self.problem or self.earlier(),
                       pygame.Rect(BODY.left, BODY.top + 296, BODY.width, 30), theme.SMALL_SIZE,
                       theme.WARNING if self.problem else theme.TEXT_DIM,
                       names=self.controller.names)

    def earlier(self) -> str:
        """Who has been scored at this festival so far, and their points."""
        v, c = self.controller.view(), self.controller
        parts = [f"{c.name(seat)} {v.players[seat - 1].festival_vp[-1]:+d}"
                 for seat in v.order if len(v.players[seat - 1].festival_vp) == v.round]
        return self.t("tiletum.festival_so_far", list=", ".join(parts)) if parts else ""


class BonusScreen(Screen):
    """A completed building: whose, which action its characters strengthen, and the marker's
    value (1/2/3 by the building's rooms). Stored at once; it counts from the next take, and for
    the action being performed right now too."""

    name = "tiletum-bonus"

    def __init__(self, app, controller: TiletumController):
        self.controller = controller
        v = controller.view()
        self.seat = v.actor or (v.takes[-1].seat if v.takes else v.order[0])
        self.action, self.value = "", 0
        self.problem: str | None = None
        super().__init__(app)

    def title(self) -> str:
        return self.t("tiletum.bonus_title")

    def build(self) -> None:
        seats = list(self.controller.view().order)
        rows = [pygame.Rect(BODY.left + 150, BODY.top + 6 + i * 72, BODY.width - 150, 60)
                for i in range(3)]
        for rect, seat in zip(grid(rows[0], len(seats), len(seats), 8), seats):
            self.add(Button(rect, self.controller.name(seat), lambda s=seat: self.set("seat", s),
                            name=f"seat{seat}", selected=lambda s=seat: self.seat == s,
                            size=theme.SMALL_SIZE, floor=theme.FLOOR_SIZE))
        for rect, action in zip(grid(rows[1], 5, 5, 8), CHOSEN):
            self.add(Button(rect, lambda a=action: action_names(self)[a],
                            lambda a=action: self.set("action", a), name=f"action-{action}",
                            selected=lambda a=action: self.action == a, size=theme.SMALL_SIZE))
        for rect, value in zip(grid(rows[2], 3, 3, 8), MARKER_VALUES):
            self.add(Button(rect, f"+{value} AP", lambda v=value: self.set("value", v),
                            name=f"value{value}", selected=lambda v=value: self.value == v,
                            size=theme.BODY_SIZE))
        bottom_buttons(self, [("cancel", "tiletum.cancel", self.app.pop, False),
                              ("confirm", "tiletum.confirm", self.confirm, True)])

    def set(self, what: str, value) -> None:
        setattr(self, what, value)
        self.problem = None

    def confirm(self) -> None:
        if not self.action or not self.value:
            self.problem = self.t("tiletum.bonus_incomplete")
            return
        if try_confirm(self, Bonus(self.seat, self.action, self.value)):
            self.app.pop()

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        for i, key in enumerate(("tiletum.bonus_whose", "tiletum.bonus_action",
                                 "tiletum.bonus_value")):
            draw_paragraph(canvas, fonts, self.t(key), pygame.Rect(BODY.left, BODY.top + 10 +
                                                                   i * 72, 140, 60),
                           theme.SMALL_SIZE)
        text = self.problem or self.t("tiletum.bonus_how")
        draw_paragraph(canvas, fonts, text, pygame.Rect(BODY.left, BODY.top + 226, BODY.width,
                                                        BOTTOM.top - BODY.top - 230),
                       theme.SMALL_SIZE, theme.WARNING if self.problem else theme.TEXT_DIM)
