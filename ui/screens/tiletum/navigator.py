"""Where the Tiletum board goes next: the screens one of its buttons opens (undo, the
corruption token just revealed, a take, the phases, the king track).

The board is given a navigator and asks it to move; this module imports those screens and
none of them imports the board or this module, so the Tiletum screens have no import cycle."""

from __future__ import annotations

from .controller import TiletumController
from .king import KingMoveScreen, KingPhaseScreen, KingTrackScreen
from .phases import BonusScreen, CorruptionScreen, FestivalScreen, TurnOrderScreen
from .take import TakeScreen
from .undo import TiletumUndoScreen


class TiletumNavigator:
    """The moves from one game's board to the screens of its phases."""

    def __init__(self, app, controller: TiletumController):
        self.app, self.controller = app, controller

    def open_undo(self) -> None:
        self.app.push(TiletumUndoScreen(self.app, self.controller))

    def show_corruption(self) -> None:
        """The corruption token the last reveal turned over."""
        v = self.controller.view()
        self.app.push(CorruptionScreen(self.app, v.revealed[-1], v.pass_number))

    def open_take(self, pip: int) -> None:
        self.app.push(TakeScreen(self.app, self.controller, pip))

    def open_bonus(self) -> None:
        self.app.push(BonusScreen(self.app, self.controller))

    def open_turn_order(self) -> None:
        self.app.push(TurnOrderScreen(self.app, self.controller))

    def open_king_move(self) -> None:
        self.app.push(KingMoveScreen(self.app, self.controller))

    def open_king_phase(self) -> None:
        self.app.push(KingPhaseScreen(self.app, self.controller))

    def open_track(self) -> None:
        self.app.push(KingTrackScreen(self.app, self.controller))

    def open_festival(self) -> None:
        self.app.push(FestivalScreen(self.app, self.controller))
