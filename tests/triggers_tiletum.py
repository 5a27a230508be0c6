"""How to trigger each tiletum rule error code (tests/test_error_codes.py): code -> a call
that raises it."""

from __future__ import annotations

from dataclasses import replace

from companion.rng import Rng
from companion.tiletum import game as g
from companion.tiletum.scoring import TiletumPlayer, festival_points, read_players, score_game
from companion.tiletum.wheel import TileDie, corruption_draw, draw

FEST = g.DEFAULT_FESTIVALS
KING_FEST = (g.Festival("king_track", 2, 1),) + FEST[1:]
TOKENS = (0, 0, 1, 1, 2, 2)


def setup(players=2, order=(1, 2), festivals=FEST, corruption=TOKENS):
    return g.TiletumSetup(players, order, festivals, corruption)


def state(phase: str = g.TAKE, festivals=FEST):
    """A 2-player game at the start of ``phase`` (start, take, king, festival, over)."""
    s = g.start(setup(festivals=festivals), 3)
    if phase == g.START:
        return s
    s = g.apply(g.apply(s, g.Begin()), g.Reveal())
    if phase == g.TAKE:
        return s
    for _ in range(g.PASSES * 2):
        if s.phase == g.REVEAL:
            s = g.apply(s, g.Reveal())
        s = g.apply(s, next(d for d in g.legal(s) if isinstance(d, g.Take)))
    if phase == g.KING:
        return s
    s = g.apply(s, g.TurnOrder(s.order))
    if phase == g.FESTIVAL:
        return s
    return replace(s, phase=g.OVER)


def on_joker(joker: bool):
    """The take phase with one die, on the Joker wedge or beside it."""
    s = state()
    pip = next(p for p, a in g.view(s).wheel.items() if (a == g.JOKER) == joker)
    return replace(s, wheel=((0, TileDie("blue", pip)),))


def too_poor():
    """The first player (1 gold) turns a die 3 pips (6 gold) onto a wedge that is not the
    Joker's."""
    s = state()
    wheel = g.view(s).wheel
    pip = next(p for p in wheel if wheel[(p + 2) % 6 + 1] != g.JOKER and wheel[p] != g.JOKER)
    s = replace(s, wheel=((0, TileDie("blue", pip)),))
    return g.apply(s, g.Take(s.actor, 0, 3))


def full_markers():
    s = state()
    for _ in range(g.MARKERS_PER_PLAYER):
        s = g.apply(s, g.Bonus(1, "King", 1))
    return g.apply(s, g.Bonus(1, "King", 1))


TRIGGERS = {
    "tiletum.players": lambda: setup(players=5),
    "tiletum.round": lambda: draw(2, 5, Rng(1)),
    "tiletum.corruption": lambda: corruption_draw((0, 1, 3, 0, 0, 0), Rng(1)),
    "tiletum.order": lambda: g.apply(state(g.KING), g.TurnOrder((1, 1))),
    "tiletum.setup.festivals": lambda: setup(festivals=FEST[:3]),
    "tiletum.setup.round_the_table": lambda: setup(players=3, order=(1, 3, 2)),
    "tiletum.first_festival": lambda: g.apply(state(g.FESTIVAL), g.FestivalScore(
        state(g.FESTIVAL).actor, False)),
    "tiletum.setup.tile": lambda: setup(festivals=(g.Festival("dance", 1, 1),) + FEST[1:]),
    "tiletum.setup.same_tile": lambda: setup(festivals=(FEST[0],) * 4),
    "tiletum.setup.negative_vp": lambda: setup(festivals=(replace(FEST[0], tile_vp=-1),)
                                               + FEST[1:]),
    "tiletum.no_die": lambda: g.apply(state(), g.Take(state().actor, 99)),
    "tiletum.over": lambda: g.apply(state(g.OVER), g.Reveal()),
    "tiletum.begin_first": lambda: g.apply(state(g.START), g.Reveal()),
    "tiletum.reveal_first": lambda: g.apply(g.apply(state(g.START), g.Begin()), g.Begin()),
    "tiletum.order_first": lambda: g.apply(state(g.KING), g.Reveal()),
    "tiletum.take_first": lambda: g.apply(state(), g.Reveal()),
    "tiletum.not_your_turn": lambda: g.apply(state(), g.Take(3 - state().actor, 0)),
    "tiletum.pip_steps": lambda: g.apply(state(), g.Take(state().actor, 0, 4, "King")),
    "tiletum.joker_action": lambda: g.apply(on_joker(True), g.Take(state().actor, 0)),
    "tiletum.joker_only": lambda: g.apply(on_joker(False), g.Take(state().actor, 0, 0, "King")),
    "tiletum.bonus_phase": lambda: g.apply(state(g.FESTIVAL), g.Bonus(1, "King", 1)),
    "tiletum.seat": lambda: g.apply(state(), g.Bonus(3, "King", 1)),
    "tiletum.bonus_action": lambda: g.apply(state(), g.Bonus(1, "Joker", 1)),
    "tiletum.bonus_value": lambda: g.apply(state(), g.Bonus(1, "King", 4)),
    "tiletum.markers_used": full_markers,
    "tiletum.festival_first": lambda: g.apply(state(g.FESTIVAL), g.Reveal()),
    "tiletum.festival_count": lambda: festival_points(3, 3, -1),
    "tiletum.king_space": lambda: g.apply(s := state(g.FESTIVAL, KING_FEST),
                                          g.FestivalScore(s.actor, True, 16)),
    "tiletum.gold": too_poor,
    "tiletum.gold_phase": lambda: g.apply(state(g.FESTIVAL), g.Gold(1, 3)),
    "tiletum.gold_count": lambda: g.apply(state(), g.Gold(1, -1)),
    "tiletum.king_untracked": lambda: g.apply(g.apply(g.apply(
        g.start(g.TiletumSetup(2, (1, 2), FEST, TOKENS, rules=2), 3), g.Begin()), g.Reveal()),
        g.King(1, 2)),
    "tiletum.king_phase": lambda: g.apply(state(g.FESTIVAL), g.King(1, 2)),
    "tiletum.king_steps": lambda: g.apply(state(), g.King(1, 0)),
    "tiletum.king_order": lambda: g.apply(state(g.KING), g.TurnOrder((2, 1))),
    "tiletum.scoring.turn_order": lambda: score_game([TiletumPlayer("A", turn_order=1),
                                                      TiletumPlayer("B", turn_order=1)]),
    "tiletum.scoring.buildings": lambda: score_game([
        TiletumPlayer("A", completed_buildings=7, turn_order=1), TiletumPlayer("B",
                                                                               turn_order=2)]),
    "tiletum.scoring.trading_posts": lambda: score_game([
        TiletumPlayer("A", trading_posts=9, turn_order=1), TiletumPlayer("B", turn_order=2)]),
    "tiletum.scoring.pillars": lambda: score_game([
        TiletumPlayer("A", pillars=8, turn_order=1), TiletumPlayer("B", turn_order=2)]),
    "tiletum.scoring.resource": lambda: score_game([
        TiletumPlayer("A", resources={"silk": 1}, turn_order=1), TiletumPlayer("B",
                                                                               turn_order=2)]),
    "tiletum.scoring.input": lambda: read_players([]),
}
