"""Tiletum festivals and final scoring (RULES.md §3, seed 004).

Festival: only players with a trading post in the festival city, or their merchant there,
score (board VP + tile VP) x the number of times they meet the criterion; the king-track tile
adds instead: board VP + tile VP + the VP of the player's king-track space (which may be
negative). Final scoring after round 4: trading posts x pillars on the map, completed buildings
(1-6 -> 0/0/5/10/20/30), 1 VP per 4 leftover resources of any kind ("개인 저장소에 남아있는 아무
자원 4개마다 1 VP": a player's ``resources`` by kind, or counted together under ``ANY``); the
score never goes below 0; a tie goes to the player earlier in turn order.

The rulebook's worked example: 5 pillars x 5 trading posts = 25, 4 completed buildings = 10,
3 iron + 5 gold + 1 wool = 9 resources = 2 VP: 37 VP.

>>> final_points(TiletumPlayer("Blue", vp=0, trading_posts=5, pillars=5,
...                            completed_buildings=4, resources={"iron": 3, "gold": 5,
...                                                              "wool": 1}, turn_order=1))
TiletumScore(vp=0, posts_pillars=25, buildings=10, resources=2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..errors import RuleError
from ..players import read_record, record_json, check_count, check_table
from ..score_entry import ScoreRules
from .wheel import RESOURCE

BUILDINGS_VP = (0, 0, 0, 5, 10, 20, 30)  # by completed buildings 0..6
MAX_BUILDINGS = len(BUILDINGS_VP) - 1  # seed 004: "개인 보드에는 6개의 건물이 있고"
MAX_TRADING_POSTS = 8  # seed 004 (components): "교역소 32개 (플레이어마다 8개)"
MAX_PILLARS = 7  # seed 004 (components): "기둥 28개 (플레이어마다 7개)"
RESOURCES_PER_VP = 4
KINDS = tuple(RESOURCE.values())
ANY = "any"  # resources counted together, whatever their kind (how the rulebook scores them)


class TiletumScoringError(RuleError):
    """Input that cannot be scored (``TiletumScoringError(message, code=..., **fields)``)."""


def festival_points(board_vp: int, tile_vp: int, count: int, eligible: bool = True,
                    king_track: bool = False, king_space_vp: int = 0) -> int:
    """One player's points at a festival (0 if they have no trading post or merchant there)."""
    if not eligible:
        return 0
    if king_track:
        return board_vp + tile_vp + king_space_vp
    if count < 0:
        raise TiletumScoringError("the criterion is met 0 or more times",
                                  code="tiletum.festival_count")
    return (board_vp + tile_vp) * count


@dataclass(frozen=True)
class TiletumPlayer:
    name: str
    vp: int = 0  # the in-game score
    trading_posts: int = 0
    pillars: int = 0
    completed_buildings: int = 0
    resources: Mapping[str, int] = field(default_factory=dict)
    turn_order: int = 1


@dataclass(frozen=True)
class TiletumScore:
    vp: int
    posts_pillars: int
    buildings: int
    resources: int

    @property
    def total(self) -> int:
        return max(0, self.vp + self.posts_pillars + self.buildings + self.resources)


def final_points(p: TiletumPlayer) -> TiletumScore:
    return TiletumScore(p.vp, p.trading_posts * p.pillars, BUILDINGS_VP[p.completed_buildings],
                        sum(p.resources.values()) // RESOURCES_PER_VP)


def validate(players) -> None:
    check_table(players, "Tiletum", 2, 4, TiletumScoringError)
    if sorted(p.turn_order for p in players) != list(range(1, len(players) + 1)):
        raise TiletumScoringError("turn order must be 1, 2, ... once each",
                                  code="tiletum.scoring.turn_order")
    for p in players:
        for name in ("vp", "trading_posts", "pillars", "completed_buildings"):
            check_count(getattr(p, name), p.name, name, TiletumScoringError)
        if p.trading_posts > MAX_TRADING_POSTS:
            raise TiletumScoringError(f"{p.name}: each player has {MAX_TRADING_POSTS} trading "
                                      "posts", code="tiletum.scoring.trading_posts", who=p.name,
                                      high=MAX_TRADING_POSTS)
        if p.pillars > MAX_PILLARS:
            raise TiletumScoringError(f"{p.name}: each player has {MAX_PILLARS} pillars",
                                      code="tiletum.scoring.pillars", who=p.name,
                                      high=MAX_PILLARS)
        if p.completed_buildings > MAX_BUILDINGS:
            raise TiletumScoringError(f"{p.name}: at most {MAX_BUILDINGS} completed buildings",
                                      code="tiletum.scoring.buildings", who=p.name,
                                      high=MAX_BUILDINGS)
        for kind, n in p.resources.items():
            if kind not in (*KINDS, ANY):
                raise TiletumScoringError(f"{p.name}: unknown resource {kind!r}",
                                          code="tiletum.scoring.resource", who=p.name,
                                          kind=str(kind))
            check_count(n, p.name, kind, TiletumScoringError)


@dataclass(frozen=True)
class TiletumResult:
    players: tuple[TiletumPlayer, ...]
    scores: tuple[TiletumScore, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]


def score_game(players) -> TiletumResult:
    """Everyone's final score, best first; a tie goes to the earlier in turn order."""
    players = tuple(players)
    validate(players)
    scores = tuple(final_points(p) for p in players)
    ranking = tuple(sorted(range(len(players)),
                           key=lambda i: (-scores[i].total, players[i].turn_order)))
    return TiletumResult(players, scores, ranking, (ranking[0],))


# --- JSON (the ``score tiletum`` command) -----------------------------------------------------

FIELDS = {"name": str, "vp": int, "trading_posts": int, "pillars": int,
          "completed_buildings": int, "resources": dict, "turn_order": int}


def player_from_json(p, n: int) -> TiletumPlayer:
    """One player's entry from JSON, checked field by field (turn order: their place in the
    list unless given)."""
    return read_record(p, n, FIELDS, lambda **kw: TiletumPlayer(**{"turn_order": n, **kw}),
                       TiletumScoringError)


player_json = record_json


def read_players(data) -> list[TiletumPlayer]:
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise TiletumScoringError("the input must be an object with a 'players' list",
                                  code="tiletum.scoring.input")
    return [player_from_json(p, n) for n, p in enumerate(data["players"], 1)]


def result_json(result: TiletumResult) -> dict:
    players = [{"name": p.name, "total": s.total,
                "breakdown": {"vp": s.vp, "posts_pillars": s.posts_pillars,
                              "buildings": s.buildings, "resources": s.resources}}
               for p, s in zip(result.players, result.scores)]
    out = {"game": "tiletum", "players": players,
           "ranking": [result.players[i].name for i in result.ranking],
           "winners": [result.players[i].name for i in result.winners]}
    best = result.scores[result.ranking[0]].total
    tied = [result.players[i].name for i in result.ranking if result.scores[i].total == best]
    if len(tied) > 1:  # the earlier in turn order wins
        out["tie_break_code"] = "turn_order"
        out["tie_break_fields"] = {"names": " & ".join(tied), "points": best,
                                   "winner": tied[0]}
    return out


class TiletumScoreRules(ScoreRules):
    """Tiletum final scoring by hand, as a session (companion/score_entry.py)."""

    game = "tiletum"
    read_player, write_player = staticmethod(player_from_json), staticmethod(player_json)
    score_game, result_json = staticmethod(score_game), staticmethod(result_json)
