"""A whole Citadels game: rounds of draft then calling, until the round in which a city is
completed ends. The crown passes from round to round; each round's shuffle comes from its own
seeded stream, so a session (seed + decisions) replays exactly. ``CitadelsRules`` is the whole
game as a session game (the contract of companion/rules.py); ``CitadelsView`` is what a seat, or
the whole table, may know of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..codec import DecisionCodec
from ..errors import IllegalDecision
from ..frozen import replace
from ..packed import Packed
from ..rng import Rng, Seed, as_seed
from ..rules import Engine, Outcome
from . import calling, draft, theater
from .calling import Calling, CallingView, RoundSetup
from .draft import Draft, DraftSetup, DraftView
from .quick import quick_game, quick_of
from .readings import CURRENT, OLDEST, READINGS, Reading
from .scoring import PlayerCity
from .theater import NoSwap, Swap, TheaterView

DRAFT, THEATER, CALLING, OVER = "draft", "theater", "calling", "over"


@dataclass(frozen=True)
class RoundResult:
    """A finished round, as the table saw it at its end."""

    number: int
    holders: tuple[tuple[str, int], ...]  # revealed at the end of the round
    crown_after: int
    events: tuple[calling.Event, ...]
    completed: tuple[int, ...]


@dataclass(frozen=True)
class CitadelsGame:
    setup: DraftSetup  # edition, players, characters and the first crown holder
    seed: Seed
    number: int = 1
    draft: Draft | None = None
    calling: Calling | None = None
    rounds: Sequence[RoundResult] = Packed()  # read back round by round when used (packed.py)
    reading: Reading = CURRENT  # the rulebook reading it is played by (readings.py)
    theater: bool = False  # the Theater is among the districts: asked after every draft
    swapping: RoundSetup | None = None  # the round after its draft, waiting for the Theater
    quick: bool = False  # the classic quick game: 7 districts complete a city (quick.py)

    @property
    def over(self) -> bool:
        return self.draft is None and self.swapping is None and self.calling is None

    @property
    def phase(self) -> str:
        """'draft', 'theater', 'calling' or 'over'."""
        if self.draft is not None:
            return DRAFT
        if self.swapping is not None:
            return THEATER
        return CALLING if self.calling is not None else OVER

    @property
    def crown(self) -> int:
        if self.calling is not None:
            return self.calling.crown
        if self.draft is not None:
            return self.draft.setup.crown
        if self.swapping is not None:
            return self.swapping.crown
        return self.rounds[-1].crown_after

    def completion_order(self) -> tuple[int, ...]:
        if self.calling is not None:
            return self.calling.completion_order()
        return self.rounds[-1].completed if self.rounds else ()

    def final_characters(self) -> tuple[tuple[str, int], ...]:
        """Each player's characters in the last round (for the tie-break in scoring)."""
        return self.rounds[-1].holders if self.over else ()


def _new_draft(setup: DraftSetup, seed: Seed, number: int, crown: int) -> Draft:
    return draft.start(replace(setup, crown=crown), Rng(seed).fork(f"round-{number}"))


def start(setup: DraftSetup, seed: int | Seed, reading: Reading = CURRENT,
          with_theater: bool = False, quick: bool = False) -> CitadelsGame:
    """Round 1's draft, with the crown where the table put it. ``with_theater``: the Theater
    (a 2016 district) is among the districts, so its owner is asked after every draft;
    ``quick``: the classic quick game (refused for 2016)."""
    if with_theater and not theater.offers_theater(setup.edition):
        raise IllegalDecision("the Theater is a district of the 2016 edition only",
                              code="citadels.theater_edition", edition=setup.edition)
    seed = as_seed(seed)
    return CitadelsGame(setup, seed, draft=_new_draft(setup, seed, 1, setup.crown),
                        reading=reading, theater=with_theater,
                        quick=quick_game(setup.edition, quick))


def legal(game: CitadelsGame) -> tuple[Any, ...]:
    if game.draft is not None:
        return draft.legal(game.draft)
    if game.swapping is not None:
        return theater.options(game.swapping.holders, game.setup.players)
    if game.calling is not None:
        return calling.legal(game.calling)
    return ()


def apply(game: CitadelsGame, decision, checked: bool = True) -> CitadelsGame:
    """Apply a draft or calling decision; move on to the calling, the next round, or the end.
    Not ``checked``: a decision accepted before in this state (``apply_trusted``)."""
    if game.draft is not None:
        new_draft = draft.apply(game.draft, decision)
        if not new_draft.finished:
            return replace(game, draft=new_draft)
        holders = tuple((c, s) for s in range(1, game.setup.players + 1)
                        for c in new_draft.hand(s))
        previous = game.completion_order()
        round_setup = RoundSetup(game.setup.edition, game.setup.players, game.setup.characters,
                                 holders, new_draft.setup.crown, previous, game.reading,
                                 quick=game.quick)
        if game.theater:
            return replace(game, draft=None, swapping=round_setup)
        return replace(game, draft=None, calling=calling.start(round_setup))
    if game.swapping is not None:
        return _after_theater(game, decision, checked)
    if game.calling is None:
        raise IllegalDecision("the game is over", code="citadels.over")
    new_calling = calling.apply(game.calling, decision, checked)
    if not new_calling.finished:
        return replace(game, calling=new_calling)
    result = RoundResult(game.number, new_calling.setup.holders, new_calling.crown,
                         new_calling.events, new_calling.completion_order())
    game = replace(game, calling=None, rounds=game.rounds + (result,))
    if new_calling.game_over:
        return game
    number = game.number + 1
    return replace(game, number=number,
                   draft=_new_draft(game.setup, game.seed, number, new_calling.crown))


