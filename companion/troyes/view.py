"""What the table sees of a Troyes game (``TroyesView``), and what the rules make of the dice a
player selects: what they cost and give (``preview``), whether they hold off the black dice
(``defence_sum``). The one thing hidden is the other players' VP where the scores are secret
(``view(state, seat)``); screens and the command line read the view instead of the state.

>>> from companion.troyes.game import BlackDice, CollectIncome, TroyesSetup, apply, start
>>> g = apply(apply(start(TroyesSetup(2, ((2, 0, 0), (1, 0, 0)), rules=2), 3), CollectIncome()),
...           BlackDice(0))
>>> v = view(g)
>>> v.phase, v.actor, v.character_cards, [i for i, _ in v.district(2)]
('actions', 1, 4, [2])
>>> v.preview([0, 2]).payments
((2, 4),)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from . import cathedral as cathedral_rules
from . import reveals
from .dice import (CITIZEN_COST, YELLOW, WHITE, Die, beats, by_divisor, cathedral,
                   defence_sum, farming, price)
from .economy import MAX_CITIZENS, START_CITIZENS, Wages, rounds
from .events import EventCard
from .log import Line
from .placement import building_spaces
from .scoring import TroyesPlayer, character_cards
from .state import (DEFENCE, DIVISORS, MAX_BLACK, OVER, PlayerState, Troyes, find_die,
                    wages)
from .tracking import room


@dataclass(frozen=True)
class ActionPreview:
    """What the dice of one action cost and what each action would give with them."""

    payments: tuple[tuple[int | None, int], ...]  # (owner, deniers) per bought die's owner
    farming: int | None  # deniers from farming (yellow dice), else None
    cathedral: tuple[int, int] | None  # (VP, influence) at the cathedral (white dice), else None
    divided: tuple[tuple[int, int], ...]  # (divisor, uses) for an event or an action card


@dataclass(frozen=True)
class DefenceSum:
    """The selected dice against the black dice taken (red dice counting double)."""

    dice: int
    black: int
    enough: bool


@dataclass(frozen=True)
class TroyesView:
    """One Troyes game as the whole table sees it."""

    players: tuple[PlayerState, ...]  # seat order: citizens, deniers, VP, influence, passes
    round: int
    rounds: int  # rounds in this game
    phase: str
    start_player: int
    actor: int | None  # the defender, or the player whose action turn it is
    dice: tuple[tuple[int, Die], ...]  # (id, die) on the board
    black: tuple[Die, ...]  # the black dice still to face, highest first
    neutral_citizens: tuple[int, int, int]
    wages: tuple[Wages, ...]  # this round's income and wages by the purses now
    suggestion: tuple[int, ...]  # the cheapest own dice (ids) beating the black die faced
    character_cards: int  # character cards in play, scored at the end
    last: tuple[str, ...]  # what the last decision did
    max_black: int = MAX_BLACK  # the most black dice the events may add at once
    max_citizens: int = MAX_CITIZENS  # a player's citizens (the steppers stop there)
    divisors: tuple[int, ...] = DIVISORS  # the divisors the board offers for events and cards
    tracks_board: bool = False  # the game's reading keeps the placement, cathedral, events
    cathedral: tuple[tuple[int, ...], ...] = cathedral_rules.EMPTY  # seats per pip, low first
    events: tuple[EventCard, ...] = ()  # the event cards on the table, left to right
    room: tuple[int, ...] = ()  # free spaces in Town Hall, Bishopric, Palace
    spaces: int = 6  # spaces in each building
    start_citizens: int = 0  # each player's citizens in the starting placement
    log: tuple[Line, ...] = ()  # what the last decisions did, newest last
    keeps_supply: bool = False  # the reading keeps each player's own supply (``supply``)
    citizen_cost: int = CITIZEN_COST  # influence for a citizen when the own supply is empty
    secret_scores: bool = False  # each player's VP are their own until the end (looks)
    asked: tuple[str, ...] = ()  # the event cards one of which is asked now (reveals.py)
    asks_events: bool = False  # the reading asks each round's cards as they are revealed

    @property
    def black_shown(self) -> int:
        """The black dice the military events on the table show ("시작 플레이어는 해당 사건
        카드에 표시된 만큼의 검은색 주사위를 가져옵니다"), at most the box's."""
        return min(self.max_black, sum(card.black for card in self.events))

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @property
    def hides_scores(self) -> bool:
        """Whether some player's VP are not in this view (a look shows a player their own)."""
        return any(p.vp is None for p in self.players)

    def cathedral_levels(self, seat: int) -> tuple[int, ...]:
        """The cathedral levels (1-3) holding a cube of ``seat``."""
        return cathedral_rules.levels(self.cathedral, seat)

    def unresolved_events(self, seat: int) -> int:
        """Event cards on the table holding a cube of ``seat`` (+1 VP each at the end)."""
        return sum(card.holds(seat) for card in self.events)

    def events_of(self, colour: str | None) -> tuple[EventCard, ...]:
        """The event cards on the table that dice of ``colour`` may fight (their own colour)."""
        return tuple(card for card in self.events if card.colour == colour)

    def bump_options(self, origin: int, building: int) -> tuple[bool, tuple[int, ...]]:
        """Who a citizen placed into ``building`` (moved from ``origin``) may push out: whether
        "nobody" is possible (a free space, or a citizen moved within the building), and the
        owners with a citizen there (0: the neutral citizens, else the seat)."""
        standing = [self.neutral_citizens, *(p.citizens for p in self.players)]
        nobody = self.room[building] > 0 or origin == building
        return nobody, tuple(owner for owner, counts in enumerate(standing) if counts[building])

    def placement_progress(self) -> tuple[int, int]:
        """In the starting placement: the number of the citizen being placed now, and of all."""
        placed = sum(sum(p.citizens) for p in self.players)
        return placed + 1, self.start_citizens * len(self.players)

    def score_inputs(self, names: Sequence[str]) -> list[TroyesPlayer]:
        """The final score as the device kept the game, for the score entry: score tokens (the
        VP tracked), and where the board is tracked the unresolved events holding the player's
        cube and the cathedral levels with their cube; the table adds worker spaces and
        character cards."""
        board = self.tracks_board
        return [TroyesPlayer(name, tokens=self.players[seat - 1].vp,
                             unresolved_events=self.unresolved_events(seat) if board else 0,
                             cathedral_levels=self.cathedral_levels(seat) if board else (),
                             character_points=(0,) * self.character_cards)
                for seat, name in enumerate(names, start=1)]

    def district(self, owner: int | None) -> tuple[tuple[int, Die], ...]:
        """(id, die) in a player's district, or the neutral one (None)."""
        return tuple((i, d) for i, d in self.dice if d.owner == owner)

    def die(self, die_id: int) -> Die:
        return find_die(self.dice, die_id)

    def preview(self, ids: Sequence[int]) -> ActionPreview:
        """What the dice ``ids`` cost the player whose turn it is, and what they would give;
        IllegalDecision if no action may use them together."""
        dice = [self.die(i) for i in ids]
        payments = tuple(price(dice, self.actor).items())
        spaces = cathedral(dice) if dice[0].colour == WHITE else None
        return ActionPreview(payments, farming(dice) if dice[0].colour == YELLOW else None,
                             (len(spaces), sum(i for *_, i in spaces)) if spaces else None,
                             tuple((d, by_divisor(dice, d)) for d in self.divisors))

    def defence_sum(self, ids: Sequence[int], black: Sequence[int] | int) -> DefenceSum:
        """The dice ``ids`` against the black dice left at places ``black`` (0: the highest;
        a number ``k``: the ``k`` highest)."""
        places = range(black) if isinstance(black, int) else black
        dice, black = [self.die(i) for i in ids], [self.black[k] for k in places]
        return DefenceSum(defence_sum(dice), sum(b.pip for b in black), beats(dice, black))


def _suggestion(state: Troyes) -> tuple[int, ...]:
    """The ids of the defence suggestion (the same dice may lie in a district twice)."""
    if state.phase != DEFENCE:
        return ()
    pool, ids = list(state.district(state.actor)), []
    for die in state.defence.suggestion() or ():
        i = next(i for i, d in pool if d == die)
        ids.append(i)
        pool = [(j, d) for j, d in pool if j != i]
    return tuple(ids)


def view(state: Troyes, seat: int | None = None) -> TroyesView:
    """What ``seat`` may know of ``state`` (None: the whole table): where the scores are
    secret, every other player's VP are left out until the end ("참고: 게임 중에 점수는
    비공개입니다")."""
    players = state.setup.players
    hidden = state.setup.secret and not state.finished
    purses = tuple(replace(p, vp=None) if hidden and s != seat else p
                   for s, p in enumerate(state.players, start=1))
    return TroyesView(purses, state.round, rounds(players), state.phase,
                      state.start_player, state.actor, state.dice,
                      state.defence.black if state.phase == DEFENCE else (),
                      state.neutral_citizens, wages(state), _suggestion(state),
                      character_cards(players), state.last, state.setup.reading.max_black,
                      tracks_board=state.setup.reading.tracks_board, cathedral=state.cathedral,
                      events=state.events, room=room(state), spaces=building_spaces(),
                      start_citizens=START_CITIZENS[players],
                      log=state.log,
                      keeps_supply=state.setup.reading.citizens_cost_influence,
                      secret_scores=state.setup.secret, asked=reveals.asked(state),
                      asks_events=state.setup.reading.asks_events)
