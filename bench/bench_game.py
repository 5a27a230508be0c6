"""Whole Citadels games: how many random games the engine plays per second, and how long a
restart takes to rebuild a long game from its stored decisions (the resume path)."""

from __future__ import annotations

import statistics
import time

from common import emit

from companion.citadels.charset import first_game
from companion.citadels.game import CitadelsRules, apply, encode, legal
from companion.citadels.calling import CompleteCity
from companion.rng import Rng
from companion.session import Session

SECONDS = 1.0
ROUNDS = 10  # a long game: ten rounds before anyone completes a city


def long_session(players: int, seed: int, rounds: int = ROUNDS) -> Session:
    """A stored game of ``rounds`` rounds with random legal decisions."""
    rules, rng = CitadelsRules(), Rng(seed)
    config = {"edition": "2016", "players": players,
              "characters": list(first_game("2016", players)), "crown": 1}
    game, decisions = rules.initial(config, seed), []
    while not game.over:
        options = legal(game)
        closing = [d for d in options if isinstance(d, CompleteCity)]
        others = [d for d in options if not isinstance(d, CompleteCity)]
        decision = closing[0] if closing and game.number >= rounds else rng.choice(others)
        game = apply(game, decision)
        decisions.append(encode(decision))
    return Session("citadels", config, seed, tuple(decisions))


def main() -> None:
    rules = CitadelsRules()
    games, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < SECONDS:
        long_session(4 + games % 5, games)
        games += 1
    per_second = games / (time.perf_counter() - t0)
    replays = {}
    for players in (4, 8):
        session = long_session(players, 1)
        samples = []
        for _ in range(20):
            t = time.perf_counter()
            session.replay(rules)
            samples.append((time.perf_counter() - t) * 1000)
        replays[f"{players}p"] = {"decisions": len(session.decisions),
                                  "median_ms": round(statistics.median(samples), 2),
                                  "max_ms": round(max(samples), 2)}
    emit("citadels_game", ten_round_games_per_second=round(per_second, 1),
         resume_replay=replays)


if __name__ == "__main__":
    main()
