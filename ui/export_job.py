"""History written to a USB stick by a thread of its own (Settings → Export to USB), so the
loop goes on meanwhile: every tap is answered, the picture shows how far it got, systemd's
watchdog is fed by the loop as always, and Cancel stops it at the next game.

The thread reads the games through a connection of its own (``history_file.source_of``: the
UI's connection is the UI thread's alone) inside one read transaction, writes both files whole
(``history_file.written_whole``: nothing half written is left, even when cancelled) and
touches no pygame: it only asks the loop for a frame (``wake``) when the share done changes.
The UI thread reads ``done``, ``total`` and, once set, ``outcome``."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

from storage import history_file
from storage.store import save_reason

log = logging.getLogger(__name__)


class Cancelled(Exception):
    """The table tapped Cancel: the export stops, its files are not written."""


class ExportJob:
    """One export of History into ``folder`` (both files), started by ``start``."""

    def __init__(self, store, folder: Path, wake: Callable[[], None]):
        self.folder, self.wake = folder, wake
        self.source = history_file.source_of(store)  # here: a store in memory is copied now
        self.stem = "companion-history-" + time.strftime("%Y%m%d-%H%M")
        self.done = 0  # finished games looked at so far
        self.total = store.count(finished=True)  # the thread counts them again in its read
        self.outcome: tuple[str, dict] | None = None  # set last: ("written", {...}) …
        self._cancel = threading.Event()
        self._percent = -1
        self.thread = threading.Thread(target=self._run, name="usb-export", daemon=True)

    @property
    def names(self) -> tuple[str, str]:
        return f"{self.stem}.csv", f"{self.stem}.json"

    def start(self) -> None:
        self.thread.start()

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def running(self) -> bool:
        return self.outcome is None

    def _run(self) -> None:
        try:
            written = self._write()
        except Cancelled:
            log.info("export to %s cancelled", self.folder)
            outcome = ("cancelled", {})
        except history_file.NotAFile as exc:
            log.error("export to %s refused: %s", self.folder, exc)
            outcome = ("not_a_file", {"name": os.path.basename(exc.filename)})
        except OSError as exc:
            log.error("export to %s failed: %s", self.folder,
                      exc.strerror or type(exc).__name__)
            outcome = ("failed", {"reason": f"save_failed.{save_reason(exc)}"})
        except Exception as exc:  # a bug must not leave the screen waiting for ever
            log.exception("export to %s failed: %s", self.folder, type(exc).__name__)
            outcome = ("failed", {"reason": "save_failed.io"})
        else:
            log.info("History exported to %s (%d games)", self.folder, written)
            csv_name, json_name = self.names
            outcome = ("written", {"csv": csv_name, "json": json_name, "n": written})
        self.outcome = outcome
        self.wake()

    def _write(self) -> int:
        """Both files, whole, then synced to the stick; the games written."""
        csv_name, json_name = self.names
        with history_file.snapshot(self.source) as db:
            self.total = history_file.finished_count(db)
            self._progress(0)
            with history_file.written_whole(self.folder / csv_name) as table, \
                    history_file.written_whole(self.folder / json_name) as backup:
                written = history_file.write_backup(db, backup, self._progress, table)
            # (both in one pass; the backup is renamed into place, then the table)
        os.sync()  # on the stick, not only in the page cache, before "you can take it out"
        return written

    def _progress(self, done: int) -> None:
        """After each game: stop if cancelled; a frame when the share done moves by 1 %."""
        if self._cancel.is_set():
            raise Cancelled
        self.done = done
        percent = done * 100 // max(self.total, 1)
        if percent != self._percent:
            self._percent = percent
            self.wake()
