"""The games the companion knows: the one registry of rules (OpenSpiel's ``register_game``,
python-chess's ``VARIANTS``). Each game has an id; its engines by stored session kind (the
game itself, its final scoring by hand ``<id>-score``, and any other kind it stores), the
schema of the result History keeps, and the rulebook readings a kept game may have been played
under. Storage, statistics, the export and the command line read results through the schema,
never a game's own field names; ui/registry.py adds what screens need, keyed by the same id.

Engines are named by import path (``"package.module:Class"``), so reading the registry imports
no game: the app's first frame and the command line stay quick (and its values are named
tuples, not dataclasses, whose making costs the first frame; docs/architecture.md, Start-up).

>>> [game.id for game in games()]
['citadels', 'troyes', 'tiletum']
>>> game_of("troyes-score").id, rules_for("troyes-score").game_id
('troyes', 'troyes-score')
>>> schema_for("citadels").seat_tags, schema_for("race") == ResultSchema()
('final_characters', True)
>>> [r.number for r in game("troyes").rulebook_readings().all]
[1, 2, 3, 4, 5, 6]
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import import_module
from typing import Any, NamedTuple


def resolve(path: str) -> Any:
    """The object an import path ``"package.module:name"`` names (imported now)."""
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


class ResultSchema(NamedTuple):
    """What a finished game's stored result holds. Every game stores its scores the same way
    (``result["scores"]``: ``players`` with a ``name`` and a ``total``, ``winners`` and
    ``ranking``; companion/records.py reads them); a game may also keep a list of ids per seat
    (``seat_tags``: the result's field ``{seat: [id, ...]}``; Citadels' characters held in the
    last round), grouped for statistics by a config field (``tag_group``: Citadels' edition)
    and named in words by ``tag_names`` (an import path: ``(group, id, language) -> str``).
    ``first_seat``: the config field saying who began (a seat, or the seats in turn order).
    """

    seat_tags: str | None = None
    tag_group: str | None = None
    tag_names: str | None = None
    first_seat: str | None = None


class Game(NamedTuple):
    """One game: ``sessions`` maps each kind of stored session to its engine's import path
    (the game's own kind is its id); ``readings`` names its rulebook readings (a
    ``companion.readings.Readings``: the values its engine is built with, by the config's
    ``rules``), if it has more than one."""

    id: str
    sessions: Mapping[str, str]
    schema: ResultSchema = ResultSchema()
    readings: str | None = None

    @property
    def score_kind(self) -> str:
        """The session kind of the game's final scoring by hand."""
        return f"{self.id}-score"

    def rules(self, kind: str | None = None):
        """The engine of session ``kind`` (default: the game itself), made once."""
        return _engine(self.sessions[kind or self.id])

    def rulebook_readings(self):
        """The game's ``Readings`` (None: one reading only)."""
        return resolve(self.readings) if self.readings else None

    def score_rules(self):
        """The final scoring by hand (a ``companion.score_entry.ScoreRules``), if any."""
        return self.rules(self.score_kind) if self.score_kind in self.sessions else None


@cache
def _engine(path: str):
    return resolve(path)()


BUILT_IN = (
    Game("citadels", {"citadels": "companion.citadels.game:CitadelsRules",
                      "citadels-draft": "companion.citadels.draft:DraftRules",
                      "citadels-score": "companion.citadels.score_rules:CitadelsScoreRules"},
         ResultSchema(seat_tags="final_characters", tag_group="edition",
                      tag_names="companion.citadels.catalogue:character_name",
                      first_seat="crown"),
         readings="companion.citadels.readings:READINGS"),
    Game("troyes", {"troyes": "companion.troyes.game:TroyesRules",
                    "troyes-score": "companion.troyes.scoring:TroyesScoreRules"},
         ResultSchema(first_seat="first"),
         readings="companion.troyes.readings:READINGS"),
    Game("tiletum", {"tiletum": "companion.tiletum.game:TiletumRules",
                     "tiletum-score": "companion.tiletum.scoring:TiletumScoreRules"},
         ResultSchema(first_seat="order"),
         readings="companion.tiletum.readings:READINGS"),
)

_games: list[Game] = list(BUILT_IN)
_by_kind: dict[str, Game] = {}  # session kind -> its game (History asks per row per frame)


def games() -> tuple[Game, ...]:
    return tuple(_games)


def register(game: Game) -> None:
    """Add a game (a test's own; ``unregister`` takes it out again)."""
    if any(g.id == game.id for g in _games):
        raise ValueError(f"a game {game.id!r} is registered already")
    _games.append(game)
    _by_kind.clear()


def unregister(game_id: str) -> None:
    _games[:] = [g for g in _games if g.id != game_id]
    _by_kind.clear()


def game(game_id: str) -> Game:
    return next(g for g in _games if g.id == game_id)


def game_of(kind: str) -> Game | None:
    """The game a stored session kind belongs to (None: a game the app no longer has)."""
    if not _by_kind:
        _by_kind.update((k, g) for g in _games for k in g.sessions)
    return _by_kind.get(kind)


def rules_for(kind: str):
    """The engine that replays sessions of ``kind`` (KeyError for an unknown kind)."""
    found = game_of(kind)
    if found is None:
        raise KeyError(kind)
    return found.rules(kind)


def scored_by_hand(kind: str) -> bool:
    """Whether sessions of ``kind`` are a game's final scoring entered by hand."""
    found = game_of(kind)
    return found is not None and kind == found.score_kind


def schema_for(kind: str) -> ResultSchema:
    """How results of sessions of ``kind`` read (the plain schema for an unknown kind)."""
    found = game_of(kind)
    return found.schema if found is not None else ResultSchema()
