"""Citadels keeps the engine contract (companion/rules.py, issue 14): random drafts (both
editions, 2 to 8 players, random character sets) and whole games, every state checked by
tests/rules_contract.py against near misses of every shape (every character picked or discarded
by every seat, each calling decision by the wrong seat or with the wrong target, warrants and
threats of the wrong size); and hidden picks and secret tokens never reach a view they must not
reach."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.citadels import calling as c
from companion.citadels.catalogue import EDITIONS
from companion.citadels.charset import first_game, random_set
from companion.citadels.draft import Discard, DraftRules, Pick
from companion.citadels.game import CitadelsRules
from companion.rng import Rng
from rules_contract import play

DRAFT, GAME = DraftRules(), CitadelsRules()
SEEDS = st.integers(0, 10**6)


def config(edition: str, players: int, seed: int, crown: int, first: bool = False) -> dict:
    ids = first_game(edition, players) if first else random_set(edition, players, Rng(seed))
    return {"edition": edition, "players": players, "characters": list(ids), "crown": crown}


def draft_candidates(draft) -> list:
    """Every character of the set (and one not in it) picked and discarded by every seat, and
    by seats the table does not have."""
    setup = draft.setup
    cards = setup.characters + ("joker",)
    return [kind(seat, card) for kind in (Pick, Discard) for seat in range(0, setup.players + 2)
            for card in cards]


def token_candidates(actor: int, other: int) -> list:
    """Warrants and threats by the actor and by someone else: right and wrong sizes, rank 1,
    the same rank twice, the real one outside the set."""
    out: list = []
    for seat in (actor, other):
        for ranks in combinations(range(1, 10), 3):
            out.append(c.Warrants(seat, ranks, ranks[1]))
        for ranks in combinations(range(1, 10), 2):
            out.append(c.Threats(seat, ranks, ranks[1]))
        out += [c.Warrants(seat, (2, 3), 2), c.Warrants(seat, (2, 3, 4, 5), 3),
                c.Warrants(seat, (3, 3, 4), 3), c.Warrants(seat, (3, 4, 5), 6),
                c.Threats(seat, (3,), 3), c.Threats(seat, (3, 4, 5), 4),
                c.Threats(seat, (4, 4), 4), c.Threats(seat, (4, 5), 3)]
    return out


def calling_candidates(state: c.Calling) -> list:
    """Each calling decision kind, by every seat (and seats the table does not have), with
    every rank and every crown receiver."""
    n = state.setup.players
    seats = range(0, n + 2)
    actor = state.actor or 1
    out: list = [c.Target(seat, rank) for seat in seats for rank in range(0, 10)]
    out += [c.GiveCrown(seat, to) for seat in seats for to in seats]
    out += [c.Bribe(seat, paid) for seat in seats for paid in (True, False)]
    out += [kind(seat) for kind in (c.RevealThreat, c.RevealWarrant, c.CompleteCity, c.EndTurn)
            for seat in seats]
    return out + token_candidates(actor, actor % n + 1)


def game_candidates(game) -> list:
    """The draft's candidates and the calling's, in either phase (each refused in the other)."""
    if game.draft is not None:
        return draft_candidates(game.draft) + [c.EndTurn(game.crown), c.CompleteCity(1)]
    if game.calling is not None:
        return calling_candidates(game.calling) + [Pick(game.crown, game.setup.characters[0])]
    return [Pick(1, game.setup.characters[0]), c.EndTurn(1), c.CompleteCity(1)]


def finish_soon(data, legal):
    """A city is completed now and then (about once in two rounds), so games end within a few
    rounds; otherwise any legal decision."""
    completing = [d for d in legal if isinstance(d, c.CompleteCity)]
    others = [d for d in legal if not isinstance(d, c.CompleteCity)]
    if completing and (not others or data.draw(st.integers(0, 24)) == 0):
        return data.draw(st.sampled_from(completing))
    return data.draw(st.sampled_from(others))


@settings(max_examples=60, deadline=None)
@given(data=st.data(), edition=st.sampled_from(EDITIONS), players=st.integers(2, 8),
       seed=SEEDS, first=st.booleans())
def test_random_drafts_keep_the_contract(data, edition, players, seed, first):
    crown = data.draw(st.integers(1, players))
    state = play(data, DRAFT, config(edition, players, seed, crown, first), seed,
                 range(1, players + 1), draft_candidates)
    outcome = DRAFT.outcome(state)
    assert outcome.finished and outcome.result == {"game": "citadels-draft",
                                                   "edition": edition, "players": players}


@pytest.mark.parametrize("edition, players", [("2016", 2), ("2016", 5), ("classic", 3),
                                              ("classic", 7), ("2016", 8)])
@settings(max_examples=5, deadline=None)
@given(data=st.data(), seed=SEEDS)
def test_random_games_keep_the_contract(edition, players, data, seed):
    crown = data.draw(st.integers(1, players))
    state = play(data, GAME, config(edition, players, seed, crown), seed,
                 range(1, players + 1), game_candidates, max_steps=3000, choose=finish_soon)
    outcome = GAME.outcome(state)
    assert outcome.finished, "the game did not end within the step budget"
    result = outcome.result
    assert result["game"] == "citadels" and result["edition"] == edition
    assert result["rounds"] == len(state.rounds) >= 1 and result["completion_order"]
    held = sorted(ch for ids in result["final_characters"].values() for ch in ids)
    assert held == sorted(ch for ch, _ in state.rounds[-1].holders)


# --- hidden information ---------------------------------------------------------------------

def _drafted(rules, state, data, steps):
    """``state`` after up to ``steps`` random draft decisions (stops before the draft ends)."""
    for _ in range(steps):
        legal = rules.legal(state)
        if len(legal) < 2 or not isinstance(legal[0], (Pick, Discard)):
            break
        state = rules.apply(state, data.draw(st.sampled_from(legal)))
    return state


@settings(max_examples=60, deadline=None)
@given(data=st.data(), edition=st.sampled_from(EDITIONS), players=st.integers(2, 8),
       seed=SEEDS, steps=st.integers(0, 12))
def test_drafts_differing_only_in_a_hidden_pick_look_the_same(data, edition, players, seed,
                                                                steps):
    for rules in (DRAFT, GAME):
        state = _drafted(rules, rules.initial(config(edition, players, seed, 1), seed), data,
                         steps)
        legal = rules.legal(state)
        if len(legal) < 2 or not isinstance(legal[0], (Pick, Discard)):
            continue
        one, two = (rules.apply(state, d) for d in legal[:2])
        if getattr(one, "calling", None) is not None:  # the last pick: the calling reveals
            continue
        acting = legal[0].seat
        public = rules.view(one, None)
        assert public == rules.view(two, None)
        receiving = {d.seat for d in rules.legal(one) + rules.legal(two)
                     if isinstance(d, (Pick, Discard))}
        for seat in range(1, players + 1):
            if seat != acting and seat not in receiving:  # they saw neither card
                assert rules.view(one, seat) == rules.view(two, seat), seat


def test_the_public_view_holds_no_hand_and_no_offered_card():
    state = GAME.initial(config("2016", 5, 1, 1, first=True), 1)
    state = GAME.apply(state, GAME.legal(state)[0])
    public = GAME.view(state, None)
    assert public.draft.own == () and public.draft.offered == () and public.seat is None
    assert public.draft_started and public.phase == "draft" and public.number == 1
    mine = GAME.view(state, 1)
    assert mine.draft.own and mine.seat == 1


def magistrate_round() -> c.Calling:
    characters = ("magistrate",) + first_game("2016", 4)[1:]
    holders = {"magistrate": 1, "thief": 2, "king": 3, "bishop": 4}
    return c.start(c.RoundSetup("2016", 4, characters, tuple(holders.items()), 1))


def test_the_signed_warrant_is_only_in_the_magistrates_view():
    state = magistrate_round()
    legal = [d for d in c.steps(state) if isinstance(d, c.Warrants) and d.ranks == (2, 4, 5)]
    assert sorted(d.signed for d in legal) == [2, 4, 5]  # any of the three may be the real one
    one, two = (c.apply(state, d) for d in legal[:2])
    assert c.public_view(one) == c.public_view(two)
    assert all(c.view(one, seat) == c.view(two, seat) for seat in (2, 3, 4))
    assert c.view(one, 1).signed != c.view(two, 1).signed


def test_warrants_are_one_decision_whatever_order_the_ranks_are_given_in():
    state = magistrate_round()
    unordered = c.Warrants(1, (5, 2, 4), 4)
    assert unordered == c.Warrants(1, (2, 4, 5), 4) and unordered in c.legal(state)
    assert c.apply(state, unordered).warrants == (2, 4, 5)
