"""Draft engine throughput: whole random drafts per second, over every edition and player count."""

from __future__ import annotations

import time

from common import emit

from companion.citadels.catalogue import EDITIONS
from companion.citadels.charset import random_set
from companion.citadels.draft import DraftSetup, apply, legal, start
from companion.rng import Rng

SECONDS_PER_CONFIG = 0.5


def drafts_per_second(edition: str, players: int) -> float:
    rng = Rng(players)
    count, t0 = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - t0) < SECONDS_PER_CONFIG:
        setup = DraftSetup(edition, players, random_set(edition, players, rng), 1)
        state = start(setup, rng)
        while not state.finished:
            state = apply(state, rng.choice(legal(state)))
        count += 1
    return count / elapsed


def main() -> None:
    results = {f"{e}/{p}p": round(drafts_per_second(e, p)) for e in EDITIONS for p in range(2, 9)}
    emit("draft_engine", drafts_per_second=results, slowest=min(results.values()))


if __name__ == "__main__":
    main()
