"""Seeded random drafts, played out with random legal choices: traces for the CLI and tests.

>>> trace = simulate_draft("2016", 4, "first-game", crown=1, seed=7)
>>> sorted(len(ids) for ids in trace["result"].values())
[1, 1, 1, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..rng import Rng
from .charset import first_game, random_set
from .draft import DraftSetup, apply, legal, start


def character_set(edition: str, players: int, spec: str | Sequence[str], rng: Rng) -> tuple[str, ...]:
    """'first-game', 'random', or explicit ids (a comma-separated string or a sequence)."""
    if spec == "first-game":
        return first_game(edition, players)
    if spec == "random":
        return random_set(edition, players, rng)
    ids = spec.split(",") if isinstance(spec, str) else list(spec)
    return tuple(i.strip() for i in ids if i.strip())


def simulate_draft(edition: str, players: int, characters: str | Sequence[str], crown: int,
                   seed: int) -> dict[str, Any]:
    """One whole draft; every step says exactly which cards that seat was shown."""
    rng = Rng(seed)
    setup = DraftSetup(edition, players, character_set(edition, players, characters,
                                                       rng.fork("characters")), crown)
    state = start(setup, rng.fork("draft"))
    choices = rng.fork("choices")
    trace: dict[str, Any] = {
        "edition": edition, "players": players, "crown": crown, "seed": seed,
        "characters": list(setup.characters), "face_up": list(state.face_up),
        "face_down_count": len(state.face_down), "steps": [],
    }
    while not state.finished:
        offered = state.offered()
        decision = choices.choice(legal(state))
        trace["steps"].append({"seat": decision.seat, "offered": list(offered),
                               "action": state.turn.action, "card": decision.character})
        state = apply(state, decision)
    trace["face_down_count"] = len(state.face_down)
    trace["result"] = {str(seat): list(state.hand(seat)) for seat in range(1, players + 1)}
    return trace
