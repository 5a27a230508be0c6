"""'City completed': who reached the city size that ends the game after this round."""

from __future__ import annotations

import pygame

from companion.citadels.calling import CompleteCity

from ... import theme
from ...widgets import Button, draw_paragraph, grid
from ..base import BODY, Screen
from .controller import CitadelsController


class CityCompletedScreen(Screen):
    """The calling's "City completed": one button per seat that has not completed a city."""

    name = "city"

    def __init__(self, app, controller: CitadelsController):
        self.controller = controller
        super().__init__(app)

    def title(self) -> str:
        return self.t("city.title")

    def build(self) -> None:
        c = self.controller
        seats = [d.seat for d in c.legal() if isinstance(d, CompleteCity)]
        area = pygame.Rect(BODY.left, BODY.top + 110, BODY.width, 200)
        for rect, seat in zip(grid(area, len(seats), 4, gap=12), seats):
            self.add(Button(rect, c.name(seat), lambda s=seat: self.complete(s),
                            name=f"seat{seat}", floor=theme.FLOOR_SIZE))

    def complete(self, seat: int) -> None:
        self.controller.confirm(CompleteCity(seat))
        self.app.pop()

    def draw_body(self, canvas: pygame.Surface) -> None:
        c = self.controller
        text = self.t("city.explain", n=c.city_size)
        if c.edition == "2016":
            text += " " + self.t("city.monument")
        if c.quick:
            text += " " + self.t("city.quick", n=c.city_size)
        if c.completion_order():
            text += " " + self.t("city.already", names=", ".join(
                c.name(s) for s in c.completion_order()))
        draw_paragraph(canvas, self.app.fonts, text,
                       pygame.Rect(BODY.left, BODY.top + 8, BODY.width, 96), theme.BODY_SIZE,
                       names=c.names)
