"""The Troyes board: every district with its dice as real faces, a banner saying where the
round stands, and one panel per phase — the starting placement (rules 3: a building per
citizen, in snake order), income and wages, the events (from rules 6 each card asked as it is
revealed, then the black dice the cards show prefilled), the defence (the cheapest own dice
preselected; tap black dice to take them together with the highest; reroll or flip own dice
first; "cannot" only when the rules allow it), the actions (tap dice: the price per owner and
what each action would give; an event names its card, a citizen where it came from and whom it
pushed out), influence and passing (who passed: only passing). The title bar has Undo (asking
first), Events (the event cards, the cathedral, the log) and, where the scores are secret, My
VP (a player's own, through their gate; the purses then show no VP). The line under the
districts says what the last decision did. It reads the game's view (companion/troyes/view.py):
what the selected dice cost and give, and whether they hold off the black dice, come from the
rules."""

from __future__ import annotations

import pygame

from companion.errors import IllegalDecision
from companion.troyes.dice import BLACK
from companion.troyes.game import (ACTIONS, CARD, CATHEDRAL, CITIZEN, DEFENCE, EVENT, EVENTS,
                                   FARMING, INCOME, PLACEMENT, Act, BlackDice, CollectIncome,
                                   Defend, Fail, Flip, Look, Pass, Place, Reroll, TroyesView)
from companion.troyes.placement import BUILDINGS
from companion.troyes.tracking import BUILDING_OF

from ... import theme
from ...geometry import WIDTH
from ...dice_seal import revealed_text, seal_text
from ...seat_lights import seat_lights
from ...widgets import (Button, draw_fitted, draw_paragraph, draw_text, fit_title, grid,
                        resolve, row_cells)
from ..base import BODY, Screen
from ..board_exits import BoardExits
from ..dice_faces import RING_OUT, draw_face
from .adjust import AdjustScreen
from .citizens import CitizensScreen
from .controller import TroyesController
from .dice import FACES, SIZE as DIE, letters as dice_letters
from .event_entry import EventEntryScreen
from .log_text import line_text
from .own_score import ScoreLookScreen
from .table import TroyesTableScreen
from .undo import TroyesUndoScreen

MAX_DICE = 12  # in one player's row: a die per citizen, 12 at most
ROW_H, ROW_GAP = 52, 2  # a district's row: a die and 1 px above and below it; then a gap
# the name column: what is left beside a full row of dice 1 px apart (173 px: the purse
# spelled out, "12데니어, 영향력 14", whole at 18 px or more)
NAME_W = BODY.width - 8 - MAX_DICE * DIE - (MAX_DICE - 1)
DIE_GAP = 2 * RING_OUT  # px between dice: a selected die's ring touches no other die
PURSE_SIZE = 20  # read from the seats round the table
PURSE_FLOOR = 18  # the smallest a purse is drawn
BUTTONS = pygame.Rect(BODY.left, BODY.bottom - 58, BODY.width, 58)
BUTTON_PAD = 9  # px a button keeps free each side of its label (widgets.Button: 8)


TOP_W, TOP_GAP = (120, 96), 8  # the title bar's buttons: Undo, Events (and My VP, narrower)


