"""A log line that may come thousands of times a second (a noisy serial link) is written a few
times per window; the rest are counted and summed up once the window is over ("… 5,000 more in
the last 10 s"), so noise cannot fill the journal. Written here rather than taken from a
library: the standard ``logging`` has no rate limit, and this is a dozen lines.

>>> t = [0.0]
>>> lines = []
>>> limit = RateLimit(lambda text, *args: lines.append(text % args), burst=2, window=10,
...                   clock=lambda: t[0])
>>> for _ in range(5):
...     limit("error %s", "x")
>>> t[0] = 11.0
>>> limit("error %s", "y")
>>> lines
['error x', 'error x', '… 3 more in the last 10 s', 'error y']
"""

from __future__ import annotations

import time
from collections.abc import Callable


class RateLimit:
    """Calls ``write(text, *args)`` at most ``burst`` times per ``window`` seconds."""

    def __init__(self, write: Callable[..., None], burst: int = 5, window: float = 10.0,
                 clock: Callable[[], float] = time.monotonic):
        self.write, self.burst, self.window, self.clock = write, burst, window, clock
        self._start = -window
        self._written = self._skipped = 0

    def __call__(self, text: str, *args) -> None:
        now = self.clock()
        if now - self._start >= self.window:
            if self._skipped:
                self.write("… %s more in the last %g s", f"{self._skipped:,}", self.window)
            self._start, self._written, self._skipped = now, 0, 0
        if self._written < self.burst:
            self._written += 1
            self.write(text, *args)
        else:
            self._skipped += 1
