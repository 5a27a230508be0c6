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


def simulate_game(edition: str, players: int, characters: str | Sequence[str], crown: int,
                  seed: int, max_rounds: int = 30) -> dict[str, Any]:
    """A whole game with seeded random legal decisions. Cities are completed rarely (from
    round 3 on, or whenever the round limit is near), so games last a realistic few rounds."""
    session, game = simulate_session(edition, players, characters, crown, seed, max_rounds)
    return game_trace(game, tuple(session.config["characters"]))


def simulate_session(edition: str, players: int, characters: str | Sequence[str], crown: int,
                     seed: int, max_rounds: int = 30, complete_from: int = 3):
    """The game ``simulate_game`` plays, as a stored session and its last state; no city is
    completed before round ``complete_from`` (unless the round limit is reached)."""
    from ..session import Session
    from .calling import CompleteCity, Look
    from .game import CitadelsRules, apply as apply_game, encode, legal as legal_game

    rng = Rng(seed)
    ids = character_set(edition, players, characters, rng.fork("characters"))
    config = {"edition": edition, "players": players, "characters": list(ids), "crown": crown}
    game = CitadelsRules().initial(config, seed)
    choices = rng.fork("choices")
    decisions = []
    while not game.over:
        options = legal_game(game)
        completing = [d for d in options if isinstance(d, CompleteCity)]
        others = [d for d in options if not isinstance(d, (CompleteCity, Look))]
        urgent = game.number >= max_rounds
        if completing and (urgent or (game.number >= complete_from
                                      and choices.randrange(40) == 0)):
            decision = choices.choice(completing)
        else:
            decision = choices.choice(others)
        game = apply_game(game, decision)
        decisions.append(encode(decision))
    return Session("citadels", config, seed, tuple(decisions)), game


def game_trace(game, ids) -> dict[str, Any]:
    """The public story of a finished game, round by round."""
    setup = game.setup
    rounds = []
    for result in game.rounds:
        calls = []
        events = result.events
        for e in events:
            if e.kind not in ("nobody", "silent", "reveal"):
                continue
            following = [f for f in events if f.rank == e.rank]
            calls.append({
                "rank": e.rank,
                "character": next(c for c in ids if _rank(setup.edition, c) == e.rank),
                "holder": e.seat,
                "silent": e.kind == "silent",
                "bewitched": any(f.kind == "bewitched" for f in following),
                "robbed": any(f.kind == "robbed" for f in following),
            })
        rounds.append({
            "round": result.number,
            "draft": {str(s): [c for c, h in result.holders if h == s]
                      for s in range(1, setup.players + 1)},
            "calls": calls,
            "crown_after": result.crown_after,
            "completed": [e.seat for e in events if e.kind == "completed"],
        })
    return {
        "edition": setup.edition, "players": setup.players, "characters": list(ids),
        "rounds": rounds,
        "completion_order": list(game.completion_order()),
        "final_characters": {str(s): [c for c, h in game.final_characters() if h == s]
                             for s in range(1, setup.players + 1)},
    }


def _rank(edition: str, character_id: str) -> int:
    from .catalogue import rank_of

    return rank_of(edition, character_id)
