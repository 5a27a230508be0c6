"""The command line's parser class: a mistake is one line on stderr and exit code 2 (not
argparse's usage block), named after the command it was made in."""

from __future__ import annotations

import argparse
import sys


class OneLineParser(argparse.ArgumentParser):
    def error(self, message):
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)
