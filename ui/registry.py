"""What the screens and the command line need of each game, keyed by the game's id in the
rules' registry (companion/games.py: its engines, result schema and readings); read by home,
resume, History, Settings and the command line.

An entry names its parts by import path (``"module:attribute"``), so reading the registry
imports no game and no pygame (the command line stays quick); a part is imported when it is
used. Adding a game is one engine package (companion/<game>/), one screen package
(ui/screens/<game>/), one entry here (with its ``Game`` for a game companion/games.py does not
list) and its catalogue keys (docs/architecture.md, "Adding a game").

>>> [entry.id for entry in games()]
['citadels', 'troyes', 'tiletum']
>>> entry_for_session("troyes-score").id
'troyes'
"""

# No ``from __future__ import annotations`` here: typing.NamedTuple would compile each field's
# annotation text (a ForwardRef), ~0.15 M instructions a field of every start-up (issue 39).

from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from companion import games as rules_registry
from companion.games import Game, resolve

__all__ = ["GameEntry", "commands", "entry", "entry_for_session", "games", "register",
           "resolve", "unregister"]


class GameEntry(NamedTuple):
    """One game. ``openers`` maps each kind of stored session the game makes (its own id, its
    score entry…) to ``open(app, session)``, which puts the game back on screen as it stands;
    ``results`` shows a finished game's stored scores again (History's detail, ``(app,
    data=...)``); ``history_row`` says the outcome in History's row (``(t, result) -> str``;
    default: the winner); ``history_rounds`` shows how a stored game went, in History's detail
    (``(app, session)`` → None when that kind of session has no rounds, else pages with
    ``count``, ``title(i)`` and ``draw(canvas, rect, i)``; a session that cannot be replayed
    raises, and the detail says the rounds cannot be shown); ``score_later`` enters the final
    scores of a game finished without them (``(app, session)``: opens a score entry linked to
    the game, whose finishing puts the scores on the game's own History row); ``commands``
    maps a command-line command (``score``, ``roll``, ``simulate``) to an object whose
    ``add_to(subparsers)`` adds the game's subcommands (each with its ``run`` as the parser
    default); ``icon`` draws the game's picture on its home button (``(surface, rect)``);
    ``catalogue`` is a folder of ``<lang>.toml`` files merged into the app's messages (for a
    game kept outside ui/i18n/); ``prepare`` gives the small tasks that draw the game's pictures
    while nobody waits (``(app) -> list of callables``, each a millisecond at most here: die
    faces…; see ui/prepare.py), from a module that imports no more than it draws;
    ``rehearse`` draws on a canvas nobody sees what reopening a kept game of ``id`` will show
    (``(app, session, canvas)``; a rehearsal: it changes nothing), for the screens that reopen
    one (ui/screens/kept.py ``opening_rehearsals``), where that first frame costs most;
    ``settings`` adds rows to Settings (each ``(app) -> (label key, value text, open)``);
    ``game``: the game's rules entry, registered with this one (a game companion/games.py
    does not list: a test's own). A named tuple, not a dataclass: the first frame reads the
    registry, and making a dataclass costs it (docs/architecture.md, Start-up)."""

    id: str
    setup: str
    openers: dict[str, str]
    results: str | None = None
    history_row: str | None = None
    history_rounds: str | None = None
    score_later: str | None = None
    commands: Mapping[str, str] = {}  # never changed: a named tuple's default is shared
    icon: str | None = None
    catalogue: Path | None = None
    prepare: str | None = None
    rehearse: str | None = None
    settings: tuple[str, ...] = ()
    game: Game | None = None

    @property
    def title_key(self) -> str:
        return f"game.{self.id}"


BUILT_IN = (
    GameEntry(
        "citadels", setup="ui.screens.citadels.setup:CitadelsSetupScreen",
        openers={"citadels": "ui.screens.citadels.navigator:open_game",
                 "citadels-score": "ui.screens.citadels.score_controller:open_score_entry"},
        results="ui.screens.citadels.score_results:CitadelsResultsScreen",
        history_row="ui.screens.citadels.rounds:history_outcome",
        history_rounds="ui.screens.citadels.history_rounds:history_rounds",
        score_later="ui.screens.citadels.later:score_later",
        commands={"score": "ui.commands.citadels:SCORE",
                  "simulate": "ui.commands.citadels:SIMULATE"},
        icon="ui.icons:crown", prepare="ui.screens.citadels.prepare:prepare",
        rehearse="ui.screens.citadels.navigator:rehearse_kept"),
    GameEntry(
        "troyes", setup="ui.screens.troyes.setup:TroyesSetupScreen",
        openers={"troyes": "ui.screens.troyes.board:open_game",
                 "troyes-score": "ui.screens.troyes.score:open_score_entry"},
        results="ui.screens.troyes.score:TroyesResultsScreen",
        score_later="ui.screens.troyes.later:score_later",
        commands={"score": "ui.commands.troyes:SCORE", "roll": "ui.commands.troyes:ROLL"},
        icon="ui.icons:dice", prepare="ui.screens.troyes.prepare:prepare",
        settings=("ui.screens.troyes.scores_setting:ScoresShownSetting",)),
    GameEntry(
        "tiletum", setup="ui.screens.tiletum.setup:TiletumSetupScreen",
        openers={"tiletum": "ui.screens.tiletum.board:open_game",
                 "tiletum-score": "ui.screens.tiletum.score:open_score_entry"},
        results="ui.screens.tiletum.score:TiletumResultsScreen",
        score_later="ui.screens.tiletum.later:score_later",
        commands={"score": "ui.commands.tiletum:SCORE", "roll": "ui.commands.tiletum:ROLL"},
        icon="ui.icons:wheel", prepare="ui.screens.tiletum.prepare:prepare",
        settings=("ui.screens.tiletum.corruption_settings:CorruptionSetting",)),
)

_games: list[GameEntry] = list(BUILT_IN)
_by_id: dict[str, GameEntry] = {}  # made again when games change (History asks per row)


def games() -> tuple[GameEntry, ...]:
    """Every game, in the order home shows them."""
    return tuple(_games)


def register(entry: GameEntry) -> None:
    """Add a game, with its rules (tests register one of their own; ``unregister`` takes it
    out again)."""
    if any(g.id == entry.id for g in _games):
        raise ValueError(f"a game {entry.id!r} is registered already")
    if entry.game is not None:
        rules_registry.register(entry.game)
    _games.append(entry)
    _by_id.clear()


def unregister(game_id: str) -> None:
    if any(g.id == game_id and g.game is not None for g in _games):
        rules_registry.unregister(game_id)
    _games[:] = [g for g in _games if g.id != game_id]
    _by_id.clear()


def entry(game_id: str) -> GameEntry:
    return next(g for g in _games if g.id == game_id)


def entry_for_session(session_game: str) -> GameEntry | None:
    """The game a stored session kind belongs to: the one companion/games.py gives it to, else
    the one that opens it, else the one whose id starts its name (a kind an entry without
    rules stores); None for a game the app no longer has."""
    if not _by_id:
        _by_id.update((g.id, g) for g in _games)
    known = rules_registry.game_of(session_game)
    if known is not None:
        return _by_id.get(known.id)
    return _by_id.get(next((g.id for g in _games if session_game in g.openers),
                           session_game.split("-")[0]))


def commands(command: str) -> list[tuple[GameEntry, Any]]:
    """The games that have command-line ``command``, each with its command object."""
    return [(g, resolve(g.commands[command])) for g in _games if command in g.commands]


def catalogue_folders() -> tuple[Path, ...]:
    return tuple(g.catalogue for g in _games if g.catalogue is not None)
