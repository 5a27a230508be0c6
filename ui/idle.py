"""Work done while nobody waits: small tasks run one per turn of the loop before it sleeps
(``App.when_idle``), and rehearsals of what a screen may show next."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable

import pygame

log = logging.getLogger("ui.app")


class IdleWork:
    """The queue of idle tasks; true while one waits."""

    def __init__(self):
        self.tasks: deque[Callable[[], None]] = deque()
        self.scratch: pygame.Surface | None = None  # where screens to come are rehearsed

    def __bool__(self) -> bool:
        return bool(self.tasks)

    def add(self, task: Callable[[], None]) -> None:
        self.tasks.append(task)

    def add_first(self, tasks: list[Callable[[], None]]) -> None:
        """``tasks``, in order, before every task waiting (what the next task needs first)."""
        self.tasks.extendleft(reversed(tasks))

    def run_one(self) -> None:
        """The oldest task; an error in it is logged and the task dropped."""
        task = self.tasks.popleft()
        try:
            task()
        except Exception as exc:
            log.error("idle task %s failed: %s", getattr(task, "__qualname__", task),
                      type(exc).__name__)

    def finish(self) -> None:
        while self.tasks:
            self.run_one()

    def rehearse(self, app, screen, draw: Callable[[pygame.Surface], None]) -> None:
        """Draw what ``screen`` may show next on a canvas that is never shown (not once the
        screen has gone: it would not come next any more)."""
        if screen is not app.top:
            return
        if self.scratch is None:
            self.scratch = pygame.Surface(app.display.canvas.get_size())
        dirty = app.dirty  # a screen being made asks for a frame: not this one's
        try:
            draw(self.scratch)
        finally:
            app.dirty = dirty
