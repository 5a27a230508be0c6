"""Taking a die from one wedge: choose which of its dice, turn it up or down for 2 gold a step
(6 and 1 wrap round, and the die moves to that pip's wedge), see what it gives — resources,
the action, its AP with the player's bonus markers — name the action on the Joker wedge, then
take it. Nothing is stored until Take. What a turn costs and gives is the view's ``offer``
(from rules 5, for the King action, where the take moves the player's disc).

The player's gold as the device knows it (starting gold, turns paid, yellow dice taken) is shown
beside the dice; gold won or spent through actions the device does not follow is corrected there
(stored as a ``Gold`` report just before the take). A turn costing more than the player holds is
refused by the rules, in the table's language."""

from __future__ import annotations

import pygame

from companion.errors import IllegalDecision
from companion.tiletum.game import CHOSEN, JOKER, Gold, Take
from companion.tiletum.wheel import MAX_PIP_STEPS, PIP_CHANGE_GOLD, RESOURCE

from ... import theme
from ...widgets import Button, draw_paragraph, draw_text, fit_title, grid
from ..base import BODY, Screen
from .controller import TiletumController
from .dice import TAKE_SIZE as DIE
from .dice import letters as colour_letters
from .labels import action_names, disc_text, resource_word
from .wheel_draw import draw_big_die

BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 60, BODY.width, 60)
GOLD = pygame.Rect(BODY.right - 190, BODY.top + 74, 190, 50)  # the player's gold, corrected


