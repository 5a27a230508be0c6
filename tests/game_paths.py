"""Scripts that start and leave each game through the controls a player uses (kept-game and
damage tests)."""

from __future__ import annotations

START = {  # from home to a game with one decision made, through the controls a player uses
    "citadels": "TAP @citadels\nTAP @start\nEXPECT gate\nBACK\nEXPECT draft-public",
    "troyes": "TAP @troyes\nTAP @start\nEXPECT troyes-citizens\nTAP @done\n"
              "EXPECT troyes-board\nTAP @income",
    "tiletum": "TAP @tiletum\nTAP @next\nTAP @start\nEXPECT tiletum-board\nTAP @begin",
}
LEAVE = {"citadels": "TAP @leave\nEXPECT home", "troyes": "BACK\nEXPECT home",
         "tiletum": "BACK\nEXPECT home"}
BOARD = {"citadels": "draft-public", "troyes": "troyes-board", "tiletum": "tiletum-board"}

def session_on_screen(app) -> int:
    screen = next(s for s in reversed(app.stack) if hasattr(s, "controller"))
    return screen.controller.session.id
