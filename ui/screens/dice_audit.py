"""A finished game's dice, from History (companion/dice_audit.py): the seal the game showed
before its first roll, the seed it seals, the dice fingerprint, and how often each colour
showed each face; how anyone can check them."""

from __future__ import annotations

import pygame

from companion import dice_audit
from companion.rng import Seed

from .. import theme
from ..widgets import draw_fitted, draw_paragraph, draw_text
from .base import BODY, Screen

LINE = 30
FACE_W = 62  # px of a face's column


class DiceAuditScreen(Screen):
    """``row``: the finished game as History lists it; ``session``: its stored session (the
    seed)."""

    name = "dice-audit"

    def __init__(self, app, row, session):
        self.row, self.session = row, session
        record = (row.result or {}).get("dice")
        self.record = record if isinstance(record, dict) else None
        self.game = row.game.removesuffix("-score")
        super().__init__(app)

    def title(self) -> str:
        return self.t("dice.title")

    def faces(self) -> list[tuple[str, list[int]]]:
        found = (self.record or {}).get("faces")
        if not isinstance(found, dict):
            return []
        return [(colour, counts) for colour, counts in found.items()
                if isinstance(counts, list) and len(counts) == 6
                and all(isinstance(n, int) for n in counts)]

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts, t = self.app.fonts, self.t
        seal = dice_audit.short(dice_audit.commitment(Seed(self.session.seed, self.session.rng)))
        lines = [t("dice.seal_line", seal=seal), t("dice.seed_line", seed=self.session.seed)]
        fingerprint = (self.record or {}).get("fingerprint")
        lines.append(t("dice.fingerprint_line", fingerprint=dice_audit.short(fingerprint))
                     if isinstance(fingerprint, str) else t("dice.no_record"))
        y = BODY.top + 4
        for text in lines:
            draw_text(canvas, fonts, text, (BODY.left, y), theme.BODY_SIZE)
            y += LINE
        y = self.draw_faces(canvas, y + 8)
        draw_paragraph(canvas, fonts, t("dice.check"),
                       pygame.Rect(BODY.left, y + 8, BODY.width, BODY.bottom - y - 8),
                       theme.SMALL_SIZE, theme.TEXT_DIM)

    def draw_faces(self, canvas: pygame.Surface, top: int) -> int:
        """A row per colour: its name, how many dice showed 1 to 6, and the total; the y
        below."""
        fonts = self.app.fonts
        rows = self.faces()
        if not rows:
            return top
        label_w = BODY.width - 7 * FACE_W
        heads = [str(face) for face in range(1, 7)] + [self.t("dice.faces_total")]
        for k, head in enumerate(heads):
            draw_text(canvas, fonts, head, (BODY.left + label_w + (k + 0.5) * FACE_W, top),
                      theme.SMALL_SIZE, theme.TEXT_DIM, anchor="midtop")
        y = top + LINE - 4
        for colour, counts in rows:
            draw_fitted(canvas, fonts, self.t(f"{self.game}.colour_{colour}"),
                        pygame.Rect(BODY.left, y, label_w - 8, LINE - 4), theme.BODY_SIZE)
            for k, n in enumerate(counts + [sum(counts)]):
                draw_text(canvas, fonts, str(n),
                          (BODY.left + label_w + (k + 0.5) * FACE_W, y + (LINE - 4) // 2),
                          theme.BODY_SIZE, theme.TEXT, anchor="center")
            y += LINE
        return y
