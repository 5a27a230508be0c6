"""Citadels final scoring by hand, as a session (companion/score_entry.py): the edition and
the classic quick game (``quick``, quick.py) from the session config, and the published FAQ's
tie-break offered in the classic edition, whose rulebook has none."""

from __future__ import annotations

from ..score_entry import ScoreEntry, ScoreRules
from .calling_state import city_size
from .quick import quick_of
from .scoring import (PlayerCity, ScoringError, completion_problem, open_places,
                      player_from_json, player_json, result_json, score_game)


class CitadelsScoreRules(ScoreRules):
    game = "citadels"
    read_player, write_player = staticmethod(player_from_json), staticmethod(player_json)
    result_json = staticmethod(result_json)

    def score(self, entry: ScoreEntry):
        return score_game(entry.config["edition"], entry.players, entry.tiebreak,
                          quick_of(entry.config))

    def city_size(self, entry: ScoreEntry) -> int:
        """Districts that complete a city in the game being scored."""
        return city_size(entry.config["edition"], len(entry.players), quick_of(entry.config))

    def completion_problem(self, entry: ScoreEntry, player: PlayerCity) -> ScoringError | None:
        """What ``player``'s completion place says against their city (scoring_input.py)."""
        return completion_problem(entry.config["edition"], len(entry.players), player,
                                  quick_of(entry.config))

    @staticmethod
    def open_places(entry: ScoreEntry, index: int) -> tuple[int, ...]:
        """The completion places player ``index`` may take (none another player holds)."""
        return open_places(entry.players, index)

    def tiebreak_offered(self, config) -> bool:
        return config.get("edition") == "classic"
