"""RULES.md §1.2: the hidden character draft, rule by rule, and invariants over every setup."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.citadels.catalogue import EDITIONS, FIRST_GAME, character
from companion.citadels.charset import first_game, random_set
from companion.citadels.draft import (DISCARD, PICK, Discard, DraftRules, DraftSetup, Pick,
                                      apply, encode, legal, public_view, start, view)
from companion.errors import IllegalDecision
from companion.rng import Rng
from companion.session import Session
from conftest import ROOT


class NoShuffle(Rng):
    """A stub RNG that keeps the deck in rank order (and can put one card on top first)."""

    def __init__(self, top: str | None = None):
        super().__init__(0)
        self.top = top

    def shuffle(self, items):
        items = list(items)
        if self.top in items:
            items.remove(self.top)
            items.insert(0, self.top)
            self.top = None
        return tuple(items)


def play(state, choose=lambda options: options[0]):
    """Play the draft to the end, recording (seat, action, offered) at every turn."""
    seen = []
    while not state.finished:
        seen.append((state.turn.seat, state.turn.action, state.offered()))
        state = apply(state, choose(legal(state)))
    return state, seen


def setup(edition="2016", players=4, characters=FIRST_GAME, crown=1):
    return DraftSetup(edition, players, tuple(characters), crown)


NINE = FIRST_GAME + ("artist",)
NINE_Q = FIRST_GAME + ("queen",)


@pytest.mark.parametrize("characters, players, face_up", [
    (FIRST_GAME, 4, 2), (FIRST_GAME, 5, 1), (FIRST_GAME, 6, 0), (FIRST_GAME, 7, 0),
    (NINE, 4, 3), (NINE_Q, 5, 2), (NINE_Q, 6, 1), (NINE_Q, 7, 0), (NINE_Q, 8, 0),
])
def test_face_up_discards_follow_the_table(characters, players, face_up):
    for edition in EDITIONS:
        state = start(setup(edition, players, characters), Rng(5))
        assert len(state.face_up) == face_up
        assert public_view(state).face_up == state.face_up


def test_new_edition_discards_face_up_first_then_face_down():
    state = start(setup("2016", 4), NoShuffle())
    assert state.face_up == ("assassin", "thief") and state.face_down == ("magician",)


def test_classic_edition_discards_face_down_first_then_face_up():
    state = start(setup("classic", 4), NoShuffle())
    assert state.face_down == ("assassin",) and state.face_up == ("thief", "magician")


def test_rank4_card_drawn_face_up_is_replaced_and_shuffled_back():
    state = start(setup("2016", 4), NoShuffle(top="king"))
    assert "king" not in state.face_up and len(state.face_up) == 2
    assert "king" in state.pool


@given(st.sampled_from(EDITIONS), st.integers(4, 7), st.integers(0, 2 ** 32))
def test_no_rank4_card_is_ever_face_up(edition, players, seed):
    characters = first_game(edition, players) if players < 5 else FIRST_GAME + ("queen",)
    state = start(setup(edition, players, characters), Rng(seed))
    assert all(character(edition, c).rank != 4 for c in state.face_up)


def test_crown_holder_picks_first_and_cards_pass_left():
    state = start(setup("2016", 5, crown=4), Rng(1))
    _, seen = play(state)
    assert [seat for seat, _, _ in seen] == [4, 5, 1, 2, 3]
    sizes = [len(offered) for _, _, offered in seen]
    assert sizes == [6, 5, 4, 3, 2]  # 8 - 1 face up - 1 face down, one fewer each time


def test_the_card_left_after_the_last_pick_is_discarded_face_down():
    final, _ = play(start(setup("2016", 5), Rng(2)))
    assert len(final.face_down) == 2 and final.pool == ()


@pytest.mark.parametrize("players, characters", [(7, FIRST_GAME), (8, NINE_Q)])
def test_seven_player_rule_last_picker_also_takes_the_face_down_discard(players, characters):
    state = start(setup("2016", players, characters, crown=3), Rng(11))
    hidden = state.face_down[0]
    for _ in range(players - 1):
        assert hidden not in view(state, state.turn.seat).offered
        state = apply(state, legal(state)[0])
    last = state.turn
    assert last.seat == 2 and last.with_face_down  # seat to the crown's right picks last
    assert view(state, last.seat).offered == state.pool + (hidden,) and len(state.pool) == 1
    state = apply(state, Pick(last.seat, hidden))
    assert state.finished and len(state.face_down) == 1 and hidden not in state.face_down
    assert state.hand(last.seat) == (hidden,)


def test_seven_players_with_nine_characters_pick_normally():
    state = start(setup("2016", 7, NINE_Q), Rng(4))
    _, seen = play(state)
    assert len(seen[-1][2]) == 2 and not any(t.with_face_down for t in state.turns)


def test_new_edition_three_players_third_chooses_a_face_down_discard_before_the_second_pass():
    state = start(setup("2016", 3, NINE, crown=2), Rng(8))
    final, seen = play(state, choose=lambda options: options[-1])
    assert [(s, a) for s, a, _ in seen] == [(2, PICK), (3, PICK), (1, PICK), (1, DISCARD),
                                            (2, PICK), (3, PICK), (1, PICK)]
    assert [len(o) for _, _, o in seen] == [8, 7, 6, 5, 4, 3, 2]
    assert all(len(final.hand(s)) == 2 for s in (1, 2, 3))
    assert len(final.face_down) == 3


def test_classic_three_players_pick_round_the_table_until_each_has_two():
    final, seen = play(start(setup("classic", 3, FIRST_GAME), Rng(8)))
    assert [s for s, _, _ in seen] == [1, 2, 3, 1, 2, 3]
    assert [len(o) for _, _, o in seen] == [7, 6, 5, 4, 3, 2]
    assert len(final.face_down) == 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_players_keep_one_discard_one(edition):
    final, seen = play(start(setup(edition, 2, FIRST_GAME, crown=2), Rng(3)))
    assert [(s, a, len(o)) for s, a, o in seen] == [
        (2, PICK, 7), (1, PICK, 6), (1, DISCARD, 5), (2, PICK, 4), (2, DISCARD, 3), (1, PICK, 2)]
    assert len(final.hand(1)) == len(final.hand(2)) == 2
    assert len(final.face_down) == 4


def test_illegal_decisions_are_refused_without_naming_a_card():
    state = start(setup("2016", 4), Rng(1))
    not_offered = state.face_up[0]
    for bad in (Pick(2, state.pool[0]), Discard(1, state.pool[0]), Pick(1, not_offered)):
        with pytest.raises(IllegalDecision) as caught:
            apply(state, bad)
        assert not any(c in str(caught.value) for c in FIRST_GAME)
        assert caught.value.code.startswith("citadels.draft.")
        assert not set(map(str, caught.value.fields.values())) & set(FIRST_GAME)
    final, _ = play(state)
    with pytest.raises(IllegalDecision) as caught:
        apply(final, Pick(1, "king"))
    assert caught.value.code == "citadels.draft.over"


def test_the_crown_must_sit_at_the_table():
    with pytest.raises(IllegalDecision) as caught:
        setup(players=4, crown=5)
    assert caught.value.code == "citadels.draft.crown" and caught.value.fields == {"players": 4}


def test_the_rules_view_is_the_public_view_for_the_table_and_the_seat_view_for_a_seat():
    rules = DraftRules()
    state = rules.initial({"edition": "2016", "players": 4, "characters": list(FIRST_GAME),
                           "crown": 1}, 1)
    state = rules.apply(state, rules.legal(state)[0])
    assert rules.view(state, None) == public_view(state) and rules.view(state, None).started
    assert rules.view(state, 1) == view(state, 1) and rules.view(state, 1).own
    assert not rules.outcome(state).finished
    with pytest.raises(IllegalDecision) as caught:
        rules.view(state, 5)
    assert caught.value.code == "citadels.no_seat"


# --- invariants over every configuration -----------------------------------------------------

configs = st.tuples(st.sampled_from(EDITIONS), st.integers(2, 8), st.integers(0, 2 ** 32),
                    st.integers(0, 2 ** 32))


def random_draft(edition, players, seed, choice_seed):
    rng = Rng(seed)
    characters = random_set(edition, players, rng.fork("set"))
    crown = rng.fork("crown").randrange(players) + 1
    state = start(DraftSetup(edition, players, characters, crown), rng.fork("draft"))
    return state, Rng(choice_seed)


@given(configs)
@settings(max_examples=300)
def test_every_draft_partitions_the_characters_and_hands_each_player_the_right_count(config):
    state, choices = random_draft(*config)
    final, _ = play(state, choose=choices.choice)
    picks = [c for seat in range(1, final.setup.players + 1) for c in final.hand(seat)]
    pile = picks + list(final.face_up) + list(final.face_down)
    assert sorted(pile) == sorted(final.setup.characters)
    per_player = 2 if final.setup.players <= 3 else 1
    assert all(len(final.hand(s)) == per_player for s in range(1, final.setup.players + 1))
    assert all(character(final.setup.edition, c).rank != 4 for c in final.face_up)


@given(configs)
@settings(max_examples=300)
def test_a_seat_sees_only_what_the_rules_hand_it(config):
    """Each offer is the previous offer minus what was taken (or, under the 7-player rule,
    plus the face-down card); no view ever shows another seat's pick or a face-down card."""
    state, choices = random_draft(*config)
    initial_hidden = set(state.face_down)
    players = state.setup.players
    previous = None
    while not state.finished:
        turn = state.turn
        offered = view(state, turn.seat).offered
        if previous is None:
            assert set(offered) == set(state.setup.characters) - set(state.face_up) - initial_hidden
        elif turn.with_face_down:
            assert set(offered) == previous | initial_hidden
        else:
            assert set(offered) == previous  # the cards passed on, nothing more or less
        for seat in range(1, players + 1):
            v = view(state, seat)
            others = {c for s in range(1, players + 1) if s != seat for c in state.hand(s)}
            shown = set(v.own) | set(v.offered) | set(v.face_up)
            assert not shown & others
            if not (seat == turn.seat and turn.with_face_down):
                assert not shown & set(state.face_down)
            if seat != turn.seat:
                assert v.offered == ()
        public = public_view(state)
        assert public.own == () and public.offered == ()
        decision = choices.choice(legal(state))
        state = apply(state, decision)
        previous = set(offered) - {decision.character}


