"""What the table reports at any time, whatever the phase: a player's or the neutral citizens
(``Citizens``, ``Neutral``), a correction of a purse (``Adjust``), and a look at one's own VP
where the scores are secret (``Look``). Each gives the new state and its log line, or raises
IllegalDecision; game.py hands them here.

>>> from .state import TroyesSetup, start
>>> state, said = report(start(TroyesSetup(2, ((1, 0, 0),) * 2, rules=2), 1), Adjust(1, vp=-3))
>>> state.players[0].vp, said.get("vp")
(0, -3)
"""

from __future__ import annotations

from ..errors import IllegalDecision
from ..frozen import replace
from .economy import gain_influence
from .log import Line, line
from .placement import check_most, check_placement
from .state import Adjust, Citizens, Look, Neutral, Troyes, with_player
from .tracking import citizens_of

REPORTS = (Citizens, Neutral, Adjust, Look)


def report(state: Troyes, decision) -> tuple[Troyes, Line]:
    if isinstance(decision, Adjust):
        return adjust(state, decision)
    if isinstance(decision, Look):
        return look(state, decision)
    return citizens(state, decision)


def check_seat(state: Troyes, seat) -> None:
    players = state.setup.players
    if seat not in range(1, players + 1):
        raise IllegalDecision(f"no seat {seat}: seats are 1..{players}", code="troyes.no_seat",
                              seat=seat, players=players)


def citizens(state: Troyes, decision: Citizens | Neutral) -> tuple[Troyes, Line]:
    """A player's citizens, or the neutral ones, as the table counts them (within the limits
    where the reading tracks the board)."""
    counts = (decision.town_hall, decision.bishopric, decision.palace)
    if min(counts) < 0:
        raise IllegalDecision("citizens cannot be negative", code="troyes.citizens_negative")
    if isinstance(decision, Neutral):
        new = replace(state, neutral=counts)
    else:
        check_seat(state, decision.seat)
        new = with_player(state, decision.seat, citizens=counts)
    if state.setup.reading.tracks_board:
        check_placement(state.setup.players, citizens_of(new), new.neutral_citizens)
    return new, line("citizens", getattr(decision, "seat", None), citizens=counts)


def adjust(state: Troyes, decision: Adjust) -> tuple[Troyes, Line]:
    """A correction: each number changed by what the table says, never below 0 (influence
    capped at 20; the own supply only where the reading keeps it, within 12 citizens)."""
    check_seat(state, decision.seat)
    p = state.players[decision.seat - 1]
    supply = max(0, p.supply + decision.supply)
    if decision.supply and not state.setup.reading.citizens_cost_influence:
        raise IllegalDecision("this game was started before the device kept the own supply",
                              code="troyes.supply_not_kept")
    if supply > p.supply:
        check_most(decision.seat, sum(p.citizens) + supply)
    changed = {"supply": decision.supply} if decision.supply else {}
    return (with_player(state, decision.seat, deniers=max(0, p.deniers + decision.deniers),
                        vp=max(0, p.vp + decision.vp),
                        influence=gain_influence(max(0, p.influence + decision.influence), 0),
                        supply=supply),
            line("adjust", decision.seat, deniers=decision.deniers, vp=decision.vp,
                 influence=decision.influence, **changed))


def look(state: Troyes, decision: Look) -> tuple[Troyes, Line]:
    """A look at one's own VP: only said (the log), where the scores are secret."""
    check_seat(state, decision.seat)
    if not state.setup.secret:
        raise IllegalDecision("everyone's VP are shown in this game", code="troyes.scores_shown")
    return state, line("look", decision.seat)
