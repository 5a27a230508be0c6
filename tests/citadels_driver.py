"""A seeded 'table' that plays Citadels on the device through its controls: it looks at the
screen on top and taps what a player would (script lines ``TAP @name`` / ``HOLD @name``, the
same path as a finger). Used by the UI flow tests, the power-cut test and the screenshots.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from conftest import play

SETUP = ["TAP @citadels", "EXPECT citadels-setup"]


def setup_lines(app, players: int, edition: str = "2016", characters=(),
                crown: int = 1, quick: bool = False, theater: bool = False) -> list[str]:
    """Play the setup screen (edition and its option: the classic quick game or the 2016
    Theater, player count, crown, characters chosen in the picker, start) and return its
    script lines."""
    lines = list(SETUP) + [f"TAP @edition-{edition}"] + ["TAP @quick"] * quick
    play(app, "\n".join(lines))
    setup = app.top
    if setup.theater != theater:  # (the last game's choice comes back)
        play(app, "TAP @theater")
        lines.append("TAP @theater")

    def tap(name):
        play(app, f"TAP @{name}")
        lines.append(f"TAP @{name}")

    while setup.players != players:
        tap("more" if setup.players < players else "fewer")
    while setup.crown != crown:
        tap("crown-next")
    if characters:
        tap("choose")
        for cid in characters:
            tap(cid)
        tap("done")
    assert tuple(sorted(setup.characters)) == tuple(sorted(characters or setup.characters))
    tap("start")
    return lines


class Table:
    """Chooses a control for whatever screen is on top. ``complete_from`` is the round from
    which someone may complete a city; ``undo_rate`` how often a step is undone and redone."""

    def __init__(self, app, seed: int, complete_from: int = 3, undo_rate: float = 0.0,
                 on_screen: Callable[[object], None] | None = None, low_targets: bool = False):
        self.app, self.rng = app, random.Random(seed)
        self.low_targets = low_targets  # name the lowest rank offered (calls it sooner)
        self.complete_from, self.undo_rate = complete_from, undo_rate
        self.on_screen = on_screen
        self.lines: list[str] = []
        self.undos = 0

    def visible(self, prefix: str = "") -> list[str]:
        return [b.name for b in self.app.top.buttons
                if b.visible and b.enabled and b.name.startswith(prefix) and b.name != "back"]

    def choose(self) -> list[str]:
        """The lines for one step on the screen now on top."""
        top, rng = self.app.top, self.rng
        name = top.name
        if name == "gate":
            return ["HOLD @player"]
        if name == "draft-private":
            return [f"TAP @{rng.choice(self.visible())}"]
        if name in ("draft-confirm", "undo"):
            return ["TAP @confirm"]
        if name in ("wipe", "round-summary"):
            return ["TAP @next"]
        if name == "city":
            return [f"TAP @{rng.choice(self.visible('seat'))}"]
        if name == "secret-tokens":
            if "none" in self.visible() and rng.random() < 0.1:
                return ["TAP @none"]
            ranks = rng.sample(self.visible("rank"), top.count)
            return [f"TAP @{r}" for r in ranks] + [f"TAP @real{rng.randrange(top.count)}",
                                                    "TAP @confirm"]
        if name == "calling":
            return [self.calling_step()]
        if name == "theater":  # an owner (now and then) and a partner, or no swap
            seats = self.visible("seat")
            if top.owner is not None or rng.random() < 0.3:
                return [f"TAP @{rng.choice(seats)}"]
            return ["TAP @no-swap"]
        if name in ("theater-give", "own"):
            shown = self.visible()
            return [f"TAP @{rng.choice([n for n in shown if n not in ('hide', 'confirm')])}",
                    "TAP @confirm"] if "confirm" in shown else ["TAP @done"]
        if name == "warrant":
            return [f"TAP @{rng.choice(self.visible())}"]
        raise AssertionError(f"the table does not know screen {name!r}")

    def calling_step(self) -> str:
        rng, c = self.rng, self.app.top.controller
        shown = self.visible()
        if "undo" in shown and rng.random() < self.undo_rate:
            self.undos += 1
            return "TAP @undo"
        options = [n for n in shown if n.startswith(("rank", "seat", "paid", "refused", "no-one",
                                                     "keep-threat"))]
        ranks = sorted((n for n in options if n.startswith("rank")), key=lambda n: int(n[4:]))
        if ranks and self.low_targets:
            return f"TAP @{ranks[0]}"
        if options:
            if "keep-threat" in options:
                options.append("reveal-threat")
            return f"TAP @{rng.choice(options)}"
        if "warrant-gate" in shown and rng.random() < 0.3:
            return "TAP @warrant-gate"
        if "private" in shown:
            return "TAP @private"
        reveals = [n for n in shown if n.startswith("reveal")]
        if reveals and rng.random() < 0.5:
            return f"TAP @{rng.choice(reveals)}"
        if "city" in shown and c.round_number >= self.complete_from and rng.random() < 0.15:
            return "TAP @city"
        return "TAP @end"

    def play(self, until: str | Callable[[object], bool] = "game-over",
             limit: int = 3000) -> list[str]:
        """Play until the screen called ``until`` is on top (or ``until(app)`` is true);
        return every line played."""
        done = until if callable(until) else (lambda app: app.top.name == until)
        for _ in range(limit):
            if self.on_screen is not None:
                self.on_screen(self.app.top)
            if done(self.app):
                return self.lines
            for line in self.choose():
                play(self.app, line)
                self.lines.append(line)
        raise AssertionError(f"no {until!r} after {limit} steps")


def prepared_session(store, edition: str, players: int, characters, wanted: dict[str, int],
                     crown: int = 1, names=None, reading: int | None = None,
                     theater: bool = False):
    """Store a game whose first draft gave each wanted character to the wanted seat (drafted
    by the engine with seeded choices that prefer those cards), so a test can open the app on
    its calling screen; played by ``reading`` (the current one if None). Returns the stored
    session."""
    from companion.citadels import draft
    from companion.citadels.game import CitadelsRules, encode
    from companion.citadels.readings import CURRENT

    rules = CitadelsRules()
    config = {"edition": edition, "players": players, "characters": list(characters),
              "crown": crown, "names": names or [f"Player {n}" for n in range(1, players + 1)],
              "rules": reading or CURRENT.number, **({"theater": True} if theater else {})}
    for seed in range(500):
        game, decisions, rng = rules.initial(config, seed), [], random.Random(seed)
        while game.draft is not None:
            options = draft.legal(game.draft)
            mine = [d for d in options if wanted.get(d.character) == d.seat]
            others = [d for d in options if d.character not in wanted]
            if isinstance(options[0], draft.Pick) and mine:
                decision = mine[0]
            else:
                decision = rng.choice(others or list(options))
            game = rules.apply(game, decision)
            decisions.append(encode(decision))
        holders = dict((game.swapping or game.calling.setup).holders)
        if all(holders.get(c) == s for c, s in wanted.items()):
            session = store.create_session(rules.game_id, config, seed)
            for d in decisions:
                session = store.append(session, d)
            return session
    raise AssertionError("no seed gives that draft")


def write_script(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def play_to_the_end(app, complete_from: int = 1):
    """A 4-player game from setup to its game-over screen (seeded: the same game every time);
    returns its controller."""
    app.seeds = iter(range(31, 99))
    setup_lines(app, 4)
    Table(app, seed=4, complete_from=complete_from).play()
    return app.top.controller
