"""Entering a final score at the table, as a session: one stored decision per player confirmed,
so a pulled plug loses at most the player being entered. Each game gives its ``read_player``
(a player's JSON form → its value) and keeps whatever else it needs in the session config.

>>> rules = ScoreEntryRules("demo-score", lambda data, n: data["name"])
>>> entry = rules.initial({"players": [{"name": "A"}, {"name": "B"}]}, 0)
>>> entry.next_player
0
>>> entry = rules.apply(entry, rules.decode({"type": "player", "index": 0,
...                                          "player": {"name": "Ann"}}))
>>> entry.next_player, entry.players
(1, ('Ann', 'B'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .errors import IllegalDecision, UnknownDecision

PLAYER = "player"


@dataclass(frozen=True)
class ScoreEntry:
    players: tuple[Any, ...]
    entered: tuple[bool, ...]

    @property
    def next_player(self) -> int | None:
        """The first player still to enter, or None when everyone has."""
        return next((i for i, done in enumerate(self.entered) if not done), None)


@dataclass(frozen=True)
class EnterPlayer:
    index: int
    player: Any


class ScoreEntryRules:
    def __init__(self, game_id: str, read_player: Callable[[Any, int], Any]):
        self.game_id, self.read_player = game_id, read_player

    def initial(self, config: Mapping[str, Any], seed: int) -> ScoreEntry:
        players = tuple(self.read_player(p, n) for n, p in enumerate(config["players"], 1))
        return ScoreEntry(players, (False,) * len(players))

    def decode(self, data: Mapping[str, Any]) -> EnterPlayer:
        if data.get("type") != PLAYER:
            raise UnknownDecision(f"unknown score entry step {data.get('type')!r}",
                                 code="session.unknown_decision", game=self.game_id)
        return EnterPlayer(int(data["index"]), self.read_player(data["player"], data["index"]))

    def progress(self, state: ScoreEntry) -> dict[str, int]:
        return {"entered": sum(state.entered), "players": len(state.players)}

    def apply(self, state: ScoreEntry, decision: EnterPlayer) -> ScoreEntry:
        if not 0 <= decision.index < len(state.players):
            raise IllegalDecision(f"no player {decision.index + 1}", code="score.no_player",
                                  n=decision.index + 1)
        players = list(state.players)
        players[decision.index] = decision.player
        entered = list(state.entered)
        entered[decision.index] = True
        return replace(state, players=tuple(players), entered=tuple(entered))
