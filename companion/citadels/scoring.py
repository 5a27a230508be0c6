"""Final scoring of a Citadels game (RULES.md §1.4, DISTRICTS.md), with a breakdown per player.

Each player's total is the sum of four categories, so anyone can check it:

- ``districts``: the cost of every district in the city, +1 for each Artist-decorated one
  (a decorated district's cost is one more for good: the Basilica reads it too);
- ``five_types``: +3 with a district of each of the 5 types;
- ``completion``: +4 for the first to complete a city, +2 for every other who completed one;
- ``unique``: what unique districts add at the end (one line per district, 0 included).

A Haunted Quarter (2016) / Haunted City (classic, unless built in the last round) counts as the
type that gives that player the most points, everything considered (the five types, the
Capitol, the Ivory Tower, the Wishing Well). District facts come from ``districts.json``.
The input (``PlayerCity``), its checks and its JSON form are in ``scoring_input.py`` (their
names are importable from here, ``__all__``).

>>> a = PlayerCity("Mina", ("manor", "castle", "temple", "market", "watchtower",
...                          "haunted_quarter", "palace", "church"), completed=1)
>>> b = PlayerCity("Joon", ("palace", "palace", "cathedral", "fortress"))
>>> result = score_game("2016", (a, b))
>>> [(p.name, s.total) for p, s in result.standings()]
[('Mina', 27), ('Joon', 20)]
>>> s = result.scores[0]
>>> s.districts, s.five_types, s.completion, s.haunted_as
(20, 3, 4, 'unique')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from .catalogue import rank_of
from .districts import TYPES, District, city_count, district
from .scoring_input import (FIELDS, LISTS, PlayerCity, ScoringError, completion_problem,
                            in_one_city, open_places, player_from_json, player_json, read_input,
                            validate)

__all__ = [  # what screens, tests and the command line import from here
    "DECORATION", "EFFECTS", "FIELDS", "FIRST_BONUS", "FIVE_TYPES_BONUS", "LATER_BONUS", "LISTS",
    "PlayerCity", "Result", "Score", "ScoringError", "SHARED_REASONS", "TIE_SENTENCES",
    "TieBreak", "city_count", "completion_problem", "decorated_costs", "in_one_city",
    "open_places", "player_from_json", "player_json", "read_input", "result_json", "score_game",
    "score_player", "validate"]

FIRST_BONUS, LATER_BONUS, FIVE_TYPES_BONUS, DECORATION = 4, 2, 3, 1


@dataclass(frozen=True)
class Score:
    """One player's points by category."""

    districts: int
    decorations: int
    five_types: int
    completion: int
    unique: tuple[tuple[str, int], ...]  # (district id, points) for each end-game district
    haunted_as: str | None  # the type a Haunted Quarter / City was counted as
    city_count: int  # districts toward completion (a Monument counts as two)

    @property
    def unique_total(self) -> int:
        return sum(points for _, points in self.unique)

    @property
    def total(self) -> int:
        return self.districts + self.five_types + self.completion + self.unique_total


@dataclass(frozen=True)
class TieBreak:
    """How a tie on points was settled. ``code`` is one of ``rank`` (2016: the higher
    final-round character), ``shared`` (nothing breaks it), ``faq_value`` / ``faq_gold``
    (classic, the published FAQ's rule when asked for); ``fields`` fill its sentence."""

    code: str
    fields: dict = field(default_factory=dict)

    def sentence(self) -> str:
        """The English sentence (the UI has both languages in its catalogues)."""
        why = SHARED_REASONS.get(self.fields.get("reason"), "")
        return TIE_SENTENCES[self.code].format(why=why, **self.fields)


SHARED_REASONS = {"characters_unknown": " (their final-round characters are not known)",
                  "classic": " (the classic rules break no tie)",
                  "all_equal": " (also equal on district value and gold)"}


TIE_SENTENCES = {
    "rank": "{names} tie on {points}; {winner} wins with the higher final-round character "
            "(rank {rank} against {other}).",
    "shared": "{names} tie on {points} and share the win{why}.",
    "faq_value": "{names} tie on {points}; by the published FAQ (not in the rulebook) "
                 "{winner} wins with the higher district value ({value} against {other}).",
    "faq_gold": "{names} tie on {points} and on district value; by the published FAQ (not in "
                "the rulebook) {winner} wins with more gold ({gold} against {other}).",
}


