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

from companion.citadels.scoring import ScoringError, read_input, result_json, score_game

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
