"""Event cards asked as they are revealed, where the reading asks them (rules 6). Seed 002,
3단계: "빨간색 사건 카드 더미 맨 위에서 카드를 1장 공개 ... 공개된 빨간색 카드에는 흰색 또는 노란색
사건 카드가 표시되어 있습니다. 표시된 색깔의 카드 더미 맨 위에서 카드를 1장 공개"; and "약탈 사건은
항상 놓여있습니다": the Plunder lies on the table from the start. So in the events phase, before
the black dice, the table enters the Plunder (until it is on the table), then the red card, then
the white or yellow one the red card names. Each is offered prefilled (events.json: the card's
own numbers are not in the seed), ``prefill``.

>>> prefill(RED).colour, prefill(PLUNDER).plunder, prefill(WHITE).deck
('red', True, 'white')
"""

from __future__ import annotations

from functools import cache

from ..data import package_json
from ..errors import IllegalDecision
from ..frozen import replace
from .dice import RED, WHITE, YELLOW
from .state import EVENTS, RevealEvent, Troyes

PLUNDER = "plunder"
NAMED = (WHITE, YELLOW)  # the decks a red card may name


@cache
def data() -> dict:
    """What the entry starts from and offers (events.json, flagged ``in_seeds: false``)."""
    return package_json(__package__, "events.json")


def prefill(kind: str) -> RevealEvent:
    """The card the entry starts from: the Plunder, a card of a deck (``RED``...), or ``""``
    for a card entered outside the events phase."""
    printed = data()["prefill"][kind]
    if kind == PLUNDER:
        return RevealEvent(**printed, plunder=True)
    return RevealEvent(**printed, deck=kind)


def offered() -> dict[str, tuple[int, int]]:
    """The lowest and highest number the entry offers for each printed number."""
    return {name: (low, high) for name, (low, high) in data()["offered"].items()}


def asked(state: Troyes) -> tuple[str, ...]:
    """The cards one of which the table enters now (none: nothing is asked)."""
    if not state.setup.reading.asks_events or state.phase != EVENTS:
        return ()
    if not any(card.plunder for card in state.events):
        return (PLUNDER,)
    return ((RED,), NAMED, ())[min(state.reveals, 2)]


def refuse(wanted: tuple[str, ...]) -> None:
    """Say which card comes first."""
    if wanted == (PLUNDER,):
        raise IllegalDecision("the Plunder lies on the table from the start: enter it first",
                              code="troyes.plunder_first")
    if wanted == (RED,):
        raise IllegalDecision("reveal the red event card and enter it first",
                              code="troyes.red_first")
    raise IllegalDecision("enter the white or yellow card the red one names first",
                          code="troyes.named_first")


def count(state: Troyes, decision: RevealEvent) -> Troyes:
    """``state`` with the card counted when it is one asked; refused when another one is asked
    (a card entered when none is asked is the table's own correction)."""
    wanted = asked(state)
    if not wanted:
        return state
    if (PLUNDER if decision.plunder else decision.deck) not in wanted:
        refuse(wanted)
    return state if decision.plunder else replace(state, reveals=state.reveals + 1)


def samples(state: Troyes) -> list[RevealEvent]:
    """The cards ``legal`` lists while one is asked: each asked kind as prefilled (any printed
    numbers are accepted too: an open kind)."""
    return [prefill(kind) for kind in asked(state)]
