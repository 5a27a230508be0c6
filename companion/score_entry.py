"""Final scoring by hand, as an ordinary game session: the players confirmed one by one (each
stored, so a pulled plug loses at most the player being entered), an optional published
tie-break the table may switch on, and ``Done`` when the table accepts the result; ``outcome``
carries the scores. Nothing in it is hidden: every seat's view is the whole entry.

A game's score rules subclass ``ScoreRules`` with ``game``, ``read_player`` (a player's JSON
form → its value), ``write_player`` (the reverse), ``score(entry)`` (the players → the game's
result, a ``RuleError`` when they cannot be scored) and ``result_json``.

>>> class Demo(ScoreRules):
...     game = "demo"
...     read_player = staticmethod(lambda data, n: data["name"])
...     write_player = staticmethod(lambda name: {"name": name})
...     score_game = staticmethod(lambda players: players)
...     result_json = staticmethod(lambda names: {"players": [{"name": n, "total": 0}
...                                                             for n in names],
...                                               "winners": list(names)})
>>> rules = Demo()
>>> entry = rules.initial({"players": [{"name": "A"}, {"name": "B"}]}, 0)
>>> entry.next_player
0
>>> entry = rules.apply(entry, rules.decode({"type": "player", "index": 0,
...                                          "player": {"name": "Ann"}}))
>>> entry.next_player, entry.players
(1, ('Ann', 'B'))
>>> entry = rules.apply(entry, EnterPlayer(1, "Bo"))
>>> rules.outcome(rules.apply(entry, Done())).result["winner"]
'Ann & Bo'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .errors import IllegalDecision, RuleError, UnknownDecision
from .rules import Engine, Outcome

PLAYER, TIEBREAK, DONE = "player", "tiebreak", "done"


@dataclass(frozen=True)
class ScoreEntry:
    """The players as entered so far (prefilled ones count as not entered until confirmed)."""

    players: tuple[Any, ...]
    entered: tuple[bool, ...]
    config: Mapping[str, Any]
    tiebreak: bool = False  # the published tie-break the table chose (where a game has one)
    done: bool = False  # the table accepted the result

    @property
    def next_player(self) -> int | None:
        """The first player still to enter, or None when everyone has."""
        return next((i for i, done in enumerate(self.entered) if not done), None)


@dataclass(frozen=True)
class EnterPlayer:
    """Player ``index`` confirmed as ``player`` (again, to change an entry)."""

    index: int
    player: Any

    def __hash__(self) -> int:  # a player may hold a dict (Tiletum's resources)
        return hash(self.index)


@dataclass(frozen=True)
class UseTieBreak:
    on: bool


@dataclass(frozen=True)
class Done:
    """The table accepts the result: the entry is over."""


class ScoreRules(Engine[ScoreEntry, Any, ScoreEntry]):
    """The engine of one game's ``<game>-score`` sessions (see the module docstring)."""

    game: ClassVar[str]
    open_kinds = (EnterPlayer,)  # any player the table enters: ``legal`` lists the entries

    @property
    def game_id(self) -> str:
        return f"{self.game}-score"

    @staticmethod
    def read_player(data: Any, n: int) -> Any:
        raise NotImplementedError

    @staticmethod
    def write_player(player: Any) -> dict[str, Any]:
        raise NotImplementedError

    @staticmethod
    def score_game(players: tuple[Any, ...]) -> Any:
        raise NotImplementedError

    def score(self, entry: ScoreEntry) -> Any:
        """The game's result (a game whose scoring needs more of the config overrides it)."""
        return self.score_game(entry.players)

    @staticmethod
    def result_json(result: Any) -> dict[str, Any]:
        raise NotImplementedError

    def tiebreak_offered(self, config: Mapping[str, Any]) -> bool:
        """Whether the game has an optional published tie-break (none by default)."""
        return False

    # --- the contract ------------------------------------------------------------------------
    def initial(self, config: Mapping[str, Any], seed) -> ScoreEntry:
        players = tuple(self.read_player(p, n) for n, p in enumerate(config["players"], 1))
        return ScoreEntry(players, (False,) * len(players), config)

    def decode(self, data: Mapping[str, Any]):
        kind = data.get("type")
        try:
            if kind == PLAYER:
                return EnterPlayer(int(data["index"]), self.read_player(data["player"],
                                                                        data["index"]))
            if kind == TIEBREAK:
                return UseTieBreak(bool(data["on"]))
        except (KeyError, TypeError, ValueError):
            pass
        if kind == DONE:
            return Done()
        raise UnknownDecision(f"unknown score entry step {kind!r}",
                              code="session.unknown_decision", game=self.game_id)

    def encode(self, decision) -> dict[str, Any]:
        if isinstance(decision, EnterPlayer):
            return {"type": PLAYER, "index": decision.index,
                    "player": self.write_player(decision.player)}
        if isinstance(decision, UseTieBreak):
            return {"type": TIEBREAK, "on": decision.on}
        return {"type": DONE}

    def apply(self, state: ScoreEntry, decision) -> ScoreEntry:
        if state.done:
            raise IllegalDecision("the scores are accepted already", code="score.done")
        if isinstance(decision, EnterPlayer):
            return self._enter(state, decision)
        if isinstance(decision, UseTieBreak) and self.tiebreak_offered(state.config) \
                and decision.on != state.tiebreak:
            return replace(state, tiebreak=decision.on)
        if isinstance(decision, Done):
            if state.next_player is not None:
                raise IllegalDecision("a player is still to enter", code="score.missing",
                                      n=state.next_player + 1)
            try:
                self.score(state)
            except RuleError as exc:
                raise IllegalDecision.because(exc) from exc
            return replace(state, done=True)
        raise IllegalDecision("not a step of this score entry", code="score.no_step")

    @staticmethod
    def _enter(state: ScoreEntry, decision: EnterPlayer) -> ScoreEntry:
        if not 0 <= decision.index < len(state.players):
            raise IllegalDecision(f"no player {decision.index + 1}", code="score.no_player",
                                  n=decision.index + 1)
        players = list(state.players)
        players[decision.index] = decision.player
        entered = list(state.entered)
        entered[decision.index] = True
        return replace(state, players=tuple(players), entered=tuple(entered))

    def legal(self, state: ScoreEntry) -> tuple:
        """Each player confirmed as entered now, the tie-break switched (where offered), and
        ``Done`` once everyone is entered and the players can be scored."""
        if state.done:
            return ()
        found: list = [EnterPlayer(i, p) for i, p in enumerate(state.players)]
        if self.tiebreak_offered(state.config):
            found.append(UseTieBreak(not state.tiebreak))
        if state.next_player is None and self.scorable(state):
            found.append(Done())
        return tuple(found)

    def scorable(self, state: ScoreEntry) -> bool:
        try:
            self.score(state)
        except RuleError:
            return False
        return True

    def view(self, state: ScoreEntry, seat: int | None) -> ScoreEntry:
        """Everything: the entries are said aloud at the table."""
        return state

    def scores(self, state: ScoreEntry) -> dict[str, Any]:
        """The result as stored (JSON form); a RuleError when the players cannot be scored."""
        return self.result_json(self.score(state))

    def outcome(self, state: ScoreEntry) -> Outcome:
        """Finished once the table accepted the result; ``result`` is what History keeps (the
        same form for every game: ``scores`` with ``players``, ``winners`` and ``ranking``)."""
        if not state.done:
            return Outcome(False)
        data = self.scores(state)
        return Outcome(True, {"game": self.game, "winner": " & ".join(data["winners"]),
                              "scores": data})

    def progress(self, state: ScoreEntry) -> dict[str, int]:
        return {"entered": sum(state.entered), "players": len(state.players)}
