"""The hidden character draft of one round (RULES.md §1.2), as an immutable state machine.

Seats are numbered 1..P clockwise; "left" is the next seat clockwise. ``start`` shuffles and
makes the discards (a chance step, from the session's Rng); then players take turns:
``legal(state)`` lists the decisions, ``apply(state, decision)`` returns the next state or
raises IllegalDecision (with a ``citadels.draft.*`` code). ``view(state, seat)`` holds only
what that seat may know and ``public_view(state)`` what everyone may know. ``DraftRules`` is the
draft as a session game (the contract of companion/rules.py).

>>> from companion.rng import Rng
>>> d = start(DraftSetup("2016", 4, FIRST_GAME, crown=2), Rng(1))
>>> len(d.face_up), len(d.face_down), d.turn
(2, 1, Turn(seat=2, action='pick', with_face_down=False))
>>> d = apply(d, legal(d)[0])
>>> public_view(d).turn.seat, len(view(d, 2).own), view(d, 3).own
(3, 1, ())
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..codec import DecisionCodec
from ..errors import IllegalDecision
from ..frozen import replace
from ..rng import Rng, Seed
from ..rules import Engine, Outcome
from .catalogue import FIRST_GAME, rank_of  # noqa: F401  (FIRST_GAME re-exported for callers)
from .charset import check

PICK, DISCARD = "pick", "discard"
KING_RANK = 4


@dataclass(frozen=True)
class DraftSetup:
    """What the table chose: edition, player count, the characters in play, the crown's seat."""

    edition: str
    players: int
    characters: tuple[str, ...]
    crown: int

    def __post_init__(self):
        object.__setattr__(self, "characters",
                           check(self.edition, self.players, tuple(self.characters)))
        if not 1 <= self.crown <= self.players:
            raise IllegalDecision(f"the crown must be at a seat 1..{self.players}",
                                  code="citadels.draft.crown", players=self.players)

    @property
    def seven_player_rule(self) -> bool:
        """7 players with 8 characters, or 8 with 9: the last picker also gets the face-down
        discard."""
        count = len(self.characters)
        return (self.players, count) in ((7, 8), (8, 9))

    @property
    def face_up_count(self) -> int:
        """Face-up discards: max(0, C - P - 2) with 4-8 players; none with 2-3."""
        if self.players < 4:
            return 0
        return max(0, len(self.characters) - self.players - 2)

    def seat_after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places to the left (clockwise) of ``seat``."""
        return (seat - 1 + steps) % self.players + 1


@dataclass(frozen=True)
class Turn:
    """One step of the draft: who acts, and whether they keep (pick) or throw away (discard)."""

    seat: int
    action: str
    with_face_down: bool = False  # the 7-player rule's last pick


@dataclass(frozen=True)
class Pick:
    seat: int
    character: str


@dataclass(frozen=True)
class Discard:
    seat: int
    character: str


Decision = Pick | Discard


@cache
def schedule(setup: DraftSetup) -> tuple[Turn, ...]:
    """Every turn of the draft, in order."""
    order = [setup.seat_after(setup.crown, i) for i in range(setup.players)]
    picks = [Turn(seat, PICK) for seat in order]
    if setup.players >= 4:
        if setup.seven_player_rule:
            picks[-1] = Turn(order[-1], PICK, with_face_down=True)
        return tuple(picks)
    if setup.players == 3:
        if setup.edition == "2016":  # the third player chooses a face-down discard mid-way
            return tuple(picks + [Turn(order[2], DISCARD)] + picks)
        return tuple(picks + picks)
    a, b = order
    return (Turn(a, PICK), Turn(b, PICK), Turn(b, DISCARD), Turn(a, PICK), Turn(a, DISCARD),
            Turn(b, PICK))


@dataclass(frozen=True)
class Draft:
    """The state of a draft. ``pool`` is the stack of cards being passed round."""

    setup: DraftSetup
    face_up: tuple[str, ...]
    face_down: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    pool: tuple[str, ...]
    step: int = 0

    @property
    def turns(self) -> tuple[Turn, ...]:
        return schedule(self.setup)

    @property
    def turn(self) -> Turn | None:
        """Whose turn it is, or None when the draft is over."""
        turns = self.turns
        return turns[self.step] if self.step < len(turns) else None

    @property
    def finished(self) -> bool:
        return self.turn is None

    def offered(self) -> tuple[str, ...]:
        """Exactly the cards the acting seat holds and may look at now."""
        turn = self.turn
        if turn is None:
            return ()
        if turn.with_face_down:
            return self.pool + self.face_down[:1]
        return self.pool

    def hand(self, seat: int) -> tuple[str, ...]:
        return self.hands[seat - 1]


def start(setup: DraftSetup, rng: Rng) -> Draft:
    """Shuffle the characters and make the round's discards (the order depends on the edition:
    2016 face-up first, classic face-down first). A rank-4 card is never discarded face-up:
    another card is discarded instead and the rank-4 card shuffled back into the deck."""
    deck = list(rng.shuffle(setup.characters))
    face_down: list[str] = []
    if setup.players < 4 or setup.edition == "classic":
        face_down.append(deck.pop(0))
    face_up: list[str] = []
    while len(face_up) < setup.face_up_count:
        card = deck.pop(0)
        if rank_of(setup.edition, card) == KING_RANK:
            face_up.append(deck.pop(0))  # only one rank-4 card is in play: this one is not
            deck = list(rng.shuffle(deck + [card]))
        else:
            face_up.append(card)
    if not face_down:
        face_down.append(deck.pop(0))
    return Draft(setup, tuple(face_up), tuple(face_down), ((),) * setup.players, tuple(deck))


def legal(state: Draft) -> tuple[Decision, ...]:
    """Every decision allowed now (empty when the draft is over)."""
    turn = state.turn
    if turn is None:
        return ()
    kind = Pick if turn.action == PICK else Discard
    return tuple(kind(turn.seat, card) for card in state.offered())


def apply(state: Draft, decision: Decision) -> Draft:
    """The state after ``decision``; IllegalDecision if it is not allowed now. The message
    never names a card, so logs and error screens cannot leak a hidden character."""
    turn = state.turn
    if turn is None:
        raise IllegalDecision("the draft is over", code="citadels.draft.over")
    if not isinstance(decision, (Pick, Discard)):
        raise IllegalDecision("the characters are being chosen", code="citadels.draft.drafting")
    if decision.seat != turn.seat:
        raise IllegalDecision(f"it is seat {turn.seat}'s turn, not seat {decision.seat}'s",
                              code="citadels.draft.not_your_turn", seat=turn.seat)
    if turn.action == PICK and not isinstance(decision, Pick):
        raise IllegalDecision(f"seat {turn.seat} must pick now", code="citadels.draft.must_pick",
                              seat=turn.seat)
    if turn.action == DISCARD and not isinstance(decision, Discard):
        raise IllegalDecision(f"seat {turn.seat} must discard now",
                              code="citadels.draft.must_discard", seat=turn.seat)
    offered = state.offered()
    if decision.character not in offered:
        raise IllegalDecision(f"seat {turn.seat} was not handed that character",
                              code="citadels.draft.not_offered", seat=turn.seat)
    rest = tuple(c for c in offered if c != decision.character)
    face_down = state.face_down
    hands = state.hands
    if isinstance(decision, Pick):
        hands = hands[:turn.seat - 1] + (hands[turn.seat - 1] + (decision.character,),) \
            + hands[turn.seat:]
    else:
        face_down = face_down + (decision.character,)
    if turn.with_face_down:  # the 7-player rule: the other card goes face down
        face_down = face_down[1:] + rest
        rest = ()
    new = replace(state, hands=hands, face_down=face_down, pool=rest, step=state.step + 1)
    if new.finished and new.pool:  # the card nobody took is discarded face down
        new = replace(new, face_down=new.face_down + new.pool, pool=())
    return new


# --- views: what a seat, or everyone, may know -----------------------------------------------

@dataclass(frozen=True)
class DraftView:
    """A view of the draft. ``own`` and ``offered`` are empty in the public view."""

    edition: str
    players: int
    crown: int
    characters: tuple[str, ...]  # the set in play (public: it is chosen at the table)
    face_up: tuple[str, ...]
    face_down_count: int
    hand_counts: tuple[int, ...]
    turn: Turn | None
    step: int  # turns taken so far
    seat: int | None = None
    own: tuple[str, ...] = ()
    offered: tuple[str, ...] = ()

    @property
    def finished(self) -> bool:
        return self.turn is None

    @property
    def started(self) -> bool:
        return self.step > 0


def check_seat(players: int, seat: int) -> None:
    """IllegalDecision unless ``seat`` is one of the table's seats."""
    if not 1 <= seat <= players:
        raise IllegalDecision(f"no seat {seat}", code="citadels.no_seat", seat=seat,
                              players=players)


