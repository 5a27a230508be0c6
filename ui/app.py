"""The main loop: one thread, event-driven, redrawing only when something changed.

Input arrives three ways and ends up the same: keys and touches come from SDL; GPIO and seat hub
edges come from backend threads through :class:`hw.inputs.ControlInput`, whose sink posts a
CONTROL event into the pygame queue. Between events the loop sleeps in the kernel
(``ui/wakeup.py``) until one of them is there or a timer the app asked for is due: no polling,
so an idle screen costs nothing (see docs/benchmarks.md).
"""

from __future__ import annotations

import gc
import logging
import os
import threading
import traceback
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from functools import partial

import pygame

import companion
from storage.lock import DataLock
from storage.opening import open_store
from storage.store import SaveFailed
from hw.backend import open_hardware
from hw.clock import REAL, Clock, is_virtual
from hw.controls import Control, ControlEvent, Kind
from hw.keyboard import control_for_key
from hw.outputs import LedMode

from . import registry, theme
from .config import LANGUAGES, ROTATIONS, Config
from .display import Display, use_headless_driver
from .fingers import Fingers
from .fonts import find_fonts
from .i18n import Catalog
from .screens.base import Screen
from .sdnotify import Notifier
from .speech import VOICES, Speaker
from .wakeup import Waker, open_sleeper
from .widgets import Button, draw_text, next_focus

log = logging.getLogger(__name__)

CONTROL_EVENT = pygame.event.custom_type()
REFRESH_EVENT = pygame.event.custom_type()

HUB_REDRAW_EVERY = 0.25  # s: the hub's counts are redrawn at most 4 times a second
CACHE = "cache"  # in the data folder: what is kept to start faster (rebuilt when absent)
STRIP_HEIGHT = 24  # px below the picture for the debug strip (LEDs and buzzer on a laptop)
MOUSE_TOUCH_ID = -1  # SDL_MOUSE_TOUCHID: a finger event SDL made from a mouse (not a finger)

MISSING = object()  # a setting never chosen on the device

DIRECTIONS = {
    Control.UP: (0, -1),
    Control.DOWN: (0, 1),
    Control.LEFT: (-1, 0),
    Control.RIGHT: (1, 0),
}


