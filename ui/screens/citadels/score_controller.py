"""One Citadels final score being entered at the table (the generic score entry of
ui/screens/score_controller.py): the edition, the classic quick game, whether the Artist was in
the game and the district catalogue the city grid shows."""

from __future__ import annotations

from companion.citadels.districts import district, districts
from companion.citadels.quick import quick_config, quick_of
from companion.citadels.scoring import PlayerCity
from companion.games import rules_for

from ..score_controller import ScoreEntryController, opener
from .score_entry import CityGridScreen
from .score_results import CitadelsResultsScreen

class CitadelsScoreController(ScoreEntryController):
    rules = rules_for("citadels-score")

    @classmethod
    def new(cls, app, edition: str, players: list[PlayerCity], decorations: bool = True,
            game_session: int | None = None, game_result: dict | None = None,
            quick: bool = False):
        return cls.create(app, players, game_session, edition=edition,
                          decorations=decorations, game_result=game_result,
                          **quick_config(quick))

    @property
    def edition(self) -> str:
        return self.session.config["edition"]

    @property
    def quick(self) -> bool:
        """Whether the game scored is the classic quick game."""
        return quick_of(self.session.config)

    @property
    def city_size(self) -> int:
        """Districts that complete a city in this game (the engine's answer)."""
        return self.rules.city_size(self.entry)

    @property
    def decorations(self) -> bool:
        """Whether the Artist was in the game (so decorated districts are asked for)."""
        return bool(self.session.config.get("decorations", True))

    def completion_problem(self, index: int):
        """The refusal player ``index``'s completion place would get (as being edited), if
        any: what the completion question asks about."""
        return self.rules.completion_problem(self.entry, self.editing(index))

    def open_places(self, index: int) -> tuple[int, ...]:
        """The completion places player ``index`` may take (none another player holds)."""
        return self.rules.open_places(self.entry, index)

    def district_name(self, district_id: str) -> str:
        return district(self.edition, district_id).name(self.app.language)

    def catalogue(self, district_type: str):
        """The districts of one type, cheapest first (the entry grid)."""
        return sorted((d for d in districts(self.edition)
                       if d.type == district_type and d.cost is not None),
                      key=lambda d: (d.cost, d.name(self.app.language)))

    def entry_screen(self, index: int):
        return CityGridScreen(self.app, self, index)

    def results_screen(self):
        return CitadelsResultsScreen(self.app, self)


open_score_entry = opener(CitadelsScoreController)
