"""Tiletum rules from issue 17, each with the rulebook's line (seed 004 wins over everything)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import IllegalDecision
from companion.tiletum import game as g
from companion.tiletum.readings import CURRENT
from companion.tiletum.scoring import TiletumPlayer, TiletumScoringError, score_game
from companion.tiletum.wheel import TileDie

FEST = g.DEFAULT_FESTIVALS
RULES = g.TiletumRules()


def taking(order=(1, 2), seed=3):
    """A 2-player game at its first take (the first in ``order`` holds 1 gold, the second 3)."""
    s = g.start(g.TiletumSetup(2, order, FEST, (0, 0, 1, 1, 2, 2)), seed)
    return g.apply(g.apply(s, g.Begin()), g.Reveal())


def one_die(state, colour="blue"):
    """The state with one die left, on a wedge that is neither the Joker's nor 1-3 pips up
    from one: a take turned 0-3 pips up never needs a Joker action."""
    wheel = g.view(state).wheel
    pip = next(p for p in wheel
               if all(wheel[(p - 1 + k) % 6 + 1] != g.JOKER for k in range(4)))
    return replace(state, wheel=((0, TileDie(colour, pip)),))


def test_turning_a_die_needs_the_gold_it_costs():
    """Seed 004, taking a die: "주사위를 가져가기 전에, 플레이어는 금화 2개를 소비하여 가져가려는
    주사위의 눈금을 1만큼 더하거나 뺄 수 있습니다(여러 번 반복할 수도 있습니다)." The first player
    starts with 1 gold (setup 14: "첫 번째 플레이어는 금화 1개"), so a turn of one step (2 gold)
    is refused with a coded reason, and ``legal`` does not offer it."""
    state = one_die(taking())
    assert state.players[state.actor - 1].gold == 1
    with pytest.raises(IllegalDecision) as refused:
        g.apply(state, g.Take(state.actor, 0, 1))
    assert refused.value.code == "tiletum.gold"
    assert refused.value.fields == {"need": 2, "have": 1}
    assert not RULES.is_legal(state, g.Take(state.actor, 0, 1))
    takes = [d for d in g.legal(state) if isinstance(d, g.Take)]
    assert takes == [g.Take(state.actor, 0, 0)]
    g.apply(state, g.Take(state.actor, 0, 0))  # untouched, it is free


def test_games_kept_before_replay_as_they_were_played():
    """A game stored before gold was followed (a config without ``rules``) replays its turns
    as they were accepted then; new games are played by the gold rule."""
    config = g.config_for(2, (1, 2), FEST, (0, 0, 1, 1, 2, 2))
    assert config["rules"] == CURRENT.number >= 2
    old = {k: v for k, v in config.items() if k != "rules"}
    state = one_die(g.apply(g.apply(RULES.initial(old, 3), g.Begin()), g.Reveal()))
    assert g.Take(state.actor, 0, 3) in g.legal(state)
    g.apply(state, g.Take(state.actor, 0, 3))
    new = one_die(g.apply(g.apply(RULES.initial(config, 3), g.Begin()), g.Reveal()))
    assert g.Take(new.actor, 0, 3) not in g.legal(new)


def test_gold_paid_and_earned_is_kept_per_player():
    """Seed 004: the turn is paid before the die is taken ("주사위를 가져가기 전에 ... 금화 2개를
    소비"), and "노란색 주사위는 금화를 생산합니다": a yellow die's gold comes after, so it cannot
    pay for its own turning."""
    state = taking(order=(2, 1))  # seat 2 first (1 gold), seat 1 second (3 gold)
    state = g.apply(one_die(state, "yellow"), g.Take(2, 0, 0))
    pip = state.takes[-1].die.pip
    assert state.players[1].gold == 1 + pip
    state = g.apply(one_die(state), g.Take(1, 0, 1))  # 3 gold: one step is 2
    assert state.players[0].gold == 1


def test_the_table_says_a_players_gold():
    """Gold also comes and goes through actions the device does not follow (seed 004, the
    Merchant: "금화 2개를 소비하여 다른 자원 중 1개 ... 를 획득합니다"), so the table can say a
    player's gold during the passes; then the turn it pays for is accepted."""
    state = one_die(taking())
    state = g.apply(state, g.Gold(state.actor, 6))
    assert g.Take(state.actor, 0, 3) in g.legal(state)
    after = g.apply(state, g.Take(state.actor, 0, 3))
    assert after.players[after.takes[-1].seat - 1].gold == 0
    with pytest.raises(IllegalDecision) as refused:
        g.apply(state, g.Gold(1, -1))
    assert refused.value.code == "tiletum.gold_count"


def test_a_turn_order_with_a_player_missing_names_who():
    """The new turn order names every seat once; a refusal says which seats are missing, so
    the screen can name them."""
    state = taking()
    for _ in range(g.PASSES * 2):
        if state.phase == g.REVEAL:
            state = g.apply(state, g.Reveal())
        state = g.apply(state, next(d for d in g.legal(state) if isinstance(d, g.Take)))
    assert state.phase == g.KING
    with pytest.raises(IllegalDecision) as refused:
        g.apply(state, g.TurnOrder((2,)))
    assert refused.value.code == "tiletum.order"
    assert refused.value.fields["missing"] == (1,)


@pytest.mark.parametrize("field, value, code, high", [
    ("trading_posts", 9, "tiletum.scoring.trading_posts", 8),
    ("pillars", 8, "tiletum.scoring.pillars", 7),
    ("completed_buildings", 7, "tiletum.scoring.buildings", 6),
])
def test_no_player_scores_more_pieces_than_the_box_gives_them(field, value, code, high):
    """Seed 004, components: "교역소 32개 (플레이어마다 8개)", "기둥 28개 (플레이어마다 7개)";
    "개인 보드에는 6개의 건물이 있고". More on the map than a player owns is refused, with the
    most they own."""
    ok = score_game([TiletumPlayer("A", turn_order=1, **{field: high}),
                     TiletumPlayer("B", turn_order=2)])
    assert ok.scores[0].total >= 0
    with pytest.raises(TiletumScoringError) as refused:
        score_game([TiletumPlayer("A", turn_order=1, **{field: value}),
                    TiletumPlayer("B", turn_order=2)])
    assert refused.value.code == code and refused.value.fields == {"who": "A", "high": high}
