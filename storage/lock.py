"""One app per data directory: an exclusive ``flock`` on ``companion.lock`` next to the database,
held as long as the process runs (the kernel lets go of it when the process ends, however it
ends, so a pulled plug or a crash never leaves a stale lock behind)."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path


class AlreadyRunning(RuntimeError):
    """Another companion holds the data directory; ``pid`` is its process id when known."""

    def __init__(self, folder: Path, pid: int | None):
        self.folder, self.pid = folder, pid
        owner = f" (pid {pid})" if pid else ""
        super().__init__(f"another companion is already running on {folder}{owner}; "
                         "stop it first (on the kiosk: sudo systemctl stop companion)")


class DataLock:
    """The lock of one data directory. ``acquire`` raises AlreadyRunning when another process
    has it; a folder that cannot hold a lock file (read-only, missing) is not locked, as the
    store then opens read-only or in memory and writes nothing there. Within one process the
    lock is shared (tests open a second app on the same folder to play a restart)."""

    NAME = "companion.lock"
    _held: dict[Path, list[int]] = {}  # path -> [fd, holders] in this process

    def __init__(self, folder: str | Path):
        self.path = Path(folder).absolute() / self.NAME
        self._fd: int | None = None

    def acquire(self) -> bool:
        """Take the lock; True if held, False if the folder cannot hold one."""
        held = self._held.get(self.path)
        if held is not None:
            held[1] += 1
            self._fd = held[0]
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            try:  # a read-only folder with a lock file in it: another writer still locks it
                fd = os.open(self.path, os.O_RDONLY)
            except OSError:
                return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _read_pid(fd)
            os.close(fd)
            raise AlreadyRunning(self.path.parent, pid) from None
        self._fd = fd
        self._held[self.path] = [fd, 1]
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:
            pass  # read-only lock file: the lock holds all the same
        return True

    def release(self) -> None:
        held = self._held.get(self.path)
        if self._fd is None or held is None:
            return
        self._fd = None
        held[1] -= 1
        if held[1] == 0:
            del self._held[self.path]
            os.close(held[0])


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None
