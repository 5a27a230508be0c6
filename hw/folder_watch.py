"""Sleeping until a folder changes (Linux inotify, through libc: a C extension would add a
dependency for two calls). Used for devices that appear and disappear: the display's input
devices (hw/input_devices.py) and the seat hub's serial port (hw/serialhub.py)."""

from __future__ import annotations

import logging
import os

log = logging.getLogger(__name__)

# linux/inotify.h
IN_ATTRIB, IN_CREATE, IN_DELETE, IN_MOVED_TO = 0x4, 0x100, 0x200, 0x80
CHANGES = IN_CREATE | IN_ATTRIB | IN_DELETE | IN_MOVED_TO  # a file came, went, or was allowed
IN_NONBLOCK, IN_CLOEXEC = os.O_NONBLOCK, 0o2000000


class FolderWatch:
    """An inotify descriptor (``fileno``: readable when a watched folder changes) watching
    the folders ``add`` is given. ``open()`` returns None where inotify is missing."""

    def __init__(self, fd: int, libc):
        self._fd, self._libc = fd, libc
        self.folders: set[str] = set()

    @classmethod
    def open(cls) -> "FolderWatch | None":
        import ctypes  # here: only what watches a folder needs it (start-up time)

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            fd = libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        except (OSError, AttributeError):
            return None
        return cls(fd, libc) if fd >= 0 else None

    def fileno(self) -> int:
        return self._fd

    def add(self, folder: str, mask: int = CHANGES) -> bool:
        """Watch ``folder`` too; False (said in the log) if it cannot be watched."""
        if folder in self.folders:
            return True
        if self._libc.inotify_add_watch(self._fd, os.fsencode(folder), mask) < 0:
            import ctypes

            log.info("cannot watch %s (%s)", folder, os.strerror(ctypes.get_errno()))
            return False
        self.folders.add(folder)
        return True

    def drain(self) -> None:
        """Read the changes that woke us (what they were is not needed: the caller looks)."""
        try:
            while os.read(self._fd, 4096):
                pass
        except OSError:
            pass

    def close(self) -> None:
        os.close(self._fd)


def nearest_folder(path: str) -> str:
    """The deepest folder of ``path``'s that exists now (``/dev/serial/by-id/x`` before a USB
    serial device is plugged in: ``/dev``)."""
    folder = os.path.dirname(os.path.abspath(path))
    while not os.path.isdir(folder) and folder != os.path.dirname(folder):
        folder = os.path.dirname(folder)
    return folder
