"""``companion simulate citadels-draft ...``: a seeded random draft printed as a JSON trace."""

from __future__ import annotations

import argparse
import json

from companion.errors import RuleError

from . import registry
from .cli_io import fail
from .cli_parser import OneLineParser, whole


HELP = "seeded random Citadels drafts and games, as text or JSON traces"


def configure(parser: argparse.ArgumentParser) -> None:
    """The ``simulate`` command's arguments: the subcommands of the games that have it."""
    games = parser.add_subparsers(dest="game", required=True, parser_class=OneLineParser)
    for _, command in registry.commands("simulate"):
        command.add_to(games)


def player_count(text: str) -> int:
    """An argparse type: the engine's player counts (outside them a random set is never found)."""
    from companion.citadels.charset import MAX_PLAYERS, MIN_PLAYERS

    return whole(MIN_PLAYERS, MAX_PLAYERS)(text)


class CitadelsSimulate:
    """``citadels-draft`` and ``citadels-game``."""

    @staticmethod
    def add_to(games) -> None:
        for name, text in (("citadels-draft", "one Citadels character draft"),
                           ("citadels-game", "a whole Citadels game: drafts and callings")):
            game = games.add_parser(name, help=text)
            game.add_argument("--edition", choices=("2016", "classic"), required=True)
            game.add_argument("--players", type=player_count, required=True, help="2 to 8")
            game.add_argument("--characters", default="first-game",
                              help="first-game, random, or comma-separated character ids")
            game.add_argument("--crown", type=int, default=1,
                              help="seat holding the crown (1..N)")
            game.add_argument("--seed", type=int, required=True)
            game.add_argument("--json", action="store_true", help="print the trace as JSON")
            game.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from companion.citadels.simulate import simulate_draft, simulate_game

    simulate = simulate_draft if args.game == "citadels-draft" else simulate_game
    try:
        trace = simulate(args.edition, args.players, args.characters, args.crown, args.seed)
    except RuleError as exc:
        return fail("companion simulate", exc)
    if args.json or args.game == "citadels-game":
        print(json.dumps(trace, ensure_ascii=False, indent=None if args.json else 1))
    else:
        for step in trace["steps"]:
            print(f"seat {step['seat']} {step['action']}s {step['card']} "
                  f"from {', '.join(step['offered'])}")
        print("face up:", ", ".join(trace["face_up"]) or "none")
        for seat, ids in trace["result"].items():
            print(f"seat {seat}: {', '.join(ids)}")
    return 0


CITADELS = CitadelsSimulate()
