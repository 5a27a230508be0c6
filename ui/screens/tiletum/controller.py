"""One Tiletum game at the table: its stored session, its state, and the public view the
screens draw (the face-down corruption tokens are not in it). Every decision is stored before
it is applied; an undo is stored as a marker and the game replayed."""

from __future__ import annotations

from companion.tiletum.game import (TiletumRules, TiletumView, config_for, encode, gain_for,
                                    starting, view)
from companion.tiletum.wheel import corruption_tokens

from ..session_controller import SessionController

RULES = TiletumRules()
CORRUPTION_SETTING = "tiletum.corruption"


def corruption_setting(store) -> tuple[int, ...]:
    """The corruption tokens new games use: the Settings choice, else the data file's."""
    saved = store.get_setting(CORRUPTION_SETTING)
    if isinstance(saved, list) and len(saved) == 6 and all(t in (0, 1, 2) for t in saved):
        return tuple(saved)
    return corruption_tokens()


class TiletumController(SessionController):
    rules = RULES
    game_id = RULES.game_id
    encode = staticmethod(encode)

    def __init__(self, app, session):
        super().__init__(app, session)
        self._view_of = self._view = None

    @classmethod
    def new(cls, app, players: int, order, festivals, names: list[str]):
        config = config_for(players, order, festivals, corruption_setting(app.store))
        return cls.create(app, {**config, "names": names})

    @property
    def view(self) -> TiletumView:
        """What the screens may draw (never ``state``: it holds the face-down tokens); made
        once per state, as a frame asks for it many times."""
        if self._view_of is not self.state:
            self._view, self._view_of = view(self.state), self.state
        return self._view

    def starting(self, seat: int):
        return starting(self.state, seat)

    def gain(self, seat: int, die, joker: str = ""):
        """What ``seat`` would get for ``die`` (as turned) this round."""
        return gain_for(self.state, seat, die, joker)

    def finish(self) -> None:
        self.app.store.finish(self.session, {"game": "tiletum", "rounds": self.state.round})
