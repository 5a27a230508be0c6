"""The Tiletum board: the wheel with its dice on the left; the round's corruption tokens at
the title bar's end; on the right the turn-order strip (whose turn, bonus markers, festival
points), the king track, what to do now, and the buttons of the phase. Tap a wedge to take one
of its dice."""

from __future__ import annotations

import pygame

from companion.tiletum.game import (FESTIVAL, KING, KING_ACTION, OVER, REVEAL, START, TAKE,
                                   Begin, Reveal)
from companion.tiletum.wheel import ROUNDS

from ... import theme
from ...geometry import WIDTH
from ...dice_seal import revealed_text, seal_text
from ...seat_lights import seat_lights
from ...widgets import Button, draw_fitted, draw_paragraph, draw_text, fit_size, grid
from ..base import BODY, TITLE_BAR, Screen
from ..board_exits import BoardExits
from .controller import TiletumController
from .dice import letters as colour_letters
from .king_draw import disc_colour, draw_mini_track
from .labels import action_names, disc_text, festival_label, resource_word
from .navigator import TiletumNavigator
from .wheel_draw import draw_dice, draw_icon, draw_wheel
from .wheel_geometry import wedge_rect

PANEL = pygame.Rect(420, BODY.top, BODY.right - 420, BODY.height)
STRIP_ROW = 36
MINI_TRACK_HEIGHT = 62  # the king track in the panel (games whose view carries it)
BUTTONS = pygame.Rect(PANEL.left, BODY.bottom - 58, PANEL.width, 58)
SEAT_SIZE = 20  # names, festival points and bonus markers in the turn order, read from the seats
TOKEN, TOKEN_GAP = 34, 8  # the corruption tokens in the title bar


