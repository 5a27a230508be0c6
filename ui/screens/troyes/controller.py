"""One Troyes game at the table: its stored session, and the views the screens draw (the table's
view; where the scores are secret, a seat's own view holds its VP, seen through its gate);
every decision is stored before it is applied."""

from __future__ import annotations

from companion.troyes.game import CODEC, Look, TroyesRules, encode
from companion.troyes.readings import CURRENT

from ..session_controller import SessionController

RULES = TroyesRules()
SCORES_SHOWN = "troyes.scores_shown"  # the setting: the house rule showing VP during play


def scores_shown(store) -> bool:
    """Whether new games show everyone's VP during play (Settings' house rule; the rulebook
    keeps them secret)."""
    return store.get_setting(SCORES_SHOWN) is True


class TroyesController(SessionController):
    rules = RULES
    game_id = RULES.game_id
    encode = staticmethod(encode)
    look_type = CODEC.names[Look]

    @classmethod
    def new(cls, app, players: int, citizens, neutral, first: int, names: list[str]):
        return cls.create(app, {"players": players, "citizens": [list(c) for c in citizens],
                                "neutral": list(neutral), "first": first, "names": names,
                                "rules": CURRENT.number,
                                "scores_shown": scores_shown(app.store)})

    def name(self, seat: int | None) -> str:
        """A player's name, or "neutral" for the neutral district (``None``)."""
        return super().name(seat) if seat else self.app.t("troyes.neutral")
