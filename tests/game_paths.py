"""Scripts that start and leave each game through the controls a player uses (kept-game and
damage tests)."""

from __future__ import annotations

def troyes_placement(players: int = 3) -> str:
    """Taps placing every starting citizen (4/5/6 each), building after building in turn."""
    return "\n".join(f"TAP @place-{('town_hall', 'bishopric', 'palace')[k % 3]}"
                     for k in range({2: 12, 3: 15, 4: 16}[players]))


START = {  # from home to a game with one decision made, through the controls a player uses
    "citadels": "TAP @citadels\nTAP @start\nEXPECT gate\nBACK\nEXPECT draft-public",
    "troyes": "TAP @troyes\nTAP @start\nEXPECT troyes-board\n" + troyes_placement()
              + "\nTAP @income",
    "tiletum": "TAP @tiletum\nTAP @next\nTAP @start\nEXPECT tiletum-board\nTAP @begin",
}
LEAVE = {"citadels": "TAP @leave\nEXPECT home", "troyes": "BACK\nEXPECT home",
         "tiletum": "BACK\nEXPECT home"}
BOARD = {"citadels": "draft-public", "troyes": "troyes-board", "tiletum": "tiletum-board"}

def session_on_screen(app) -> int:
    screen = next(s for s in reversed(app.stack) if hasattr(s, "controller"))
    return screen.controller.session.id
