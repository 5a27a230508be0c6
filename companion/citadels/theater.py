"""The Theater (2016): at the end of each draft its owner may swap characters with another
player, unseen. Seed 000: "극장 주인이 교환 상대를 선택합니다. 하지만 상대의 캐릭터를 확인하지
않고 교환해야 합니다. 교환한 캐릭터 카드는 왕관 주인에게 호명되기 전까지는 공개하지 않습니다.
하지만 교환한 당사자들은 자신의 캐릭터 카드를 확인 할 수 있습니다. 2~3명 게임에는 극장 주인이
자기 캐릭터 중 1장을 골라 상대에게 주고, 상대의 캐릭터 카드 중 1장을 무작위로 뽑아
가져갑니다."

The device does not know whose city holds the Theater: the table says who swaps (``Swap``) or
that nobody does (``NoSwap``), in every round of a game set up with the Theater among the
districts. The swap is done on the round's holders before the calling; which cards moved is
known only to the two players' own views. The random draw (2-3 players) comes from the round's
own stream (companion/rng.py), among the partner's own characters: an exchange, so never the
card just given.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalDecision
from ..rng import Rng



THEATER_EDITIONS = ("2016",)  # the Theater is a district of the 2016 edition (districts.json)


def offers_theater(edition: str) -> bool:
    """Whether the edition has the Theater (the setup offers it)."""
    return edition in THEATER_EDITIONS


@dataclass(frozen=True)
class Swap:
    """The Theater's owner ``seat`` swaps with ``partner``. With 2-3 players ``give`` is the
    owner's character given (a secret of the owner's); one of the partner's is drawn."""
    seat: int
    partner: int
    give: str = ""


@dataclass(frozen=True)
class NoSwap:
    """Nobody swaps with the Theater this round (nobody has it, or its owner does not want
    to: a district's effect is optional)."""


@dataclass(frozen=True)
class TheaterView:
    """The Theater's question as ``seat`` (None: the whole table) may know it: the seat's own
    characters, for the owner's choice of the one to give with 2-3 players."""
    players: int
    seat: int | None
    own: tuple[str, ...]

    @property
    def owner_gives(self) -> bool:
        """With 2-3 players the owner chooses the character given (behind the gate)."""
        return self.players <= 3


Holders = tuple[tuple[str, int], ...]  # (character id, seat), as RoundSetup keeps them


def own(holders: Holders, seat: int) -> tuple[str, ...]:
    return tuple(c for c, s in holders if s == seat)


def options(holders: Holders, players: int) -> tuple[Swap | NoSwap, ...]:
    """Every decision the Theater allows after a draft: no swap, or any owner with any other
    player (with 2-3 players, each of the owner's characters as the one given)."""
    seats = range(1, players + 1)
    gives = (lambda seat: own(holders, seat)) if players <= 3 else (lambda seat: ("",))
    return (NoSwap(),) + tuple(Swap(seat, partner, give) for seat in seats
                               for partner in seats if partner != seat for give in gives(seat))


def swap(holders: Holders, players: int, decision: Swap | NoSwap, rng: Rng,
         checked: bool = True) -> Holders:
    """The holders after ``decision`` (refused with ``citadels.theater`` if the rules do not
    allow it; not ``checked``: one allowed before, in a stored log replayed); ``rng`` draws the
    partner's card with 2-3 players."""
    if checked and decision not in options(holders, players):
        raise IllegalDecision("that is not a swap the Theater allows",
                              code="citadels.theater", players=players)
    if isinstance(decision, NoSwap):
        return holders
    owner, partner = decision.seat, decision.partner
    if players >= 4:
        moves = {own(holders, owner)[0]: partner, own(holders, partner)[0]: owner}
    else:
        moves = {decision.give: partner, rng.choice(sorted(own(holders, partner))): owner}
    return tuple((c, moves.get(c, s)) for c, s in holders)
