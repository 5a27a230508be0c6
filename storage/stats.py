"""Statistics: sums over the finished games' player rows (``player_results``, written by
``record_finished``), read from the sums storage/aggregates.py keeps of them, so no page
reads every row (nor a game's result again): the same cost at 100 games as at 30,000.

A player is the remembered player (``player_id``: a renamed player keeps their games, under
their name now), else the name played. Each function takes ``games``, the kinds of session to
count (``("troyes", "troyes-score")``, as ``Store.count`` does; None: every kind).

Definitions:
- ``games``: finished games played; ``scored``: those with final scores entered.
- ``wins``: scored games won; in a tie every winner wins.
- win rate = wins / scored games (a game without scores counts as played, not in the rate).
- a Citadels character's rate: the scored games in which its holder (in the last round) won,
  out of the scored games in which it was held; kept apart per edition (the 2016 and classic
  editions share ids, but not every character's rank and ability: ``tax_collector``).
"""

from __future__ import annotations

from typing import NamedTuple

from . import aggregates

RECENT = 10
"""Scores in a player's sparkline (the latest, oldest first)."""
MAX_BUCKETS = 10
"""Bars of a score histogram, at most."""
NICE_WIDTHS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
FEW = 500
"""Players still looked for by ``_latest`` that it names in its query (more: every row)."""


class Recent(NamedTuple):
    """One of a player's latest scores."""

    score: int
    won: bool


class PlayerStats(NamedTuple):
    """One player's finished games."""

    player_id: int | None  # None: a name not remembered
    name: str  # the remembered player's name now, else the name played
    games: int  # finished games played
    scored: int  # of them, with final scores
    wins: int  # scored games won (a tie: each winner)
    average: float | None  # mean final score (None: no scored game)
    best: int | None
    last_played: str  # the latest game's ``played_at`` (UTC stamp)
    recent: tuple[Recent, ...] = ()  # the latest RECENT scores, oldest first

    @property
    def win_rate(self) -> float | None:
        """wins / scored games; None when no game was scored."""
        return self.wins / self.scored if self.scored else None


class CharacterStats(NamedTuple):
    """A Citadels character held in the last round of scored games."""

    edition: str | None  # the game's edition (config ``edition``)
    character: str  # its id (companion/citadels/characters.json)
    games: int  # scored games in which it was held in the last round
    wins: int  # of them, won by its holder

    @property
    def win_rate(self) -> float:
        return self.wins / self.games


class Bucket(NamedTuple):
    """Final scores from ``low`` to ``high`` (both included)."""

    low: int
    high: int
    count: int  # players' totals in it
    wins: int  # of them, winning totals


class ScoreDistribution(NamedTuple):
    """The final scores of one game's scored games."""

    games: int  # scored games
    scores: int  # players' totals
    lowest: int
    highest: int
    average: float
    buckets: tuple[Bucket, ...]  # equal widths, lowest first, empty ones included
    winning_lowest: int | None  # the winners' totals (None: no winner was recorded)
    winning_highest: int | None
    winning_average: float | None


def _kinds(games: tuple[str, ...] | None, column: str = "game") -> tuple[str, tuple]:
    """``<column> IN (…)`` and its arguments (``1``, true, for every kind)."""
    if games is None:
        return "1", ()
    return f"{column} IN ({','.join('?' * len(games))})", tuple(games)


def players(store, games: tuple[str, ...] | None = None) -> list[PlayerStats]:
    """Every player of the finished games (of ``games``), the most games first (then wins,
    then name), each with the day of their latest game and their latest RECENT scores."""
    return latest(store, games, totals(store, games))


def totals(store, games: tuple[str, ...] | None = None) -> list[PlayerStats]:
    """Every player as ``players`` gives them, without their latest game and scores
    (``latest`` adds them to the few shown).

    Read from the sums by (kind, player_id, name played) that storage/aggregates.py keeps,
    then the names a remembered player played under are added together here (a handful)."""
    aggregates.ready(store)
    where, args = _kinds(games)
    groups: dict[tuple, list[tuple]] = {}
    for row in store.query(
            "SELECT NULLIF(player_id, 0), name, SUM(games), SUM(scored), SUM(wins), SUM(total),"
            f" MAX(best) FROM stats_players WHERE {where} GROUP BY player_id, name", args):
        groups.setdefault((row[0], None) if row[0] is not None else (None, row[1]),
                          []).append(row)
    names = dict(store.query("SELECT id, name FROM players"))
    found = [_summed(names.get(key[0], rows[0][1]), rows) for key, rows in groups.items()]
    return sorted(found, key=lambda p: (-p.games, -p.wins, p.name.casefold()))