@dataclass(frozen=True)
class Result:
    edition: str
    players: tuple[PlayerCity, ...]
    scores: tuple[Score, ...]
    ranking: tuple[int, ...]  # player indices, best first
    winners: tuple[int, ...]
    tie_break: TieBreak | None
    quick: bool = False  # the classic quick game: 7 districts completed a city

    def standings(self) -> list[tuple[PlayerCity, Score]]:
        return [(self.players[i], self.scores[i]) for i in self.ranking]


# --- one player --------------------------------------------------------------------------------

def _end_game(d: District) -> dict:
    return d.end_game or {}


@dataclass(frozen=True)
class _City:
    """What the end-game effects look at: the player, the city, the type each district
    counts as (with the Haunted one's chosen type) and its cost (with the Artist's +1)."""

    player: PlayerCity
    built: tuple[District, ...]
    types: tuple[str, ...]
    costs: tuple[int, ...]

    @property
    def uniques(self) -> int:
        return sum(t == "unique" for t in self.types)


# points of each end-game effect kind (districts.json), for district ``d`` in city ``c``
EFFECTS = {
    "bonus": lambda d, c: d.end_game["points"],
    "scores_as": lambda d, c: d.end_game["points"] - d.cost,
    "per_gold": lambda d, c: c.player.gold,
    "per_card_in_hand": lambda d, c: c.player.hand,
    "per_unique_district": lambda d, c: c.uniques,
    "crown_bonus": lambda d, c: d.end_game["points"] if c.player.crown else 0,
    "three_of_a_type": lambda d, c: d.end_game["points"]
    if max(Counter(c.types).values()) >= 3 else 0,
    "per_odd_cost_district": lambda d, c: sum(1 for cost in c.costs if cost % 2 == 1),
    "only_unique": lambda d, c: d.end_game["points"] if c.uniques == 1 else 0,
    "per_card_under": lambda d, c: c.player.museum,
}


def _unique_points(edition: str, city: _City) -> list[tuple[str, int]]:
    """Each end-game unique district's points (0 included, so the breakdown shows it)."""
    out = [(d.id, EFFECTS[_end_game(d)["kind"]](d, city)) for d in city.built
           if _end_game(d).get("kind") in EFFECTS]
    if city.player.secret_vault:
        out.append(("secret_vault", district(edition, "secret_vault").end_game["points"]))
    return out


def _flexible(d: District, player: PlayerCity) -> bool:
    """Whether this district may count as any type (Haunted Quarter / City)."""
    end = _end_game(d)
    if end.get("kind") != "any_type":
        return False
    return not (end.get("not_if_built_last_round") and d.id in player.built_last_round)


def decorated_costs(built, decorated) -> tuple[int, ...]:
    """Each built district's cost, one more if the Artist decorated it (seed 000, 예술가:
    "영구적으로 건설비용이 금화 1닢 더 늘어났다고 간주")."""
    left = Counter(decorated)
    costs = []
    for d in built:
        decorated_here = left[d.id] > 0
        left[d.id] -= decorated_here
        costs.append(d.cost + DECORATION * decorated_here)
    return tuple(costs)


def score_player(edition: str, player: PlayerCity) -> Score:
    """One player's score; the Haunted district's type is chosen to score best (ties keep it
    unique, its printed type)."""
    built = [district(edition, i) for i in player.city]
    decorations = DECORATION * len(player.decorated)
    costs = decorated_costs(built, player.decorated)
    completion = 0 if player.completed is None else (
        FIRST_BONUS if player.completed == 1 else LATER_BONUS)
    flexible = [i for i, d in enumerate(built) if _flexible(d, player)]
    # unique first, so that a tie keeps the printed type
    choices = product(("unique",) + tuple(t for t in TYPES if t != "unique"),
                      repeat=len(flexible))
    best = None
    for choice in choices:
        types = [d.type for d in built]
        for i, t in zip(flexible, choice):
            types[i] = t
        five = FIVE_TYPES_BONUS if set(TYPES) <= set(types) else 0
        unique = _unique_points(edition, _City(player, tuple(built), tuple(types), costs))
        total = five + sum(p for _, p in unique)
        if best is None or total > best[0]:
            best = (total, five, unique, choice[0] if choice else None)
    _, five, unique, haunted_as = best
    return Score(sum(costs), decorations, five, completion, tuple(unique), haunted_as,
                 city_count(built))


