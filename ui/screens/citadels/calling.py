"""The calling: the device calls rank after rank for the crown holder, shows who plays (big
enough to read across the table), says what to do, and records what matters: targets, the crown,
bribes, revealed tokens, completed cities. Warrants and threats are entered behind a gate."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.citadels import calling as rules
from companion.citadels.calling import (Bribe, CompleteCity, EndTurn, GiveCrown, KeepThreat,
                                        Look, RevealThreat, RevealWarrant, Target, Threats,
                                        Warrants)

from ... import theme
from ...seat_lights import seat_lights
from ...widgets import Button, draw_fitted, draw_paragraph, draw_text, grid
from ..base import BODY, Screen
from ..kept import leave_game
from .abilities import SIZE as ABILITY_SIZE
from .abilities import ability_line, draw_ability
from .announce import CALLS, Announcer
from .cells import button_cells
from .chips import Chip, draw_chip
from .chips import layout as chip_layout
from .controller import CALLING, CitadelsController
from .head import Area, Line, arrange, arranged_above, band, draw_lines, map_shapes
from .own import SeatChoiceScreen
from .seatmap import draw_seat_map, seat_rects, seat_width

CHIPS = pygame.Rect(BODY.left, BODY.top + 2, BODY.width, 48)
UTILITY = pygame.Rect(BODY.left, BODY.bottom - 48, BODY.width, 48)
ACTIONS = pygame.Rect(BODY.left, UTILITY.top - 64, BODY.width, 56)
TWO_ROWS = pygame.Rect(BODY.left, ACTIONS.bottom - 102, BODY.width, 102)  # long names' targets
TAX_BOTTOM = ACTIONS.top - 6  # the Tax Collector's reminder sits just above the actions
HEAD = pygame.Rect(BODY.left, CHIPS.bottom + 10, 450, TAX_BOTTOM - CHIPS.bottom - 10)
MAP = pygame.Rect(HEAD.right + 10, CHIPS.bottom + 8, BODY.right - HEAD.right - 10, 160)
CALL = 84  # px: the circle with the rank being called
SEAT = (84, 32)  # px: a seat's box on the map
MARKERS = {"assassin": ("killed",), "witch": ("bewitched",), "thief": ("robbed",),
           "magistrate": ("warrant", "confiscated"), "blackmailer": ("threat",)}
UTILITY_ROW = (("undo", "calling.undo"), ("check", "draft.check"), ("city", "calling.city"),
               ("leave", "draft.leave"))  # (name, label) of the buttons always there
WAITING = (None, theme.TEXT_DIM)  # a chip's fill and text until its rank is called


def round_chips(app, controller: CitadelsController) -> tuple[Chip, ...]:
    """The round's chips: each rank's words (its character, "nobody", "silent") and the
    widest marks the round's characters may put on it."""
    c = controller
    ids = {c.at_rank(rank) for rank in c.ranks}
    marks = "".join(max((app.t(f"calling.mark_{key}") for key in keys),
                        key=lambda m: app.fonts.width(m, theme.SMALL_SIZE, True))
                    for cid, keys in MARKERS.items() if cid in ids)
    words = (app.t("calling.chip_nobody"), app.t("calling.chip_silent"))
    return tuple(Chip(rank, (c.plain_name(c.at_rank(rank)), *words), marks) for rank in c.ranks)


def rehearse_round(app, controller: CitadelsController, crown: int,
                   canvas: pygame.Surface) -> None:
    """What the calling's first frame draws that the draft has settled, drawn on ``canvas``
    (a rehearsal, nobody sees it): the chips of the round's characters before any is called,
    the seat map with ``crown``, and the row of buttons always there, enabled or not. A
    drafter's private screen has it rehearsed while they choose, so the calling's first frame
    finds those texts drawn (issue 39)."""
    fonts = app.fonts
    layout = chip_layout(fonts, CHIPS, round_chips(app, controller))
    for rect, rank in zip(layout.rects, controller.ranks):
        draw_chip(canvas, fonts, rect, layout.inline, rank,
                  controller.plain_name(controller.at_rank(rank)), "", *WAITING, theme.WARNING)
    draw_seat_map(canvas, fonts, MAP, controller.names, crown, size=SEAT)
    for rect, (name, key) in zip(grid(UTILITY, 4, 4, gap=12), UTILITY_ROW):
        for enabled in (True, False):
            Button(rect, app.t(key), name=name, enabled=enabled,
                   size=theme.BODY_SIZE).draw(canvas, fonts, focused=False)


