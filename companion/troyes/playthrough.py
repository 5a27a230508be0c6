"""A whole Troyes game played by a seeded chooser (companion/playthrough.py)."""

from __future__ import annotations

from ..playthrough import NAMES, played
from ..rng import Rng
from .game import Look, Pass, TroyesRules
from .readings import CURRENT


def troyes_game(seed: int, end: int = 0) -> tuple[dict, int, list[dict]]:
    """A whole 4-player game from the starting placement of the rules read now, passing
    seldom, looking never."""
    rng = Rng(seed)
    config = {"players": 4, "citizens": [[0, 0, 0]] * 4, "neutral": [0, 0, 0], "first": 1,
              "rules": CURRENT.number, "names": NAMES[:4]}

    def pick(legal):
        steps = [d for d in legal if not isinstance(d, Look)]  # a look changes nothing
        acts = [d for d in steps if not isinstance(d, Pass)]
        return rng.choice(acts if acts and rng.randrange(10) else steps)  # 9 in 10: act
    return config, seed, played(TroyesRules(), config, seed, pick, end)
