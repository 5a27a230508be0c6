"""Tiletum's commands: ``companion score tiletum FILE`` and ``companion roll tiletum ...`` (the
wheel and a round's dice, as a game with that seed rolls them)."""

from __future__ import annotations

import argparse

from .roll import print_json
from .score import PLAYERS_FILE, ScoreCommand


class TiletumRoll:
    """``companion roll tiletum``: the wheel and this round's dice."""

    def add_to(self, games) -> None:
        tiletum = games.add_parser("tiletum", help="Tiletum: the wheel and this round's dice")
        tiletum.add_argument("--players", type=int, required=True, help="2 to 4")
        tiletum.add_argument("--round", type=int, required=True, help="1 to 4")
        tiletum.add_argument("--seed", type=int, required=True)
        tiletum.add_argument("--json", action="store_true", help="print JSON (the default too)")
        tiletum.set_defaults(run=self.run)

    @staticmethod
    def run(args: argparse.Namespace) -> int:
        return print_json(lambda: roll_tiletum(args.players, args.round, args.seed))


def roll_tiletum(players: int, round_number: int, seed: int) -> dict:
    """The wheel for that round (its setup orientation comes from the seed) and the dice drawn
    from the bag and rolled, each with its wedge, action, AP and resources."""
    # deferred: start-up time (only this command)
    from companion.tiletum.wheel import orientation, round_dice, take_gain, wheel_offset

    offset = wheel_offset(seed)
    dice = round_dice(players, round_number, seed)
    gains = [take_gain(d, offset, round_number) for d in dice]
    return {"game": "tiletum", "seed": seed, "players": players, "round": round_number,
            "wheel": {str(pip): action for pip, action in orientation(offset,
                                                                      round_number).items()},
            "dice": [{"colour": d.colour, "pip": d.pip, "wedge": d.pip, "action": g.action,
                      "ap": g.ap, "resources": {g.resource: g.amount}}
                     for d, g in zip(dice, gains)]}


SCORE = ScoreCommand("tiletum", "Tiletum final scoring", PLAYERS_FILE)
ROLL = TiletumRoll()
