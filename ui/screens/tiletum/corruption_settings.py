"""Settings → Tiletum corruption tokens: how many of the six show 0, 1 and 2. The rulebook does
not say, so the data file's default (flagged) can be matched to the tokens in the box here;
new games take it (a game under way keeps the tokens it started with)."""

from __future__ import annotations

import pygame

from companion.tiletum.wheel import (CORRUPTION_TOKENS, CORRUPTION_VALUES, corruption_tokens,
                                     valid_corruption)

from ... import theme
from ...widgets import Button, draw_paragraph, draw_text, grid
from ..base import BODY, Screen
from .controller import CORRUPTION_SETTING, corruption_setting

VALUES, TOKENS = CORRUPTION_VALUES, CORRUPTION_TOKENS


def tokens_text(tokens) -> str:
    return " ".join(str(t) for t in sorted(tokens))


class CorruptionSetting:
    """Settings' row for the tokens new games use (the registry's ``settings``)."""

    name, label_key = "corruption", "settings.corruption"

    def __init__(self, app):
        self.app, self.tokens = app, ""

    def read(self) -> None:
        self.tokens = tokens_text(corruption_setting(self.app.store))

    def value(self) -> str:
        return self.app.t("settings.corruption_value", tokens=self.tokens)

    def open(self) -> None:
        self.app.push(CorruptionSettingsScreen(self.app))


class CorruptionSettingsScreen(Screen):
    name = "tiletum-corruption-settings"

    def __init__(self, app):
        tokens = corruption_setting(app.store)
        self.counts = {v: sum(1 for t in tokens if t == v) for v in VALUES}
        super().__init__(app)

    def title(self) -> str:
        return self.t("settings.corruption_title")

    def row(self, i: int) -> pygame.Rect:
        return pygame.Rect(BODY.left + 260, BODY.top + 76 + i * 70, 300, 58)

    def build(self) -> None:
        for i, value in enumerate(VALUES):
            self.add_stepper(self.row(i), f"count{value}", lambda v=value: self.counts[v],
                             lambda d, v=value: self.step(v, d), gap=8)
        bottom = pygame.Rect(BODY.left, BODY.bottom - 60, BODY.width, 60)
        for rect, (name, key, action, primary) in zip(grid(bottom, 2, 2, 12), (
                ("default", "settings.corruption_default", self.default, False),
                ("save", "settings.corruption_save", self.save, True))):
            self.add(Button(rect, lambda k=key: self.t(k), action, name=name, selected=primary,
                            size=theme.BODY_SIZE))

    def step(self, value: int, delta: int) -> None:
        self.counts[value] = max(0, min(TOKENS, self.counts[value] + delta))

    def tokens(self) -> list[int]:
        return [v for v in VALUES for _ in range(self.counts[v])]

    def default(self) -> None:
        tokens = corruption_tokens()
        self.counts = {v: sum(1 for t in tokens if t == v) for v in VALUES}

    def save(self) -> None:
        if not valid_corruption(self.tokens()):
            return
        self.app.store.set_setting(CORRUPTION_SETTING, self.tokens())
        self.app.pop()

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        draw_paragraph(canvas, fonts, self.t("settings.corruption_why"),
                       pygame.Rect(BODY.left, BODY.top, BODY.width, 70), theme.SMALL_SIZE,
                       theme.TEXT_DIM)
        for i, value in enumerate(VALUES):
            draw_text(canvas, fonts, self.t("settings.corruption_showing", n=value),
                      (BODY.left, self.row(i).centery), theme.BODY_SIZE, anchor="midleft")
        ok = valid_corruption(self.tokens())
        text = self.t("settings.corruption_ok", tokens=tokens_text(self.tokens())) if ok else \
            self.t("settings.corruption_total", n=len(self.tokens()))
        draw_text(canvas, fonts, text, (BODY.left, BODY.top + 296), theme.BODY_SIZE,
                  theme.ACCENT if ok else theme.WARNING)
