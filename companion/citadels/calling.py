"""The calling phase of one Citadels round (RULES.md §1.3), as an immutable state machine.

The crown holder calls ranks 1, 2, ... in order. A rank nobody holds is announced as
"nobody"; an assassinated rank is announced as silent (held or not: at the table nobody answers
either way) and its holder, or that nobody held it, is told at the round's end; otherwise the
holder is revealed and takes a turn. The device records only what it must remember or what
people could forget or cheat on: targets, warrants, threats, the crown, the Queen's gold,
completed cities. ``start`` and ``apply`` are here; the state and decisions in
``calling_state.py``, ``legal`` in ``calling_moves.py``, ``view``/``public_view`` in
``calling_view.py`` (their names are importable from here, ``__all__``). Refusals carry a
``citadels.calling.*`` code and name no hidden fact.
"""

from __future__ import annotations

from ..codec import DecisionCodec
from ..errors import IllegalDecision
from ..frozen import replace
from .calling_moves import (crown_options, legal, may_look, pending, steps, threat_answered,
                            threat_empty, threat_options, warrant_options)
from .calling_state import (KING_RANK, NO_RANK, THREATS, WARRANTS, Bribe, Calling, CompleteCity,
                            Decision, Decline, EndTurn, Event, GiveCrown, KeepThreat, Look,
                            RevealThreat, RevealWarrant, RoundSetup, Target, Threats, Warrants,
                            city_size)
from .calling_view import JUST_BEFORE_TURN, CallingView, public_view, view
from .catalogue import rank_of

__all__ = [  # what the game, screens and tests import from here
    "Bribe", "CODEC", "Calling", "CallingView", "CompleteCity", "Decision", "Decline", "EndTurn",
    "Event", "GiveCrown", "JUST_BEFORE_TURN", "KING_RANK", "KeepThreat", "Look", "NO_RANK",
    "RevealThreat",
    "RevealWarrant", "RoundSetup", "THREATS", "Target", "Threats", "WARRANTS", "Warrants",
    "apply", "check", "city_size", "decode", "encode", "legal", "public_view", "start", "steps",
    "view"]


# what a turn starts with: nothing of the last one's threat, warrant, crown or declining
NEW_TURN = dict(bribe=None, threat_revealed=False, threat_kept=False, warrant_revealed=False,
                crown_given=False, declined=False)


def start(setup: RoundSetup) -> Calling:
    """The calling phase before rank 1 is called (the Theater's swap, if any, said first); it
    advances to the first turn at once."""
    state = Calling(setup=setup, crown=setup.crown)
    if setup.theater is not None:
        owner, partner = setup.theater
        state = _say(state, "theater_swap", seat=owner, other=partner)
    return _advance(state)


def _say(state: Calling, kind: str, **fields) -> Calling:
    return replace(state, events=state.events + (Event(kind, **fields),))


def _advance(state: Calling) -> Calling:
    """Call the next ranks until one has a turn to play, or end the round."""
    later = [r for r in state.setup.ranks if r > state.rank]
    for rank in later:
        state = replace(state, rank=rank, **NEW_TURN)
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
    if threat_empty(state):
        state = _say(state, "threat_empty", rank=rank, seat=seat)
    waits = state.setup.reading.threat_answered_first and not threat_answered(state)
    return state if waits else _ability(state)


def _ability(state: Calling) -> Calling:
    """What the device says of the ability of the character being played, once its threat (if
    any) is answered: seed 000, "협박당한 플레이어는 (자기 캐릭터 능력이나 건물 효과를 사용하기
    전에) 반드시 자기가 받은 협박 토큰에 대응해야 합니다" (the Queen's 3 gold)."""
    return _queen(state, at_round_end=False) if state.character == "queen" else state


def _answered(before: Calling, after: Calling) -> Calling:
    """``after`` a bribe or the threat's token: the ability, if that answered the threat (a
    reading that ``threat_answered_first``; before it, the ability came with the reveal)."""
    if after.setup.reading.threat_answered_first and not threat_answered(before) \
            and threat_answered(after):
        return _ability(after)
    return after


