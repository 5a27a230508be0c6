"""Who may look at their own hidden cards during the calling, and the record of each look
(issue 18, "Who may look"). Not a rule of the seeds: the seeds keep characters hidden until
they are called (seed 000: "자기 캐릭터 카드를 비공개로 선택") and the tokens' real side hidden
until turned over; the device adds that a look outside one's own turn, identified only by a
name on a touch-only table, is recorded and told to the table."""

from __future__ import annotations

import pytest

from companion.citadels.calling import (EndTurn, Look, RoundSetup, Threats, Warrants, apply,
                                        legal, public_view, start, steps, view)
from companion.citadels.game import CitadelsRules
from companion.errors import IllegalDecision

BASE = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
MAGISTRATE = ("magistrate",) + BASE[1:]
BLACKMAILER = ("assassin", "blackmailer", "magician", "king", "bishop", "merchant",
               "architect", "warlord")


def round_setup(holders, characters=BASE, players=4):
    return RoundSetup("2016", players, tuple(characters), tuple(holders.items()), 1)


def end(state):
    return apply(state, EndTurn(state.actor))


def test_a_look_is_recorded_as_a_public_event_and_changes_nothing_else():
    state = start(round_setup({"thief": 2, "king": 3, "warlord": 4, "bishop": 1}))
    after = apply(state, Look(3))
    assert after.events[-1].kind == "look" and after.events[-1].seat == 3
    assert after.events[:-1] == state.events
    assert steps(after) == steps(state)  # the calling did not move on
    assert public_view(after).events[-1] == after.events[-1]  # everyone is told


def test_looks_are_legal_for_every_seat_during_a_turn_and_never_at_the_round_end():
    state = start(round_setup({"thief": 2, "king": 3, "warlord": 4, "bishop": 1}))
    assert [d for d in legal(state) if isinstance(d, Look)] == [Look(s) for s in range(1, 5)]
    while not state.finished:
        state = next_turn(state)
    with pytest.raises(IllegalDecision) as refused:
        apply(state, Look(1))
    assert refused.value.code == "citadels.calling.over"


def test_apply_takes_a_look_exactly_when_legal_lists_it():
    """``legal`` ⇔ ``apply`` for looks (``check`` tests a look without listing them: an undo
    puts many back), in every state of a round, for seats in and out of the table."""
    state = start(round_setup({"thief": 2, "king": 3, "warlord": 4, "bishop": 1}))
    seen = set()
    while True:
        for seat in (0, 1, 4, 5, -1, True, "1", None):
            listed = Look(seat) in legal(state)
            try:
                apply(state, Look(seat))
                taken = True
            except IllegalDecision:
                taken = False
            assert taken == listed, (state.phase, seat)
            seen.add((state.phase, taken))
        if state.finished:
            break
        state = apply(state, steps(state)[0])
    assert {("turn", True), ("turn", False)} <= seen and any(not t for p, t in seen if p != "turn")


def next_turn(state):
    """Play the turn (its first required step, e.g. the Thief's target), then end it."""
    while not any(isinstance(d, EndTurn) for d in steps(state)):
        state = apply(state, steps(state)[0])
    return end(state)


def test_revealed_seats_leave_the_list_as_the_ranks_are_called():
    """4 players hold one character each: once it is called, nothing of theirs is hidden.
    Thief (seat 2) is called first, then King (3), Bishop (1), Warlord (4)."""
    state = start(round_setup({"thief": 2, "king": 3, "warlord": 4, "bishop": 1}))
    offered = [public_view(state).may_look]
    while state.phase == "turn":
        state = next_turn(state)
        offered.append(public_view(state).may_look)
    assert offered == [(1, 3, 4), (1, 4), (4,), (), ()]


def test_two_characters_each_keep_a_seat_offered_until_both_are_revealed():
    """With 2-3 players everyone holds two characters (seed 000: 2~3인 게임)."""
    holders = {"thief": 1, "bishop": 1, "king": 2, "warlord": 2, "magician": 3,
               "architect": 3}
    state = start(round_setup(holders, players=3))
    assert public_view(state).may_look == (1, 2, 3)
    while 1 in public_view(state).may_look and not state.finished:
        state = next_turn(state)
    reveals = [e.seat for e in state.events if e.kind == "reveal"]
    assert reveals.count(1) == 2


def magistrate_turn():
    """The Magistrate (seat 1, rank 1) called first, to place warrants."""
    state = start(round_setup({"magistrate": 1, "king": 3, "bishop": 2, "warlord": 4},
                              characters=MAGISTRATE))
    assert state.character == "magistrate"
    return state


def test_nobody_else_may_look_during_the_magistrates_private_entry():
    """'not on another player's private turn': while the warrants are placed behind the
    Magistrate's gate, no one is offered a look; the Magistrate has nothing hidden yet."""
    state = magistrate_turn()
    assert public_view(state).may_look == ()
    state = apply(state, Warrants(1, (2, 4, 5), 4))
    assert public_view(state).may_look == (1, 2, 3, 4)  # the signed warrant: 1's secret


def test_a_real_threat_keeps_the_blackmailer_offered_until_it_is_turned_over():
    holders = {"blackmailer": 1, "king": 2, "bishop": 3, "warlord": 4}
    state = start(round_setup(holders, characters=BLACKMAILER))
    assert public_view(state).may_look == ()  # the Blackmailer places threats privately
    state = apply(state, Threats(1, (4, 8), 4))
    assert public_view(state).may_look == (1, 2, 3, 4)


def test_who_may_look_names_no_hidden_fact():
    """Two rounds that differ only in who holds the characters not yet called offer the
    same seats."""
    one = start(round_setup({"thief": 2, "king": 3, "warlord": 4, "bishop": 1}))
    two = start(round_setup({"thief": 2, "king": 4, "warlord": 3, "bishop": 1}))
    assert public_view(one) == public_view(two)
    assert public_view(apply(one, Look(3))) == public_view(apply(two, Look(3)))


def test_a_seats_own_view_of_a_look_is_the_public_one_plus_its_cards():
    state = apply(start(round_setup({"thief": 2, "king": 3, "warlord": 4, "bishop": 1})),
                  Look(4))
    assert view(state, 4).events == public_view(state).events
    assert view(state, 4).own == ("warlord",)


def test_looks_reach_the_rounds_record_for_the_summary():
    rules = CitadelsRules()
    game = rules.initial({"edition": "2016", "players": 4, "characters": list(BASE),
                          "crown": 1}, 3)
    while game.draft is not None:
        game = rules.apply(game, rules.legal(game)[0])
    game = rules.apply(game, Look(2))
    game = rules.apply(game, Look(2))
    while game.calling is not None and game.number == 1:
        options = [d for d in rules.legal(game) if not isinstance(d, Look)]
        game = rules.apply(game, options[-1])
    looks = [e.seat for e in game.rounds[0].events if e.kind == "look"]
    assert looks == [2, 2]
    assert rules.decode(rules.encode(Look(2))) == Look(2)
