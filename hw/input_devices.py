"""The display's input devices (``/dev/input/event*``), watched so the main loop can sleep in
the kernel until a touch or key arrives.

On the Pi's console (SDL's KMSDRM driver) SDL reads these devices itself, but only when asked
(``SDL_PumpEvents``); nothing in SDL 2 or pygame-ce can block until they have something. So the
loop opens each device too — read-only, non-blocking and never grabbed, so SDL still gets every
event — sleeps in ``select`` on them, throws away what it reads (SDL has its own copy: the
kernel hands each event to every reader, in the order they opened the device, so SDL's
reader, opened first, has it before this one wakes), and then lets SDL pump.

Devices plugged in later (a USB keyboard) are found through inotify on the folder, and a device
that goes away (read fails or ends) is dropped. A new device is created root-only and udev
gives it to the ``input`` group a moment later: one refused is tried again on a schedule
(``RETRY_AFTER``), as well as on the folder's next change, so a permission change that inotify
folded into an event already read cannot leave it unwatched. udev's announcement that it has
finished with a device (hw/udev_announcements.py) wakes the loop too: SDL opens the device only
when pumped after it. Written here rather than with
python-evdev: we parse nothing, so a C extension would add a dependency for an ``os.read``.
"""

from __future__ import annotations

import errno
import logging
import os
import time
from pathlib import Path

from .folder_watch import FolderWatch
from .udev_announcements import UdevAnnouncements

log = logging.getLogger(__name__)

FOLDER = "/dev/input"
READ_SIZE = 4096  # 170 events of 24 bytes: one read empties a normal burst
# Seconds after a refusal (permission denied) that a device is tried again: udev has set its
# group within the first in practice; after the last it waits for the folder's next change.
RETRY_AFTER = (0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
REFUSED = (errno.EACCES, errno.EPERM)

def folder_watch(folder: str) -> int | None:
    """A descriptor that becomes readable when a device file appears in ``folder`` or its
    permissions change (udev sets them just after), or None where inotify is missing."""
    watch = FolderWatch.open()
    if watch is None:
        return None
    if not watch.add(folder):
        watch.close()
        return None
    return watch.fileno()


class InputDevices:
    """The readable ``event*`` devices in ``folder``, as file descriptors to sleep on."""

    def __init__(self, folder: str = FOLDER, clock=time.monotonic,
                 announcements: UdevAnnouncements | None = None):
        self.folder, self.clock, self.announcements = folder, clock, announcements
        self._devices: dict[str, int] = {}  # device path -> our descriptor
        self._refused: dict[str, tuple[int, float]] = {}  # path -> (refusals, when to retry)
        self._watch = folder_watch(folder) if os.path.isdir(folder) else None
        self._started = False
        self.rescan()
        self._started = True
        log.info("input devices watched: %s", ", ".join(sorted(self._devices)) or "none")

    @property
    def paths(self) -> list[str]:
        return sorted(self._devices)

    def fds(self) -> list[int]:
        """What to sleep on: every device, the folder watch and udev's announcements."""
        watches = [self._watch, self.announcements.fileno() if self.announcements else None]
        return [*self._devices.values(), *(fd for fd in watches if fd is not None)]

    def retry_in(self) -> float | None:
        """Seconds until a refused device is to be tried again (0 if due), or None."""
        due = [when for _, when in self._refused.values() if when != float("inf")]
        return max(0.0, min(due) - self.clock()) if due else None

    def rescan(self) -> None:
        """Open every ``event*`` device not open yet; one refused is tried again later."""
        present = {str(path) for path in Path(self.folder).glob("event*")}
        for gone in set(self._refused) - present:
            del self._refused[gone]
        for name in sorted(present - set(self._devices)):
            try:
                self._devices[name] = os.open(name, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
            except OSError as exc:
                self._refuse(name, exc)
                continue
            refusals, _ = self._refused.pop(name, (0, 0.0))
            if self._started:
                log.info("input device %s watched%s", name,
                         f" (refused {refusals} times first)" if refusals else "")

    def _refuse(self, name: str, exc: OSError) -> None:
        if exc.errno not in REFUSED:
            log.debug("input device %s not watched: %s", name, exc.strerror)
            return
        refusals, _ = self._refused.get(name, (0, 0.0))
        if refusals < len(RETRY_AFTER):
            self._refused[name] = (refusals + 1, self.clock() + RETRY_AFTER[refusals])
            log.debug("input device %s refused (%s); trying again in %.2f s", name,
                      exc.strerror, RETRY_AFTER[refusals])
        else:  # still ours to read only after its next change in the folder
            self._refused[name] = (refusals + 1, float("inf"))
            log.info("input device %s not watched: %s", name, exc.strerror)

    def drain(self, readable) -> None:
        """Read and forget what the readable descriptors hold; look again at the folder if it
        changed; drop devices that are gone."""
        for path, fd in list(self._devices.items()):
            if fd in readable and not self._empty(fd):
                log.info("input device %s gone", path)
                os.close(fd)
                del self._devices[path]
        changed = self._watch is not None and self._watch in readable
        if changed:
            self._empty(self._watch)
        if self.announcements is not None and self.announcements.fileno() in readable:
            changed = True  # and SDL sees the device from the pump after this wake-up
            for node in self.announcements.drain():
                log.info("udev announced input device %s", node)
        if changed:
            for name, (refusals, _) in self._refused.items():  # worth a look at once
                self._refused[name] = (min(refusals, len(RETRY_AFTER) - 1), 0.0)
        if changed or self.retry_in() == 0:
            self.rescan()

    @staticmethod
    def _empty(fd: int) -> bool:
        """Read ``fd`` until nothing is left; False when the device is gone."""
        while True:
            try:
                if not os.read(fd, READ_SIZE):
                    return False  # end of file: nothing will come again
            except BlockingIOError:
                return True
            except OSError:  # ENODEV: unplugged
                return False

    def close(self) -> None:
        for fd in self._devices.values():
            os.close(fd)
        if self._watch is not None:
            os.close(self._watch)
        if self.announcements is not None:
            self.announcements.close()
        self._devices, self._watch, self.announcements = {}, None, None
