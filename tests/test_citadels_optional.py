"""Issue 36, Citadels items 1, 2 and 4, and the seeds' open threat: optional abilities, the
threat answered before the ability, only the signed warrant turned over, the other threat once
the real one is known. Each rule quotes seed 000 (the 2016 rulebook), 001 or 003. Rules that
change how a kept game replays belong to reading 2 (``RULES_2``); reading 1 replays as played.
"""

from __future__ import annotations

import pytest

from companion.citadels.calling import (Bribe, Decline, EndTurn, GiveCrown, KeepThreat,
                                        RevealThreat,
                                        RevealWarrant, RoundSetup, Target, Threats, Warrants,
                                        apply, legal, public_view, start, steps, view)
from companion.citadels.readings import RULES_1, RULES_2
from companion.errors import IllegalDecision

BASE = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
QUEEN_SET = BASE + ("queen",)
BLACKMAIL_QUEEN = ("assassin", "blackmailer") + BASE[2:] + ("queen",)
MAGISTRATE_SET = ("magistrate",) + BASE[1:]


def setup(holders, characters=BASE, players=4, reading=RULES_2):
    return RoundSetup("2016", players, tuple(characters), tuple(holders.items()), 1,
                      reading=reading)


def end(state):
    """End the turn, leaving an optional ability unused (an Emperor gives the crown to the
    first seat he may)."""
    if Decline(state.actor) in legal(state):
        state = apply(state, Decline(state.actor))
    crowns = [d for d in legal(state) if isinstance(d, GiveCrown)]
    if crowns:
        state = apply(state, crowns[0])
    return apply(state, EndTurn(state.actor))


def until(state, rank):
    while state.rank < rank and not state.finished:
        state = end(state)
    return state


def said(state, *kinds):
    return [e.kind for e in state.events if e.kind in kinds]


# --- 1. optional abilities ---------------------------------------------------------------------

@pytest.mark.parametrize("character, holders, players", [
    ("assassin", {"assassin": 1, "thief": 2, "king": 3, "bishop": 4}, 4),
    ("thief", {"thief": 1, "king": 2, "bishop": 3, "warlord": 4}, 4),
    ("thief", {"thief": 1, "magician": 2, "king": 3, "bishop": 4, "merchant": 5,
               "architect": 6, "warlord": 7}, 7),  # 6-7 players: the Thief could not decline
])
def test_the_assassin_and_the_thief_may_name_no_one(character, holders, players):
    """Seed 000: "캐릭터 능력을 사용하는 것은 ("반드시"나 "절대로"라는 표현이 없으면) 선택
    사항임을 명심하세요"; seed 001: "그 능력은 자기 차례에 한 번 쓸 수 있다"; seed 003:
    "특수능력 사용과 건설 행동은 꼭 하지 않아도 상관 없다". The Assassin and the Thief name a
    character only if they want to: "no one" is one choice among the names, said aloud."""
    state = start(setup(holders, players=players))
    assert state.character == character and Decline(1) in legal(state)
    assert EndTurn(1) not in legal(state)  # the choice comes first, so it is not forgotten
    state = apply(state, Decline(1))
    assert said(state, "declined") == ["declined"] and public_view(state).events[-1].seat == 1
    assert not any(isinstance(d, (Target, Decline)) for d in legal(state))
    assert not end(state).killed and not end(state).robbed


def test_declining_names_no_target_and_the_round_goes_on():
    """A declined Assassin kills no one: every other rank is called and plays."""
    holders = {"assassin": 1, "thief": 2, "king": 3, "bishop": 4}
    state = until(apply(start(setup(holders)), Decline(1)), 5)
    assert not state.killed and not said(state, "silent", "kill_named")
    assert [e.rank for e in state.events if e.kind == "reveal"] == [1, 2, 4, 5]


