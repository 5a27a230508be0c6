"""Tiletum's king track (seed 004), pure: each player's disc on a space from -10 to +15 VP,
discs on one space stacked (bottom -> top), moved left by the corruption tokens, right by the
King action, scored in the king phase, which also gives the new turn order.

A space's value is its VP: negative spaces are red, positive ones blue, 0 is the start (no
colour). Seats are whatever labels the caller uses (the game uses seat numbers; the examples
below use the seed's colours).

Setup (l.245): "왕 트랙의 '0 VP' 위치에 놓습니다. 첫 번째 플레이어의 디스크가 가장 밑으로, 마지막
플레이어의 디스크가 가장 위에 놓이도록 더미를 만들어 놓습니다."

>>> start_track(("green", "orange", "blue")).stack(0)
('green', 'orange', 'blue')

Corruption (l.323-325): every disc moves left by the token, never past -10 ("초과하는 만큼의
이동은 무시합니다"), the leftmost disc first, a stack together in its order. The seed's example
(a '2' token): green stops at -10, orange and blue go to -1 in the same order.

>>> t = Track.of({-9: ("green",), 1: ("orange", "blue")})
>>> move_left(t, 2).stacks
((-10, ('green',)), (-1, ('orange', 'blue')))

The King action (l.638-648): a disc moves right by the AP, onto the top of the discs it reaches,
never past +15. The seed's example: blue took a 4 die (3 AP) and lands on orange and purple.

>>> t = Track.of({0: ("blue",), 3: ("orange", "purple")})
>>> advance(t, "blue", 3).stack(3)
('orange', 'purple', 'blue')

The king phase (l.397-421), with the seed's example: blue +3, orange and purple 0, green -2, the
bonus tile to blue; the new turn order from the track; green (red space) back to 0, on top.

>>> r = king_phase(Track.of({-2: ("green",), 0: ("orange", "purple"), 3: ("blue",)}))
>>> r.leader, dict(r.vp), r.order
('blue', {'blue': 3, 'orange': 0, 'purple': 0, 'green': -2}, ('blue', 'orange', 'purple', 'green'))
>>> r.track.stacks
((0, ('orange', 'purple', 'green')), (3, ('blue',)))
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

Seat = Hashable
LEFTMOST, RIGHTMOST = -10, 15  # seed 004: the '-10 VP' and '+15 VP' spaces
START_SPACE = 0
LAST_ROUND_VP = 4  # "마지막 라운드에는 보너스 타일을 받지 않는 대신 4 VP를 획득합니다"


@dataclass(frozen=True)
class Track:
    """The discs on the track: ``stacks`` = (space, seats bottom -> top) for each space that
    holds discs, leftmost space first."""
    stacks: tuple[tuple[int, tuple[Seat, ...]], ...] = ()

    @classmethod
    def of(cls, spaces: Mapping[int, Iterable[Seat]]) -> Track:
        """A track from space -> seats (bottom -> top); empty spaces are left out."""
        return cls(tuple((space, tuple(seats)) for space, seats in sorted(spaces.items())
                         if tuple(seats)))

    def stack(self, space: int) -> tuple[Seat, ...]:
        """The discs on ``space``, bottom -> top."""
        return dict(self.stacks).get(space, ())

    def space(self, seat: Seat) -> int:
        """The space (= its VP) ``seat``'s disc is on."""
        for space, seats in self.stacks:
            if seat in seats:
                return space
        raise KeyError(seat)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(seat for _, seats in self.stacks for seat in seats)


def start_track(order: Iterable[Seat]) -> Track:
    """Every disc on 0, the first player's at the bottom, the last player's on top."""
    return Track.of({START_SPACE: tuple(order)})


def move_left(track: Track, n: int) -> Track:
    """A corruption token of ``n``: every stack moves ``n`` spaces left, the leftmost first,
    keeping its order; a move past -10 stops there. The only way discs meet on this move is at
    -10: a stack arriving there goes on top of the discs already there (they moved first),
    as a disc arriving on a space always does.

    >>> move_left(Track.of({-10: ("a",), -9: ("b", "c"), 4: ("d",)}), 2).stacks
    ((-10, ('a', 'b', 'c')), (2, ('d',)))
    >>> move_left(Track.of({3: ("a",)}), 0) == Track.of({3: ("a",)})
    True
    """
    moved: dict[int, tuple[Seat, ...]] = {}
    for space, seats in track.stacks:  # leftmost first
        to = max(LEFTMOST, space - n)
        moved[to] = moved.get(to, ()) + seats
    return Track.of(moved)