class TroyesBoardScreen(BoardExits, Screen):
    name = "troyes-board"
    shows_back = False

    def __init__(self, app, controller: TroyesController):
        self.controller = controller
        self.selected: list[int] = []
        self.black_count = 1  # events: black dice to roll
        self.black_for: tuple[int, ...] | None = None  # the cards it was prefilled from
        self.taken = [0]  # defence: places of the black dice taken (the highest always)
        self.choosing: list[tuple] | None = None  # a question's answers (divisor, card...)
        self.question = ""  # what the answers answer
        self.offered: frozenset[type] = frozenset()  # kinds the rules allow (buttons built)
        self.problem: str | None = None
        self.entered = False  # shown once: the first show keeps __init__'s build
        self.update_choices()  # before the first build
        super().__init__(app)

    @property
    def view(self) -> TroyesView:
        """The game as the table sees it now."""
        return self.controller.view()

    # --- layout ----------------------------------------------------------------------------------
    def rows(self) -> list[tuple[int | None, pygame.Rect]]:
        """(owner, rect) for each district: the players, the neutral one (the black dice in
        its place during the defence)."""
        v = self.view
        owners: list = list(range(1, len(v.players) + 1)) + [
            BLACK if v.phase == DEFENCE else None]
        return [(o, pygame.Rect(BODY.left, BODY.top + 2 + i * ROW_H, BODY.width,
                                ROW_H - ROW_GAP)) for i, o in enumerate(owners)]

    def die_rect(self, row: pygame.Rect, k: int, count: int) -> pygame.Rect:
        """Die ``k`` of a district's ``count``: DIE_GAP apart, closer (down to 1 px) where
        that many would not fit the row."""
        room = row.width - NAME_W - 8
        gap = DIE_GAP if count < 2 else max(1, min(DIE_GAP, (room - count * DIE) // (count - 1)))
        return pygame.Rect(row.left + NAME_W + k * (DIE + gap), row.top + 1, DIE, DIE)

    def seat_lights(self):
        return seat_lights(turn=self.view.actor)

    def top_buttons(self) -> list[tuple[str, str, object]]:
        """The title bar's buttons: Undo, Events, and My VP where the scores are secret."""
        looks = [("my-vp", "troyes.my_vp", self.my_vp)] if self.view.hides_scores else []
        return [("undo", "troyes.undo", self.undo), ("table", "troyes.table", self.table),
                *looks]

    def top_rects(self) -> list[pygame.Rect]:
        """Where the title bar's buttons go, right to left from the edge."""
        count = len(self.top_buttons())
        width = TOP_W[count > 2]
        left = WIDTH - count * (width + TOP_GAP) - TOP_GAP
        return [pygame.Rect(left + k * (width + TOP_GAP), 8, width, 48) for k in range(count)]

    @property
    def title_width(self) -> int:
        return self.top_rects()[0].left - 2 * theme.MARGIN

    def title(self) -> str:
        v = self.view
        who = self.controller.name(v.actor) if v.actor else ""
        return fit_title(self, self.t(f"troyes.banner_{v.phase}", n=v.round, name=who), who)

    def build(self) -> None:
        self.buttons = []
        v = self.view
        for owner, row in self.rows():
            if owner == BLACK:  # tap a black die to take it too (the highest always is)
                for k in range(1, len(v.black)):
                    self.add(Button(self.die_rect(row, k, len(v.black)), "",
                                    lambda k=k: self.tap_black(k), name=f"black{k}", bare=True))
                continue
            if owner is not None:  # tap a player to correct deniers, VP, influence
                self.add(Button(pygame.Rect(row.left, row.top, NAME_W - 6, row.height),
                                "", lambda o=owner: self.adjust(o), name=f"player{owner}"))
            dice = v.district(owner)
            for k, (die_id, _) in enumerate(dice):
                self.add(Button(self.die_rect(row, k, len(dice)), "",
                                lambda i=die_id: self.tap_die(i), name=f"die{die_id}", bare=True))
        items = self.phase_buttons()
        for rect, (name, label, action, primary) in zip(
                self.button_cells([label for _, label, _, _ in items]), items):
            self.add(Button(rect, label, action, name=name, selected=primary,
                            size=theme.BODY_SIZE))
        for rect, (name, key, action) in zip(self.top_rects(), self.top_buttons()):
            self.add(Button(rect, lambda key=key: self.t(key), action, name=name,
                            size=theme.BODY_SIZE))
        self.focus = None

    def button_cells(self, labels: list) -> list[pygame.Rect]:
        """The phase's buttons across the bottom: each as wide as its longest word needs at
        the buttons' size (eight actions in a row: "Cathedral" whole), what is left shared
        out; equal widths where the words need more than the row (a long name: cut)."""
        fonts, gap = self.app.fonts, 8
        needs = [max(theme.MIN_TARGET, 2 * BUTTON_PAD + max(
            (fonts.width(word, theme.BODY_SIZE) for word in resolve(label).split()), default=0))
            for label in labels]
        spare = BUTTONS.width - gap * (len(labels) - 1) - sum(needs)
        if spare < 0:
            return grid(BUTTONS, len(labels), len(labels), gap)
        return row_cells(BUTTONS, [need + spare // len(labels) for need in needs], gap)

    def phase_buttons(self) -> list[tuple]:
        t, s = self.t, self.view
        if self.choosing is not None:
            return self.choosing + [("cancel", t("troyes.cancel"), self.cancel, False)]
        if s.phase == PLACEMENT:
            return [(f"place-{b}", t("troyes.place_in", building=t(f"troyes.{b}"),
                                     free=s.room[k]),
                     lambda k=k: self.decide(Place(s.actor, k)), False)
                    for k, b in enumerate(BUILDINGS) if s.room[k] > 0]
        if s.phase == INCOME:
            return [("citizens", t("troyes.citizens"), self.citizens, False),
                    ("income", t("troyes.collect"), lambda: self.decide(CollectIncome()), True)]
        if s.phase == EVENTS and s.asked:  # the cards revealed, one by one (rules 6)
            return [(f"reveal-{kind}", t(f"troyes.reveal_{kind}"),
                     lambda k=kind: self.reveal(k), len(s.asked) == 1) for kind in s.asked]
        if s.phase == EVENTS:
            return [("fewer", "-", lambda: self.set_black(-1), False),
                    ("count", lambda: t("troyes.black_n", n=self.black_count), None, False),
                    ("more", "+", lambda: self.set_black(1), False),
                    ("roll", t("troyes.roll_black"), self.roll_black, True)]
        offered = self.offered = self.controller.offered() - {Look}  # looks: "My VP"
        if s.phase == DEFENCE:  # "cannot" only when the rules allow it; influence first
            return ([("fail", t("troyes.fail"), lambda: self.decide(Fail(s.actor)), False)]
                    if Fail in offered else []) + self.influence_buttons(offered) + (
                [("defend", t("troyes.defend"), self.defend, True)] if Defend in offered else [])
        if s.phase == ACTIONS:
            if offered == {Pass}:  # who passed only passes
                return [("pass", t("troyes.pass_again"), lambda: self.decide(Pass(s.actor)),
                         True)]
            return [(FARMING, t("troyes.farming"), lambda: self.act(FARMING), False),
                    (CATHEDRAL, t("troyes.cathedral"), lambda: self.act(CATHEDRAL), False),
                    (EVENT, t("troyes.event"), self.ask_event, False),
                    (CARD, t("troyes.card"), lambda: self.ask_divisor(CARD), False),
                    (CITIZEN, t("troyes.citizen"), self.ask_origin, False),
                    *self.influence_buttons(offered),
                    ("pass", t("troyes.pass"), lambda: self.decide(Pass(s.actor)), True)]
        return [("done", t("troyes.done"), self.done, False),
                ("score", t("troyes.score_game"), self.score, True)]

    def influence_buttons(self, offered: frozenset[type]) -> list[tuple]:
        """Reroll (1 influence) and flip (4), when the rules offer them."""
        t, out = self.t, []
        if Reroll in offered:
            out.append(("reroll", t("troyes.reroll"), self.reroll, False))
        if Flip in offered:
            out.append(("flip", t("troyes.flip"), self.flip, False))
        return out

    # --- what taps do -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """The choices brought up to date (``update_choices``), the board built again."""
        self.update_choices()
        self.build()

    def update_choices(self) -> bool:
        """Keep the selected dice still on the board; in the defence, preselect the cheapest
        own dice that beat the black die faced now; the black dice the event cards show.
        Whether any of them changed."""
        v = self.view
        before = (self.selected, self.black_count, self.black_for)
        self.selected = [i for i in self.selected if i in dict(v.dice)]
        if v.phase == DEFENCE and not self.selected:
            self.selected = list(v.suggestion)
        cards = tuple(card.id for card in v.events)
        if v.asks_events and v.phase == EVENTS and cards != self.black_for:
            self.black_count, self.black_for = v.black_shown, cards  # what the cards show
        return (self.selected, self.black_count, self.black_for) != before

    def decide(self, decision) -> None:
        """Store one decision; a refusal is shown, nothing is lost."""
        try:
            self.controller.confirm(decision)
        except IllegalDecision as exc:
            self.problem = self.refusal(exc)
            return
        self.problem, self.selected, self.choosing = None, [], None
        if not isinstance(decision, (Reroll, Flip)):
            self.taken = [0]
        self.refresh()

    def tap_die(self, die_id: int) -> None:
        if die_id in self.selected:
            self.selected.remove(die_id)
        else:
            self.selected.append(die_id)
        self.problem = None

    def set_black(self, step: int) -> None:
        self.black_count = max(0, min(self.view.max_black, self.black_count + step))

    def reveal(self, kind: str) -> None:
        """Enter the card asked (the Plunder, the red card, or the one it names) as printed."""
        self.app.push(EventEntryScreen(self.app, self.controller, kind))

    def roll_black(self) -> None:
        self.decide(BlackDice(self.black_count))

    def tap_black(self, place: int) -> None:
        if place in self.taken:
            self.taken.remove(place)
        else:
            self.taken.append(place)
        self.problem = None

    def defend(self) -> None:
        self.decide(Defend(self.view.actor, tuple(self.selected), tuple(self.taken)))

    def ask(self, question: str, answers: list[tuple]) -> None:
        """Offer ``answers`` (name, label, action, primary) in place of the phase's buttons."""
        self.question, self.choosing = question, answers
        self.build()

    def ask_divisor(self, kind: str) -> None:
        """The divisor printed on the card (an action card; an event in games kept before the
        device kept event cards)."""
        self.ask(self.t("troyes.divisor_info"),
                 [(f"div{d}", f"÷{d}", lambda d=d: self.act(kind, d), False)
                  for d in self.view.divisors])

    def selected_colour(self) -> str | None:
        colours = {self.view.die(i).colour for i in self.selected}
        return colours.pop() if len(colours) == 1 else None

    def ask_event(self) -> None:
        """Which event card the dice fight (only cards of their colour)."""
        v, t = self.view, self.t
        if not v.tracks_board:
            self.ask_divisor(EVENT)
            return
        colour = self.selected_colour()
        cards = v.events_of(colour)
        if not cards:
            self.problem = t("troyes.no_cards_asked", colour=t(f"troyes.colour_{colour}")) \
                if v.asks_events and colour else t("troyes.no_cards")
            return
        self.ask(t("troyes.card_info"),
                 [(f"event{c.id}", t("troyes.card_label", event=c.id, divisor=c.divisor,
                                     free=c.free, flags=c.flags),
                   lambda c=c: self.act(EVENT, event=c.id), False) for c in cards])

    def ask_origin(self) -> None:
        """Where the citizen comes from: the player's supply, or moved from a building."""
        v, t = self.view, self.t
        if not v.tracks_board:
            self.act(CITIZEN)
            return
        own = v.players[v.actor - 1].citizens
        self.ask(t("troyes.origin_info"),
                 [("supply", self.supply_label(), lambda: self.ask_bumped(-1), True)] + [
                     (f"from-{b}", t("troyes.from_building", building=t(f"troyes.{b}")),
                      lambda k=k: self.ask_bumped(k), False)
                     for k, b in enumerate(BUILDINGS) if own[k]])

    def supply_label(self) -> str:
        """The own supply, with what it holds where the reading keeps it (empty: a citizen
        for 2 influence)."""
        v, t = self.view, self.t
        if not v.keeps_supply:
            return t("troyes.from_supply")
        held = v.players[v.actor - 1].supply
        return t("troyes.from_supply_n", n=held) if held else \
            t("troyes.buy_citizen", cost=v.citizen_cost)

    def ask_bumped(self, origin: int) -> None:
        """Whose citizen the new one pushed out, if anyone's: nobody only while the building
        has room (the table sees which space the pip names)."""
        v, t = self.view, self.t
        colour = self.selected_colour()
        if colour is None or len(self.selected) != 1:
            self.act(CITIZEN, origin=origin)  # refused with the reason
            return
        building = BUILDING_OF[colour]
        nobody, owners = v.bump_options(origin, building)
        answers = ([("nobody", t("troyes.nobody"),
                     lambda: self.act(CITIZEN, origin=origin), True)] if nobody else [])
        answers += [(f"bumped{owner}", self.controller.name(owner or None),
                     lambda o=owner: self.act(CITIZEN, origin=origin, bumped=o), False)
                    for owner in owners]
        self.ask(t("troyes.bumped_info", building=t(f"troyes.{BUILDINGS[building]}")),
                 answers)

    def cancel(self) -> None:
        self.choosing = None
        self.build()

    def act(self, kind: str, divisor: int = 0, **tracked) -> None:
        self.decide(Act(self.view.actor, tuple(self.selected), kind, divisor, **tracked))
        if self.choosing is not None:
            self.cancel()

    def error_fields(self, error) -> dict:
        """A colour and a building by their names in the UI language."""
        fields = dict(error.fields)
        if "colour" in fields:
            fields["colour"] = self.t(f"troyes.colour_{fields['colour']}")
        return fields

    def undo(self) -> None:
        """Ask first: the step that would be taken back, then Keep it or Undo."""
        if self.controller.can_undo:
            self.app.push(TroyesUndoScreen(self.app, self.controller))

    def table(self) -> None:
        self.app.push(TroyesTableScreen(self.app, self.controller))

    def my_vp(self) -> None:
        """A player looks at their own VP, through their gate."""
        self.app.push(ScoreLookScreen(self.app, self.controller, self.name))

    def reroll(self) -> None:
        if len(self.selected) != 1:
            self.problem = self.t("troyes.pick_one")
            return
        self.decide(Reroll(self.view.actor, self.selected[0]))

    def flip(self) -> None:
        self.decide(Flip(self.view.actor, tuple(self.selected)))

    def adjust(self, seat: int) -> None:
        self.app.push(AdjustScreen(self.app, self.controller, seat))

    def citizens(self) -> None:
        self.app.push(CitizensScreen(self.app, self.controller))

    def on_enter(self) -> None:
        """Built again with the choices up to date; on the first show ``__init__``'s build
        stands unless the choices moved (a first frame builds the board once)."""
        first, self.entered = not self.entered, True
        if self.update_choices() or not first:
            self.build()

    # --- drawing ----------------------------------------------------------------------------------
    def letters(self) -> dict[str, str]:
        return dice_letters(self.app)

    def draw_body(self, canvas: pygame.Surface) -> None:
        actor = self.view.actor
        for owner, row in self.rows():
            acting = owner is not None and owner == actor
            pygame.draw.rect(canvas, theme.PANEL if not acting else theme.PANEL_PRESSED, row,
                             border_radius=8)
        self.draw_info(canvas)

    def draw_names(self, canvas: pygame.Surface) -> None:
        """Each district's name, and each player's deniers and influence below it, in words;
        their VP beside the name where they are shown (the name gives way)."""
        fonts, s, c = self.app.fonts, self.view, self.controller
        for owner, row in self.rows():
            acting = owner is not None and owner == s.actor
            color = theme.ACCENT if acting else theme.TEXT
            line = pygame.Rect(row.left + 8, row.top + 1, NAME_W - 22, 26)
            box = line.copy()  # the name's part of the line
            if owner == BLACK:
                label, detail = self.t("troyes.black"), ""
            elif owner is None:
                label, detail = c.name(None), ""
            else:
                p, label = s.players[owner - 1], c.name(owner)
                detail = self.t("troyes.purse", deniers=p.deniers, influence=p.influence)
                if p.vp is not None:
                    vp = draw_text(canvas, fonts, self.t("troyes.own_vp", vp=p.vp), line.topright,
                                   PURSE_SIZE, color, anchor="topright", box=line)
                    box.width -= vp.width + 8
            draw_fitted(canvas, fonts, label, box, theme.BODY_SIZE, color, bold=acting,
                        anchor="topleft")
            draw_fitted(canvas, fonts, detail,
                        pygame.Rect(row.left + 4, row.bottom - PURSE_SIZE - 3, NAME_W - 10,
                                    PURSE_SIZE + 3), PURSE_SIZE, anchor="topleft",
                        floor=PURSE_FLOOR)

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        """Names and dice over their buttons."""
        self.draw_names(canvas)
        self.draw_legend(canvas)
        s, letters, fonts = self.view, self.letters(), self.app.fonts
        for owner, row in self.rows():
            if owner == BLACK:
                dice = list(enumerate(s.black))
            else:
                dice = s.district(owner)
            if not dice and s.phase in (PLACEMENT, INCOME) and owner != BLACK:
                self.draw_citizens(canvas, owner, row)
            for k, (die_id, die) in enumerate(dice):
                selected = owner != BLACK and die_id in self.selected
                facing = owner == BLACK and k in self.taken
                draw_face(canvas, fonts, self.die_rect(row, k, len(dice)), FACES[die.colour],
                          die.pip, letters[die.colour], selected or facing)

    def draw_legend(self, canvas: pygame.Surface) -> None:
        """What the dice's one-letter markers mean, at the right end of the last row."""
        if not self.view.dice:
            return
        owner, row = self.rows()[-1]
        dice = len(self.view.black) if owner == BLACK else len(self.view.district(owner))
        legend, fonts = self.t("troyes.legend"), self.app.fonts
        left = self.die_rect(row, dice, dice).left if dice else row.left + NAME_W
        if fonts.width(legend, theme.SMALL_SIZE) <= row.right - 8 - left:
            draw_text(canvas, fonts, legend, (row.right - 8, row.centery), theme.SMALL_SIZE,
                      theme.TEXT_DIM, anchor="midright",
                      box=pygame.Rect(left, row.top, row.right - 8 - left, row.height))

    def draw_citizens(self, canvas: pygame.Surface, owner: int | None, row: pygame.Rect) -> None:
        """Before the dice are rolled: the citizens in each building (they become the dice)."""
        v = self.view
        counts = v.neutral_citizens if owner is None else v.players[owner - 1].citizens
        text = " · ".join(f"{self.t(f'troyes.short_{b}')} {n}" for b, n in zip(BUILDINGS, counts))
        if v.keeps_supply and owner is not None:
            text += " · " + self.t("troyes.short_supply", n=v.players[owner - 1].supply)
        draw_fitted(canvas, self.app.fonts, text, pygame.Rect(row.left + NAME_W, row.top,
                                                              row.width - NAME_W - 8, row.height),
                    PURSE_SIZE)

    def info_text(self) -> str:
        """A refusal, the question being asked, or what the selection would do; else what
        the last decision did, then what comes next."""
        s, t = self.view, self.t
        if self.problem:
            return self.problem
        if self.choosing is not None:
            return self.question
        if s.phase == ACTIONS and self.selected:
            return self.action_text()
        if s.phase == DEFENCE:
            return self.phase_text()
        last = line_text(t, self.controller.name, s.log[-1]) + " " if s.log else ""
        if s.phase == PLACEMENT or (s.phase == INCOME and s.round == 1):  # no die rolled yet
            return seal_text(self.app, self.controller.session) + " " + last + self.phase_text()
        return last + self.phase_text()

    def phase_text(self) -> str:
        s, t, c = self.view, self.t, self.controller
        if s.phase == PLACEMENT:
            n, of = s.placement_progress()
            return t("troyes.placement_info", name=c.name(s.actor), n=n, of=of)
        if s.phase == INCOME:
            parts = [t("troyes.wage", name=c.name(i), due=w.due) + (
                t("troyes.short") if w.short else "") for i, w in enumerate(s.wages, 1)]
            over = t("troyes.round_over", n=s.round - 1, name=c.name(s.start_player)) + " " \
                if s.round > 1 else ""
            return over + t("troyes.income", wages=", ".join(parts))
        if s.phase == EVENTS and s.asked:
            return t("troyes.ask_named" if len(s.asked) > 1 else f"troyes.ask_{s.asked[0]}")
        if s.phase == EVENTS and s.asks_events:
            return t("troyes.events_shown", n=s.black_shown)
        if s.phase == EVENTS:
            return t("troyes.events")
        if s.phase == DEFENCE:
            total = s.defence_sum(self.selected, self.taken)
            return t("troyes.defence_sum", sum=total.dice, black=total.black) + (
                t("troyes.enough") if total.enough else "") + (
                t("troyes.take_black") if len(s.black) > 1 else "")
        if s.phase == ACTIONS:
            return self.action_text()
        return t("troyes.over") + " " + revealed_text(self.app, c)

    def action_text(self) -> str:
        """The price of the selected dice per owner and what each action would give."""
        t, c = self.t, self.controller
        if self.offered == {Pass}:  # who passed only passes
            return t("troyes.passed_info", name=c.name(self.view.actor))
        if not self.selected:
            return t("troyes.tap_dice") + " " + t("troyes.tap_player")
        try:
            preview = self.view.preview(self.selected)
        except IllegalDecision as exc:
            return self.refusal(exc)
        cost = ", ".join(t("troyes.pay", n=n, name=c.name(o) if o else t("troyes.bank"))
                         for o, n in preview.payments) or t("troyes.free")
        gains = []
        if preview.farming is not None:
            gains.append(t("troyes.gain_farming", n=preview.farming))
        if preview.cathedral is not None:
            vp, influence = preview.cathedral
            gains.append(t("troyes.gain_cathedral", vp=vp, influence=influence))
        gains.append(t("troyes.gain_divided", **{f"d{d}": n for d, n in preview.divided}))
        return f"{cost} · {' · '.join(gains)}"

    def draw_info(self, canvas: pygame.Surface) -> None:
        """Between the last district and the buttons."""
        top = self.rows()[-1][1].bottom + 6
        area = pygame.Rect(BODY.left, top, BODY.width, BUTTONS.top - 4 - top)
        draw_paragraph(canvas, self.app.fonts, self.info_text(), area, theme.SMALL_SIZE,
                       theme.WARNING if self.problem else theme.TEXT,
                       names=self.controller.names)


def open_game(app, session) -> None:
    """A kept Troyes game back on its board (the registry's opener)."""
    app.push(TroyesBoardScreen(app, TroyesController(app, session)))
