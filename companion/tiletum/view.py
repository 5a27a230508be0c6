"""What the table sees of a Tiletum game: the state without the face-down corruption tokens
(every seat's view is the table's)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .king import KingResult, Track, advance
from .moves import Offer, king_result, take_offer
from .scoring import ANY, TiletumPlayer
from .state import FESTIVAL, KING, Festival, PlayerState, Taken, Tiletum, starting
from .wheel import TileDie, orientation


@dataclass(frozen=True)
class TiletumView:
    """The state as the table may see it: the face-down corruption tokens are left out."""
    round: int
    phase: str
    order: tuple[int, ...]
    actor: int | None
    wheel: Mapping[int, str]  # pip -> action this round
    dice: tuple[tuple[int, TileDie], ...]
    pass_number: int
    revealed: tuple[int, ...]  # this round's tokens turned up so far
    face_down: int
    takes: tuple[Taken, ...]
    players: tuple[PlayerState, ...]
    festival: Festival
    festivals: tuple[Festival, ...]
    last: tuple[str, ...]
    start_gold: Mapping[int, int]  # seat -> the gold they start with
    follows_king_track: bool = False  # the game's reading follows the king track
    king_take_moves_disc: bool = False  # ... and a die taken for King moves the disc itself
    track: Track | None = None  # the king track (None unless the reading follows it)
    king_vp: tuple[int, ...] | None = None  # per seat (seat order): VP from king phases so far
    # the king phase: in the king phase as it would be scored now; in the festival as it was
    # scored this round (its ``space_vp`` is what the king-track festival tile adds)
    king: KingResult | None = None

    def score_inputs(self, names: Sequence[str]) -> list[TiletumPlayer]:
        """The final score entry as the device kept the game: the players (``names`` by seat)
        in the last turn order, which breaks ties; each starting from the VP the device scored
        (``kept_vp``) and, as the resources left counted together (the rulebook scores "아무 자원
        4개마다 1 VP"), the gold it kept; the table adds what else the score track and the
        storage show."""
        return [TiletumPlayer(names[seat - 1], vp=self.kept_vp(seat),
                              resources={ANY: self.players[seat - 1].gold}, turn_order=place)
                for place, seat in enumerate(self.order, 1)]

    def kept_vp(self, seat: int) -> int:
        """The VP the device scored for ``seat``: its festivals and, where the reading follows
        the king track, its king phases; at least 0, as the score track ("점수 트랙에서 자신의
        승점은 절대 '0' 미만으로 내려가지 않습니다")."""
        king = self.king_vp[seat - 1] if self.king_vp is not None else 0
        return max(0, sum(self.players[seat - 1].festival_vp) + king)

    def advance(self, seat: int, steps: int) -> Track:
        """The king track after ``seat``'s disc moves ``steps`` spaces right."""
        return advance(self.track, seat, steps)

    def offer(self, die_id: int, steps: int = 0, joker: str = "") -> Offer:
        """What the actor would pay and get for die ``die_id`` turned ``steps`` pips (and where
        their disc would go, when the take moves it)."""
        return take_offer(self.wheel, self.players[self.actor - 1], dict(self.dice)[die_id],
                          steps, joker, self.track if self.king_take_moves_disc else None,
                          self.actor)


def view(state: Tiletum, seat: int | None = None) -> TiletumView:
    """What ``seat`` may know (None: the whole table). No one may look at the face-down tokens
    and nothing else is secret, so every seat sees what the table sees."""
    king, track, king_vp = None, None, None
    if state.setup.reading.follows_king_track:
        track, king_vp = state.king.track, state.king.vp
        if state.phase == KING:
            king = king_result(state)
        elif state.phase == FESTIVAL and len(state.king.phases) == state.round:
            king = state.king.phases[-1]
    return TiletumView(state.round, state.phase, state.order, state.actor,
                       orientation(state.offset, state.round), state.wheel, state.revealed,
                       state.tokens[:state.revealed], len(state.tokens) - state.revealed,
                       state.takes, state.players, state.festival, state.setup.festivals,
                       state.last, {s: starting(state, s).gold for s in state.setup.order},
                       state.setup.reading.follows_king_track,
                       state.setup.reading.king_take_moves_disc, track, king_vp, king)