@pytest.mark.parametrize("characters, holders", [
    (MAGISTRATE_SET, {"magistrate": 1, "thief": 2, "king": 3, "bishop": 4}),
    (("assassin", "blackmailer") + BASE[2:], {"blackmailer": 1, "king": 2, "bishop": 3,
                                              "warlord": 4}),
])
def test_the_magistrate_and_the_blackmailer_may_place_no_tokens(characters, holders):
    """The same optional rule (seed 000): the Magistrate's warrants and the Blackmailer's
    threats ("캐릭터 토큰 2개를 골라서 협박 토큰 하나씩을 ... 붙여 놓습니다") are an ability like
    any other, without "반드시"; placing none leaves no token on the table."""
    state = start(setup(holders, characters))
    seat = state.actor
    state = apply(state, Decline(seat))
    assert not state.warrants and not state.threats
    assert EndTurn(seat) in legal(state) and not any(
        isinstance(d, (Warrants, Threats)) for d in legal(state))
    state = until(end(state), 9)
    assert not said(state, "warrants", "threats")


def test_the_witch_must_name_a_character():
    """Seed 000, 마녀: "반드시 마법을 걸 캐릭터의 이름을 선언 하고 자기 차례를 멈춥니다": her
    naming is not optional, so "no one" is not offered and is refused."""
    characters = ("witch",) + BASE[1:]
    state = start(setup({"witch": 1, "thief": 2, "king": 3, "bishop": 4}, characters))
    assert Decline(1) not in legal(state)
    with pytest.raises(IllegalDecision) as refused:
        apply(state, Decline(1))
    assert refused.value.code == "citadels.calling.not_now"


def test_a_witch_playing_the_thief_may_decline_for_him():
    """"마녀는 해당 캐릭터의 능력을 그대로 복사합니다": the Thief's ability, optional for him, is
    optional for the Witch playing it."""
    characters = ("witch",) + BASE[1:]
    state = apply(start(setup({"witch": 1, "thief": 2, "king": 3, "bishop": 4}, characters)),
                  Target(1, 2))
    assert state.actor == 1 and Decline(1) in legal(state) and Decline(2) not in legal(state)


# --- 2. the threat is answered before the ability ---------------------------------------------

QUEEN_HOLDERS = {"blackmailer": 1, "king": 2, "queen": 3, "bishop": 4, "warlord": 5}


def threatened_queen(reading=RULES_2, real=9):
    """The Blackmailer threatens the King (4) and the Queen (9); the Queen sits beside the
    King, so her ability pays 3 gold."""
    state = start(setup(QUEEN_HOLDERS, BLACKMAIL_QUEEN, players=5, reading=reading))
    state = apply(state, Threats(1, (4, 9), real))
    state = until(apply(end(state), Bribe(2, True)), 9)
    return state


def test_a_threatened_queen_answers_the_threat_before_her_gold():
    """Seed 000, 협박범: "협박당한 플레이어는 (자기 캐릭터 능력이나 건물 효과를 사용하기 전에)
    반드시 자기가 받은 협박 토큰에 대응해야 합니다". The Queen's 3 gold (왕비: "자신의 옆자리에
    4번 캐릭터(왕, 황제, 대공)가 있다면 금화 3닢을 받습니다") come after her bribe, so the bribe
    (half her gold) is counted without them."""
    state = threatened_queen()
    assert state.character == "queen" and not said(state, "queen_gold")
    assert steps(state) == (Bribe(3, True), Bribe(3, False))
    paid = apply(state, Bribe(3, True))
    assert said(paid, "bribe_paid", "queen_gold")[-2:] == ["bribe_paid", "queen_gold"]


