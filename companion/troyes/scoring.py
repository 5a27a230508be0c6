"""Troyes final scoring (RULES.md §2, game end): score tokens + 1 per unresolved event card
holding the player's cube + the VP of occupied action-card worker spaces - 2 per cathedral
level without the player's cube + each character card's points (their criteria are not in the
seeds, so the points are entered card by card). Ties: a shared win (no tie-break in the seeds).

The cathedral's loss is whole: "각자 게임 중에 얻은 점수 토큰에 더해, 아래 점수를 합산합니다: ...
대성당에서 자신의 큐브가 놓이지 않은 층당 2점을 잃습니다" adds it up with no floor (the seed's
"잃을 점수가 없다면 점수를 잃지 않습니다" is said of the losses in play only), so a total may be
below 0 (docs/rules-readings.md). Score entries begun under an older reading kept the loss
within the points counted before it (tokens, events, workers; ``whole_cathedral_loss=False``).

>>> joon = TroyesPlayer("Joon", tokens=3, character_points=(2,))
>>> score_player(joon).cathedral, score_player(joon, whole_cathedral_loss=False).cathedral
(-6, -3)

>>> a = TroyesPlayer("Mina", tokens=20, unresolved_events=2, worker_vp=3,
...                  cathedral_levels=(1, 2), character_points=(4, 0, 2))
>>> score_player(a)
TroyesScore(tokens=20, events=2, workers=3, cathedral=-2, characters=6)
>>> score_player(a).total
29
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import RuleError
from ..players import read_record, record_json, check_count, check_table
from ..score_entry import ScoreEntry, ScoreRules
from .readings import OLDEST, READINGS, Reading

CATHEDRAL_LEVELS = (1, 2, 3)
MISSING_LEVEL = -2


class TroyesScoringError(RuleError):
    """Input that cannot be scored (``code`` and fields as every RuleError)."""


def character_cards(players: int) -> int:
    """Character cards in play: 1 each with 3 or 4 players, 2 each with 2 (every card scores
    every player at the end)."""
    return players if players > 2 else 2 * players


@dataclass(frozen=True)
class TroyesPlayer:
    name: str
    tokens: int = 0
    unresolved_events: int = 0
    worker_vp: int = 0
    cathedral_levels: tuple[int, ...] = ()  # levels holding at least one of the player's cubes
    character_points: tuple[int, ...] = ()  # one entry per character card in play


@dataclass(frozen=True)
class TroyesScore:
    tokens: int
    events: int
    workers: int
    cathedral: int
    characters: int

    @property
    def total(self) -> int:
        return self.tokens + self.events + self.workers + self.cathedral + self.characters


def score_player(p: TroyesPlayer, whole_cathedral_loss: bool = True) -> TroyesScore:
    """One player's points by category (the cathedral's loss within the points counted
    before it when not ``whole_cathedral_loss``: score entries of older readings)."""
    loss = -MISSING_LEVEL * len(set(CATHEDRAL_LEVELS) - set(p.cathedral_levels))
    if not whole_cathedral_loss:
        loss = min(p.tokens + p.unresolved_events + p.worker_vp, loss)
    return TroyesScore(p.tokens, p.unresolved_events, p.worker_vp, -loss,
                       sum(p.character_points))


def validate(players) -> None:
    check_table(players, "Troyes", 2, 4, TroyesScoringError)
    cards = {len(p.character_points) for p in players}
    if len(cards) > 1:
        raise TroyesScoringError("give every player the same number of character-card points",
                                 code="troyes.scoring.cards")
    for p in players:
        for field in ("tokens", "unresolved_events", "worker_vp"):
            check_count(getattr(p, field), p.name, field, TroyesScoringError)
        if any(isinstance(v, bool) or not isinstance(v, int) or v < 0
               for v in p.character_points):
            raise TroyesScoringError(f"{p.name}: character points are whole numbers 0 or more",
                                     code="troyes.scoring.character_points", who=p.name)
        levels = p.cathedral_levels
        if len(set(levels)) != len(levels) or not set(levels) <= set(CATHEDRAL_LEVELS):
            raise TroyesScoringError(f"{p.name}: cathedral levels are 1, 2 and 3, each once",
                                     code="troyes.scoring.levels", who=p.name)
    in_play = character_cards(len(players))
    if cards != {in_play}:  # every card in play scores every player (seed 002)
        raise TroyesScoringError(
            f"with {len(players)} players {in_play} character cards are in play: give every "
            f"player {in_play} character-card points", code="troyes.scoring.card_count",
            players=len(players), cards=in_play)


@dataclass(frozen=True)
class TroyesResult:
    players: tuple[TroyesPlayer, ...]
    scores: tuple[TroyesScore, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]


def score_game(players, whole_cathedral_loss: bool = True) -> TroyesResult:
    """Everyone's score, best first; every player on the top score wins (shared win)."""
    players = tuple(players)
    validate(players)
    scores = tuple(score_player(p, whole_cathedral_loss) for p in players)
    ranking = tuple(sorted(range(len(players)), key=lambda i: (-scores[i].total, i)))
    top = scores[ranking[0]].total
    return TroyesResult(players, scores, ranking,
                        tuple(i for i in ranking if scores[i].total == top))


# --- JSON (the ``score troyes`` command) -------------------------------------------------------

FIELDS = {"name": str, "tokens": int, "unresolved_events": int, "worker_vp": int,
          "cathedral_levels": list, "character_points": list}


def player_from_json(p, n: int) -> TroyesPlayer:
    """One player's entry from JSON, checked field by field."""
    return read_record(p, n, FIELDS, TroyesPlayer, TroyesScoringError)


player_json = record_json


def read_players(data) -> list[TroyesPlayer]:
    """Players from ``{"players": [...]}``."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise TroyesScoringError("the input must be an object with a 'players' list",
                                 code="troyes.scoring.input")
    return [player_from_json(p, n) for n, p in enumerate(data["players"], 1)]


def result_json(result: TroyesResult) -> dict:
    players = [{"name": p.name, "total": s.total,
                "breakdown": {"tokens": s.tokens, "events": s.events, "workers": s.workers,
                              "cathedral": s.cathedral, "characters": s.characters}}
               for p, s in zip(result.players, result.scores)]
    return {"game": "troyes", "players": players,
            "ranking": [result.players[i].name for i in result.ranking],
            "winners": [result.players[i].name for i in result.winners]}


class TroyesScoreRules(ScoreRules):
    """Troyes final scoring by hand, as a session (companion/score_entry.py): config ``rules``
    names the reading it scores by (new entries the current one; one kept without it, the
    oldest: the cathedral's loss within the points held)."""

    game = "troyes"
    read_player, write_player = staticmethod(player_from_json), staticmethod(player_json)
    score_game, result_json = staticmethod(score_game), staticmethod(result_json)

    @staticmethod
    def reading(config: Mapping[str, Any]) -> Reading:
        return READINGS[config.get("rules", OLDEST.number)]

    def initial(self, config: Mapping[str, Any], seed) -> ScoreEntry:
        self.reading(config)  # an unknown reading is refused before anything is entered
        return super().initial(config, seed)

    def score(self, entry: ScoreEntry) -> TroyesResult:
        return score_game(entry.players, self.reading(entry.config).whole_cathedral_loss)
