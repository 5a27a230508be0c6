"""The readings of the Troyes rulebook (seed 002) a game may be played by, each a value with
named features: the engine asks a game's reading what it does, never its number.

A session's config stores the reading's ``number`` as ``rules`` (a config without it was kept
under the oldest reading); ``READINGS[number]`` is the one place a number becomes a reading
(companion/readings.py: an unknown number is refused).

>>> READINGS[2].must_defend, READINGS[2].tracks_board
(True, False)
>>> CURRENT is READINGS[6]
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..readings import Readings

MAX_BLACK = 6  # black dice the events may add in one round: the box holds 6 (seed 002)


@dataclass(frozen=True)
class Reading:
    """One reading of the rulebook and what it does."""
    number: int  # the config's ``rules``
    passed_player_only_passes: bool  # who passed takes no more actions that round
    must_defend: bool  # a defender whose own dice reach the black die may not fail
    # the device keeps the board: the starting placement, each citizen's building (12 a
    # player, 6 a building, who is pushed out), the cathedral, the event cards and their cubes
    tracks_board: bool
    max_black: int  # the most black dice the events may add in one round
    # the round ends as soon as no district holds a die, after the defence too (so a pass,
    # which pays only while dice remain, never follows a defence that took the last dice)
    ends_round_without_dice: bool = False
    # a citizen comes from the player's own supply (4/5/6 before the starting placement, a
    # citizen pushed out back in it), else costs 2 influence (docs/rules-readings.md)
    citizens_cost_influence: bool = False
    # VP are each player's own until the end: the public view has none, a player looks at
    # their own through their gate (unless the table's house rule shows them)
    secret_scores: bool = False
    # the final scoring takes 2 VP per empty cathedral level whatever is held (a total may
    # be below 0); before, the loss took at most the points counted
    whole_cathedral_loss: bool = False
    # each round's event cards are asked as they are revealed, before the black dice: the
    # Plunder until it is on the table, the red card, the white or yellow one it names
    # (reveals.py); the black dice are then prefilled from the cards on the table
    asks_events: bool = False


RULES_1 = Reading(1, passed_player_only_passes=False, must_defend=False, tracks_board=False,
                  max_black=12)
RULES_2 = Reading(2, passed_player_only_passes=True, must_defend=True, tracks_board=False,
                  max_black=12)
RULES_3 = Reading(3, passed_player_only_passes=True, must_defend=True, tracks_board=True,
                  max_black=MAX_BLACK)
RULES_4 = Reading(4, passed_player_only_passes=True, must_defend=True, tracks_board=True,
                  max_black=MAX_BLACK, ends_round_without_dice=True)
RULES_5 = replace(RULES_4, number=5, citizens_cost_influence=True, secret_scores=True,
                  whole_cathedral_loss=True)
RULES_6 = replace(RULES_5, number=6, asks_events=True)
# by the config's ``rules``
READINGS = Readings("Troyes", RULES_1, RULES_2, RULES_3, RULES_4, RULES_5, RULES_6)
CURRENT = READINGS.current  # new games are played by it
OLDEST = READINGS.oldest  # a config kept without ``rules`` was played by it