# --- the game ----------------------------------------------------------------------------------

def _highest_rank(edition: str, player: PlayerCity) -> int | None:
    return max((rank_of(edition, c) for c in player.characters), default=None)


def _district_value(edition: str, player: PlayerCity) -> int:
    """What the city's districts score (the FAQ's "district value"): costs with decorations,
    and a district that scores as more (University, Dragon Gate: 8) at that value."""
    built = [district(edition, i) for i in player.city]
    costs = decorated_costs(built, player.decorated)
    return sum(c + (_end_game(d)["points"] - d.cost if _end_game(d).get("kind") == "scores_as"
                    else 0) for d, c in zip(built, costs))


def score_game(edition: str, players, faq_tiebreak: bool = False,
               quick: bool = False) -> Result:
    """Score every player, rank them, and settle a tie for first place (2016: the higher
    final-round character; classic: a shared win, or with ``faq_tiebreak`` the published FAQ's
    district value then gold). ``quick``: the classic quick game, whose completed cities (and
    their bonuses) have 7 districts. Raises ScoringError for input that cannot be scored."""
    players = tuple(players)
    validate(edition, players, quick)
    scores = tuple(score_player(edition, p) for p in players)
    top = max(s.total for s in scores)
    tied = [i for i, s in enumerate(scores) if s.total == top]
    winners, tie_break = tuple(tied), None
    if len(tied) > 1:
        winners, tie_break = _break_tie(edition, players, tied, top, faq_tiebreak)
    order = {i: n for n, i in enumerate(winners)}
    ranking = tuple(sorted(range(len(players)),
                           key=lambda i: (-scores[i].total, order.get(i, len(players)), i)))
    return Result(edition, players, scores, ranking, winners, tie_break, quick)


def _names(players, indices) -> str:
    """The tied players' names (no words, so either language can use them)."""
    return ", ".join(players[i].name for i in indices)


def _break_tie(edition, players, tied, points, faq):
    names = _names(players, tied)
    if edition == "2016":
        ranks = {i: _highest_rank(edition, players[i]) for i in tied}
        if None in ranks.values():
            return tuple(tied), TieBreak("shared", {
                "names": names, "points": points, "reason": "characters_unknown"})
        best = sorted(tied, key=lambda i: -ranks[i])
        return (best[0],), TieBreak("rank", {
            "names": names, "points": points, "winner": players[best[0]].name,
            "rank": ranks[best[0]], "other": ", ".join(str(ranks[i]) for i in best[1:])})
    if not faq:
        return tuple(tied), TieBreak("shared", {
            "names": names, "points": points, "reason": "classic"})
    for code, measure, key in (("faq_value", _district_value, "value"),
                               ("faq_gold", lambda e, p: p.gold, "gold")):
        values = {i: measure(edition, players[i]) for i in tied}
        best = max(values.values())
        leaders = [i for i in tied if values[i] == best]
        if len(leaders) == 1:
            return (leaders[0],), TieBreak(code, {
                "names": names, "points": points, "winner": players[leaders[0]].name,
                key: best, "other": ", ".join(str(values[i]) for i in tied if i != leaders[0])})
        tied = leaders
    return tuple(tied), TieBreak("shared", {
        "names": _names(players, tied), "points": points, "reason": "all_equal"})


# --- JSON (the ``score`` command, stored results) ------------------------------------------------

def result_json(result: Result) -> dict[str, Any]:
    """The result as JSON: per player total and breakdown, ranking, winners, tie-break;
    ``quick`` only when the quick game was played."""
    players = []
    for p, s in zip(result.players, result.scores):
        players.append({
            "name": p.name, "total": s.total,
            "breakdown": {"districts": s.districts, "decorations": s.decorations,
                          "five_types": s.five_types, "completion": s.completion,
                          "unique": {"total": s.unique_total,
                                     "districts": [{"district": i, "points": points}
                                                   for i, points in s.unique]},
                          "haunted_as": s.haunted_as, "city_count": s.city_count}})
    return {"edition": result.edition, **({"quick": True} if result.quick else {}),
            "players": players,
            "ranking": [p.name for p, _ in result.standings()],
            "winners": [result.players[i].name for i in result.winners],
            "tie_break": result.tie_break.sentence() if result.tie_break else None,
            "tie_break_code": result.tie_break.code if result.tie_break else None,
            "tie_break_fields": result.tie_break.fields if result.tie_break else None}
