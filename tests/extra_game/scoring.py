"""Race to ten's final scoring: each player's total as the table counts it (on the device or
by hand), the highest wins, a tie shared. Pure, as every game's scoring (companion/)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import RuleError
from companion.players import check_count, check_table, read_record, record_json
from companion.score_entry import ScoreRules


@dataclass(frozen=True)
class RacePlayer:
    name: str
    total: int = 0


@dataclass(frozen=True)
class RaceResult:
    players: tuple[RacePlayer, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]


def score_game(players) -> RaceResult:
    players = tuple(players)
    check_table(players, "Race to ten", 2, 4, RuleError)
    for p in players:
        check_count(p.total, p.name, "total", RuleError)
    ranking = tuple(sorted(range(len(players)), key=lambda i: -players[i].total))
    best = players[ranking[0]].total
    return RaceResult(players, ranking, tuple(i for i in ranking if players[i].total == best))


def player_from_json(data, n: int) -> RacePlayer:
    return read_record(data, n, {"name": str, "total": int}, RacePlayer, RuleError)


def read_players(data) -> list[RacePlayer]:
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise RuleError("the input must be an object with a 'players' list", code="race.input")
    return [player_from_json(p, n) for n, p in enumerate(data["players"], 1)]


def result_json(result: RaceResult) -> dict:
    return {"game": "race",
            "players": [{"name": p.name, "total": p.total, "breakdown": {"total": p.total}}
                        for p in result.players],
            "ranking": [result.players[i].name for i in result.ranking],
            "winners": [result.players[i].name for i in result.winners]}


class RaceScoreRules(ScoreRules):
    game = "race"
    read_player, write_player = staticmethod(player_from_json), staticmethod(record_json)
    score_game, result_json = staticmethod(score_game), staticmethod(result_json)
