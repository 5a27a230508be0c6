"""``companion roll troyes ...``: the dice the device would roll, as JSON (seeded, so the same
seed rolls the same dice). Bad arguments: one line on stderr, exit code 2."""

from __future__ import annotations

import argparse
import json

from companion.errors import RuleError

from . import registry
from .cli_io import fail
from .cli_parser import OneLineParser, whole


def counts(text: str) -> list[int]:
    """'2,1,0' -> [2, 1, 0], each 0 to MAX_CITIZENS (a player has no more citizens, so no
    more dice in a building); argparse reports anything else as one line."""
    from companion.troyes.economy import MAX_CITIZENS  # only here: the app's start-up skips it

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
    from companion.troyes.state import MAX_BLACK

    return whole(0, MAX_BLACK)(text)


HELP = "roll the dice of Troyes or Tiletum (seeded: the same dice as a game with that seed)"


def configure(parser: argparse.ArgumentParser) -> None:
    """The ``roll`` command's arguments: one subcommand per game that has it."""
    games = parser.add_subparsers(dest="game", required=True, parser_class=OneLineParser)
    for _, command in registry.commands("roll"):
        command.add_to(games)


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
        from companion.rng import Rng
        from companion.troyes.dice import roll_board

        return print_json(lambda: troyes_json(roll_board(
            args.town_hall, args.bishopric, args.palace, args.neutral, args.black,
            Rng(args.seed).fork("troyes-dice")), args.seed))


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


def print_json(make) -> int:
    """Print what ``make()`` gives as JSON; a RuleError is one line and exit code 2."""
    try:
        data = make()
    except RuleError as exc:
        return fail("companion roll", exc)
    print(json.dumps(data))
    return 0


def roll_tiletum(players: int, round_number: int, seed: int) -> dict:
    """The wheel for that round (its setup orientation comes from the seed) and the dice drawn
    from the bag and rolled, each with its wedge, action, AP and resources."""
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


def die_json(die) -> dict:
    return {"colour": die.colour, "pip": die.pip}



def troyes_json(board, seed: int) -> dict:
    return {"game": "troyes", "seed": seed,
            "players": [{"seat": seat, "dice": [die_json(d) for d in board.district(seat)]}
                        for seat in range(1, len(board.players) + 1)],
            "neutral": [die_json(d) for d in board.neutral],
            "black": [die_json(d) for d in board.black]}


TROYES, TILETUM = TroyesRoll(), TiletumRoll()
