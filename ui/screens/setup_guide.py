"""A game's set-up before its first round, a screen a step (companion/setup_guide.py): what to
take, lay out or put back for this player count, in words and drawn as the pieces. Next and
Back walk the steps; Skip (or Back on the first step, or the BACK control) goes straight to
the game, for a table that knows it. Shown over the new game's board (config
``setup_guide``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from companion.setup_guide import Pieces, Step

from .. import theme
from ..widgets import Button, draw_paragraph, draw_text, grid
from .base import BODY, Screen

BUTTONS = pygame.Rect(BODY.left, BODY.bottom - 56, BODY.width, 56)
PIECES = pygame.Rect(BODY.left, BUTTONS.top - 12 - 96, BODY.width, 96)
TEXT = pygame.Rect(BODY.left, BODY.top + 4, BODY.width, PIECES.top - 12 - BODY.top - 4)
COLOURS = {"red": (200, 60, 50), "white": (235, 235, 228), "yellow": (232, 196, 60),
           "black": (30, 30, 34), "grey": (140, 144, 150), "blue": (70, 120, 200),
           "pink": (220, 120, 170), "gold": (214, 170, 50), "brown": (150, 105, 60),
           "player": (90, 170, 120)}
SIZES = {"citizen": (18, 30), "card": (26, 38), "coin": (24, 24), "die": (26, 26),
         "tile": (28, 28), "disc": (24, 24), "cube": (18, 18)}
MOST_DRAWN = 12  # pieces of a group drawn, at most (the number says the rest)
GROUP_GAP, PIECE_GAP = 28, 4


class SetupGuideScreen(Screen):
    """``steps`` of a new game; ``done``: what ending the guide does (the game's board)."""

    name = "setup-guide"
    shows_back = False

    def __init__(self, app, steps: Sequence[Step], done: Callable[[], None]):
        self.steps, self.done, self.index = tuple(steps), done, 0
        super().__init__(app)

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    def title(self) -> str:
        return self.t("guide.title", n=self.index + 1, of=len(self.steps))

    def build(self) -> None:
        items = (("skip", "guide.skip", self.done, False),
                 ("back-step", "guide.back", lambda: self.turn(-1), False),
                 ("next", "guide.next", lambda: self.turn(1), True))
        for rect, (name, key, action, primary) in zip(grid(BUTTONS, 3, 3, 12), items):
            self.add(Button(rect, lambda k=key, n=name: self.label(n, k), action, name=name,
                            selected=primary, size=theme.BODY_SIZE))
        self.focus = 2
        self.turn(0)

    def label(self, name: str, key: str) -> str:
        last = self.index == len(self.steps) - 1
        return self.t("guide.done" if name == "next" and last else key)

    def turn(self, step: int) -> None:
        """``step`` steps on (−1 back); past the last, the game."""
        if self.index + step >= len(self.steps):
            self.done()
            return
        self.index = max(0, self.index + step)
        self.button("back-step").enabled = self.index > 0
        self.app.dirty = True

    def on_back(self) -> None:
        if self.index > 0:
            self.turn(-1)
        else:
            self.done()

    # --- drawing ------------------------------------------------------------------------------
    def draw_body(self, canvas: pygame.Surface) -> None:
        step = self.step
        draw_paragraph(canvas, self.app.fonts, self.t(step.key, **step.fields), TEXT,
                       theme.BODY_SIZE)
        self.draw_pieces(canvas, step.pieces)

    def draw_pieces(self, canvas: pygame.Surface, groups: Sequence[Pieces]) -> None:
        """The step's groups of pieces side by side, centred, each with its label under it;
        a group going back to the box crossed out."""
        if not groups:
            return
        widths = [self.group_width(g) for g in groups]
        x = PIECES.centerx - (sum(widths) + GROUP_GAP * (len(groups) - 1)) // 2
        for group, width in zip(groups, widths):
            self.draw_group(canvas, group, pygame.Rect(x, PIECES.top, width, PIECES.height))
            x += width + GROUP_GAP

    def group_width(self, group: Pieces) -> int:
        w, _ = SIZES.get(group.shape, (24, 24))
        drawn = min(MOST_DRAWN, group.shown if group.shown is not None else group.count)
        pieces = drawn * w + (drawn - 1) * PIECE_GAP
        return max(pieces, self.app.fonts.width(self.group_label(group), theme.SMALL_SIZE))

    def group_label(self, group: Pieces) -> str:
        label = self.t(group.label) if "." in group.label else group.label
        if group.removed:
            return f"{label} {self.t('guide.removed')}".strip()
        return label

    def draw_group(self, canvas: pygame.Surface, group: Pieces, area: pygame.Rect) -> None:
        w, h = SIZES.get(group.shape, (24, 24))
        drawn = min(MOST_DRAWN, group.shown if group.shown is not None else group.count)
        colour = COLOURS.get(group.colour, theme.TEXT_DIM)
        row_w = drawn * w + (drawn - 1) * PIECE_GAP
        left, top = area.centerx - row_w // 2, area.top + 52 - h
        for k in range(drawn):
            draw_piece(canvas, group.shape, pygame.Rect(left + k * (w + PIECE_GAP), top, w, h),
                       colour)
        if group.removed:
            span = pygame.Rect(left - 4, top - 4, row_w + 8, h + 8)
            pygame.draw.line(canvas, theme.WARNING, span.topleft, span.bottomright, 4)
            pygame.draw.line(canvas, theme.WARNING, span.bottomleft, span.topright, 4)
        label = self.group_label(group)
        if label:
            draw_text(canvas, self.app.fonts, label, (area.centerx, area.top + 60),
                      theme.SMALL_SIZE, theme.WARNING if group.removed else theme.TEXT,
                      anchor="midtop")


def draw_piece(canvas: pygame.Surface, shape: str, rect: pygame.Rect, colour) -> None:
    """One piece: a citizen (head and body), a card, a coin, a die, a tile, a disc, a cube."""
    edge = theme.BACKGROUND if colour != COLOURS["black"] else theme.TEXT_DIM
    if shape == "citizen":
        head = rect.w // 2
        pygame.draw.circle(canvas, colour, (rect.centerx, rect.top + head // 2 + 1), head // 2 + 1)
        body = [(rect.left, rect.bottom), (rect.centerx - 3, rect.top + head),
                (rect.centerx + 3, rect.top + head), (rect.right, rect.bottom)]
        pygame.draw.polygon(canvas, colour, body)
    elif shape in ("coin", "disc"):
        pygame.draw.circle(canvas, colour, rect.center, rect.w // 2)
        pygame.draw.circle(canvas, edge, rect.center, rect.w // 2, 2)
    else:
        radius = {"card": 4, "die": 5, "tile": 3, "cube": 2}.get(shape, 3)
        pygame.draw.rect(canvas, colour, rect, border_radius=radius)
        pygame.draw.rect(canvas, edge, rect, 2, border_radius=radius)
        if shape == "die":
            pygame.draw.circle(canvas, edge, rect.center, 3)


def offer(app, steps: Sequence[Step]) -> None:
    """Over a new game's board, its set-up guide (unless the config turns it off)."""
    if app.config.setup_guide:
        app.push(SetupGuideScreen(app, steps, app.pop))
