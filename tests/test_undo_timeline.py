"""The timeline behind undo (companion/timeline.py, issue 19): random legal play in each game
with undos interleaved (single, several at once, and Citadels' undo that puts the looks back)
always stands exactly where a full replay of the session does; the states it keeps are immutable
values, so keeping them is safe."""

from __future__ import annotations

import dataclasses
import enum

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.citadels import calling, draft
from companion.citadels.catalogue import EDITIONS
from companion.citadels.charset import random_set
from companion.citadels.game import CitadelsRules
from companion.packed import Packed
from companion.rng import Rng
from companion.session import UNDO, Session, effective
from companion.tiletum import game as tiletum
from companion.timeline import EVERY, Timeline
from companion.troyes import game as troyes

CITADELS, TROYES, TILETUM = CitadelsRules(), troyes.TroyesRules(), tiletum.TiletumRules()
LOOK = calling.CODEC.names[calling.Look]
REPORTS = (troyes.Adjust(1, deniers=-2), troyes.Adjust(2, influence=1),
           troyes.Citizens(1, 1, 0, 0), troyes.Neutral(1, 0, 0))  # Troyes' open-ended reports


def citadels_config(data) -> dict:
    players = data.draw(st.integers(2, 8))
    edition = data.draw(st.sampled_from(EDITIONS))
    return {"edition": edition, "players": players, "crown": data.draw(st.integers(1, players)),
            "characters": list(random_set(edition, players, Rng(data.draw(st.integers(0, 99)))))}


def troyes_config(data) -> dict:
    players = data.draw(st.integers(2, 4))
    if data.draw(st.booleans()):  # rules 3: the game places the starting citizens
        return {"players": players, "citizens": [[0, 0, 0]] * players,
                "neutral": [2, 2, 2] if players == 2 else [0, 0, 0], "first": 1, "rules": 3}
    one = st.integers(0, 1)  # few citizens: every set of dice is listed
    return {"players": players, "rules": 2, "first": data.draw(st.integers(1, players)),
            "citizens": [[data.draw(one) for _ in range(3)] for _ in range(players)],
            "neutral": [data.draw(one) for _ in range(3)]}


def tiletum_config(data) -> dict:
    players = data.draw(st.integers(2, 4))
    return tiletum.config_for(players, range(1, players + 1), tiletum.DEFAULT_FESTIVALS,
                              (0, 1, 1, 2, 2, 0))


GAMES = {"citadels": (CITADELS, citadels_config), "troyes": (TROYES, troyes_config),
         "tiletum": (TILETUM, tiletum_config)}


def choose(data, rules, state, legal):
    """A legal decision; in Troyes now and then a report, in Tiletum rarely a king move (a
    game of king moves alone never ends)."""
    if rules is TROYES and data.draw(st.integers(0, 9)) == 9:
        reports = [r for r in REPORTS if rules.is_legal(state, r)]
        if reports:
            return data.draw(st.sampled_from(reports))
    if rules is TILETUM:
        moves = [d for d in legal if not isinstance(d, tiletum.King)]
        legal = moves if moves and data.draw(st.integers(0, 5)) < 5 else legal
    return data.draw(st.sampled_from(legal))


def undo_markers(data, rules, standing) -> list[dict]:
    """What an undo stores: one marker, a few at once, or (Citadels, after a calling step)
    markers for the looks since the last step and the step, then those looks again."""
    looks = 0
    while looks < len(standing) and standing[-1 - looks]["type"] == LOOK:
        looks += 1
    if rules is CITADELS and looks and looks < len(standing) \
            and standing[-1 - looks]["type"] not in (draft.PICK, draft.DISCARD):
        return [{"type": UNDO}] * (looks + 1) + [dict(d) for d in standing[-looks:]]
    return [{"type": UNDO}] * data.draw(st.integers(1, min(3, len(standing))))


def replayed(rules, session: Session, n: int):
    """The state after the first ``n`` standing decisions, by a full replay."""
    standing = effective(session.decisions)[:n]
    return dataclasses.replace(session, decisions=standing).replay(rules)


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=25, deadline=None)
@given(data=st.data(), seed=st.integers(0, 10**6),
       every=st.sampled_from((1, 2, 3, 5, EVERY)))
