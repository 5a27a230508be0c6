"""Which character sets the rules allow for an edition and a player count (RULES.md §1.1),
and the sets the setup offers: the first game, a random one, and the rulebook's named sets.

A refused set comes with reasons: a code for the UI's message catalogue, its fields, and an
English sentence for logs and the command line.

>>> [r.code for r in refusals("2016", 2, FIRST_GAME[:3] + ("emperor",) + FIRST_GAME[4:])]
['emperor_two_players']
>>> refusals("2016", 4, FIRST_GAME)
()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from ..errors import RuleError
from ..rng import Rng
from .catalogue import EDITIONS, FIRST_GAME, by_rank, character, load_data

MIN_PLAYERS, MAX_PLAYERS = 2, 8


@dataclass(frozen=True)
class Refusal:
    """One rule a character set breaks."""

    code: str
    sentence: str
    fields: dict = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return self.sentence


class InvalidCharacterSet(RuleError):
    """The character set breaks a rule; ``refusals`` says which (the setup screens show them
    as they happen, through the ``refusal.*`` keys; this error only says the set was refused)."""

    def __init__(self, refusals: Sequence[Refusal]):
        super().__init__("; ".join(r.sentence for r in refusals),
                         code="citadels.character_set", count=len(refusals))
        self.refusals = tuple(refusals)


def rank9_rule(edition: str, players: int) -> str:
    """'required', 'optional' or 'forbidden' for a rank-9 character."""
    if players == 2 or (players == 3 and edition == "classic"):
        return "forbidden"
    if players == 8 or (players == 3 and edition == "2016"):
        return "required"
    return "optional"


def refusals(edition: str, players: int, ids: Sequence[str]) -> tuple[Refusal, ...]:
    """Every rule the set ``ids`` breaks for ``players`` players (empty: allowed)."""
    if edition not in EDITIONS:
        return (Refusal("edition", f"unknown edition {edition!r}", {"edition": edition}),)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return (Refusal("players", f"Citadels is for 2 to 8 players, not {players}",
                        {"players": players}),)
    out: list[Refusal] = []
    chosen = []
    for cid in ids:
        try:
            chosen.append(character(edition, cid))
        except KeyError:
            out.append(Refusal("unknown", f"the {edition} edition has no character {cid!r}",
                               {"character": cid}))
    if len(set(ids)) != len(ids):
        out.append(Refusal("duplicate", "a character is chosen twice"))
    ranks = [c.rank for c in chosen]
    for rank in range(1, 9):
        count = ranks.count(rank)
        if count != 1:
            out.append(Refusal("one_per_rank", f"rank {rank} needs exactly one character "
                               f"(has {count})", {"rank": rank, "count": count}))
    nines = ranks.count(9)
    rule = rank9_rule(edition, players)
    if nines > 1:
        out.append(Refusal("one_rank9", "at most one rank-9 character"))
    if rule == "required" and nines == 0:
        out.append(Refusal("rank9_required", f"{players} players need a rank-9 character",
                           {"players": players}))
    if rule == "forbidden" and nines:
        out.append(Refusal("rank9_forbidden", f"{players} players play with ranks 1-8 only"
                           " in this edition", {"players": players}))
    ids_set = set(ids)
    if edition == "2016" and players == 2 and "emperor" in ids_set:
        out.append(Refusal("emperor_two_players", "the Emperor is never used with 2 players"))
    if "queen" in ids_set and players < 5:
        out.append(Refusal("queen_few_players", "the Queen is never used with fewer than 5 "
                           "players", {"players": players}))
    return tuple(out)


def check(edition: str, players: int, ids: Sequence[str]) -> tuple[str, ...]:
    """``ids`` ordered by rank, or InvalidCharacterSet."""
    found = refusals(edition, players, ids)
    if found:
        raise InvalidCharacterSet(found)
    return tuple(sorted(ids, key=lambda cid: character(edition, cid).rank))


def first_game(edition: str, players: int) -> tuple[str, ...]:
    """The 8 base characters, plus a rank-9 character where the player count needs one
    (the Queen if allowed, else the Artist: a choice of ours, the rules name none)."""
    ids = FIRST_GAME
    if rank9_rule(edition, players) == "required":
        ids += ("queen",) if players >= 5 else ("artist",)
    return check(edition, players, ids)


def random_set(edition: str, players: int, rng: Rng) -> tuple[str, ...]:
    """A random set the rules allow: one character per rank, rank 9 when required, and with
    even odds when optional. An unknown edition or a player count no set allows is refused
    at once (InvalidCharacterSet), never drawn for ever."""
    table = [r for r in refusals(edition, players, ()) if r.code in ("edition", "players")]
    if table:
        raise InvalidCharacterSet(tuple(table))
    while True:
        ids = [rng.choice(by_rank(edition, rank)).id for rank in range(1, 9)]
        rule = rank9_rule(edition, players)
        if rule == "required" or (rule == "optional" and rng.randrange(2)):
            ids.append(rng.choice(by_rank(edition, 9)).id)
        if not refusals(edition, players, ids):
            return check(edition, players, ids)


STAND_INS = {"emperor_two_players": ("emperor", "king"),
             "queen_few_players": ("queen", "artist")}
"""Seed 000 (추천 조합): "2명 게임에는 황제 대신 왕이나 대공을 사용하세요." / "3명이나 4명 게임에는
왕비 대신 예술가나 세리를 사용하세요.": the refusal, the character it refuses and who stands in
(the first the seed names; the table may choose the other per rank)."""


@dataclass(frozen=True)
class NamedSet:
    """One of the rulebook's named sets: ranks 1-8, and the rank-9 character it suggests."""

    id: str
    edition: str
    characters: tuple[str, ...]
    rank9: str


@dataclass(frozen=True)
class TableSet:
    """A named set as a table of this size plays it: the characters, and who stood in for whom
    (``stand_ins``: (left out, instead) pairs)."""

    characters: tuple[str, ...]
    stand_ins: tuple[tuple[str, str], ...] = ()


@cache
def named_sets(edition: str) -> tuple[NamedSet, ...]:
    """The edition's named sets in the rulebook's order (``character_sets.json``; none for
    the classic edition, whose rules name none)."""
    data = load_data("character_sets.json", edition)
    return tuple(NamedSet(s["id"], s["edition"], tuple(s["characters"]), s["rank9"])
                 for s in data["sets"] if s["edition"] == edition)


def named_set(edition: str, players: int, set_id: str, rank9: bool = False) -> TableSet:
    """The named set ``set_id`` for ``players``: its rank-9 character where the rules require
    one, and where they allow one if ``rank9`` (seed 000: "괄호 안에 있는 9번 캐릭터는 사용해도
    되고 안 해도 됩니다"); a character the count forbids replaced as the seed says (``STAND_INS``).
    KeyError for a set the edition does not have."""
    found = {s.id: s for s in named_sets(edition)}[set_id]
    rule = rank9_rule(edition, players)
    ids = found.characters + ((found.rank9,) if rule == "required" or (
        rule == "optional" and rank9) else ())
    codes = {r.code for r in refusals(edition, players, ids)}
    swaps = tuple(STAND_INS[code] for code in STAND_INS if code in codes)
    for out, instead in swaps:
        ids = tuple(instead if cid == out else cid for cid in ids)
    return TableSet(check(edition, players, ids), swaps)
