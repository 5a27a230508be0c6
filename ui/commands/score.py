"""``companion score GAME FILE --json``: final scoring from a JSON description of the players
(``-`` reads standard input); the games are the registry's with a ``score`` command (formats in
docs/scoring.md). Bad input: one line on stderr, exit code 2."""

from __future__ import annotations

import argparse
import json
from importlib import import_module

from companion.errors import RuleError
from companion.players import read_json
from companion.records import places

from .. import registry
from .parser import OneLineParser
from .text_io import InputError, fail, read_text

HELP = "final scoring of a game described in a JSON file (docs/scoring.md)"
MAX_INPUT = 1_000_000
"""Bytes a score input may have (a real one has a few hundred): /dev/zero is refused quickly."""


def configure(parser: argparse.ArgumentParser) -> None:
    """The ``score`` command's arguments: one subcommand per game that has it."""
    games = parser.add_subparsers(dest="game", required=True, parser_class=OneLineParser)
    for _, command in registry.commands("score"):
        command.add_to(games)


class ScoreCommand:
    """``companion score <game> FILE``: ``score(text, args)`` gives the result as JSON;
    ``scoring``: the module with the game's ``read_players``, ``score_game`` and
    ``result_json`` (default: ``companion.<game>.scoring``)."""

    not_points: tuple[str, ...] = ()  # breakdown entries that are counts, not points

    def __init__(self, game: str, help: str, file_help: str, scoring: str | None = None):
        self.game, self.help, self.file_help = game, help, file_help
        self.scoring = scoring or f"companion.{game}.scoring"

    def add_to(self, games) -> argparse.ArgumentParser:
        parser = games.add_parser(self.game, help=self.help)
        parser.add_argument("file", help=self.file_help)
        parser.add_argument("--json", action="store_true", help="print the result as JSON")
        parser.set_defaults(run=self.run)
        return parser

    def score(self, text: str, args: argparse.Namespace) -> dict:
        """Troyes or Tiletum: ``{"players": [...]}`` scored, as JSON (RuleError for bad
        input)."""
        scoring = import_module(self.scoring)
        return scoring.result_json(scoring.score_game(scoring.read_players(
            read_json(text, RuleError))))

    def run(self, args: argparse.Namespace) -> int:
        try:
            data = self.score(read_text(args.file, MAX_INPUT, "a score input"), args)
        except (InputError, RuleError) as exc:
            return fail("companion score", exc)
        print(json.dumps(data, ensure_ascii=False) if args.json
              else summary(data, self.not_points))
        return 0


def summary(data: dict, not_points: tuple[str, ...] = ()) -> str:
    """The ranking as lines: place (shared by players level on points), name, total and the
    points by category (a breakdown's entries named in ``not_points`` are counts, not
    points)."""
    lines = []
    for p, place in places(data):
        parts = ", ".join(f"{k.replace('_', ' ')} {v['total'] if isinstance(v, dict) else v}"
                          for k, v in p["breakdown"].items() if not isinstance(v, str)
                          and k not in not_points and v is not None)
        lines.append(f"{place}. {p['name']}: {p['total']} ({parts})")
    if data.get("tie_break"):
        lines.append(data["tie_break"])
    return "\n".join(lines)


PLAYERS_FILE = "the players as JSON (see docs/scoring.md), or - for stdin"