def latest(store, games: tuple[str, ...] | None, found: list[PlayerStats]
           ) -> list[PlayerStats]:
    """``found`` (from ``totals`` of the same ``games``) each with the day of their latest
    game and their latest RECENT scores: only their rows are read."""
    keys = [(p.player_id, None if p.player_id is not None else p.name) for p in found]
    last, recent = _latest(store, games, {key: p.scored for key, p in zip(keys, found)})
    return [p._replace(last_played=last.get(key, ""), recent=recent.get(key, ()))
            for key, p in zip(keys, found)]


def _summed(name: str, rows: list[tuple]) -> PlayerStats:
    """One player from their (player_id, name, games, scored, wins, total, best) rows (no
    latest game yet)."""
    games, scored, wins, total = (sum(row[i] for row in rows) for i in range(2, 6))
    best = max((row[6] for row in rows if row[6] is not None), default=None)
    return PlayerStats(rows[0][0], name, games, scored, wins,
                       total / scored if scored else None, best, "")


def _latest(store, games: tuple[str, ...] | None, scored: dict[tuple, int]
            ) -> tuple[dict[tuple, str], dict[tuple, tuple[Recent, ...]]]:
    """Each player's latest game (``played_at``) and latest RECENT scores (oldest first), by
    (player_id, name if not remembered; ``scored``: how many scored games each has). The
    games are walked newest first a few at a time (the index on ``touched``), until every
    player has been found: the players of a table show up in its latest games. Only the
    rows of the players still missing are read (of more than FEW: every row)."""
    last: dict[tuple, str] = {}
    recent: dict[tuple, list[Recent]] = {key: [] for key in scored}
    missing, before, chunk = set(scored), (1 << 62, 0), 64
    while missing:
        newest, args = _newest(games, before, chunk)
        only, named = _only(missing) if len(missing) <= FEW else ("1", ())
        rows = store.query(  # (a session without the players looked for: one row of NULLs)
            "SELECT s.touched, s.id, s.played_at, r.player_id,"
            " CASE WHEN r.player_id IS NULL THEN r.name END, r.score, r.won"
            f" FROM ({newest}) s LEFT JOIN player_results r ON r.session_id = s.id AND {only}"
            " ORDER BY s.touched DESC, s.id DESC, r.seat", (*args, *named))
        if not rows:
            break
        for _, _, played_at, player_id, name, score, won in rows:
            key = (player_id, name)
            if key == (None, None):
                continue
            last.setdefault(key, played_at)
            scores = recent.setdefault(key, [])
            if score is not None and len(scores) < RECENT:
                scores.append(Recent(score, bool(won)))
        before, chunk = rows[-1][:2], chunk * 2
        missing = {key for key in missing
                   if key not in last or len(recent[key]) < min(RECENT, scored[key])}
    return last, {key: tuple(reversed(scores)) for key, scores in recent.items()}


def _only(keys: set[tuple]) -> tuple[str, tuple]:
    """A condition on ``r`` for the rows of the players ``keys`` (as ``_latest`` keys them:
    remembered by id, else by name), and its arguments."""
    ids = [player_id for player_id, _ in keys if player_id is not None]
    names = [name for player_id, name in keys if player_id is None]
    return (f"(r.player_id IN ({','.join('?' * len(ids))}) OR r.player_id IS NULL"
            f" AND r.name IN ({','.join('?' * len(names))}))", (*ids, *names))


def _newest(games: tuple[str, ...] | None, before: tuple[int, int], limit: int
            ) -> tuple[str, tuple]:
    """The ``limit`` sessions (of ``games``) played last before ``before`` (touched, id), and
    its arguments: each kind read newest first down its own index on (game, touched), so a
    filter never reads every session of its kinds."""
    newest = ("SELECT id, touched, played_at FROM sessions WHERE {} (touched, id) < (?, ?)"
              " ORDER BY touched DESC, id DESC LIMIT ?")
    if games is None:
        return newest.format(""), (*before, limit)
    each = " UNION ALL ".join(f"SELECT * FROM ({newest.format('game = ? AND')})"
                              for _ in games)
    return (f"SELECT * FROM ({each}) ORDER BY touched DESC, id DESC LIMIT ?",
            (*(arg for kind in games for arg in (kind, *before, limit)), limit))


def _tag_group(kinds: tuple[str, ...] | None) -> str | None:
    """The config field that groups the ids kept per seat of the sessions ``kinds`` (None:
    all), as their game's result schema names it (companion/games.py)."""
    from companion.games import games as known  # here: the first frame needs none of it

    return next((g.schema.tag_group for g in known() if g.schema.tag_group
                 and (kinds is None or set(kinds) & set(g.sessions))), None)


