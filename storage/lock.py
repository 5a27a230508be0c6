"""One app per data directory: an exclusive ``flock`` on ``companion.lock`` next to the database,
and (on Linux) an abstract Unix socket named after the folder, both held as long as the process
runs (the kernel lets go of them when the process ends, however it ends, so a pulled plug or a
crash never leaves a stale lock behind). The socket lives in no folder: the lock holds even if
the data folder, lock file and all, is removed while the app runs."""

from __future__ import annotations

import _socket  # the C module: socket.py's enums cost start-up 2.6 ms, this 0.3 ms
import errno
import fcntl
import os
import sys
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
    _held: dict[Path, list] = {}  # path -> [fd or None, holders, socket or None] in this process

    def __init__(self, folder: str | Path):
        self.path = Path(folder).absolute() / self.NAME
        self._fd: int | None = None
        self._holding = False

    def acquire(self) -> bool:
        """Take the lock; True if held, False if the folder cannot hold one."""
        held = self._held.get(self.path)
        if held is not None:
            held[1] += 1
            self._fd, self._holding = held[0], True
            return True
        named = _named_lock(self.path.parent)  # AlreadyRunning when another process has it
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            try:  # a read-only folder with a lock file in it: another writer still locks it
                fd = os.open(self.path, os.O_RDONLY)
            except OSError:
                if named is None:
                    return False
                self._held[self.path] = [None, 1, named]
                self._holding = True
                return True
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _read_pid(fd)
            os.close(fd)
            if named is not None:
                named.close()
            raise AlreadyRunning(self.path.parent, pid) from None
        self._fd, self._holding = fd, True
        self._held[self.path] = [fd, 1, named]
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:
            pass  # read-only lock file: the lock holds all the same
        return True

    def release(self) -> None:
        held = self._held.get(self.path)
        if not self._holding or held is None:
            return
        self._fd, self._holding = None, False
        held[1] -= 1
        if held[1] == 0:
            del self._held[self.path]
            if held[0] is not None:
                os.close(held[0])
            if held[2] is not None:
                held[2].close()


def _named_lock(folder: Path) -> _socket.socket | None:
    """A Unix socket bound in the abstract namespace under the folder's name: while it is open
    no other process can bind that name. AlreadyRunning if one has; None where there is no
    abstract namespace (not Linux)."""
    if not sys.platform.startswith("linux"):
        return None
    name = b"\0tabletop-companion:" + os.fsencode(folder.resolve())
    named = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        named.bind(name[:20] + name[20:][-87:])  # (a name holds 107 bytes: a long path's end)
    except OSError as exc:
        named.close()
        if exc.errno == errno.EADDRINUSE:
            raise AlreadyRunning(folder, _pid_in(folder / DataLock.NAME)) from None
        return None
    return named


def _pid_in(path: Path) -> int | None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        return _read_pid(fd)
    finally:
        os.close(fd)


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None
