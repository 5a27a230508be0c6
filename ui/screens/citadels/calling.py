"""The calling: the device calls rank after rank for the crown holder, shows who plays (big
enough to read across the table), says what to do, and records what matters: targets, the crown,
bribes, revealed tokens, completed cities. Warrants and threats are entered behind a gate."""

from __future__ import annotations

import pygame

from companion.citadels import calling as rules
from companion.citadels.calling import (Bribe, CompleteCity, EndTurn, GiveCrown, KeepThreat,
                                        Look, RevealThreat, RevealWarrant, Target, Threats,
                                        Warrants)

from ... import theme
from ...seat_lights import seat_lights
from ...widgets import Button, draw_fitted, draw_paragraph, draw_text, grid, wrap
from ..base import BODY, Screen
from ..kept import leave_game
from .abilities import SIZE as ABILITY_SIZE
from .abilities import ability_line, draw_ability
from .announce import CALLS, Announcer
from .controller import CALLING, CitadelsController
from .own import SeatChoiceScreen
from .seatmap import draw_seat_map

CHIPS = pygame.Rect(BODY.left, BODY.top + 2, BODY.width, 48)
UTILITY = pygame.Rect(BODY.left, BODY.bottom - 56, BODY.width, 56)
ACTIONS = pygame.Rect(BODY.left, UTILITY.top - 72, BODY.width, 60)
TAX_BOTTOM = ACTIONS.top - 6  # the Tax Collector's reminder sits just above the actions
HEAD = pygame.Rect(BODY.left, CHIPS.bottom + 10, 450, TAX_BOTTOM - CHIPS.bottom - 10)
MAP = pygame.Rect(HEAD.right + 10, CHIPS.bottom + 8, BODY.right - HEAD.right - 10, 160)
CALL = 84  # px: the circle with the rank being called
SEAT = (84, 32)  # px: a seat's box on the map


