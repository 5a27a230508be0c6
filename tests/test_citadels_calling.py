"""RULES.md §1.3: calling the characters, rule by rule, and invariants over random rounds."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.citadels.calling import (steps, Bribe, CompleteCity, EndTurn, GiveCrown, RevealThreat,
                                        RevealWarrant, RoundSetup, Target, Threats, Warrants,
                                        apply, decode, encode, legal, public_view, start, view)
from companion.citadels.catalogue import EDITIONS
from companion.citadels.charset import random_set
from companion.citadels.draft import DraftSetup, start as start_draft, apply as apply_draft
from companion.citadels.draft import legal as legal_draft
from companion.errors import IllegalDecision
from companion.rng import Rng

BASE = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")


def round_setup(holders, characters=BASE, players=4, crown=1, edition="2016"):
    return RoundSetup(edition, players, tuple(characters), tuple(holders.items()), crown)


def kinds(state, *names):
    return [(e.kind, e.rank) for e in state.events if not names or e.kind in names]


def end(state):
    return apply(state, EndTurn(state.actor))


def test_ranks_are_called_in_order_and_a_rank_nobody_holds_is_nobody():
    state = start(round_setup({"thief": 2, "king": 3, "warlord": 4, "bishop": 1}))
    assert kinds(state) == [("nobody", 1), ("reveal", 2)]
    state = end(apply(state, Target(2, 5)))
    assert kinds(state, "nobody", "reveal")[-2:] == [("nobody", 3), ("reveal", 4)]


def test_assassinated_rank_is_silent_and_its_holder_named_only_at_round_end():
    state = start(round_setup({"assassin": 1, "magician": 2, "bishop": 3, "warlord": 4}))
    state = end(apply(state, Target(1, 3)))
    assert ("silent", 3) in kinds(state)
    silent = next(e for e in state.events if e.kind == "silent")
    assert silent.seat is None
    for seat in (1, 2, 4):
        v = view(state, seat)
        assert not any(e.seat == 2 and e.rank == 3 for e in v.events)
    while not state.finished:
        state = end(state)
    revealed = next(e for e in state.events if e.kind == "killed_revealed")
    assert (revealed.rank, revealed.seat) == (3, 2)


def test_witch_turn_ends_at_once_and_she_plays_the_bewitched_character():
    characters = ("witch",) + BASE[1:]
    state = start(round_setup({"witch": 1, "thief": 2, "bishop": 3, "warlord": 4}, characters))
    state = apply(state, Target(1, 2))  # bewitch the Thief: her turn is over
    assert state.rank == 2 and state.holder == 2 and state.actor == 1
    assert ("bewitched", 2) in kinds(state) and ("bewitch_named", 2) in kinds(state)
    state = apply(state, Target(1, 5))  # the Witch uses the Thief's ability
    assert next(e for e in state.events if e.kind == "rob_named").seat == 1
    state = end(state)
    robbed = [e for e in state.events if e.kind == "robbed" and e.seat == 3]
    assert robbed and robbed[0].other == 1  # the gold goes to the Witch


def test_witch_naming_a_rank_nobody_holds_gets_nothing_more():
    characters = ("witch",) + BASE[1:]
    state = start(round_setup({"witch": 1, "bishop": 3, "warlord": 4, "king": 2}, characters))
    state = apply(state, Target(1, 6))
    while state.rank < 6 and not state.finished:
        state = end(state)
    assert ("nobody", 6) in kinds(state)


def test_thief_cannot_name_rank_1_the_assassinated_or_the_bewitched():
    state = start(round_setup({"assassin": 1, "thief": 2, "king": 3, "warlord": 4}))
    state = end(apply(state, Target(1, 5)))
    options = {d.rank for d in legal(state) if isinstance(d, Target)}
    assert 1 not in options and 5 not in options and 2 not in options
    with pytest.raises(IllegalDecision):
        apply(state, Target(2, 5))


def test_thief_robs_when_the_named_rank_is_revealed():
    state = start(round_setup({"thief": 1, "merchant": 2, "king": 3, "warlord": 4}))
    state = end(apply(state, Target(1, 6)))
    while state.rank < 6:
        state = end(state)
    robbed = [e for e in state.events if e.kind == "robbed" and e.rank == 6]
    assert robbed[0].seat == 2 and robbed[0].other == 1


def test_magistrate_signed_warrant_is_private_until_revealed():
    characters = ("magistrate",) + BASE[1:]
    state = start(round_setup({"magistrate": 1, "thief": 2, "architect": 3, "warlord": 4},
                              characters))
    state = apply(state, Warrants(1, (2, 7, 8), 7))
    assert view(state, 1).signed == 7
    assert all(view(state, s).signed == 0 for s in (2, 3, 4)) and public_view(state).signed == 0
    assert public_view(state).warrants == (2, 7, 8)
    placed = [e for e in public_view(state).events if e.kind == "warrants"]
    assert [e.value for e in placed] == [(2, 7, 8)]  # the three ranks, not which is signed
    state = end(state)
    state = end(apply(state, Target(2, 5)))  # the Thief plays
    while state.rank < 7:
        state = end(state)
    state = apply(state, RevealWarrant(1))  # the Architect builds: the Magistrate reveals
    revealed = next(e for e in state.events if e.kind == "warrant_revealed")
    assert (revealed.rank, revealed.value) == (7, True)


def test_once_the_signed_warrant_is_revealed_no_other_warrant_can_be():
    """Seed 000, 치안판사: "영장 토큰은 총 3개이며, 이중 하나에만 인장이 찍혀 있습니다" and
    "인장 찍힌 영장이 공개됐다면 그 캐릭터가 건설하려던 건물은 치안판사가 몰수합니다": once the
    signed one is turned over the others are known unsigned, so nothing is left to reveal."""
    characters = ("magistrate",) + BASE[1:]
    state = start(round_setup({"magistrate": 1, "thief": 2, "architect": 3, "warlord": 4},
                              characters))
    state = apply(state, Warrants(1, (2, 7, 8), 2))
    state = apply(end(state), Target(2, 5))  # the Thief plays, then builds:
    state = end(apply(state, RevealWarrant(1)))  # the signed warrant is turned over
    while state.rank < 7:
        state = end(state)
    assert RevealWarrant(1) not in legal(state)  # the Architect's warrant: known unsigned
    with pytest.raises(IllegalDecision):
        apply(state, RevealWarrant(1))


def test_blackmailer_asks_for_the_bribe_and_may_reveal_the_real_threat():
    characters = ("assassin", "blackmailer") + BASE[2:]
    state = start(round_setup({"blackmailer": 1, "king": 2, "merchant": 3, "warlord": 4},
                              characters))
    assert ("nobody", 1) in kinds(state)
    with pytest.raises(IllegalDecision):
        apply(state, Threats(1, (1, 4), 4))  # never rank 1
    state = apply(state, Threats(1, (4, 6), 6))
    assert view(state, 1).real_threat == 6 and view(state, 3).real_threat == 0
    state = end(state)
    assert state.rank == 4 and steps(state) == (Bribe(2, True), Bribe(2, False))
    state = end(apply(state, Bribe(2, True)))
    while state.rank < 6:
        state = end(state)
    state = apply(state, Bribe(3, False))
    state = apply(state, RevealThreat(1))
    revealed = next(e for e in state.events if e.kind == "threat_revealed")
    assert (revealed.rank, revealed.value) == (6, True)


@pytest.mark.parametrize("edition", EDITIONS)  # the classic King likewise
def test_king_takes_the_crown_when_called_even_bewitched(edition):
    state = start(round_setup({"assassin": 1, "king": 3, "bishop": 2, "warlord": 4}, crown=2,
                              edition=edition))
    state = end(apply(state, Target(1, 8)))
    assert state.crown == 3
    characters = ("witch",) + BASE[1:]
    state = start(round_setup({"witch": 1, "king": 3, "bishop": 2, "warlord": 4}, characters,
                              edition=edition))
    state = apply(state, Target(1, 4))
    assert state.crown == 3  # the King's holder, not the Witch


@pytest.mark.parametrize("edition", EDITIONS)
def test_assassinated_king_takes_the_crown_at_round_end(edition):
    state = start(round_setup({"assassin": 1, "king": 3, "bishop": 2, "warlord": 4}, crown=2,
                              edition=edition))
    state = end(apply(state, Target(1, 4)))
    assert state.crown == 2
    while not state.finished:
        state = end(state)
    assert state.crown == 3


def test_patrician_takes_the_crown_like_the_king():
    characters = BASE[:3] + ("patrician",) + BASE[4:]
    state = start(round_setup({"assassin": 1, "patrician": 4, "bishop": 2, "warlord": 3},
                              characters, crown=1))
    state = end(apply(state, Target(1, 8)))
    assert state.crown == 4


def test_emperor_gives_the_crown_to_someone_else():
    characters = BASE[:3] + ("emperor",) + BASE[4:]
    state = start(round_setup({"assassin": 1, "emperor": 3, "bishop": 2, "warlord": 4},
                              characters, crown=2))
    state = end(apply(state, Target(1, 8)))
    assert {d.to for d in steps(state)} == {1, 4}  # not the crown holder, not himself
    with pytest.raises(IllegalDecision):
        apply(state, EndTurn(3))  # the crown must be given first
    state = apply(state, GiveCrown(3, 4))
    assert state.crown == 4


def test_assassinated_emperor_gives_the_crown_at_round_end():
    characters = BASE[:3] + ("emperor",) + BASE[4:]
    state = start(round_setup({"assassin": 1, "emperor": 3, "bishop": 2, "warlord": 4},
                              characters, crown=2))
    state = end(apply(state, Target(1, 4)))
    while state.phase == "turn":
        state = end(state)
    assert state.phase == "round_end" and state.actor == 3
    state = apply(state, GiveCrown(3, 1))
    assert state.finished and state.crown == 1


def test_bewitched_emperor_lets_the_witch_choose():
    characters = ("witch",) + BASE[1:3] + ("emperor",) + BASE[4:]
    state = start(round_setup({"witch": 1, "emperor": 3, "bishop": 2, "warlord": 4},
                              characters, crown=2))
    state = apply(state, Target(1, 4))
    while state.rank < 4:
        state = end(state)
    assert state.actor == 1
    state = apply(state, GiveCrown(1, 4))
    assert state.crown == 4


QUEEN_SET = BASE + ("queen",)


@pytest.mark.parametrize("queen, king, paid", [(2, 3, True), (2, 5, False), (1, 5, True),
                                               (5, 1, True), (3, 1, False)])
def test_queen_gets_3_gold_next_to_the_rank4_holder_round_the_table(queen, king, paid):
    holders = {"queen": queen, "king": king}
    others = [s for s in range(1, 6) if s not in (queen, king)]
    holders.update(zip(("thief", "bishop", "warlord"), others))
    state = start(round_setup(holders, QUEEN_SET, players=5))
    while not state.finished:
        state = apply(state, legal(state)[0]) if not any(isinstance(d, EndTurn)
                                                        for d in legal(state)) else end(state)
    assert any(e.kind == "queen_gold" for e in state.events) == paid


def test_queen_next_to_an_assassinated_king_is_paid_at_round_end():
    holders = {"assassin": 1, "king": 3, "queen": 4, "bishop": 2, "warlord": 5}
    state = start(round_setup(holders, QUEEN_SET, players=5))
    state = end(apply(state, Target(1, 4)))
    while not state.finished:
        state = end(state)
    names = [e.kind for e in state.events]
    assert "queen_waits" in names and names.index("queen_gold") > names.index("killed_revealed")


def test_tax_collector_reminder_in_2016_games_with_him():
    with_tc = BASE + ("tax_collector",)
    state = start(round_setup({"assassin": 1, "king": 2, "bishop": 3, "warlord": 4}, with_tc))
    assert public_view(state).tax_collector
    assert not public_view(start(round_setup({"assassin": 1, "king": 2}))).tax_collector


@pytest.mark.parametrize("players, holders", [
    (2, {"assassin": 1, "magician": 2, "king": 1, "warlord": 2}),
    (3, {"assassin": 1, "thief": 3, "magician": 2, "king": 1, "architect": 3, "warlord": 2}),
])
def test_two_and_three_player_rounds_give_each_player_two_turns(players, holders):
    state = start(round_setup(holders, players=players))
    while not state.finished:
        if any(isinstance(d, Target) for d in legal(state)):
            target = {"assassin": 5, "thief": 6}[state.character] if players == 3 else 7
            state = apply(state, Target(state.actor, target))  # ranks nobody holds
        state = end(state)
    seats = [e.seat for e in state.events if e.kind == "reveal"]
    assert sorted(seats) == sorted(list(range(1, players + 1)) * 2)


def test_completed_cities_end_the_game_after_the_round_in_order():
    state = start(round_setup({"assassin": 1, "king": 2, "bishop": 3, "warlord": 4}))
    state = apply(state, Target(1, 8))
    state = apply(state, CompleteCity(3))
    state = apply(state, CompleteCity(1))
    with pytest.raises(IllegalDecision):
        apply(state, CompleteCity(3))  # once per player
    assert not state.game_over
    while not state.finished:
        state = end(state)
    assert state.game_over and state.completion_order() == (3, 1)


def test_city_size_depends_on_edition_and_players():
    assert round_setup({}, players=4).city_size == 7
    assert round_setup({}, players=3, characters=BASE + ("artist",)).city_size == 8
    assert round_setup({}, players=5, edition="classic").city_size == 8


# --- invariants over random rounds --------------------------------------------------------------

def random_round(edition, players, seed):
    rng = Rng(seed)
    characters = random_set(edition, players, rng.fork("set"))
    draft = start_draft(DraftSetup(edition, players, characters, 1), rng.fork("draft"))
    while not draft.finished:
        draft = apply_draft(draft, rng.choice(legal_draft(draft)))
    holders = tuple((c, s) for s in range(1, players + 1) for c in draft.hand(s))
    return RoundSetup(edition, players, characters, holders, 1), rng


@given(st.sampled_from(EDITIONS), st.integers(2, 8), st.integers(0, 2 ** 32))
@settings(max_examples=300)
def test_random_rounds_keep_every_secret_and_call_every_rank_once(edition, players, seed):
    setup, rng = random_round(edition, players, seed)
    state = start(setup)
    while not state.finished:
        options = legal(state)
        assert options, "a live round always has something to do"
        assert all(d.to not in (d.seat, state.crown) for d in options
                   if isinstance(d, GiveCrown)), "never to the giver nor to the crown holder"
        for seat in range(1, players + 1):
            v = view(state, seat)
            if state.killed and state.phase == "turn":
                killer_holder = setup.seat_of_rank(state.killed)
                assert not any(e.rank == state.killed and e.seat == killer_holder
                               and e.kind in ("reveal", "killed_revealed") for e in v.events)
            if setup.holder("magistrate") != seat:
                assert v.signed == 0
            if setup.holder("blackmailer") != seat and not (state.bewitched == 2):
                assert v.real_threat == 0
        state = apply(state, rng.choice(options))
    called = [e.rank for e in state.events if e.kind in ("nobody", "silent", "reveal")]
    assert called == list(setup.ranks)
    assert 1 <= state.crown <= players


@given(st.sampled_from(EDITIONS), st.integers(2, 8), st.integers(0, 2 ** 32))
@settings(max_examples=100)
def test_decisions_survive_the_store_round_trip(edition, players, seed):
    setup, rng = random_round(edition, players, seed)
    live = replayed = start(setup)
    while not live.finished:
        decision = rng.choice(legal(live))
        live = apply(live, decision)
        replayed = apply(replayed, decode(json.loads(json.dumps(encode(decision)))))
    assert replayed == live


def test_an_assassinated_rank_nobody_holds_is_silent_too_until_round_end():
    """At the table nobody answers a killed rank, held or not: the device must not tell the
    difference (which would reveal a discarded character) before the round ends."""
    state = start(round_setup({"assassin": 1, "thief": 2, "bishop": 3, "warlord": 4}))
    state = end(apply(state, Target(1, 3)))  # nobody holds the Magician
    state = end(apply(state, Target(2, 5)))  # the Thief's turn
    assert ("silent", 3) in kinds(state) and ("nobody", 3) not in kinds(state)
    while not state.finished:
        state = end(state)
    assert ("killed_nobody", 3) in kinds(state)
    assert not any(e.kind == "killed_revealed" for e in state.events)


# --- the Witch and the rank-4 and rank-9 characters (seed 000, the 2016 rulebook) ---------------

WITCH_EMPEROR_SET = ("witch",) + BASE[1:3] + ("emperor",) + BASE[4:]


@pytest.mark.parametrize("crown, options", [(3, {2, 4, 5}), (1, {2, 3, 4, 5})])
def test_bewitched_emperor_the_witch_may_give_the_crown_to_the_emperors_holder(crown, options):
    """Bewitched Emperor: the Witch decides who gets the crown, and she is the one who may not
    keep it; the Emperor's holder may get it. Seed 000: "하지만 황제가 마법에 걸리면 왕관을
    누구에게 줄지도 마녀가 결정하고 자원도 마녀가 가져갑니다." and "현재 왕관 주인이 아닌
    플레이어(자기 자신 제외)에게 줘야 합니다." (the issue's example: Witch 1, Emperor 2,
    crown 3 of 5 players: 2, 4 or 5)."""
    holders = {"witch": 1, "emperor": 2, "bishop": 3, "merchant": 4, "warlord": 5}
    state = start(round_setup(holders, WITCH_EMPEROR_SET, players=5, crown=crown))
    state = apply(state, Target(1, 4))  # bewitch the Emperor
    assert state.rank == 4 and state.actor == 1
    assert {d.to for d in steps(state)} == options
    assert all(d.seat == 1 for d in steps(state))
    with pytest.raises(IllegalDecision):
        apply(state, GiveCrown(1, 1))  # never to herself
    state = apply(state, GiveCrown(1, 2))
    assert state.crown == 2
    given = next(e for e in view(state, None).events if e.kind == "crown_given")
    assert (given.seat, given.other) == (2, 1)
    while not state.finished:
        state = end(state)
    assert state.crown == 2


WITCH_QUEEN_SET = ("witch",) + BASE[1:] + ("queen",)


def play_out(state):
    """End every turn (the Witch's target given first) until the round is over."""
    while not state.finished:
        state = end(state)
    return state


@pytest.mark.parametrize("witch, king, queen, paid", [
    (1, 2, 4, True),   # the Witch sits next to the King, the Queen's holder does not
    (1, 3, 4, False),  # the Queen's holder sits next to the King, the Witch does not
    (5, 1, 3, True),   # round the table: seat 5 is next to seat 1
])
def test_bewitched_queen_the_witch_takes_3_gold_if_she_sits_next_to_rank_4(witch, king, queen,
                                                                           paid):
    """Bewitched Queen: the bewitched character gets no extra resources from its ability, the
    Witch copies it, judged from her own seat. Seed 000: "자원을 더 얻는 능력(금화 1닢을 더
    받는 상인의 능력 등)도 발휘되지 않습니다.", "마녀는 해당 캐릭터의 능력을 그대로
    복사합니다. 즉, 추가 자원 제공, ..." and for the Queen "자신의 옆자리에 4번
    캐릭터(왕, 황제, 대공)가 있다면 금화 3닢을 받습니다."."""
    holders = {"witch": witch, "king": king, "queen": queen}
    others = [s for s in range(1, 6) if s not in holders.values()]
    holders.update(zip(("bishop", "warlord"), others))
    state = start(round_setup(holders, WITCH_QUEEN_SET, players=5))
    state = play_out(apply(state, Target(witch, 9)))
    assert not any(e.kind == "queen_gold" for e in state.events)  # never the Queen's holder
    gold = [e for e in state.events if e.kind == "queen_gold_witch"]
    assert [(e.rank, e.seat, e.other, e.value) for e in gold] == ([(9, witch, king, 3)] if paid
                                                                  else [])
    # the event names only seats already revealed aloud: the Witch and the King
    public = view(state, None).events
    for e in public:
        if e.kind == "queen_gold_witch":
            before = public[:public.index(e)]
            shown = {(x.rank, x.seat) for x in before if x.kind == "reveal"}
            assert (1, e.seat) in shown and (4, e.other) in shown


def test_the_witchs_queen_gold_is_told_in_both_languages():
    """A new announcement needs its sentence in both catalogues, with the same fields."""
    from ui.i18n import load_messages

    texts = [load_messages(lang)["calling.ev_queen_gold_witch"] for lang in ("ko", "en")]
    for text in texts:
        filled = text.format(name="A", other="B", n=3, character="Queen")
        assert "A" in filled and "B" in filled


def test_a_silent_rank_4_says_the_same_whether_or_not_it_is_held():
    """Seed 000: "암살당한 캐릭터는 그 라운드가 끝날 때까지 정체를 공개하지 않습니다." When the
    Assassin names rank 4, the Queen hears that her gold waits for the round's end whether or
    not anyone holds rank 4 (issue 36, item 5): before, the line came only when someone held
    it, so the table learnt that it was held. Up to the Queen's call, the table hears the
    same in both rounds."""
    def heard(holders):
        state = start(round_setup(holders, QUEEN_SET, players=5))
        state = end(apply(state, Target(1, 4)))
        while not any(e.rank == 9 for e in state.events):
            state = end(state)
        return [(e.kind, e.rank, e.seat) for e in public_view(state).events]

    others = {"assassin": 1, "queen": 4, "bishop": 2, "warlord": 5}
    with_king, without = heard({**others, "king": 3}), heard(others)
    assert ("queen_waits", 9, 4) in without
    assert with_king == without
