"""What may be done now in a Tiletum game: ``legal`` (exactly what ``apply`` accepts, but the
open-ended reports), what taking a die turned some pips costs and gives (``take_offer``), and
the king phase as it would be scored now (``king_result``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import permutations

from .king import KingResult, Track, advance, king_phase
from .state import (BONUS_PHASES, CHOSEN, FESTIVAL, JOKER, KING, KING_ACTION, KING_STEPS,
                    MARKER_VALUES, MARKERS_PER_PLAYER, REVEAL, SAMPLE_COUNTS, START, TAKE, Begin,
                    Bonus, Decision, FestivalScore, Gold, King, PlayerState, Reveal, Take, Tiletum,
                    TurnOrder)
from .wheel import (MAX_PIP_STEPS, PIP_CHANGE_GOLD, ROUNDS, Gain, TileDie, change_pip, gain_of,
                    orientation)


@dataclass(frozen=True)
class Offer:
    """Taking a die turned some pips: the die as it would be taken, the gold the turn costs, its
    wedge's action (on the Joker wedge the player names one) and what it gives: resources, the
    action performed, its AP with the player's bonus markers (``bonus`` of them), and where the
    King action moves the taker's disc, (from, to) spaces, when the take moves it (``disc``)."""
    die: TileDie
    gold: int
    wedge: str
    gain: Gain
    bonus: int
    disc: tuple[int, int] | None = None


def take_offer(wheel: Mapping[int, str], player: PlayerState, die: TileDie, steps: int,
               joker: str = "", track: Track | None = None, seat: int = 0) -> Offer:
    """What ``player`` pays and gets for ``die`` turned ``steps`` pips on ``wheel`` (pip ->
    action this round), naming ``joker`` on the Joker wedge. Given the king ``track`` (a reading
    whose King take moves the disc), the King action moves ``seat``'s disc by its AP (seed 004,
    왕 액션: "받은 AP만큼 왕 트랙에서 자신의 디스크를 오른쪽으로 전진시킵니다")."""
    turned, gold = change_pip(die, steps)
    wedge = wheel[turned.pip]
    action = joker if wedge == JOKER and joker else wedge
    bonus = player.bonus(action)
    gain = gain_of(turned, action, bonus)
    disc = None
    if track is not None and action == KING_ACTION:
        disc = (track.space(seat), advance(track, seat, gain.ap).space(seat))
    return Offer(turned, gold, wedge, gain, bonus, disc)


def king_result(state: Tiletum) -> KingResult | None:
    """The king phase as it would be scored now (None without a followed track)."""
    if not state.setup.reading.follows_king_track:
        return None
    return king_phase(state.king.track, last_round=state.round == ROUNDS)


def legal(state: Tiletum) -> tuple[Decision, ...]:
    """Exactly the decisions ``apply`` accepts now (pip changes of up to 3 steps either way;
    bonus markers in the passes and the king phase; a take only with the gold its turning costs)
    — but for the open-ended reports: any festival count 0 or more is accepted
    (``FestivalScore``), only counts 0-5 are listed (the king-track tile: every space, -10 to
    15); any gold 0 or more may be reported (``Gold``), each seat's gold as it stands and one
    more are listed; where the reading follows the king track, any move on it of 1 space or
    more (``King``, in the passes and the king phase, for any seat), 1-6 listed, and the king
    phase's only turn order is the track's."""
    if state.phase in BONUS_PHASES:
        seats = range(1, state.setup.players + 1)
        bonuses = tuple(Bonus(seat, action, value) for seat in seats
                        if len(state.players[seat - 1].markers) < MARKERS_PER_PLAYER
                        for action in CHOSEN for value in MARKER_VALUES)
        bonuses += tuple(Gold(seat, state.players[seat - 1].gold + n)
                         for seat in seats for n in (0, 1))
        if state.setup.reading.follows_king_track:
            bonuses += tuple(King(seat, n) for seat in seats for n in KING_STEPS)
    else:
        bonuses = ()
    return tuple(_moves(state)) + bonuses


def _moves(state: Tiletum) -> list[Decision]:
    """The phase's own decisions (bonus markers aside)."""
    if state.phase == START:
        return [Begin()]
    if state.phase == REVEAL:
        return [Reveal()]
    if state.phase == KING:
        if state.setup.reading.follows_king_track:
            return [TurnOrder(king_result(state).order)]
        return [TurnOrder(o) for o in permutations(state.order)]
    if state.phase == FESTIVAL:
        seat, (low, high) = state.actor, state.festival.counts
        counts = range(low, high + 1) if high is not None else SAMPLE_COUNTS
        everyone = state.round == 1 and state.setup.reading.first_festival_for_all
        return [FestivalScore(seat, False)] * (not everyone) + [FestivalScore(seat, True, n)
                                                               for n in counts]
    if state.phase != TAKE:
        return []
    wheel, out = orientation(state.offset, state.round), []
    held = state.players[state.actor - 1].gold
    if not state.setup.reading.turning_needs_gold:  # any turn, whatever the gold held
        held = PIP_CHANGE_GOLD * MAX_PIP_STEPS
    for i, d in state.wheel:
        for steps in range(-MAX_PIP_STEPS, MAX_PIP_STEPS + 1):
            if change_pip(d, steps)[1] > held:
                continue
            if wheel[change_pip(d, steps)[0].pip] == JOKER:
                out += [Take(state.actor, i, steps, a) for a in CHOSEN]
            else:
                out.append(Take(state.actor, i, steps))
    return out
