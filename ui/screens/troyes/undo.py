"""Undo asks first (as in Citadels and Tiletum): the step that would be taken back, in the words
of the game's log, then Keep it or Undo."""

from __future__ import annotations

from ..undo_question import UndoQuestion
from .controller import TroyesController
from .log_text import line_text


class TroyesUndoScreen(UndoQuestion):
    name = "troyes-undo"

    def __init__(self, app, controller: TroyesController):
        super().__init__(app, controller)
        # the newest line of a step is what an undo takes back (a look never is)
        steps = [line for line in controller.view().log if line.code != "look"]
        self.step = line_text(self.t, controller.name, steps[-1]) if steps else ""
