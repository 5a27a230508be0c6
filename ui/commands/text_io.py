"""Saying a command line's mistake in one line, and reading the text files it names; no
argparse here, so the app's start (ui/cli.py) can use them without importing it.

>>> one_line("a\\nb\\u200b")
'a\\\\nb\\\\u200b'
"""

from __future__ import annotations

import sys


def one_line(text: object) -> str:
    """``text`` with every character that is not printable (newlines, controls, zero-width)
    escaped, so a message about untrusted input stays one line."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(text))


def fail(prog: str, message: object) -> int:
    """Say ``message`` as one line on stderr after ``prog:``; the exit code 2."""
    print(f"{prog}: {one_line(message)}", file=sys.stderr)
    return 2


class InputError(Exception):
    """A file given on the command line cannot be read as text; the message says why."""


def read_text(name: str, limit: int | None = None, what: str = "this") -> str:
    """The text of file ``name`` (``-``: standard input), UTF-8, at most ``limit`` bytes
    (``what`` names the input in the message when it is bigger)."""
    where = "standard input" if name == "-" else name
    try:
        if name == "-":
            data = getattr(sys.stdin, "buffer", sys.stdin).read(-1 if limit is None else limit + 1)
        else:
            with open(name, "rb") as file:
                data = file.read(-1 if limit is None else limit + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise InputError(f"cannot read {where}: {getattr(exc, 'strerror', None) or exc}") from None
    if limit is not None and len(data) > limit:
        raise InputError(f"{where}: more than {limit} bytes, too big for {what}")
    try:
        return data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise InputError(f"{where}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
