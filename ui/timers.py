"""How the loop sleeps and when it wakes: the timers the app asked for (a hold or a lock-out
coming due, a quiet private screen hiding, the watchdog ping, a hub change still to draw), the
sleep in the kernel until an event or the first of them (``ui/wakeup.py``), and the signals
that end it."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from functools import partial

import pygame

from hw.clock import is_virtual

from .wakeup import Waker, open_sleeper

log = logging.getLogger("ui.app")


class Timers:
    """The loop's waits for ``app``: ``waker`` is set by backend threads after posting."""

    def __init__(self, app, waker: Waker):
        self.app, self.waker = app, waker
        self.batch_at = 0.0  # when the events being handled were taken from SDL
        self.ready = False  # watchdog pings start after READY=1
        self.last_ping = 0.0
        self._sleeper = None  # opened at the first sleep, after the first frame (see sleeper)
        self._restore_signal_fd: Callable[[], object] | None = None  # while ours is installed

    def next_due(self) -> float | None:
        """When the first timer the app asked for is due (clock time), or None."""
        app = self.app
        due = []
        ping = app.notifier.ping_every()
        if ping is not None:
            due.append(self.last_ping + ping)
        for timer in (app.privacy.deadline(),  # wake in time to hide it
                      app.hub_view.due(),  # a hub change still to draw
                      app.hw.input.deadline()):  # a hold, the end of a button's lock-out
            if timer is not None:
                due.append(timer)
        return min(due) if due else None

    def timeout(self, max_wait: float | None) -> float | None:
        """How long the loop may sleep: until the first timer the app asked for (None: no
        timer, sleep until something happens)."""
        if self.app.idle:
            return 0.0
        due = [max_wait] if max_wait is not None else []
        timer = self.next_due()
        if timer is not None:
            due.append(timer - self.app.clock())
        return max(0.0, min(due)) if due else None

    def run_for(self, seconds: float) -> None:
        """Run the loop for ``seconds``. On a virtual clock the time passes at once: the clock
        jumps from one timer of the app to the next (a hold coming due, a private screen
        hiding), each handled as it would be then."""
        app = self.app
        end = app.clock() + seconds
        if is_virtual(app.clock):
            app.settle()
            while (due := self.next_due()) is not None and due <= end:
                app.clock.advance_to(due)
                app.step(0)
                app.settle()
            app.clock.advance_to(end)
            app.step(0)
        else:
            while (left := end - app.clock()) > 0:
                app.step(left)
        app.settle()

    @property
    def sleeper(self):
        """How the loop sleeps (``ui/wakeup.py``): opened when first needed, so start-up to
        the first frame does not wait for it, and after SDL has opened its input devices."""
        if self._sleeper is None:
            self._sleeper = open_sleeper(self.app.display.driver, self.waker)
        return self._sleeper

    @sleeper.setter
    def sleeper(self, sleeper) -> None:
        self._sleeper = sleeper

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        """The events there are; if none, sleep (``ui/wakeup.py``) and take what came."""
        self.waker.clear()
        events = pygame.event.get()
        self.batch_at = self.app.clock()  # SDL 2 stamps them now (see InputRouter)
        if events or timeout == 0:
            return events
        self.sleeper.sleep(timeout)
        events = pygame.event.get()
        self.batch_at = self.app.clock()
        return events

    def ping_watchdog(self) -> None:
        ping = self.app.notifier.ping_every()
        now = self.app.clock()
        if self.ready and ping is not None and now - self.last_ping >= ping:
            self.app.notifier.send("WATCHDOG=1")
            self.last_ping = now

    def install_signal_handlers(self) -> None:
        """SIGTERM and SIGINT end the loop, waking its sleep from any thread."""
        if threading.current_thread() is not threading.main_thread():
            return
        import signal  # deferred: start-up time (after the first frame)

        def stop(signum, _frame):
            log.info("signal %d: stopping", signum)
            self.app.running = False
            self.waker.set()

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        # A signal caught while another thread runs must still end the loop's sleep.
        previous = signal.set_wakeup_fd(self.sleeper.signal_fd, warn_on_full_buffer=False)
        self._restore_signal_fd = partial(signal.set_wakeup_fd, previous)

    def close(self) -> None:
        if self._restore_signal_fd is not None:
            self._restore_signal_fd()
        if self._sleeper is not None:
            self._sleeper.close()
        self.waker.close()