class TakeScreen(Screen):
    name = "tiletum-take"
    shows_back = False

    def __init__(self, app, controller: TiletumController, pip: int):
        self.controller, self.pip = controller, pip
        self.dice = [(i, d) for i, d in controller.view().dice if d.pip == pip]
        self.chosen = self.dice[0][0]
        self.steps = 0
        self.joker = ""
        self.problem: str | None = None
        self.gold = self.known_gold()
        super().__init__(app)

    def known_gold(self) -> int:
        v = self.controller.view()
        return v.players[v.actor - 1].gold

    def title(self) -> str:
        name = self.controller.name(self.controller.view().actor)
        return fit_title(self, self.t("tiletum.take_title", name=name, pip=self.pip), name)

    def die_rect(self, k: int) -> pygame.Rect:
        return pygame.Rect(BODY.left + k * (DIE + 10), BODY.top + 6, DIE, DIE)

    def build(self) -> None:
        for k, (die_id, _) in enumerate(self.dice):
            self.add(Button(self.die_rect(k), "", lambda i=die_id: self.choose(i),
                            name=f"die{die_id}", bare=True))
        turn = pygame.Rect(BODY.left, BODY.top + 150, 300, 60)
        self.add_stepper(turn, "pip", lambda: self.turned().pip, self.turn,
                         (("-down", "-1", -1), None, ("-up", "+1", 1)), gap=8)
        self.add_stepper(GOLD, "gold", lambda: self.gold, self.change_gold, gap=6)
        joker_row = pygame.Rect(BODY.left, BODY.top + 232, BODY.width, 56)
        for rect, action in zip(grid(joker_row, 5, 5, 8), CHOSEN):
            self.add(Button(rect, lambda a=action: action_names(self)[a],
                            lambda a=action: self.choose_joker(a), name=f"joker-{action}",
                            selected=lambda a=action: self.joker == a, size=theme.SMALL_SIZE,
                            visible=False))
        for rect, (name, key, action, primary) in zip(grid(BOTTOM, 2, 2, 12), (
                ("cancel", "tiletum.cancel", self.app.pop, False),
                ("take", "tiletum.take", self.take, True))):
            self.add(Button(rect, lambda k=key: self.t(k), action, name=name, selected=primary,
                            size=theme.BODY_SIZE))
        self.show_joker()
        self.focus = len(self.buttons) - 1

    # --- the choice ------------------------------------------------------------------------------
    def die(self):
        return dict(self.dice)[self.chosen]

    def offer(self):
        """What the die as turned costs and gives (the engine's reckoning)."""
        return self.controller.view().offer(self.chosen, self.steps, self.joker)

    def turned(self):
        return self.offer().die

    def on_joker(self) -> bool:
        return self.offer().wedge == JOKER

    def choose(self, die_id: int) -> None:
        self.chosen, self.problem = die_id, None
        self.show_joker()

    def turn(self, delta: int) -> None:
        self.steps = max(-MAX_PIP_STEPS, min(MAX_PIP_STEPS, self.steps + delta))
        self.problem = None
        self.show_joker()

    def show_joker(self) -> None:
        joker = self.on_joker()
        for action in CHOSEN:
            self.button(f"joker-{action}").visible = joker
        if not joker:
            self.joker = ""

    def change_gold(self, delta: int) -> None:
        self.gold, self.problem = max(0, self.gold + delta), None

    def choose_joker(self, action: str) -> None:
        self.joker, self.problem = action, None

    def take(self) -> None:
        actor = self.controller.view().actor
        try:
            if self.gold != self.known_gold():  # the table corrected the player's gold
                self.controller.confirm(Gold(actor, self.gold))
            self.controller.confirm(Take(actor, self.chosen, self.steps, self.joker))
        except IllegalDecision as exc:
            self.problem = self.refusal(exc)
            return
        self.app.pop()

    # --- drawing ---------------------------------------------------------------------------------
    def draw_overlay(self, canvas: pygame.Surface) -> None:
        fonts, letters = self.app.fonts, colour_letters(self)
        for k, (die_id, die) in enumerate(self.dice):
            rect = self.die_rect(k)
            draw_big_die(canvas, fonts, rect, die, letters[die.colour], die_id == self.chosen)

    def draw_body(self, canvas: pygame.Surface) -> None:
        t, fonts = self.t, self.app.fonts
        die, offer = self.die(), self.offer()
        colour = t(f"tiletum.colour_{die.colour}")
        draw_text(canvas, fonts, t("tiletum.die_line", colour=colour, pip=die.pip,
                                   resource=resource_word(self, RESOURCE[die.colour])),
                  (BODY.left, BODY.top + 84), theme.BODY_SIZE)
        turn_text = t("tiletum.turn_free") if not self.steps else t(
            "tiletum.turn_cost", pip=offer.die.pip, gold=offer.gold,
            action=action_names(self)[offer.wedge])
        draw_paragraph(canvas, fonts, turn_text,
                       pygame.Rect(BODY.left + 320, BODY.top + 150, BODY.width - 320, 70),
                       theme.SMALL_SIZE)
        draw_text(canvas, fonts, t("tiletum.gold_held"), (GOLD.left - 12, GOLD.centery),
                  theme.SMALL_SIZE, theme.TEXT_DIM, anchor="midright")
        draw_text(canvas, fonts, t("tiletum.turn_label", gold=PIP_CHANGE_GOLD),
                  (BODY.left, BODY.top + 122),
                  theme.SMALL_SIZE, theme.TEXT_DIM)
        gain = offer.gain
        if offer.wedge == JOKER and not self.joker:
            text = t("tiletum.joker_choose", n=gain.ap)
        else:
            text = t("tiletum.gain", n=gain.amount, resource=resource_word(self, gain.resource),
                     action=action_names(self)[gain.action], ap=gain.ap) + (
                " " + t("tiletum.gain_bonus", n=offer.bonus) if offer.bonus else "") + (
                " " + disc_text(self, "tiletum.take_disc", offer.disc) if offer.disc else "")
        if self.problem:
            text = self.problem
        draw_paragraph(canvas, fonts, text, pygame.Rect(BODY.left, BODY.top + 296, BODY.width,
                                                        BOTTOM.top - BODY.top - 300),
                       theme.BODY_SIZE, theme.WARNING if self.problem else theme.ACCENT)

