"""systemd's sd_notify protocol in a few lines: READY, WATCHDOG and STOPPING datagrams.

Outside systemd (no ``$NOTIFY_SOCKET``) every call does nothing.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping

log = logging.getLogger(__name__)


class Notifier:
    """Sends state lines to systemd over the notify socket."""

    def __init__(self, env: Mapping[str, str] = os.environ):
        self.address = env.get("NOTIFY_SOCKET") or None
        if self.address and self.address.startswith("@"):
            self.address = "\0" + self.address[1:]  # abstract socket namespace
        usec = env.get("WATCHDOG_USEC")
        pid = env.get("WATCHDOG_PID")
        watched = usec and usec.isdigit() and (not pid or pid == str(os.getpid()))
        self.watchdog_interval = int(usec) / 1e6 if watched else None
        self._sock = None  # made at the first send (after the first frame: start-up is shorter)

    def send(self, state: str) -> bool:
        """Send one state string (e.g. 'READY=1'); True if it was sent."""
        if self.address is None:
            return False
        try:
            if self._sock is None:
                import socket  # deferred: start-up time

                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                self._sock.setblocking(False)  # a reader that is behind never stops the app
            self._sock.sendto(state.encode(), self.address)
            return True
        except OSError as exc:
            log.warning("sd_notify %s failed: %s", state, exc)
            return False

    def ping_every(self) -> float | None:
        """How often to send WATCHDOG=1 (a third of systemd's limit), or None."""
        return self.watchdog_interval / 3 if self.watchdog_interval else None
