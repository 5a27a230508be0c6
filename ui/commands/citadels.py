"""Citadels' commands: ``companion score citadels FILE`` and ``companion simulate
citadels-draft|citadels-game ...``.

Score input::

    {"edition": "2016" | "classic",
     "players": [{"name": "Mina", "city": ["manor", ...], "decorated": [...],
                  "completed": null | 1 | 2 | ..., "gold": 0, "hand": 0, "museum": 0,
                  "secret_vault": false, "crown": false, "characters": ["king"],
                  "built_last_round": [...]}]}

Only ``name`` and ``city`` are required (docs/scoring.md). ``--quick``: the classic quick
game (seed 001's variant), where 7 districts complete a city.
"""

from __future__ import annotations

import argparse
import json

from companion.errors import RuleError

from .parser import whole
from .score import ScoreCommand
from .text_io import fail


class CitadelsScore(ScoreCommand):
    not_points = ("decorations", "city_count")  # already in the districts' points; a count

    def add_to(self, games) -> argparse.ArgumentParser:
        parser = super().add_to(games)
        parser.add_argument("--faq-tiebreak", action="store_true",
                            help="classic: break ties by the published FAQ (district value, "
                                 "then gold), which the rulebook does not have")
        parser.add_argument("--quick", action="store_true",
                            help="classic: the rulebook's quick game, where 7 districts "
                                 "complete a city (the completion bonuses too)")
        return parser

    def score(self, text: str, args: argparse.Namespace) -> dict:
        from companion.citadels import scoring  # deferred: start-up time (only this command)

        edition, players = scoring.read_input(text)
        return scoring.result_json(scoring.score_game(
            edition, players, faq_tiebreak=args.faq_tiebreak, quick=args.quick))


def player_count(text: str) -> int:
    """An argparse type: the engine's player counts (outside them a random set is never found)."""
    # deferred: start-up time (only this command)
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
    # deferred: start-up time (only this command)
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


SCORE = CitadelsScore("citadels", "Citadels final scoring",
                      "the cities as JSON (see docs/scoring.md), or - for stdin")
SIMULATE = CitadelsSimulate()
