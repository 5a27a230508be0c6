"""The characters of both editions, loaded once from ``characters.json``.

>>> character("2016", "tax_collector").rank, character("classic", "tax_collector").rank
(9, 2)
>>> [c.id for c in by_rank("classic", 4)]
['king', 'emperor']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from ..data import package_json

EDITIONS = ("2016", "classic")
FIRST_GAME = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
"""The eight base characters, ranks 1-8 (the same ids in both editions)."""
T = TypeVar("T")


@dataclass(frozen=True)
class Character:
    id: str
    edition: str
    rank: int
    ko: str
    en: str
    in_seeds: bool

    def name(self, language: str) -> str:
        """The printed name in ``language`` ('ko' or 'en')."""
        return self.ko if language == "ko" else self.en


def load_data(filename: str, edition: str) -> dict:
    """A JSON data file of this package, after checking the edition name."""
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r} (expected one of {', '.join(EDITIONS)})")
    return package_json(__package__, filename)


@cache
def characters(edition: str) -> tuple[Character, ...]:
    """Every character of an edition, by rank then catalogue order."""
    data = load_data("characters.json", edition)
    found = [Character(**entry) for entry in data["characters"] if entry["edition"] == edition]
    return tuple(sorted(found, key=lambda c: c.rank))


@cache
def _characters_by_id(edition: str) -> dict[str, Character]:
    return {c.id: c for c in characters(edition)}


def character(edition: str, character_id: str) -> Character:
    """One character; KeyError if the edition has no such character."""
    return look_up(_characters_by_id(edition), character_id, f"{edition} edition has no character")


def character_name(edition: str, character_id: str, language: str) -> str:
    """A character's printed name in ``language`` (KeyError, ValueError: none such)."""
    return character(edition, character_id).name(language)


def look_up(index: Mapping[str, T], item_id: str, missing: str) -> T:
    """``index[item_id]``; a KeyError saying ``missing`` and the id if there is none (an id
    that cannot be a key either)."""
    try:
        return index[item_id]
    except (KeyError, TypeError):
        raise KeyError(f"{missing} {item_id!r}") from None


@cache
def by_rank(edition: str, rank: int) -> tuple[Character, ...]:
    """The characters of one rank."""
    return tuple(c for c in characters(edition) if c.rank == rank)


def rank_of(edition: str, character_id: str) -> int:
    return character(edition, character_id).rank
