"""The classic edition's quick game, seed 001's variant ("변형 규칙 : 빨리 끝내고 싶을 때 /
구역 8개를 건설하는 대신 7개를 건설했을 때 끝내도록 한다"): a setup choice (config ``quick``:
true; a config without it plays the printed 8), after which 7 districts complete a city — for
the game's end, the completion bonuses and the scoring's checks. The 2016 edition has city
sizes of its own and no such variant (docs/scoring.md).

>>> offers_quick("classic"), offers_quick("2016"), quick_of({"edition": "classic"})
(True, False, False)
>>> quick_config(True), quick_config(False)
({'quick': True}, {})
>>> try:
...     quick_game("2016", True)
... except RuleError as refused:
...     refused.code
'citadels.quick_edition'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import RuleError

QUICK_EDITIONS = ("classic",)
QUICK_CITY = 7  # districts that complete a city in the quick game


def offers_quick(edition: str) -> bool:
    """Whether the edition's rulebook has the quick game (the setup offers it)."""
    return edition in QUICK_EDITIONS


def quick_game(edition: str, quick: bool) -> bool:
    """``quick``, refused (``citadels.quick_edition``) for an edition without the variant."""
    if quick and not offers_quick(edition):
        raise RuleError("the quick game (7 districts complete a city) is a variant of the "
                        "classic edition only", code="citadels.quick_edition", edition=edition)
    return bool(quick)


def quick_of(config: Mapping[str, Any]) -> bool:
    """Whether a session's config plays the quick game (no key: the printed game)."""
    return quick_game(config["edition"], bool(config.get("quick", False)))


def quick_config(quick: bool) -> dict[str, bool]:
    """The config key of a new session: kept only when the quick game is chosen."""
    return {"quick": True} if quick else {}
