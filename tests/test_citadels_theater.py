"""Issue 36, item 3: the Theater (2016). Seed 000, 건물 효과: "극장: 극장 주인이 교환 상대를
선택합니다. 하지만 상대의 캐릭터를 확인하지 않고 교환해야 합니다. 교환한 캐릭터 카드는 왕관
주인에게 호명되기 전까지는 공개하지 않습니다. 하지만 교환한 당사자들은 자신의 캐릭터 카드를 확인
할 수 있습니다. 2~3명 게임에는 극장 주인이 자기 캐릭터 중 1장을 골라 상대에게 주고, 상대의
캐릭터 카드 중 1장을 무작위로 뽑아 가져갑니다." Before, who held which character was fixed at
the end of the draft, so after a swap the device called the wrong seat."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.citadels import game
from companion.citadels.catalogue import FIRST_GAME
from companion.citadels.charset import first_game
from companion.citadels.game import CitadelsRules
from companion.citadels.theater import NoSwap, Swap
from companion.errors import IllegalDecision

RULES = CitadelsRules()


def after_draft(players=4, seed=3, edition="2016", theater=True):
    config = {"edition": edition, "players": players, "crown": 1, "rules": 2,
              "characters": list(first_game(edition, players)), "theater": theater}
    state = RULES.initial(config, seed)
    while state.draft is not None:
        state = game.apply(state, game.legal(state)[0])
    return state


def holders(state) -> dict[str, int]:
    return dict((state.swapping or state.calling.setup).holders)


def test_after_the_draft_the_theater_is_asked_before_any_call():
    state = after_draft()
    assert state.phase == "theater" and state.calling is None
    assert NoSwap() in game.legal(state) and Swap(1, 2) in game.legal(state)
    assert Swap(1, 1) not in game.legal(state)


def test_a_swap_exchanges_the_two_characters_unseen_and_the_calling_follows_it():
    """With 4-8 players each holds one character: the owner and the partner exchange them;
    the calling calls the new holder, and the crown goes where the King now is."""
    state = after_draft()
    before = holders(state)
    king_seat = before["king"]
    partner = next(s for s in range(1, 5) if s != king_seat)
    after = game.apply(state, Swap(partner, king_seat))
    now = holders(after)
    assert now["king"] == partner
    assert {c: s for c, s in now.items() if s not in (partner, king_seat)} == {
        c: s for c, s in before.items() if s not in (partner, king_seat)}
    assert after.calling.events[0].kind == "theater_swap"
    assert (after.calling.events[0].seat, after.calling.events[0].other) == (partner, king_seat)
    while after.phase == "calling":
        after = game.apply(after, next(d for d in game.legal(after)
                                       if type(d).__name__ in ("EndTurn", "Decline")))
    assert after.rounds[0].crown_after == partner
    assert dict(after.rounds[0].holders)["king"] == partner


def test_no_swap_leaves_the_draft_as_it_was_and_says_nothing():
    state = after_draft()
    after = game.apply(state, NoSwap())
    assert holders(after) == holders(state)
    assert not any(e.kind == "theater_swap" for e in after.calling.events)


def test_nobody_but_the_two_learns_which_cards_moved():
    """"상대의 캐릭터를 확인하지 않고 교환해야 합니다 … 교환한 당사자들은 자신의 캐릭터 카드를
    확인 할 수 있습니다": the public view, and any other seat's, are the same whatever the two
    held; each of the two sees their own new character."""
    state = after_draft()
    swapped = replace(state, swapping=replace(state.swapping, holders=tuple(
        (c, {1: 2, 2: 1}.get(s, s)) for c, s in state.swapping.holders)))
    assert RULES.view(state, None) == RULES.view(swapped, None)
    assert RULES.view(state, 3) == RULES.view(swapped, 3)
    assert RULES.view(state, None).theater.own == ()
    one, two = game.apply(state, Swap(1, 2)), game.apply(swapped, Swap(1, 2))
    public = [e for e in RULES.view(one, None).calling.events if e.kind == "theater_swap"]
    assert public == [e for e in RULES.view(two, None).calling.events
                      if e.kind == "theater_swap"]
    assert RULES.view(one, 1).calling.own == RULES.view(state, 2).theater.own


@pytest.mark.parametrize("players", [2, 3])
def test_with_2_or_3_players_the_owner_gives_one_and_draws_one_at_random(players):
    """"2~3명 게임에는 극장 주인이 자기 캐릭터 중 1장을 골라 상대에게 주고, 상대의 캐릭터 카드
    중 1장을 무작위로 뽑아 가져갑니다." The draw is among the partner's own two (an exchange:
    never the card just given), from the round's own stream, so a replay draws the same; over
    seeds either of the partner's cards may come."""
    drawn = set()
    for seed in range(12):
        state = after_draft(players, seed)
        before = holders(state)
        give = sorted(c for c, s in before.items() if s == 1)[0]
        theirs = {c for c, s in before.items() if s == 2}
        assert Swap(1, 2) not in game.legal(state)  # the owner names the card given
        after = game.apply(state, Swap(1, 2, give))
        now = holders(after)
        taken = {c for c, s in now.items() if s == 1} - {c for c, s in before.items() if s == 1}
        assert now[give] == 2 and len(taken) == 1 and taken <= theirs
        assert game.apply(state, Swap(1, 2, give)) == after  # the same draw on replay
        assert sorted(now.values()) == sorted(before.values())  # two cards each still
        drawn |= taken
    assert len(drawn) >= 2


def test_a_game_without_the_theater_goes_straight_to_the_calling():
    """Kept games (no ``theater`` in their config) replay as played: no question."""
    assert after_draft(theater=False).phase == "calling"


def test_the_theater_is_a_2016_district():
    with pytest.raises(IllegalDecision) as refused:
        after_draft(edition="classic")
    assert refused.value.code == "citadels.theater_edition"


def test_only_the_theater_answers_its_question():
    state = after_draft()
    with pytest.raises(IllegalDecision) as refused:
        game.apply(state, game.legal(after_draft(theater=False))[0])
    assert refused.value.code == "citadels.theater"


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 10_000), data=st.data())
def test_every_theater_decision_legal_lists_is_accepted_and_no_other(players, seed, data):
    state = after_draft(players, seed)
    options = game.legal(state)
    chosen = data.draw(st.sampled_from(options))
    assert game.apply(state, chosen).phase == "calling"
    odd = data.draw(st.sampled_from([Swap(1, 1), Swap(1, players + 1), Swap(1, 2, "nobody"),
                                     Swap(1, 2, FIRST_GAME[0])]))
    if odd not in options:
        with pytest.raises(IllegalDecision):
            game.apply(state, odd)
