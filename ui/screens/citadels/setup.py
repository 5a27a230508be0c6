"""A new Citadels game: players, edition, crown, character set (presets or per rank)."""

from __future__ import annotations

import pygame

from companion.citadels.catalogue import EDITIONS, character
from companion.citadels.charset import first_game, random_set, refusals
from companion.citadels.scoring import PlayerCity
from companion.rng import Rng

from ... import theme
from ...widgets import Button, draw_paragraph, draw_text
from ..base import BODY, Screen
from ..kept import add_start_row
from ..session_controller import table_names
from ..score_flow import open_entry
from .controller import GameController
from .navigator import show_game
from .picker import CharacterPickerScreen, refusal_text
from .score_controller import ScoreController

LABEL_W = 150
ROW_H = 56
GAP = 10


class CitadelsSetupScreen(Screen):
    name = "citadels-setup"

    def __init__(self, app):
        self.players = 4
        self.edition = "2016"
        self.crown = 1
        self.preset = "first-game"
        self.characters: tuple[str, ...] = first_game(self.edition, self.players)
        super().__init__(app)

    def title(self) -> str:
        return self.t("setup.title")

    def _row(self, i: int) -> pygame.Rect:
        return pygame.Rect(BODY.left + LABEL_W, BODY.top + 4 + i * (ROW_H + GAP),
                           BODY.width - LABEL_W, ROW_H)

    def _buttons(self, row: int, items) -> None:
        area = self._row(row)
        w = (area.width - GAP * (len(items) - 1)) // len(items)
        for i, (name, label, action, selected) in enumerate(items):
            rect = pygame.Rect(area.left + i * (w + GAP), area.top, w, area.height)
            self.add(Button(rect, label, action, selected=selected, name=name,
                            size=theme.BODY_SIZE))

    def build(self) -> None:
        t = self.t
        self._buttons(0, [("fewer", lambda: t("setup.fewer"), lambda: self.set_players(self.players - 1), False),
                          ("count", lambda: t("setup.n_players", n=self.players), None, False),
                          ("more", lambda: t("setup.more"), lambda: self.set_players(self.players + 1), False)])
        self._buttons(1, [(f"edition-{e}", lambda e=e: t(f"setup.edition_{e}"),
                           lambda e=e: self.set_edition(e), lambda e=e: self.edition == e)
                          for e in EDITIONS])
        self._buttons(2, [("crown-prev", lambda: t("setup.prev"), lambda: self.move_crown(-1), False),
                          ("crown", lambda: self.seat_name(self.crown), None, False),
                          ("crown-next", lambda: t("setup.next"), lambda: self.move_crown(1), False)])
        self._buttons(3, [("first-game", lambda: t("setup.first_game"),
                           lambda: self.set_preset("first-game"),
                           lambda: self.preset == "first-game"),
                          ("random", lambda: t("setup.random"), lambda: self.set_preset("random"),
                           lambda: self.preset == "random"),
                          ("choose", lambda: t("setup.choose"), self.open_picker,
                           lambda: self.preset == "custom")])
        self.kept = add_start_row(self, "citadels", "setup.start", 220, 170)

    def on_enter(self) -> None:
        self.kept.refresh()

    def score_only(self) -> None:
        """Final scoring of a game played without the device: these players, this edition."""
        players = [PlayerCity(name, ()) for name in self.names()]
        open_entry(self.app, ScoreController.new(self.app, self.edition, players))

    def seat_name(self, seat: int) -> str:
        return table_names(self.app, seat)[seat - 1]

    def names(self) -> list[str]:
        return table_names(self.app, self.players)

    def problems(self):
        return refusals(self.edition, self.players, self.characters)

    def set_players(self, players: int) -> None:
        self.players = max(2, min(8, players))
        self.crown = min(self.crown, self.players)
        self._refresh_preset()

    def set_edition(self, edition: str) -> None:
        self.edition = edition
        if self.preset == "custom":  # ids differ between editions (Tax Collector's rank)
            self.preset = "first-game"
        self._refresh_preset()

    def move_crown(self, step: int) -> None:
        self.crown = (self.crown - 1 + step) % self.players + 1

    def set_preset(self, preset: str) -> None:
        self.preset = preset
        self._refresh_preset()

    def _refresh_preset(self) -> None:
        if self.preset == "first-game":
            self.characters = first_game(self.edition, self.players)
        elif self.preset == "random":
            self.characters = random_set(self.edition, self.players, Rng(self.app.new_seed()))
        self.button("start").enabled = not self.problems()

    def open_picker(self) -> None:
        self.app.push(CharacterPickerScreen(self.app, self))

    def use_custom(self, characters) -> None:
        self.preset = "custom"
        self.characters = tuple(characters)
        self.button("start").enabled = not self.problems()

    def start(self) -> None:
        if self.problems():
            return
        controller = GameController.new(self.app, self.edition, self.players, self.characters,
                                        self.crown, self.names())
        show_game(self.app, controller)

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        for i, key in enumerate(("setup.players", "setup.edition", "setup.crown",
                                 "setup.characters")):
            draw_text(canvas, fonts, self.t(key), (BODY.left, self._row(i).centery),
                      theme.BODY_SIZE, anchor="midleft")
        names = ", ".join(character(self.edition, c).name(self.app.language)
                          for c in self.characters)
        area = pygame.Rect(BODY.left, self._row(4).top, BODY.width - 240, 56)
        y = draw_paragraph(canvas, fonts, names, area, theme.SMALL_SIZE, theme.TEXT_DIM)
        found = self.problems()
        if found:
            draw_paragraph(canvas, fonts, refusal_text(self, found),
                           pygame.Rect(area.left, y + 4, area.width, 60), theme.SMALL_SIZE,
                           theme.WARNING)

