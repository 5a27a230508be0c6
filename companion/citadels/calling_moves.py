"""What may happen now in the calling: the decision a turn still needs (``pending``), the ranks
a target, warrants or threats may name, whom the crown may go to, and ``legal``: every decision
``calling.apply`` accepts.
"""

from __future__ import annotations

from itertools import combinations

from .calling_state import (THREATS, WARRANTS, NO_RANK, Bribe, Calling, CompleteCity, Decision,
                            EndTurn, GiveCrown, Look, RevealThreat, RevealWarrant, Target, Threats,
                            Warrants)
from .catalogue import rank_of


def _ranks_other_than(state: Calling, *excluded: int) -> list[int]:
    return [r for r in state.setup.ranks if r not in excluded and r != NO_RANK]


def pending(state: Calling) -> str | None:
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
    if ability == "emperor" and not state.crown_given and crown_options(state, state.actor):
        return "give_crown"  # (with 2 players there may be nobody to give it to)
    return None


def _target_options(state: Calling) -> list[int]:
    cid = state.character
    if cid == "thief":
        return _ranks_other_than(state, 1, 2, state.killed, state.bewitched)
    return _ranks_other_than(state, 1)


def warrant_options(state: Calling) -> list[int]:
    return _ranks_other_than(state, 1)


def threat_options(state: Calling) -> list[int]:
    return _ranks_other_than(state, 1, 2, state.killed, state.bewitched)


def signed_revealed(state: Calling) -> bool:
    """The signed warrant was turned over this round: the other warrants are known unsigned,
    with nothing left to reveal (seed 000, 치안판사)."""
    return any(e.kind == "warrant_revealed" and e.value for e in state.events)


def crown_options(state: Calling, giver: int | None) -> list[int]:
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
    return steps(state) + looks(state)


def looks(state: Calling) -> tuple[Look, ...]:
    """A look for every seat, while a turn is played."""
    if state.phase != "turn":
        return ()
    return tuple(Look(s) for s in range(1, state.setup.players + 1))


def steps(state: Calling) -> tuple[Decision, ...]:
    """The decisions that move the calling on."""
    actor = state.actor
    needed = pending(state)
    out: list[Decision] = []
    if needed == "give_crown":
        return tuple(GiveCrown(actor, to) for to in crown_options(state, actor))
    if needed == "bribe":
        return (Bribe(state.holder, True), Bribe(state.holder, False))
    if needed == "target":
        return tuple(Target(actor, r) for r in _target_options(state))
    if needed == "warrants":
        return _token_sets(actor, Warrants, warrant_options(state), WARRANTS)
    if needed == "threats":
        return _token_sets(actor, Threats, threat_options(state), THREATS)
    blackmailer = placed_by(state, "blackmailer")
    if state.bribe is False and not state.threat_revealed and blackmailer is not None:
        out.append(RevealThreat(blackmailer))
    magistrate = placed_by(state, "magistrate")
    if state.rank in state.warrants and not state.warrant_revealed \
            and not signed_revealed(state) and magistrate is not None:
        out.append(RevealWarrant(magistrate))
    done = set(state.completion_order())
    out += [CompleteCity(s) for s in range(1, state.setup.players + 1) if s not in done]
    out.append(EndTurn(actor))
    return tuple(out)


def placed_by(state: Calling, cid: str) -> int | None:
    """Who placed the warrants or threats: the character's holder, or the Witch if she
    bewitched that character (she then plays it)."""
    if cid not in state.setup.characters:
        return None
    if state.bewitched and state.bewitched == rank_of(state.setup.edition, cid):
        return state.setup.seat_of_rank(1)
    return state.setup.holder(cid)
