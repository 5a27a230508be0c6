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
        log = controller.view().log  # the newest line is what the last decision did
        self.step = line_text(self.t, controller.name, log[-1]) if log else ""
