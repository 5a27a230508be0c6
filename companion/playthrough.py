"""Whole games played by a seeded chooser, as the decisions a store holds: long sessions for
benchmarks and tests. Each game gives its own chooser (``troyes/playthrough.py``,
``tiletum/playthrough.py``; Citadels has its own simulation, citadels/simulate.py)."""

from __future__ import annotations

NAMES = [f"Player {n}" for n in range(1, 9)]


def played(rules, config: dict, seed: int, pick, end: int = 0) -> list[dict]:
    """A whole game of ``pick``'s choices (stored forms), less its last ``end`` decisions."""
    state, decisions = rules.initial(config, seed), []
    while legal := rules.legal(state):
        decision = pick(legal)
        state = rules.apply(state, decision)
        decisions.append(rules.encode(decision))
    return decisions[:len(decisions) - end]
