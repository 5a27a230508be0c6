"""The Tiletum dice bag and action wheel (RULES.md §3), pure and seeded.

The bag holds one die of each of the 5 colours per player; each round 8 / 11 / 14 dice (2 / 3 / 4
players) are drawn, rolled and put on the wedge of their pip. The wheel's six actions lie in the
order Architect, Merchant, Character, Contract, King, Joker around it; its orientation is random at
setup and turns one step clockwise at each clean-up. Convention here: in round r the action on
pip p is ``ACTIONS[(p - 1 - offset - (r - 1)) % 6]``, i.e. each action moves one pip up per round
(the seeds do not say which way the pips run; only the step per round matters at the table).

>>> from companion.rng import Rng
>>> dice = draw(3, 2, Rng(4))
>>> len(dice), sorted({d.colour for d in dice}) <= sorted(COLOURS)
(11, True)
>>> take_gain(TileDie("yellow", 5), offset=0, round_number=1, bonus=1)
Gain(resource='gold', amount=5, action='King', ap=3)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..data import package_json
from ..errors import IllegalDecision
from ..rng import Rng, Seed

COLOURS = ("blue", "pink", "yellow", "grey", "black")
RESOURCE = {"blue": "iron", "pink": "food", "yellow": "gold", "grey": "wool", "black": "stone"}
ACTIONS = ("Architect", "Merchant", "Character", "Contract", "King", "Joker")
DRAWN = {2: 8, 3: 11, 4: 14}
ROUNDS = 4
PIP_CHANGE_GOLD = 2
MAX_PIP_STEPS = 3  # 6 and 1 wrap: every pip is at most 3 steps away one way or the other
AP_BASE = 7  # a die gives 7 - pip action points
START_GOLD = (1, 3, 5, 6)  # by turn order
START_RESOURCES = {"iron": 1, "wool": 1, "stone": 1, "food": 1}
CORRUPTION_VALUES = (0, 1, 2)
CORRUPTION_TOKENS = 6
CORRUPTION_DRAWN = 3


@dataclass(frozen=True, order=True)
class TileDie:
    colour: str
    pip: int = 1


def check_players(players: int) -> None:
    if players not in DRAWN:
        raise IllegalDecision("Tiletum is for 2 to 4 players", code="tiletum.players",
                              low=min(DRAWN), high=max(DRAWN), count=players)


def bag(players: int) -> tuple[str, ...]:
    """One die of each colour per player."""
    check_players(players)
    return COLOURS * players


def draw(players: int, round_number: int, rng: Rng) -> tuple[TileDie, ...]:
    """This round's dice: drawn at random from the bag, then rolled."""
    if not 1 <= round_number <= ROUNDS:
        raise IllegalDecision(f"Tiletum has rounds 1 to {ROUNDS}", code="tiletum.round",
                              low=1, high=ROUNDS)
    drawn = rng.shuffle(bag(players))[:DRAWN[players]]
    return tuple(TileDie(colour, rng.roll(what=colour)) for colour in drawn)


def wheel_offset(seed: int | Seed) -> int:
    """The wheel's random orientation at setup, from the game's seed."""
    return Rng(seed).fork("wheel").randrange(6)


def round_dice(players: int, round_number: int, seed: int | Seed) -> tuple[TileDie, ...]:
    """The dice a game with ``seed`` draws and rolls in that round (its own random stream, so
    ``companion roll tiletum`` shows what the device shows)."""
    return draw(players, round_number, Rng(seed).fork(f"round-{round_number}"))


def action_at(pip: int, offset: int, round_number: int) -> str:
    """The action on the wedge of ``pip`` this round (``offset``: the setup orientation)."""
    return ACTIONS[(pip - 1 - offset - (round_number - 1)) % 6]


def orientation(offset: int, round_number: int) -> dict[int, str]:
    """Every pip's action this round."""
    return {pip: action_at(pip, offset, round_number) for pip in range(1, 7)}


def change_pip(die: TileDie, steps: int) -> tuple[TileDie, int]:
    """The die turned ``steps`` pips up (negative: down), 6 and 1 wrapping round, and the gold
    it costs (2 per step). The change is permanent: the die moves to that pip's wedge."""
    pip = (die.pip - 1 + steps) % 6 + 1
    return TileDie(die.colour, pip), PIP_CHANGE_GOLD * abs(steps)


def action_points(pip: int) -> int:
    """The AP a die of ``pip`` gives (printed on the wheel): 7 - pip."""
    return AP_BASE - pip


@dataclass(frozen=True)
class Gain:
    resource: str
    amount: int
    action: str
    ap: int


def gain_of(die: TileDie, action: str, bonus: int = 0) -> Gain:
    """Taking ``die`` to perform ``action``: resources of its colour equal to its pip, and
    7 - pip action points plus the player's ``bonus`` markers for that action."""
    return Gain(RESOURCE[die.colour], die.pip, action, action_points(die.pip) + bonus)


def take_gain(die: TileDie, offset: int, round_number: int, bonus: int = 0) -> Gain:
    """Taking a die to perform its wedge's action."""
    return gain_of(die, action_at(die.pip, offset, round_number), bonus)


def corruption_tokens() -> tuple[int, ...]:
    """The six corruption tokens' values from the data file (not in the seeds: flagged there)."""
    return tuple(package_json(__package__, "corruption.json")["tokens"])


def valid_corruption(tokens) -> bool:
    """Six tokens, each showing 0, 1 or 2."""
    return len(tokens) == CORRUPTION_TOKENS and all(t in CORRUPTION_VALUES for t in tokens)


def check_corruption(tokens) -> None:
    if not valid_corruption(tokens):
        raise IllegalDecision("six corruption tokens, each 0, 1 or 2", code="tiletum.corruption",
                              n=CORRUPTION_TOKENS, high=max(CORRUPTION_VALUES))


def corruption_draw(tokens: tuple[int, ...], rng: Rng) -> tuple[int, ...]:
    """The 3 tokens drawn face down this round, in the order they are revealed (one at the
    start of each pass: "king track: everyone moves N left")."""
    check_corruption(tokens)
    return rng.shuffle(tokens)[:CORRUPTION_DRAWN]


def round_tokens(tokens: tuple[int, ...], round_number: int, seed: int | Seed) -> tuple[int, ...]:
    """The corruption tokens a game with ``seed`` draws in that round, in reveal order."""
    return corruption_draw(tuple(tokens), Rng(seed).fork(f"corruption-{round_number}"))
