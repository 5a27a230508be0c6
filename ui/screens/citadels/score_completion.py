"""The question a city's completion place gets before it is stored, when it disagrees with the
districts entered (the engine's ``completion_problem``): a complete city given no place is asked
in which order it was completed (or the districts are wrong); a place given to a city too small
is asked whether it was not completed (or districts are missing)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.errors import RuleError

from ... import theme
from ...widgets import Button, draw_paragraph, fit_title, grid
from ..base import BODY, Screen
from ..score_flow import open_entry



def answer_cells(count: int) -> list[pygame.Rect]:
    """Cells for ``count`` answers in rows of up to 4, above a last row across the body (the
    way back to the districts); 56 px rows at the bottom of the body."""
    columns = min(count, 4)
    rows = -(-count // columns)
    last = pygame.Rect(BODY.left, BODY.bottom - 56, BODY.width, 56)
    height = rows * 56 + (rows - 1) * 12
    area = pygame.Rect(BODY.left, last.top - 12 - height, BODY.width, height)
    return grid(area, count, columns, 12) + [last]


class CompletionScreen(Screen):
    name = "score-completion"

    def __init__(self, app, controller, index: int, problem: RuleError):
        self.controller, self.index, self.problem = controller, index, problem
        self.unplaced = problem.code == "citadels.scoring.no_place"
        super().__init__(app)

    @property
    def player(self):
        return self.controller.editing(self.index)

    def title(self) -> str:
        name = self.player.name
        return fit_title(self, self.t("score.completion_title", name=name), name)

    def answers(self) -> list[tuple[str, str, object]]:
        """(name, label, completion place) of each answer but the last (the districts)."""
        if not self.unplaced:
            return [("not-completed", self.t("score.not_completed_answer"), None)]
        return [(f"place{n}", self.t("score.place", n=n), n)
                for n in self.controller.open_places(self.index)]

    def build(self) -> None:
        answers = [(name, label, lambda p=place: self.answer(p))
                   for name, label, place in self.answers()]
        fix = "score.wrong_districts" if self.unplaced else "score.missing_districts"
        answers.append(("districts", self.t(fix), self.to_city))
        for rect, (name, label, action) in zip(answer_cells(len(answers) - 1), answers):
            self.add(Button(rect, label, action, name=name, size=theme.BODY_SIZE,
                            floor=theme.SMALL_SIZE))
        self.focus = 1  # OK takes the first answer (0 is Back)

    def answer(self, place: int | None) -> None:
        """Store the player with this completion place; on to the next one (or the results)."""
        self.controller.edit(self.index, replace(self.player, completed=place))
        self.controller.save(self.index)
        open_entry(self.app, self.controller)

    def to_city(self) -> None:
        """Back to this player's districts (the answers given so far kept)."""
        self.app.pop_to("score-city")

    def draw_body(self, canvas: pygame.Surface) -> None:
        key = "score.completion_unplaced" if self.unplaced else "score.completion_too_small"
        fields = self.problem.fields
        draw_paragraph(canvas, self.app.fonts,
                       self.t(key, name=self.player.name, count=fields["count"],
                              size=fields["size"]),
                       pygame.Rect(BODY.left, BODY.top + 12, BODY.width,
                                   self.buttons[1].rect.top - 16 - BODY.top - 12),
                       theme.BUTTON_SIZE, names=[self.player.name])