@dataclass(frozen=True)
class Page:
    """Where the calling's texts go on one frame: the seat map shown or not, the flowing
    text's lines, the Tax Collector's reminder and the character's line (None: not drawn)."""

    map: bool
    lines: tuple[Line, ...]
    tax: pygame.Rect | None
    ability: pygame.Rect | None


class CallingScreen(Screen):
    """The public screen of the calling. Its buttons are rebuilt from the legal decisions after
    every step, so only what the rules allow now can be tapped. ``nav`` (the navigator) opens
    the screens it leads to."""

    name = "calling"
    shows_back = False  # BACK and "Leave" go home; the game is kept

    def __init__(self, app, controller: CitadelsController, nav, announce: bool = False):
        self.controller, self.nav = controller, nav
        self.announcer = Announcer(app, controller)
        self._chips: tuple | None = None  # (the chips, where they go) for the round
        self._page: tuple | None = None  # (what the frame says, where it goes)
        super().__init__(app)
        self._built_for = controller.calling_public()  # the view ``build`` saw, until shown
        events = controller.calling_public().events
        self.heard = 0 if announce else len(events)

    def title(self) -> str:
        return self.t("calling.title", n=self.controller.round_number)

    def seat_lights(self):
        """The seat being called (once it has answered) and the crown."""
        view = self.controller.calling_public()
        return seat_lights(turn=view.actor, crown=view.crown)

    # --- buttons ------------------------------------------------------------------------------
    def build(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        """Buttons for what may happen now, and the always-there row below them."""
        c = self.controller
        self.buttons = []
        self.legal = public_steps(c.legal(), c.calling_public())
        self.focus = None
        self.actions_top = ACTIONS.top
        primary = self._actions()
        utility = grid(UTILITY, 4, 4, gap=12)
        completing = [d for d in self.legal if isinstance(d, CompleteCity)]
        for rect, (name, key), action, enabled in zip(utility, UTILITY_ROW, (
                self.ask_undo, self.check, self.city, self.leave), (
                c.can_undo, bool(c.calling_public().may_look), bool(completing), True)):
            self.add(Button(rect, lambda k=key: self.t(k), action, name=name, enabled=enabled,
                            size=theme.BODY_SIZE))
        if primary is not None:
            self.focus = self.buttons.index(primary)

    def _row(self, items, primary_name: str | None = None,
             floor: int = theme.FLOOR_SIZE, by_need: bool = False) -> Button | None:
        """One row of action buttons: (name, label, action, size); ``floor``: their labels'
        smallest size (the names': ``theme.FLOOR_SIZE``); ``by_need``: labels that must be
        whole (characters) get the room they need, on two rows if one cannot hold them."""
        cells = (button_cells(self.app.fonts, ACTIONS, [label for _, label, _, _ in items], 12,
                              TWO_ROWS) if by_need else grid(ACTIONS, len(items), len(items), 12))
        primary = None
        for rect, (name, label, action, size) in zip(cells, items):
            button = self.add(Button(rect, label, action, name=name, size=size,
                                     selected=name == primary_name, floor=floor))
            if primary is None or name == primary_name:
                primary = button
        self.actions_top = min(rect.top for rect in cells)
        return primary

    def _actions(self) -> Button | None:
        c, legal = self.controller, self.legal
        kinds = {type(d) for d in legal}
        small = theme.BODY_SIZE
        if Target in kinds:
            return self._row([(f"rank{d.rank}", f"{d.rank}\n{c.plain_name(c.at_rank(d.rank))}",
                               lambda d=d: self.decide(d), small) if isinstance(d, Target)
                              else ("no-one", self.t("calling.decline_target"),
                                    lambda d=d: self.decide(d), small) for d in legal],
                             by_need=True)
        if kinds == {GiveCrown}:
            return self._row([(f"seat{d.to}", c.name(d.to), lambda d=d: self.decide(d), small)
                              for d in legal], floor=theme.FLOOR_SIZE)
        if kinds == {Bribe}:
            paid, refused = sorted(legal, key=lambda d: not d.paid)
            return self._row([("paid", self.t("calling.bribe_paid"),
                               lambda: self.decide(paid), theme.BUTTON_SIZE),
                              ("refused", self.t("calling.bribe_refused"),
                               lambda: self.decide(refused), theme.BUTTON_SIZE)])
        if kinds == {RevealThreat, KeepThreat}:
            reveal, keep = sorted(legal, key=lambda d: isinstance(d, KeepThreat))
            return self._row([("reveal-threat", self.t("calling.reveal_threat"),
                               lambda: self.decide(reveal), theme.BUTTON_SIZE),
                              ("keep-threat", self.t("calling.keep_threat"),
                               lambda: self.decide(keep), theme.BUTTON_SIZE)])
        if kinds & {Warrants, Threats}:
            key = "calling.place_warrants" if Warrants in kinds else "calling.place_threats"
            return self._row([("private", self.t(key), self.enter_privately, theme.BUTTON_SIZE)])
        items = []
        gate = c.calling_public().warrant_gate
        if gate is not None:
            items.append(("warrant-gate", self.t("calling.warrant_gate"),
                          lambda: self.nav.open_warrant(gate), small))
        for d in legal:
            if isinstance(d, RevealThreat):
                items.append(("reveal-threat", self.t("calling.reveal_threat"),
                              lambda d=d: self.decide(d), small))
            elif isinstance(d, RevealWarrant):
                items.append(("reveal-warrant", self.t("calling.reveal_warrant"),
                              lambda d=d: self.decide(d), small))
        end = next(d for d in legal if isinstance(d, EndTurn))
        items.append(("end", self.end_label(), lambda: self.decide(end), theme.BUTTON_SIZE))
        return self._row(items, primary_name="end")

    def end_label(self) -> str:
        """What the end of this turn calls: the next rank in play, "and on" when ranks follow
        it (a rank nobody holds is called "nobody" and the calling goes on: who holds which is
        not public, so the label cannot know where it stops), or the round's end."""
        c = self.controller
        later = [r for r in c.ranks if r > c.calling_public().rank]
        if not later:
            return self.t("calling.end_round")
        key = "calling.next" if len(later) == 1 else "calling.next_on"
        return self.t(key, character=c.rank_name(later[0]))

    # --- what the buttons do ------------------------------------------------------------------
    def decide(self, decision) -> None:
        """Store one public decision and show where the game now stands."""
        self.controller.confirm(decision)
        self.after_change()

    def after_change(self) -> None:
        if self.controller.phase != CALLING:
            self.nav.show_game()
            return
        self.rebuild()
        self.speak_new_calls()

    def enter_privately(self) -> None:
        """The Magistrate or Blackmailer enters the tokens (or none) behind their own gate."""
        kind = "warrants" if any(isinstance(d, Warrants) for d in self.legal) else "threats"
        self.nav.open_secret(self.legal[0].seat, kind)

    def ask_undo(self) -> None:
        self.nav.open_undo()

    def check(self) -> None:
        self.app.push(SeatChoiceScreen(self.app, self.controller, "calling"))

    def city(self) -> None:
        self.nav.open_city()

    def leave(self) -> None:
        """Back home; the game stays kept (Continue on the setup screen, Games in progress)."""
        leave_game(self.app, "citadels")

    on_back = leave

    def on_enter(self) -> None:
        """Back from a private entry, the city list or an undo: show the game as it is now."""
        if self.controller.phase != CALLING:
            self.after_change()
            return
        built, self._built_for = self._built_for, None
        if built is not self.controller.calling_public():  # (first shown: built by __init__)
            self.rebuild()
        self.speak_new_calls()

    def speak_new_calls(self) -> None:
        events = self.controller.calling_public().events
        self.announcer.speak(events[self.heard:])
        self.heard = len(events)

    # --- drawing ------------------------------------------------------------------------------
    def draw_body(self, canvas: pygame.Surface) -> None:
        v = self.controller.calling_public()
        fonts, c = self.app.fonts, self.controller
        self.draw_chips(canvas, v)
        page = self.page(v)
        if page.tax is not None:
            draw_paragraph(canvas, fonts, self.announcer.tax(v), page.tax, theme.SMALL_SIZE,
                           theme.TEXT_DIM)
        if page.ability is not None:
            draw_ability(canvas, self.app, c.edition, c.at_rank(v.rank), page.ability)
        self.draw_call(canvas, v, HEAD.right if page.map else BODY.right)
        draw_lines(canvas, fonts, page.lines)
        if page.map:
            draw_seat_map(canvas, fonts, MAP, c.names, v.crown, acting=v.actor,
                          marked=v.completed, size=SEAT)

    def chip_layout(self):
        """Where the chips go, the same for the whole round (remembered)."""
        chips = round_chips(self.app, self.controller)
        if self._chips is None or self._chips[0] != chips:
            self._chips = (chips, chip_layout(self.app.fonts, CHIPS, chips))
        return self._chips[1]

    def draw_chips(self, canvas: pygame.Surface, v: rules.CallingView) -> None:
        """One chip per rank: still to come (its character), called (its holder, 'nobody' or
        'silent'), or being played now; with marks for the public targets and tokens."""
        c, fonts = self.controller, self.app.fonts
        called = {e.rank: e for e in v.events if e.kind in CALLS}
        layout = self.chip_layout()
        for rect, rank in zip(layout.rects, c.ranks):
            now = rank == v.rank and v.phase == "turn"
            event = called.get(rank)
            if now:
                fill, color, label = theme.ACCENT, theme.ACCENT_TEXT, c.name(event.seat)
            elif event is None:
                (fill, color), label = WAITING, c.plain_name(c.at_rank(rank))
            elif event.kind == "reveal":
                fill, color, label = theme.PANEL, theme.TEXT, c.name(event.seat)
            else:
                fill, color, label = None, theme.TEXT_DISABLED, self.t(f"calling.chip_{event.kind}")
            draw_chip(canvas, fonts, rect, layout.inline, rank, label, self.marks(v, rank), fill,
                      color, theme.WARNING if not now else theme.ACCENT_TEXT)

    def marks(self, v: rules.CallingView, rank: int) -> str:
        """Short public marks on a rank: assassinated, bewitched, robbed, warrant, threat.
        A warrant is marked while it lies face down; once the signed one is turned over the
        others are known to be unsigned and lose their mark, and the rank whose district was
        confiscated keeps a mark of its own."""
        found = [(v.killed, "killed"), (v.bewitched, "bewitched"), (v.robbed, "robbed")]
        marks = [self.t(f"calling.mark_{key}") for r, key in found if r == rank]
        revealed = {e.rank: e.value for e in v.events if e.kind == "warrant_revealed"}
        if revealed.get(rank):
            marks.append(self.t("calling.mark_confiscated"))
        elif rank in v.warrants and rank not in revealed and not any(revealed.values()):
            marks.append(self.t("calling.mark_warrant"))
        if rank in v.threats:
            marks.append(self.t("calling.mark_threat"))
        return "".join(marks)

    def map_shapes(self) -> tuple[pygame.Rect, ...]:
        """What the flowing text keeps clear of: the seat map's seats and ring."""
        names = self.controller.names
        seats = seat_rects(MAP, len(names), SEAT, seat_width(self.app.fonts, names, SEAT))
        return map_shapes(seats, MAP.inflate(-seats[0].width, -seats[0].height))

    def area(self, top: int, bottom: int, beside_map: bool = True) -> Area:
        """Where text may go between ``top`` and ``bottom``: the whole width, round the seat
        map if it is drawn."""
        return Area(BODY.left, BODY.right, top, bottom, self.map_shapes() if beside_map else ())

    def tax_rect(self, text: str, beside_map: bool = True) -> pygame.Rect:
        """The place kept for the Tax Collector's reminder: just above the actions, as many
        lines high as the reminder wraps to, as wide as the room beside the seat map."""
        return band(self.app.fonts, text, theme.SMALL_SIZE,
                    self.area(HEAD.top, self.actions_top - 6, beside_map))

    def page(self, v: rules.CallingView) -> Page:
        """Where this frame's texts go (remembered while they stay the same). What the table
        must read now comes first: the reminder and the flowing text (``head.arrange``), with
        the seat map beside them if they keep all they say with it, else without it; the
        character's line only where it changes nothing of theirs."""
        lines = self.announcer.lines(v, self.legal)
        tax = self.announcer.tax(v)
        ability = self.ability_text(v)
        key = (tuple(lines), tax, ability, v.phase, self.actions_top, tuple(self.controller.names))
        if self._page is None or self._page[0] != key:
            self._page = (key, self._page_for(v, lines, tax, ability))
        return self._page[1]

    def _page_for(self, v, lines, tax: str | None, ability: str | None) -> Page:
        fonts, names = self.app.fonts, self.controller.names
        top = HEAD.top + CALL + 4 if v.phase == "turn" else HEAD.top + 64
        generic = bool(lines) and lines[-1][0] == self.t("calling.prompt_play")
        best = None
        for beside_map in (True, False):
            tax_rect = self.tax_rect(tax, beside_map) if tax else None
            area = self.area(top, tax_rect.top - 4 if tax_rect else self.actions_top - 6,
                             beside_map)
            drawn, count = arrange(fonts, lines, area, names, generic)
            if best is None or count > best[2]:
                best = (beside_map, area, count, drawn, tax_rect)
            if count == len(lines):
                break
        beside_map, area, count, drawn, tax_rect = best
        ability_rect = None
        if ability is not None:
            rect = band(fonts, ability, ABILITY_SIZE, area)
            if arranged_above(fonts, lines, area, names, generic, (drawn, count), rect.top - 4):
                ability_rect = rect
        return Page(beside_map, tuple(drawn), tax_rect, ability_rect)

    def ability_text(self, v: rules.CallingView) -> str | None:
        """What the character being played does; None on the Tax Collector's own turn (his
        reminder says it) and between turns."""
        if v.phase != "turn":
            return None
        c = self.controller
        cid = c.at_rank(v.rank)
        if cid == "tax_collector" and v.tax_collector:
            return None
        return ability_line(self.app, c.edition, cid)

    def draw_call(self, canvas: pygame.Surface, v: rules.CallingView, right: int) -> None:
        """The big call: the rank in a circle, the character, who plays (as far as ``right``:
        the whole width where the seat map gave way); or the round's end."""
        fonts, c = self.app.fonts, self.controller
        if v.phase != "turn":
            draw_text(canvas, fonts, self.t("calling.round_end"), (HEAD.left, HEAD.top + 10),
                      theme.BIG_SIZE + 4, theme.TEXT, bold=True)
            return
        circle = pygame.Rect(HEAD.left, HEAD.top, CALL, CALL)
        pygame.draw.ellipse(canvas, theme.ACCENT, circle)
        draw_text(canvas, fonts, str(v.rank), circle.center, 56, theme.ACCENT_TEXT,
                  bold=True, anchor="center")
        cid = c.at_rank(v.rank)
        left = circle.right + 16
        room = right - left
        draw_fitted(canvas, fonts, c.plain_name(cid), pygame.Rect(left, HEAD.top - 4, room, 50),
                    theme.BIG_SIZE + 8, theme.TEXT, bold=True, anchor="topleft",
                    floor=theme.BIG_SIZE + 8)
        holder = c.name(next(e.seat for e in reversed(v.events) if e.kind == "reveal"))
        draw_fitted(canvas, fonts, holder, pygame.Rect(left, circle.bottom - 44, room, 42),
                    theme.BIG_SIZE, theme.ACCENT, anchor="bottomleft")


def public_steps(legal, public: rules.CallingView) -> list:
    """The decisions the public screen offers: not the looks ("Check" offers them), and not
    turning a warrant over where only the signed one may be: whether this one is, is seen
    behind the Magistrate's gate (``warrant_gate``), so the screen is the same either way."""
    hidden = (Look, RevealWarrant) if public.warrant_gate is not None else (Look,)
    return [d for d in legal if not isinstance(d, hidden)]
