"""A Tiletum game as the device keeps it (RULES.md §3): the bag, the dice, the wheel, the
corruption tokens, turn order and festivals, as an immutable state moved on by decisions and
replayable from a session.

Each round: the dice are drawn and rolled onto the wheel (seeded, per round) and 3 corruption
tokens drawn face down → three passes, each opened by revealing the next token ("king track:
everyone moves N left") and then one die taken per player in turn order (optional pip changes at
2 gold a step) → the king phase, after which the table enters the new turn order (king-track
order) → the festival, each player in turn order saying whether they take part and how often
they meet the criterion → the next round (the wheel turns one step), or the end after round 4.
Completed buildings' bonus AP markers can be reported during the passes and the king phase
(``Bonus``).

Where the game's reading follows the king track (readings.py), so does the device (``king.py``):
the discs start on 0, each revealed token moves them left, ``King(seat, steps)`` (entered by
the table for any seat during the passes and until the king phase is scored: the King action's
AP, or a contract's or a tile's step) moves one right — where the reading's King take moves the
disc, a die taken for the King action moves its taker's disc by its AP itself — and the king
phase is scored when the table confirms the turn order, which is then the track's
(``TurnOrder`` with any other order is refused): VP per space, the bonus tile to the leader
(4 VP in the last round), red discs back to 0.

The face-down tokens are the only secret, and no one may look at them (seed 004: "뒷면이 보이도록
1개씩 놓습니다 ... 차례대로 1개씩 공개"): every seat's ``view`` is the table's, which holds the
revealed tokens and how many are still face down, never their values.

>>> setup = TiletumSetup(players=2, order=(2, 1), festivals=DEFAULT_FESTIVALS)
>>> g = start(setup, seed=5)
>>> [starting(g, seat).gold for seat in (2, 1)]
[1, 3]
>>> g = apply(apply(g, Begin()), Reveal())
>>> g.phase, g.actor, len(g.wheel)
('take', 2, 8)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..codec import DecisionCodec
from ..errors import IllegalDecision
from ..frozen import replace
from ..rng import Seed
from ..rules import Engine, Outcome
from .king import advance, move_left
from .moves import king_result, legal, Offer, take_offer
from .readings import CURRENT, OLDEST
from .state import (BONUS_PHASES, CHOSEN, DEFAULT_FESTIVALS, FESTIVAL, JOKER, KING, KING_ACTION,
                    KING_SPACES, KING_STEPS, MARKERS_PER_PLAYER, MARKER_VALUES, OVER, PASSES,
                    REVEAL, SAMPLE_COUNTS, START, TAKE, Begin, Bonus, check_order, Decision,
                    default_festivals, Festival, festival_data, festival_tiles, FestivalScore, Gold,
                    King, KingTrack, PlayerState, prepare_round, Reveal, round_the_table, start,
                    starting, Starting, Take, Taken, Tiletum, TiletumSetup, TurnOrder,
                    with_player)
from .view import TiletumView, view
from .wheel import (ACTIONS, MAX_PIP_STEPS, PIP_CHANGE_GOLD, ROUNDS, START_GOLD, START_RESOURCES,
                    change_pip, check_corruption, check_players, corruption_tokens, Gain, gain_of,
                    orientation, round_dice, round_tokens, TileDie, wheel_offset)

__all__ = [  # what screens, tests and the command line import from here
    "ACTIONS", "BONUS_PHASES", "Begin", "Bonus", "CHOSEN", "CODEC", "DEFAULT_FESTIVALS",
    "Decision", "FESTIVAL", "Festival", "FestivalScore", "Gain", "Gold", "JOKER", "KING",
    "KING_ACTION", "KING_SPACES", "KING_STEPS", "King", "KingTrack", "MARKERS_PER_PLAYER",
    "MARKER_VALUES", "MAX_PIP_STEPS", "OVER", "Offer", "PASSES", "PIP_CHANGE_GOLD", "PlayerState",
    "REVEAL", "ROUNDS", "Reveal", "SAMPLE_COUNTS", "START", "START_GOLD", "START_RESOURCES",
    "Starting", "TAKE", "Take", "Taken", "TileDie", "Tiletum", "TiletumRules", "TiletumSetup",
    "TiletumView", "TurnOrder", "apply", "change_pip", "check_corruption", "check_order",
    "check_players", "config_for", "corruption_tokens", "default_festivals", "encode",
    "festival_data", "festival_tiles", "gain_of", "king_result", "legal", "orientation", "outcome",
    "prepare_round", "round_dice", "round_the_table", "round_tokens", "start", "starting",
    "take_offer", "view", "wheel_offset", "with_player"
]


def apply(state: Tiletum, decision: Decision) -> Tiletum:
    """The state after ``decision``; IllegalDecision if it is not allowed now."""
    if state.finished:
        raise IllegalDecision("the game is over", code="tiletum.over")
    if isinstance(decision, Bonus):
        return _bonus(state, decision)
    if isinstance(decision, Gold):
        return _gold(state, decision)
    if isinstance(decision, King):
        return _king(state, decision)
    if state.phase == START:
        if not isinstance(decision, Begin):
            raise IllegalDecision("hand out the starting gold and resources first",
                                  code="tiletum.begin_first")
        return replace(prepare_round(state), last=("begun",))
    if state.phase == REVEAL:
        if not isinstance(decision, Reveal):
            raise IllegalDecision("reveal the corruption token first",
                                  code="tiletum.reveal_first")
        token = state.tokens[state.revealed]
        if state.setup.reading.follows_king_track:
            # seed 004: "모든 플레이어는 왕 트랙에 있는 자신의 디스크를 ... 왼쪽으로"
            state = replace(state, king=replace(state.king,
                                                track=move_left(state.king.track, token)))
        return replace(state, phase=TAKE, revealed=state.revealed + 1, turn=0,
                       last=("revealed", str(token)))
    if state.phase == TAKE:
        return _take(state, decision)
    if state.phase == KING:
        if not isinstance(decision, TurnOrder):
            raise IllegalDecision("the new turn order first", code="tiletum.order_first")
        check_order(decision.order, state.setup.players)
        if state.setup.reading.follows_king_track:
            return _king_phase(state, decision)
        return replace(state, order=tuple(decision.order), phase=FESTIVAL, turn=0,
                       last=("ordered",))
    return _festival(state, decision)


def _check_actor(state: Tiletum, seat: int) -> None:
    if seat != state.actor:
        raise IllegalDecision(f"it is seat {state.actor}'s turn", code="tiletum.not_your_turn",
                              seat=state.actor)


def _take(state: Tiletum, decision) -> Tiletum:
    if not isinstance(decision, Take):
        raise IllegalDecision("take a die", code="tiletum.take_first")
    _check_actor(state, decision.seat)
    if abs(decision.steps) > MAX_PIP_STEPS:
        raise IllegalDecision(f"turn a die at most {MAX_PIP_STEPS} pips: every pip is that near "
                              "one way or the other", code="tiletum.pip_steps",
                              high=MAX_PIP_STEPS)
    track = state.king.track if state.setup.reading.king_take_moves_disc else None
    got = take_offer(orientation(state.offset, state.round), state.players[decision.seat - 1],
                     state.die(decision.die), decision.steps, decision.joker, track,
                     decision.seat)
    if got.wedge == JOKER and decision.joker not in CHOSEN:
        raise IllegalDecision("on the Joker wedge, name the action to perform",
                              code="tiletum.joker_action")
    if got.wedge != JOKER and decision.joker:
        raise IllegalDecision("only a die on the Joker wedge chooses its action",
                              code="tiletum.joker_only")
    held = state.players[decision.seat - 1].gold
    if got.gold > held and state.setup.reading.turning_needs_gold:
        # seed 004: "금화 2개를 소비하여 ... 눈금을 1만큼 더하거나 뺄 수 있습니다": paid before the
        # die is taken, so a yellow die's own gold cannot pay for its turning
        raise IllegalDecision(f"turning this die costs {got.gold} gold; seat {decision.seat} "
                              f"has {held}", code="tiletum.gold", need=got.gold, have=held)
    taken = Taken(decision.seat, state.revealed, got.die, decision.steps, got.gold, got.gain,
                  got.disc)
    if got.disc:  # the King action moves the taker's disc as part of the take (rules 5)
        state = _advance(state, decision.seat, got.gain.ap)
    earned = got.gain.amount if got.gain.resource == "gold" else 0
    state = with_player(state, decision.seat, gold=max(0, held - got.gold) + earned)
    state = replace(state, wheel=tuple((i, d) for i, d in state.wheel if i != decision.die),
                    takes=state.takes + (taken,), turn=state.turn + 1,
                    last=("took", str(decision.seat)))
    if state.turn < state.setup.players:
        return state
    if state.revealed < PASSES:
        return replace(state, phase=REVEAL, turn=0)
    return replace(state, phase=KING, turn=0)


def _check_seat(state: Tiletum, seat: int) -> None:
    """What the table reports (a bonus marker, a player's gold) is for a seat of the game."""
    if not 1 <= seat <= state.setup.players:
        raise IllegalDecision(f"seats are 1 to {state.setup.players}", code="tiletum.seat",
                              low=1, high=state.setup.players)


def _bonus(state: Tiletum, decision: Bonus) -> Tiletum:
    if state.phase not in BONUS_PHASES:
        raise IllegalDecision("buildings are completed during the passes and the king phase",
                              code="tiletum.bonus_phase")
    _check_seat(state, decision.seat)
    if decision.action not in CHOSEN:
        raise IllegalDecision("bonus markers go on Architect, Merchant, Character, Contract "
                              "or King", code="tiletum.bonus_action")
    if decision.value not in MARKER_VALUES:
        raise IllegalDecision("a bonus marker is worth 1, 2 or 3 AP", code="tiletum.bonus_value",
                              low=min(MARKER_VALUES), high=max(MARKER_VALUES))
    p = state.players[decision.seat - 1]
    if len(p.markers) >= MARKERS_PER_PLAYER:
        raise IllegalDecision(f"each player has {MARKERS_PER_PLAYER} bonus markers",
                              code="tiletum.markers_used", seat=decision.seat,
                              n=MARKERS_PER_PLAYER)
    state = with_player(state, decision.seat,
                         markers=p.markers + ((decision.action, decision.value),))
    now = state.takes[-1] if state.takes else None
    if now and now.seat == decision.seat and now.gain.action == decision.action:
        # the action being performed is strengthened at once
        now = replace(now, gain=replace(now.gain, ap=now.gain.ap + decision.value))
        if now.disc:  # the take's King action moved the disc: it goes the new AP further
            state = _advance(state, now.seat, decision.value)
            now = replace(now, disc=(now.disc[0], state.king.track.space(now.seat)))
        return replace(state, takes=state.takes[:-1] + (now,),
                       last=("bonus_now", str(decision.seat), str(decision.value)))
    return replace(state, last=("bonus", str(decision.seat)))


def _gold(state: Tiletum, decision: Gold) -> Tiletum:
    if state.phase not in BONUS_PHASES:
        raise IllegalDecision("gold is reported during the passes and the king phase",
                              code="tiletum.gold_phase")
    _check_seat(state, decision.seat)
    if isinstance(decision.gold, bool) or not isinstance(decision.gold, int) \
            or decision.gold < 0:
        raise IllegalDecision("gold is a whole number 0 or more", code="tiletum.gold_count")
    state = with_player(state, decision.seat, gold=decision.gold)
    return replace(state, last=("gold", str(decision.seat)))


def _king(state: Tiletum, decision: King) -> Tiletum:
    if not state.setup.reading.follows_king_track:
        raise IllegalDecision("this game was started before the device followed the king track",
                              code="tiletum.king_untracked")
    if state.phase not in BONUS_PHASES:
        raise IllegalDecision("the king track moves during the passes (until the king phase is "
                              "scored)", code="tiletum.king_phase")
    _check_seat(state, decision.seat)
    if isinstance(decision.steps, bool) or not isinstance(decision.steps, int) \
            or decision.steps < 1:
        raise IllegalDecision("a disc moves 1 space or more", code="tiletum.king_steps")
    return replace(_advance(state, decision.seat, decision.steps),
                   last=("king", str(decision.seat), str(decision.steps)))


def _advance(state: Tiletum, seat: int, steps: int) -> Tiletum:
    """``seat``'s disc ``steps`` spaces right on the king track (king.advance)."""
    return replace(state, king=replace(state.king,
                                       track=advance(state.king.track, seat, steps)))


def _king_phase(state: Tiletum, decision: TurnOrder) -> Tiletum:
    """A followed king track: the turn order is the track's (confirmed, not chosen); the phase
    is scored: VP per space, the bonus tile (4 VP in the last round), red discs back to 0."""
    result = king_result(state)
    if tuple(decision.order) != result.order:
        raise IllegalDecision("the turn order comes from the king track: the most advanced "
                              "first, on one space the bottom disc first",
                              code="tiletum.king_order")
    gained = dict(result.vp)
    vp = tuple(v + gained[seat] for seat, v in enumerate(state.king.vp, 1))
    king = KingTrack(result.track, vp, state.king.phases + (result,))
    return replace(state, order=result.order, phase=FESTIVAL, turn=0, king=king,
                   last=("king_scored", str(result.leader)))


def _festival(state: Tiletum, decision) -> Tiletum:
    if not isinstance(decision, FestivalScore):
        raise IllegalDecision("the festival is being scored", code="tiletum.festival_first")
    _check_actor(state, decision.seat)
    low, high = state.festival.counts
    if high is not None and not low <= decision.count <= high:
        raise IllegalDecision(f"king-track spaces are worth {low} to {high} VP",
                              code="tiletum.king_space", low=low, high=high)
    if decision.count < low:
        raise IllegalDecision("the criterion is met 0 or more times",
                              code="tiletum.festival_count")
    if not decision.eligible and state.round == 1 \
            and state.setup.reading.first_festival_for_all:
        raise IllegalDecision("everyone takes part in the first festival (a trading post of "
                              "each player stands in Tiletum)", code="tiletum.first_festival")
    points = state.festival.points(decision.eligible, decision.count)
    p = state.players[decision.seat - 1]
    state = with_player(state, decision.seat, festival_vp=p.festival_vp + (points,))
    state = replace(state, turn=state.turn + 1, last=("festival", str(decision.seat)))
    if state.turn < state.setup.players:
        return state
    if state.round == ROUNDS:
        return replace(state, phase=OVER, wheel=(), turn=0, last=("over",))
    return replace(prepare_round(replace(state, round=state.round + 1)), last=("new_round",))


def outcome(state: Tiletum) -> Outcome:
    """Over after the fourth festival; History keeps the rounds played."""
    return Outcome(state.finished, {"game": "tiletum", "rounds": state.round})


# --- sessions -----------------------------------------------------------------------------------

CODEC = DecisionCodec("Tiletum", {
    "begin": Begin, "reveal": Reveal, "take": Take, "bonus": Bonus, "gold": Gold,
    "order": TurnOrder, "festival": FestivalScore, "king": King})
encode = CODEC.encode


class TiletumRules(Engine[Tiletum, Decision, TiletumView]):
    """A Tiletum game as a session: config = players, order, festivals, corruption tokens, rules
    (the rulebook reading's number, readings.py: ``CURRENT`` for new games; a config without it
    was kept under the oldest)."""

    game_id = "tiletum"
    codec = CODEC
    open_kinds = (FestivalScore, Gold, King)
    apply = staticmethod(apply)
    apply_trusted = apply  # its checks are a few comparisons, never a legal list
    rolls_dice = True
    legal = staticmethod(legal)
    view = staticmethod(view)
    outcome = staticmethod(outcome)

    def progress(self, state: Tiletum) -> dict[str, int]:
        return {"round": state.round}

    def initial(self, config: Mapping[str, Any], seed: int | Seed) -> Tiletum:
        festivals = tuple(Festival(f["tile"], f["tile_vp"], f["board_vp"])
                          for f in config["festivals"])
        return start(TiletumSetup(config["players"], tuple(config["order"]), festivals,
                                  tuple(config["corruption"]),
                                  config.get("rules", OLDEST.number)), seed)


def config_for(players: int, order, festivals, corruption) -> dict[str, Any]:
    """A session config (JSON) for these settings."""
    return {"players": players, "order": list(order), "corruption": list(corruption),
            "rules": CURRENT.number,
            "festivals": [{"tile": f.tile, "tile_vp": f.tile_vp, "board_vp": f.board_vp}
                          for f in festivals]}
