"""Every decision a Troyes state allows (``legal``): exactly what ``game.apply`` accepts, but for
the numbers the table reports (citizens, corrections: not listed; an event's or card's divisor:
listed with the divisors the board offers, ``DIVISORS``).

>>> from companion.troyes.game import BlackDice, CollectIncome, TroyesSetup, apply, start
>>> g = apply(start(TroyesSetup(2, ((1, 0, 0), (0, 1, 0)), rules=2), seed=1), CollectIncome())
>>> len(legal(g)) == g.setup.reading.max_black + 1
True
>>> g = apply(g, BlackDice(0))
>>> [d for d in legal(g) if not isinstance(d, Act)]
[Pass(seat=1), Reroll(seat=1, die=0), Flip(seat=1, dice=(0,))]
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..errors import IllegalDecision
from . import cathedral as cathedral_rules
from . import reveals
from .defence import DefenceState
from .dice import FLIP_COST, MAX_ACTION_DICE, MAX_FLIPPED, PRICE_PER_DIE, REROLL_COST, defence_sum
from .state import (ACTIONS, CARD, CATHEDRAL, CITIZEN, DEFENCE, DIVISORS, EVENT, EVENTS, INCOME,
                    KIND_COLOUR, PLACEMENT, Act, BlackDice,
                    CollectIncome, Decision, Defend, Fail, Flip, Look, Pass, Place, Reroll,
                    Troyes)
from .tracking import BUILDING_OF, from_supply, room


def legal(state: Troyes) -> list[Decision]:
    """The decisions allowed now, each once (nothing when the game is over), then a look at
    their own VP for every player where the scores are secret."""
    return [*steps(state), *looks(state)]


def steps(state: Troyes) -> list[Decision]:
    """The decisions that move the game on."""
    if state.phase == PLACEMENT:
        return [Place(state.actor, b) for b, free in enumerate(room(state)) if free > 0]
    if state.phase == INCOME:
        return [CollectIncome()]
    if state.phase == EVENTS:  # the cards revealed first, where the reading asks them
        return reveals.samples(state) or [BlackDice(n)
                                          for n in range(state.setup.reading.max_black + 1)]
    if state.phase == DEFENCE:  # fail only when no defence is possible; influence first
        options = list(defences(state.defence, state.actor, state.district(state.actor)))
        return [*([Fail(state.actor)] if state.defence.can_fail else []), *options,
                *influence(state)]
    if state.phase == ACTIONS:
        if only_passes(state):
            return [Pass(state.actor)]
        return [Pass(state.actor), *actions(state), *influence(state)]
    return []


def looks(state: Troyes) -> list[Look]:
    """A look for every player while the game goes on, where the scores are secret."""
    if state.finished or not state.setup.secret:
        return []
    return [Look(seat) for seat in range(1, state.setup.players + 1)]


def only_passes(state: Troyes) -> bool:
    """Whether the player whose turn it is has passed already and so may only pass again, for
    1 denier each time (as the game's reading says: in the oldest, a player who passed could
    still act)."""
    return state.players[state.actor - 1].passes > 0 \
        and state.setup.reading.passed_player_only_passes


def defences(defence: DefenceState, seat: int, own) -> Iterator[Defend]:
    """Every set of own dice (``own``: (id, die) pairs) with every set of the black dice left
    that it beats together: the highest (place 0) and any others."""
    black = defence.black
    for size in range(1, len(own) + 1):
        for combo in combinations(own, size):
            room = defence_sum([d for _, d in combo]) - black[0].pip
            if room < 0:
                continue
            ids = tuple(i for i, _ in combo)
            yield from (Defend(seat, ids, (0, *more)) for more in _others(black, 1, room))


def _others(black, first: int, room: int) -> Iterator[tuple[int, ...]]:
    """Sets of places from ``first`` on whose black pips add up to at most ``room``."""
    yield ()
    for k in range(first, len(black)):
        if black[k].pip <= room:
            yield from ((k, *more) for more in _others(black, k + 1, room - black[k].pip))


def actions(state: Troyes) -> Iterator[Act]:
    """Every action the player whose turn it is can afford: 1 to 3 dice of one colour from
    any districts, for each action those dice may take."""
    seat = state.actor
    deniers = state.players[seat - 1].deniers
    for size in range(1, MAX_ACTION_DICE + 1):
        for combo in combinations(state.dice, size):
            colours = {d.colour for _, d in combo}
            bought = sum(1 for _, d in combo if d.owner != seat)
            if len(colours) != 1 or bought * PRICE_PER_DIE[size] > deniers:
                continue
            (colour,) = colours
            ids = tuple(i for i, _ in combo)
            dice = [d for _, d in combo]
            yield from (Act(seat, ids, kind) for kind, wanted in KIND_COLOUR.items()
                        if wanted == colour and (kind != CATHEDRAL or _builds(state, dice)))
            if size == 1:
                yield from _citizens(state, ids, dice[0])
            yield from (Act(seat, ids, CARD, d) for d in DIVISORS)
            if state.setup.reading.tracks_board:  # the cards on the table of this colour
                yield from (Act(seat, ids, EVENT, 0, event=card.id) for card in state.events
                            if card.colour == colour)
            else:
                yield from (Act(seat, ids, EVENT, d) for d in DIVISORS)


def _builds(state: Troyes, dice) -> bool:
    """Whether the cathedral has room for a cube on each die's pip (untracked: always)."""
    if not state.setup.reading.tracks_board:
        return True
    try:
        cathedral_rules.build(state.cathedral, state.actor, [d.pip for d in dice])
    except IllegalDecision:
        return False
    return True