def public_view(state: Draft) -> DraftView:
    """What everyone at the table may know."""
    setup = state.setup
    return DraftView(setup.edition, setup.players, setup.crown, setup.characters, state.face_up,
                     len(state.face_down), tuple(len(h) for h in state.hands), state.turn,
                     state.step)


def view(state: Draft, seat: int) -> DraftView:
    """What ``seat`` may know: the public view, its own characters, and the cards in its hand
    when it is its turn (under the 7-player rule that includes the face-down discard)."""
    check_seat(state.setup.players, seat)
    turn = state.turn
    offered = state.offered() if turn is not None and turn.seat == seat else ()
    return replace(public_view(state), seat=seat, own=state.hand(seat), offered=offered)


# --- sessions ----------------------------------------------------------------------------------

CODEC = DecisionCodec("citadels-draft", {PICK: Pick, DISCARD: Discard})
encode = CODEC.encode


class DraftRules(Engine[Draft, Decision, DraftView]):
    """The draft as a session game: config = setup fields; the seed shuffles. Its outcome keeps
    no hand: the characters stay secret until their round's end."""

    game_id = "citadels-draft"
    codec = CODEC
    apply = staticmethod(apply)
    legal = staticmethod(legal)

    def initial(self, config: Mapping[str, Any], seed: int | Seed) -> Draft:
        setup = DraftSetup(config["edition"], config["players"], tuple(config["characters"]),
                           config["crown"])
        return start(setup, Rng(seed).fork("draft"))

    def view(self, state: Draft, seat: int | None) -> DraftView:
        return public_view(state) if seat is None else view(state, seat)

    def outcome(self, state: Draft) -> Outcome:
        setup = state.setup
        return Outcome(state.finished, {"game": self.game_id, "edition": setup.edition,
                                        "players": setup.players})
