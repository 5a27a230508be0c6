"""What a Troyes game keeps besides the purses when its reading tracks the board (seed 002):
the starting placement, citizens placed with a die (and who they pushed out), the cathedral and
the event cards. Each function takes the state and a decision and returns the new state, or
raises IllegalDecision; game.py calls them only for such games (``tracks_board``).

Event cards are entered once when revealed (``RevealEvent``); cubes on them come from event
actions (capped by the free flags, +1 influence per cube placed: "깃발 수보다 많은 큐브를 카드에
놓는 것은 불가능합니다", "각 칸에 큐브를 올려놓을 때마다, 즉시 영향력 1을 얻습니다") or are entered
(``Cubes``: neutral cubes, military cards); a full card is awarded at once (events.award).
"""

from __future__ import annotations

from ..errors import IllegalDecision
from ..frozen import replace
from . import cathedral as cathedral_rules
from . import events as event_rules
from . import reveals
from .dice import CITIZEN_COST, RED, WHITE, YELLOW, Die, by_divisor
from .economy import gain_influence
from .log import Line, line
from .placement import building_spaces, check_most, check_placement, fill_neutral, occupancy
from .state import (INCOME, Cubes, Place, Placement, RevealEvent, Troyes, placement_order,
                    spend_influence, with_player)

BUILDING_OF = {YELLOW: 0, WHITE: 1, RED: 2}  # Town Hall, Bishopric, Palace


def citizens_of(state: Troyes) -> tuple[tuple[int, int, int], ...]:
    return tuple(p.citizens for p in state.players)


def set_citizens(state: Troyes, citizens, neutral) -> Troyes:
    """Every player's citizens and the neutral ones, checked against the limits."""
    check_placement(state.setup.players, citizens, neutral)
    state = replace(state, neutral=tuple(neutral))
    for seat, counts in enumerate(citizens, start=1):
        state = with_player(state, seat, citizens=tuple(counts))
    return state


# --- the starting placement ------------------------------------------------------------------

def room(state: Troyes) -> tuple[int, ...]:
    """Free spaces in each building."""
    return tuple(building_spaces() - n
                 for n in occupancy(citizens_of(state), state.neutral_citizens))


def place(state: Troyes, decision: Place) -> Troyes:
    if decision.seat != state.actor:
        raise IllegalDecision(f"it is seat {state.actor}'s turn to place", code="troyes.turn",
                              seat=state.actor)
    if decision.building not in range(3):
        raise IllegalDecision("a building: 0 Town Hall, 1 Bishopric, 2 Palace",
                              code="troyes.no_building")
    if room(state)[decision.building] < 1:
        raise IllegalDecision("that building is full", code="troyes.building_full",
                              building=decision.building, spaces=building_spaces())
    p = state.players[decision.seat - 1]
    counts = list(p.citizens)
    counts[decision.building] += 1
    state = with_player(state, decision.seat, citizens=tuple(counts),
                        supply=max(0, p.supply - 1))  # placed from the own supply
    state = replace(state, placed=state.placed + 1)
    filled = {}
    if state.placed == len(placement_order(state.setup)):  # neutral citizens fill the rest
        state = replace(state, neutral=fill_neutral(citizens_of(state)), phase=INCOME)
        filled = {"neutral": state.neutral}
    return (replace(state, last=("placed", str(decision.seat))),
            line("place", decision.seat, building=decision.building, **filled))


def placement(state: Troyes, decision: Placement) -> tuple[Troyes, Line]:
    if len(decision.citizens) != state.setup.players:
        raise IllegalDecision("give the citizens of every player",
                              code="troyes.setup_citizens", players=state.setup.players)
    return (set_citizens(state, decision.citizens, decision.neutral),
            line("placement", None, citizens=decision.citizens, neutral=decision.neutral))


# --- the citizen action ----------------------------------------------------------------------

def citizen(state: Troyes, seat: int, die: Die, bumped: int, origin: int) -> tuple[Troyes, dict]:
    """One citizen into the building of the die's colour ("빨간색 주사위로는 귀족 회의소에, 흰색
    주사위로는 교구에, 노란색 주사위로는 시청에"), from the player's supply or moved from
    ``origin``; ``bumped``: whose citizen it pushed out (the building full: someone must be; a
    player already pushed out of it this round cannot be again: "그 건물에서 아무도 그 플레이어의
    시민을 쫓아낼 수 없습니다"). A reading that keeps the own supply takes it from there, else
    for 2 influence, and puts the citizen pushed out back in its owner's (``from_supply``)."""
    building = BUILDING_OF[die.colour]
    citizens = [list(c) for c in citizens_of(state)]
    neutral = list(state.neutral_citizens)
    if origin != -1:
        if origin not in range(3) or citizens[seat - 1][origin] < 1:
            raise IllegalDecision("move a citizen from a building where you have one",
                                  code="troyes.no_citizen_there", building=origin)
        citizens[seat - 1][origin] -= 1
    bought = False
    if origin == -1:
        state, bought = from_supply(state, seat)
    citizens[seat - 1][building] += 1
    if bumped != -1:
        if bumped not in range(state.setup.players + 1):
            raise IllegalDecision("pushed out: a player or the neutral citizens",
                                  code="troyes.no_seat", seat=bumped,
                                  players=state.setup.players)
        if (building, bumped) in state.bumped and bumped != 0:
            raise IllegalDecision("that player was already pushed out of this building "
                                  "this round", code="troyes.already_bumped", seat=bumped,
                                  building=building)
        counts = neutral if bumped == 0 else citizens[bumped - 1]
        if counts[building] < 1:
            raise IllegalDecision("no citizen of theirs stands there",
                                  code="troyes.bumped_none", seat=bumped, building=building)
        counts[building] -= 1
    if occupancy(citizens, neutral)[building] > building_spaces():
        raise IllegalDecision("the building is full: say whose citizen was pushed out",
                              code="troyes.building_full", building=building,
                              spaces=building_spaces())
    state = set_citizens(state, citizens, neutral)
    if bumped != -1:
        state = replace(state, bumped=(*state.bumped, (building, bumped)))
        if bumped and state.setup.reading.citizens_cost_influence:  # back to its owner
            state = with_player(state, bumped, supply=state.players[bumped - 1].supply + 1)
    fields = {"building": building, "bumped": bumped, "origin": origin}
    return state, {**fields, "bought": CITIZEN_COST} if bought else fields


