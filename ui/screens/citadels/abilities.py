"""What a Citadels character does, as one line in the UI language (the catalogues'
``ability.<edition>.<id>``, ui/i18n/*/citadels_characters.toml): the calling screen draws the
called character's, and a screen where a character is picked may draw it under the name."""

from __future__ import annotations

import pygame

from ... import theme
from ...widgets import draw_paragraph

SIZE = theme.SMALL_SIZE


def ability_line(app, edition: str, character_id: str) -> str:
    """One line (at ``SIZE``, the screen's width) saying what the character does."""
    return app.t(f"ability.{edition}.{character_id}")


def draw_ability(canvas: pygame.Surface, app, edition: str, character_id: str,
                 area: pygame.Rect, color=theme.TEXT_DIM) -> int:
    """The character's line wrapped inside ``area``; returns the y below it."""
    return draw_paragraph(canvas, app.fonts, ability_line(app, edition, character_id), area,
                          SIZE, color)
