"""How to trigger each rule error code shared by all games (sessions, score entry, players).

Each value raises the error of its key (tests/test_error_codes.py)."""

from __future__ import annotations

from companion.errors import RuleError
from companion.players import check_count, check_table, read_json, read_record
from companion.score_entry import Done, EnterPlayer, UseTieBreak
from companion.troyes.scoring import TroyesPlayer, TroyesScoreRules
from companion.session import Session, effective


class _Named:
    def __init__(self, name):
        self.name = name


ENTRY = TroyesScoreRules()
ONE = ENTRY.initial({"players": [{"name": "A"}]}, 0)
TWO_ENTERED = ENTRY.initial({"players": [{"name": "A"}, {"name": "B"}]}, 0)
TWO_ENTERED = ENTRY.apply(ENTRY.apply(TWO_ENTERED, EnterPlayer(
    0, TroyesPlayer("A", character_points=(0,) * 4))), EnterPlayer(
    1, TroyesPlayer("B", character_points=(0,) * 4)))


class _OtherRules:
    game_id = "other"


TRIGGERS = {
    "session.undo_nothing": lambda: effective(({"type": "undo"},)),
    "session.no_type": lambda: Session("demo", {}, 1).with_decision({"seat": 1}),
    "session.wrong_game": lambda: Session("demo", {}, 1).replay(_OtherRules()),
    "session.unknown_decision": lambda: ENTRY.decode({"type": "dance"}),
    "session.unknown_reading": lambda: __import__("companion.troyes.game", fromlist=["x"])
    .TroyesRules().initial({"players": 2, "citizens": [[1, 1, 1]] * 2, "rules": 9}, 1),
    "session.decision_fields": lambda: __import__("companion.troyes.game", fromlist=["x"])
    .TroyesRules().decode({"type": "pass", "colour": "red"}),
    "score.no_player": lambda: ENTRY.apply(ONE, EnterPlayer(3, TroyesPlayer("D"))),
    "score.missing": lambda: ENTRY.apply(ONE, Done()),
    "score.no_step": lambda: ENTRY.apply(ONE, UseTieBreak(True)),  # Troyes has no tie-break
    "score.done": lambda: ENTRY.apply(ENTRY.apply(TWO_ENTERED, Done()), Done()),
    "score.player_count": lambda: check_table([_Named("A")], "Demo", 2, 4, RuleError),
    "score.names": lambda: check_table([_Named("A"), _Named("A")], "Demo", 2, 4, RuleError),
    "score.count": lambda: check_count(-1, "Mina", "gold", RuleError),
    "score.json_player": lambda: read_record([], 1, {}, dict, RuleError),
    "score.json_field": lambda: read_record({"name": "A", "x": 1}, 1, {"name": str}, dict,
                                            RuleError),
    "score.json": lambda: read_json("{", RuleError),
    "score.json_deep": lambda: read_json("[" * 100_000 + "]" * 100_000, RuleError),
    "score.too_big": lambda: read_json('{"gold": 1000001}', RuleError),
    "score.name": lambda: check_table([_Named("A"), _Named("\u200b")], "Demo", 2, 4, RuleError),
    "score.json_type": lambda: read_record({"name": 3}, 1, {"name": str}, dict, RuleError),
}
