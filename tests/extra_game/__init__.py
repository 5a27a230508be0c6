"""A fourth game that exists only in the tests: "Race to ten" (players in turn add 1, 2 or 3 to
their own total; the first to reach 10 ends the race, and the final scores are the totals
reached). It is its rules and score rules, its screens, one registry entry and its catalogue —
nothing else in the app names it (tests/test_registry.py)."""

from pathlib import Path

from companion.games import Game
from ui.registry import GameEntry

ENTRY = GameEntry(
    "race", setup="extra_game.screens:RaceSetupScreen",
    openers={"race": "extra_game.screens:open_game",
             "race-score": "extra_game.screens:open_score_entry"},
    results="extra_game.screens:RaceResultsScreen",
    history_row="extra_game.screens:history_outcome",
    score_later="extra_game.screens:score_later",
    commands={"score": "extra_game.screens:SCORE_COMMAND"},
    icon="ui.icons:dice",
    catalogue=Path(__file__).parent / "i18n",
    game=Game("race", {"race": "extra_game.rules:RaceRules",
                       "race-score": "extra_game.scoring:RaceScoreRules"}))
