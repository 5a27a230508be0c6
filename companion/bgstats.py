"""A finished game as one play for BG Stats, the app players log their games in (and through it
BoardGameGeek): a link to BG Stats' "createPlay" page whose ``data`` is the play as JSON.
Opening it on a phone with BG Stats shows its import dialog (docs/bgstats.md).

What BG Stats needs, as its page documents it and as others who built this found:
``sourceName``, ``sourcePlayId`` and ``playDate`` (UTC, ``yyyy-MM-dd HH:mm:ss``) always;
``game.bggId`` a JSON number; every flag (``winner``, ``startPlayer``, ``highestWins``,
``noPoints``) present, true or false. A Citadels player's characters go in ``role`` and the
edition in ``board``. The link travels as a QR code, so it says no more than that: no rank,
no ids for players, no location (BG Stats fills it in).

>>> play = play_of("troyes", {"names": ["Mina", "Joon"], "first": 2},
...     "2026-11-27T19:02:03.120Z", "2026-11-27T20:31:40.001Z",
...     {"scores": {"players": [{"name": "Mina", "total": 31}, {"name": "Joon", "total": 27}],
...                 "winners": ["Mina"]}})
>>> data = payload(play, "en")
>>> data["playDate"], data["durationMin"], data["game"]["bggId"]
('2026-11-27 19:02:03', 90, 73439)
>>> [(p["name"], p["score"], p["winner"], p["startPlayer"]) for p in data["players"]]
[('Mina', 31, True, False), ('Joon', 27, False, True)]
>>> link(data)[:60]
'https://app.bgstatsapp.com/createPlay.html?data=%7B%22source'
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache, lru_cache
from typing import Any, NamedTuple
from urllib.parse import quote

from . import games
from .data import package_json
from .records import player_records

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Tabletop Companion"
UNESCAPED = "-_.!~*'():,"
"""Left as they are in ``data``: what JavaScript's encodeURIComponent leaves, and ``:`` and
``,``, which a query may hold as they are (RFC 3986, 3.4) and which every JSON object is full
of (a shorter link is a less dense QR code)."""
LONGEST_TIMED = 12 * 60
"""Minutes: a game the device ran for longer was kept between sittings; its length is not the
play's, so no ``durationMin`` is given."""
OPTIONAL = ("board", "durationMin", "role")
"""What a link may leave out to be a less dense code, in the order it is left out."""
_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z\Z")


class Seat(NamedTuple):
    """One player of a play: ``score`` and ``won`` are None for a game finished without its
    final scores; ``roles``: ids the game kept for the seat (Citadels' last characters)."""

    name: str
    score: int | None
    won: bool | None
    roles: tuple[str, ...]
    first: bool


class Play(NamedTuple):
    """A finished game as BG Stats takes it. ``kind``: its stored session kind; ``timed``:
    whether ``started``..``finished`` is how long it was played (the device ran it)."""

    game: str
    kind: str
    edition: str | None
    started: str
    finished: str
    timed: bool
    seats: tuple[Seat, ...]


@cache
def _games() -> Mapping[str, Any]:
    return package_json(__package__, "bgstats.json")["games"]


def play_of(kind: str, config: Any, started: Any, finished: Any, result: Any) -> Play | None:
    """The play of a stored finished session (its decoded config and result), or None when it
    is none: unknown game, left unfinished, no players, or times that cannot be read."""
    game = games.game_of(kind) if isinstance(kind, str) else None
    if game is None or game.id not in _games() or not isinstance(config, Mapping):
        return None
    if not (isinstance(started, str) and _STAMP.match(started)
            and isinstance(finished, str) and _STAMP.match(finished)):
        return None
    names = config.get("names") or [p.get("name") for p in config.get("players", ())
                                    if isinstance(p, Mapping)]
    if not isinstance(names, Sequence) or not all(isinstance(n, str) for n in names):
        return None
    records = player_records(names, result, game.schema)
    if not records:
        return None
    first = _first_name(config, game.schema.first_seat, names)
    edition = config.get("edition")
    return Play(game.id, kind, edition if isinstance(edition, str) else None, started, finished,
                kind == game.id,
                tuple(Seat(r.name, r.score, r.won, r.characters, r.name == first)
                      for r in records))


