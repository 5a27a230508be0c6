"""A finished game as a QR code for BG Stats: a phone's camera opens BG Stats' import of the
play (companion/bgstats.py, docs/bgstats.md). The code fills the screen's height, on white;
beside it what to do, and what was left out to keep the code readable. Done (OK, Back) goes on.

The code is made by a thread (``ui.qr.QrJob``) while the screen shows; a game that makes no
play (none of its players known) shows why instead."""

from __future__ import annotations

import pygame

from companion import bgstats

from .. import qr, theme
from ..geometry import HEIGHT, WIDTH
from ..widgets import Button, draw_paragraph, draw_text
from .base import TITLE_BAR, Screen

MOST_VERSION = 30
"""The densest code made while something can be left out: a module is then at least 3.3 px,
0.64 mm on the official 7" display (docs/bgstats.md, "How large the code is")."""
CODE = pygame.Rect(0, 0, HEIGHT, HEIGHT)  # the code and its white quiet zone
SIDE = pygame.Rect(HEIGHT + theme.MARGIN, 0, WIDTH - HEIGHT - 2 * theme.MARGIN,
                   HEIGHT - theme.MARGIN)
WHITE = (255, 255, 255)


class BgStatsScreen(Screen):
    """The code of one finished game (``play``: a ``companion.bgstats.Play``, or None when
    the game makes none); ``done``: what Done does (default: back). ``make``: False for a
    rehearsal (the screen drawn as it first shows, no code made)."""

    name = "bgstats"
    shows_back = False
    title_width = WIDTH - 2 * theme.MARGIN  # no title: a notice goes to the bar's right end

    def __init__(self, app, play: bgstats.Play | None, done=None, make: bool = True):
        self.play, self.done = play, done
        self.links = bgstats.links(play, app.language) if play is not None else []
        self.job = qr.QrJob([link for _, link in self.links], MOST_VERSION,
                            app.poster.refresh, start=make) if self.links else None
        self._drawn: tuple[int, pygame.Surface] | None = None
        super().__init__(app)

    def build(self) -> None:
        self.add(Button(pygame.Rect(SIDE.left, SIDE.bottom - 56, SIDE.width, 56),
                        lambda: self.t("common.done"), self.on_back, name="done", selected=True,
                        size=theme.BUTTON_SIZE))
        self.focus = 0

    def on_back(self) -> None:
        (self.done or self.app.pop)()

    @property
    def code(self) -> qr.QrCode | None:
        return self.job.result[1] if self.job is not None and self.job.result else None

    def left_out(self) -> tuple[str, ...]:
        return self.links[self.job.result[0]][0] if self.code is not None else ()

    def picture(self) -> pygame.Surface:
        """The code drawn as large as ``CODE`` holds (made once)."""
        if self._drawn is None or self._drawn[0] != id(self.code):
            self._drawn = (id(self.code), qr.surface(self.code, CODE.height))
        return self._drawn[1]

    # --- drawing ------------------------------------------------------------------------------
    def draw_body(self, canvas: pygame.Surface) -> None:
        """The code on white over the left of the title bar too; on the right, under the bar
        (where a notice may show), the title and what to do."""
        pygame.draw.rect(canvas, WHITE, CODE)
        fonts = self.app.fonts
        if self.code is not None:
            canvas.blit(self.picture(), CODE)
        else:
            key = "bgstats.making" if self.job is not None and self.job.running \
                else "bgstats.no_play" if self.play is None else "bgstats.failed"
            draw_paragraph(canvas, fonts, self.t(key), CODE.inflate(-80, -200),
                           theme.BODY_SIZE, theme.BACKGROUND)
        top = draw_text(canvas, fonts, self.t("bgstats.title"), (SIDE.left, TITLE_BAR + 8),
                        theme.TITLE_SIZE, theme.TEXT, bold=True).bottom + 8
        room = pygame.Rect(SIDE.left, top, SIDE.width, SIDE.bottom - 56 - 12 - top)
        y = draw_paragraph(canvas, fonts, self.t("bgstats.how"), room, theme.BODY_SIZE)
        for note in self.notes():
            y = draw_paragraph(canvas, fonts, note, pygame.Rect(room.left, y + 10, room.width,
                                                                room.bottom - y - 10),
                               theme.SMALL_SIZE, theme.TEXT_DIM)

    def notes(self) -> list[str]:
        """What the table should know of this code: what it leaves out, and to hold the
        phone close to a dense one."""
        found = []
        left = self.left_out()
        if left:
            found.append(self.t("bgstats.left_out", what=", ".join(
                self.t(f"bgstats.field_{field}") for field in left)))
        if self.code is not None and self.code.version > MOST_VERSION:
            found.append(self.t("bgstats.dense"))
        return found