class CallingScreen(Screen):
    """The public screen of the calling. Its buttons are rebuilt from the legal decisions after
    every step, so only what the rules allow now can be tapped. ``nav`` (the navigator) opens
    the screens it leads to."""

    name = "calling"
    shows_back = False  # BACK and "Leave" go home; the game is kept

    def __init__(self, app, controller: CitadelsController, nav, announce: bool = False):
        self.controller, self.nav = controller, nav
        self.announcer = Announcer(app, controller)
        super().__init__(app)
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
        primary = self._actions()
        utility = grid(UTILITY, 4, 4, gap=12)
        completing = [d for d in self.legal if isinstance(d, CompleteCity)]
        for rect, (name, key, action, enabled) in zip(utility, (
                ("undo", "calling.undo", self.ask_undo, c.can_undo),
                ("check", "draft.check", self.check, bool(c.calling_public().may_look)),
                ("city", "calling.city", self.city, bool(completing)),
                ("leave", "draft.leave", self.leave, True))):
            self.add(Button(rect, lambda k=key: self.t(k), action, name=name, enabled=enabled,
                            size=theme.BODY_SIZE))
        if primary is not None:
            self.focus = self.buttons.index(primary)

    def _row(self, items, primary_name: str | None = None,
             floor: int = theme.FLOOR_SIZE) -> Button | None:
        """One row of action buttons: (name, label, action, size); ``floor``: their labels'
        smallest size (the names': ``theme.FLOOR_SIZE``)."""
        primary = None
        for rect, (name, label, action, size) in zip(grid(ACTIONS, len(items), len(items), 12),
                                                      items):
            button = self.add(Button(rect, label, action, name=name, size=size,
                                     selected=name == primary_name, floor=floor))
            if primary is None or name == primary_name:
                primary = button
        return primary

    def _actions(self) -> Button | None:
        c, legal = self.controller, self.legal
        kinds = {type(d) for d in legal}
        small = theme.BODY_SIZE
        if Target in kinds:
            return self._row([(f"rank{d.rank}", f"{d.rank}\n{c.plain_name(c.at_rank(d.rank))}",
                               lambda d=d: self.decide(d), small) if isinstance(d, Target)
                              else ("no-one", self.t("calling.decline_target"),
                                    lambda d=d: self.decide(d), small) for d in legal])
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
        self.rebuild()
        self.speak_new_calls()

    def speak_new_calls(self) -> None:
        events = self.controller.calling_public().events
        self.announcer.speak(events[self.heard:])
        self.heard = len(events)

    # --- drawing ------------------------------------------------------------------------------
    def draw_body(self, canvas: pygame.Surface) -> None:
        v = self.controller.calling_public()
        self.draw_chips(canvas, v)
        tax = self.draw_tax(canvas, v)
        lines = self.announcer.lines(v, self.legal)
        head = tax.top - 4 if tax else TAX_BOTTOM  # the head's bottom with no ability drawn
        ability = self.ability_place(v, tax.top if tax else TAX_BOTTOM, head, lines)
        if ability is not None:
            c = self.controller
            draw_ability(canvas, self.app, c.edition, c.at_rank(v.rank), ability)
        self.draw_head(canvas, v, ability.top - 4 if ability else head, lines)
        draw_seat_map(canvas, self.app.fonts, MAP, self.controller.names, v.crown,
                      acting=v.actor, marked=v.completed, size=SEAT)

    def draw_chips(self, canvas: pygame.Surface, v: rules.CallingView) -> None:
        """One chip per rank: still to come (its character), called (its holder, 'nobody' or
        'silent'), or being played now; with marks for the public targets and tokens."""
        c, fonts = self.controller, self.app.fonts
        called = {e.rank: e for e in v.events if e.kind in CALLS}
        ranks = c.ranks
        for rect, rank in zip(grid(CHIPS, len(ranks), len(ranks), 6), ranks):
            now = rank == v.rank and v.phase == "turn"
            event = called.get(rank)
            if now:
                fill, color, label = theme.ACCENT, theme.ACCENT_TEXT, c.name(event.seat)
            elif event is None:
                fill, color, label = None, theme.TEXT_DIM, c.plain_name(c.at_rank(rank))
            elif event.kind == "reveal":
                fill, color, label = theme.PANEL, theme.TEXT, c.name(event.seat)
            else:
                fill, color, label = None, theme.TEXT_DISABLED, self.t(f"calling.chip_{event.kind}")
            if fill:
                pygame.draw.rect(canvas, fill, rect, border_radius=8)
            else:
                pygame.draw.rect(canvas, theme.PANEL, rect, 2, border_radius=8)
            draw_text(canvas, fonts, str(rank), (rect.left + 8, rect.top + 3), theme.SMALL_SIZE,
                      color, bold=True, box=rect)
            draw_fitted(canvas, fonts, label, pygame.Rect(rect.left + 4, rect.bottom - 24,
                                                          rect.width - 8, 22),
                        theme.SMALL_SIZE, color, anchor="center", floor=theme.SMALL_SIZE)
            marks = self.marks(v, rank)
            if marks:
                draw_fitted(canvas, fonts, marks, pygame.Rect(rect.left + 24, rect.top + 2,
                                                              rect.width - 30, 22),
                            theme.SMALL_SIZE, theme.WARNING if not now else theme.ACCENT_TEXT,
                            bold=True, anchor="topright", floor=theme.SMALL_SIZE)

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

    def band(self, text: str, size: int, bottom: int, width: int = BODY.width) -> pygame.Rect:
        """A place ``width`` wide ending at ``bottom``, as high as ``text`` wraps to there."""
        fonts = self.app.fonts
        height = len(wrap(fonts, text, size, width)) * fonts.get(size).get_linesize()
        return pygame.Rect(BODY.left, bottom - height, width, height)

    def tax_rect(self, text: str) -> pygame.Rect:
        """The place kept for the Tax Collector's reminder: the whole width just above the
        actions, as many lines high as the reminder wraps to (one in both languages)."""
        return self.band(text, theme.SMALL_SIZE, TAX_BOTTOM)

    def draw_tax(self, canvas: pygame.Surface, v: rules.CallingView) -> pygame.Rect | None:
        """The Tax Collector's reminder, whole, in its own place (on every turn while he is in
        the game); returns where it went."""
        text = self.announcer.tax(v)
        if text is None:
            return None
        rect = self.tax_rect(text)
        draw_paragraph(canvas, self.app.fonts, text, rect, theme.SMALL_SIZE, theme.TEXT_DIM)
        return rect

    def ability_place(self, v: rules.CallingView, bottom: int, head_bottom: int,
                      lines) -> pygame.Rect | None:
        """Where the line saying what the character being played does goes: just above
        ``bottom`` (the Tax Collector's reminder or the actions), the whole width below the
        seat map (every line fits it: tests/test_citadels_abilities.py), else the head's.
        None on the Tax Collector's own turn (his reminder says it), and where it would change
        how the head shows its announcements and prompt (``lines``, above ``head_bottom``
        without it): they come first, whole and as large as they were."""
        if v.phase != "turn":
            return None
        c = self.controller
        cid = c.at_rank(v.rank)
        if cid == "tax_collector" and v.tax_collector:
            return None
        text = ability_line(self.app, c.edition, cid)
        rect = self.band(text, ABILITY_SIZE, bottom)
        if rect.top < MAP.bottom:
            rect = self.band(text, ABILITY_SIZE, bottom, HEAD.width)
        fonts, generic = self.app.fonts, self.generic(lines)
        without = fitting(fonts, lines, self.text_area(v, head_bottom), generic)
        return rect if fitting(fonts, lines, self.text_area(v, rect.top - 4),
                               generic) == without else None

    def generic(self, lines) -> bool:
        """Whether the last of the head's ``lines`` is only the general 'play your turn'."""
        return bool(lines) and lines[-1][0] == self.t("calling.prompt_play")

    @staticmethod
    def text_area(v: rules.CallingView, bottom: int) -> pygame.Rect:
        """Where the head's announcements and prompt go: under the big call, above ``bottom``."""
        top = HEAD.top + CALL + 4 if v.phase == "turn" else HEAD.top + 64
        return pygame.Rect(HEAD.left, top, HEAD.width, bottom - top)

    def draw_head(self, canvas: pygame.Surface, v: rules.CallingView, bottom: int,
                  lines) -> None:
        """The big call (rank, character, who plays), then the announcements and the prompt
        (``lines``, as the announcer gives them) above ``bottom``."""
        fonts, c = self.app.fonts, self.controller
        if v.phase == "turn":
            circle = pygame.Rect(HEAD.left, HEAD.top, CALL, CALL)
            pygame.draw.ellipse(canvas, theme.ACCENT, circle)
            draw_text(canvas, fonts, str(v.rank), circle.center, 56, theme.ACCENT_TEXT,
                      bold=True, anchor="center")
            cid = c.at_rank(v.rank)
            left = circle.right + 16
            room = HEAD.right - left
            draw_fitted(canvas, fonts, c.plain_name(cid), pygame.Rect(left, HEAD.top - 4, room, 50),
                        theme.BIG_SIZE + 8, theme.TEXT, bold=True, anchor="topleft",
                        floor=theme.BIG_SIZE + 8)
            holder = c.name(next(e.seat for e in reversed(v.events) if e.kind == "reveal"))
            draw_fitted(canvas, fonts, holder, pygame.Rect(left, circle.bottom - 44, room, 42),
                        theme.BIG_SIZE, theme.ACCENT, anchor="bottomleft")
        else:
            draw_text(canvas, fonts, self.t("calling.round_end"), (HEAD.left, HEAD.top + 10),
                      theme.BIG_SIZE + 4, theme.TEXT, bold=True)
        area = self.text_area(v, bottom)
        y = area.top
        for text, color, size in fitting(fonts, lines, area, self.generic(lines)):
            y = draw_paragraph(canvas, fonts, text, pygame.Rect(area.left, y, area.width,
                                                                 area.bottom - y), size,
                               color, names=c.names) + 4


