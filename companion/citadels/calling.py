"""The calling phase of one Citadels round (RULES.md §1.3), as an immutable state machine.

The crown holder calls ranks 1, 2, ... in order. A rank nobody holds is announced as
"nobody"; an assassinated rank is announced as silent (held or not: at the table nobody answers
either way) and its holder, or that nobody held it, is told at the round's end; otherwise the
holder is revealed and takes a turn. The device records only what it must remember or what
people could forget or cheat on: targets, warrants, threats, the crown, the Queen's gold,
completed cities. ``legal``/``apply``/``view``/``public_view`` as in the draft; refusals carry
a ``citadels.calling.*`` code and name no hidden fact.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from ..codec import DecisionCodec
from ..errors import IllegalDecision
from .catalogue import character

KING_RANK = 4
# Announcements that belong to the turn after them: a rank called with nobody or a silent
# holder, the Witch's naming.
JUST_BEFORE_TURN = ("nobody", "silent", "bewitch_named")
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

    def holder(self, character_id: str) -> int | None:
        return dict(self.holders).get(character_id)

    def at_rank(self, rank: int) -> str:
        return next(c for c in self.characters if character(self.edition, c).rank == rank)

    @property
    def ranks(self) -> tuple[int, ...]:
        return tuple(sorted(character(self.edition, c).rank for c in self.characters))

    def seat_of_rank(self, rank: int) -> int | None:
        return self.holder(self.at_rank(rank)) if rank in self.ranks else None

    @property
    def city_size(self) -> int:
        return city_size(self.edition, self.players)


def city_size(edition: str, players: int) -> int:
    """Districts that complete a city: 7 (2016, 4-8 players) or 8 (RULES.md §1.3).

    >>> city_size("2016", 4), city_size("2016", 3), city_size("classic", 6)
    (7, 8, 8)
    """
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


Decision = Target | Warrants | Threats | GiveCrown | Bribe | RevealThreat | RevealWarrant \
    | CompleteCity | EndTurn | Look


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


def _rank(state: Calling, character_id: str) -> int:
    return character(state.setup.edition, character_id).rank


def start(setup: RoundSetup) -> Calling:
    """The calling phase before rank 1 is called; it advances to the first turn at once."""
    return _advance(Calling(setup=setup, crown=setup.crown))


def _say(state: Calling, kind: str, **fields) -> Calling:
    return replace(state, events=state.events + (Event(kind, **fields),))


def _advance(state: Calling) -> Calling:
    """Call the next ranks until one has a turn to play, or end the round."""
    later = [r for r in state.setup.ranks if r > state.rank]
    for rank in later:
        state = replace(state, rank=rank, bribe=None, threat_revealed=False,
                        warrant_revealed=False, crown_given=False)
        seat = state.setup.seat_of_rank(rank)
        if rank == state.killed:  # silent whether held or not: neither is told before the end
            state = _say(state, "silent", rank=rank)
            continue
        if seat is None:
            state = _say(state, "nobody", rank=rank)
            continue
        state = _say(state, "reveal", rank=rank, seat=seat)
        return _on_reveal(state)
    return _end_round(replace(state, rank=NO_RANK))


def _on_reveal(state: Calling) -> Calling:
    """What happens as a character is revealed, before its holder plays."""
    rank, seat, cid = state.rank, state.holder, state.character
    if rank == state.bewitched:
        state = _say(state, "bewitched", rank=rank, seat=seat, other=state.setup.seat_of_rank(1))
    if rank == state.robbed:
        state = _say(state, "robbed", rank=rank, seat=seat, other=state.robber)
    if cid in ("king", "patrician"):
        state = _say(replace(state, crown=seat), "crown", rank=rank, seat=seat)
    if cid == "queen":
        state = _queen(state, at_round_end=False)
    return state


def _queen(state: Calling, at_round_end: bool) -> Calling:
    """The Queen gets 3 gold if seated next to the rank-4 holder (at round end if rank 4 was
    assassinated). A bewitched Queen gets nothing: the Witch copies the ability, so she takes
    the 3 gold if she herself sits next to the rank-4 holder (``queen_gold_witch``). (Witch and
    Assassin are both rank 1, so a bewitched Queen never waits for a silent rank 4.)"""
    queen = state.setup.holder("queen")
    king = state.setup.seat_of_rank(KING_RANK)
    if queen is None or king is None:
        return state
    if state.killed == KING_RANK and not at_round_end:
        return _say(state, "queen_waits", rank=9, seat=queen)
    bewitched = state.bewitched == _rank(state, "queen")
    taker = state.setup.seat_of_rank(1) if bewitched else queen
    players = state.setup.players
    if taker is not None and (king - taker) % players in (1, players - 1):
        state = _say(state, "queen_gold_witch" if bewitched else "queen_gold", rank=9,
                     seat=taker, other=king, value=3)
    return state


def _end_round(state: Calling) -> Calling:
    """Reveal the assassinated character, settle the crown, pay a waiting Queen."""
    seat = state.setup.seat_of_rank(state.killed) if state.killed else None
    if state.killed and seat is None:  # the Assassin named a rank nobody held: now it is told
        state = _say(state, "killed_nobody", rank=state.killed)
    if seat is not None:
        state = _say(state, "killed_revealed", rank=state.killed, seat=seat)
        cid = state.setup.at_rank(state.killed)
        if cid in ("king", "patrician"):
            state = _say(replace(state, crown=seat), "crown", rank=state.killed, seat=seat)
        if state.killed == KING_RANK and state.setup.holder("queen") is not None \
                and state.setup.holder("queen") != seat:
            state = _queen(state, at_round_end=True)
        if cid == "emperor" and _crown_options(state, giver=seat):
            return replace(state, phase="round_end")
    return _say(replace(state, phase="over"), "round_over", seat=state.crown)


# --- what may happen now -----------------------------------------------------------------------

def _ranks_other_than(state: Calling, *excluded: int) -> list[int]:
    return [r for r in state.setup.ranks if r not in excluded and r != NO_RANK]


def _pending(state: Calling) -> str | None:
    """The decision this turn still needs before it may end, if any."""
    if state.phase == "round_end":
        return "give_crown"
    cid = state.character
    if state.rank in state.threats and state.bribe is None and state.holder is not None:
        return "bribe"
    ability = cid
    if ability == "assassin" and not state.killed:
        return "target"
    if ability == "witch" and not state.bewitched:
        return "target"
    if ability == "thief" and not state.robbed:
        return "target"
    if ability == "magistrate" and not state.warrants:
        return "warrants"
    if ability == "blackmailer" and not state.threats:
        return "threats"
    if ability == "emperor" and not state.crown_given and _crown_options(state, state.actor):
        return "give_crown"  # (with 2 players there may be nobody to give it to)
    return None


def _target_options(state: Calling) -> list[int]:
    cid = state.character
    if cid == "thief":
        return _ranks_other_than(state, 1, 2, state.killed, state.bewitched)
    return _ranks_other_than(state, 1)


def _warrant_options(state: Calling) -> list[int]:
    return _ranks_other_than(state, 1)


def _threat_options(state: Calling) -> list[int]:
    return _ranks_other_than(state, 1, 2, state.killed, state.bewitched)


def _signed_revealed(state: Calling) -> bool:
    """The signed warrant was turned over this round: the other warrants are known unsigned,
    with nothing left to reveal (seed 000, 치안판사)."""
    return any(e.kind == "warrant_revealed" and e.value for e in state.events)


def _crown_options(state: Calling, giver: int | None) -> list[int]:
    """Whom the crown may be given to: anyone but its holder and the giver (the Emperor's
    holder; the Witch for a bewitched Emperor, who may give it to the Emperor's holder)."""
    return [s for s in range(1, state.setup.players + 1) if s not in (state.crown, giver)]


def _token_sets(actor: int, kind: type, options: list[int], count: int) -> tuple[Decision, ...]:
    """Every set of ``count`` ranks among ``options``, with each of them as the real one."""
    return tuple(kind(actor, ranks, real) for ranks in combinations(options, count)
                 for real in ranks)


def legal(state: Calling) -> tuple[Decision, ...]:
    """Every decision allowed now (warrants and threats: every set of ranks, with each rank of
    the set as the real one), and a look for every seat while a turn is played."""
    if state.finished:
        return ()
    return steps(state) + _looks(state)


def _looks(state: Calling) -> tuple[Look, ...]:
    if state.phase != "turn":
        return ()
    return tuple(Look(s) for s in range(1, state.setup.players + 1))


def steps(state: Calling) -> tuple[Decision, ...]:
    """The decisions that move the calling on."""
    actor = state.actor
    pending = _pending(state)
    out: list[Decision] = []
    if pending == "give_crown":
        return tuple(GiveCrown(actor, to) for to in _crown_options(state, actor))
    if pending == "bribe":
        return (Bribe(state.holder, True), Bribe(state.holder, False))
    if pending == "target":
        return tuple(Target(actor, r) for r in _target_options(state))
    if pending == "warrants":
        return _token_sets(actor, Warrants, _warrant_options(state), WARRANTS)
    if pending == "threats":
        return _token_sets(actor, Threats, _threat_options(state), THREATS)
    blackmailer = _placed_by(state, "blackmailer")
    if state.bribe is False and not state.threat_revealed and blackmailer is not None:
        out.append(RevealThreat(blackmailer))
    magistrate = _placed_by(state, "magistrate")
    if state.rank in state.warrants and not state.warrant_revealed \
            and not _signed_revealed(state) and magistrate is not None:
        out.append(RevealWarrant(magistrate))
    done = set(state.completion_order())
    out += [CompleteCity(s) for s in range(1, state.setup.players + 1) if s not in done]
    out.append(EndTurn(actor))
    return tuple(out)


def apply(state: Calling, decision: Decision) -> Calling:
    """The state after ``decision``, or IllegalDecision. Messages name no hidden fact."""
    if state.finished:
        raise IllegalDecision("the round is over", code="citadels.calling.over")
    if isinstance(decision, Warrants):
        return _warrants(state, decision)
    if isinstance(decision, Threats):
        return _threats(state, decision)
    if isinstance(decision, Look):
        if decision not in _looks(state):
            raise _not_now(decision)
        return _say(state, "look", seat=decision.seat)
    if decision not in legal(state):
        raise _not_now(decision)
    if isinstance(decision, Target):
        return _target(state, decision)
    if isinstance(decision, GiveCrown):
        state = _say(replace(state, crown=decision.to, crown_given=True), "crown_given",
                     rank=KING_RANK, seat=decision.to, other=decision.seat)
        if state.phase == "round_end":
            return _say(replace(state, phase="over"), "round_over", seat=state.crown)
        return state
    if isinstance(decision, Bribe):
        return _say(replace(state, bribe=decision.paid), "bribe_paid" if decision.paid
                    else "bribe_refused", rank=state.rank, seat=decision.seat)
    if isinstance(decision, RevealThreat):
        real = state.rank == state.real_threat
        return _say(replace(state, threat_revealed=True), "threat_revealed", rank=state.rank,
                    seat=state.holder, other=decision.seat, value=real)
    if isinstance(decision, RevealWarrant):
        signed = state.rank == state.signed
        return _say(replace(state, warrant_revealed=True), "warrant_revealed", rank=state.rank,
                    seat=state.holder, other=decision.seat, value=signed)
    if isinstance(decision, CompleteCity):
        return _say(replace(state, completed=state.completed + (decision.seat,)), "completed",
                    seat=decision.seat, value=len(state.completion_order()) + 1)
    return _advance(state)  # EndTurn


def _target(state: Calling, decision: Target) -> Calling:
    cid = state.character
    field_name, announcement = {"assassin": ("killed", "kill_named"),
                                "witch": ("bewitched", "bewitch_named"),
                                "thief": ("robbed", "rob_named")}[cid]
    state = replace(state, **{field_name: decision.rank})
    if cid == "thief":
        state = replace(state, robber=decision.seat)
    state = _say(state, announcement, rank=decision.rank, seat=decision.seat)
    if cid == "witch":  # the Witch's turn ends as soon as she names her target
        return _advance(state)
    return state


def _not_now(decision) -> IllegalDecision:
    seat = getattr(decision, "seat", None)
    return IllegalDecision(f"seat {seat} may not do that now", code="citadels.calling.not_now",
                           seat=seat)


def _check_private(state: Calling, pending: str, decision, real, options, count) -> None:
    """Tokens are placed by the actor whose turn needs them: ``count`` different ranks the
    rules allow, the real one among them."""
    if _pending(state) != pending or decision.seat != state.actor:
        raise _not_now(decision)
    ranks = decision.ranks
    if len(ranks) != count or len(set(ranks)) != count or not set(ranks) <= set(options) \
            or real not in ranks:
        raise IllegalDecision(f"choose {count} different ranks the rules allow, the real one "
                              "among them", code="citadels.calling.token_ranks", count=count)


def _warrants(state: Calling, decision: Warrants) -> Calling:
    _check_private(state, "warrants", decision, decision.signed, _warrant_options(state),
                   WARRANTS)
    state = replace(state, warrants=decision.ranks, signed=decision.signed)
    return _say(state, "warrants", seat=decision.seat, value=state.warrants)


def _threats(state: Calling, decision: Threats) -> Calling:
    _check_private(state, "threats", decision, decision.real, _threat_options(state), THREATS)
    state = replace(state, threats=decision.ranks, real_threat=decision.real)
    return _say(state, "threats", seat=decision.seat, value=state.threats)


# --- views -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CallingView:
    """What a seat (or everyone) may know about the calling."""

    rank: int
    phase: str
    crown: int
    actor: int | None
    events: tuple[Event, ...]
    killed: int
    bewitched: int
    robbed: int
    warrants: tuple[int, ...]
    threats: tuple[int, ...]
    completed: tuple[int, ...]
    tax_collector: bool  # 2016: every build pays 1 gold to the Tax Collector's token
    may_look: tuple[int, ...]  # the seats offered a look at their own hidden cards now
    seat: int | None = None
    own: tuple[str, ...] = ()
    signed: int = NO_RANK  # only in the Magistrate's view
    real_threat: int = NO_RANK  # only in the Blackmailer's view

    def current_turn(self) -> tuple[tuple[Event, ...], tuple[Event, ...]]:
        """The events of the turn being played (from its reveal on; at a round's end, from the
        assassinated character's reveal on), and the announcements made just before it (ranks
        called with nobody or a silent holder, the Witch's naming)."""
        events = self.events
        opening = "reveal" if self.phase == "turn" else "killed_revealed"
        start = max((i for i, e in enumerate(events) if e.kind == opening), default=len(events))
        before = start
        while before > 0 and events[before - 1].kind in JUST_BEFORE_TURN:
            before -= 1
        return events[start:], events[before:start]


def public_view(state: Calling) -> CallingView:
    """What everyone may know: the announcements so far (a silent rank's holder is not named
    until the round ends), targets named aloud, where the tokens lie, the crown, cities."""
    return CallingView(state.rank, state.phase, state.crown, state.actor, state.events,
                       state.killed, state.bewitched, state.robbed, state.warrants,
                       state.threats, state.completion_order(),
                       state.setup.edition == "2016" and "tax_collector" in state.setup.characters,
                       _may_look(state))


def _may_look(state: Calling) -> tuple[int, ...]:
    """Who may look at their own hidden cards now: only while it can matter (the seat still
    has a character not yet revealed, or a real warrant or threat not yet turned over) and
    never during another player's private turn (placing warrants or threats). Worked out from
    public facts only: every seat holds as many characters, and reveals are announced."""
    if state.phase != "turn":
        return ()
    private = _pending(state) in ("warrants", "threats")
    held = len(state.setup.holders) // state.setup.players
    revealed = [e.seat for e in state.events if e.kind == "reveal"]
    turned = {"warrants": _signed_revealed(state),
              "threats": any(e.kind == "threat_revealed" and e.value for e in state.events)}
    secret = {e.seat for e in state.events if e.kind in turned and not turned[e.kind]}
    return tuple(s for s in range(1, state.setup.players + 1)
                 if (not private or s == state.actor)
                 and (revealed.count(s) < held or s in secret))


def _placed_by(state: Calling, cid: str) -> int | None:
    """Who placed the warrants or threats: the character's holder, or the Witch if she
    bewitched that character (she then plays it)."""
    if cid not in state.setup.characters:
        return None
    if state.bewitched and state.bewitched == _rank(state, cid):
        return state.setup.seat_of_rank(1)
    return state.setup.holder(cid)


def view(state: Calling, seat: int) -> CallingView:
    """The public view plus this seat's own characters and its own secrets."""
    own = tuple(c for c, s in state.setup.holders if s == seat)
    signed = state.signed if _placed_by(state, "magistrate") == seat else NO_RANK
    real = state.real_threat if _placed_by(state, "blackmailer") == seat else NO_RANK
    return replace(public_view(state), seat=seat, own=own, signed=signed, real_threat=real)


# --- sessions -----------------------------------------------------------------------------------

CODEC = DecisionCodec("citadels", {
    "target": Target, "warrants": Warrants, "threats": Threats, "give_crown": GiveCrown,
    "bribe": Bribe, "reveal_threat": RevealThreat, "reveal_warrant": RevealWarrant,
    "complete_city": CompleteCity, "end_turn": EndTurn, "look": Look})
encode, decode = CODEC.encode, CODEC.decode
