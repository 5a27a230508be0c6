"""The calling's state and decisions (RULES.md §1.3): a round after its draft (``RoundSetup``),
what the table decides during the calling, the announcements (``Event``) and the immutable
state (``Calling``) that ``calling.apply`` moves on.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .catalogue import character
from .quick import QUICK_CITY, quick_game
from .readings import CURRENT, Reading

KING_RANK = 4
NO_RANK = 0
WARRANTS, THREATS = 3, 2  # tokens the Magistrate and the Blackmailer place


@dataclass(frozen=True)
class RoundSetup:
    """A round after its draft: who holds which character, and who holds the crown."""

    edition: str
    players: int
    characters: tuple[str, ...]  # every character in the game (one per rank)
    holders: tuple[tuple[str, int], ...]  # (character id, seat) for each drafted character
    crown: int
    completed: tuple[int, ...] = ()  # seats that completed their city in earlier rounds
    reading: Reading = CURRENT  # the rulebook reading the game is played by
    theater: tuple[int, int] | None = None  # (owner, partner) if they swapped after the draft
    quick: bool = False  # the classic quick game (quick.py)

    def holder(self, character_id: str) -> int | None:
        return self._seats.get(character_id)

    def at_rank(self, rank: int) -> str:
        """The character of ``rank`` in the game (KeyError if the game has none)."""
        return self._by_rank[rank]

    @cached_property
    def ranks(self) -> tuple[int, ...]:
        return tuple(sorted(self._by_rank))

    @cached_property
    def _by_rank(self) -> dict[int, str]:
        return {character(self.edition, c).rank: c for c in self.characters}

    @cached_property
    def _seats(self) -> dict[str, int]:
        return dict(self.holders)

    def seat_of_rank(self, rank: int) -> int | None:
        return self.holder(self.at_rank(rank)) if rank in self.ranks else None

    @property
    def city_size(self) -> int:
        return city_size(self.edition, self.players, self.quick)


def city_size(edition: str, players: int, quick: bool = False) -> int:
    """Districts that complete a city: 7 (2016, 4-8 players; the classic quick game) or 8
    (RULES.md §1.3); ``quick`` refused for 2016 (quick.py).

    >>> city_size("2016", 4), city_size("2016", 3), city_size("classic", 6)
    (7, 8, 8)
    >>> city_size("classic", 6, quick=True)
    7
    """
    if quick_game(edition, quick):
        return QUICK_CITY
    return 7 if edition == "2016" and players >= 4 else 8


# --- decisions ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    """Assassin, Witch or Thief names a rank."""
    seat: int
    rank: int


def _in_order(decision) -> None:
    """Tokens lie on a set of ranks: kept in rank order, so the order they were tapped in
    does not make another decision."""
    object.__setattr__(decision, "ranks", tuple(sorted(decision.ranks)))


@dataclass(frozen=True)
class Warrants:
    """Magistrate: three ranks get a warrant; ``signed`` is the real one (private)."""
    seat: int
    ranks: tuple[int, int, int]
    signed: int

    __post_init__ = _in_order


@dataclass(frozen=True)
class Threats:
    """Blackmailer: two ranks get a threat; ``real`` is the real one (private)."""
    seat: int
    ranks: tuple[int, int]
    real: int

    __post_init__ = _in_order


@dataclass(frozen=True)
class Decline:
    """The Assassin, the Thief, the Magistrate or the Blackmailer (or the Witch playing one)
    does not use the ability this turn: seed 000, "캐릭터 능력을 사용하는 것은 ("반드시"나
    "절대로"라는 표현이 없으면) 선택 사항임을 명심하세요". The Witch's naming is not optional."""
    seat: int


@dataclass(frozen=True)
class GiveCrown:
    """Emperor (or the Witch for a bewitched Emperor) gives the crown."""
    seat: int
    to: int


@dataclass(frozen=True)
class Bribe:
    """A threatened character's holder says whether they paid the bribe."""
    seat: int
    paid: bool


@dataclass(frozen=True)
class RevealThreat:
    """The Blackmailer turns over the threat on an unbribed character."""
    seat: int


@dataclass(frozen=True)
class KeepThreat:
    """The Blackmailer leaves the threat on an unbribed character face down (turning it over
    is "선택사항입니다"); asked before that character's ability, which comes after the threat."""
    seat: int


@dataclass(frozen=True)
class RevealWarrant:
    """The Magistrate turns over the warrant on the character now building."""
    seat: int


@dataclass(frozen=True)
class CompleteCity:
    """A player's city reached the size that ends the game after this round."""
    seat: int


@dataclass(frozen=True)
class EndTurn:
    seat: int


@dataclass(frozen=True)
class Look:
    """A player looked at their own hidden cards (characters, a real warrant or threat) outside
    their own turn, identified only by holding their name on a touch-only table. Recorded and
    announced, so that a peek at someone else's cards is as visible as reaching for them.
    Allowed for any seat while a turn is being played; who is *offered* a look is
    ``CallingView.may_look``."""
    seat: int


Decision = Target | Decline | Warrants | Threats | GiveCrown | Bribe | RevealThreat | KeepThreat \
    | RevealWarrant | CompleteCity | EndTurn | Look


# --- events: what the table is told -----------------------------------------------------------

@dataclass(frozen=True)
class Event:
    """One public announcement. ``kind`` names it; the other fields depend on the kind."""

    kind: str
    rank: int = NO_RANK
    seat: int | None = None
    other: int | None = None
    value: Any = None


# --- state -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Calling:
    setup: RoundSetup
    crown: int
    rank: int = NO_RANK  # the rank whose turn it is (NO_RANK before the first call)
    phase: str = "turn"  # "turn", "round_end" (a killed Emperor's crown to give), "over"
    killed: int = NO_RANK
    bewitched: int = NO_RANK
    robbed: int = NO_RANK
    robber: int | None = None  # who gets the robbed gold: the Thief, or a Witch playing him
    warrants: tuple[int, ...] = ()
    signed: int = NO_RANK
    threats: tuple[int, ...] = ()
    real_threat: int = NO_RANK
    bribe: bool | None = None  # this turn: paid, refused, or not asked yet
    threat_revealed: bool = False
    threat_kept: bool = False  # this turn: the Blackmailer left the threat face down
    declined: bool = False  # this turn: the optional ability was not used
    warrant_revealed: bool = False
    crown_given: bool = False
    completed: tuple[int, ...] = ()  # this round, in order
    events: tuple[Event, ...] = ()

    # --- who acts ------------------------------------------------------------------------
    @property
    def character(self) -> str | None:
        """The character whose turn it is."""
        return self.setup.at_rank(self.rank) if self.rank in self.setup.ranks else None

    @property
    def holder(self) -> int | None:
        return self.setup.seat_of_rank(self.rank)

    @property
    def actor(self) -> int | None:
        """Who uses the ability this turn: the holder, or the Witch for a bewitched rank."""
        if self.phase == "round_end":
            return self.setup.seat_of_rank(KING_RANK)
        if self.rank == self.bewitched and self.rank != NO_RANK:
            return self.setup.seat_of_rank(1)
        return self.holder

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    @property
    def game_over(self) -> bool:
        """True once the round in which a city was completed is over."""
        return self.finished and bool(self.completed)

    def completion_order(self) -> tuple[int, ...]:
        return self.setup.completed + self.completed
