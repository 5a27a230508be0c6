"""From input to what it does: SDL's keys, mouse and fingers become control edges timed like
a button's; each control event goes to the top screen first, then to the defaults (arrows
move the focus, OK clicks, BACK goes back, a touch taps or holds the button under it)."""

from __future__ import annotations

import logging

import pygame

from hw.controls import Control, ControlEvent, Kind
from hw.keyboard import control_for_key

from .events import CONTROL_EVENT, REFRESH_EVENT
from .fingers import Fingers
from .widgets import Button, next_focus

log = logging.getLogger("ui.app")

MOUSE_TOUCH_ID = -1  # SDL_MOUSE_TOUCHID: a finger event SDL made from a mouse (not a finger)

DIRECTIONS = {
    Control.UP: (0, -1),
    Control.DOWN: (0, 1),
    Control.LEFT: (-1, 0),
    Control.RIGHT: (1, 0),
}


class InputRouter:
    """Routes ``app``'s input events; sets ``app.dirty``, ``show_focus`` and
    ``current_control`` as it goes."""

    def __init__(self, app):
        self.app = app
        self.last_input = 0.0  # when the last touch, key or button came (0: none yet)
        self.pointer_target: Button | None = None
        self._pointer_up: tuple[float, float] | None = None
        self._fingers = Fingers()
        self._unused_holds: set[tuple[Control, str]] = set()  # held, but no hold was used
        self.last_action = None  # (screen, callback) of the last button pressed: a retry

    def handle(self, event: pygame.event.Event) -> None:
        """Turn one pygame event into what it means for the app."""
        app, kind = self.app, event.type
        if kind in (CONTROL_EVENT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and app.toast.clear():
            app.dirty = True  # a line said until the next input
        if kind == CONTROL_EVENT:
            self.last_input = app.clock()
            self.on_control(event.control_event)
        elif kind in (pygame.KEYDOWN, pygame.KEYUP):
            self.last_input = app.clock()
            control = control_for_key(pygame.key.name(event.key))
            if control is not None:
                app.hw.input.raw(control, kind == pygame.KEYDOWN, "keyboard",
                                 age=self._event_age())
        elif kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            if not getattr(event, "touch", False):  # one SDL made from a finger: taken there
                self._pointer(kind == pygame.MOUSEBUTTONDOWN,
                              app.display.viewport.to_logical(event.pos))
        elif kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            self._on_finger(event)
        elif kind == pygame.QUIT:
            app.running = False
        elif kind in (REFRESH_EVENT, pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED,
                      pygame.VIDEOEXPOSE):
            app.dirty = True

    def _event_age(self) -> float:
        """How long ago the SDL event being handled happened: SDL 2 stamps an event when it is
        pumped (pygame-ce does not pass the stamp on), and the loop notes when it pumped, so
        a slow handler before it in the same batch does not lengthen a press."""
        return self.app.clock() - self.app.timers.batch_at

    def _pointer(self, down: bool, pos: tuple[float, float] | None) -> None:
        """The touchscreen (or the mouse) went down or up at canvas point ``pos`` (None: in the
        letterbox): the button under it is remembered, and the edge is timed like a button's."""
        app = self.app
        self.last_input = app.clock()
        if down:
            self.pointer_target = app.top.button_at(pos) if pos else None
            if self.pointer_target is not None:
                self.pointer_target.pressed = True
                app.dirty = True
            else:
                log.debug("tap at %s is on no widget", pos)
        else:
            self._pointer_up = pos
        app.hw.input.raw(Control.POINTER, down, "touch", age=self._event_age())

    def _on_finger(self, event: pygame.event.Event) -> None:
        """A finger on the touchscreen. Under KMSDRM SDL 2 makes no mouse events of touches
        (libsdl-org/SDL#6650), so the first finger down is the pointer: tap, hold and lift
        elsewhere as with the mouse. A finger that comes down while another is down taps the
        button under it when lifted (``ui/fingers.py``)."""
        if event.touch_id == MOUSE_TOUCH_ID:
            return  # SDL made it from the mouse, whose own events are taken
        display = self.app.display
        w, h = display.surface.get_size()
        pos = display.viewport.to_logical((event.x * w, event.y * h))
        finger = (event.touch_id, event.finger_id)  # finger ids are a touch device's own
        if event.type == pygame.FINGERDOWN:
            if self._fingers.down(finger, pos):
                self._pointer(True, pos)
        elif self._fingers.is_pointer(finger):
            self._fingers.up(finger)
            self._pointer(False, pos)
        elif (start := self._fingers.up(finger)) is not None:
            self.last_input = self.app.clock()
            button = self.app.top.button_at(start)
            if button is not None:
                self.app.dirty = True
                self._tap(button, pos)

    def on_control(self, event: ControlEvent) -> None:
        """What a control does: the screen's own handling first, then focus, OK and BACK. A
        press held past the hold time that nothing used as a hold (a button with no hold
        action, BACK) is a tap when it is let go: a tap held a little long is still a tap."""
        self.app.dirty = True
        self.app.current_control = event.control
        key = (event.control, event.source)
        if event.kind is Kind.RELEASE and key in self._unused_holds:
            event = event._replace(after_hold=False)
        self._unused_holds.discard(key)
        if not self._control(event) and event.kind is Kind.HOLD:
            self._unused_holds.add(key)

    def _control(self, event: ControlEvent) -> bool:
        """Carry out one control event; whether something used it."""
        app = self.app
        screen = app.top
        if app.privacy.hold_ended(event):
            return True
        if event.control is Control.POINTER:
            app.show_focus = False
        elif event.kind is Kind.PRESS:
            app.show_focus = True
        if screen.on_control(event):
            return True
        control, kind = event.control, event.kind
        if control is Control.POINTER:
            return self._on_pointer(event)
        if control in DIRECTIONS and kind is Kind.PRESS:
            screen.focus = next_focus(screen.buttons, screen.focus, DIRECTIONS[control])
        elif control is Control.OK and screen.focus is not None:
            focused = screen.buttons[screen.focus]
            if kind is Kind.PRESS:
                focused.pressed = True
            elif kind is Kind.HOLD:
                if not focused.on_hold:
                    return False
                focused.pressed = False
                self.act(focused.on_hold)
                return True
            elif kind is Kind.RELEASE:
                focused.pressed = False
                if not event.after_hold and focused.on_click and focused.enabled:
                    self.act(focused.on_click)
        elif control is Control.BACK and kind is Kind.RELEASE and not event.after_hold:
            screen.on_back()
        return kind is not Kind.HOLD

    def _on_pointer(self, event: ControlEvent) -> bool:
        """The touch's button: tapped when let go on it, or its hold action; whether used."""
        target = self.pointer_target
        if target is None or target not in self.app.top.buttons:
            return False
        if event.kind is Kind.HOLD:
            if not target.on_hold:
                return False
            target.pressed = False
            self.pointer_target = None
            self.act(target.on_hold)
        elif event.kind is Kind.RELEASE:
            target.pressed = False
            self.pointer_target = None
            if not event.after_hold:
                self._tap(target, self._pointer_up)
        return True

    def _tap(self, target: Button, up: tuple[float, float] | None) -> None:
        """A touch that came down on ``target`` and was lifted at ``up``: its action, if it
        was lifted on the button."""
        if up and target.rect.collidepoint(up) and target.on_click:
            self.act(target.on_click)

    def act(self, action) -> None:
        """Carry out a button's action, remembered so a failed save can be tried again."""
        self.last_action = (self.app.top, action)
        action()