def from_supply(state: Troyes, seat: int) -> tuple[Troyes, bool]:
    """A citizen out of ``seat``'s own supply, and whether it was bought: where the reading
    keeps the supply, an empty one is paid with 2 influence ("개인 창고에 시민이 없다면, 영향력
    2를 사용해 시민을 얻을 수 있습니다"); a bought citizen, like any from the supply before that
    reading, must keep the player within 12."""
    p = state.players[seat - 1]
    keeps = state.setup.reading.citizens_cost_influence
    if keeps and p.supply:
        return with_player(state, seat, supply=p.supply - 1), False
    check_most(seat, sum(p.citizens) + p.supply + 1)
    return (spend_influence(state, seat, CITIZEN_COST), True) if keeps else (state, False)


# --- the cathedral ---------------------------------------------------------------------------

def build(state: Troyes, seat: int, dice: list[Die]) -> Troyes:
    return replace(state, cathedral=cathedral_rules.build(state.cathedral, seat,
                                                          [d.pip for d in dice]))


# --- event cards -----------------------------------------------------------------------------

def find_card(state: Troyes, card_id: int) -> event_rules.EventCard:
    for card in state.events:
        if card.id == card_id:
            return card
    raise IllegalDecision(f"no event card {card_id} on the table", code="troyes.no_event",
                          event=card_id)


def reveal(state: Troyes, decision: RevealEvent) -> tuple[Troyes, Line]:
    """A card entered as printed: the one asked when the reading asks them (reveals.py), else
    the table's own entry."""
    d = decision
    event_rules.check_card(d)
    if d.plunder and any(card.plunder for card in state.events):
        raise IllegalDecision("there is one Plunder", code="troyes.one_plunder")
    state = reveals.count(state, d)
    card = event_rules.EventCard(state.cards + 1, d.colour, d.divisor, d.flags, d.first,
                                 d.second, d.plunder, deck=d.deck, black=d.black)
    said = {"deck": d.deck, "black": d.black} if d.deck or d.black else {}
    return (replace(state, events=(*state.events, card), cards=card.id),
            line("reveal", None, event=card.id, colour=d.colour, divisor=d.divisor,
                 flags=d.flags, first=d.first, second=d.second, plunder=d.plunder, **said))


def put_cubes(state: Troyes, card_id: int, owner: int, count: int) -> tuple[Troyes, dict]:
    """``count`` cubes of ``owner`` (0 neutral) on a card's free flags, the excess lost; the
    player's +1 influence per cube placed; a full card awarded."""
    card, placed = event_rules.place(find_card(state, card_id), owner, count)
    if owner:
        p = state.players[owner - 1]
        state = with_player(state, owner, influence=gain_influence(p.influence, placed))
    fields = {"event": card.id, "cubes": placed}
    if card.full:
        award = event_rules.award(card)
        for seat, vp in award.points:
            state = with_player(state, seat, vp=state.players[seat - 1].vp + vp)
        fields.update(award=award.points, taker=award.taker or 0)
        card = replace(card, cubes=()) if card.plunder else None  # the Plunder stays
    state = replace(state, events=tuple(card if c.id == card_id else c
                                        for c in state.events if c.id != card_id or card))
    return state, fields


def cubes(state: Troyes, decision: Cubes) -> tuple[Troyes, Line]:
    if decision.owner not in range(state.setup.players + 1):
        raise IllegalDecision("cubes of a player or neutral ones", code="troyes.no_seat",
                              seat=decision.owner, players=state.setup.players)
    free = find_card(state, decision.event).free
    if not 1 <= decision.count <= free:
        raise IllegalDecision(f"1 to {free} cubes: the flags still free",
                              code="troyes.event_flags", free=free)
    state, fields = put_cubes(state, decision.event, decision.owner, decision.count)
    return state, line("cubes", decision.owner or None, **fields)


def event_act(state: Troyes, seat: int, dice: list[Die], card_id: int,
              divisor: int) -> tuple[Troyes, dict]:
    """An event action: dice of the card's colour, the sum divided by the card's divisor."""
    card = find_card(state, card_id)
    if dice[0].colour != card.colour:
        raise IllegalDecision(f"that event is fought with {card.colour} dice",
                              code="troyes.event_colour", colour=card.colour)
    if divisor not in (0, card.divisor):
        raise IllegalDecision(f"the card's divisor is {card.divisor}",
                              code="troyes.event_divisor", divisor=card.divisor)
    return put_cubes(state, card_id, seat, by_divisor(dice, card.divisor))
