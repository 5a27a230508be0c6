"""The rulebook's named character sets (seed 000, 추천 조합): one button each; the chosen set's
purpose in the rulebook's words, its characters as this table plays them (the rank-9 one where
the table may choose, who stands in for a character the player count forbids); then Use."""

from __future__ import annotations

import pygame

from companion.citadels.catalogue import character
from companion.citadels.charset import named_set, named_sets, rank9_rule

from ... import theme
from ...widgets import Button, draw_paragraph, grid
from ..base import BODY, Screen

SETS = pygame.Rect(BODY.left, BODY.top + 4, BODY.width, 2 * 60 + 10)
BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 60, BODY.width, 60)
SIZE = theme.BODY_SIZE
NBSP = "\u00a0"


def stand_in_lines(screen: Screen, edition: str, players: int, stand_ins) -> list[str]:
    """Who plays instead of whom at this table, as sentences (the setup shows them too)."""
    def name(cid: str) -> str:
        return character(edition, cid).name(screen.app.language)

    return [screen.t("charset.stand_in", players=players, out=name(out), instead=name(instead))
            for out, instead in stand_ins]


class NamedSetScreen(Screen):
    """The named sets of the setup's edition for its player count; Use gives the setup the
    chosen one (and whether its optional rank-9 character plays); Back leaves it as it was."""

    name = "citadels-sets"

    def __init__(self, app, setup):
        self.setup = setup
        ids = [s.id for s in named_sets(setup.edition)]
        self.chosen = setup.preset if setup.preset in ids else ids[0]
        self.rank9 = setup.rank9
        super().__init__(app)

    def title(self) -> str:
        return self.t("charset.title")

    def build(self) -> None:
        sets = named_sets(self.setup.edition)
        for rect, s in zip(grid(SETS, len(sets), 3, gap=10), sets):
            self.add(Button(rect, lambda s=s: self.t(f"charset.name.{s.id}"),
                            lambda s=s: self.choose(s.id), name=s.id, size=theme.BODY_SIZE,
                            selected=lambda s=s: self.chosen == s.id))
        toggle, use = grid(BOTTOM, 2, 2, gap=16)
        self.add(Button(toggle, self.rank9_label, self.flip_rank9, name="rank9",
                        selected=lambda: self.rank9, size=theme.BODY_SIZE)).visible = (
            rank9_rule(self.setup.edition, self.setup.players) == "optional")
        self.add(Button(use, lambda: self.t("charset.use"), self.use, name="use"))
        self.focus = len(self.buttons) - 1

    def rank9_label(self) -> str:
        """'With rank 9 (the Queen)': the chosen set's, as this table would play it."""
        setup = self.setup
        cid = named_set(setup.edition, setup.players, self.chosen, True).characters[-1]
        return self.t("charset.rank9",
                      character=character(setup.edition, cid).name(self.app.language))

    def choose(self, set_id: str) -> None:
        self.chosen = set_id

    def flip_rank9(self) -> None:
        self.rank9 = not self.rank9

    def use(self) -> None:
        self.setup.use_named(self.chosen, self.rank9)
        self.app.pop()

    def draw_body(self, canvas: pygame.Surface) -> None:
        setup = self.setup
        table = named_set(setup.edition, setup.players, self.chosen, self.rank9)
        names = ", ".join(f"{character(setup.edition, c).rank}.{NBSP}"  # (a rank by its name)
                          f"{character(setup.edition, c).name(self.app.language)}"
                          for c in table.characters)
        notes = stand_in_lines(self, setup.edition, setup.players, table.stand_ins)
        y, bottom = SETS.bottom + 12, BOTTOM.top - 4
        for text, color in [(self.t(f"charset.about.{self.chosen}"), theme.TEXT),
                            (names, theme.ACCENT)] + [(n, theme.TEXT_DIM) for n in notes]:
            y = draw_paragraph(canvas, self.app.fonts, text,
                               pygame.Rect(BODY.left, y, BODY.width, bottom - y), SIZE, color) + 8
