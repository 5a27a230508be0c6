"""Troyes' commands: ``companion score troyes FILE`` and ``companion roll troyes ...`` (every
district's dice and the black dice)."""

from __future__ import annotations

import argparse

from .parser import whole
from .roll import print_json
from .score import PLAYERS_FILE, ScoreCommand


def counts(text: str) -> list[int]:
    """'2,1,0' -> [2, 1, 0], each 0 to MAX_CITIZENS (a player has no more citizens, so no
    more dice in a building); argparse reports anything else as one line."""
    from companion.troyes.economy import MAX_CITIZENS  # deferred: start-up time

    try:
        values = [int(v) for v in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give whole numbers separated by commas") from None
    if any(v < 0 for v in values):
        raise argparse.ArgumentTypeError(f"{text!r}: citizens cannot be negative")
    if any(v > MAX_CITIZENS for v in values):
        raise argparse.ArgumentTypeError(
            f"{text!r}: at most {MAX_CITIZENS} citizens in a building (a player has "
            f"{MAX_CITIZENS})")
    return values


def black_dice(text: str) -> int:
    """An argparse type: 0 to MAX_BLACK, the black dice the events may add in a round."""
    from companion.troyes.readings import MAX_BLACK  # deferred: start-up time

    return whole(0, MAX_BLACK)(text)


class TroyesRoll:
    """``companion roll troyes``: every district's dice and the black dice."""

    def add_to(self, games) -> None:
        troyes = games.add_parser("troyes", help="Troyes: every district's dice and the black dice")
        for name, text in (("--town-hall", "yellow dice: citizens in the Town Hall, per player"),
                           ("--bishopric", "white dice: citizens in the Bishopric, per player"),
                           ("--palace", "red dice: citizens in the Palace, per player")):
            troyes.add_argument(name, type=counts, required=True, help=text + " (e.g. 2,1,0)")
        troyes.add_argument("--neutral", type=counts, default=[0, 0, 0],
                            help="neutral citizens in the Town Hall, Bishopric, Palace "
                                 "(e.g. 1,1,1)")
        troyes.add_argument("--black", type=black_dice, default=0,
                            help="black dice from the events (0 to 12)")
        troyes.add_argument("--seed", type=int, required=True)
        troyes.add_argument("--json", action="store_true", help="print JSON (the default too)")
        troyes.set_defaults(run=self.run)

    @staticmethod
    def run(args: argparse.Namespace) -> int:
        from companion.rng import Rng  # deferred: start-up time (only this command)
        from companion.troyes.dice import roll_board  # deferred: as above

        return print_json(lambda: troyes_json(roll_board(
            args.town_hall, args.bishopric, args.palace, args.neutral, args.black,
            Rng(args.seed).fork("troyes-dice")), args.seed))


def die_json(die) -> dict:
    return {"colour": die.colour, "pip": die.pip}



def troyes_json(board, seed: int) -> dict:
    return {"game": "troyes", "seed": seed,
            "players": [{"seat": seat, "dice": [die_json(d) for d in board.district(seat)]}
                        for seat in range(1, len(board.players) + 1)],
            "neutral": [die_json(d) for d in board.neutral],
            "black": [die_json(d) for d in board.black]}


SCORE = ScoreCommand("troyes", "Troyes final scoring", PLAYERS_FILE)
ROLL = TroyesRoll()
