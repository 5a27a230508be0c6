"""The main loop: one thread, event-driven, redrawing only when something changed.

Input arrives three ways and ends up the same: keys and touches come from SDL; GPIO and seat hub
edges come from backend threads through :class:`hw.inputs.ControlInput`, whose sink posts a
CONTROL event into the pygame queue (``ui/events.py``). Between events the loop sleeps in the
kernel (``ui/timers.py``, ``ui/wakeup.py``) until one of them is there or a timer the app asked
for is due: no polling, so an idle screen costs nothing (see docs/benchmarks.md). The app is
built in ``ui/compose.py``.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable, Iterator
from functools import partial

import pygame

from storage.store import SaveFailed
from hw.clock import Clock
from hw.controls import Control

from . import registry
from .i18n import Catalog
from .idle import IdleWork
from .frames import Painter
from .input_router import InputRouter
from .overlays import Toast
from .private_guard import PrivateGuard
from .screens.base import Screen
from .timers import Timers

log = logging.getLogger(__name__)

STORE_CHECK_EVERY = 5.0  # s: how often the database file is looked for (``check_store``)
CACHE = "cache"  # in the data folder: what is kept to start faster (rebuilt when absent)


def load_catalog(language: str, data_dir) -> Catalog:
    """The messages of ``language``, the app's and every registered game's."""
    return Catalog.load(language, registry.catalogue_folders(), data_dir / CACHE)


class App:
    """The running companion: the screen stack and the loop, over the parts
    ``ui/compose.py`` builds (store, fonts, messages, hardware, display, speaker)."""

    def __init__(self, config, *, clock: Clock, headless: bool, lock, store, fonts,
                 catalog: Catalog, language_chosen: bool, hw, display,
                 speaker, notifier, poster, hub_view, notices: list[tuple[str, dict]]):
        self.config, self.clock, self.headless = config, clock, headless
        self.lock, self.store, self.fonts, self.catalog = lock, store, fonts, catalog
        self.language_chosen = language_chosen
        self.hw, self.display = hw, display
        self.speaker, self.notifier, self.poster = speaker, notifier, poster
        self.notices = notices
        self.store_checked = clock()
        self.rotation = display.rotation  # "auto" chosen from the screen's shape
        self.private_timeout = config.private_timeout  # s; Settings may choose another
        self.stack: list[Screen] = []
        self.hub_view = hub_view
        hub_view.shows_status = lambda: bool(self.stack) and self.top.shows_hub_status
        self.seeds: Iterator[int] | None = None  # --seed: fixed seeds for scripted runs
        self.running = True
        self.dirty = True
        self.show_focus = True
        self.frames = 0
        self.private_gate = None  # makes the gate the private screen on top came from
        self.private_hold: Control | None = None  # the control whose hold revealed it
        self.current_control: Control | None = None  # the control whose event is handled now
        self.toast = Toast()
        self.idle = IdleWork()
        self.input = InputRouter(self)
        self.privacy = PrivateGuard(self)
        self.timers = Timers(self, poster.waker)
        self.painter = Painter(self)

    # --- text and settings --------------------------------------------------------------------
    def t(self, key: str, **fields) -> str:
        """A message in the current language."""
        return self.catalog.t(key, **fields)

    @property
    def language(self) -> str:
        return self.catalog.language

    def remember(self, key: str, value) -> None:
        """Store a setting chosen on the device; one that cannot be stored (a read-only or
        full data folder) is used until the device restarts, and the table is told so."""
        try:
            self.store.set_setting(key, value)
        except SaveFailed as exc:
            log.warning("setting %s not remembered (%s)", key, exc.reason)
            self.say("settings.not_remembered", reason=self.t(f"save_failed.{exc.reason}"))

    def set_language(self, language: str) -> None:
        """Switch language now and remember it."""
        if language == "ko" and not self.fonts.has_hangul:
            language = "en"
        self.catalog = load_catalog(language, self.config.data_dir)
        self.language_chosen = True
        self.remember("language", language)
        self.dirty = True

    def set_rotation(self, rotation: int) -> None:
        """Turn the picture and remember it."""
        self.rotation = rotation
        self.display.set_rotation(rotation)
        self.remember("rotation", rotation)
        if not self.display.portrait_band:
            self.notices = [n for n in self.notices if n[0] != "notice.portrait"]
        self.dirty = True

    def set_sound(self, on: bool) -> None:
        self.hw.outputs.sound = on
        self.remember("sound", on)
        self.dirty = True

    def set_private_timeout(self, seconds: float) -> None:
        """How long a private screen left untouched stays (``PrivateGuard``); remembered."""
        self.private_timeout = seconds
        self.remember("private_timeout", seconds)
        self.dirty = True

    def new_seed(self) -> int:
        """The seed of a new game: fresh entropy, or the next fixed seed of a scripted run."""
        from companion.rng import new_seed  # deferred: start-up time (no game in the first frame)

        return next(self.seeds) if self.seeds is not None else new_seed()

    def log_private_screen(self, seat: int) -> None:
        """Log that seat's private screen opened (the seat only: never what it shows)."""
        log.info("private screen opened for seat %d", seat)

    def notice_texts(self) -> list[str]:
        """Every problem worth telling the user, in the current language."""
        return [self.catalog.notice(key, fields) for key, fields in self.notices]

    def say(self, key: str, **fields) -> None:
        """A line at the bottom of the screen until the next input (e.g. how to come back to
        a game just left)."""
        self.toast.say(key, fields)
        self.dirty = True

    def title_notice(self) -> str | None:
        """The warning every screen shows in its title bar, if any (``HubPresenter``)."""
        return self.hub_view.title_notice(self.hw.hub, self.t, bool(self.input.last_input))

    def about(self) -> dict[str, str]:
        """Facts for the About page."""
        from .about_facts import about_facts  # deferred: start-up time (About only)

        return about_facts(self)

    def has_seat_button(self, seat: int) -> bool:
        """Whether ``seat`` has a button of its own on this table."""
        return self.hw.has_seat_button(seat, self.config.pins)

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

    def leave_private(self, then: Screen | None = None) -> None:
        """Pop every private screen on top (the home screen is never popped); then push
        ``then``, or show the screen below again."""
        while len(self.stack) > 1 and self.top.private:
            self.stack.pop().on_leave()
        if then is not None:
            self.stack.append(then)
        self._enter(self.top)

    def _enter(self, screen: Screen) -> None:
        if screen.focus is None:
            screen.focus = next((i for i, b in enumerate(screen.buttons)
                                 if b.focusable and b.name != "back"), None)
        self.input.pointer_target = None
        self.privacy.entered(screen)
        screen.on_enter()
        for draw in screen.rehearsals():
            self.when_idle(partial(self.idle.rehearse, self, screen, draw))
        self.dirty = True
        log.info("screen %s", screen.name)

    # --- input --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Turn one pygame event into what it means for the app (``InputRouter``)."""
        self.input.handle(event)

    def act(self, action: Callable[[], object]) -> None:
        """Carry out a button's action, remembered so a failed save can be tried again."""
        self.input.act(action)

    def when_idle(self, task: Callable[[], None]) -> None:
        """Run ``task`` when no input is waiting: one task per turn of the loop, before it
        sleeps, so what a screen will need (text, die faces...) is ready before it is shown.
        A task should take a millisecond at most; an error in one is logged and dropped."""
        self.idle.add(task)

    def finish_idle_work(self) -> None:
        """Run every queued idle task now (benchmarks and tests)."""
        self.idle.finish()

    # --- the loop -----------------------------------------------------------------------------
    def run(self) -> int:
        """Run until quit (window closed, SIGTERM or SIGINT). Returns the exit code."""
        self.render()
        from .first_frame import after_first_frame  # deferred: what comes after the first frame

        after_first_frame(self)
        try:
            while self.running:
                self.step()
        finally:
            self.close()
        return 0

    def open_pending_hardware(self) -> None:
        """GPIO and the seat hub, when they waited for the first frame (then drawn again: the
        seats' buttons and the hardware notices may show)."""
        if not self.hw.pending:
            return
        self.notices += self.hw.open_pending()
        self.render()

    def step(self, max_wait: float | None = None) -> None:
        """Wait for events (at most ``max_wait`` s; None: until one comes or a timer of the
        app is due), handle them, redraw if needed."""
        for event in self.timers.wait(self.timers.timeout(max_wait)):
            try:
                self.handle(event)
            except SaveFailed as exc:  # nothing was stored or applied: say so, offer a retry
                self.save_failed(exc)
            except Exception as exc:  # a bug must not end the game: log it, step back, go on
                self.recover(exc)
        self.hw.input.pump()  # holds due now: after every edge that came before them
        self.privacy.hide_if_quiet()
        self.check_store()
        if self.hub_view.redraw_now():  # the hub screens' last change, once its interval ends
            self.dirty = self.dirty or self.top.shows_hub_status
        if self.dirty:
            self.render()
        self.timers.ping_watchdog()
        if self.store.unsaved_frames and not pygame.event.peek():
            self.store.checkpoint()  # the step on screen now: out of the WAL
        elif self.idle and not pygame.event.peek():
            self.idle.run_one()

    def check_store(self) -> None:
        """Every few seconds: the database file still where it belongs (``Store.check_file``
        puts it back, with every game, if its folder was removed); what it says goes to the
        banner and to the line at the bottom."""
        now = self.clock()
        if now - self.store_checked >= STORE_CHECK_EVERY:
            self.store_checked = now
            try:
                self.store.check_file()
            except SaveFailed:  # said by the next step stored ("Could not save")
                self.store_checked = float("inf")
        if self.store.said:
            for key, fields in self.store.said:
                self.notices.append((key, fields))
                self.say(key, **fields)
            self.store.said.clear()

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
        """Run the loop for ``seconds`` (scripts: WAIT, holds; ``Timers.run_for``)."""
        self.timers.run_for(seconds)

    def save_failed(self, exc: SaveFailed) -> None:
        """A decision could not be stored: "Could not save — <reason>", and Try again repeats
        the tap that failed on the screen where it failed."""
        log.error("not saved (%s) on screen %s", exc.reason, self.top.name)
        from .screens.ask import SaveFailedScreen  # deferred: only a failed save (start-up time)

        screen, action = self.input.last_action or (None, None)
        retry = action if screen is self.top else None
        self.push(SaveFailedScreen(self, exc.reason, retry))

    def recover(self, exc: Exception) -> None:
        """After an unexpected error: log where it happened (not its message, which could name
        a hidden card) and leave any private screen, so nothing private stays on display."""
        where = "".join(traceback.format_tb(exc.__traceback__)[-3:])
        log.error("unexpected %s while on screen %s; recovered:\n%s", type(exc).__name__,
                  self.top.name, where)
        self.leave_private()

    def render(self) -> None:
        """Draw the top screen (the toast, the debug strip) and show it (``ui/frames.py``)."""
        self.painter.render()

    def close(self) -> None:
        """Stop cleanly: tell systemd, turn the lights off, close the store and pygame."""
        log.info("stopping: %d frames drawn", self.frames)  # benchmarks count them
        self.notifier.send("STOPPING=1")
        self.speaker.close()
        self.hw.close()
        self.store.close()
        self.lock.release()
        self.timers.close()
        pygame.quit()

