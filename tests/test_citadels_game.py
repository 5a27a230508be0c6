"""Whole games: rounds of draft and calling, the crown carried over, the end after a city."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.citadels.calling import CompleteCity, EndTurn
from companion.citadels.catalogue import EDITIONS, FIRST_GAME
from companion.citadels.charset import random_set
from companion.citadels.draft import Pick
from companion.citadels.game import CitadelsRules, apply, encode, legal
from companion.citadels.simulate import simulate_game
from companion.errors import IllegalDecision
from companion.rng import Rng
from companion.rules import Outcome
from companion.session import Session
from conftest import ROOT

RULES = CitadelsRules()


def new_game(players=4, crown=1, seed=3):
    config = {"edition": "2016", "players": players, "characters": list(FIRST_GAME),
              "crown": crown}
    return config, RULES.initial(config, seed)


def play_round(game, rng, complete=()):
    """Random legal play to the end of the current round, never completing a city except the
    seats in ``complete``, each at its first chance, in that order."""
    number = game.number
    complete = list(complete)
    while not game.over and game.number == number:
        options = legal(game)
        if complete and CompleteCity(complete[0]) in options:
            decision = CompleteCity(complete.pop(0))
        else:
            decision = rng.choice([d for d in options if not isinstance(d, CompleteCity)])
        game = apply(game, decision)
    return game


def test_a_round_is_a_draft_then_the_calling_then_the_next_draft():
    _, game = new_game()
    assert game.draft is not None and game.calling is None
    rng = Rng(1)
    while game.draft is not None:
        game = apply(game, rng.choice(legal(game)))
    assert game.calling is not None and game.number == 1
    game = play_round(game, rng)
    assert game.number == 2 and game.draft is not None and len(game.rounds) == 1


def test_the_next_draft_starts_with_the_new_crown_holder():
    _, game = new_game()
    rng = Rng(5)
    for _ in range(4):
        game = play_round(game, rng)
        assert game.draft.setup.crown == game.rounds[-1].crown_after
        assert game.draft.turn.seat == game.rounds[-1].crown_after


def test_the_game_ends_after_the_round_in_which_a_city_is_completed():
    _, game = new_game()
    rng = Rng(2)
    game = play_round(game, rng)
    assert not game.over and game.number == 2
    game = play_round(game, rng, complete=(3, 1))
    assert game.over and game.number == 2 and game.completion_order() == (3, 1)
    assert sorted(s for _, s in game.final_characters()) == [1, 2, 3, 4]
    with pytest.raises(IllegalDecision) as caught:
        apply(game, EndTurn(1))
    assert caught.value.code == "citadels.over"
    final = {str(s): [c for c, h in game.final_characters() if h == s] for s in range(1, 5)}
    assert RULES.outcome(game) == Outcome(True, {
        "game": "citadels", "edition": "2016", "rounds": 2, "completion_order": [3, 1],
        "final_characters": final})
    public = RULES.view(game, None)
    assert public.over and public.phase == "over" and public.rounds == game.rounds
    assert public.final_characters == game.final_characters() and public.completion_order == (3, 1)


def test_draft_decisions_are_refused_during_the_calling_and_the_reverse():
    _, game = new_game()
    with pytest.raises(IllegalDecision) as caught:
        apply(game, EndTurn(1))
    assert caught.value.code == "citadels.draft.drafting"
    while game.draft is not None:
        game = apply(game, legal(game)[0])
    with pytest.raises(IllegalDecision) as caught:
        apply(game, Pick(game.crown, "king"))
    assert caught.value.code == "citadels.calling.not_now"


def test_a_seat_sees_its_own_characters_and_the_table_sees_none_until_the_round_ends():
    _, game = new_game()
    rng = Rng(4)
    while game.draft is not None:
        game = apply(game, rng.choice(legal(game)))
    public, seat = RULES.view(game, None), RULES.view(game, 2)
    assert public.phase == "calling" and public.draft is None and public.calling.own == ()
    assert seat.calling.own == tuple(c for c, s in game.calling.setup.holders if s == 2)
    assert public.final_characters == () and public.city_size == 7 and not public.rounds
    game = play_round(game, rng)
    assert RULES.view(game, None).rounds == game.rounds  # revealed at the round's end


@given(st.sampled_from(EDITIONS), st.integers(2, 8), st.integers(0, 2 ** 32))
@settings(max_examples=40, deadline=None)
def test_a_whole_game_replays_from_its_session(edition, players, seed):
    rng = Rng(seed)
    config = {"edition": edition, "players": players,
              "characters": list(random_set(edition, players, rng)), "crown": 1}
    session = Session("citadels", config, seed)
    game = RULES.initial(config, seed)
    while not game.over:
        options = legal(game)
        completing = [d for d in options if isinstance(d, CompleteCity)]
        decision = (rng.choice(completing) if completing and game.number >= 3
                    else rng.choice([d for d in options if d not in completing]))
        game = apply(game, decision)
        session = session.with_decision(json.loads(json.dumps(encode(decision))))
    assert session.replay(RULES) == game


def test_simulated_game_trace_is_consistent():
    trace = simulate_game("classic", 6, "random", 2, seed=11)
    assert trace["rounds"] and trace["completion_order"]
    assert trace["rounds"][-1]["completed"]
    for r in trace["rounds"]:
        assert [c["rank"] for c in r["calls"]] == sorted(c["rank"] for c in r["calls"])
        for call in r["calls"]:
            assert not (call["silent"] and call["holder"] is not None)
    final = trace["final_characters"]
    assert final == trace["rounds"][-1]["draft"]


def test_simulate_citadels_game_command():
    result = subprocess.run([sys.executable, "-m", "ui.cli", "simulate", "citadels-game",
                             "--edition", "2016", "--players", "3", "--characters", "random",
                             "--seed", "4", "--json"], capture_output=True, text=True, cwd=ROOT,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    trace = json.loads(result.stdout)
    assert all(len(ids) == 2 for ids in trace["final_characters"].values())
    bad = subprocess.run([sys.executable, "-m", "ui.cli", "simulate", "citadels-game",
                          "--edition", "2016", "--players", "1", "--seed", "4"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
