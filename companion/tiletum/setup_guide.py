"""Tiletum's set-up for the player count, as seed 004 ("게임 준비", lines 151-269) gives it:
the tiles and map spaces a smaller table leaves out, the tiles laid out, the pieces each player
takes, the gold by turn order and the dice in the bag.

>>> [s.fields.get("sets") for s in steps({"players": 3, "order": [2, 3, 1],
...                                        "names": ["A", "B", "C"]}) if s.fields.get("sets")]
[3]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..setup_guide import Pieces, Step
from .wheel import COLOURS, DRAWN, START_GOLD

REMOVED_MARKS = {2: ("3+", "4"), 3: ("4",), 4: ()}
"""L177: "3명이 플레이한다면, '4'라고 표시된 모든 타일을 제거합니다. 2명이 플레이한다면, '3+'와 '4'라고
표시된 모든 타일을 제거합니다." (the map's bonus spaces likewise, L199)"""


def steps(config: Mapping[str, Any]) -> tuple[Step, ...]:
    players = config["players"]
    names = list(config.get("names") or [])
    order = list(config.get("order") or range(1, players + 1))

    def name(seat: int) -> str:
        return names[seat - 1] if 0 < seat <= len(names) else str(seat)

    marks = REMOVED_MARKS[players]
    mark_pieces = tuple(Pieces("tile", "grey", 1, mark, removed=mark in marks)
                        for mark in ("3+", "4"))
    removal = "all" if not marks else "four" if marks == ("4",) else "three_four"
    return (
        Step("tiletum.guide_supply", {}, (
            Pieces("coin", "gold", 3, ""), Pieces("tile", "brown", 1, ""),
            Pieces("tile", "white", 1, ""), Pieces("tile", "grey", 1, ""),
            Pieces("tile", "black", 1, "")), "004:165-166"),
        Step("tiletum.guide_wheel", {}, (), "004:167"),
        Step(f"tiletum.guide_remove_{removal}", {"players": players}, mark_pieces, "004:177"),
        Step(f"tiletum.guide_bonus_{removal}", {"players": players},
             (Pieces("tile", "gold", 6, "6"), Pieces("tile", "gold", 1, "1")), "004:181-203"),
        Step("tiletum.guide_contracts", {}, (Pieces("tile", "blue", 5, "5"),
                                             Pieces("tile", "pink", 5, "5")), "004:205-209"),
        Step("tiletum.guide_cathedrals", {}, (), "004:213-217"),
        Step("tiletum.guide_festivals", {}, (Pieces("tile", "grey", 3, "3"),
                                             Pieces("tile", "gold", 4, "4")), "004:219-227"),
        Step("tiletum.guide_corruption", {}, (Pieces("disc", "grey", 3, "3"),), "004:231"),
        Step("tiletum.guide_first", {"name": name(order[0])}, (), "004:235"),
        Step("tiletum.guide_pieces", {}, (
            Pieces("disc", "player", 3, "3"), Pieces("tile", "player", 8, "8", shown=4),
            Pieces("cube", "player", 7, "7", shown=4)), "004:237-261"),
        Step("tiletum.guide_resources", {"gold": " · ".join(
            f"{name(seat)} {gold}" for seat, gold in zip(order, START_GOLD))},
             tuple(Pieces("coin", "gold", gold, str(gold)) for gold in START_GOLD[:players]),
             "004:263"),
        Step("tiletum.guide_dice", {"sets": players, "dice": players * len(COLOURS),
                                    "drawn": DRAWN[players], "back": (4 - players)
                                    * len(COLOURS)},
             tuple(Pieces("die", colour, players, str(players)) for colour in COLOURS),
             "004:267-269, 303"),
    )
