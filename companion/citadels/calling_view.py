"""What a seat, or the whole table, may know of the calling: ``CallingView``, with
``public_view`` (the announcements, the tokens where they lie, the crown, the cities) and
``view`` (plus a seat's own characters and its own real warrant or threat).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .calling_moves import pending, placed_by, real_threat_revealed, signed_revealed, \
    warrant_to_turn
from .calling_state import NO_RANK, Calling, Event

# Announcements that belong to the turn after them: a rank called with nobody or a silent
# holder, the Witch's naming, the Theater's swap (before the first call).
JUST_BEFORE_TURN = ("nobody", "silent", "bewitch_named", "theater_swap")


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
    # the Magistrate's seat, offered to see behind the gate whether this turn's warrant is the
    # signed one and to turn it over (a reading that ``only_signed_warrant_turned``)
    warrant_gate: int | None
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
                       _may_look(state), _warrant_gate(state))


def _warrant_gate(state: Calling) -> int | None:
    if not state.setup.reading.only_signed_warrant_turned or pending(state) is not None:
        return None
    return warrant_to_turn(state)


def _may_look(state: Calling) -> tuple[int, ...]:
    """Who may look at their own hidden cards now: only while it can matter (the seat still
    has a character not yet revealed, or a real warrant or threat not yet turned over) and
    never during another player's private turn (placing warrants or threats). Worked out from
    public facts only: every seat holds as many characters, and reveals are announced."""
    if state.phase != "turn":
        return ()
    private = pending(state) in ("warrants", "threats")
    held = len(state.setup.holders) // state.setup.players
    revealed = [e.seat for e in state.events if e.kind == "reveal"]
    turned = {"warrants": signed_revealed(state), "threats": real_threat_revealed(state)}
    secret = {e.seat for e in state.events if e.kind in turned and not turned[e.kind]}
    return tuple(s for s in range(1, state.setup.players + 1)
                 if (not private or s == state.actor)
                 and (revealed.count(s) < held or s in secret))


def view(state: Calling, seat: int) -> CallingView:
    """The public view plus this seat's own characters and its own secrets."""
    own = tuple(c for c, s in state.setup.holders if s == seat)
    signed = state.signed if placed_by(state, "magistrate") == seat else NO_RANK
    real = state.real_threat if placed_by(state, "blackmailer") == seat else NO_RANK
    return replace(public_view(state), seat=seat, own=own, signed=signed, real_threat=real)
