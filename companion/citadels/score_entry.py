"""Entering a Citadels final score at the table, as a session: one stored decision per player
confirmed, so a pulled plug loses at most the player being entered.

Config: ``edition``, ``players`` (each a PlayerCity in JSON, prefilled from the game the device
ran: completion place, final-round characters, the crown), ``decorations`` (whether the Artist
was in the game, so decorated districts are asked for) and ``game_session`` (or None).

>>> rules = ScoreEntryRules()
>>> entry = rules.initial({"edition": "2016", "players": [{"name": "A", "city": []},
...                        {"name": "B", "city": []}]}, 0)
>>> entry.next_player
0
>>> entry = rules.apply(entry, rules.decode({"type": "player", "index": 0,
...                                          "player": {"name": "A", "city": ["manor"]}}))
>>> entry.next_player, entry.players[0].city
(1, ('manor',))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..errors import IllegalDecision, UnknownDecision
from .scoring import PlayerCity, Result, player_from_json, score_game

PLAYER = "player"


@dataclass(frozen=True)
class ScoreEntry:
    edition: str
    players: tuple[PlayerCity, ...]
    entered: tuple[bool, ...]
    decorations: bool = True

    @property
    def next_player(self) -> int | None:
        """The first player still to enter, or None when everyone has."""
        return next((i for i, done in enumerate(self.entered) if not done), None)

    def result(self, faq_tiebreak: bool = False) -> Result:
        return score_game(self.edition, self.players, faq_tiebreak)


@dataclass(frozen=True)
class EnterPlayer:
    index: int
    player: PlayerCity


class ScoreEntryRules:
    game_id = "citadels-score"

    def initial(self, config: Mapping[str, Any], seed: int) -> ScoreEntry:
        players = tuple(player_from_json(p, n) for n, p in enumerate(config["players"], 1))
        return ScoreEntry(config["edition"], players, (False,) * len(players),
                          bool(config.get("decorations", True)))

    def decode(self, data: Mapping[str, Any]) -> EnterPlayer:
        if data.get("type") != PLAYER:
            raise UnknownDecision(f"unknown score entry step {data.get('type')!r}")
        return EnterPlayer(int(data["index"]), player_from_json(data["player"], data["index"]))

    def apply(self, state: ScoreEntry, decision: EnterPlayer) -> ScoreEntry:
        if not 0 <= decision.index < len(state.players):
            raise IllegalDecision(f"no player {decision.index + 1}")
        players = list(state.players)
        players[decision.index] = decision.player
        entered = list(state.entered)
        entered[decision.index] = True
        return replace(state, players=tuple(players), entered=tuple(entered))
