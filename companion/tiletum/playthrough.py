"""A whole Tiletum game played by a seeded chooser (companion/playthrough.py)."""

from __future__ import annotations

from ..playthrough import NAMES, played
from ..rng import Rng
from .game import DEFAULT_FESTIVALS, King, TiletumRules, config_for


def tiletum_game(seed: int, order=(1, 2, 3, 4), end: int = 0,
                 rules: int | None = None) -> tuple[dict, int, list[dict]]:
    """A whole 4-player game (bonus markers and king moves now and then), by the current
    reading or ``rules``."""
    rng = Rng(seed)
    config = {**config_for(4, order, DEFAULT_FESTIVALS, (0, 1, 1, 2, 2, 0)),
              "names": NAMES[:4]}
    if rules is not None:
        config["rules"] = rules

    def pick(legal):
        moves = [d for d in legal if not isinstance(d, King)]
        return rng.choice(moves if moves and rng.randrange(6) else legal)
    return config, seed, played(TiletumRules(), config, seed, pick, end)
