"""Troyes' set-up for the player count, as seed 002 ("[3]게임 준비", lines 82-136) gives it:
what each player takes (the counts that change with the players: citizens, character cards),
the action cards, the event piles (the red pile as long as the game), and the starting
placement the board then leads.

>>> [s.key for s in steps({"players": 2, "first": 1, "names": ["A", "B"]})][:3]
['troyes.guide_supply', 'troyes.guide_colours', 'troyes.guide_action_cards']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..setup_guide import Pieces, Step
from .economy import START_CITIZENS, START_DENIERS, START_INFLUENCE, rounds
from .scoring import character_cards

EVENT_COLOURS = ("red", "white", "yellow")  # L67-68: 8 red, 4 white, 4 yellow
RED_CARDS = 8
ACTION_COLOURS = ("red", "white", "yellow")  # L92: one card of each round per colour


def steps(config: Mapping[str, Any]) -> tuple[Step, ...]:
    players = config["players"]
    names = list(config.get("names") or [])
    first = config.get("first", 1)
    n_rounds = rounds(players)
    each = character_cards(players) // players  # (the cards in play, over the players)
    return (
        Step("troyes.guide_supply", {}, (
            Pieces("citizen", "grey", 8, "troyes.guide_neutral"),
            Pieces("die", "red", 6, shown=3), Pieces("die", "white", 6, shown=3),
            Pieces("die", "yellow", 6, shown=3), Pieces("die", "black", 6, shown=3)),
            "002:84"),
        Step("troyes.guide_colours", {}, (
            Pieces("cube", "player", 20, "20", shown=5), Pieces("disc", "player", 1, "1"),
            Pieces("disc", "player", 1, "troyes.guide_influence_marker")), "002:85-89"),
        Step("troyes.guide_action_cards", {}, tuple(
            Pieces("card", colour, 3, "I II III") for colour in ACTION_COLOURS), "002:92"),
        Step("troyes.guide_district", {}, (Pieces("disc", "player", 1, "1"),), "002:95-96"),
        Step("troyes.guide_money", {"deniers": START_DENIERS, "influence": START_INFLUENCE},
             (Pieces("coin", "gold", START_DENIERS, str(START_DENIERS)),), "002:99-102"),
        Step("troyes.guide_citizens", {"n": START_CITIZENS[players], "players": players},
             (Pieces("citizen", "player", START_CITIZENS[players],
                     str(START_CITIZENS[players])),), "002:105"),
        Step("troyes.guide_characters", {"n": each, "players": players},
             (Pieces("card", "grey", each, str(each)),), "002:108"),
        Step("troyes.guide_events", {"red": n_rounds, "back": RED_CARDS - n_rounds,
                                     "rounds": n_rounds, "players": players}, (
            Pieces("card", "red", n_rounds, str(n_rounds), shown=1),
            Pieces("card", "red", RED_CARDS - n_rounds, str(RED_CARDS - n_rounds),
                   removed=True, shown=1),
            Pieces("card", "white", 1, "troyes.guide_pile"),
            Pieces("card", "yellow", 1, "troyes.guide_pile")), "002:111-112, 136, 182"),
        Step("troyes.guide_first", {"name": names[first - 1] if 0 < first <= len(names)
                                    else str(first)},
             (Pieces("card", "gold", 1, ""),), "002:112"),
        Step("troyes.guide_placement_two" if players == 2 else "troyes.guide_placement",
             {"n": START_CITIZENS[players]}, (), "002:118-130"),
    )