@given(configs)
@settings(max_examples=100)
def test_replaying_the_decision_log_reproduces_the_state(config):
    edition, players, seed, choice_seed = config
    characters = random_set(edition, players, Rng(seed))
    rules = DraftRules()
    session = Session("citadels-draft", {"edition": edition, "players": players,
                                         "characters": list(characters), "crown": 1}, seed)
    state = rules.initial(session.config, session.seed)
    choices = Rng(choice_seed)
    while not state.finished:
        decision = choices.choice(legal(state))
        state = apply(state, decision)
        session = session.with_decision(json.loads(json.dumps(encode(decision))))
    assert session.replay(rules) == state


# --- the simulate command ----------------------------------------------------------------------

def simulate(*args):
    return subprocess.run([sys.executable, "-m", "ui.cli", "simulate", "citadels-draft", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", range(2, 9))
def test_simulate_prints_a_consistent_json_trace(edition, players):
    result = simulate("--edition", edition, "--players", str(players), "--characters", "random",
                      "--crown", "1", "--seed", str(players * 7), "--json")
    assert result.returncode == 0, result.stderr
    trace = json.loads(result.stdout)
    assert trace["steps"][0]["seat"] == 1
    for step in trace["steps"]:
        assert step["card"] in step["offered"] and step["action"] in (PICK, DISCARD)
    picked = sorted(c for ids in trace["result"].values() for c in ids)
    assert picked == sorted(s["card"] for s in trace["steps"] if s["action"] == PICK)
    assert len(trace["characters"]) == len(picked) + len(trace["face_up"]) + trace["face_down_count"]


def test_simulate_is_reproducible_from_its_seed():
    args = ("--edition", "2016", "--players", "5", "--characters", "random", "--seed", "42",
            "--json")
    assert simulate(*args).stdout == simulate(*args).stdout


@pytest.mark.parametrize("args", [
    ("--edition", "2016", "--players", "9", "--seed", "1"),
    ("--edition", "2017", "--players", "4", "--seed", "1"),
    ("--edition", "2016", "--players", "2", "--seed", "1", "--characters",
     "assassin,thief,magician,emperor,bishop,merchant,architect,warlord"),
    ("--edition", "2016", "--players", "4", "--seed", "x"),
    ("--edition", "2016", "--players", "4", "--seed", "1", "--crown", "5"),
])
def test_simulate_refuses_bad_arguments_with_one_line_and_code_2(args):
    result = simulate(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and result.stdout == ""