def apply_trusted(game: CitadelsGame, decision) -> CitadelsGame:
    """``apply`` of a decision it accepted before in this state (the store's own log, replayed):
    the same game, the decision not checked again (no ``legal`` listed)."""
    return apply(game, decision, checked=False)


def _after_theater(game: CitadelsGame, decision, checked: bool) -> CitadelsGame:
    """The round's calling, after the Theater's swap (or none)."""
    if not isinstance(decision, (Swap, NoSwap)):
        raise IllegalDecision("the Theater comes first", code="citadels.theater",
                              players=game.setup.players)
    round_setup = game.swapping
    rng = Rng(game.seed).fork(f"theater-{game.number}")
    holders = theater.swap(round_setup.holders, game.setup.players, decision, rng, checked)
    swapped = (decision.seat, decision.partner) if isinstance(decision, Swap) else None
    round_setup = replace(round_setup, holders=holders, theater=swapped)
    return replace(game, swapping=None, calling=calling.start(round_setup))


# --- views: what a seat, or the whole table, may know -------------------------------------------

@dataclass(frozen=True)
class CitadelsView:
    """The game as ``seat`` (None: the whole table) may know it: the round, the crown, the
    phase with the draft's or the calling's view, the finished rounds (everything in them was
    revealed at their end), who completed a city, and the final characters of a finished game."""

    edition: str
    players: int
    characters: tuple[str, ...]  # the set in play, by rank
    number: int  # the round being played (the last one once the game is over)
    crown: int
    phase: str
    draft: DraftView | None
    calling: CallingView | None
    rounds: Sequence[RoundResult]
    completion_order: tuple[int, ...]
    final_characters: tuple[tuple[str, int], ...]  # (character, seat); empty until the end
    city_size: int
    seat: int | None = None
    theater: TheaterView | None = None  # after a draft, while the Theater is asked
    quick: bool = False  # the classic quick game (quick.py)

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def draft_started(self) -> bool:
        """Whether a card of this round's draft was taken (or thrown away) yet."""
        return self.draft is not None and self.draft.started

    def score_inputs(self, names: Sequence[str]) -> list[PlayerCity]:
        """A finished game's score entry as far as the device kept it: who completed a city
        (and in which order), each player's final-round characters, the crown after the last
        round; the table enters the districts."""
        order = self.completion_order
        crown = self.rounds[-1].crown_after if self.rounds else None
        return [PlayerCity(name, (), completed=order.index(s) + 1 if s in order else None,
                           crown=s == crown,
                           characters=tuple(c for c, h in self.final_characters if h == s))
                for s, name in enumerate(names, start=1)]


def game_view(game: CitadelsGame, seat: int | None = None) -> CitadelsView:
    """What ``seat`` may know (its own characters and secrets); None: only what is public."""
    setup = game.setup
    if seat is not None:
        draft.check_seat(setup.players, seat)
    draft_view = calling_view = None
    if game.draft is not None:
        draft_view = draft.public_view(game.draft) if seat is None \
            else draft.view(game.draft, seat)
    if game.calling is not None:
        calling_view = calling.public_view(game.calling) if seat is None \
            else calling.view(game.calling, seat)
    theater_view = None
    if game.swapping is not None:
        theater_view = TheaterView(setup.players, seat, () if seat is None
                                   else theater.own(game.swapping.holders, seat))
    return CitadelsView(setup.edition, setup.players, setup.characters, game.number,
                        game.crown, game.phase, draft_view, calling_view, game.rounds,
                        game.completion_order(), game.final_characters(),
                        calling.city_size(setup.edition, setup.players, game.quick), seat,
                        theater_view, game.quick)


def result(game: CitadelsGame) -> dict[str, Any]:
    """What History keeps of a game: edition, rounds played, who completed a city (in order),
    and each seat's characters in the last round (for the tie-break in scoring); ``quick``
    only when the quick game was played."""
    seats = range(1, game.setup.players + 1)
    return {"game": CitadelsRules.game_id, "edition": game.setup.edition,
            **({"quick": True} if game.quick else {}),
            "rounds": len(game.rounds), "completion_order": list(game.completion_order()),
            "final_characters": {str(s): [c for c, h in game.final_characters() if h == s]
                                 for s in seats}}


# --- sessions -------------------------------------------------------------------------------------

CODEC = DecisionCodec("citadels", {**draft.CODEC.kinds, **calling.CODEC.kinds,
                                   "theater_swap": Swap, "no_swap": NoSwap})
encode, decode = CODEC.encode, CODEC.decode


class CitadelsRules(Engine[CitadelsGame, Any, CitadelsView]):
    """A whole game as a session: config = edition, players, characters, crown, rules (the
    rulebook reading's number, readings.py: ``CURRENT`` for new games; a config without it was
    kept under the oldest), theater (true: the Theater is among the districts; 2016 only),
    quick (true: the classic quick game, quick.py; absent: the printed game)."""

    game_id = "citadels"
    codec = CODEC
    apply = staticmethod(apply)
    apply_trusted = staticmethod(apply_trusted)
    legal = staticmethod(legal)
    view = staticmethod(game_view)

    def initial(self, config: Mapping[str, Any], seed: int | Seed) -> CitadelsGame:
        return start(DraftSetup(config["edition"], config["players"],
                                tuple(config["characters"]), config["crown"]), seed,
                     READINGS[config.get("rules", OLDEST.number)],
                     config.get("theater", False) is True, quick_of(config))

    def outcome(self, state: CitadelsGame) -> Outcome:
        return Outcome(state.over, result(state))

    def progress(self, state: CitadelsGame) -> dict[str, int]:
        return {"round": len(state.rounds) + (0 if state.over else 1)}
