"""``companion roll GAME ...``: the dice the device would roll, as JSON (seeded, so the same
seed rolls the same dice); the games are the registry's with a ``roll`` command. Bad
arguments: one line on stderr, exit code 2."""

from __future__ import annotations

import argparse
import json

from companion.errors import RuleError

from .. import registry
from .parser import OneLineParser
from .text_io import fail


HELP = "roll the dice of Troyes or Tiletum (seeded: the same dice as a game with that seed)"


def configure(parser: argparse.ArgumentParser) -> None:
    """The ``roll`` command's arguments: one subcommand per game that has it."""
    games = parser.add_subparsers(dest="game", required=True, parser_class=OneLineParser)
    for _, command in registry.commands("roll"):
        command.add_to(games)


def print_json(make) -> int:
    """Print what ``make()`` gives as JSON; a RuleError is one line and exit code 2."""
    try:
        data = make()
    except RuleError as exc:
        return fail("companion roll", exc)
    print(json.dumps(data))
    return 0
