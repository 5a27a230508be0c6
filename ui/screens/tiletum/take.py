"""Taking a die from one wedge: choose which of its dice, turn it up or down for 2 gold a step
(6 and 1 wrap round, and the die moves to that pip's wedge), see what it gives — resources,
the action, its AP with the player's bonus markers — name the action on the Joker wedge, then
take it. Nothing is stored until Take."""

from __future__ import annotations

import pygame

from companion.errors import IllegalDecision
from companion.tiletum.game import JOKER, Take
from companion.tiletum.wheel import ACTIONS, RESOURCE, change_pip

from ... import theme
from ...widgets import Button, draw_paragraph, draw_text, grid
from ..base import BODY, Screen
from .board import action_names, colour_letters, resource_word
from .controller import TiletumController
from .wheel_draw import draw_big_die

DIE = 64
MAX_STEPS = 3  # every pip is reachable within 3 steps one way or the other
BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 60, BODY.width, 60)


class TakeScreen(Screen):
    name = "tiletum-take"
    shows_back = False

    def __init__(self, app, controller: TiletumController, pip: int):
        self.controller, self.pip = controller, pip
        self.dice = [(i, d) for i, d in controller.view.dice if d.pip == pip]
        self.chosen = self.dice[0][0]
        self.steps = 0
        self.joker = ""
        self.problem: str | None = None
        super().__init__(app)

    def title(self) -> str:
        return self.t("tiletum.take_title", name=self.controller.name(self.controller.view.actor),
                      pip=self.pip)

    def die_rect(self, k: int) -> pygame.Rect:
        return pygame.Rect(BODY.left + k * (DIE + 10), BODY.top + 6, DIE, DIE)

    def build(self) -> None:
        for k, (die_id, _) in enumerate(self.dice):
            self.add(Button(self.die_rect(k), "", lambda i=die_id: self.choose(i),
                            name=f"die{die_id}", bare=True))
        turn = pygame.Rect(BODY.left, BODY.top + 150, 300, 60)
        self.add_stepper(turn, "pip", lambda: self.turned().pip, self.turn,
                         (("-down", "-1", -1), None, ("-up", "+1", 1)), gap=8)
        joker_row = pygame.Rect(BODY.left, BODY.top + 232, BODY.width, 56)
        for rect, action in zip(grid(joker_row, 5, 5, 8), ACTIONS[:-1]):
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

    def turned(self):
        return change_pip(self.die(), self.steps)[0]

    def on_joker(self) -> bool:
        v = self.controller.view
        return v.wheel[self.turned().pip] == JOKER

    def choose(self, die_id: int) -> None:
        self.chosen, self.problem = die_id, None

    def turn(self, delta: int) -> None:
        self.steps = max(-MAX_STEPS, min(MAX_STEPS, self.steps + delta))
        self.problem = None
        self.show_joker()

    def show_joker(self) -> None:
        joker = self.on_joker()
        for action in ACTIONS[:-1]:
            self.button(f"joker-{action}").visible = joker
        if not joker:
            self.joker = ""

    def choose_joker(self, action: str) -> None:
        self.joker, self.problem = action, None

    def take(self) -> None:
        if self.on_joker() and not self.joker:
            self.problem = self.t("tiletum.joker_first")
            return
        v = self.controller.view
        try:
            self.controller.confirm(Take(v.actor, self.chosen, self.steps, self.joker))
        except IllegalDecision as exc:
            self.problem = str(exc)
            return
        self.app.pop()

    # --- drawing ---------------------------------------------------------------------------------
    def draw_overlay(self, canvas: pygame.Surface) -> None:
        fonts, letters = self.app.fonts, colour_letters(self)
        for k, (die_id, die) in enumerate(self.dice):
            rect = self.die_rect(k)
            draw_big_die(canvas, fonts, rect, die, letters[die.colour])
            if die_id == self.chosen:
                pygame.draw.rect(canvas, theme.ACCENT, rect.inflate(10, 10), 4,
                                 border_radius=12)

    def draw_body(self, canvas: pygame.Surface) -> None:
        t, fonts = self.t, self.app.fonts
        die, turned = self.die(), self.turned()
        colour = t(f"tiletum.colour_{die.colour}")
        draw_text(canvas, fonts, t("tiletum.die_line", colour=colour, pip=die.pip,
                                   resource=resource_word(self, RESOURCE[die.colour])),
                  (BODY.left, BODY.top + 84), theme.BODY_SIZE)
        cost = change_pip(die, self.steps)[1]
        turn_text = t("tiletum.turn_free") if not self.steps else t(
            "tiletum.turn_cost", pip=turned.pip, gold=cost,
            action=action_names(self)[self.controller.view.wheel[turned.pip]])
        draw_paragraph(canvas, fonts, turn_text,
                       pygame.Rect(BODY.left + 320, BODY.top + 150, BODY.width - 320, 70),
                       theme.SMALL_SIZE)
        draw_text(canvas, fonts, t("tiletum.turn_label"), (BODY.left, BODY.top + 122),
                  theme.SMALL_SIZE, theme.TEXT_DIM)
        v = self.controller.view
        gain = self.controller.gain(v.actor, turned, self.joker)
        if self.on_joker() and not self.joker:
            text = t("tiletum.joker_choose", n=7 - turned.pip)
        else:
            bonus = gain.ap - (7 - turned.pip)
            text = t("tiletum.gain", n=gain.amount, resource=resource_word(self, gain.resource),
                     action=action_names(self)[gain.action], ap=gain.ap) + (
                " " + t("tiletum.gain_bonus", n=bonus) if bonus else "")
        if self.problem:
            text = self.problem
        draw_paragraph(canvas, fonts, text, pygame.Rect(BODY.left, BODY.top + 296, BODY.width,
                                                        BOTTOM.top - BODY.top - 300),
                       theme.BODY_SIZE, theme.WARNING if self.problem else theme.ACCENT)

