"""One Tiletum game at the table: its stored session and the views the screens draw (the
face-down corruption tokens are in no view). Every decision is stored before it is applied; an
undo is stored as a marker and the game replayed."""

from __future__ import annotations

from companion.tiletum.game import TiletumRules, config_for
from companion.tiletum.wheel import corruption_tokens, valid_corruption

from ..session_controller import SessionController

RULES = TiletumRules()
CORRUPTION_SETTING = "tiletum.corruption"


def corruption_setting(store) -> tuple[int, ...]:
    """The corruption tokens new games use: the Settings choice, else the data file's."""
    saved = store.get_setting(CORRUPTION_SETTING)
    if isinstance(saved, list) and valid_corruption(saved):
        return tuple(saved)
    return corruption_tokens()


class TiletumController(SessionController):
    rules = RULES
    game_id = RULES.game_id

    @classmethod
    def new(cls, app, players: int, order, festivals, names: list[str]):
        config = config_for(players, order, festivals, corruption_setting(app.store))
        return cls.create(app, {**config, "names": names})
