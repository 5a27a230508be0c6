"""Defending the city against the black dice (RULES.md §2, step 3), as an immutable state.

The start player faces the highest black die, then the player to the left the highest one
left, and so on round the table until none is left. A defender uses own dice whose sum (red
counting double) reaches the black pips, and may take several black dice at once (the highest
among them, any others as the defender likes): +1 influence per black die defeated, the dice used
are discarded. A defender whose own dice cannot reach the black die faced (and only then) loses
2 VP and keeps their dice; that black die is discarded.

>>> from .dice import Die, RED, WHITE, BLACK
>>> state = start(1, [(Die(RED, 3, 1),), (Die(WHITE, 2, 2),)], [Die(BLACK, 5), Die(BLACK, 4)])
>>> state.defender, state.facing
(1, Die(colour='black', pip=5, owner=None))
>>> state = apply(state, Defence(1, (Die(RED, 3, 1),), (Die(BLACK, 5),)))
>>> state.defender, state.influence, state.finished
(2, (1, 0), False)
>>> state = apply(state, NoDefence(2))  # a white 2 cannot reach a black 4
>>> state.finished, state.vp
(True, (0, -2))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import IllegalDecision
from ..frozen import replace
from .dice import Die, beats, defence_sum, suggest_defence

FAIL_VP = -2
INFLUENCE_PER_BLACK = 1


@dataclass(frozen=True)
class Defence:
    """Own dice against black dice they beat together (the session's ``Defend``, its dice
    looked up)."""
    seat: int
    dice: tuple[Die, ...]  # own dice used
    black: tuple[Die, ...]  # the black dice defeated (the highest left among them)


@dataclass(frozen=True)
class NoDefence:
    """The defender gives up (the session's ``Fail``)."""
    seat: int


@dataclass(frozen=True)
class DefenceState:
    players: int
    start: int
    dice: tuple[tuple[Die, ...], ...]  # each player's own dice still in their district
    black: tuple[Die, ...]  # still to face, highest first
    turn: int = 0  # how many defences so far (the defender is start + turn, leftwards)
    vp: tuple[int, ...] = ()
    influence: tuple[int, ...] = ()
    must_defend: bool = True  # the game's reading says (False only in the oldest)

    @property
    def can_fail(self) -> bool:
        """Whether the defender may fail (−2 VP): only when their own dice cannot reach the
        black die (seed 002), or always in a game kept under rules 1."""
        return not self.must_defend or self.suggestion() is None

    @property
    def finished(self) -> bool:
        return not self.black

    @property
    def defender(self) -> int | None:
        return None if self.finished else (self.start - 1 + self.turn) % self.players + 1

    @property
    def facing(self) -> Die | None:
        return self.black[0] if self.black else None

    def suggestion(self) -> tuple[Die, ...] | None:
        """The cheapest own dice that beat the black die faced now (see dice.suggest_defence)."""
        if self.finished:
            return None
        return suggest_defence(self.dice[self.defender - 1], self.facing)


def start(start_player: int, dice: Sequence[Sequence[Die]], black: Sequence[Die],
          must_defend: bool = True) -> DefenceState:
    """The defence after the start player rolled the black dice."""
    players = len(dice)
    return DefenceState(players, start_player, tuple(tuple(d) for d in dice),
                        tuple(sorted(black, key=lambda b: -b.pip)), 0, (0,) * players,
                        (0,) * players, must_defend)


def _add(values: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    return values[:seat - 1] + (values[seat - 1] + amount,) + values[seat:]


def apply(state: DefenceState, decision: Defence | NoDefence) -> DefenceState:
    """The state after one defender's decision; IllegalDecision if it is not allowed."""
    if state.finished:
        raise IllegalDecision("no black die is left", code="troyes.defence_over")
    seat = state.defender
    if decision.seat != seat:
        raise IllegalDecision(f"seat {seat} defends now", code="troyes.turn", seat=seat)
    if isinstance(decision, NoDefence):
        if not state.can_fail:  # who can reach the black die must defend
            raise IllegalDecision("your own dice reach the black die: defend it",
                                  code="troyes.must_defend", black=state.facing.pip)
        return replace(state, black=state.black[1:], turn=state.turn + 1,
                       vp=_add(state.vp, seat, FAIL_VP))
    own = Counter(state.dice[seat - 1])
    if Counter(decision.dice) - own:
        raise IllegalDecision("a defender uses dice of their own district",
                              code="troyes.own_dice")
    if not decision.black or state.black[0] not in decision.black or Counter(
            decision.black) - Counter(state.black):
        raise IllegalDecision("the highest black die left must be among those defeated",
                              code="troyes.highest_black")
    if not beats(decision.dice, decision.black):
        raise IllegalDecision("those dice do not reach the black dice (red counts double)",
                              code="troyes.defence_short", sum=defence_sum(decision.dice),
                              need=sum(b.pip for b in decision.black))
    left = list(state.black)
    for b in decision.black:
        left.remove(b)
    kept = tuple((own - Counter(decision.dice)).elements())
    dice = state.dice[:seat - 1] + (tuple(sorted(kept)),) + state.dice[seat:]
    return replace(state, dice=dice, black=tuple(left), turn=state.turn + 1,
                   influence=_add(state.influence, seat, INFLUENCE_PER_BLACK * len(decision.black)))
