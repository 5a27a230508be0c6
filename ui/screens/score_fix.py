"""The ways from a final result back into the entry, for any game: a button per player that
opens their entry (those a refusal names in the warning colour, so the table sees whose entry
fixes it), and the chooser behind the results' Edit."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button, grid
from .base import BODY, Screen
from .score_flow import open_entry

PER_ROW = 4


def entry_area(count: int, bottom: int = BODY.bottom) -> pygame.Rect:
    """Where ``count`` player buttons go, ending at ``bottom``: one row up to 4 players."""
    height = 56 if count <= PER_ROW else 124
    return pygame.Rect(BODY.left, bottom - height, BODY.width, height)


def add_entry_buttons(screen: Screen, controller, key: str, area: pygame.Rect,
                      named=()) -> None:
    """A button per player in ``area``, ``key`` (a catalogue text with ``{name}``) as its
    label, opening that player's entry; those numbered in ``named`` (from 1) in the warning
    colour."""
    names = controller.names
    for n, (rect, name) in enumerate(zip(grid(area, len(names), min(len(names), PER_ROW), 12),
                                         names), 1):
        screen.add(Button(rect, screen.t(key, name=name),
                          lambda i=n - 1: open_entry(screen.app, controller, i),
                          name=f"player{n}", warning=n in named, size=theme.BODY_SIZE,
                          floor=theme.SMALL_SIZE))


class EntryChoiceScreen(Screen):
    """Whose entry to change (the results' Edit): one button per player."""

    name = "score-whose"

    def __init__(self, app, controller, title_key: str, entry_key: str):
        self.controller, self.title_key, self.entry_key = controller, title_key, entry_key
        super().__init__(app)

    def title(self) -> str:
        return self.t(self.title_key)

    def build(self) -> None:
        area = entry_area(len(self.controller.names), BODY.centery + 62)
        add_entry_buttons(self, self.controller, self.entry_key, area)
