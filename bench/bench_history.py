"""History with 10,000 stored games: from pushing the History screen to its first frame shown,
against two peers measured the same way in the same run: pushing a fresh home screen and
drawing it, and a minimal pygame frame (fill, twelve lines of text, present). Also: the
Citadels filter tapped, and the jump to the oldest page. Text caches are emptied before every
sample, so each one draws its rows' text from scratch, as a first look does."""

from __future__ import annotations

import json
import os
import random
import time
from dataclasses import replace
from pathlib import Path

from common import emit, scratch_dir, summary

GAMES = 10_000
RUNS = 15
KINDS = ("citadels", "troyes", "tiletum", "citadels-score", "troyes-score", "tiletum-score")


def make_app():
    from ui.compose import build_app
    from ui.config import load_config

    data = Path(scratch_dir())
    config = replace(load_config(data / "none.toml"), data_dir=data, language="en")
    return build_app(config, headless=True, env={"COMPANION_HW": "mock"})


def fill(store, games: int) -> None:
    """``games`` sessions (a quarter in progress, one in fifty damaged) with a few decisions
    each, written straight into the tables in one transaction."""
    rng = random.Random(7)
    sessions, decisions = [], []
    for i in range(1, games + 1):
        kind = KINDS[i % len(KINDS)]
        names = [f"Player {n}" for n in range(1, rng.randint(3, 8) + 1)]
        config = ({"players": [{"name": n} for n in names]} if kind.endswith("-score")
                  else {"names": names, "edition": "2016"})
        day = f"2025-{1 + i * 12 // (games + 1):02d}-{1 + i % 28:02d}T20:{i % 60:02d}:00Z"
        finished = i % 4 != 0
        result = json.dumps({"game": kind.removesuffix("-score"), "winner": names[0]}) \
            if finished else None
        sessions.append((i, kind, json.dumps(config), i, day, day if finished else None, result,
                         2, day, i, json.dumps({"round": 1 + i % 6}),
                         "config" if i % 50 == 0 else None))
        decisions += [(i, seq, json.dumps({"type": "step", "n": seq})) for seq in range(5)]
    db = store._db
    db.execute("BEGIN")
    db.executemany("INSERT INTO sessions (id, game, config, seed, created_at, finished_at, "
                   "result, rng, played_at, touched, progress, damaged) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", sessions)
    db.executemany("INSERT INTO decisions (session_id, seq, payload) VALUES (?, ?, ?)",
                   decisions)
    db.execute("COMMIT")


def cold(app) -> None:
    """Forget every rendered and wrapped text (a first look draws them all)."""
    from ui import widgets

    app.fonts._texts.clear()
    widgets._wrapped.clear()
    widgets._fitted.clear()


def timed(app, action) -> float:
    cold(app)
    t0 = time.perf_counter()
    action()
    app.render()
    return (time.perf_counter() - t0) * 1000


def minimal_frame(app) -> None:
    """A plain pygame program's frame: fill the canvas, draw twelve lines, show it."""
    import pygame

    canvas = app.display.canvas
    canvas.fill((24, 28, 33))
    font = app.fonts.get(18)
    for i in range(12):
        canvas.blit(font.render(f"2025-03-{i + 1:02d}  ·  a line of text {i}", True,
                                (240, 240, 236)), (16, 16 + i * 36))
    app.display.present(None)
    pygame.event.pump()


def main() -> None:
    from ui.screens.history import HistoryScreen
    from ui.screens.home import HomeScreen

    app = make_app()
    fill(app.store, GAMES)
    assert app.store.count() == GAMES
    samples: dict[str, list[float]] = {k: [] for k in (
        "open_history", "peer_open_home", "peer_minimal_frame", "filter_citadels",
        "jump_to_oldest")}
    for _ in range(RUNS):
        samples["open_history"].append(timed(app, lambda: app.push(HistoryScreen(app))))
        screen = app.top
        samples["filter_citadels"].append(timed(app, lambda s=screen: s.set_filter("citadels")))
        samples["jump_to_oldest"].append(timed(app, lambda s=screen: s.scroll(GAMES)))
        assert screen.items and screen.offset == screen.total - screen.visible_rows
        app.pop()
        samples["peer_open_home"].append(timed(app, lambda: app.push(HomeScreen(app))))
        app.pop()
        t0 = time.perf_counter()
        minimal_frame(app)
        samples["peer_minimal_frame"].append((time.perf_counter() - t0) * 1000)
    app.close()
    results = {k: summary(v) for k, v in samples.items()}
    history = results["open_history"]["median_ms"]
    emit("history_first_frame", games=GAMES, target_ms=50.0,
         ratio_to_home=round(history / results["peer_open_home"]["median_ms"], 2),
         ratio_to_minimal_frame=round(history / results["peer_minimal_frame"]["median_ms"], 2),
         **results)


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    main()
