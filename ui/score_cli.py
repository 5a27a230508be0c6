"""``companion score citadels FILE --json``: final scoring from a JSON description of the
cities (``-`` reads standard input). Bad input: one line on stderr, exit code 2.

Input::

    {"edition": "2016" | "classic",
     "players": [{"name": "Mina", "city": ["manor", ...], "decorated": [...],
                  "completed": null | 1 | 2 | ..., "gold": 0, "hand": 0, "museum": 0,
                  "secret_vault": false, "crown": false, "characters": ["king"],
                  "built_last_round": [...]}]}

Only ``name`` and ``city`` are required.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.citadels.scoring import PlayerCity, Result, ScoringError, score_game

FIELDS = {"name": str, "city": list, "decorated": list, "completed": (int, type(None)),
          "gold": int, "hand": int, "museum": int, "secret_vault": bool, "crown": bool,
          "characters": list, "built_last_round": list}
LISTS = ("city", "decorated", "characters", "built_last_round")


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        print(f"companion score: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="companion score")
    games = parser.add_subparsers(dest="game", required=True, parser_class=_Parser)
    citadels = games.add_parser("citadels", help="Citadels final scoring")
    citadels.add_argument("file", help="the cities as JSON (see docs/scoring.md), or - for stdin")
    citadels.add_argument("--json", action="store_true", help="print the result as JSON")
    citadels.add_argument("--faq-tiebreak", action="store_true",
                          help="classic: break ties by the published FAQ (district value, "
                               "then gold), which the rulebook does not have")
    return parser


def player_from_json(data: Any, n: int) -> PlayerCity:
    """One player's entry, checked field by field (ScoringError names the problem)."""
    where = f"player {n}"
    if not isinstance(data, dict):
        raise ScoringError(f"{where}: must be an object")
    unknown = set(data) - set(FIELDS)
    if unknown:
        raise ScoringError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    for key in ("name", "city"):
        if key not in data:
            raise ScoringError(f"{where}: {key!r} is required")
    for key, value in data.items():
        kind = FIELDS[key]
        wrong_bool = isinstance(value, bool) and kind in (int, (int, type(None)))
        if not isinstance(value, kind) or wrong_bool:
            raise ScoringError(f"{where}: {key!r} has the wrong type")
        if key in LISTS and not all(isinstance(v, str) for v in value):
            raise ScoringError(f"{where}: {key!r} must list ids (strings)")
    return PlayerCity(**{k: tuple(v) if k in LISTS else v for k, v in data.items()})


def read_input(text: str) -> tuple[str, list[PlayerCity]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScoringError(f"malformed JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
                           ) from None
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise ScoringError("the input must be an object with 'edition' and a 'players' list")
    return str(data.get("edition")), [player_from_json(p, n)
                                      for n, p in enumerate(data["players"], 1)]


def result_json(result: Result) -> dict[str, Any]:
    """The result as JSON: per player total and breakdown, ranking, winners, tie-break."""
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
    return {"edition": result.edition, "players": players,
            "ranking": [p.name for p, _ in result.standings()],
            "winners": [result.players[i].name for i in result.winners],
            "tie_break": result.tie_break.sentence() if result.tie_break else None}


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    try:
        text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    except OSError as exc:
        print(f"companion score: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        edition, players = read_input(text)
        result = score_game(edition, players, faq_tiebreak=args.faq_tiebreak)
    except ScoringError as exc:
        print(f"companion score: {exc}", file=sys.stderr)
        return 2
    data = result_json(result)
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    by_name = {p["name"]: p for p in data["players"]}
    for place, name in enumerate(data["ranking"], 1):
        p = by_name[name]
        b = p["breakdown"]
        print(f"{place}. {p['name']}: {p['total']} (districts {b['districts']}, five types "
              f"{b['five_types']}, completion {b['completion']}, unique {b['unique']['total']})")
    if data["tie_break"]:
        print(data["tie_break"])
    return 0