def _first_name(config: Mapping, key: str | None, names: Sequence[str]) -> str | None:
    """The name at the seat that began (the config's ``key``: a seat, or seats in turn order,
    from 1)."""
    seat = config.get(key) if key else None
    if isinstance(seat, list) and seat:
        seat = seat[0]
    if isinstance(seat, int) and not isinstance(seat, bool) and 1 <= seat <= len(names):
        return names[seat - 1]
    return None


def play_id(play: Play) -> str:
    """The same play gets the same id on every device (a backup imported keeps its start), so
    BG Stats can tell a play it has already."""
    return hashlib.sha256(f"{play.kind} {play.started}".encode()).hexdigest()[:12]


def minutes(play: Play) -> int | None:
    """How long the device ran the game, if it was one sitting (``LONGEST_TIMED``)."""
    if not play.timed:
        return None
    took = datetime.fromisoformat(play.finished) - datetime.fromisoformat(play.started)
    whole = round(took.total_seconds() / 60)
    return whole if 0 <= whole <= LONGEST_TIMED else None


def payload(play: Play, language: str, leave_out: Sequence[str] = ()) -> dict:
    """The play as BG Stats' JSON, names of characters and editions in ``language``, without
    the ``OPTIONAL`` fields named in ``leave_out``."""
    known = _games()[play.game]
    bgg = known["bgg"]
    scored = all(s.score is not None for s in play.seats)
    data: dict[str, Any] = {"sourceName": SOURCE_NAME, "sourcePlayId": play_id(play),
                            "playDate": play.started[:10] + " " + play.started[11:19]}
    took = minutes(play)
    if took is not None and "durationMin" not in leave_out:
        data["durationMin"] = took
    board = known.get("board", {}).get(play.edition)
    if board and "board" not in leave_out:
        data["board"] = board.get(language, board["en"])
    data["game"] = {"bggId": bgg[play.edition] if isinstance(bgg, dict) else bgg,
                    "name": known["name"], "highestWins": True, "noPoints": not scored}
    data["players"] = [_player(play, seat, scored, language, "role" not in leave_out)
                       for seat in play.seats]
    return data


def _player(play: Play, seat: Seat, scored: bool, language: str, roles: bool) -> dict:
    player: dict[str, Any] = {"name": seat.name}
    if scored:
        player["score"] = seat.score
    player["winner"] = bool(seat.won)
    player["startPlayer"] = seat.first
    named = [_role(play, r, language) for r in seat.roles] if roles else []
    if any(named):
        player["role"] = ", ".join(n for n in named if n)
    return player


def _role(play: Play, tag: str, language: str) -> str:
    """A kept id in words (Citadels: the character's printed name); "" when unknown."""
    namer = games.game(play.game).schema.tag_names
    if not namer or play.edition is None:
        return ""
    try:
        return games.resolve(namer)(play.edition, tag, language)
    except (KeyError, ValueError):
        return ""


def link(data: Mapping) -> str:
    """The link that opens BG Stats' import of ``data``."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return LINK + quote(text, safe=UNESCAPED)


@lru_cache(maxsize=4)  # (a screen and its rehearsal ask for the same play's)
def links(play: Play, language: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """(what is left out, link), from the whole play to the barest: each leaves out one more
    ``OPTIONAL`` field the play has."""
    whole = payload(play, language)
    found, before = [((), link(whole))], whole
    for k in range(1, len(OPTIONAL) + 1):
        data = payload(play, language, OPTIONAL[:k])
        if data != before:
            found.append((tuple(f for f in OPTIONAL[:k] if _has(whole, f)), link(data)))
        before = data
    return tuple(found)


def _has(data: Mapping, field: str) -> bool:
    return field in data or any(field in p for p in data["players"])
