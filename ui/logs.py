"""Log lines to stderr; under systemd each carries its syslog priority (``<3>`` for an error),
so ``journalctl -u companion -p err`` finds the app's errors.

systemd sets ``JOURNAL_STREAM`` to the device and inode of the stream it connected to the
journal; the prefix is used only when stderr is that stream (not when the app's stderr was
redirected somewhere else by a child of the service, for instance).
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping

FORMAT = "%(levelname)s %(name)s: %(message)s"
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
PRIORITIES = {logging.CRITICAL: 2, logging.ERROR: 3, logging.WARNING: 4, logging.INFO: 6,
              logging.DEBUG: 7}  # sd-daemon(3): crit, err, warning, info, debug


class JournalFormatter(logging.Formatter):
    """Each line prefixed with ``<N>``, N the syslog priority of its level.

    >>> record = logging.LogRecord("ui.app", logging.ERROR, "", 0, "unexpected", None, None)
    >>> JournalFormatter(FORMAT).format(record)
    '<3>ERROR ui.app: unexpected'
    """

    def format(self, record: logging.LogRecord) -> str:
        priority = next((p for level, p in sorted(PRIORITIES.items(), reverse=True)
                         if record.levelno >= level), 7)
        return f"<{priority}>{super().format(record)}"


def stderr_is_the_journal(env: Mapping[str, str] = os.environ, stream=None) -> bool:
    """Whether stderr is the stream systemd connected to the journal (``JOURNAL_STREAM``)."""
    device, _, inode = env.get("JOURNAL_STREAM", "").partition(":")
    if not (device.isdigit() and inode.isdigit()):
        return False
    try:
        stat = os.fstat((stream or sys.stderr).fileno())
    except (OSError, ValueError, AttributeError):
        return False
    return (stat.st_dev, stat.st_ino) == (int(device), int(inode))


def level_name(text: str) -> str | None:
    """``text`` as one of LEVELS (any case), or None if it is not one."""
    name = text.strip().upper()
    return name if name in LEVELS else None


def set_up(level: str | None = None, env: Mapping[str, str] = os.environ) -> None:
    """Log at ``level`` (else ``$COMPANION_LOG``, else INFO) to stderr, with journal priorities
    when stderr is the journal. An unknown level is not fatal (a bad environment must not stop
    a service): INFO is used and one warning says so."""
    source = "--log-level" if level is not None else "COMPANION_LOG"
    wanted = level if level is not None else env.get("COMPANION_LOG") or "INFO"
    handler = logging.StreamHandler(sys.stderr)
    formatter = JournalFormatter if stderr_is_the_journal(env) else logging.Formatter
    handler.setFormatter(formatter(FORMAT))
    name = level_name(wanted)
    logging.basicConfig(level=name or "INFO", handlers=[handler])
    if name is None:
        logging.getLogger(__name__).warning("%s=%r is not a log level (%s): using INFO", source,
                                            wanted, ", ".join(LEVELS))
