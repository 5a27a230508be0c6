"""The districts of both editions, loaded once from ``districts.json``.

Facts not printed in the seed rulebooks carry a flag (``cost_in_seeds``, ``ko_in_seeds``) so
the UI never shows them as certain and a correction is a one-line data change.

>>> district("classic", "dragon_gate").end_game["points"], district("2016", "dragon_gate").cost_in_seeds
(8, False)
>>> sum(d.copies for d in districts("2016") if d.type != "unique")
54
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from .catalogue import load_data, look_up

TYPES = ("noble", "religious", "trade", "military", "unique")


@dataclass(frozen=True)
class District:
    id: str
    editions: tuple[str, ...]
    type: str
    ko: str
    en: str
    cost: int | None  # None: cannot be built (Secret Vault)
    copies: int
    cost_in_seeds: bool
    ko_in_seeds: bool
    end_game: dict[str, Any] | None  # what it adds to final scoring, or None

    def name(self, language: str) -> str:
        return self.ko if language == "ko" else self.en


@cache
def districts(edition: str) -> tuple[District, ...]:
    """Every district of an edition (basic ones first)."""
    data = load_data("districts.json", edition)
    return tuple(District(**{**entry, "editions": tuple(entry["editions"])})
                 for entry in data["districts"] if edition in entry["editions"])


@cache
def _districts_by_id(edition: str) -> dict[str, District]:
    return {d.id: d for d in districts(edition)}


def district(edition: str, district_id: str) -> District:
    """One district; KeyError if the edition has none of that id."""
    return look_up(_districts_by_id(edition), district_id, f"{edition} edition has no district")


def city_count(built) -> int:
    """Districts toward completing the city: a Monument counts as two."""
    return sum(2 if (d.end_game or {}).get("kind") == "counts_as_two" else 1 for d in built)
