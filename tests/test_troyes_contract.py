"""Troyes keeps the engine contract (companion/rules.py, issue 14): random legal games of 2, 3
and 4 players, every state checked by tests/rules_contract.py against near misses of every
shape (wrong seats and phases, each die for each action, wrong colours, divisors 0 to 7, dice
bought beyond the purse, flips of 0 to 4 dice, defences with too few dice or too many black
dice, citizens below 0, seats off the table); the actions listed with the board's divisors are
exactly those accepted; what the view says of the selected dice is what ``apply`` does."""

from __future__ import annotations

from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.troyes import game as g
from rules_contract import play

RULES = g.TroyesRules()
SEEDS = st.integers(0, 10**6)
OPEN = (g.Adjust(1, deniers=-9), g.Adjust(1, influence=3), g.Citizens(1, 0, 0, 1),
        g.Neutral(1, 0, 0))  # reports the table may make at any time


def config(data, players: int) -> dict:
    """Few citizens (every set of dice is listed and checked at each state); the rulebook's
    reading (rules 2) or a game kept before it (rules 1)."""
    building = st.integers(0, 1)
    counts = st.tuples(building, building, building)
    return {"players": players, "citizens": [list(data.draw(counts)) for _ in range(players)],
            "neutral": list(data.draw(counts)), "first": data.draw(st.integers(1, players)),
            "rules": data.draw(st.sampled_from((1, 2)))}


def groups(state) -> list[tuple[int, ...]]:
    """Dice ids to act with: 2 to 4 of one colour, 2 of any colours, one die twice."""
    ids = [i for i, _ in state.dice]
    by_colour = defaultdict(list)
    for i, d in state.dice:
        by_colour[d.colour].append(i)
    out = [tuple(same[:n]) for same in by_colour.values() for n in (2, 3, 4) if len(same) >= n]
    return out + ([tuple(ids[:2]), (ids[0], ids[0])] if len(ids) >= 2 else [])


def defences(state, seat: int) -> list:
    own = [i for i, _ in state.district(seat)]
    left = len(state.defence.black) if state.defence else 1
    sets = [(), *((i,) for i in own), tuple(own), tuple(own[:2])]
    other = [i for i, d in state.dice if d.owner not in (seat,)][:1]
    sets.append(tuple(own[:1] + other))
    places = [k for k in range(0, left + 2)] + [(1,), (0, 0), (0, left - 1), (0, left)]
    if left > 2:
        places.append((0, 2))  # the highest and one further down, skipping one
    return [g.Defend(seat, ids, k) for ids in sets for k in places]


def candidates(state) -> list:
    """Decisions of every kind, the legal ones and their near misses."""
    check_listed_actions(state)
    check_view(state)
    n = state.setup.players
    actor = state.actor or 1
    ids = [i for i, _ in state.dice]
    out: list = [g.CollectIncome(), g.Neutral(0, 1, 0), g.Neutral(0, -1, 0),
                 *(g.BlackDice(k) for k in (-1, 0, 1, g.MAX_BLACK, g.MAX_BLACK + 1))]
    for seat in range(0, n + 2):
        out += [g.Pass(seat), g.Fail(seat), g.Adjust(seat, deniers=-3, influence=2),
                g.Citizens(seat, 1, 0, 2), g.Citizens(seat, 0, -1, 0),
                g.Reroll(seat, ids[0] if ids else 0), g.Flip(seat, tuple(ids[:1]))]
    for i in ids + [max(ids, default=0) + 1]:
        out += [g.Reroll(actor, i), g.Flip(actor, (i,))]
        out += [g.Act(actor, (i,), kind) for kind in g.KINDS + ("dance",)]
        out += [g.Act(actor, (i,), kind, d) for kind in (g.EVENT, g.CARD, g.FARMING)
                for d in (-1, 1, 3, 7)]
    for dice in groups(state):
        out += [g.Act(actor, dice, kind, 3 if kind in g.DIVIDED else 0) for kind in g.KINDS]
        out.append(g.Act(actor % n + 1, dice, g.EVENT, 2))
    own = [i for i, _ in state.district(actor)]
    out += [g.Flip(actor, tuple(own[:k])) for k in range(0, 5)]
    out += defences(state, actor) + defences(state, actor % n + 1)[:3]
    return out


def listable(decision) -> bool:
    """An action whose divisor is one ``legal`` lists (none, or one the board offers)."""
    if decision.kind in g.DIVIDED:
        return decision.divisor in g.DIVISORS
    return decision.divisor == 0


def check_listed_actions(state) -> None:
    """Of the actions with a divisor the board offers, ``legal`` lists exactly those accepted
    (the contract leaves open kinds to ``is_legal``; this holds the rest of ``Act`` to it)."""
    legal = set(RULES.legal(state))
    actor = state.actor or 1
    ids = [i for i, _ in state.dice]
    tries = [g.Act(actor, (i,), kind, d) for i in ids for kind in g.KINDS for d in (0, 2, 6)]
    tries += [g.Act(actor, dice, kind, 4 if kind in g.DIVIDED else 0) for dice in groups(state)
              for kind in g.KINDS]
    for decision in filter(listable, tries):
        assert (decision in legal) == RULES.is_legal(state, decision), decision


def check_view(state) -> None:
    """Every seat sees the public view; what it says of a defence and of an action's dice is
    what ``apply`` then does."""
    view = RULES.view(state, None)
    assert all(RULES.view(state, seat) == view for seat in range(1, state.setup.players + 1))
    assert (view.round, view.phase, view.actor, view.dice) == (
        state.round, state.phase, state.actor, state.dice)
    if view.suggestion:
        assert RULES.is_legal(state, g.Defend(view.actor, view.suggestion, 1))
        assert view.defence_sum(view.suggestion, 1).enough
    acts = [d for d in RULES.legal(state) if isinstance(d, g.Act)][:8]
    for act in acts:
        preview, after = view.preview(act.dice), RULES.apply(state, act)
        spent = sum(n for _, n in preview.payments)
        assert after.last[-1] == str(spent)
        if act.kind == g.FARMING:
            assert after.last[3] == str(preview.farming)
        if act.kind in g.DIVIDED:
            assert after.last[3] == str(dict(preview.divided)[act.divisor])


def choose(data, legal):
    """Mostly a legal decision; now and then a report the table may make at any time (drawn
    on a 9, so that shrinking leads away from it)."""
    if data.draw(st.integers(0, 9)) == 9:
        return data.draw(st.sampled_from(OPEN))
    return data.draw(st.sampled_from(legal))


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=8, deadline=None)
@given(data=st.data(), seed=SEEDS)
def test_random_games_keep_the_contract(players, data, seed):
    state = play(data, RULES, config(data, players), seed, range(1, players + 1), candidates,
                 choose=choose)
    assert RULES.outcome(state).finished
    assert RULES.outcome(state).result == {"game": "troyes",
                                           "rounds": {2: 4, 3: 5, 4: 6}[players]}
