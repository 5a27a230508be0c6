"""The readings of the Tiletum rulebook (seed 004) a game may be played by, each a value with
named features: the engine asks a game's reading what it does, never its number.

A session's config stores the reading's ``number`` as ``rules`` (a config without it was kept
under the oldest reading); ``READINGS[number]`` is the one place a number becomes a reading
(companion/readings.py: an unknown number is refused).
Every reading keeps each player's gold (start, turns paid, yellow dice, the table's reports).

>>> READINGS[2].turning_needs_gold, READINGS[2].follows_king_track
(True, False)
>>> CURRENT is READINGS[5]
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..readings import Readings


@dataclass(frozen=True)
class Reading:
    """One reading of the rulebook and what it does."""
    number: int  # the config's ``rules``
    turning_needs_gold: bool  # a die is turned only with the gold it costs (2 a step)
    # the device follows the king track: corruption moves the discs left, ``King`` moves one
    # right, the king phase scores it and gives the turn order
    follows_king_track: bool
    # the first turn order goes round the table from the first player (seed 004's setup)
    order_follows_seats: bool = False
    # everyone takes part in the first festival: each player's trading post stands in
    # Tiletum from the setup
    first_festival_for_all: bool = False
    # a die taken for the King action (its wedge, or the Joker naming King) moves the taker's
    # disc by its AP as part of the take (seed 004's 왕 액션), not by a separate ``King``
    king_take_moves_disc: bool = False


RULES_1 = Reading(1, turning_needs_gold=False, follows_king_track=False)
RULES_2 = Reading(2, turning_needs_gold=True, follows_king_track=False)
RULES_3 = Reading(3, turning_needs_gold=True, follows_king_track=True)
RULES_4 = Reading(4, turning_needs_gold=True, follows_king_track=True, order_follows_seats=True,
                  first_festival_for_all=True)
RULES_5 = replace(RULES_4, number=5, king_take_moves_disc=True)
# by the config's ``rules``
READINGS = Readings("Tiletum", RULES_1, RULES_2, RULES_3, RULES_4, RULES_5)
CURRENT = READINGS.current  # new games are played by it
OLDEST = READINGS.oldest  # a config kept without ``rules`` was played by it
