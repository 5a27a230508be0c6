"""What Citadels' final scoring takes: one ``PlayerCity`` per player, the checks that refuse
input the scoring cannot take (``validate``: ``ScoringError`` with a code and one clear
sentence), and the input's JSON form (the ``score`` command, a kept score entry).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..errors import RuleError
from ..players import about, check_count, check_table, read_json
from .calling_state import city_size
from .catalogue import EDITIONS, rank_of
from .districts import District, city_count, district, districts


class ScoringError(RuleError):
    """Input that cannot be scored (unknown district, negative count, impossible city): a
    ``citadels.scoring.*`` (or shared ``score.*``) code and fields for the app's catalogues, and
    the English sentence for the command line."""


@dataclass(frozen=True)
class PlayerCity:
    """One player's end of game, as entered (or taken from the game the device ran)."""

    name: str
    city: tuple[str, ...]
    decorated: tuple[str, ...] = ()  # Artist: +1 each, each district once (any number)
    completed: int | None = None  # 1 = first to complete, 2, 3, ... later; None = did not
    gold: int = 0
    hand: int = 0  # cards in hand, a revealed Secret Vault included (Map Room)
    museum: int = 0  # cards under the Museum
    secret_vault: bool = False  # revealed from hand at the end (2016)
    crown: bool = False  # holds the crown at the end (Statue)
    characters: tuple[str, ...] = ()  # final-round characters (tie-break, 2016)
    built_last_round: tuple[str, ...] = ()  # (classic Haunted City)


# --- checking the input --------------------------------------------------------------------------

def _district_names(d: District) -> dict[str, str]:
    """A district as an error field: its id (the screens say its printed name in the UI
    language, ``error_fields`` in ui/screens/citadels/score_results.py)."""
    return {"district": d.id}


def validate(edition: str, players, quick: bool = False) -> None:
    """Raise ScoringError with one clear sentence for input the scoring cannot take (``quick``:
    the classic quick game, where 7 districts complete a city; a RuleError for 2016). A refusal
    about some players says whose entries would fix it (``whose``: their numbers, from 1)."""
    if edition not in EDITIONS:
        raise ScoringError(f"unknown edition {edition!r} (use 2016 or classic)",
                           code="citadels.scoring.edition", edition=edition)
    check_table(players, "Citadels", 2, 8, ScoringError)
    known = {d.id: d for d in districts(edition)}
    used: Counter = Counter()
    for n, p in enumerate(players, 1):
        with about(n):
            for number in ("gold", "hand", "museum"):
                check_count(getattr(p, number), p.name, number, ScoringError)
            _validate_city(edition, p, known)
        used += Counter(p.city)
    vaults = [n for n, p in enumerate(players, 1) if p.secret_vault]
    if len(vaults) > 1:
        raise ScoringError(f"{_names(players, vaults)}: the game has one Secret Vault card; "
                           "only one player can reveal it", code="citadels.scoring.vault_twice",
                           names=_names(players, vaults), whose=tuple(vaults))
    for i, n in used.items():
        if n > known[i].copies:
            holders = [k for k, p in enumerate(players, 1) if i in p.city]
            raise ScoringError(f"{n} {i} cards entered ({_names(players, holders)}), but the "
                               f"game has only {known[i].copies}",
                               code="citadels.scoring.copies", copies=known[i].copies, n=n,
                               names=_names(players, holders), whose=tuple(holders),
                               **_district_names(known[i]))
    _validate_completion(edition, players, quick)


def _names(players, numbers) -> str:
    """The names of players ``numbers`` (from 1), as a refusal lists them."""
    return ", ".join(players[n - 1].name for n in numbers)


def unique_once(edition: str) -> bool:
    """Whether a city holds each unique district once: not in the classic edition, where the
    Wizard may build "자기 도시에 이미 있는 구역과 똑같은 것" (seed 001) and the Keep has two
    cards ("본성 (本城, Keep; 3닢, 2장)")."""
    return edition != "classic"


def in_one_city(edition: str, d: District) -> int:
    """How many of district ``d`` one city may hold (the deck's copies bound it)."""
    return 1 if d.type == "unique" and unique_once(edition) else d.copies


def _validate_city(edition: str, p: PlayerCity, known: dict[str, District]) -> None:
    """One player's city: districts and characters of this edition, and what goes with them."""
    who = f"{p.name}:"
    for i in p.city + p.decorated + p.built_last_round:
        if i not in known:
            raise ScoringError(f"{who} no district {i!r} in the {edition} edition",
                               code="citadels.scoring.unknown_district", name=p.name, district=i)
    for c in p.characters:
        try:
            rank_of(edition, c)
        except KeyError:
            raise ScoringError(f"{who} no character {c!r} in the {edition} edition",
                               code="citadels.scoring.unknown_character", name=p.name,
                               character=c) from None
    city = Counter(p.city)
    if "secret_vault" in city:
        raise ScoringError(f"{who} the Secret Vault cannot be built; say it was revealed",
                           code="citadels.scoring.vault_built", name=p.name)
    if p.secret_vault and "secret_vault" not in known:
        raise ScoringError(f"{who} the {edition} edition has no Secret Vault",
                           code="citadels.scoring.no_vault", name=p.name)
    if p.secret_vault and p.hand < 1 and "map_room" in city:
        raise ScoringError(f"{who} a revealed Secret Vault is a card in hand: the Map Room's "
                           "cards in hand must count it", code="citadels.scoring.vault_hand",
                           name=p.name)
    for i, n in city.items():  # more than the deck has: the copies check, for the table
        if known[i].type == "unique" and n > 1 and unique_once(edition):
            raise ScoringError(f"{who} a city holds each unique district once ({i})",
                               code="citadels.scoring.unique_twice", name=p.name,
                               **_district_names(known[i]))
    if Counter(p.decorated) - city:
        raise ScoringError(f"{who} decorated districts must be in the city, each decorated "
                           "once", code="citadels.scoring.decorated", name=p.name)
    if Counter(p.built_last_round) - city:
        raise ScoringError(f"{who} districts built in the last round must be in the city",
                           code="citadels.scoring.built_last_round", name=p.name)
    if p.museum and "museum" not in city:
        raise ScoringError(f"{who} cards under the Museum, but no Museum in the city",
                           code="citadels.scoring.museum", name=p.name)


