"""USB sticks mounted on this machine: where Settings → Export to USB writes History.

On the kiosk a stick is mounted by the udev rule that ``make install-pi`` installs
(systemd/99-companion-usb.rules: ``systemd-mount`` under /media, writable by the app's user);
on a desktop the desktop mounts it under /media/USER or /run/media/USER. A stick is a mounted
file system on a block device under one of ``MOUNT_ROOTS`` — what /proc/mounts says, read
when asked (nothing polls).

>>> text = "/dev/sda1 /media/usb-sda1 vfat rw,relatime 0 0\\n/dev/mmcblk0p2 / ext4 rw 0 0\\n"
>>> [str(s.path) for s in mounted_sticks(text, writable=lambda p: True)]
['/media/usb-sda1']
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

MOUNTS = Path("/proc/mounts")
MOUNT_ROOTS = ("/media/", "/run/media/", "/mnt/")


class Stick(NamedTuple):
    path: Path  # where it is mounted
    device: str  # /dev/sda1


def _unescaped(field: str) -> str:
    """A /proc/mounts field: spaces and tabs in paths are written as octal escapes."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(code, char)
    return field


def mounted_sticks(mounts: str | None = None,
                   writable: Callable[[Path], bool] = lambda p: os.access(p, os.W_OK)
                   ) -> list[Stick]:
    """The writable file systems from block devices mounted under ``MOUNT_ROOTS``
    (``mounts``: the text of /proc/mounts, read when None; unreadable: none)."""
    if mounts is None:
        try:
            mounts = MOUNTS.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return []
    sticks = []
    for line in mounts.splitlines():
        fields = line.split()
        if len(fields) < 4 or not fields[0].startswith("/dev/"):
            continue
        path = _unescaped(fields[1])
        if path.startswith(MOUNT_ROOTS) and "ro" not in fields[3].split(",") \
                and writable(Path(path)):
            sticks.append(Stick(Path(path), fields[0]))
    return sticks
