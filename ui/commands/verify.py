"""``companion verify [FILE] [--game ID] [--seal SEAL] [--fingerprint F] [--list]`` and
``companion verify --seed S --seal SEAL``: the dice audit (docs/dice-audit.md). For each
finished game of a JSON backup (``companion export --format json``; without FILE, the store's,
``--config``/``--data-dir`` as for export) it replays the stored decisions from the seed with
every check, recomputes every roll and draw, and says whether they come to the dice
fingerprint the game stored when it ended, and whether the seal given (as photographed when
the game began) is this seed's. Exit 0 when everything matches, 1 when something does not (or
a decision is refused), 2 for a mistake on the command line or in the file."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from typing import Any

from .export import _read_store, _where
from .text_io import InputError, fail, read_text

HELP = "check a game's dice against its seed, its seal and its decisions (docs/dice-audit.md)"
PROG = "companion verify"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", help="a JSON backup (- reads standard input);"
                                                " default: the games stored")
    parser.add_argument("--game", type=int, help="only the game with this number")
    parser.add_argument("--seed", type=int, help="with --seal: check that seal alone")
    parser.add_argument("--scheme", type=int, default=2, help=argparse.SUPPRESS)
    parser.add_argument("--seal", help="the seal shown when the game began (XXXX-XXXX-XXXX)")
    parser.add_argument("--fingerprint", help="the fingerprint shown when the game ended")
    parser.add_argument("--list", action="store_true", help="print every roll and draw")
    _where(parser, run)


def run(args) -> int:
    from companion import dice_audit  # deferred: start-up time (only this command)
    from companion.rng import SCHEMES, Seed  # deferred: as above

    if args.seed is not None:
        if args.seal is None or args.file is not None:
            return fail(PROG, "--seed checks a seal: give --seal, and no file")
        if args.scheme not in SCHEMES:
            return fail(PROG, f"--scheme must be one of {SCHEMES}")
        whole = dice_audit.commitment(Seed(args.seed, args.scheme))
        ok = dice_audit.matches(whole, args.seal)
        print(f"seed {args.seed}: seal {dice_audit.short(whole)} (commitment {whole}): the seal"
              f" given {'matches' if ok else 'does NOT match'}")
        return 0 if ok else 1
    try:
        games = list(_games(args))
    except InputError as exc:
        return fail(PROG, exc)
    if not games:
        return fail(PROG, "no such finished game" if args.game is not None
                    else "no finished games to verify")
    return max(_verify(game, args) for game in games)


def _games(args) -> Iterator[dict[str, Any]]:
    """The finished games to verify, as a backup holds them."""
    if args.file is not None:
        try:
            data = json.loads(read_text(args.file, what="the backup"))
        except ValueError as exc:
            raise InputError(f"{args.file}: not JSON ({exc})") from None
        if not isinstance(data, dict) or not isinstance(data.get("games"), list):
            raise InputError(f"{args.file}: not a history backup (companion export --format"
                             " json)")
        games = data["games"]
    else:
        games = _stored(args)
    for game in games:
        if isinstance(game, dict) and (args.game is None or game.get("id") == args.game):
            yield game


def _stored(args) -> list[dict[str, Any]]:
    """The store's finished games as backup entries."""
    from storage.store import DamagedSession  # deferred: as above

    store = _read_store(args)
    try:
        found = []
        for row in reversed(store.history(limit=-1)):
            if args.game is not None and row.session_id != args.game:
                continue
            try:
                session = store.load(row.session_id)
            except DamagedSession:
                continue
            found.append({"id": row.session_id, "kind": row.game, "config": session.config,
                          "seed": session.seed, "rng": session.rng,
                          "decisions": list(session.decisions), "result": row.result,
                          "created_at": row.created_at})
        return found
    finally:
        store.close()


def _verify(game: dict[str, Any], args) -> int:
    """Say what one game's dice come to; 0 when all matches, 1 when not."""
    from companion import dice_audit  # deferred: as above
    from companion.errors import RuleError  # deferred: as above
    from companion.games import rules_for  # deferred: as above
    from companion.rng import Seed  # deferred: as above
    from companion.session import Session  # deferred: as above

    name = f"game {game.get('id')} ({game.get('kind')}, started {game.get('created_at')})"
    try:
        seed = Seed(int(game["seed"]), int(game.get("rng", 2)))
        rules = rules_for(game["kind"])
        session = Session(game["kind"], game["config"], seed.value,
                          tuple(game["decisions"]), rng=seed.scheme)
    except (KeyError, TypeError, ValueError) as exc:
        print(f"{name}: cannot be read ({type(exc).__name__}: {exc})")
        return 1
    whole = dice_audit.commitment(seed)
    print(f"{name}: seed {seed.value}, seal {dice_audit.short(whole)} (commitment {whole})")
    status = _given(args.seal, whole, "seal")
    try:
        found = dice_audit.draws(rules, session)
    except (RuleError, KeyError, TypeError, ValueError) as exc:
        print(f"  a decision is refused on replay ({type(exc).__name__}: {exc}): the stored"
              " decisions are not a game this seed plays")
        return 1
    fingerprint = dice_audit.fingerprint(found)
    print(f"  {len(found)} rolls and draws recomputed from the seed and "
          f"{len(session.decisions)} decisions: fingerprint {dice_audit.short(fingerprint)}"
          f" ({fingerprint})")
    if args.list:
        for draw in found:
            print("    " + dice_audit.line(draw))
    stored = ((game.get("result") or {}).get("dice") or {}).get("fingerprint") \
        if isinstance(game.get("result"), dict) else None
    if isinstance(stored, str):
        same = stored == fingerprint
        print(f"  the fingerprint stored when the game ended: "
              f"{'matches' if same else 'does NOT match'}")
        status = max(status, 0 if same else 1)
    else:
        print("  no fingerprint was stored when the game ended")
    return max(status, _given(args.fingerprint, fingerprint, "fingerprint"))


def _given(shown: str | None, digest: str, what: str) -> int:
    """Say whether the ``what`` given (``shown``, as written down) is ``digest``'s: 0 when
    it is or none was given, 1 when not."""
    from companion import dice_audit  # deferred: as above

    if shown is None:
        return 0
    same = dice_audit.matches(digest, shown)
    print(f"  the {what} given: {'matches' if same else 'does NOT match'}")
    return 0 if same else 1