def characters(store, games: tuple[str, ...] | None = None) -> list[CharacterStats]:
    """Every character held in the last round of a scored game (of ``games``), by edition,
    then the most held first. Read from the sums by the characters a player held together (a
    handful of distinct sets), then each set's counts are added to each of its characters."""
    aggregates.ready(store)
    where, args = _kinds(games)
    by_edition = _tag_group(games) is not None  # (its field: aggregates.TAG_FIELD)
    held: dict[tuple, list[int]] = {}
    for edition, together, count, wins in store.query(
            "SELECT edition, characters, SUM(players), SUM(wins) FROM stats_characters"
            f" WHERE {where} GROUP BY 1, 2", args):
        edition = edition if by_edition and isinstance(edition, str) else None
        for character in together.split():
            sums = held.setdefault((edition, character), [0, 0])
            sums[0] += count
            sums[1] += wins
    found = [CharacterStats(edition, character, games_, wins)
             for (edition, character), (games_, wins) in held.items()]
    return sorted(found, key=lambda c: (c.edition or "", -c.games, c.character))


def distribution(store, games: tuple[str, ...] | None) -> ScoreDistribution | None:
    """The final scores of the scored games of ``games`` (one game's kinds: scores of
    different games do not compare), in at most MAX_BUCKETS equal buckets; None when no game
    was scored."""
    aggregates.ready(store)
    where, args = _kinds(games)
    rows = store.query("SELECT score, SUM(players), SUM(wins) FROM stats_scores"
                       f" WHERE {where} GROUP BY score ORDER BY score", args)
    if not rows:
        return None
    (scored_games,), = store.query(
        f"SELECT IFNULL(SUM(games), 0) FROM stats_scored_games WHERE {where}", args)
    lowest, highest = rows[0][0], rows[-1][0]
    scores = sum(count for _, count, _ in rows)
    winning = [(score, wins) for score, _, wins in rows if wins]
    won = sum(wins for _, wins in winning)
    return ScoreDistribution(
        scored_games, scores, lowest, highest,
        sum(score * count for score, count, _ in rows) / scores,
        buckets(rows, lowest, highest),
        winning[0][0] if won else None, winning[-1][0] if won else None,
        sum(score * wins for score, wins in winning) / won if won else None)


class DiceFaces(NamedTuple):
    """One colour's dice of a game, all its finished games on this device together: how many
    showed each face (1 to 6), and in how many games that colour was rolled."""

    colour: str
    faces: tuple[int, ...]
    games: int


def dice(store, games: tuple[str, ...] | None) -> list[DiceFaces]:
    """The dice the device rolled in the finished games of ``games`` (one game's kinds: the
    colours of different games are other dice), by colour."""
    aggregates.ready(store)
    where, args = _kinds(games)
    faces: dict[str, list[int]] = {}
    rolled: dict[str, int] = {}
    for colour, face, count, played in store.query(
            f"SELECT colour, face, SUM(dice), SUM(games) FROM stats_dice WHERE {where}"
            " GROUP BY 1, 2", args):
        faces.setdefault(colour, [0] * 6)[face - 1] = count
        rolled[colour] = max(rolled.get(colour, 0), played)
    return [DiceFaces(colour, tuple(counts), rolled[colour])
            for colour, counts in sorted(faces.items())]


def bucket_width(lowest: int, highest: int) -> int:
    """The smallest of NICE_WIDTHS that covers ``lowest``…``highest`` in MAX_BUCKETS buckets
    starting at a multiple of it.

    >>> bucket_width(12, 19), bucket_width(10, 45), bucket_width(0, 100), bucket_width(60, 141)
    (1, 5, 20, 10)
    """
    for width in NICE_WIDTHS:
        if highest // width - lowest // width < MAX_BUCKETS:
            return width
    return -(-(highest - lowest + 1) // MAX_BUCKETS)


def buckets(rows, lowest: int, highest: int) -> tuple[Bucket, ...]:
    """(score, count, wins) rows summed into equal buckets, empty ones included."""
    width = bucket_width(lowest, highest)
    first = lowest // width * width
    sums = [[0, 0] for _ in range((highest - first) // width + 1)]
    for score, count, wins in rows:
        sums[(score - first) // width][0] += count
        sums[(score - first) // width][1] += wins
    return tuple(Bucket(first + i * width, first + (i + 1) * width - 1, count, wins)
                 for i, (count, wins) in enumerate(sums))
