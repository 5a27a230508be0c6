"""The app's own pygame events, and posting one from any thread so that it wakes the loop."""

from __future__ import annotations

import logging

import pygame

from hw.controls import ControlEvent

from .wakeup import Waker

log = logging.getLogger("ui.app")

CONTROL_EVENT = pygame.event.custom_type()  # a ControlEvent from hw.inputs (any thread)
REFRESH_EVENT = pygame.event.custom_type()  # something drawn changed: draw a frame


class Poster:
    """Posts events into the pygame queue and wakes the loop sleeping on ``waker``."""

    def __init__(self, waker: Waker):
        self.waker = waker

    def post(self, event_type: int, **attrs) -> None:
        """Post from any thread and wake the loop (before the display is up, e.g. a seat hub
        connecting during start-up, there is no queue yet: the first frame is drawn anyway)."""
        try:
            pygame.event.post(pygame.event.Event(event_type, **attrs))
        except pygame.error:
            log.debug("event before the display was ready: dropped")
        self.waker.set()

    def post_control(self, event: ControlEvent) -> None:
        """The sink of ``hw.inputs.ControlInput``."""
        self.post(CONTROL_EVENT, control_event=event)

    def refresh(self) -> None:
        self.post(REFRESH_EVENT)
