"""``companion simulate GAME ...``: seeded random play printed as a trace; the games are the
registry's with a ``simulate`` command (Citadels' drafts and whole games)."""

from __future__ import annotations

import argparse

from .. import registry
from .parser import OneLineParser


HELP = "seeded random Citadels drafts and games, as text or JSON traces"


def configure(parser: argparse.ArgumentParser) -> None:
    """The ``simulate`` command's arguments: the subcommands of the games that have it."""
    games = parser.add_subparsers(dest="game", required=True, parser_class=OneLineParser)
    for _, command in registry.commands("simulate"):
        command.add_to(games)