def _validate_completion(edition: str, players, quick: bool) -> None:
    placed = [n for n, p in enumerate(players, 1) if p.completed is not None]
    places = sorted(players[n - 1].completed for n in placed)
    if any(not isinstance(n, int) or n < 1 for n in places) or places != list(
            range(1, len(places) + 1)):
        raise ScoringError(f"completion order must be 1, 2, 3, ... with no gaps or repeats "
                           f"({_names(players, placed)})",
                           code="citadels.scoring.completion_order",
                           names=_names(players, placed), whose=tuple(placed))
    for n, p in enumerate(players, 1):
        problem = completion_problem(edition, len(players), p, quick)
        if problem is not None:
            problem.fields["whose"] = (n,)
            raise problem


def completion_problem(edition: str, table: int, player: PlayerCity,
                       quick: bool = False) -> ScoringError | None:
    """The refusal one city's completion place gets against its districts (``table``: the
    number of players), or None: a place for a city too small (``too_small``), or none for a
    complete one (``no_place``; seed 000: "누군가의 도시에 7번째 건물이 건설되면 그 도시는
    완성됩니다"). The score entry asks the table about it before storing the city."""
    size = city_size(edition, table, quick)
    count = city_count([district(edition, i) for i in player.city])
    if player.completed is not None and count < size:
        return ScoringError(f"{player.name}: completed a city of {count} districts; {size} are "
                            "needed (a Monument counts as two)",
                            code="citadels.scoring.too_small", name=player.name, count=count,
                            size=size)
    if player.completed is None and count >= size:
        return ScoringError(f"{player.name}: a city of {count} districts is complete; give "
                            "its place in the completion order", code="citadels.scoring.no_place",
                            name=player.name, count=count, size=size)
    return None


def open_places(players, index: int) -> tuple[int, ...]:
    """The places in the completion order player ``index`` (from 0) may take: those no other
    player holds."""
    taken = {p.completed for k, p in enumerate(players) if k != index}
    return tuple(n for n in range(1, len(players) + 1) if n not in taken)


# --- JSON (the ``score`` command, stored score entries) ------------------------------------------

FIELDS = {"name": str, "city": list, "decorated": list, "completed": (int, type(None)),
          "gold": int, "hand": int, "museum": int, "secret_vault": bool, "crown": bool,
          "characters": list, "built_last_round": list}
LISTS = ("city", "decorated", "characters", "built_last_round")


def player_from_json(data: Any, n: int) -> PlayerCity:
    """One player's entry, checked field by field (ScoringError names the problem)."""
    where = f"player {n}"
    if not isinstance(data, dict):
        raise ScoringError(f"{where}: must be an object", code="score.json_player", n=n)
    unknown = set(data) - set(FIELDS)
    if unknown:
        field_name = min(unknown)
        raise ScoringError(f"{where}: unknown field {field_name!r}", code="score.json_field",
                           n=n, field=field_name)
    for key in ("name", "city"):
        if key not in data:
            raise ScoringError(f"{where}: {key!r} is required", code="citadels.scoring.required",
                               n=n, field=key)
    for key, value in data.items():
        kind = FIELDS[key]
        wrong_bool = isinstance(value, bool) and kind in (int, (int, type(None)))
        if not isinstance(value, kind) or wrong_bool:
            raise ScoringError(f"{where}: {key!r} has the wrong type", code="score.json_type",
                               n=n, field=key)
        if key in LISTS and not all(isinstance(v, str) for v in value):
            raise ScoringError(f"{where}: {key!r} must list ids (strings)",
                               code="score.json_type", n=n, field=key)
    return PlayerCity(**{k: tuple(v) if k in LISTS else v for k, v in data.items()})


def player_json(player: PlayerCity) -> dict[str, Any]:
    """The JSON form of one player's entry (the inverse of ``player_from_json``)."""
    return {k: list(v) if k in LISTS else v for k, v in player.__dict__.items()}


def read_input(text: str) -> tuple[str, list[PlayerCity]]:
    """The edition and the players of a ``score`` command's input."""
    data = read_json(text, ScoringError)
    if not isinstance(data, dict) or not isinstance(data.get("edition"), str) or not isinstance(
            data.get("players"), list):
        raise ScoringError("the input must be an object with 'edition' and a 'players' list",
                           code="citadels.scoring.json_input")
    return data["edition"], [player_from_json(p, n) for n, p in enumerate(data["players"], 1)]
