"""The king track drawn from a view's ``Track`` (no rule here): spaces -10 … +15, red below 0,
blue above, the start space plain; each space's discs stacked bottom → top in the players'
colours. ``draw_track`` (two rows of 13 spaces, numbers and disc labels at 20 px or more: the
king screens) and ``draw_mini_track`` (one row, for the board's side panel; its labels at the
ends and at 0)."""

from __future__ import annotations

import pygame

from companion.tiletum.game import KING_SPACES
from companion.tiletum.king import Track

from ... import theme
from ...widgets import draw_text

SPACES = tuple(range(KING_SPACES[0], KING_SPACES[1] + 1))
RED, BLUE, START = (150, 52, 46), (44, 84, 150), (92, 96, 104)
# the discs' colours by seat (none of them red or blue, which the spaces are)
DISCS = ((236, 138, 40), (70, 170, 90), (160, 96, 210), (236, 206, 70), (230, 230, 226),
         (90, 200, 210), (200, 120, 150), (140, 110, 80))
LABEL_SIZE = 20
SMALL_LABEL_SIZE = 18  # on a disc too thin for the label at LABEL_SIZE


def disc_colour(seat: int) -> tuple[int, int, int]:
    return DISCS[(seat - 1) % len(DISCS)]


def space_colour(space: int) -> tuple[int, int, int]:
    return RED if space < 0 else BLUE if space > 0 else START


def space_text(space: int) -> str:
    return f"+{space}" if space > 0 else str(space)


def disc_labels(names: dict[int, str]) -> dict[int, str]:
    """One character per seat that tells the players apart: their names' first letters, else
    their last ("Player 1", "Player 2" …), else the seat numbers."""
    for pick in (lambda n: n[:1], lambda n: n[-1:]):
        labels = {seat: pick(name.strip()).upper() for seat, name in names.items()}
        if all(labels.values()) and len(set(labels.values())) == len(labels):
            return labels
    return {seat: str(seat) for seat in names}


def draw_disc(canvas, fonts, rect: pygame.Rect, seat: int, label: str | None,
              lifted: bool = False) -> None:
    """One disc: a rounded bar in the seat's colour (``lifted``: ringed, the one moving)."""
    pygame.draw.rect(canvas, disc_colour(seat), rect, border_radius=min(8, rect.height // 2))
    pygame.draw.rect(canvas, theme.ACCENT if lifted else (20, 22, 26), rect,
                     3 if lifted else 1, border_radius=min(8, rect.height // 2))
    if label:  # a syllable's ink is as tall as the size: a thin disc's is smaller and plain
        big = rect.height > LABEL_SIZE + 1
        draw_text(canvas, fonts, label, rect.center, LABEL_SIZE if big else SMALL_LABEL_SIZE,
                  (20, 22, 26), bold=big, anchor="center", box=rect)


def draw_track(canvas, fonts, rect: pygame.Rect, track: Track, names: dict[int, str],
               lifted: int | None = None) -> None:
    """The track in two rows (-10 … +2 above, +3 … +15 below) inside ``rect``; each cell's
    discs stand on it, bottom first (``lifted``: that seat's disc ringed)."""
    labels = disc_labels(names)
    per_row = (len(SPACES) + 1) // 2
    row_h = rect.height // 2
    cell_w = rect.width // per_row
    cell_h = 30
    disc_h = min(28, (row_h - cell_h - 4) // max(1, len(names)))
    for k, space in enumerate(SPACES):
        row, col = divmod(k, per_row)
        cell = pygame.Rect(rect.left + col * cell_w + 2, rect.top + row * row_h + row_h - cell_h,
                           cell_w - 4, cell_h)
        pygame.draw.rect(canvas, space_colour(space), cell, border_radius=6)
        draw_text(canvas, fonts, space_text(space), cell.center, LABEL_SIZE, theme.TEXT,
                  bold=True, anchor="center")
        for level, seat in enumerate(track.stack(space)):
            disc = pygame.Rect(cell.left + 3, cell.top - 2 - (level + 1) * disc_h,
                               cell.width - 6, disc_h - 1)
            draw_disc(canvas, fonts, disc, seat, labels.get(seat) if disc_h >= 20 else None,
                      seat == lifted)


def draw_mini_track(canvas, fonts, rect: pygame.Rect, track: Track, players: int) -> None:
    """The track in one row across ``rect`` (the board's panel): thin discs stacked on their
    spaces in the seats' colours; -10, 0 and +15 written under it."""
    cell_w = rect.width // len(SPACES)
    left = rect.left + (rect.width - cell_w * len(SPACES)) // 2
    label_h = 23
    cell_h = 12
    disc_h = max(5, min(10, (rect.height - label_h - cell_h - 2) // max(1, players)))
    top = rect.bottom - label_h - cell_h
    for k, space in enumerate(SPACES):
        cell = pygame.Rect(left + k * cell_w, top, cell_w - 1, cell_h)
        pygame.draw.rect(canvas, space_colour(space), cell)
        for level, seat in enumerate(track.stack(space)):
            disc = pygame.Rect(cell.left, cell.top - 1 - (level + 1) * disc_h, cell.width,
                               disc_h - 1)
            pygame.draw.rect(canvas, disc_colour(seat), disc, border_radius=2)
        if space in (SPACES[0], 0, SPACES[-1]):
            anchor = "midtop" if space == 0 else "topleft" if space < 0 else "topright"
            x = cell.centerx if space == 0 else cell.left if space < 0 else cell.right
            draw_text(canvas, fonts, space_text(space), (x, cell.bottom + 2), LABEL_SIZE,
                      theme.TEXT_DIM, anchor=anchor)
