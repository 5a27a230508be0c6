"""One final score being entered at the table: players confirmed one by one (each stored),
then the result, kept in History with its breakdown."""

from __future__ import annotations

import logging

from companion.citadels.districts import district, districts
from companion.citadels.scoring import (PlayerCity, Result, player_from_json, player_json,
                                        result_json, score_game)
from companion.score_entry import PLAYER, ScoreEntryRules
from companion.session import Session

RULES = ScoreEntryRules("citadels-score", player_from_json)
log = logging.getLogger(__name__)


class ScoreController:
    game_id = RULES.game_id

    def __init__(self, app, session: Session):
        self.app, self.session = app, session
        self.entry = session.replay(RULES)
        self.faq_tiebreak = False  # classic: the published FAQ's tie-break, if the table wants it

    @classmethod
    def new(cls, app, edition: str, players: list[PlayerCity], decorations: bool = True,
            game_session: int | None = None, game_result: dict | None = None):
        config = {"edition": edition, "players": [player_json(p) for p in players],
                  "decorations": decorations, "game_session": game_session,
                  "game_result": game_result}
        return cls(app, app.store.create_session(RULES.game_id, config, 0))

    @property
    def edition(self) -> str:
        return self.session.config["edition"]

    @property
    def decorations(self) -> bool:
        """Whether the Artist was in the game (so decorated districts are asked for)."""
        return bool(self.session.config.get("decorations", True))

    @property
    def players(self) -> tuple[PlayerCity, ...]:
        return self.entry.players

    def district_name(self, district_id: str) -> str:
        return district(self.edition, district_id).name(self.app.language)

    def catalogue(self, district_type: str):
        """The districts of one type, cheapest first (the entry grid)."""
        return sorted((d for d in districts(self.edition)
                       if d.type == district_type and d.cost is not None),
                      key=lambda d: (d.cost, d.name(self.app.language)))

    def save(self, index: int, player: PlayerCity) -> None:
        """Store one player's confirmed entry."""
        data = {"type": PLAYER, "index": index, "player": player_json(player)}
        self.entry = RULES.apply(self.entry, RULES.decode(data))
        self.session = self.app.store.append(self.session, data)
        log.info("score session %s: player %d stored", self.session.id, index + 1)

    def entry_screen(self, index: int):
        from .score_entry import CityScreen

        return CityScreen(self.app, self, index)

    def results_screen(self):
        from .score_results import ResultsScreen

        return ResultsScreen(self.app, self)

    def result(self) -> Result:
        """The scores (ScoringError if the entries cannot be scored)."""
        return score_game(self.edition, self.players, self.faq_tiebreak)

    def finish(self, result: Result) -> dict:
        """Into History with the full breakdown; a game the device ran gets the scores on its
        own History row."""
        data = result_json(result)
        record = {"game": "citadels", "winner": " & ".join(data["winners"]), "scores": data}
        game_session = self.session.config.get("game_session")
        if game_session is not None:
            game = self.app.store.load(game_session)
            self.app.store.finish(game, {**(self.session.config.get("game_result") or {}),
                                         **record})
            self.app.store.abandon(self.session)
        else:
            self.app.store.finish(self.session, record)
        return record
