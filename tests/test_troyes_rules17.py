"""Troyes rules of issues 16/17, each quoting the rulebook (seeds/002, which wins): a passed
player takes no more actions; a defender who can defend must; several black dice at once (the
highest among them, any others); influence on own dice before defending."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import IllegalDecision
from companion.troyes import defence as defence_rules
from companion.troyes.dice import BLACK, RED, WHITE, YELLOW, Die
from companion.troyes.game import (ACTIONS, DEFENCE, Act, BlackDice, CollectIncome, Defend, Fail,
                                   Flip, Pass, Reroll, TroyesSetup, apply, legal, start)

SETUP = TroyesSetup(players=2, citizens=((1, 1, 1), (1, 1, 1)), rules=2)


def actions(seed=8):
    return apply(apply(start(SETUP, seed), CollectIncome()), BlackDice(0))


def defending(own, black, influence=4):
    """Seat 1 defends with ``own`` dice ((colour, pip) each) against black dice ``black``
    (pips); seat 2 has one yellow 1."""
    state = apply(apply(start(SETUP, 1), CollectIncome()), BlackDice(len(black)))
    dice = [Die(c, p, 1) for c, p in own] + [Die(YELLOW, 1, 2)]
    state = replace(state, dice=tuple(enumerate(dice)))
    players = (replace(state.players[0], influence=influence), state.players[1])
    districts = [tuple(d for d in dice if d.owner == s) for s in (1, 2)]
    return replace(state, players=players, defence=defence_rules.start(
        1, districts, [Die(BLACK, b) for b in black]))


# --- 1. a passed player takes no more actions -------------------------------------------------

def test_a_passed_player_takes_no_more_actions_only_a_denier_each_turn():
    """Pass: "이 라운드 동안 그 플레이어는 더 이상 행동을 할 수 없지만, 자신의 차례가 돌아올
    때마다 자신의 구역에 1데니어를 놓습니다." """
    state = apply(actions(), Pass(1))
    die2 = next(i for i, d in state.dice if d.owner == 2)
    state = apply(state, Act(2, (die2,), "card", 6))
    assert state.actor == 1
    assert legal(state) == [Pass(1)]
    own = next(i for i, d in state.dice if d.owner == 1)
    for decision in (Act(1, (own,), "card", 6), Reroll(1, own), Flip(1, (own,))):
        with pytest.raises(IllegalDecision) as refused:
            apply(state, decision)
        assert refused.value.code == "troyes.passed"
    before = state.players[0].deniers
    state = apply(state, Pass(1))
    assert state.players[0].deniers == before + 1 and state.actor == 2
    state = apply(state, Pass(2))  # everyone has passed: the round is over
    assert state.round == 2


# --- 2. must defend when able ------------------------------------------------------------------

def test_who_can_reach_the_black_die_must_defend():
    """Black dice: "만약 플레이어가 주사위 눈금이 충분치 않아 검은색 주사위를 퇴치할 수
    없다면, 그 플레이어는 자신의 주사위를 버리지 않고, 해당 검은색 주사위만 버린 다음 2점을
    잃습니다." Only a player who cannot defend fails."""
    state = defending([(RED, 6)], [3])
    assert Fail(1) not in legal(state)
    with pytest.raises(IllegalDecision) as refused:
        apply(state, Fail(1))
    assert refused.value.code == "troyes.must_defend"
    weak = defending([(YELLOW, 1)], [5], influence=0)
    assert Fail(1) in legal(weak)
    assert apply(weak, Fail(1)).phase == ACTIONS


# --- 3. several black dice at once ---------------------------------------------------------------

def test_several_black_dice_the_highest_and_any_others():
    """"플레이어는 여러 개의 검은색 주사위를 동시에 퇴치할 수 있습니다. 가장 높은 눈금의
    주사위는 반드시 선택해야 하지만, 원한다면 추가로 아무 검은색 주사위를 더 선택하여 퇴치해도
    됩니다." A red 4 (8) takes the 6 and the 1, leaving the 2."""
    state = defending([(RED, 4)], [6, 2, 1], influence=0)
    assert state.defence.black == (Die(BLACK, 6), Die(BLACK, 2), Die(BLACK, 1))
    six_and_one = Defend(1, (0,), (0, 2))
    assert six_and_one in legal(state)
    after = apply(state, six_and_one)
    assert after.defence.black == (Die(BLACK, 2),) and after.players[0].influence == 2
    with pytest.raises(IllegalDecision) as refused:
        apply(state, Defend(1, (0,), (1, 2)))
    assert refused.value.code == "troyes.highest_black"
    assert Defend(1, (0,), (0, 1, 2)) not in legal(state)  # 8 < 9


# --- 4. influence before defending ---------------------------------------------------------------

def test_influence_on_own_dice_before_defending():
    """"검은색 주사위를 퇴치하기 전에 영향력을 사용해도 됩니다" (영향력: "검은색 주사위를
    물리치기 전이나 행동을 하기 전에"). A red 1 against a black 5 flips to a red 6 (12) and
    wins; a reroll is offered too."""
    state = defending([(RED, 1), (WHITE, 2)], [5])
    assert Fail(1) in legal(state)  # 2 + 2 < 5: cannot defend as the dice lie
    assert Flip(1, (0,)) in legal(state) and Reroll(1, 0) in legal(state)
    state = apply(state, Flip(1, (0,)))
    assert state.phase == DEFENCE and state.die(0) == Die(RED, 6, 1)
    assert state.players[0].influence == 0
    assert Fail(1) not in legal(state)  # now it can: it must
    state = apply(state, Defend(1, (0,), (0,)))
    assert state.phase == ACTIONS and state.players[0].influence == 1


def test_a_reroll_in_the_defence_uses_the_seeded_stream():
    state = defending([(RED, 1)], [5], influence=1)
    once, twice = apply(state, Reroll(1, 0)), apply(state, Reroll(1, 0))
    assert once == twice and once.phase == DEFENCE and once.players[0].influence == 0
    assert once.defence.dice[0] == (once.die(0),)


# --- games kept before these rules -------------------------------------------------------------

def test_a_game_kept_under_rules_1_replays_as_it_was_played():
    """Never lose a game: a session stored before these rules (config without ``rules``) was
    played when a passed player could still act and failing was always allowed; it replays
    under rules 1, while every new game (the setup screen's config) is played by the rulebook."""
    from companion.troyes.game import TroyesRules
    from companion.troyes.readings import CURRENT
    config = {"players": 2, "citizens": [[1, 1, 1], [1, 1, 1]]}
    old = TroyesRules().initial(config, 8)
    assert old.setup.rules == 1 and CURRENT.number == 6
    old = apply(apply(apply(old, CollectIncome()), BlackDice(0)), Pass(1))
    die2 = next(i for i, d in old.dice if d.owner == 2)
    old = apply(old, Act(2, (die2,), "card", 6))
    own = next(i for i, d in old.dice if d.owner == 1)
    assert Act(1, (own,), "card", 6) in legal(old)
    apply(old, Act(1, (own,), "card", 6))
    new = TroyesRules().initial({**config, "rules": 2}, 8)
    assert new.setup.rules == 2
    defence = replace(defending([(RED, 6)], [3]).defence, must_defend=False)
    assert defence.can_fail and not defending([(RED, 6)], [3]).defence.can_fail