def public_steps(legal, public: rules.CallingView) -> list:
    """The decisions the public screen offers: not the looks ("Check" offers them), and not
    turning a warrant over where only the signed one may be: whether this one is, is seen
    behind the Magistrate's gate (``warrant_gate``), so the screen is the same either way."""
    hidden = (Look, RevealWarrant) if public.warrant_gate is not None else (Look,)
    return [d for d in legal if not isinstance(d, hidden)]


def fitting(fonts, lines, area: pygame.Rect, generic_last: bool = False
            ) -> list[tuple[str, tuple, int]]:
    """The (text, colour, size) paragraphs to draw whole in ``area``: all of them if they fit;
    on a busy turn in smaller print; if even that is too long, the oldest announcements are
    left out. The last paragraph (what to do now) stays, unless it is only the general 'play
    your turn' (``generic_last``) and the newest announcement would not fit beside it."""
    room = area.height + 4  # (no gap needed below the last paragraph)
    if text_height(fonts, lines, area.width) <= room:
        return lines
    small = [(text, color, theme.SMALL_SIZE) for text, color, _ in lines]
    while len(small) > 1 and text_height(fonts, small, area.width) > room:
        small.pop(-1 if generic_last and len(small) == 2 else 0)
    return small


def text_height(fonts, lines, width: int) -> int:
    """The height that (text, colour, size) paragraphs take at ``width``."""
    return sum(len(wrap(fonts, text, size, width)) * fonts.get(size).get_linesize() + 4
               for text, _, size in lines)
