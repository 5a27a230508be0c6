"""One thread-safe entry point for raw button edges from every backend."""

from __future__ import annotations

import threading
from collections.abc import Callable

from .clock import REAL, Clock
from .controls import Control, ControlEvent, Kind
from .filters import ButtonFilter

Sink = Callable[[ControlEvent], None]

MAX_AGE = 5.0  # s: an edge said to be older than this is taken as happening now (see raw)


class ControlInput:
    """Debounces raw edges per (source, control), detects holds, and sends events to ``sink``.

    Backends call :meth:`raw` from any thread, saying how long ago the edge happened, so a
    press and its release are timed by when they happened, not by when a busy thread got to
    them. Events that come due later (a hold, the end of a lock-out) are sent by :meth:`pump`:
    the app's loop calls it when :meth:`deadline` is reached, after it has taken every edge
    that arrived before, so a release that happened before the hold time is never announced
    as a hold. Used without a loop (``threaded=True``), a timer thread pumps instead.
    """

    def __init__(self, sink: Sink, hold_time: float = 0.8, clock: Clock = REAL,
                 threaded: bool = True):
        self.sink = sink
        self.hold_time = hold_time
        self.clock = clock
        self._filters: dict[tuple[str, Control], ButtonFilter] = {}
        self._lock = threading.Condition()
        self._closed = False
        self._threaded = threaded
        self._thread: threading.Thread | None = None  # started by the first edge (not at start-up)

    def raw(self, control: Control, pressed: bool, source: str, debounce: float = 0.0,
            age: float = 0.0) -> None:
        """A raw level change of ``control`` on ``source`` (True = pressed) that happened
        ``age`` seconds ago. An age below 0 or over ``MAX_AGE`` (a backend whose clock does
        not match) counts as 0."""
        with self._lock:
            if self._threaded and self._thread is None and not self._closed:
                self._thread = threading.Thread(target=self._run, name="control-timers",
                                                daemon=True)
                self._thread.start()
            key = (source, control)
            filt = self._filters.get(key)
            if filt is None:
                filt = self._filters[key] = ButtonFilter(debounce, self.hold_time)
            when = self.clock() - (age if 0 <= age <= MAX_AGE else 0.0)
            self._emit(control, source, filt, filt.edge(pressed, when))
            self._lock.notify()

    def is_pressed(self, control: Control) -> bool:
        """Whether any source currently reports ``control`` pressed (debounced)."""
        with self._lock:
            return any(f.pressed for (_, c), f in self._filters.items() if c is control)

    def pump(self) -> float | None:
        """Send every event due now; return the next deadline (clock time) or None."""
        with self._lock:
            now = self.clock()
            for (source, control), filt in self._filters.items():
                self._emit(control, source, filt, filt.poll(now))
            return self._deadline()

    def deadline(self) -> float | None:
        """When :meth:`pump` next has something to send (clock time), or None."""
        with self._lock:
            return self._deadline()

    def _deadline(self) -> float | None:
        deadlines = [d for d in (f.deadline() for f in self._filters.values()) if d is not None]
        return min(deadlines) if deadlines else None

    def close(self) -> None:
        """Stop the timer thread, if there is one."""
        with self._lock:
            self._closed = True
            self._lock.notify()
        if self._thread is not None:
            self._thread.join(timeout=1)

    def _emit(self, control: Control, source: str, filt: ButtonFilter, kinds: list[Kind]) -> None:
        for kind in kinds:
            after_hold = kind is Kind.RELEASE and filt.held
            self.sink(ControlEvent(control, kind, source, after_hold))

    def _run(self) -> None:
        with self._lock:  # re-entrant: pump() takes it again; wait() releases it
            while not self._closed:
                deadline = self.pump()
                timeout = None if deadline is None else max(0.0, deadline - self.clock())
                self._lock.wait(timeout)
