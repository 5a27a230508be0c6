"""Spoken calls through espeak-ng, when it is installed and sound is on; silent otherwise.

Only public words are ever passed in (the callers build them from public views). Speaking
never blocks the loop: the previous utterance is cut short when a new one starts.
"""

from __future__ import annotations

import logging
import shutil
from collections.abc import Callable

log = logging.getLogger(__name__)

VOICES = {"en": "en", "ko": "ko"}


class Speaker:
    """Says short public sentences aloud in the UI language."""

    def __init__(self, enabled: Callable[[], bool], program: str | None = "espeak-ng",
                 which: Callable[[str], str | None] = shutil.which):
        self.enabled = enabled
        self.program = program
        self._which = which
        self._process = None  # the espeak-ng saying the last sentence

    def _path(self) -> str | None:
        return self._which(self.program) if self.program else None

    @property
    def available(self) -> bool:
        return self._path() is not None

    def say(self, text: str, language: str) -> bool:
        """Speak ``text`` (cutting off anything still being said); False if silent."""
        if not text or not self.enabled():
            return False
        path = self._path()
        if path is None:
            return False
        self.stop()
        import subprocess  # here: start-up does not wait for it

        try:
            self._process = subprocess.Popen(
                [path, "-v", VOICES.get(language, "en"), "--", text],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError as exc:  # a broken install must not stop the game
            log.warning("cannot run %s: %s", self.program, type(exc).__name__)
            return False
        return True

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
        self._process = None

    def close(self) -> None:
        self.stop()