def _citizens(state: Troyes, ids, die) -> Iterator[Act]:
    """A citizen from the supply (or bought, where the reading keeps the supply) into the
    die's building: nobody pushed out while there is room, else each owner who may be pushed
    out (a reading that tracks the board; else where it went is entered)."""
    seat = state.actor
    if not state.setup.reading.tracks_board:
        yield Act(seat, ids, CITIZEN)
        return
    try:  # from the own supply, else bought: within 12 citizens, with the influence
        from_supply(state, seat)
    except IllegalDecision:
        return
    building = BUILDING_OF[die.colour]
    if room(state)[building] > 0:
        yield Act(seat, ids, CITIZEN)
        return
    standing = [state.neutral_citizens, *(p.citizens for p in state.players)]
    for owner, counts in enumerate(standing):
        if counts[building] and (owner == 0 or (building, owner) not in state.bumped):
            yield Act(seat, ids, CITIZEN, bumped=owner)


def influence(state: Troyes) -> Iterator[Reroll | Flip]:
    """Rerolls (1 influence) and flips of 1 to 3 own dice (4 influence) the player can pay."""
    yield from rerolls(state)
    yield from flips(state)


def rerolls(state: Troyes) -> Iterator[Reroll]:
    """A reroll of any one own die, for 1 influence."""
    seat = state.actor
    if state.players[seat - 1].influence >= REROLL_COST:
        yield from (Reroll(seat, i) for i, _ in state.district(seat))


def flips(state: Troyes) -> Iterator[Flip]:
    """Flips of 1 to 3 own dice together, for 4 influence."""
    seat = state.actor
    if state.players[seat - 1].influence >= FLIP_COST:
        own = [i for i, _ in state.district(seat)]
        for size in range(1, MAX_FLIPPED + 1):
            yield from (Flip(seat, ids) for ids in combinations(own, size))


def offered(state: Troyes) -> frozenset[type]:
    """The kinds of decision ``legal`` lists now, each found by its first decision (the board's
    buttons: with every district full ``legal`` lists ~7,000 actions)."""
    if state.phase == DEFENCE:
        runs = {Fail: [Fail(state.actor)] if state.defence.can_fail else [],
                Defend: defences(state.defence, state.actor, state.district(state.actor)),
                Reroll: rerolls(state), Flip: flips(state), Look: looks(state)}
    elif state.phase == ACTIONS and not only_passes(state):
        runs = {Pass: [Pass(state.actor)], Act: actions(state), Reroll: rerolls(state),
                Flip: flips(state), Look: looks(state)}
    else:  # short lists
        return frozenset(type(decision) for decision in legal(state))
    return frozenset(kind for kind, run in runs.items() if next(iter(run), None) is not None)
