"""Drive a Troyes game on the device by the controls a player uses (taps on named buttons):
the starting placement, the event cards entered as they are revealed (or from Events), the
black dice, the defence and a simple way of acting (farm
with yellow, build with white, fight an event with its colour, now and then a citizen)."""

from __future__ import annotations

from conftest import play

from companion.troyes.placement import BUILDINGS

CARDS = ({"colour": "yellow", "divisor": 2, "flags": 4},
         {"colour": "red", "divisor": 2, "flags": 3},
         {"deck": "white", "colour": "white", "divisor": 3, "flags": 2})
"""The Plunder, the red card and the white card it names, as the first round reveals them."""


def start(app, players: int = 3) -> None:
    """A new game on its board, the citizens placed building after building in turn."""
    play(app, "TAP @troyes\nEXPECT troyes-setup")
    for _ in range(3 - players):
        play(app, "TAP @fewer")
    for _ in range(players - 3):
        play(app, "TAP @more")
    play(app, "TAP @start\nEXPECT troyes-board")
    place_all(app)


def place_all(app) -> None:
    k = 0
    while app.top.controller.view().phase == "placement":
        free = app.top.controller.view().room
        building = next(b for j, b in enumerate(BUILDINGS * 2)
                        if j >= k % 3 and free[BUILDINGS.index(b)])
        play(app, f"TAP @place-{building}")
        k += 1


def enter_card(app, colour: str, divisor: int, flags: int, plunder: bool = False) -> None:
    """Events → New event card (the table's own entry): the colour, divisor and flags."""
    play(app, f"TAP @table\nEXPECT troyes-table\nTAP @new-event\nEXPECT troyes-event-entry\n"
              f"TAP @{colour}\nTAP @divisor{divisor}\nTAP @flags{flags}")
    if plunder:
        play(app, "TAP @plunder")
    play(app, "TAP @enter\nEXPECT troyes-table\nTAP @done\nEXPECT troyes-board")


def reveal_cards(app, cards=()) -> None:
    """The event cards the board asks as they are revealed (rules 6), each entered with the
    numbers of the next of ``cards`` (the entry's chips: colour, divisor, flags...; a
    ``deck`` picks the colour the red card names), or as prefilled once they run out."""
    cards = [dict(card) for card in cards]
    while asked := [b.name for b in app.top.buttons if b.name.startswith("reveal-")]:
        card = cards.pop(0) if cards else {}
        deck = f"reveal-{card.pop('deck', '')}"
        play(app, f"TAP @{deck if deck in asked else asked[0]}\nEXPECT troyes-event-entry")
        for field, value in card.items():
            play(app, f"TAP @{value if field == 'colour' else f'{field}{value}'}")
        play(app, "TAP @enter\nEXPECT troyes-board")


def roll_black(app, count: int | None = None, cards=()) -> None:
    """The events: the cards asked entered (``reveal_cards``), then ``count`` black dice rolled
    (None: as many as the cards show, as prefilled)."""
    reveal_cards(app, cards)
    board = app.top
    while count is not None and board.black_count != count:
        play(app, f"TAP @{'more' if board.black_count < count else 'fewer'}")
    play(app, "TAP @roll")


def defend_all(app) -> None:
    c = app.top.controller
    while c.view().phase == "defence":
        names = {b.name for b in app.top.buttons}
        play(app, "TAP @defend" if "defend" in names and app.top.selected else "TAP @fail")


def take_turn(app, acted: dict) -> None:
    """One turn of the player whose turn it is: at most two actions a round, then pass. An
    event card of a die's colour first, then the cathedral, farming, and a red die's citizen
    (pushing out the first one offered)."""
    board, v = app.top, app.top.controller.view()
    seat = v.actor
    names = {b.name for b in board.buttons}
    if "farming" not in names or acted.get(seat, 0) >= 2:
        play(app, "TAP @pass")
        return
    acted[seat] = acted.get(seat, 0) + 1
    for die_id, script in _choices(v, seat):
        play(app, f"TAP @die{die_id}\n{script}")
        if board.choosing is not None and board.problem is None:  # whose citizen went
            answer = next(b.name for b in board.buttons if b.name.startswith(("nobody",
                                                                               "bumped")))
            play(app, f"TAP @{answer}")
        if board.problem is None and board.choosing is None:
            return
        play(app, "TAP @cancel" if board.choosing is not None else f"TAP @die{die_id}")
        board.problem = None
    play(app, "TAP @pass")


def _choices(v, seat):
    own = v.district(seat)
    for die_id, die in own:
        cards = [c for c in v.events if c.colour == die.colour]
        if cards:
            yield die_id, f"TAP @event\nTAP @event{cards[0].id}"
    for die_id, die in own:
        if die.colour == "white" and len(v.cathedral[die.pip - 1]) < 3:
            yield die_id, "TAP @cathedral"
        elif die.colour == "yellow":
            yield die_id, "TAP @farming"
    for die_id, die in own:
        if die.colour == "red":
            yield die_id, "TAP @citizen\nTAP @supply"
            return


def play_round(app, cards=()) -> None:
    """Income, the event cards revealed (``cards``, then as prefilled), the black dice they
    show, the defence, the actions."""
    c = app.top.controller
    play(app, "TAP @income")
    roll_black(app, cards=cards)
    defend_all(app)
    acted: dict = {}
    start = c.view().round
    while c.view().phase == "actions" and c.view().round == start:
        take_turn(app, acted)
