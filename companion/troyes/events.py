"""Event cards (seed 002, "3. 사건을 막아냅니다"): what the table enters when a card is revealed
(the dice colour that fights it, the divisor, its flags, the first and second score), the cubes
on it (players' and neutral, in the order placed) and how a full card is awarded.

Cubes go on free flags only ("깃발 수보다 많은 큐브를 카드에 놓는 것은 불가능합니다"); a full card
is awarded: the most cubes take the first score (tied: first + second shared, rounded down, and
no one else scores), the second most the second score (tied: shared, rounded down), a sole
contributor both; neutral cubes count and take their share from the players. The most cubes
take the card (tied: who placed first; neutral: discarded). The Plunder ("약탈") never leaves:
it scores, its cubes are removed and it takes cubes again.

>>> card = EventCard(1, "red", divisor=2, flags=4, first=5, second=2)
>>> card, placed = place(card, 1, 3)
>>> card, more = place(card, 2, 7)
>>> placed, more, card.full
(3, 1, True)
>>> award(card)
Award(points=((1, 5), (2, 2)), taker=1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..errors import IllegalDecision
from ..frozen import replace
from .dice import COLOURS

NEUTRAL = 0  # the owner of neutral cubes


@dataclass(frozen=True)
class EventCard:
    id: int  # 1, 2, ... in the order the cards were entered
    colour: str  # the dice that fight it
    divisor: int
    flags: int
    first: int
    second: int
    plunder: bool = False
    cubes: tuple[int, ...] = ()  # owners (a seat, or NEUTRAL) in the order placed
    deck: str = ""  # the pile it came from (red, white, yellow), where the table said
    black: int = 0  # the black dice it shows (a military event), where the table said

    @property
    def free(self) -> int:
        return self.flags - len(self.cubes)

    @property
    def full(self) -> bool:
        return self.free <= 0

    def holds(self, seat: int) -> bool:
        return seat in self.cubes


def check_card(card) -> None:
    """What a card (a ``RevealEvent``) may say: a dice colour, a divisor and flags of 1 or more,
    scores and black dice 0 or more, and the deck it came from, if said."""
    if card.colour not in COLOURS:
        raise IllegalDecision("an event is fought with yellow, white or red dice",
                              code="troyes.event_colour_name")
    if card.deck not in ("", *COLOURS):
        raise IllegalDecision("an event card comes from the red, white or yellow deck",
                              code="troyes.event_deck")
    if min(card.divisor, card.flags) < 1 or min(card.first, card.second, card.black) < 0:
        raise IllegalDecision("an event card: divisor and flags 1 or more, scores and black "
                              "dice 0 or more", code="troyes.event_card")


def place(card: EventCard, owner: int, cubes: int) -> tuple[EventCard, int]:
    """The card after ``owner`` placed up to ``cubes`` cubes on its free flags, and how many
    were placed (never more than the flags left)."""
    placed = max(0, min(cubes, card.free))
    return replace(card, cubes=card.cubes + (owner,) * placed), placed


@dataclass(frozen=True)
class Award:
    points: tuple[tuple[int, int], ...]  # (seat, VP) for each player who scores, seat order
    taker: int | None  # who takes the card (None: discarded, or the Plunder stays)


def award(card: EventCard) -> Award:
    """What a full card gives (see the module's rules); neutral shares go to no one."""
    counts = Counter(card.cubes)
    if not counts:
        return Award((), None)
    ranks = sorted(set(counts.values()), reverse=True)
    top = [o for o in counts if counts[o] == ranks[0]]
    points: dict[int, int] = {}
    if len(counts) == 1:
        points[top[0]] = card.first + card.second
    elif len(top) > 1:
        points.update((o, (card.first + card.second) // len(top)) for o in top)
    else:
        points[top[0]] = card.first
        second = [o for o in counts if counts[o] == ranks[1]]
        points.update((o, card.second // len(second)) for o in second)
    taker = min(top, key=card.cubes.index)
    return Award(tuple(sorted((o, v) for o, v in points.items() if o != NEUTRAL)),
                 None if card.plunder or taker == NEUTRAL else taker)
