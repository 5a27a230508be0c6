"""The command line's parser class: a mistake is one line on stderr and exit code 2 (not
argparse's usage block), named after the command it was made in.

>>> whole(0, 12)("13")
Traceback (most recent call last):
argparse.ArgumentTypeError: '13': give a whole number from 0 to 12
"""

from __future__ import annotations

import argparse

from .text_io import fail


def whole(low: int, high: int):
    """An argparse type: a whole number from ``low`` to ``high``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{text!r}: give a whole number from {low} to {high}")
        return value
    return parse


class OneLineParser(argparse.ArgumentParser):
    def error(self, message):
        raise SystemExit(fail(self.prog, message))