class TiletumBoardScreen(BoardExits, Screen):
    name = "tiletum-board"
    shows_back = False

    def __init__(self, app, controller: TiletumController):
        self.controller = controller
        self.nav = TiletumNavigator(app, controller)
        super().__init__(app)
        self._built_for = controller.view()  # the view ``build`` saw, until first shown

    # --- layout and buttons ---------------------------------------------------------------------
    def title(self) -> str:
        v = self.controller.view()
        if v.phase == START:
            return self.t("tiletum.title_start")
        if v.phase == OVER:
            return self.t("tiletum.title_over")
        upcoming = v.pass_number + 1 if v.phase == REVEAL else v.pass_number
        return self.t(f"tiletum.title_{v.phase}", round=v.round, of=ROUNDS, n=upcoming)

    def seat_lights(self):
        return seat_lights(turn=self.controller.view().actor)

    def strip_rect(self, place: int) -> pygame.Rect:
        return pygame.Rect(PANEL.left, PANEL.top + place * STRIP_ROW, PANEL.width,
                           STRIP_ROW - 4)

    def build(self) -> None:
        self.buttons = []
        v = self.controller.view()
        if v.phase == TAKE:
            for pip in range(1, 7):
                if any(d.pip == pip for _, d in v.dice):
                    self.add(Button(wedge_rect(pip), "", lambda p=pip: self.take_from(p),
                                    name=f"wedge{pip}", bare=True))
        if v.follows_king_track and v.phase not in (START, OVER):
            self.add(Button(self.mini_track_rect(), "", self.show_track, name="track",
                            bare=True))
        items = self.phase_buttons()
        for rect, (name, key, action, primary) in zip(
                grid(BUTTONS, len(items), len(items), 6), items):
            self.add(Button(rect, lambda k=key: self.t(k), action, name=name, selected=primary,
                            size=theme.SMALL_SIZE))
        self.focus = len(self.buttons) - 1

    def phase_buttons(self) -> list[tuple]:
        v = self.controller.view()
        undo = ("undo", "tiletum.undo", self.undo, False)
        building = ("building", "tiletum.building", self.building, False)
        king = ([("king", "tiletum.king_move", self.king_move, False)]
                if v.follows_king_track else [])
        if v.phase == START:
            return [("begin", "tiletum.begin", lambda: self.decide(Begin()), True)]
        if v.phase == REVEAL:
            return [building, *king, undo, ("reveal", "tiletum.reveal", self.reveal, True)]
        if v.phase == TAKE:
            return [building, *king, undo]
        if v.phase == KING and v.follows_king_track:
            return [building, *king, undo,
                    ("king-phase", "tiletum.king_phase", self.king_phase, True)]
        if v.phase == KING:
            return [building, undo, ("order", "tiletum.new_order", self.turn_order, True)]
        if v.phase == FESTIVAL:
            return [undo, ("festival", "tiletum.festival", self.festival, True)]
        return [("done", "tiletum.done", self.done, False),
                ("score", "tiletum.score_game", self.score, True)]

    # --- what taps do ----------------------------------------------------------------------------
    def refresh(self) -> None:
        self.build()

    def on_enter(self) -> None:
        """Built again for the game as it is now (on the first show, only if it moved since
        ``__init__`` built it: a first frame builds the board once)."""
        built, self._built_for = self._built_for, None
        if built is not self.controller.view():
            self.refresh()

    def decide(self, decision) -> None:
        self.controller.confirm(decision)
        self.refresh()

    def undo(self) -> None:
        """Ask first: the step that would be taken back, Keep it or Undo."""
        if self.controller.can_undo:
            self.nav.open_undo()

    def reveal(self) -> None:
        self.decide(Reveal())
        self.nav.show_corruption()

    def take_from(self, pip: int) -> None:
        self.nav.open_take(pip)

    def building(self) -> None:
        self.nav.open_bonus()

    def turn_order(self) -> None:
        self.nav.open_turn_order()

    def king_move(self) -> None:
        self.nav.open_king_move()

    def king_phase(self) -> None:
        self.nav.open_king_phase()

    def show_track(self) -> None:
        self.nav.open_track()

    def festival(self) -> None:
        self.nav.open_festival()

    # --- drawing ----------------------------------------------------------------------------------
    @property
    def title_width(self) -> int:
        """The title's room: the title bar left of the corruption tokens."""
        if not self.tokens_shown():
            return Screen.title_width
        return self.tokens_label_right() - self.app.fonts.width(
            self.t("tiletum.corruption"), SEAT_SIZE) - 2 * theme.MARGIN

    def draw_body(self, canvas: pygame.Surface) -> None:
        v = self.controller.view()
        fonts = self.app.fonts
        hub = self.t("tiletum.hub", n=v.round)
        draw_wheel(canvas, fonts, dict(v.wheel), action_names(self), self.t("tiletum.ap"), hub)
        draw_dice(canvas, fonts, v.dice, colour_letters(self))
        self.draw_strip(canvas)
        self.draw_tokens(canvas)
        y = self.strip_rect(len(v.order)).top + 2
        if v.follows_king_track and v.phase not in (START, OVER):
            draw_mini_track(canvas, fonts, self.mini_track_rect(), v.track, len(v.order))
            y = self.mini_track_rect().bottom
        text_rect = pygame.Rect(PANEL.left, y + 6, PANEL.width, BUTTONS.top - y - 12)
        text = self.info_text()
        if v.phase == REVEAL and v.pass_number == 0:  # a new round: a banner
            banner = text_rect.inflate(0, -4)
            pygame.draw.rect(canvas, theme.ACCENT, banner, 3, border_radius=10)
            text_rect = banner.inflate(-20, -14)
        draw_paragraph(canvas, fonts, text, text_rect,
                       fit_size(fonts, text, theme.BODY_SIZE, text_rect.width,
                                text_rect.height), names=self.controller.names)

    def mini_track_rect(self) -> pygame.Rect:
        """Below the turn order, across the panel."""
        top = self.strip_rect(len(self.controller.view().order)).top + 2
        return pygame.Rect(PANEL.left, top, PANEL.width, MINI_TRACK_HEIGHT)

    def draw_strip(self, canvas: pygame.Surface) -> None:
        """The turn order: place, name, bonus markers and festival points; the actor lit."""
        v, fonts, c = self.controller.view(), self.app.fonts, self.controller
        taken = {t.seat for t in v.takes if t.pass_number == v.pass_number}
        for place, seat in enumerate(v.order):
            rect = self.strip_rect(place)
            acting = seat == v.actor
            pygame.draw.rect(canvas, theme.ACCENT if acting else theme.PANEL, rect,
                             border_radius=8)
            done = v.phase == TAKE and seat in taken  # has taken this pass: dimmed
            ink = theme.ACCENT_TEXT if acting else theme.TEXT_DIM if done else theme.TEXT
            left = rect.left + 8
            if v.follows_king_track:  # the colour of their disc on the king track
                pygame.draw.circle(canvas, disc_colour(seat), (left + 7, rect.centery), 7)
                pygame.draw.circle(canvas, (20, 22, 26), (left + 7, rect.centery), 7, 1)
                left += 20
            p = v.players[seat - 1]
            right = rect.right - 8
            if p.festival_vp:
                right = draw_text(canvas, fonts, self.t("tiletum.fest_total",
                                                        n=sum(p.festival_vp)),
                                  (right, rect.centery), SEAT_SIZE,
                                  ink if acting else theme.TEXT_DIM, anchor="midright",
                                  box=rect).left - 10
            for action, value in reversed(p.markers):  # bonus markers: the action's icon, +n
                text = draw_text(canvas, fonts, f"+{value}", (right, rect.centery),
                                 SEAT_SIZE, ink, bold=True, anchor="midright", box=rect)
                draw_icon(canvas, action, (text.left - 9, rect.centery), 12, ink)
                right = text.left - 22
            name = c.name(seat)
            draw_fitted(canvas, fonts, f"{place + 1}. {name}",
                        pygame.Rect(left, rect.top, right - 6 - left, rect.height), SEAT_SIZE,
                        ink, bold=acting, name=name)

    def tokens_shown(self) -> bool:
        """The round's corruption tokens: in every phase but before and after the game."""
        return self.controller.view().phase not in (START, OVER)

    def tokens_label_right(self) -> int:
        """Where the tokens' label ends: the three tokens take the title bar's end."""
        v = self.controller.view()
        count = len(v.revealed) + v.face_down
        return WIDTH - theme.MARGIN - count * (TOKEN + TOKEN_GAP) - 2

    def draw_tokens(self, canvas: pygame.Surface) -> None:
        """The corruption tokens of the round, in the title bar: revealed ones show their
        number, face-down ones a blank."""
        if not self.tokens_shown():
            return
        v, fonts = self.controller.view(), self.app.fonts
        x = self.tokens_label_right()
        draw_text(canvas, fonts, self.t("tiletum.corruption"), (x, TITLE_BAR // 2 + 1),
                  SEAT_SIZE, theme.TEXT_DIM, anchor="midright")
        for k in range(len(v.revealed) + v.face_down):
            centre = (x + TOKEN_GAP + k * (TOKEN + TOKEN_GAP) + TOKEN // 2, TITLE_BAR // 2)
            shown = k < len(v.revealed)
            pygame.draw.circle(canvas, (150, 60, 50) if shown else theme.PANEL_PRESSED,
                               centre, TOKEN // 2)
            draw_text(canvas, fonts, str(v.revealed[k]) if shown else "?", centre,
                      theme.BODY_SIZE, bold=True, anchor="center")

    def info_text(self) -> str:
        v, t, c = self.controller.view(), self.t, self.controller
        if v.phase == START:
            lines = [t("tiletum.start_line", name=c.name(seat), n=v.start_gold[seat])
                     for seat in v.order]
            return " · ".join(lines) + ". " + t("tiletum.start_resources") + " " + \
                seal_text(self.app, c.session)
        if v.phase == REVEAL:
            text = t("tiletum.reveal_now", n=v.pass_number + 1)
            if v.pass_number == 0:
                banner = "tiletum.round_banner_turned" if v.round > 1 else "tiletum.round_banner"
                text = t(banner, n=v.round, of=ROUNDS, dice=len(v.dice)) + " " + text
            return text
        if v.phase == TAKE:
            text = t("tiletum.take_now", name=c.name(v.actor))
            return (self.last_take() + " " + text) if v.takes else text
        if v.phase == KING:
            key = "tiletum.king_last" if v.round == ROUNDS else "tiletum.king"
            if v.follows_king_track:
                key += "_tracked"
            text = self.last_take() + " " + t(key)
            if v.festival.king_track and not v.follows_king_track:
                text += " " + t("tiletum.king_festival_first")
            return text
        if v.phase == FESTIVAL:
            return festival_label(self.app, v.festival, v.round) + ". " + t(
                "tiletum.festival_who", name=c.name(v.actor))
        return t("tiletum.over") + " " + revealed_text(self.app, c)

    def last_take(self) -> str:
        v, t, c = self.controller.view(), self.t, self.controller
        if not v.takes:
            return ""
        last = v.takes[-1]
        names = action_names(self)
        return t("tiletum.took", name=c.name(last.seat), pip=last.die.pip,
                 colour=t(f"tiletum.colour_{last.die.colour}"), n=last.gain.amount,
                 resource=resource_word(self, last.gain.resource),
                 action=names[last.gain.action], ap=last.gain.ap) + (
            " " + t("tiletum.paid", gold=last.gold_paid) if last.gold_paid else "") + (
            " " + disc_text(self, "tiletum.took_disc", last.disc) if last.disc else "") + (
            " " + t("tiletum.king_hint") if v.follows_king_track and not v.king_take_moves_disc
            and last.gain.action == KING_ACTION and v.last[:1] == ("took",) else "")


def open_game(app, session) -> None:
    """A kept Tiletum game back on its board (the registry's opener)."""
    app.push(TiletumBoardScreen(app, TiletumController(app, session)))
