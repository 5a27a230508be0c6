"""Whole games of Troyes and Tiletum played by a seeded chooser, as the decisions a store holds:
long sessions for benchmarks and tests (Citadels has its own simulation, citadels/simulate.py).
"""

from __future__ import annotations

from .rng import Rng
from .tiletum import game as tiletum
from .troyes import game as troyes
from .troyes.readings import CURRENT as TROYES_READING

NAMES = [f"Player {n}" for n in range(1, 9)]


def played(rules, config: dict, seed: int, pick, end: int = 0) -> list[dict]:
    """A whole game of ``pick``'s choices (stored forms), less its last ``end`` decisions."""
    state, decisions = rules.initial(config, seed), []
    while legal := rules.legal(state):
        decision = pick(legal)
        state = rules.apply(state, decision)
        decisions.append(rules.encode(decision))
    return decisions[:len(decisions) - end]


def troyes_game(seed: int, end: int = 0) -> tuple[dict, int, list[dict]]:
    """A whole 4-player game from the starting placement of the rules read now, passing
    seldom."""
    rng = Rng(seed)
    config = {"players": 4, "citizens": [[0, 0, 0]] * 4, "neutral": [0, 0, 0], "first": 1,
              "rules": TROYES_READING.number, "names": NAMES[:4]}

    def pick(legal):
        acts = [d for d in legal if not isinstance(d, troyes.Pass)]
        return rng.choice(acts if acts and rng.randrange(10) else legal)  # 9 in 10: act
    return config, seed, played(troyes.TroyesRules(), config, seed, pick, end)


def tiletum_game(seed: int, order=(1, 2, 3, 4), end: int = 0) -> tuple[dict, int, list[dict]]:
    """A whole 4-player game (bonus markers and king moves now and then)."""
    rng = Rng(seed)
    config = {**tiletum.config_for(4, order, tiletum.DEFAULT_FESTIVALS, (0, 1, 1, 2, 2, 0)),
              "names": NAMES[:4]}

    def pick(legal):
        moves = [d for d in legal if not isinstance(d, tiletum.King)]
        return rng.choice(moves if moves and rng.randrange(6) else legal)
    return config, seed, played(tiletum.TiletumRules(), config, seed, pick, end)
