"""What every game's setup screen shares: the players at the table and the choices remembered
from the last game of that game (stored setting ``setup.<game>``).

A setup opens with the last table of its game, in its seat order, and the last choices
(count, edition, character set, options: each game says which); the first time, with the
config's roster. The players are chosen from the remembered ones (ui/screens/table_picker.py);
seats beyond them are "Player n". A seat added beyond the table's names ("+") offers the
remembered players not seated first, with "Player n" one tap further. What was stored and
cannot be used (a damaged value, a name that cannot be drawn, a count out of range) is left
out, never an error.
"""

from __future__ import annotations

import logging
from typing import Any

from companion.names import drawable
from companion.rng import Rng
from storage.store import SaveFailed

from .name_lists import fitted_names
from .players import seatable_players
from .table_picker import TablePickerScreen

log = logging.getLogger(__name__)

RANDOM = "random"
"""A remembered first player or crown chosen at random when the game starts."""


def recall(app, game: str) -> dict[str, Any]:
    """The choices stored for ``game``'s last setup ({} when none can be read)."""
    stored = app.store.get_setting(f"setup.{game}", {})
    return stored if isinstance(stored, dict) else {}


def remembered_table(app, stored: dict[str, Any]) -> list[str]:
    """The stored table's names that can be used (drawable, each once), else the roster."""
    names = stored.get("names")
    if not isinstance(names, list):
        return list(app.config.roster)
    table: list[str] = []
    for name in names:
        if drawable(name) and name not in table:
            table.append(name)
    return table


class TableSetup:
    """A setup screen's table. The screen sets ``game_id``, ``low``, ``high`` and calls
    ``open_table(default_count)`` in ``__init__`` before ``Screen.__init__``; ``kept``: its
    Continue button (ui/screens/kept.py), told when the table changes."""

    app: Any
    game_id: str
    low: int
    high: int
    kept: Any = None
    rehearsed = False  # made and drawn while nobody waits (ui/prepare.py): a costly first frame
    rehearsing = False  # made for a rehearsal: it must change nothing

    @classmethod
    def rehearsal(cls, app):
        """The screen as a tap on home makes it, for a rehearsal while nobody waits
        (ui/prepare.py); it draws no seed (``new_seed``)."""
        screen = cls.__new__(cls)
        screen.rehearsing = True
        screen.__init__(app)
        return screen

    def rehearsals(self) -> list:
        """Continue's kept game reopened (``KeptButtons.rehearsals``), if the screen has one."""
        return self.kept.rehearsals() if self.kept is not None else []

    def new_seed(self) -> int:
        """The app's next seed; 0 in a rehearsal (a scripted run's seeds are its games')."""
        return 0 if self.rehearsing else self.app.new_seed()

    def open_table(self, default_count: int) -> dict[str, Any]:
        """Set the table from the last game's; return the stored choices for the screen."""
        stored = recall(self.app, self.game_id)
        self.table = remembered_table(self.app, stored)
        count = stored.get("players")
        if not isinstance(count, int) or isinstance(count, bool):
            count = max(default_count, len(self.table)) if "names" in stored else default_count
        self.players = max(self.low, min(self.high, count))
        return stored

    def names(self) -> list[str]:
        """The seats' names: the table's players, then "Player n"."""
        return [self.table[s - 1] if s <= len(self.table) else self.t("setup.seat_name", n=s)
                for s in range(1, self.players + 1)]

    def seated(self) -> list[str]:
        """The remembered names seated now (the seats named "Player n" left out)."""
        return self.table[:self.players]

    def table_label(self) -> str:
        """The players button: "4: Mina, Joon, Sora, Player 4", as many names as fit on one line
        at the button's size ("8: Mina, Joon +6")."""
        button = self.button("count")
        width = button.rect.width - 16 - self.app.fonts.width(
            self.t("setup.table", n=self.players, names=""), button.size)
        return self.t("setup.table", n=self.players,
                      names=fitted_names(self.app, self.names(), width, button.size))

    def count_changed(self) -> None:
        """The number of seats changed (the screen keeps what depends on it right)."""

    def set_count(self, players: int) -> None:
        """``players`` seats (within the game's range); a seat more than the table has names
        for opens the remembered players, if any is not seated."""
        players = max(self.low, min(self.high, players))
        unnamed = players > max(self.players, len(self.table))
        if unnamed and any(p.name not in self.table for p in seatable_players(self.app)):
            self.app.push(TablePickerScreen(self.app, self.low, self.high, self.seated(),
                                            self.join, (players, lambda: self._seat(players))))
            return
        self._seat(players)

    def _seat(self, players: int) -> None:
        self.players = max(self.low, min(self.high, players))
        self.count_changed()
        if self.kept is not None:
            self.kept.settle()

    def join(self, names: list[str]) -> None:
        """The players chosen after "+": the seats without a name stay, after them."""
        unnamed = self.players - len(self.seated())
        self.table = list(names)
        self._seat(len(names) + unnamed)

    def choose_players(self) -> None:
        self.app.push(TablePickerScreen(self.app, self.low, self.high, self.seated(),
                                        self.use_table))

    def use_table(self, names: list[str]) -> None:
        self.table = list(names)
        self.set_count(len(names))

    def random_seat(self) -> int:
        """A seat drawn at random (a first player or crown left to chance)."""
        return Rng(self.app.new_seed()).choice(range(1, self.players + 1))

    def remember(self, **choices: Any) -> None:
        """Store this setup for the next game of this game (a store that cannot be written
        only loses the memory, never the game about to start)."""
        value = {"players": self.players, "names": self.seated(), **choices}
        try:
            self.app.store.set_setting(f"setup.{self.game_id}", value)
        except SaveFailed as exc:
            log.warning("%s setup not remembered (%s)", self.game_id, exc.reason)
