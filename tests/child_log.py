"""The log of an app started as a child process, read in a thread, so that waiting for a line
has a deadline: a child that hangs silently fails the test instead of hanging the test run."""

from __future__ import annotations

import threading
import time


class ChildLog:
    """Every line the child writes to ``stream`` (its stderr), as it comes."""

    def __init__(self, stream):
        self.lines: list[str] = []
        self._changed = threading.Condition()
        self._ended = False
        self._reader = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._reader.start()

    def _read(self, stream) -> None:
        for line in stream:
            with self._changed:
                self.lines.append(line)
                self._changed.notify_all()
        with self._changed:
            self._ended = True
            self._changed.notify_all()

    def wait_for(self, text: str, seconds: float = 60) -> bool:
        """Whether a line containing ``text`` came within ``seconds`` (False also when the
        child closed its log first)."""
        deadline = time.monotonic() + seconds
        with self._changed:
            while not any(text in line for line in self.lines):
                left = deadline - time.monotonic()
                if self._ended or left <= 0:
                    return False
                self._changed.wait(left)
            return True

    def rest(self, seconds: float = 30) -> str:
        """The whole log once the child has closed it (at most ``seconds`` from now)."""
        self._reader.join(seconds)
        with self._changed:
            return "".join(self.lines)
