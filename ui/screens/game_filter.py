"""The game filter History and Statistics share: All, then one button per registered game."""

from __future__ import annotations

import pygame

from .. import registry, theme
from ..widgets import Button, grid
from .base import BODY

FILTER = pygame.Rect(BODY.left, BODY.top, BODY.width, 48)
FILTER_MIN_W = 120  # px: a filter button narrower than this would cut its game's name

def stored_kinds(store) -> tuple[str, ...]:
    """Every kind of session in the store (``citadels``, ``troyes-score``…), from the index on
    (game, touched): quick with 10,000 games."""
    return store.kinds()


def kinds_of(entry, stored: tuple[str, ...]) -> tuple[str, ...]:
    """The kinds of session that belong to ``entry``'s game: those it opens, and any stored
    kind the registry gives to it (its id starts the kind's name: ``citadels-draft``)."""
    own = set(entry.openers)
    own.update(k for k in stored if (found := registry.entry_for_session(k)) is not None
               and found.id == entry.id)
    return tuple(sorted(own))


class GameFilter:
    """The game filter History and Statistics share: All, then one button per registered game
    across ``filter_rect``; ``kinds`` are the session kinds it shows (None: all). A screen
    mixing it in calls ``init_filter`` before building, ``build_filter`` in ``build``, and gets
    ``filter_changed()`` after a tap."""

    filter_rect = FILTER

    def init_filter(self, game_id: str | None = None) -> None:
        self.filter: str | None = game_id  # a game id; None shows every game
        self.filter_first = 0  # the first game shown when the filter buttons do not all fit
        self.kinds: tuple[str, ...] | None = None  # the session kinds the filter shows

    def filter_changed(self) -> None:
        """After a tap on the filter (``filter`` and ``kinds`` are set)."""

    def build_filter(self) -> None:
        """All, then one button per game; when they do not fit, All, ◀, as many games as fit
        and ▶ (the games slide along)."""
        games = registry.games()
        fits = max(4, self.filter_rect.width // FILTER_MIN_W)
        self.filter_paged = len(games) + 1 > fits
        cells = grid(self.filter_rect, min(len(games) + 1, fits), min(len(games) + 1, fits), 8)
        self.add(Button(cells[0], lambda: self.t("history.all"), lambda: self.set_filter(None),
                        name="filter-all", selected=lambda: self.filter is None,
                        size=theme.BODY_SIZE))
        if not self.filter_paged:
            slots = cells[1:]
        else:
            slots = cells[2:-1]
            self.add(Button(cells[1], "◀", lambda: self.slide_filter(-1), name="filter-prev"))
            self.add(Button(cells[-1], "▶", lambda: self.slide_filter(1), name="filter-next"))
        self.filter_slots = [
            self.add(Button(cell, lambda i=i: self._filter_label(i),
                            lambda i=i: self._filter_tap(i), size=theme.BODY_SIZE,
                            selected=lambda i=i: self._filter_game(i) is not None
                            and self._filter_game(i).id == self.filter))
            for i, cell in enumerate(slots)]
        self.slide_filter(0)
        self.find_kinds()

    def _filter_game(self, i: int):
        games = registry.games()
        return games[self.filter_first + i] if self.filter_first + i < len(games) else None

    def _filter_label(self, i: int) -> str:
        game = self._filter_game(i)
        return self.t(game.title_key) if game else ""

    def _filter_tap(self, i: int) -> None:
        game = self._filter_game(i)
        if game is not None:
            self.set_filter(game.id)

    def slide_filter(self, step: int) -> None:
        games = registry.games()
        last = max(0, len(games) - len(self.filter_slots))
        self.filter_first = max(0, min(self.filter_first + step * len(self.filter_slots), last))
        for i, button in enumerate(self.filter_slots):
            game = self._filter_game(i)
            button.visible = game is not None
            button.name = f"filter-{game.id}" if game else f"filter-slot{i}"
        if self.filter_paged:
            self.button("filter-prev").enabled = self.filter_first > 0
            self.button("filter-next").enabled = self.filter_first < last
        self.app.dirty = True

    def set_filter(self, game_id: str | None) -> None:
        """Show only ``game_id``'s sessions (None: all)."""
        self.filter = game_id
        self.find_kinds()
        self.filter_changed()

    def find_kinds(self) -> None:
        """The session kinds the filter shows (every kind for All, or a game no longer
        registered)."""
        entry = next((g for g in registry.games() if g.id == self.filter), None)
        if entry is None:
            self.filter = self.kinds = None
        else:
            self.kinds = kinds_of(entry, stored_kinds(self.app.store))
