"""The engine contract (companion/rules.py) checked by random play, for any game.

A game's test gives its rules, a config, and ``candidates(state)``: decisions of every shape the
game has, legal or not (near misses: the wrong seat, the wrong phase, out-of-range numbers). Then
``play(...)`` walks a random legal game with hypothesis and, at every state, checks:

- every decision in ``legal`` is accepted by ``apply``, is ``is_legal``, and survives
  ``encode``/``decode``; ``legal`` lists each once;
- every candidate: ``apply`` accepts it exactly when ``is_legal`` says so, and otherwise raises
  ``IllegalDecision`` with a code (nothing else); outside the open-ended kinds, ``is_legal`` ⇔ in
  ``legal``;
- ``offered`` is exactly the set of the kinds in ``legal`` (found without the list or not);
- ``view(state, None)`` and ``view(state, seat)`` for every seat answer;
- ``outcome(state).finished`` exactly when nothing is legal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from hypothesis import strategies as st

from companion.errors import IllegalDecision
from companion.rules import Rules


def check_state(rules: Rules, state: Any, seats: Iterable[int],
                candidates: Iterable[Any]) -> tuple[Any, ...]:
    """Check one state against the contract; returns its legal decisions."""
    legal = tuple(rules.legal(state))
    assert len(set(legal)) == len(legal), "legal lists a decision twice"
    for decision in legal:
        rules.apply(state, decision)  # must not raise
        assert rules.is_legal(state, decision)
        assert rules.decode(rules.encode(decision)) == decision
    for decision in candidates:
        try:
            rules.apply(state, decision)
            accepted = True
        except IllegalDecision as exc:
            assert exc.code, f"{decision!r} refused without a code"
            accepted = False
        assert rules.is_legal(state, decision) == accepted, decision
        if not isinstance(decision, rules.open_kinds):
            assert (decision in legal) == accepted, decision
    assert rules.offered(state) == frozenset(type(d) for d in legal), "offered is not legal's"
    rules.view(state, None)
    for seat in seats:
        rules.view(state, seat)
    assert rules.outcome(state).finished == (not legal)
    return legal


def play(data, rules: Rules, config: dict, seed: int, seats: Iterable[int],
         candidates: Callable[[Any], Iterable[Any]], max_steps: int = 2000,
         choose: Callable[[Any, tuple], Any] | None = None) -> Any:
    """A random legal game (hypothesis ``data`` picks each decision), every state checked.
    ``choose(data, legal)`` may steer the pick (e.g. to reach the end sooner). Returns the last
    state."""
    seats = tuple(seats)
    state = rules.initial(config, seed)
    for _ in range(max_steps):
        legal = check_state(rules, state, seats, candidates(state))
        if not legal:
            break
        decision = choose(data, legal) if choose else data.draw(st.sampled_from(legal))
        state = rules.apply(state, decision)
    return state
