"""The readings of the Troyes rulebook (seed 002) a game may be played by, each a value with
named features: the engine asks a game's reading what it does, never its number.

A session's config stores the reading's ``number`` as ``rules`` (a config without it was kept
under the oldest reading); ``reading(number)`` is the one place a number becomes a reading.

>>> reading(2).must_defend, reading(2).tracks_board
(True, False)
>>> CURRENT is READINGS[3]
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalDecision

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


RULES_1 = Reading(1, passed_player_only_passes=False, must_defend=False, tracks_board=False,
                  max_black=12)
RULES_2 = Reading(2, passed_player_only_passes=True, must_defend=True, tracks_board=False,
                  max_black=12)
RULES_3 = Reading(3, passed_player_only_passes=True, must_defend=True, tracks_board=True,
                  max_black=MAX_BLACK)
READINGS = {r.number: r for r in (RULES_1, RULES_2, RULES_3)}  # by the config's ``rules``
CURRENT = RULES_3  # new games are played by it
OLDEST = RULES_1  # a config kept without ``rules`` was played by it


def reading(number: int) -> Reading:
    """The reading a config's ``rules`` names; refused (``troyes.setup_rules``) if unknown."""
    found = READINGS.get(number)
    if found is None:
        raise IllegalDecision(f"no rulebook reading {number!r}: the readings are "
                              f"{', '.join(map(str, READINGS))}", code="troyes.setup_rules",
                              rules=str(number))
    return found
