"""The readings of the Citadels rulebooks (seeds 000, 001, 003) a game may be played by, each a
value with named features: the engine asks a game's reading what it does, never its number.

A session's config stores the reading's ``number`` as ``rules`` (a config without it was kept
under the oldest reading); ``READINGS[number]`` is the one place a number becomes a reading
(companion/readings.py: an unknown number is refused).

>>> READINGS[1].threat_answered_first, CURRENT.threat_answered_first
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..readings import Readings


@dataclass(frozen=True)
class Reading:
    """One reading of the rulebooks and what it does."""
    number: int  # the config's ``rules``
    # a threatened character answers the threat (bribe, then the Blackmailer turns the token
    # over or leaves it) before its ability: the Queen's gold comes after it
    threat_answered_first: bool
    # the Magistrate may turn over only the signed warrant, and chooses to behind the gate
    only_signed_warrant_turned: bool
    # once the real threat is turned over, the other is known empty: no bribe is asked
    empty_threat_known: bool


RULES_1 = Reading(1, threat_answered_first=False, only_signed_warrant_turned=False,
                  empty_threat_known=False)
RULES_2 = Reading(2, threat_answered_first=True, only_signed_warrant_turned=True,
                  empty_threat_known=True)
READINGS = Readings("Citadels", RULES_1, RULES_2)  # by the config's ``rules``
CURRENT = READINGS.current  # new games are played by it
OLDEST = READINGS.oldest  # a config kept without ``rules`` was played by it