def _queen(state: Calling, at_round_end: bool) -> Calling:
    """The Queen gets 3 gold if seated next to the rank-4 holder (at round end if rank 4 was
    assassinated). A bewitched Queen gets nothing: the Witch copies the ability, so she takes
    the 3 gold if she herself sits next to the rank-4 holder (``queen_gold_witch``). (Witch and
    Assassin are both rank 1, so a bewitched Queen never waits for a silent rank 4.)"""
    queen = state.setup.holder("queen")
    if queen is None:
        return state
    if state.killed == KING_RANK and not at_round_end:  # said whether or not rank 4 is held
        return _say(state, "queen_waits", rank=9, seat=queen)
    king = state.setup.seat_of_rank(KING_RANK)
    if king is None:
        return state
    bewitched = state.bewitched == rank_of(state.setup.edition, "queen")
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
        if cid == "emperor" and crown_options(state, giver=seat):
            return replace(state, phase="round_end")
    return _say(replace(state, phase="over"), "round_over", seat=state.crown)


def check(state: Calling, decision: Decision) -> None:
    """IllegalDecision unless ``apply`` accepts ``decision`` now. Messages name no hidden
    fact."""
    if state.finished:
        raise IllegalDecision("the round is over", code="citadels.calling.over")
    if isinstance(decision, Warrants):
        _check_private(state, "warrants", decision, decision.signed, warrant_options(state),
                       WARRANTS)
    elif isinstance(decision, Threats):
        _check_private(state, "threats", decision, decision.real, threat_options(state),
                       THREATS)
    elif isinstance(decision, Look):
        if not may_look(state, decision.seat):
            raise _not_now(decision)
    elif decision not in legal(state):
        raise _not_now(decision)


def apply(state: Calling, decision: Decision, checked: bool = True) -> Calling:
    """The state after ``decision``, or IllegalDecision (``check``). Not ``checked``: a
    decision accepted before in this state (a stored log replayed), not checked again."""
    if checked:
        check(state, decision)
    if isinstance(decision, Warrants):
        state = replace(state, warrants=decision.ranks, signed=decision.signed)
        return _say(state, "warrants", seat=decision.seat, value=state.warrants)
    if isinstance(decision, Threats):
        state = replace(state, threats=decision.ranks, real_threat=decision.real)
        return _say(state, "threats", seat=decision.seat, value=state.threats)
    if isinstance(decision, Look):
        return _say(state, "look", seat=decision.seat)
    if isinstance(decision, Target):
        return _target(state, decision)
    if isinstance(decision, GiveCrown):
        state = _say(replace(state, crown=decision.to, crown_given=True), "crown_given",
                     rank=KING_RANK, seat=decision.to, other=decision.seat)
        if state.phase == "round_end":
            return _say(replace(state, phase="over"), "round_over", seat=state.crown)
        return state
    if isinstance(decision, Bribe):
        return _answered(state, _say(replace(state, bribe=decision.paid),
                                     "bribe_paid" if decision.paid else "bribe_refused",
                                     rank=state.rank, seat=decision.seat))
    if isinstance(decision, RevealThreat):
        real = state.rank == state.real_threat
        return _answered(state, _say(replace(state, threat_revealed=True), "threat_revealed",
                                     rank=state.rank, seat=state.holder, other=decision.seat,
                                     value=real))
    if isinstance(decision, KeepThreat):
        return _answered(state, _say(replace(state, threat_kept=True), "threat_kept",
                                     rank=state.rank, seat=state.holder, other=decision.seat))
    if isinstance(decision, Decline):
        return _say(replace(state, declined=True), "declined", rank=state.rank,
                    seat=decision.seat)
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


def _check_private(state: Calling, needed: str, decision, real, options, count) -> None:
    """Tokens are placed by the actor whose turn needs them: ``count`` different ranks the
    rules allow, the real one among them."""
    if pending(state) != needed or decision.seat != state.actor:
        raise _not_now(decision)
    ranks = decision.ranks
    if len(ranks) != count or len(set(ranks)) != count or not set(ranks) <= set(options) \
            or real not in ranks:
        raise IllegalDecision(f"choose {count} different ranks the rules allow, the real one "
                              "among them", code="citadels.calling.token_ranks", count=count)


# --- sessions -----------------------------------------------------------------------------------

CODEC = DecisionCodec("citadels", {
    "target": Target, "warrants": Warrants, "threats": Threats, "give_crown": GiveCrown,
    "bribe": Bribe, "reveal_threat": RevealThreat, "keep_threat": KeepThreat,
    "decline": Decline, "reveal_warrant": RevealWarrant,
    "complete_city": CompleteCity, "end_turn": EndTurn, "look": Look})
encode, decode = CODEC.encode, CODEC.decode
