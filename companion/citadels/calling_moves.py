"""What may happen now in the calling: the decision a turn still needs (``pending``), the ranks
a target, warrants or threats may name, whom the crown may go to, and ``legal``: every decision
``calling.apply`` accepts.
"""

from __future__ import annotations

from itertools import combinations

from .calling_state import (THREATS, WARRANTS, NO_RANK, Bribe, Calling, CompleteCity, Decision,
                            Decline, EndTurn, GiveCrown, KeepThreat, Look, RevealThreat,
                            RevealWarrant, Target, Threats, Warrants)
from .catalogue import rank_of


def _ranks_other_than(state: Calling, *excluded: int) -> list[int]:
    return [r for r in state.setup.ranks if r not in excluded and r != NO_RANK]


# the abilities the device records, by the decision they need before the turn may end
NEEDS = {"assassin": "target", "witch": "target", "thief": "target", "magistrate": "warrants",
         "blackmailer": "threats"}
# those a player may leave unused (seed 000: optional unless "반드시" or "절대로"); the Witch's
# naming is "반드시"
OPTIONAL = frozenset(NEEDS) - {"witch"}


def real_threat_revealed(state: Calling) -> bool:
    return any(e.kind == "threat_revealed" and e.value for e in state.events)


def threat_empty(state: Calling) -> bool:
    """The real threat was turned over on another rank, so this turn's is known empty (a
    reading that ``empty_threat_known``: no bribe is asked for it)."""
    return state.setup.reading.empty_threat_known and state.rank in state.threats \
        and state.rank != state.real_threat and real_threat_revealed(state)


def threatened(state: Calling) -> bool:
    """This turn's character lies under a threat its holder must answer."""
    return state.rank in state.threats and state.holder is not None and not threat_empty(state)


def threat_answered(state: Calling) -> bool:
    """The threat on this turn's character, if any, is answered: the bribe paid, or refused
    and (a reading that ``threat_answered_first``) the token turned over or left face down."""
    if not threatened(state):
        return True
    if state.bribe is None:
        return False
    return state.bribe or not state.setup.reading.threat_answered_first \
        or state.threat_revealed or state.threat_kept


def pending(state: Calling) -> str | None:
    """The decision this turn still needs before it may end, if any."""
    if state.phase == "round_end":
        return "give_crown"
    cid = state.character
    if threatened(state) and state.bribe is None:
        return "bribe"
    if not threat_answered(state):
        return "turn_threat"
    used = {"assassin": state.killed, "witch": state.bewitched, "thief": state.robbed,
            "magistrate": state.warrants, "blackmailer": state.threats}
    if cid in NEEDS and not used[cid] and not (cid in OPTIONAL and state.declined):
        return NEEDS[cid]
    if cid == "emperor" and not state.crown_given and crown_options(state, state.actor):
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


def warrant_to_turn(state: Calling) -> int | None:
    """The Magistrate's seat while this turn's character lies under a warrant still face down
    and the signed one was not turned over (public facts only: whether this warrant is the
    signed one the Magistrate sees behind the gate, a reading that
    ``only_signed_warrant_turned``)."""
    if state.phase != "turn" or state.rank not in state.warrants or state.warrant_revealed \
            or signed_revealed(state):
        return None
    return placed_by(state, "magistrate")


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
    return tuple(Look(s) for s in range(1, state.setup.players + 1) if may_look(state, s))


def may_look(state: Calling, seat: object) -> bool:
    """Whether ``Look(seat)`` is among ``looks(state)``, without making them (an undo puts
    many looks back, each checked)."""
    return state.phase == "turn" and seat in range(1, state.setup.players + 1)


def steps(state: Calling) -> tuple[Decision, ...]:
    """The decisions that move the calling on."""
    actor = state.actor
    needed = pending(state)
    out: list[Decision] = []
    if needed == "give_crown":
        return tuple(GiveCrown(actor, to) for to in crown_options(state, actor))
    if needed == "bribe":
        return (Bribe(state.holder, True), Bribe(state.holder, False))
    blackmailer = placed_by(state, "blackmailer")
    if needed == "turn_threat":
        return (RevealThreat(blackmailer), KeepThreat(blackmailer))
    decline = (Decline(actor),) if state.character in OPTIONAL else ()
    if needed == "target":
        return tuple(Target(actor, r) for r in _target_options(state)) + decline
    if needed == "warrants":
        return _token_sets(actor, Warrants, warrant_options(state), WARRANTS) + decline
    if needed == "threats":
        return _token_sets(actor, Threats, threat_options(state), THREATS) + decline
    if state.bribe is False and not (state.threat_revealed or state.threat_kept) \
            and threatened(state):
        out.append(RevealThreat(blackmailer))
    if warrant_to_turn(state) is not None and (
            not state.setup.reading.only_signed_warrant_turned or state.rank == state.signed):
        out.append(RevealWarrant(placed_by(state, "magistrate")))
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
