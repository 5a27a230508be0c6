"""``companion score citadels FILE --json``: final scoring from a JSON description of the
cities (``-`` reads standard input). Bad input: one line on stderr, exit code 2.

Input::

    {"edition": "2016" | "classic",
     "players": [{"name": "Mina", "city": ["manor", ...], "decorated": [...],
                  "completed": null | 1 | 2 | ..., "gold": 0, "hand": 0, "museum": 0,
                  "secret_vault": false, "crown": false, "characters": ["king"],
                  "built_last_round": [...]}]}

Only ``name`` and ``city`` are required.
"""

from __future__ import annotations

import argparse
import json
import sys

from companion.errors import RuleError

from .cli_parser import OneLineParser

HELP = "final scoring of a game described in a JSON file (docs/scoring.md)"


def configure(parser: argparse.ArgumentParser) -> None:
    """The ``score`` command's arguments."""
    games = parser.add_subparsers(dest="game", required=True, parser_class=OneLineParser)
    citadels = games.add_parser("citadels", help="Citadels final scoring")
    citadels.add_argument("file", help="the cities as JSON (see docs/scoring.md), or - for stdin")
    citadels.add_argument("--json", action="store_true", help="print the result as JSON")
    citadels.add_argument("--faq-tiebreak", action="store_true",
                          help="classic: break ties by the published FAQ (district value, "
                               "then gold), which the rulebook does not have")
    for name in ("troyes", "tiletum"):
        game = games.add_parser(name, help=f"{name.title()} final scoring")
        game.add_argument("file", help="the players as JSON (see docs/scoring.md), or - for stdin")
        game.add_argument("--json", action="store_true", help="print the result as JSON")


def score_players_game(game: str, text: str) -> dict:
    """Troyes or Tiletum: ``{"players": [...]}`` scored, as JSON (RuleError for bad input)."""
    from importlib import import_module

    scoring = import_module(f"companion.{game}.scoring")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RuleError(f"malformed JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
                        ) from None
    return scoring.result_json(scoring.score_game(scoring.read_players(data)))


def run(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    except OSError as exc:
        print(f"companion score: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        if args.game in ("troyes", "tiletum"):
            data = score_players_game(args.game, text)
        else:
            from companion.citadels import scoring  # only here: the app's start-up skips it

            edition, players = scoring.read_input(text)
            data = scoring.result_json(scoring.score_game(edition, players,
                                                          faq_tiebreak=args.faq_tiebreak))
    except RuleError as exc:
        print(f"companion score: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    by_name = {p["name"]: p for p in data["players"]}
    for place, name in enumerate(data["ranking"], 1):
        p = by_name[name]
        parts = ", ".join(f"{k.replace('_', ' ')} {v['total'] if isinstance(v, dict) else v}"
                          for k, v in p["breakdown"].items() if not isinstance(v, str)
                          and k not in ("decorations", "city_count") and v is not None)
        print(f"{place}. {p['name']}: {p['total']} ({parts})")
    if data.get("tie_break"):
        print(data["tie_break"])
    return 0
