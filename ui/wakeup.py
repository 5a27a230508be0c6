"""How the main loop sleeps: in the kernel, until something happens, and not a moment longer.

Everything that can happen wakes it at once, and nothing else does:
- a backend thread (a GPIO edge, a seat hub line, a hold coming due) posts its event and sets
  the :class:`Waker`, a pipe;
- a signal (SIGTERM from systemd) writes to a pipe too (``signal.set_wakeup_fd``);
- a touch or key: on the console (KMSDRM, fbcon) the loop also sleeps on the input devices
  (:class:`hw.input_devices.InputDevices`); under X11 or Wayland SDL's own wait blocks on the
  display connection (:class:`SdlSleeper`);
- a timer the app asked for (hiding a private screen, the watchdog ping) is the timeout.

pygame-ce's ``event.wait`` cannot do this: on every driver it is a pump/peek/``SDL_Delay(1)``
loop, 1,000 wake-ups a second.
"""

from __future__ import annotations

import logging
import math
import os
import threading

import pygame

log = logging.getLogger(__name__)

WINDOW_SYSTEMS = ("x11", "wayland")  # SDL's own wait blocks on these
CONSOLES = ("kmsdrm", "fbcon", "directfb")  # SDL reads the input devices itself
MEMORY = ("dummy", "offscreen")  # nothing comes from SDL: only posted events
POLL_EVERY = 0.02  # s: the last resort, where nothing else can tell us input is there
SDL_LIBRARY = r"/libSDL2-2[.-][^/]*\.so[^/]*$"  # not libSDL2_ttf & co (compiled when used)

WAKE_EVENT = pygame.event.custom_type()  # a signal arrived: the loop looks at its flags


class Waker:
    """A pipe that wakes the sleeping loop: :meth:`set` from any thread, :meth:`clear` before
    looking for events (so a set in between is never missed)."""

    def __init__(self):
        self._read, self.write_fd = os.pipe()
        os.set_blocking(self._read, False)
        os.set_blocking(self.write_fd, False)
        self._lock = threading.Lock()  # no write after close (the number may be reused)
        self._closed = False

    def fileno(self) -> int:
        return self._read

    def set(self) -> None:
        with self._lock:
            if self._closed:
                return
            try:
                os.write(self.write_fd, b"!")
            except BlockingIOError:  # the pipe is full: it is set already
                pass

    def clear(self) -> None:
        try:
            while os.read(self._read, 512):
                pass
        except BlockingIOError:
            pass

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                os.close(self._read)
                os.close(self.write_fd)


class SelectSleeper:
    """Sleeps in ``select`` on the waker and, on the console, the input devices. ``poll``
    caps each sleep: only for a driver where nothing else can tell that input is there."""

    def __init__(self, waker: Waker, devices: InputDevices | None = None,
                 poll: float | None = None):
        from select import select  # deferred: the loop's first sleep, after the first frame

        self._select = select
        self.waker, self.devices, self.poll = waker, devices, poll
        self.signal_fd = waker.write_fd
        self.name = "select (waker" + (", input devices)" if devices else ")") + (
            f", polling every {poll * 1000:.0f} ms" if poll else "")

    def sleep(self, timeout: float | None) -> None:
        """Return when something may have arrived, or after ``timeout`` s (None: no limit)."""
        for cap in (self.poll, self.devices.retry_in() if self.devices else None):
            if cap is not None:
                timeout = cap if timeout is None else min(timeout, cap)
        watched = [self.waker.fileno(), *(self.devices.fds() if self.devices else ())]
        readable, _, _ = self._select(watched, [], [], timeout)
        if self.devices is not None:
            self.devices.drain(readable)

    def close(self) -> None:
        if self.devices is not None:
            self.devices.close()


class SdlSleeper:
    """Under a window system: ``SDL_WaitEventTimeout`` blocks on the display connection and is
    woken by any event pushed from another thread (``pygame.event.post``). It is called through
    ctypes on the SDL library pygame-ce loaded, as pygame-ce's own wait polls. A signal cannot
    interrupt it reliably, so a thread sleeping on the signal pipe posts an event instead."""

    name = "SDL_WaitEventTimeout"

    def __init__(self, wait_function):
        self._wait = wait_function
        self._signals = Waker()
        self.signal_fd = self._signals.write_fd
        self._closed = False
        threading.Thread(target=self._relay_signals, name="signal-relay", daemon=True).start()

    def sleep(self, timeout: float | None) -> None:
        self._wait(None, -1 if timeout is None else max(1, math.ceil(timeout * 1000)))

    def _relay_signals(self) -> None:
        from select import select  # deferred: as in SelectSleeper

        while True:
            select([self._signals], [], [])
            self._signals.clear()
            if self._closed:
                break
            try:
                pygame.event.post(pygame.event.Event(WAKE_EVENT))
            except pygame.error:  # the display is closed already
                break
        self._signals.close()

    def close(self) -> None:
        self._closed = True
        self._signals.set()


def sdl_wait_function():
    """``SDL_WaitEventTimeout`` of the SDL library in this process, or None if not found."""
    import ctypes  # deferred: only a window system needs it
    import re  # deferred: as above (a pattern compiled at start-up costs the first frame)

    library = re.compile(SDL_LIBRARY)
    try:
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if library.search(line.rstrip())}
        if len(paths) != 1:
            return None
        wait = ctypes.CDLL(paths.pop()).SDL_WaitEventTimeout
    except (OSError, AttributeError):
        return None
    wait.argtypes, wait.restype = [ctypes.c_void_p, ctypes.c_int], ctypes.c_int
    return wait


def open_sleeper(driver: str, waker: Waker):
    """The way to sleep on SDL's ``driver`` (call after the display is open, so SDL has opened
    its input devices before we do)."""
    driver = driver.lower()
    if driver in MEMORY:
        sleeper = SelectSleeper(waker)
    elif driver in CONSOLES:
        from hw.input_devices import InputDevices  # deferred: after the first frame
        from hw.udev_announcements import UdevAnnouncements  # deferred: as InputDevices

        sleeper = SelectSleeper(waker, InputDevices(announcements=UdevAnnouncements.open()))
    elif driver in WINDOW_SYSTEMS and (wait := sdl_wait_function()) is not None:
        sleeper = SdlSleeper(wait)
    else:
        log.warning("SDL driver %s: no way to sleep until input; looking every %.0f ms",
                    driver, POLL_EVERY * 1000)
        sleeper = SelectSleeper(waker, poll=POLL_EVERY)
    log.info("the loop sleeps in %s", sleeper.name)
    return sleeper
