"""Questions that guard what cannot be taken back, and the answer to a failed save.

``AskScreen``: says what would be lost and asks; OK keeps (the default focus), the warning
button does it. ``SaveFailedScreen``: a decision could not be stored — nothing was applied,
say why and offer to try again."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import theme
from ..widgets import Button, draw_paragraph, grid
from .base import BODY, Screen


class AskScreen(Screen):
    name = "ask"

    def __init__(self, app, title: str, text: str, keep: str, confirm: str,
                 on_confirm: Callable[[], None]):
        self._title, self.text, self.keep, self.confirm = title, text, keep, confirm
        self.on_confirm = on_confirm
        super().__init__(app)

    def title(self) -> str:
        return self._title

    def build(self) -> None:
        left, right = grid(pygame.Rect(BODY.left, BODY.bottom - 90, BODY.width, 90), 2, 2, 16)
        self.add(Button(left, lambda: self.keep, self.app.pop, name="keep"))
        self.add(Button(right, lambda: self.confirm, self.do, name="confirm", warning=True))
        self.focus = 1  # OK keeps: losing something needs a deliberate move

    def do(self) -> None:
        self.app.pop()
        self.on_confirm()

    def draw_body(self, canvas: pygame.Surface) -> None:
        draw_paragraph(canvas, self.app.fonts, self.text,
                       pygame.Rect(BODY.left, BODY.top + 10, BODY.width, BODY.height - 110),
                       theme.BUTTON_SIZE)


class SaveFailedScreen(Screen):
    """Over the screen where the tap failed: "Try again" repeats it, "Back" returns to it."""

    name = "save-failed"
    shows_back = False

    def __init__(self, app, reason: str, retry: Callable[[], None] | None):
        self.reason, self.retry = reason, retry
        super().__init__(app)

    def title(self) -> str:
        return self.t("save_failed.title")

    def build(self) -> None:
        left, right = grid(pygame.Rect(BODY.left, BODY.bottom - 90, BODY.width, 90), 2, 2, 16)
        self.add(Button(left, lambda: self.t("common.back"), self.app.pop, name="close"))
        self.add(Button(right, lambda: self.t("save_failed.retry"), self.try_again,
                        name="retry", selected=True, visible=self.retry is not None))
        self.focus = 2 if self.retry is not None else 1

    def try_again(self) -> None:
        self.app.pop()
        if self.retry is not None:
            self.app.act(self.retry)  # remembered again: a second failure offers a retry too

    def on_back(self) -> None:
        self.app.pop()

    def draw_body(self, canvas: pygame.Surface) -> None:
        text = self.t("save_failed.text", reason=self.t(f"save_failed.{self.reason}"))
        draw_paragraph(canvas, self.app.fonts, text,
                       pygame.Rect(BODY.left, BODY.top + 10, BODY.width, BODY.height - 110),
                       theme.BUTTON_SIZE, theme.WARNING)
