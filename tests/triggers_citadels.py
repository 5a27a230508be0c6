"""How to trigger each citadels rule error code (tests/test_error_codes.py): code -> a call
that raises it."""

from __future__ import annotations

from dataclasses import replace

from companion.citadels import calling, draft, game
from companion.citadels.calling import EndTurn, RoundSetup, Warrants
from companion.citadels.catalogue import FIRST_GAME
from companion.citadels.charset import check
from companion.citadels.draft import Discard, DraftSetup, Pick
from companion.citadels.theater import Swap
from companion.citadels.scoring import PlayerCity, player_from_json, read_input, score_game
from companion.rng import Rng

CONFIG = {"edition": "2016", "players": 4, "characters": list(FIRST_GAME), "crown": 1}
FILLER = ("manor",)


def new_draft(players: int = 4) -> draft.Draft:
    """A fresh draft (seat 1 picks first); with 2 players the second turn is a discard."""
    return draft.start(DraftSetup("2016", players, FIRST_GAME, crown=1), Rng(1))


def finished_draft() -> draft.Draft:
    state = new_draft()
    while not state.finished:
        state = draft.apply(state, draft.legal(state)[0])
    return state


def discard_turn() -> draft.Draft:
    """Two players: seat 1 picked, seat 2 picked, now seat 2 discards."""
    state = new_draft(2)
    for _ in range(2):
        state = draft.apply(state, draft.legal(state)[0])
    return state


def magistrate_turn() -> calling.Calling:
    """The Magistrate (rank 1, seat 1) is to place three warrants."""
    characters = ("magistrate",) + FIRST_GAME[1:]
    holders = {"magistrate": 1, "thief": 2, "king": 3, "bishop": 4}
    return calling.start(RoundSetup("2016", 4, characters, tuple(holders.items()), 1))


def finished_round() -> calling.Calling:
    state = calling.start(RoundSetup("2016", 4, FIRST_GAME, (("king", 1), ("bishop", 2)), 1))
    while not state.finished:
        state = calling.apply(state, EndTurn(state.actor))
    return state


def finished_game() -> game.CitadelsGame:
    state = game.CitadelsRules().initial(CONFIG, 3)
    return replace(state, draft=None, calling=None,
                   rounds=(game.RoundResult(1, (), 1, (), (1,)),))


def theater_asked() -> game.CitadelsGame:
    """A 2016 game with the Theater, its first draft done: the Theater is asked."""
    state = game.CitadelsRules().initial({**CONFIG, "theater": True}, 3)
    while state.draft is not None:
        state = game.apply(state, game.legal(state)[0])
    return state


def score(*players: PlayerCity, edition: str = "2016"):
    return score_game(edition, players + (PlayerCity("Joon", FILLER),))


EIGHT = ("manor", "castle", "palace", "temple", "church", "monastery", "cathedral", "tavern")

TRIGGERS = {
    "citadels.no_seat": lambda: draft.view(new_draft(), 5),
    "citadels.character_set": lambda: check("2016", 2, FIRST_GAME[:-1]),
    "citadels.over": lambda: game.apply(finished_game(), EndTurn(1)),
    "citadels.theater": lambda: game.apply(theater_asked(), Swap(1, 1)),
    "citadels.theater_edition": lambda: game.CitadelsRules().initial(
        {**CONFIG, "edition": "classic", "theater": True}, 3),
    "citadels.quick_edition": lambda: game.CitadelsRules().initial({**CONFIG, "quick": True}, 3),
    "citadels.draft.crown": lambda: DraftSetup("2016", 4, FIRST_GAME, crown=5),
    "citadels.draft.over": lambda: draft.apply(finished_draft(), Pick(1, "king")),
    "citadels.draft.drafting": lambda: draft.apply(new_draft(), EndTurn(1)),
    "citadels.draft.not_your_turn": lambda: draft.apply(new_draft(), Pick(2, "king")),
    "citadels.draft.must_pick": lambda: draft.apply(new_draft(), Discard(1, "king")),
    "citadels.draft.must_discard": lambda: draft.apply(discard_turn(), Pick(2, "king")),
    "citadels.draft.not_offered": lambda: draft.apply(new_draft(), Pick(1, "queen")),
    "citadels.calling.over": lambda: calling.apply(finished_round(), EndTurn(1)),
    "citadels.calling.not_now": lambda: calling.apply(magistrate_turn(), EndTurn(1)),
    "citadels.calling.token_ranks": lambda: calling.apply(magistrate_turn(),
                                                          Warrants(1, (2, 3), 2)),
    "citadels.scoring.edition": lambda: score_game("2020", ()),
    "citadels.scoring.copies": lambda: score(PlayerCity("Mina", ("palace",) * 4)),
    "citadels.scoring.unknown_district": lambda: score(PlayerCity("Mina", ("nope",))),
    "citadels.scoring.unknown_character": lambda: score(PlayerCity("Mina", FILLER,
                                                                   characters=("joker",))),
    "citadels.scoring.vault_built": lambda: score(PlayerCity("Mina", ("secret_vault",))),
    "citadels.scoring.no_vault": lambda: score(PlayerCity("Mina", FILLER, secret_vault=True),
                                               edition="classic"),
    "citadels.scoring.vault_twice": lambda: score_game("2016", (
        PlayerCity("Mina", FILLER, hand=1, secret_vault=True),
        PlayerCity("Joon", FILLER, hand=1, secret_vault=True))),
    "citadels.scoring.vault_hand": lambda: score(PlayerCity("Mina", ("map_room",),
                                                            secret_vault=True)),
    "citadels.scoring.unique_twice": lambda: score(PlayerCity("Mina", ("library", "library"))),
    "citadels.scoring.decorated": lambda: score(PlayerCity("Mina", FILLER,
                                                           decorated=("palace",))),
    "citadels.scoring.built_last_round": lambda: score(PlayerCity(
        "Mina", FILLER, built_last_round=("haunted_city",)), edition="classic"),
    "citadels.scoring.museum": lambda: score(PlayerCity("Mina", FILLER, museum=1)),
    "citadels.scoring.completion_order": lambda: score(PlayerCity("Mina", FILLER, completed=2)),
    "citadels.scoring.too_small": lambda: score(PlayerCity("Mina", FILLER, completed=1)),
    "citadels.scoring.no_place": lambda: score(PlayerCity("Mina", EIGHT)),
    "citadels.scoring.required": lambda: player_from_json({"name": "Mina"}, 1),
    "citadels.scoring.json_input": lambda: read_input("[]"),
}

# the shared score.* codes as the Citadels scoring raises them (tests/test_citadels_scoring.py)
SHARED = {
    "score.json_player": lambda: player_from_json([], 1),
    "score.json_field": lambda: player_from_json({"name": "A", "city": [], "x": 1}, 1),
    "score.json_type": lambda: player_from_json({"name": "A", "city": "manor"}, 1),
    "score.player_count": lambda: score_game("2016", (PlayerCity("Mina", FILLER),)),
    "score.names": lambda: score(PlayerCity("Joon", FILLER)),
    "score.count": lambda: score(PlayerCity("Mina", FILLER, gold=-1)),
}