def test_random_play_with_undos_stands_where_a_replay_does(game, data, seed, every):
    rules, config = GAMES[game]
    session = Session(game, config(data), seed)
    timeline = Timeline(rules, session, every)
    for _ in range(data.draw(st.integers(10, 150))):
        standing = effective(session.decisions)
        if standing and data.draw(st.integers(0, 5)) == 0:
            for marker in undo_markers(data, rules, standing):
                session = session.with_decision(marker)
            old = list(timeline.standing)
            timeline = timeline.rewound(effective(session.decisions))
            assert timeline.state == session.replay(rules)
            assert timeline.standing == list(effective(session.decisions))
            assert list(old) == list(standing)  # the timeline rewound from is left as it was
            continue
        legal = rules.legal(timeline.state)
        if not legal:
            break
        decision = choose(data, rules, timeline.state, legal)
        session = session.with_decision(rules.encode(decision))
        if data.draw(st.booleans()):
            timeline.extend(session.decisions[-1], rules.apply(timeline.state, decision))
        else:
            timeline.extend(session.decisions[-1])
    assert timeline.state == session.replay(rules)
    n = data.draw(st.integers(0, len(timeline)))
    assert timeline.state_at(n) == replayed(rules, session, n)
    assert timeline.before(len(timeline) - n) == timeline.state_at(n)
    assert Timeline(rules, session, every).state == timeline.state  # a resume builds the same


@settings(max_examples=25, deadline=None)
@given(data=st.data(), seed=st.integers(0, 10**6), every=st.integers(1, 6))
def test_rewinding_to_any_other_standing_decisions_applies_only_what_differs(data, seed,
                                                                              every):
    """A rewind keeps the longest shared prefix: a branch taken anywhere in the game."""
    session = Session("tiletum", tiletum_config(data), seed)
    timeline = Timeline(TILETUM, session, every)
    for _ in range(data.draw(st.integers(0, 60))):
        legal = TILETUM.legal(timeline.state)
        if not legal:
            break
        timeline.extend(TILETUM.encode(choose(data, TILETUM, timeline.state, legal)))
    keep = data.draw(st.integers(0, len(timeline)))
    branch = Timeline(TILETUM, Session("tiletum", session.config, seed, tuple(
        timeline.standing[:keep])), every)
    for _ in range(data.draw(st.integers(0, 20))):
        legal = TILETUM.legal(branch.state)
        if not legal:
            break
        branch.extend(TILETUM.encode(choose(data, TILETUM, branch.state, legal)))
    rewound = timeline.rewound(tuple(branch.standing))
    assert rewound.state == branch.state and rewound.standing == branch.standing
    assert all(rewound.state_at(n) == branch.state_at(n) for n in range(0, len(branch), 7))


# --- the states kept are values ---------------------------------------------------------------

SCALARS = (int, float, str, bytes, type(None), frozenset, enum.Enum)


def mutable_parts(value, path: str = "state", seen: set | None = None) -> list[str]:
    """Where ``value`` holds anything that could change after it is made: a list, dict or set,
    or a dataclass that is not frozen (only frozen dataclasses, tuples, ``Packed`` sequences
    (companion/packed.py: their items are fixed when made) and scalars may be)."""
    seen = set() if seen is None else seen
    if isinstance(value, SCALARS) or id(value) in seen:
        return []
    seen.add(id(value))
    if isinstance(value, (tuple, Packed)):
        return [p for v in value for p in mutable_parts(v, f"{path}[]", seen)]
    if dataclasses.is_dataclass(value):
        own = [] if value.__dataclass_params__.frozen else [f"{path}: not frozen"]
        return own + [p for f in dataclasses.fields(value)
                      for p in mutable_parts(getattr(value, f.name), f"{path}.{f.name}", seen)]
    return [f"{path}: {type(value).__name__}"]


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=5, deadline=None)
@given(data=st.data(), seed=st.integers(0, 10**6))
def test_every_state_of_every_game_is_an_immutable_value(game, data, seed):
    rules, config = GAMES[game]
    state = rules.initial(config(data), seed)
    for _ in range(400):
        assert not mutable_parts(state)
        legal = rules.legal(state)
        if not legal:
            break
        before = dataclasses.replace(state)
        state = rules.apply(state, choose(data, rules, state, legal))
        assert before == dataclasses.replace(before)  # apply made a new state