class App:
    """The running companion: display, fonts, store, hardware and the screen stack."""

    def __init__(self, config: Config, headless: bool = False, env: Mapping[str, str] = os.environ,
                 hardware_after_first_frame: bool = False, clock: Clock = REAL):
        """``hardware_after_first_frame``: :meth:`run` opens GPIO and the seat hub once the
        first frame is shown (the kiosk's start; tests and scripts have every backend from the
        start). ``clock``: the one clock of the app and its inputs; a ``VirtualClock``
        (scripts, tests) moves only in :meth:`run_for`."""
        self.config = config
        self.clock = clock
        self.headless = headless
        self.notices: list[tuple[str, dict]] = [("notice.config", {"error": e}) for e in config.errors]
        for error in config.errors:
            log.error("config: %s", error)
        self._wake = Waker()  # set by backend threads after posting an event
        self.lock = DataLock(config.data_dir)
        self.lock.acquire()  # AlreadyRunning: another app has this data directory
        opened = open_store(config.database)
        self.store = opened.store
        self.notices += opened.notices
        self.rotation = self._setting("rotation", config.rotation, ROTATIONS)
        if headless:
            use_headless_driver()
        pygame.font.init()
        self.fonts = find_fonts()
        language = self._setting("language", config.language, LANGUAGES)
        if not self.fonts.has_hangul:
            self.notices.append(("notice.no_hangul", {}))
            language = "en"
        self.catalog = Catalog.load(language or "en", registry.catalogue_folders(),
                                    config.data_dir / CACHE)
        self.language_chosen = language is not None
        self._hub_seen = False  # the seat hub was connected at some point since start
        self._hub_connected = False  # as last drawn in the "not connected" notice
        self._hub_stale = False  # counts changed since the hub screens were last drawn
        self._hub_drawn = 0.0  # when a hub change was last drawn
        self.stack: list[Screen] = []  # (before the hardware: a hub may report while opening)
        self.hw = open_hardware(config.backend, config.pins, self._post_control,
                                debounce=config.debounce, hold_time=config.hold_time, env=env,
                                threaded=False, clock=clock, hub=config.hub,
                                hub_usb_id=config.hub_usb_id, on_hub_change=self._on_hub_change,
                                later=hardware_after_first_frame)
        self.notices += self.hw.notices
        self.hw.outputs.sound = self._setting("sound", config.sound, (True, False))
        self._drawing = False  # lights set while drawing are in that frame: no redraw for them
        self.hw.outputs.on_change = lambda _state: None if self._drawing else self.post(
            REFRESH_EVENT)
        self.debug_strip = (config.debug_strip if config.debug_strip is not None
                            else not self.hw.has_physical_outputs and not headless)
        self.display = Display(self.rotation, config.fullscreen, headless,
                               strip=STRIP_HEIGHT if self.debug_strip else 0)
        self.rotation = self.display.rotation  # "auto" chosen from the screen's shape
        if self.display.portrait_band:
            w, h = self.display.native
            log.warning("the screen is portrait (%dx%d) and rotation is %d: the picture is a "
                        "band across it; rotation 90 or 270 fills it", w, h, self.rotation)
            self.notices.append(("notice.portrait", {"width": w, "height": h}))
        self._sleeper = None  # opened at the first sleep, after the first frame (see sleeper)
        self._restore_signal_fd: Callable[[], object] | None = None  # while ours is installed
        self.notifier = Notifier(env)
        self.seeds: Iterator[int] | None = None  # --seed: fixed seeds for scripted runs
        # Spoken calls: espeak-ng on the device; headless runs stay silent unless a test names
        # a program in COMPANION_SPEAK.
        self.speaker = Speaker(lambda: bool(self.hw.outputs.sound),
                               env.get("COMPANION_SPEAK") or (None if headless else "espeak-ng"))
        self.running = True
        self.dirty = True
        self.show_focus = True
        self.frames = 0
        self._last_input = 0.0
        self._private_since = 0.0  # when the private screen on top was entered
        self.private_gate = None  # makes the gate the private screen on top came from
        self.private_hold: Control | None = None  # the control whose hold revealed it
        self.current_control: Control | None = None  # the control whose event is handled now
        self._fingers = Fingers()
        self._batch_at = 0.0  # when the events being handled were taken from SDL
        self._last_ping = 0.0
        self._ready = False  # watchdog pings start after READY=1
        self._pointer_target: Button | None = None
        self._pointer_up: tuple[float, float] | None = None
        self._unused_holds: set[tuple[Control, str]] = set()  # held, but no hold was used
        self._last_action = None  # (screen, callback) of the last button pressed: a retry
        self.toast: tuple[str, dict] | None = None  # a line shown until the next input
        self._idle_work: deque[Callable[[], None]] = deque()  # see when_idle
        self._scratch: pygame.Surface | None = None  # where screens to come are rehearsed
        from .screens.home import HomeScreen
        from .screens.kept import resume_latest
        from .screens.language import LanguageScreen

        self.push(HomeScreen(self))
        try:
            resume_latest(self)
        except Exception as exc:  # whatever a stored game does, the kiosk starts
            self._recover(exc)
            self.pop_to("home")
        if not self.language_chosen:
            self.push(LanguageScreen(self))

    def _setting(self, key: str, default, allowed):
        """A setting chosen on the device, or ``default`` when what is stored is not one of
        ``allowed`` (a damaged or foreign value never stops the app)."""
        value = self.store.get_setting(key, MISSING)
        if value is MISSING:
            return default
        if value in allowed and type(value) is type(next(iter(allowed))):
            return value
        log.error("stored setting %s is not valid: default used", key)
        self.notices.append(("notice.setting", {"setting": key}))
        return default

    # --- text and settings --------------------------------------------------------------------
    def t(self, key: str, **fields) -> str:
        """A message in the current language."""
        return self.catalog.t(key, **fields)

    @property
    def language(self) -> str:
        return self.catalog.language

    def set_language(self, language: str) -> None:
        """Switch language now and remember it."""
        if language == "ko" and not self.fonts.has_hangul:
            language = "en"
        self.catalog = Catalog.load(language, registry.catalogue_folders(),
                                    self.config.data_dir / CACHE)
        self.language_chosen = True
        self.store.set_setting("language", language)
        self.dirty = True

    def set_rotation(self, rotation: int) -> None:
        """Turn the picture and remember it."""
        self.rotation = rotation
        self.display.set_rotation(rotation)
        self.store.set_setting("rotation", rotation)
        if not self.display.portrait_band:
            self.notices = [n for n in self.notices if n[0] != "notice.portrait"]
        self.dirty = True

    def set_sound(self, on: bool) -> None:
        self.hw.outputs.sound = on
        self.store.set_setting("sound", on)
        self.dirty = True

    def new_seed(self) -> int:
        """The seed of a new game: fresh entropy, or the next fixed seed of a scripted run."""
        from companion.rng import new_seed  # here: the first frame starts no game

        return next(self.seeds) if self.seeds is not None else new_seed()

    def log_private_screen(self, seat: int) -> None:
        """Log that seat's private screen opened (the seat only: never what it shows)."""
        log.info("private screen opened for seat %d", seat)

    def notice_texts(self) -> list[str]:
        """Every problem worth telling the user, in the current language."""
        return [self.notice_text(key, dict(fields)) for key, fields in self.notices]

    def notice_text(self, key: str, fields: dict) -> str:
        """One notice; a rule error in it (``error_code`` and its fields) and a ``reason`` (a
        catalogue key) said in the current language too."""
        code = fields.pop("error_code", None)
        if code is not None:
            fields = {"error": self.t(f"error.{code}", **fields)}
        if "reason" in fields:
            fields["reason"] = self.t(fields["reason"])
        return self.t(key, **fields)

    # --- screen stack -------------------------------------------------------------------------
    @property
    def top(self) -> Screen:
        return self.stack[-1]

    def push(self, screen: Screen) -> None:
        if self.stack:
            self.top.on_leave()
        self.stack.append(screen)
        self._enter(screen)

    def pop(self) -> None:
        """Leave the top screen (the home screen is never popped)."""
        if len(self.stack) > 1:
            self.stack.pop().on_leave()
            self._enter(self.top)

    def pop_to(self, name: str) -> None:
        """Pop screens until the one called ``name`` is on top (or only home is left)."""
        while len(self.stack) > 1 and self.top.name != name:
            self.stack.pop().on_leave()
        self._enter(self.top)

    def replace(self, screen: Screen) -> None:
        self.stack.pop().on_leave()
        self.stack.append(screen)
        self._enter(screen)

    def _enter(self, screen: Screen) -> None:
        if screen.focus is None:
            screen.focus = next((i for i, b in enumerate(screen.buttons)
                                 if b.focusable and b.name != "back"), None)
        self._pointer_target = None
        if screen.private:
            self._private_since = self.clock()
        else:
            self.private_hold = None
        screen.on_enter()
        for draw in screen.rehearsals():
            self.when_idle(partial(self._rehearse, screen, draw))
        self.dirty = True
        log.info("screen %s", screen.name)

    # --- work done while nobody waits ---------------------------------------------------------
    def when_idle(self, task: Callable[[], None]) -> None:
        """Run ``task`` when no input is waiting: one task per turn of the loop, before it
        sleeps, so what a screen will need (text, die faces...) is ready before it is shown.
        A task should take a millisecond at most; an error in one is logged and dropped."""
        self._idle_work.append(task)

    def _run_idle_task(self) -> None:
        task = self._idle_work.popleft()
        try:
            task()
        except Exception as exc:
            log.error("idle task %s failed: %s", getattr(task, "__qualname__", task),
                      type(exc).__name__)

    def _rehearse(self, screen: Screen, draw: Callable[[pygame.Surface], None]) -> None:
        """Draw what ``screen`` may show next on a canvas that is never shown (not once the
        screen has gone: it would not come next any more)."""
        if screen is not self.top:
            return
        if self._scratch is None:
            self._scratch = pygame.Surface(self.display.canvas.get_size())
        dirty = self.dirty  # a screen being made asks for a frame: not this one's
        try:
            draw(self._scratch)
        finally:
            self.dirty = dirty

    def finish_idle_work(self) -> None:
        """Run every queued idle task now (benchmarks and tests)."""
        while self._idle_work:
            self._run_idle_task()

    # --- events -------------------------------------------------------------------------------
    def post(self, event_type: int, **attrs) -> None:
        """Post an event from any thread and wake the loop (before the display is up, e.g. a
        seat hub connecting during start-up, there is no queue yet: the first frame is drawn
        anyway)."""
        try:
            pygame.event.post(pygame.event.Event(event_type, **attrs))
        except pygame.error:
            log.debug("event before the display was ready: dropped")
        self._wake.set()

    def _post_control(self, event: ControlEvent) -> None:
        self.post(CONTROL_EVENT, control_event=event)

    def handle(self, event: pygame.event.Event) -> None:
        """Turn one pygame event into what it means for the app."""
        kind = event.type
        if kind in (CONTROL_EVENT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.toast:
            self.toast = None  # a line said until the next input
            self.dirty = True
        if kind == CONTROL_EVENT:
            self._last_input = self.clock()
            self.on_control(event.control_event)
        elif kind in (pygame.KEYDOWN, pygame.KEYUP):
            self._last_input = self.clock()
            control = control_for_key(pygame.key.name(event.key))
            if control is not None:
                self.hw.input.raw(control, kind == pygame.KEYDOWN, "keyboard",
                                  age=self._event_age())
        elif kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            if not getattr(event, "touch", False):  # one SDL made from a finger: taken there
                self._pointer(kind == pygame.MOUSEBUTTONDOWN,
                              self.display.viewport.to_logical(event.pos))
        elif kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            self._on_finger(event)
        elif kind == pygame.QUIT:
            self.running = False
        elif kind in (REFRESH_EVENT, pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED,
                      pygame.VIDEOEXPOSE):
            self.dirty = True

    def _event_age(self) -> float:
        """How long ago the SDL event being handled happened: SDL 2 stamps an event when it is
        pumped (pygame-ce does not pass the stamp on), and the loop notes when it pumped, so
        a slow handler before it in the same batch does not lengthen a press."""
        return self.clock() - self._batch_at

    def _pointer(self, down: bool, pos: tuple[float, float] | None) -> None:
        """The touchscreen (or the mouse) went down or up at canvas point ``pos`` (None: in the
        letterbox): the button under it is remembered, and the edge is timed like a button's."""
        self._last_input = self.clock()
        if down:
            self._pointer_target = self.top.button_at(pos) if pos else None
            if self._pointer_target is not None:
                self._pointer_target.pressed = True
                self.dirty = True
            else:
                log.debug("tap at %s is on no widget", pos)
        else:
            self._pointer_up = pos
        self.hw.input.raw(Control.POINTER, down, "touch", age=self._event_age())

    def _on_finger(self, event: pygame.event.Event) -> None:
        """A finger on the touchscreen. Under KMSDRM SDL 2 makes no mouse events of touches
        (libsdl-org/SDL#6650), so the first finger down is the pointer: tap, hold and lift
        elsewhere as with the mouse. A finger that comes down while another is down taps the
        button under it when lifted (``ui/fingers.py``)."""
        if event.touch_id == MOUSE_TOUCH_ID:
            return  # SDL made it from the mouse, whose own events are taken
        w, h = self.display.surface.get_size()
        pos = self.display.viewport.to_logical((event.x * w, event.y * h))
        finger = (event.touch_id, event.finger_id)  # finger ids are a touch device's own
        if event.type == pygame.FINGERDOWN:
            if self._fingers.down(finger, pos):
                self._pointer(True, pos)
        elif self._fingers.is_pointer(finger):
            self._fingers.up(finger)
            self._pointer(False, pos)
        elif (start := self._fingers.up(finger)) is not None:
            self._last_input = self.clock()
            button = self.top.button_at(start)
            if button is not None:
                self.dirty = True
                self._tap(button, pos)

    def has_seat_button(self, seat: int) -> bool:
        """Whether ``seat`` has a button of its own on this table (a GPIO seat pin, or a
        connected seat hub with that many seats): then only that button opens its private
        screens. Keyboard digits stand in for seat buttons on a laptop but do not count."""
        gpio, hub = self.hw.gpio, self.hw.hub
        if gpio is not None and Control.for_seat(seat) in gpio.buttons:
            return True
        if "gpio" in self.hw.pending and f"seat{seat}" in self.config.pins:
            return True  # GPIO opens just after the first frame: its seat pins will be there
        return hub is not None and hub.status.connected and seat <= hub.status.seats

    def on_control(self, event: ControlEvent) -> None:
        """What a control does: the screen's own handling first, then focus, OK and BACK. A
        press held past the hold time that nothing used as a hold (a button with no hold
        action, BACK) is a tap when it is let go: a tap held a little long is still a tap."""
        self.dirty = True
        self.current_control = event.control
        key = (event.control, event.source)
        if event.kind is Kind.RELEASE and key in self._unused_holds:
            event = replace(event, after_hold=False)
        self._unused_holds.discard(key)
        if not self._control(event) and event.kind is Kind.HOLD:
            self._unused_holds.add(key)

    def _control(self, event: ControlEvent) -> bool:
        """Carry out one control event; whether something used it."""
        screen = self.top
        if self._hold_ended(event):
            from .screens.gate import LET_GO, hide_private

            log.info("private screen hidden: the hold that revealed it was let go")
            hide_private(self, LET_GO)
            return True
        if event.control is Control.POINTER:
            self.show_focus = False
        elif event.kind is Kind.PRESS:
            self.show_focus = True
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
        target = self._pointer_target
        if target is None or target not in self.top.buttons:
            return False
        if event.kind is Kind.HOLD:
            if not target.on_hold:
                return False
            target.pressed = False
            self._pointer_target = None
            self.act(target.on_hold)
        elif event.kind is Kind.RELEASE:
            target.pressed = False
            self._pointer_target = None
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
        self._last_action = (self.top, action)
        action()

    # --- the loop -----------------------------------------------------------------------------
    def run(self) -> int:
        """Run until quit (window closed, SIGTERM or SIGINT). Returns the exit code."""
        self.render()
        log.info("first frame on screen: %s", self.display.describe())
        self._collect_from_now_on()
        self._open_pending_hardware()
        self._install_signal_handlers()  # and the sleeper: after the first frame
        self.notifier.send("READY=1")
        self._ready = True
        log.info("ready: first frame shown")
        try:
            while self.running:
                self.step()
        finally:
            self.close()
        return 0

    @staticmethod
    def _collect_from_now_on() -> None:
        """Garbage collection, if the start-up turned it off (``ui/cli.py``): what exists now
        is frozen (it lives as long as the app: later collections need not look at it)."""
        if not gc.isenabled():
            gc.freeze()
            gc.enable()

    def _open_pending_hardware(self) -> None:
        """GPIO and the seat hub, when they waited for the first frame (then drawn again: the
        seats' buttons and the hardware notices may show)."""
        if not self.hw.pending:
            return
        self.notices += self.hw.open_pending()
        self.render()

    def step(self, max_wait: float | None = None) -> None:
        """Wait for events (at most ``max_wait`` s; None: until one comes or a timer of the
        app is due), handle them, redraw if needed."""
        for event in self._wait(self._timeout(max_wait)):
            try:
                self.handle(event)
            except SaveFailed as exc:  # nothing was stored or applied: say so, offer a retry
                self.save_failed(exc)
            except Exception as exc:  # a bug must not end the game: log it, step back, go on
                self._recover(exc)
        self.hw.input.pump()  # holds due now: after every edge that came before them
        self._hide_quiet_private()
        self._draw_stale_hub()
        if self.dirty:
            self.render()
        self._ping_watchdog()
        if self._idle_work and not pygame.event.peek():
            self._run_idle_task()

    def _hold_ended(self, event: ControlEvent) -> bool:
        """With ``private_while_held``: the hold that revealed the private screen on top was
        let go (it then goes back to its gate)."""
        return (self.config.private_while_held and event.kind is Kind.RELEASE
                and event.control is self.private_hold and self.top.private)

    def _private_deadline(self) -> float | None:
        """When the private screen on top hides if nothing happens (None: no such screen, the
        config says never, or it is shown only while a hold lasts)."""
        quiet = self.config.private_timeout
        if not quiet or not self.stack or not self.top.private:
            return None
        if self.config.private_while_held and self.private_hold is not None:
            return None
        return max(self._last_input, self._private_since) + quiet

    def _hide_quiet_private(self) -> None:
        """A private screen left untouched for ``private_timeout`` goes back to its gate."""
        deadline = self._private_deadline()
        if deadline is not None and self.clock() >= deadline:
            from .screens.gate import QUIET, hide_private

            log.info("private screen hidden after %.0f s without input",
                     self.config.private_timeout)
            hide_private(self, QUIET)

    def save_failed(self, exc: SaveFailed) -> None:
        """A decision could not be stored: "Could not save — <reason>", and Try again repeats
        the tap that failed on the screen where it failed."""
        from .screens.ask import SaveFailedScreen

        log.error("not saved (%s) on screen %s", exc.reason, self.top.name)
        screen, action = self._last_action or (None, None)
        retry = action if screen is self.top else None
        self.push(SaveFailedScreen(self, exc.reason, retry))

    def _recover(self, exc: Exception) -> None:
        """After an unexpected error: log where it happened (not its message, which could name
        a hidden card) and leave any private screen, so nothing private stays on display."""
        where = "".join(traceback.format_tb(exc.__traceback__)[-3:])
        log.error("unexpected %s while on screen %s; recovered:\n%s", type(exc).__name__,
                  self.top.name, where)
        self.leave_private()

    def leave_private(self, then: Screen | None = None) -> None:
        """Pop every private screen on top (the home screen is never popped); then push
        ``then``, or show the screen below again."""
        while len(self.stack) > 1 and self.top.private:
            self.stack.pop().on_leave()
        if then is not None:
            self.stack.append(then)
        self._enter(self.top)

    def settle(self, limit: int = 1000) -> None:
        """Handle every pending event, including the ones handling them posts, and the holds
        due by now (scripts, tests)."""
        self.hw.input.pump()
        for _ in range(limit):
            if not pygame.event.peek():
                break
            self.step(0)
        if self.dirty:
            self.render()

    def run_for(self, seconds: float) -> None:
        """Run the loop for ``seconds`` (scripts: WAIT, holds). On a virtual clock the time
        passes at once: the clock jumps from one timer of the app to the next (a hold coming
        due, a private screen hiding), each handled as it would be then."""
        end = self.clock() + seconds
        if is_virtual(self.clock):
            self.settle()
            while (due := self._next_due()) is not None and due <= end:
                self.clock.advance_to(due)
                self.step(0)
                self.settle()
            self.clock.advance_to(end)
            self.step(0)
        else:
            while (left := end - self.clock()) > 0:
                self.step(left)
        self.settle()

    def _next_due(self) -> float | None:
        """When the first timer the app asked for is due (clock time), or None."""
        due = []
        ping = self.notifier.ping_every()
        if ping is not None:
            due.append(self._last_ping + ping)
        deadline = self._private_deadline()
        if deadline is not None:  # wake in time to hide it
            due.append(deadline)
        if self._hub_stale:  # a hub change still to draw
            due.append(self._hub_drawn + HUB_REDRAW_EVERY)
        control = self.hw.input.deadline()
        if control is not None:  # a hold, the end of a button's lock-out
            due.append(control)
        return min(due) if due else None

    def _timeout(self, max_wait: float | None) -> float | None:
        """How long the loop may sleep: until the first timer the app asked for (None: no
        timer, sleep until something happens)."""
        if self._idle_work:
            return 0.0
        due = [max_wait] if max_wait is not None else []
        timer = self._next_due()
        if timer is not None:
            due.append(timer - self.clock())
        return max(0.0, min(due)) if due else None

    @property
    def sleeper(self):
        """How the loop sleeps (``ui/wakeup.py``): opened when first needed, so start-up to
        the first frame does not wait for it, and after SDL has opened its input devices."""
        if self._sleeper is None:
            self._sleeper = open_sleeper(self.display.driver, self._wake)
        return self._sleeper

    @sleeper.setter
    def sleeper(self, sleeper) -> None:
        self._sleeper = sleeper

    def _wait(self, timeout: float | None) -> list[pygame.event.Event]:
        """The events there are; if none, sleep (``ui/wakeup.py``) and take what came."""
        self._wake.clear()
        events = pygame.event.get()
        self._batch_at = self.clock()  # SDL 2 stamps them now (see _event_age)
        if events or timeout == 0:
            return events
        self.sleeper.sleep(timeout)
        events = pygame.event.get()
        self._batch_at = self.clock()
        return events

    def _ping_watchdog(self) -> None:
        ping = self.notifier.ping_every()
        now = self.clock()
        if self._ready and ping is not None and now - self._last_ping >= ping:
            self.notifier.send("WATCHDOG=1")
            self._last_ping = now

    def render(self) -> None:
        """Draw the top screen (and the debug strip) and show it; the seat lights follow the
        screen. An error while drawing is recovered like one while handling input; a screen
        that still cannot be drawn is left (home last), so the app never stops over a frame."""
        for _attempt in range(len(self.stack) + 2):
            try:
                self._draw_frame()
                return
            except Exception as exc:
                failed = self.top
                self._recover(exc)
                if self.top is failed and len(self.stack) > 1:
                    self.stack.pop().on_leave()  # a public screen that cannot be drawn
                    self._enter(self.top)
                    self.notices.append(("notice.draw", {}))
        self.display.canvas.fill(theme.BACKGROUND)  # nothing can be drawn: a plain frame
        self.display.present(None)
        self.dirty = False

    def _draw_frame(self) -> None:
        lights = self.top.seat_lights()
        if lights is not None:
            self._drawing = True
            try:
                self.hw.outputs.set_seats(lights)
            finally:
                self._drawing = False
        self.top.draw(self.display.canvas)
        self._draw_toast(self.display.canvas)
        self.display.present(self._draw_strip if self.debug_strip else None)
        self.frames += 1
        self.dirty = False

    def say(self, key: str, **fields) -> None:
        """A line at the bottom of the screen until the next input (e.g. how to come back to
        a game just left)."""
        self.toast = (key, fields)
        self.dirty = True

    def _draw_toast(self, canvas: pygame.Surface) -> None:
        if self.toast is None:
            return
        key, fields = self.toast
        text = self.fonts.render(self.t(key, **fields), theme.SMALL_SIZE, theme.TEXT)
        rect = text.get_rect(midbottom=(canvas.get_width() // 2, canvas.get_height() - 10))
        rect = rect.inflate(24, 12).clamp(canvas.get_rect())
        pygame.draw.rect(canvas, theme.PANEL, rect, border_radius=10)
        pygame.draw.rect(canvas, theme.ACCENT, rect, 2, border_radius=10)
        canvas.blit(text, text.get_rect(center=rect.center))

    def _on_hub_change(self, status) -> None:
        """From the hub's thread: remember that it was connected, and redraw only what shows.
        Connecting and losing the hub change the notice on every screen: drawn at once. The
        rest (counts of damaged lines...) shows on the hardware test and About only: drawn
        there at most every ``HUB_REDRAW_EVERY`` s, the last change included; noise on the
        link costs no frame elsewhere."""
        self._hub_seen = self._hub_seen or status.connected
        now = self.clock()
        if status.connected != self._hub_connected:
            self._hub_connected, self._hub_stale, self._hub_drawn = status.connected, False, now
            self.post(REFRESH_EVENT)
        elif self.stack and self.top.shows_hub_status:
            if now - self._hub_drawn >= HUB_REDRAW_EVERY:
                self._hub_stale, self._hub_drawn = False, now
                self.post(REFRESH_EVENT)
            else:
                self._hub_stale = True  # drawn when the interval is over (``_timeout``)

    def _draw_stale_hub(self) -> None:
        """The hub screens' last change, once the redraw interval is over."""
        if self._hub_stale and self.clock() - self._hub_drawn >= HUB_REDRAW_EVERY:
            self._hub_stale, self._hub_drawn = False, self.clock()
            self.dirty = self.dirty or self.top.shows_hub_status

    def title_notice(self) -> str | None:
        """The warning every screen shows in its title bar, if any: "Seat hub not connected"
        while a configured hub is not connected, and then: if it was connected at some point
        since start (it is lost), on every screen until it is back; if it never was, only for a
        hub named by its port, and only until the first input (touch, key, button) since start.
        ``hub = "auto"`` with no hub on the table is not a problem: nothing is said (Hardware
        test and About tell)."""
        hub = self.hw.hub
        if hub is None or hub.status.connected:
            return None
        due = self._hub_seen or (hub.status.configured != "auto" and not self._last_input)
        return self.t("notice.hub_off") if due else None

    def _draw_strip(self, surface: pygame.Surface) -> None:
        """On a laptop with no LEDs: the output state, drawn below the picture."""
        state = self.hw.outputs.state
        rect = self.display.strip_rect
        surface.fill(theme.PANEL, rect)
        x = draw_text(surface, self.fonts, self.t("strip.label"), (rect.left + 8, rect.centery),
                      theme.SMALL_SIZE - 3, theme.TEXT_DIM, anchor="midleft").right + 14
        for i, mode in enumerate((state.status, *state.seats)):
            color = {LedMode.ON: theme.LIT, LedMode.BLINK: theme.ACCENT}.get(mode, theme.OFF)
            pygame.draw.circle(surface, color, (x, rect.centery), 7 if i == 0 else 5)
            x += 24 if i == 0 else 15
        draw_text(surface, self.fonts, self.t("strip.beeps", count=state.beeps),
                  (x + 8, rect.centery), theme.SMALL_SIZE - 3, theme.TEXT_DIM, anchor="midleft")

    def _install_signal_handlers(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        import signal  # after the first frame, as everything only the loop needs

        def stop(signum, _frame):
            log.info("signal %d: stopping", signum)
            self.running = False
            self._wake.set()

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        # A signal caught while another thread runs must still end the loop's sleep.
        previous = signal.set_wakeup_fd(self.sleeper.signal_fd, warn_on_full_buffer=False)
        self._restore_signal_fd = partial(signal.set_wakeup_fd, previous)

    def close(self) -> None:
        """Stop cleanly: tell systemd, turn the lights off, close the store and pygame."""
        log.info("stopping: %d frames drawn", self.frames)  # benchmarks count them
        self.notifier.send("STOPPING=1")
        self.speaker.close()
        self.hw.close()
        self.store.close()
        self.lock.release()
        if self._restore_signal_fd is not None:
            self._restore_signal_fd()
        if self._sleeper is not None:
            self._sleeper.close()
        pygame.quit()
        self._wake.close()

    def about(self) -> dict[str, str]:
        """Facts for the About page."""
        path = self.config.path
        config = str(path) if path and path.exists() else self.t(
            "about.config_missing", path=str(path))
        return {
            "about.version": f"{companion.__version__} (pygame-ce {pygame.version.ver}, "
                             f"SDL {'.'.join(map(str, pygame.get_sdl_version()))})",
            "about.controls": ", ".join(self.hw.backends + ["touch"]),
            "about.font": self.fonts.description,
            "about.config": config,
            "about.data": self.store.path,
            "about.display": self.display.describe(),
            "about.speech": self.t("about.speech_on", voice=VOICES.get(self.language, "en"))
            if self.speaker.available else self.t("about.speech_off"),
            "about.hub": self._hub_about(),
        }

    def _hub_about(self) -> str:
        hub = self.hw.hub
        if hub is None:
            return self.t("about.hub_none")
        s = hub.status
        if s.connected:
            return self.t("about.hub_port", port=s.port, firmware=s.firmware, seats=s.seats)
        return self.t("about.hub_waiting", port=s.configured)