def test_a_refused_bribe_the_threat_is_turned_over_or_left_before_her_gold():
    """"만약 뇌물을 주지 않는다면 협박범은 그 캐릭터에 붙여둔 협박 토큰을 뒤집어 공개할 수
    있습니다.(선택사항입니다) 공개한 협박 토큰이 꽃 자수 손수건이라면 협박범은 그 캐릭터의 개인
    금고 에서 모든 금화를 가져옵니다." The Blackmailer answers at once (turn over, or leave it
    face down), and only then is the Queen's gold said: the real threat takes the gold she had,
    not her 3 new ones."""
    refused = apply(threatened_queen(), Bribe(3, False))
    assert steps(refused) == (RevealThreat(1), KeepThreat(1))
    assert EndTurn(3) not in legal(refused) and not said(refused, "queen_gold")
    turned = apply(refused, RevealThreat(1))
    assert said(turned, "threat_revealed", "queen_gold")[-2:] == ["threat_revealed",
                                                                  "queen_gold"]
    kept = apply(refused, KeepThreat(1))
    assert said(kept, "threat_kept", "queen_gold")[-2:] == ["threat_kept", "queen_gold"]
    assert RevealThreat(1) not in legal(kept)  # left face down: that was the answer


def test_reading_1_replays_the_queens_gold_at_her_call():
    """A game kept under reading 1 replays as played: the gold was said as she was called."""
    state = threatened_queen(RULES_1)
    assert said(state, "queen_gold") == ["queen_gold"]
    refused = apply(state, Bribe(3, False))
    assert RevealThreat(1) in legal(refused) and EndTurn(3) in legal(refused)
    assert KeepThreat(1) not in legal(refused)


# --- the other threat, once the real one is turned over (where the seeds are open) ----------

def test_once_the_real_threat_is_turned_over_the_other_asks_no_bribe():
    """Seed 000: "협박 토큰은 총 2개이며, 이중 하나에만 꽃 자수가 있습니다": once the real one is
    turned over, everyone knows the other is empty. The seed does not say whether its holder is
    still asked for the bribe; the app's reading (docs/rules-readings.md): no, the device says
    the threat is known empty (as a warrant is known unsigned once the signed one is shown)."""
    holders = {"blackmailer": 1, "king": 2, "queen": 3, "bishop": 4, "warlord": 5}
    state = start(setup(holders, BLACKMAIL_QUEEN, players=5))
    state = end(apply(state, Threats(1, (4, 9), 4)))
    state = until(end(apply(apply(state, Bribe(2, False)), RevealThreat(1))), 9)
    assert said(state, "threat_empty") == ["threat_empty"]
    assert not any(isinstance(d, Bribe) for d in legal(state))
    assert said(state, "queen_gold") == ["queen_gold"]  # nothing to answer: her gold at once
    old = start(setup(holders, BLACKMAIL_QUEEN, players=5, reading=RULES_1))
    old = end(apply(old, Threats(1, (4, 9), 4)))
    old = until(end(apply(apply(old, Bribe(2, False)), RevealThreat(1))), 9)
    assert Bribe(3, True) in legal(old)  # reading 1 asked, as played


# --- 4. only the signed warrant is turned over ------------------------------------------------

def warrant_round(signed, reading=RULES_2):
    holders = {"magistrate": 1, "thief": 2, "architect": 3, "warlord": 4}
    state = start(setup(holders, MAGISTRATE_SET, reading=reading))
    state = apply(state, Warrants(1, (2, 7, 8), signed))
    return until(end(state), 7)


def test_only_the_signed_warrant_may_be_turned_over():
    """Seed 000, 치안판사: "인장이 찍힌 영장을 받은 캐릭터만 실제 몰수 대상으로 지정됩니다 …
    몰수 대상이 된 캐릭터가 자기 차례에 건설 행동을 하고 건설 비용을 지불할 경우, 치안 판사는
    영장 토큰을 뒤집어 그 캐릭터가 몰수 대상임을 공개할 수 있습니다". An unsigned warrant is
    never turned over, so the table never learns that one was unsigned."""
    signed, unsigned = warrant_round(7), warrant_round(8)
    assert RevealWarrant(1) in legal(signed)
    assert RevealWarrant(1) not in legal(unsigned)
    with pytest.raises(IllegalDecision) as refused:
        apply(unsigned, RevealWarrant(1))
    assert refused.value.code == "citadels.calling.not_now"
    turned = apply(signed, RevealWarrant(1))
    assert [e.value for e in turned.events if e.kind == "warrant_revealed"] == [True]


