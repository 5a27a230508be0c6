"""Troyes keeps the engine contract (companion/rules.py, issue 14): random legal games of 2, 3
and 4 players, every state checked by tests/rules_contract.py against near misses of every
shape (wrong seats and phases, each die for each action, wrong colours, divisors 0 to 7, dice
bought beyond the purse, flips of 0 to 4 dice, defences with too few dice or too many black
dice, citizens below 0, seats off the table); the actions listed with the board's divisors are
exactly those accepted; what the view says of the selected dice is what ``apply`` does."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

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


# --- rules 3 (issue 17): the placement, the limits, the cathedral and the event cards ----------

CARDS = (g.RevealEvent("red", 2, 3, 4, 2), g.RevealEvent("white", 3, 2, 3, 1),
         g.RevealEvent("yellow", 2, 4, 5, 2, plunder=True))
SEEN: list = []  # the state the last candidates were made for (``choose_tracked`` reads it)


def tracked_candidates(state) -> list:
    """As ``candidates``, with the decisions of rules 3 and their near misses."""
    SEEN[:] = [state]
    out = candidates(state)
    n, actor = state.setup.players, state.actor or 1
    out += [g.Place(seat, b) for seat in (actor, actor % n + 1) for b in (-1, 0, 1, 2, 3)]
    out += [*CARDS, g.RevealEvent("green", 2, 3, 4, 2), g.RevealEvent("red", 0, 3, 4, 2),
            *(g.RevealEvent("red", 2, 3, 4, 2, deck=deck) for deck in ("red", "white", "pink")),
            g.RevealEvent("red", 2, 3, 4, 2, black=-1)]
    for card in state.events:
        out += [g.Cubes(card.id, owner, k) for owner in (0, 1, n + 1) for k in (0, 1, card.free,
                                                                                card.free + 1)]
    citizens = tuple(p.citizens for p in state.players)
    out += [g.Placement(citizens, state.neutral_citizens),
            g.Placement(citizens, (6, 6, 6)), g.Placement(citizens[:1], (0, 0, 0))]
    for i, d in state.dice[:6]:
        out += [g.Act(actor, (i,), g.CITIZEN, bumped=b, origin=o) for b in (-1, 0, 1, n + 1)
                for o in (-1, 0, 1, 2, 3)]
        out += [g.Act(actor, (i,), g.EVENT, dv, event=c.id) for c in state.events
                for dv in (0, c.divisor, c.divisor + 1)]
    return out


def choose_tracked(data, legal):
    """Mostly a legal decision; now and then an event card entered, or neutral cubes."""
    state = SEEN[0]
    return pick(data, legal, [d for d in (*CARDS, *(g.Cubes(c.id, 0, 1) for c in state.events))
                              if RULES.is_legal(state, d)])


def secret_candidates(state) -> list:
    """As ``tracked_candidates``, with looks of every seat and corrections of the own supply
    (rules 5; near misses in rules 3)."""
    n = state.setup.players
    return tracked_candidates(state) + [g.Look(seat) for seat in range(0, n + 2)] + [
        g.Adjust(seat, supply=k) for seat in (1, n) for k in (-1, 1, 12)]


def choose_secret(data, legal):
    """As ``choose_tracked``; a look only now and then (they change nothing but the log)."""
    steps = [d for d in legal if not isinstance(d, g.Look)]
    if steps and data.draw(st.integers(0, 9)) < 9:
        return choose_tracked(data, steps)
    return data.draw(st.sampled_from(legal))


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=3, deadline=None)
@given(data=st.data(), seed=SEEDS)
def test_random_tracked_games_keep_the_contract_and_the_limits(players, data, seed):
    """Rules 3, 5 and 6 from the starting placement (the game places every citizen, then neutral
    ones fill the spaces left) to the end; the limits hold at every step. Rules 5 (issue 36,
    items 8 and 10): the own supply and bought citizens within the limits, looks, and at every
    step a table's view that tells nothing of anyone's VP (``check_view``). Rules 6 (issue 37,
    item 7): the event cards asked before the black dice, any other card refused then."""
    config = {"players": players, "citizens": [[0, 0, 0]] * players,
              "neutral": [2, 2, 2] if players == 2 else [0, 0, 0],
              "first": data.draw(st.integers(1, players)),
              "rules": data.draw(st.sampled_from((3, 5, 6)))}
    state = play(data, RULES, config, seed, range(1, players + 1), secret_candidates,
                 choose=choose_secret)
    assert RULES.outcome(state).finished
    assert all(sum(p.citizens) + p.supply <= 12 for p in state.players)
    assert all(len(space) <= 3 for space in state.cathedral)
    assert all(len(card.cubes) < card.flags for card in state.events)
    assert [p.vp for p in RULES.view(state, None).players] == [p.vp for p in state.players]


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
    """Every seat sees the public view (and, where the scores are secret, its own VP: the
    table's view has none until the end, whatever they are); what it says of a defence and of
    an action's dice is what ``apply`` then does."""
    view = RULES.view(state, None)
    hidden = state.setup.secret and not state.finished
    assert [p.vp for p in view.players] == [None if hidden else p.vp for p in state.players]
    for seat in range(1, state.setup.players + 1):
        own = RULES.view(state, seat)
        assert own.players[seat - 1].vp == state.players[seat - 1].vp
        assert replace(own, players=view.players) == view
    other = replace(state, players=tuple(replace(p, vp=p.vp + k + 1)
                                         for k, p in enumerate(state.players)))
    assert (RULES.view(other, None) == view) == hidden  # other VP: the same table's view
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
        if act.kind == g.EVENT and state.setup.reading.tracks_board:  # its card: divisor, flags
            card = next(c for c in state.events if c.id == act.event)
            cubes = min(dict(preview.divided).get(card.divisor, 0), card.free)
            if card.divisor in dict(preview.divided):
                assert after.last[3] == str(cubes)
        elif act.kind in g.DIVIDED:
            assert after.last[3] == str(dict(preview.divided)[act.divisor])


def pick(data, legal, reports):
    """Mostly a legal decision; now and then one of ``reports`` (drawn on a 9, so that
    shrinking leads away from it)."""
    if data.draw(st.integers(0, 9)) == 9 and reports:
        return data.draw(st.sampled_from(reports))
    return data.draw(st.sampled_from(legal))


def choose(data, legal):
    """A report the table may make at any time, now and then."""
    return pick(data, legal, OPEN)


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=8, deadline=None)
@given(data=st.data(), seed=SEEDS)
def test_random_games_keep_the_contract(players, data, seed):
    state = play(data, RULES, config(data, players), seed, range(1, players + 1), candidates,
                 choose=choose)
    assert RULES.outcome(state).finished
    assert RULES.outcome(state).result == {"game": "troyes",
                                           "rounds": {2: 4, 3: 5, 4: 6}[players]}
