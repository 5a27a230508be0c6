"""A finished game's stored result as one record per player: the rows that statistics, the
player list and the export read, so none of them parses a game's result again.

Every game stores its scores the same way (``result["scores"]``: ``players`` with a ``name``
and a ``total``, and ``winners``); a game finished on the device without its final scores has
players but no score and no winner. A game's schema (companion/games.py) may name a list of ids
kept per seat (Citadels: the characters each seat held in the last round). A result that cannot
be read gives no records: it never raises, since it is read when a game is finished and when an
old database is upgraded. ``places`` says which place each player of a result holds (players
level on points share one), for the results and History.

>>> from companion.games import ResultSchema
>>> rows = player_records(["Mina", "Joon"], {"scores": {"players": [
...     {"name": "Mina", "total": 31}, {"name": "Joon", "total": 27}], "winners": ["Mina"]},
...     "held": {"1": ["king"], "2": ["thief", "bishop"]}}, ResultSchema(seat_tags="held"))
>>> [(r.seat, r.name, r.score, r.won, r.characters) for r in rows]
[(1, 'Mina', 31, True, ('king',)), (2, 'Joon', 27, False, ('thief', 'bishop'))]
>>> [(r.name, r.score, r.won) for r in player_records(["Mina", "Joon"], {"rounds": 5})]
[('Mina', None, None), ('Joon', None, None)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .games import ResultSchema


class PlayerRecord(NamedTuple):
    """One player of one finished game. ``score`` and ``won`` are None when the final scores
    were not entered; ``characters``: the ids the schema keeps per seat (Citadels: the
    characters held in the last round)."""

    seat: int
    name: str
    score: int | None
    won: bool | None
    characters: tuple[str, ...] = ()


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _scored(scores: Any) -> list[tuple[str, int]] | None:
    """(name, total) of every scored player, or None when the scores are not all readable."""
    players = scores.get("players") if isinstance(scores, dict) else None
    if not isinstance(players, list):
        return None
    scored = []
    for player in players:
        if not isinstance(player, dict):
            return None
        name, total = player.get("name"), player.get("total")
        if not isinstance(name, str) or not _whole(total):
            return None
        scored.append((name, total))
    return scored


def _tags(held: Any, seat: int) -> tuple[str, ...]:
    found = held.get(str(seat)) if isinstance(held, dict) else None
    return tuple([c for c in found if isinstance(c, str)]) if isinstance(found, list) else ()


def player_records(names: Sequence[str], result: Any,
                   schema: ResultSchema = ResultSchema()) -> list[PlayerRecord]:
    """The records of a finished game: its scored players (seat = their place in the scores,
    which is the table's order), else the seats' ``names`` without scores; [] for a game left
    unfinished (``abandoned``) or a result that cannot be read. (Stored results are read from
    JSON: their objects are dicts.)"""
    if not isinstance(result, dict) or result.get("abandoned"):
        return []
    held = result.get(schema.seat_tags) if schema.seat_tags else None
    scored = _scored(result.get("scores"))
    if scored is None:
        if "scores" in result or not all(isinstance(n, str) for n in names):
            return []
        return [PlayerRecord(seat, name, None, None, _tags(held, seat))
                for seat, name in enumerate(names, 1)]
    winners = result["scores"].get("winners")
    winners = {w for w in winners if isinstance(w, str)} if isinstance(winners, list) else set()
    seat_of = {name: seat for seat, name in enumerate(names, 1)}
    return [PlayerRecord(seat, name, total, name in winners, _tags(held, seat_of.get(name, seat)))
            for seat, (name, total) in enumerate(scored, 1)]


def places(scores: Any) -> list[tuple[Mapping, int]]:
    """A stored result's ``scores`` as (player, place), best first: a place is one more than
    the players ahead, so players level on points share it (1st, 2nd, 3rd, 3rd, 5th). A player
    chosen to win by a tie-break is ahead of those tied with them (the seeds' tie-breaks say
    only who wins: "동점자 중 턴 순서 트랙에서 앞선 플레이어가 승리합니다"). Players in the
    ``ranking`` order, else as stored; a total that cannot be read is behind the players
    before it.

    >>> def shown(players, winners):
    ...     scores = {"players": [{"name": n, "total": t} for n, t in players],
    ...               "ranking": [n for n, _ in players], "winners": winners}
    ...     return [(p["name"], place) for p, place in places(scores)]
    >>> shown([("Mina", 40), ("Joon", 33), ("Sora", 30), ("Hana", 30), ("Ben", 12)], ["Mina"])
    [('Mina', 1), ('Joon', 2), ('Sora', 3), ('Hana', 3), ('Ben', 5)]
    >>> shown([("Joon", 30), ("Mina", 30), ("Sora", 30)], ["Joon"])  # won by a tie-break
    [('Joon', 1), ('Mina', 2), ('Sora', 2)]
    >>> shown([("Mina", 30), ("Joon", 30)], ["Mina", "Joon"])  # a shared win
    [('Mina', 1), ('Joon', 1)]
    """
    if not isinstance(scores, Mapping) or not isinstance(scores.get("players"), list):
        return []
    players = [p for p in scores["players"] if isinstance(p, Mapping)]
    by_name = {p.get("name"): p for p in players}
    ranking = scores.get("ranking") if isinstance(scores.get("ranking"), list) else []
    ranked = [by_name[n] for n in ranking if isinstance(n, str) and n in by_name] or players
    winners = scores.get("winners") if isinstance(scores.get("winners"), list) else []
    won = [p.get("name") in winners for p in ranked]

    def ahead(i: int, j: int) -> bool:
        """Whether ranked player ``i`` is ahead of ranked player ``j``."""
        a, b = ranked[i].get("total"), ranked[j].get("total")
        if not (_whole(a) and _whole(b)):
            return i < j
        return a > b or (a == b and won[i] and not won[j])

    return [(p, 1 + sum(ahead(i, j) for i in range(len(ranked)) if i != j))
            for j, p in enumerate(ranked)]