def test_the_table_sees_the_same_gate_whichever_warrant_is_signed():
    """Whether this warrant is signed is the Magistrate's secret: the public view offers the
    Magistrate's gate on any face-down warrant, and is the same whichever one is signed."""
    signed, unsigned = warrant_round(7), warrant_round(8)
    assert public_view(signed) == public_view(unsigned)
    assert public_view(signed).warrant_gate == 1
    assert all(view(signed, s) == view(unsigned, s) for s in (2, 3, 4))
    assert view(signed, 1).signed == 7 and view(unsigned, 1).signed == 8


def test_reading_1_replays_any_warrant_turned_over():
    """A game kept under reading 1 replays as played: any warrant could be turned over."""
    unsigned = warrant_round(8, RULES_1)
    assert RevealWarrant(1) in legal(unsigned) and public_view(unsigned).warrant_gate is None
    turned = apply(unsigned, RevealWarrant(1))
    assert [e.value for e in turned.events if e.kind == "warrant_revealed"] == [False]


def test_a_new_game_is_played_by_reading_2_and_a_kept_one_by_its_own():
    """New games store the current reading; a config without ``rules`` was kept under 1."""
    from companion.citadels.game import CitadelsRules

    config = {"edition": "2016", "players": 4, "characters": list(BASE), "crown": 1}
    assert CitadelsRules().initial(config, 1).reading is RULES_1
    assert CitadelsRules().initial({**config, "rules": 2}, 1).reading is RULES_2
    assert CitadelsRules().initial({**config, "rules": 2}, 1).draft is not None


@pytest.mark.parametrize("number", [0, 3, "2", None, True])
def test_an_unknown_citadels_reading_is_refused_with_its_code(number):
    """A game kept by a newer version (or a damaged config) is refused, not played by a reading
    it was not played by."""
    from companion.citadels.game import CitadelsRules

    config = {"edition": "2016", "players": 4, "characters": list(BASE), "crown": 1}
    with pytest.raises(IllegalDecision) as refused:
        CitadelsRules().initial({**config, "rules": number}, 1)
    assert refused.value.code == "session.unknown_reading"
    assert refused.value.fields == {"game": "Citadels", "rules": str(number)}


def test_the_citadels_readings_are_those_kept_games_were_played_by():
    """Each reading's features as its games were played (a changed value would replay a kept
    game otherwise)."""
    assert [(r.threat_answered_first, r.only_signed_warrant_turned, r.empty_threat_known)
            for r in (RULES_1, RULES_2)] == [(False, False, False), (True, True, True)]


# --- the Queen beside rank 4 (where the seeds are open) -----------------------------------------

@pytest.mark.parametrize("edition, rank4", [("2016", "king"), ("2016", "emperor"),
                                            ("classic", "king"), ("classic", "emperor")])
def test_the_queen_is_paid_beside_the_rank_4_holder_in_both_editions(edition, rank4):
    """Seed 000 (2016): "자신의 옆자리에 4번 캐릭터(왕, 황제, 대공)가 있다면 금화 3닢을
    받습니다"; seed 001 (classic) prints "왕 옆에 앉아 있으면 금화 3닢을 받는다", written
    before its Emperor, the classic rank 4 in the King's place. The device reads the classic
    Queen as 2016's: beside the rank-4 character, whichever is in play; not beside the crown
    holder, which seed 003 reports only as the designer's advice for the Emperor ("왕관을
    기준으로 하라고 추천") and which moves during the round (docs/rules-readings.md)."""
    characters = BASE[:3] + (rank4,) + BASE[4:] + ("queen",)
    holders = {rank4: 2, "queen": 3, "assassin": 1, "bishop": 4, "warlord": 5}
    state = RoundSetup(edition, 5, characters, tuple(holders.items()), 5)
    state = until(start(state), 9)  # the crown stays at seat 5 until rank 4 is called
    gold = [(e.seat, e.other) for e in state.events if e.kind == "queen_gold"]
    assert gold == [(3, 2)]