def advance(track: Track, seat: Seat, steps: int) -> Track:
    """``seat``'s disc (alone: the discs on top of it stay) moves ``steps`` spaces right, onto
    the top of any discs there, stopping at +15; a disc that cannot move at all (already on +15)
    stays where it is in its stack.

    >>> t = Track.of({13: ("a",), 15: ("b",)})
    >>> advance(t, "a", 6).stacks
    ((15, ('b', 'a')),)
    >>> advance(advance(t, "a", 6), "b", 2) == advance(t, "a", 6)
    True
    """
    space = track.space(seat)
    to = min(RIGHTMOST, space + max(0, steps))
    if to == space:
        return track
    spaces = dict(track.stacks)
    spaces[space] = tuple(s for s in spaces[space] if s != seat)
    spaces[to] = spaces.get(to, ()) + (seat,)
    return Track.of(spaces)


def turn_order(track: Track) -> tuple[Seat, ...]:
    """The next round's turn order (l.413): the most advanced first; on one space, the bottom
    of the stack first.

    >>> turn_order(Track.of({-1: ("green",), 2: ("orange", "blue")}))
    ('orange', 'blue', 'green')
    """
    return tuple(seat for _, seats in reversed(track.stacks) for seat in seats)


def leader(track: Track) -> Seat:
    """Who gets the bonus tile (4 VP in the last round): the most advanced disc; when several
    discs share the most advanced space, "가장 뒤에 있는 플레이어" (l.401) — the one furthest
    back among them. The same king phase says that on one space the bottom of the stack counts
    as further ahead ("해당 더미에서 가장 밑에 있는 플레이어가 더 앞선 플레이어 순서", l.413), so the one
    furthest back is the top of the stack: the disc that arrived there last, who will also be
    the last of them in the new turn order (so on a tie one player gets the bonus and another
    goes first).

    >>> leader(Track.of({0: ("a",), 5: ("b", "c", "d")}))
    'd'
    """
    return track.stacks[-1][1][-1]


def reset_red(track: Track) -> Track:
    """Discs on red (negative) spaces back to 0 (l.421); blue ones stay. Where several go to 0,
    the one that was further left ends on top ("기존에 더 왼쪽에 있던 디스크가 위로 가도록"): the stacks
    move rightmost first onto 0's discs, each keeping its order.

    >>> reset_red(Track.of({-7: ("a",), -2: ("b", "c"), 0: ("d",), 4: ("e",)})).stacks
    ((0, ('d', 'b', 'c', 'a')), (4, ('e',)))
    """
    spaces = {space: seats for space, seats in track.stacks if space >= START_SPACE}
    for space, seats in reversed(track.stacks):
        if space < START_SPACE:
            spaces[START_SPACE] = spaces.get(START_SPACE, ()) + seats
    return Track.of(spaces)


@dataclass(frozen=True)
class KingResult:
    """One king phase: ``leader`` gets the bonus tile, or 4 VP in the last round
    (``last_round``); ``space_vp``: each seat's space as it stood (the VP they score now, and
    what the king-track festival tile adds: it is scored "왕 트랙을 초기화하기 전에"); ``order``:
    the next turn order; ``track``: after the red discs went back to 0."""
    leader: Seat
    last_round: bool
    space_vp: tuple[tuple[Seat, int], ...]
    order: tuple[Seat, ...]
    track: Track

    @property
    def leader_space(self) -> int:
        """The most advanced space: the leader's."""
        return dict(self.space_vp)[self.leader]

    @property
    def tied(self) -> bool:
        """Whether other discs shared the leader's space (the top one took the bonus)."""
        return sum(space == self.leader_space for _, space in self.space_vp) > 1

    @property
    def vp(self) -> tuple[tuple[Seat, int], ...]:
        """(seat, VP scored in this king phase): the space, + 4 for the leader in the last
        round."""
        bonus = LAST_ROUND_VP if self.last_round else 0
        return tuple((seat, vp + (bonus if seat == self.leader else 0))
                     for seat, vp in self.space_vp)


def king_phase(track: Track, last_round: bool = False) -> KingResult:
    """The king phase on ``track`` (l.397-421): the bonus (4 VP in the last round), every player
    scores their space, the new turn order, red discs back to 0.

    >>> r = king_phase(Track.of({-3: ("a",), 6: ("b", "c")}), last_round=True)
    >>> r.leader, r.tied, dict(r.vp), r.order, r.track.stacks
    ('c', True, {'b': 6, 'c': 10, 'a': -3}, ('b', 'c', 'a'), ((0, ('a',)), (6, ('b', 'c'))))
    """
    space_vp = tuple((seat, space) for space, seats in reversed(track.stacks) for seat in seats)
    return KingResult(leader(track), last_round, space_vp, turn_order(track), reset_red(track))
