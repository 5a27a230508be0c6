"""udev's announcements of devices it has finished setting up, heard on the netlink group
libudev listens on (``udev_monitor_new_from_netlink(udev, "udev")``).

SDL on the console learns of a plugged-in input device only from this announcement, and only
when it is pumped: it then opens the device, and what the device sent before that is lost to
it. inotify on ``/dev/input`` (hw/input_devices.py) wakes the loop when the node appears, which
is before udev has finished with it; nothing woke the loop at the announcement, so SDL opened
the device only at the next touch and lost that touch. This socket wakes the loop when SDL can
see the device. Written with the socket module rather than pyudev: one ``bind`` and a split on
NUL bytes, where pyudev would load libudev through ctypes at start-up.
"""

from __future__ import annotations

import errno
import logging
import socket
import struct

log = logging.getLogger(__name__)

NETLINK_KOBJECT_UEVENT = 15
UDEV_GROUP = 2  # 1 is the kernel's own uevents, sent before udev has run its rules
PREFIX = b"libudev\0"
PROPERTIES_AT = struct.Struct("=II")  # properties_off, properties_len: after prefix, magic, size
PROPERTIES_FIELD = 16
RECEIVE_SIZE = 8192  # udev's own receive buffer holds one device's properties


def properties(message: bytes) -> dict[str, str]:
    """The ``KEY=VALUE`` properties of one udev message (libudev's header skipped), or of a
    bare NUL-separated list."""
    body = message
    if message.startswith(PREFIX) and len(message) >= PROPERTIES_FIELD + PROPERTIES_AT.size:
        offset, length = PROPERTIES_AT.unpack_from(message, PROPERTIES_FIELD)
        body = message[offset:offset + length]
    pairs = (item.decode("utf-8", "replace").partition("=") for item in body.split(b"\0"))
    return {key: value for key, sep, value in pairs if sep}


def added_input_device(message: bytes) -> str | None:
    """The device node an announcement says was added to the input subsystem, or None."""
    props = properties(message)
    name = props.get("DEVNAME", "")
    if props.get("ACTION") != "add" or props.get("SUBSYSTEM") != "input" or not name:
        return None
    return name if name.startswith("/") else "/dev/" + name


class UdevAnnouncements:
    """A socket (``fileno``) readable when udev announces a device; ``open()`` is None where
    netlink is missing (not Linux, a sandbox denying it)."""

    def __init__(self, sock: socket.socket):
        self._sock = sock
        self._sock.setblocking(False)

    @classmethod
    def open(cls) -> "UdevAnnouncements | None":
        try:
            sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW | socket.SOCK_CLOEXEC,
                                 NETLINK_KOBJECT_UEVENT)
        except (OSError, AttributeError) as exc:
            log.info("udev's announcements not heard: %s", exc)
            return None
        try:
            sock.bind((0, UDEV_GROUP))
        except OSError as exc:
            sock.close()
            log.info("udev's announcements not heard: %s", exc)
            return None
        return cls(sock)

    def fileno(self) -> int:
        return self._sock.fileno()

    def drain(self) -> list[str]:
        """Read every announcement waiting; the input device nodes they say were added."""
        added = []
        while True:
            try:
                message = self._sock.recv(RECEIVE_SIZE)
            except (BlockingIOError, InterruptedError):
                return added
            except OSError as exc:
                if exc.errno == errno.ENOBUFS:  # a burst overflowed the queue: read the rest
                    continue
                log.info("udev's announcements: %s", exc.strerror)
                return added
            if not message:
                return added
            if (node := added_input_device(message)) is not None:
                added.append(node)

    def close(self) -> None:
        self._sock.close()
