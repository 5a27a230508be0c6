"""Choose the character of each rank; the rule that refuses the set is shown as it happens."""

from __future__ import annotations

import pygame

from companion.citadels.catalogue import by_rank, character
from companion.citadels.charset import refusals

from ... import theme
from ...widgets import Button, draw_paragraph, draw_text
from ..base import BODY, Screen
from .cells import button_cells


def refusal_text(screen: Screen, found) -> str:
    """The first refusal of a character set as a sentence in the UI language."""
    r = found[0]
    return screen.t("setup.refused", reason=screen.t(f"refusal.{r.code}", **r.fields))


ROW_H = 50
GAP = 7
LABEL_W = 28
COLUMN_W = (BODY.width - 16) // 2


class RankGridScreen(Screen):
    """Every character of an edition, one row per rank (ranks 1-5 left, 6-9 right), and Done.
    Subclasses say which are selected and what a tap does."""

    offer_no_rank9 = False

    def __init__(self, app, edition: str):
        self.edition = edition
        super().__init__(app)

    def _cell(self, rank: int) -> pygame.Rect:
        column, row = (0, rank - 1) if rank <= 5 else (1, rank - 6)
        return pygame.Rect(BODY.left + column * (COLUMN_W + 16) + LABEL_W,
                           BODY.top + 2 + row * (ROW_H + GAP), COLUMN_W - LABEL_W, ROW_H)

    def is_selected(self, rank: int, cid) -> bool:
        raise NotImplementedError

    def choose(self, rank: int, cid) -> None:
        raise NotImplementedError

    def done(self) -> None:
        raise NotImplementedError

    def build(self) -> None:
        for rank in range(1, 10):
            options = [c.id for c in by_rank(self.edition, rank)] + (
                [None] if rank == 9 and self.offer_no_rank9 else [])
            labels = [self._label(cid) for cid in options]
            cells = button_cells(self.app.fonts, self._cell(rank), labels, 4)
            for rect, cid, label in zip(cells, options, labels):
                self.add(Button(rect, label, lambda r=rank, c=cid: self.choose(r, c),
                                selected=lambda r=rank, c=cid: self.is_selected(r, c),
                                name=cid or "no-rank9",
                                size=theme.SMALL_SIZE))
        self.add(Button(pygame.Rect(BODY.right - 200, BODY.bottom - 60, 200, 60),
                        lambda: self.t("common.done"), self.done, name="done"))

    def _label(self, cid) -> str:
        return character(self.edition, cid).name(self.app.language) if cid else self.t("picker.none")

    def draw_body(self, canvas: pygame.Surface) -> None:
        for rank in range(1, 10):
            cell = self._cell(rank)
            draw_text(canvas, self.app.fonts, str(rank), (cell.left - LABEL_W, cell.centery),
                      theme.BODY_SIZE, theme.TEXT_DIM, anchor="midleft")


class CharacterPickerScreen(RankGridScreen):
    """The set of characters for a new game: one per rank."""

    name = "citadels-picker"
    offer_no_rank9 = True

    def __init__(self, app, setup):
        self.setup = setup
        self.players = setup.players
        self.chosen = {character(setup.edition, c).rank: c for c in setup.characters}
        super().__init__(app, setup.edition)

    def title(self) -> str:
        return self.t("picker.title")

    def is_selected(self, rank: int, cid) -> bool:
        return self.chosen.get(rank) == cid

    def ids(self) -> list[str]:
        return [c for _, c in sorted(self.chosen.items()) if c]

    def choose(self, rank: int, cid) -> None:
        self.chosen[rank] = cid
        self.button("done").enabled = not refusals(self.edition, self.players, self.ids())

    def done(self) -> None:
        if not refusals(self.edition, self.players, self.ids()):
            self.setup.use_custom(self.ids())
            self.app.pop()

    def draw_body(self, canvas: pygame.Surface) -> None:
        super().draw_body(canvas)
        found = refusals(self.edition, self.players, self.ids())
        if found:
            draw_paragraph(canvas, self.app.fonts, refusal_text(self, found),
                           pygame.Rect(BODY.left, BODY.bottom - 58, BODY.width - 220, 58),
                           theme.SMALL_SIZE, theme.WARNING)
