"""Final scoring by hand is an ordinary game session (issue 35): each game's score rules keep
the engine contract (companion/rules.py), ``outcome`` carries the scores in the one form every
reader knows, the table's choice of the published tie-break is a stored decision, and a score
entry stored before ``Done`` existed replays to the same players."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from companion.citadels.scoring import PlayerCity
from companion.games import rules_for
from companion.score_entry import Done, EnterPlayer, UseTieBreak
from companion.errors import IllegalDecision
from companion.session import Session
from companion.tiletum.scoring import TiletumPlayer
from companion.troyes.scoring import TroyesPlayer
from rules_contract import play

CONFIGS = {
    "troyes-score": {"players": [{"name": n, "tokens": t, "character_points": [0] * 4}
                                 for n, t in (("A", 5), ("B", 9))]},
    "tiletum-score": {"players": [{"name": n, "vp": v} for n, v in (("A", 30), ("B", 30),
                                                                    ("C", 12))]},
    "citadels-score": {"edition": "classic",
                       "players": [{"name": "Mina", "city": ["manor", "castle"]},
                                   {"name": "Joon", "city": ["palace"]}]},
}
OTHERS = {"troyes-score": TroyesPlayer("Z", tokens=3, character_points=(0,) * 4),
          "tiletum-score": TiletumPlayer("Z", vp=7),
          "citadels-score": PlayerCity("Z", ("temple",))}


@pytest.mark.parametrize("kind", sorted(CONFIGS))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_games_score_rules_keep_the_engine_contract(kind, data):
    rules = rules_for(kind)

    def candidates(state):
        n = len(state.players)
        return ([EnterPlayer(i, OTHERS[kind]) for i in range(-1, n + 1)]
                + [UseTieBreak(True), UseTieBreak(False), Done()])

    def choose(data, legal):
        if Done() in legal and data.draw(st.booleans()):
            return Done()
        return data.draw(st.sampled_from(legal))

    end = play(data, rules, CONFIGS[kind], 0, (), candidates, max_steps=30, choose=choose)
    if rules.outcome(end).finished:
        assert rules.outcome(end).result["scores"]["winners"]


def entered(kind: str, *players):
    rules = rules_for(kind)
    state = rules.initial(CONFIGS[kind], 0)
    for i, p in enumerate(players or state.players):
        state = rules.apply(state, EnterPlayer(i, p))
    return rules, state


@pytest.mark.parametrize("kind", sorted(CONFIGS))
def test_the_outcome_carries_the_scores_in_the_form_every_reader_knows(kind):
    rules, state = entered(kind)
    assert not rules.outcome(state).finished  # not until the table accepts the result
    result = rules.outcome(rules.apply(state, Done())).result
    assert result["game"] == kind.removesuffix("-score")
    scores = result["scores"]
    assert {p["name"] for p in scores["players"]} == {p["name"] for p in CONFIGS[kind]["players"]}
    assert result["winner"] == " & ".join(scores["winners"])
    assert set(scores["ranking"]) == {p["name"] for p in scores["players"]}


def test_done_waits_for_every_player():
    rules = rules_for("troyes-score")
    state = rules.apply(rules.initial(CONFIGS["troyes-score"], 0),
                        EnterPlayer(0, TroyesPlayer("A", character_points=(0,) * 4)))
    with pytest.raises(IllegalDecision) as refused:
        rules.apply(state, Done())
    assert refused.value.code == "score.missing" and refused.value.fields == {"n": 2}
    assert Done() not in rules.legal(state)


def test_players_that_cannot_be_scored_are_never_done():
    """Two players named alike cannot be scored (``score.names``): Done is not offered, and
    applying it says why."""
    rules, state = entered("troyes-score", *[TroyesPlayer("A", character_points=(0,) * 4)] * 2)
    assert Done() not in rules.legal(state)
    with pytest.raises(IllegalDecision) as refused:
        rules.apply(state, Done())
    assert refused.value.code == "score.names"


def test_the_classic_faq_tie_break_is_the_tables_stored_choice():
    """Seed 001 (classic) breaks no tie; the published FAQ's tie-break is optional, so it is a
    decision the table makes (stored, replayed), offered only in the classic edition."""
    rules, state = entered("citadels-score", PlayerCity("Mina", ("palace",)),
                           PlayerCity("Joon", ("palace",), gold=3))
    shared = rules.scores(state)
    assert shared["winners"] == ["Mina", "Joon"]
    assert UseTieBreak(True) in rules.legal(state)
    faq = rules.apply(state, UseTieBreak(True))
    assert rules.scores(faq)["winners"] == ["Joon"]  # the FAQ: then the most gold
    stored = Session("citadels-score", CONFIGS["citadels-score"], 0).with_decisions(
        [rules.encode(EnterPlayer(i, p)) for i, p in enumerate(state.players)]
        + [rules.encode(UseTieBreak(True))])
    assert stored.replay(rules) == faq
    modern = rules.initial({**CONFIGS["citadels-score"], "edition": "2016"}, 0)
    assert not any(isinstance(d, UseTieBreak) for d in rules.legal(modern))


def test_a_score_entry_stored_before_done_replays_the_same():
    """The stored form of a confirmed player is as it always was."""
    rules = rules_for("troyes-score")
    stored = {"type": "player", "index": 1,
              "player": {"name": "B", "tokens": 4, "unresolved_events": 0, "worker_vp": 2,
                         "cathedral_levels": [1], "character_points": []}}
    decision = rules.decode(stored)
    assert decision == EnterPlayer(1, TroyesPlayer("B", tokens=4, worker_vp=2,
                                                   cathedral_levels=(1,)))
    assert rules.encode(decision) == stored
