"""A new Citadels game: players, edition (and the classic quick game, where the edition has
it), crown (a seat, or drawn at the start), character set (first game, random, one of the
rulebook's named sets, or per rank); the last game's choices come back
(ui/screens/setup_table.py)."""

from __future__ import annotations

import pygame

from companion.citadels.catalogue import EDITIONS, character
from companion.citadels.charset import (MAX_PLAYERS, MIN_PLAYERS, first_game, named_set,
                                        named_sets, random_set, refusals)
from companion.citadels.quick import QUICK_CITY, offers_quick
from companion.citadels.scoring import PlayerCity
from companion.citadels.theater import offers_theater
from companion.rng import Rng

from ... import theme
from ...widgets import Button, draw_paragraph, draw_text, row_cells
from ..base import BODY, Screen
from ..kept import add_start_row
from ..score_flow import open_entry
from ..setup_table import RANDOM, TableSetup
from .charsets import NamedSetScreen
from .controller import CitadelsController
from .navigator import show_game
from .picker import CharacterPickerScreen, refusal_text
from .score_controller import CitadelsScoreController

LABEL_W = 150
PRESETS = ("first-game", "random", "custom")
ROW_H = 56
GAP = 6


class CitadelsSetupScreen(TableSetup, Screen):
    name = "citadels-setup"
    game_id, low, high = "citadels", MIN_PLAYERS, MAX_PLAYERS
    rehearsed = True  # its first frame reads the characters' data and draws ~25 texts

    def __init__(self, app):
        self.app = app
        stored = self.open_table(4)
        self.edition = stored.get("edition") if stored.get("edition") in EDITIONS else "2016"
        self.quick = stored.get("quick") is True  # off unless the table chose it
        self.theater = stored.get("theater") is True  # likewise
        self.rank9 = stored.get("rank9") is True  # a named set's optional rank 9: likewise
        crown = stored.get("crown")
        self.crown_random = crown == RANDOM
        self.crown = crown if isinstance(crown, int) and 1 <= crown <= self.players else 1
        preset = stored.get("preset")
        self.preset = preset if preset in PRESETS + self.named_ids() else "first-game"
        self.characters: tuple[str, ...] = self._stored_characters(stored)
        super().__init__(app)

    def _stored_characters(self, stored) -> tuple[str, ...]:
        """The last custom set when the rules still allow it, else the preset's."""
        chosen = stored.get("characters")
        if self.preset == "custom" and isinstance(chosen, list) and all(
                isinstance(c, str) for c in chosen):
            try:
                if not refusals(self.edition, self.players, tuple(chosen)):
                    return tuple(chosen)
            except (KeyError, ValueError):
                pass
        self.preset = "first-game" if self.preset == "custom" else self.preset
        return self._preset_characters()

    def named_ids(self) -> tuple[str, ...]:
        """The ids of the edition's named sets (none for the classic edition)."""
        return tuple(s.id for s in named_sets(self.edition))

    def _preset_characters(self) -> tuple[str, ...]:
        """The characters of the chosen preset (not "custom") for this table."""
        if self.preset == "random":
            return random_set(self.edition, self.players, Rng(self.new_seed()))
        if self.preset in self.named_ids():
            return named_set(self.edition, self.players, self.preset, self.rank9).characters
        return first_game(self.edition, self.players)

    def title(self) -> str:
        return self.t("setup.title")

    def _row(self, i: int) -> pygame.Rect:
        return pygame.Rect(BODY.left + LABEL_W, BODY.top + 4 + i * (ROW_H + GAP),
                           BODY.width - LABEL_W, ROW_H)

    def _buttons(self, row: int, items, widths=None) -> None:
        """A row of buttons; ``widths``: px for each, None sharing what is left."""
        cells = row_cells(self._row(row), widths or (None,) * len(items), GAP)
        for rect, (name, label, action, selected) in zip(cells, items):
            self.add(Button(rect, label, action, selected=selected, name=name,
                            size=theme.BODY_SIZE))

    def build(self) -> None:
        t = self.t
        self._buttons(0, [("fewer", lambda: t("setup.fewer"), lambda: self.set_players(self.players - 1), False),
                          ("count", self.table_label, self.choose_players, False),
                          ("more", lambda: t("setup.more"), lambda: self.set_players(self.players + 1), False)],
                      (60, None, 60))
        self._buttons(1, [(f"edition-{e}", lambda e=e: t(f"setup.edition_{e}"),
                           lambda e=e: self.set_edition(e), lambda e=e: self.edition == e)
                          for e in EDITIONS]
                      + [("quick", self.quick_label, self.flip_quick, lambda: self.quick)])
        self._buttons(2, [("crown-prev", lambda: t("setup.prev"), lambda: self.move_crown(-1), False),
                          ("crown", self.crown_label, None, False),
                          ("crown-next", lambda: t("setup.next"), lambda: self.move_crown(1), False),
                          ("crown-random", lambda: t("setup.random_seat"), self.random_crown,
                           lambda: self.crown_random)], (60, None, 60, 150))
        self._buttons(3, [("first-game", lambda: t("setup.first_game"),
                           lambda: self.set_preset("first-game"),
                           lambda: self.preset == "first-game"),
                          ("random", lambda: t("setup.random"), lambda: self.set_preset("random"),
                           lambda: self.preset == "random"),
                          ("sets", self.sets_label, self.open_sets,
                           lambda: self.preset in self.named_ids()),
                          ("choose", lambda: t("setup.choose"), self.open_picker,
                           lambda: self.preset == "custom")])
        self.add(Button(self.button("quick").rect, self.theater_label, self.flip_theater,
                        selected=lambda: self.theater, name="theater", size=theme.BODY_SIZE))
        self.kept = add_start_row(self, "citadels", "setup.start", 220, 170)
        self._offer_quick()

    def on_enter(self) -> None:
        self.kept.refresh()

    def score_only(self) -> None:
        """Final scoring of a game played without the device: these players, this edition."""
        players = [PlayerCity(name, ()) for name in self.names()]
        open_entry(self.app, CitadelsScoreController.new(self.app, self.edition, players,
                                                         quick=self.playing_quick))

    def seat_name(self, seat: int) -> str:
        return self.names()[seat - 1]

    def crown_label(self) -> str:
        return self.t("setup.drawn_at_start") if self.crown_random else self.seat_name(self.crown)

    def problems(self):
        return refusals(self.edition, self.players, self.characters)

    def set_players(self, players: int) -> None:
        self.set_count(players)

    def count_changed(self) -> None:
        self.crown = min(self.crown, self.players)
        self._refresh_preset()

    def set_edition(self, edition: str) -> None:
        self.edition = edition
        if self.preset not in PRESETS[:2] + self.named_ids():  # ids differ between editions
            self.preset = "first-game"  # (the Tax Collector's rank); named sets are 2016's
        self._refresh_preset()
        self._offer_quick()

    def _offer_quick(self) -> None:
        """The edition's own option in the same place: the classic quick game, or the 2016
        Theater among the districts; and the rulebook's named sets where it has them."""
        self.button("quick").visible = offers_quick(self.edition)
        self.button("theater").visible = offers_theater(self.edition)
        self.button("sets").visible = bool(self.named_ids())

    def theater_label(self) -> str:
        """"Theater" over "among the districts", on two lines."""
        return self.t("setup.theater") + "\n" + self.t("setup.theater_note")

    def flip_theater(self) -> None:
        self.theater = not self.theater

    @property
    def playing_theater(self) -> bool:
        """The Theater chosen, with an edition that has it."""
        return self.theater and offers_theater(self.edition)

    def quick_label(self) -> str:
        """"Quick game" over its city size, on two lines."""
        return self.t("setup.quick") + "\n" + self.t("setup.quick_size", n=QUICK_CITY)

    def flip_quick(self) -> None:
        self.quick = not self.quick

    @property
    def playing_quick(self) -> bool:
        """The quick game chosen, with an edition that has it."""
        return self.quick and offers_quick(self.edition)

    def move_crown(self, step: int) -> None:
        if not self.crown_random:
            self.crown = (self.crown - 1 + step) % self.players + 1
        self.crown_random = False

    def random_crown(self) -> None:
        """The crown goes to a seat drawn when the game starts."""
        self.crown_random = not self.crown_random

    def set_preset(self, preset: str) -> None:
        self.preset = preset
        self._refresh_preset()

    def _refresh_preset(self) -> None:
        if self.preset != "custom":
            self.characters = self._preset_characters()
        self.button("start").enabled = not self.problems()

    def sets_label(self) -> str:
        """The chosen named set's name, else what the button opens."""
        if self.preset in self.named_ids():
            return self.t(f"charset.name.{self.preset}")
        return self.t("charset.button")

    def character_label(self, cid: str) -> str:
        """A character's name; in a named set, who it stands in for ("King (for the
        Emperor)")."""
        name = character(self.edition, cid).name(self.app.language)
        if self.preset in self.named_ids():
            table = named_set(self.edition, self.players, self.preset, self.rank9)
            for out, instead in table.stand_ins:
                if instead == cid:
                    return self.t("charset.instead", instead=name, out=character(
                        self.edition, out).name(self.app.language))
        return name

    def open_sets(self) -> None:
        self.app.push(NamedSetScreen(self.app, self))

    def use_named(self, set_id: str, rank9: bool) -> None:
        """A named set chosen (and whether its optional rank-9 character plays)."""
        self.preset, self.rank9 = set_id, rank9
        self._refresh_preset()

    def open_picker(self) -> None:
        self.app.push(CharacterPickerScreen(self.app, self))

    def use_custom(self, characters) -> None:
        self.preset = "custom"
        self.characters = tuple(characters)
        self.button("start").enabled = not self.problems()

    def start(self) -> None:
        if self.problems():
            return
        self.remember(edition=self.edition, preset=self.preset, characters=list(self.characters),
                      crown=RANDOM if self.crown_random else self.crown, quick=self.quick,
                      theater=self.theater, rank9=self.rank9)
        crown = self.random_seat() if self.crown_random else self.crown
        controller = CitadelsController.new(self.app, self.edition, self.players,
                                            self.characters, crown, self.names(),
                                            quick=self.playing_quick,
                                            theater=self.playing_theater)
        show_game(self.app, controller)

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        for i, key in enumerate(("setup.players", "setup.edition", "setup.crown",
                                 "setup.characters")):
            draw_text(canvas, fonts, self.t(key), (BODY.left, self._row(i).centery),
                      theme.BODY_SIZE, anchor="midleft")
        names = ", ".join(self.character_label(c) for c in self.characters)
        area = pygame.Rect(BODY.left, self._row(4).top, BODY.width,
                           self.button("start").rect.top - 4 - self._row(4).top)
        y = draw_paragraph(canvas, fonts, names, area, theme.SMALL_SIZE, theme.TEXT_DIM)
        found = self.problems()
        if found:
            draw_paragraph(canvas, fonts, refusal_text(self, found),
                           pygame.Rect(area.left, y + 4, area.width, area.bottom - y - 4),
                           theme.SMALL_SIZE, theme.WARNING)
