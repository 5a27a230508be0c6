"""One Troyes game at the table: its stored session, and the view the screens draw (nothing in
Troyes is hidden, so every seat's view is the public one); every decision is stored before it is
applied."""

from __future__ import annotations

from companion.troyes.game import TroyesRules, encode
from companion.troyes.readings import CURRENT

from ..session_controller import SessionController

RULES = TroyesRules()


class TroyesController(SessionController):
    rules = RULES
    game_id = RULES.game_id
    encode = staticmethod(encode)

    @classmethod
    def new(cls, app, players: int, citizens, neutral, first: int, names: list[str]):
        return cls.create(app, {"players": players, "citizens": [list(c) for c in citizens],
                                "neutral": list(neutral), "first": first, "names": names,
                                "rules": CURRENT.number})

    def name(self, seat: int | None) -> str:
        """A player's name, or "neutral" for the neutral district (``None``)."""
        return super().name(seat) if seat else self.app.t("troyes.neutral")
