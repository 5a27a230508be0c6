"""Rules that screens used to work out themselves (issue 35: "rules still in screens"), now
asked of the engines' views: which event cards dice may fight, whom a placed citizen may push
out, how far the starting placement is, what a finished game gives the score entry, which
announcements belong to the turn being played. The screens' own tests (test_ui_troyes*,
test_ui_citadels*) still check the same through the controls a player uses."""

from __future__ import annotations

from dataclasses import replace

from companion.citadels.calling import CallingView, Event
from companion.citadels.game import CitadelsView, RoundResult
from companion.troyes.dice import WHITE, YELLOW
from companion.troyes.events import EventCard
from companion.troyes.state import PlayerState
from companion.troyes.view import TroyesView


def troyes_view(**fields) -> TroyesView:
    players = (PlayerState((2, 1, 0), vp=7), PlayerState((0, 1, 2), vp=3))
    base = TroyesView(players=players, round=1, rounds=6, phase="placement", start_player=1,
                      actor=1, dice=(), black=(), neutral_citizens=(1, 0, 0), wages=(),
                      suggestion=(), character_cards=2, last=(), start_citizens=5,
                      room=(0, 2, 3))
    return replace(base, **fields)


def test_dice_fight_only_the_event_cards_of_their_colour():
    """RULES.md §2 (events): an event card is fought with dice of its colour."""
    yellow = EventCard(1, YELLOW, 2, 1, 1, 1)
    white = EventCard(2, WHITE, 3, 1, 1, 1)
    v = troyes_view(events=(yellow, white))
    assert v.events_of(YELLOW) == (yellow,) and v.events_of(WHITE) == (white,)
    assert v.events_of(None) == ()  # dice of two colours fight no card


def test_a_citizen_pushes_out_someone_only_from_a_full_building():
    """Nobody is pushed out while the building has room, or when the citizen only moves
    within it; otherwise one of the owners standing there (0: the neutral citizens)."""
    v = troyes_view()
    assert v.bump_options(origin=1, building=0) == (False, (0, 1))  # Town Hall full
    assert v.bump_options(origin=0, building=0) == (True, (0, 1))  # moved within it
    assert v.bump_options(origin=0, building=2) == (True, (2,))  # the Palace has room


def test_the_starting_placement_counts_the_citizen_being_placed_of_all():
    assert troyes_view().placement_progress() == (7, 10)  # 6 placed, 2 players × 5


def test_a_kept_troyes_game_gives_the_score_entry_its_tokens_events_and_cathedral():
    """Under rules 3 the unresolved events holding a player's cube and the cathedral levels
    with one count; before, only the VP tracked; each character card in play starts at 0."""
    card = EventCard(1, YELLOW, 2, 1, 1, 1, cubes=(2, 2))
    tracked = troyes_view(tracks_board=True, events=(card,), cathedral=((2,), (), ()))
    mina, joon = tracked.score_inputs(["Mina", "Joon"])
    assert (mina.name, mina.tokens, mina.unresolved_events, mina.cathedral_levels) == \
        ("Mina", 7, 0, ())
    assert (joon.tokens, joon.unresolved_events, joon.cathedral_levels) == (3, 1, (1,))
    assert mina.character_points == (0, 0)
    untracked = replace(tracked, tracks_board=False).score_inputs(["Mina", "Joon"])
    assert [(p.unresolved_events, p.cathedral_levels) for p in untracked] == [(0, ()), (0, ())]


def test_a_finished_citadels_game_gives_the_score_entry_its_order_characters_and_crown():
    last = RoundResult(4, (("king", 2), ("thief", 1), ("bishop", 3)), crown_after=2, events=(),
                       completed=(3, 1))
    v = CitadelsView("classic", 3, (), 4, 2, "over", None, None, (last,), (3, 1),
                     last.holders, 8)
    a, b, c = v.score_inputs(["A", "B", "C"])
    assert (a.completed, b.completed, c.completed) == (2, None, 1)
    assert (a.crown, b.crown, c.crown) == (False, True, False)
    assert (a.characters, b.characters, c.characters) == (("thief",), ("king",), ("bishop",))


def test_the_turn_being_played_starts_at_its_reveal_with_the_calls_just_before_it():
    events = (Event("reveal", 1, 1), Event("nobody", 2), Event("silent", 3),
              Event("reveal", 4, 2), Event("took_gold", 4, 2))
    v = CallingView(4, "turn", 1, 2, events, 0, 0, 0, (), (), (), False, (), None)
    turn, before = v.current_turn()
    assert turn == events[3:] and before == events[1:3]
    over = replace(v, phase="end", events=(*events, Event("killed_revealed", 5, 3)))
    assert over.current_turn() == ((over.events[-1],), ())


def test_a_tiletum_game_becomes_its_score_inputs_in_the_last_turn_order():
    """Seed 004: ties go to the earlier in turn order, so the score entry lists the players in
    the turn order the game ended with (the engine's ``score_inputs``, not a screen's)."""
    from companion.tiletum.game import DEFAULT_FESTIVALS, TiletumRules, config_for, view

    state = TiletumRules().initial(config_for(3, (2, 3, 1), DEFAULT_FESTIVALS, (0,) * 6), 7)
    players = view(state).score_inputs(["Mina", "Joon", "Sora"])
    assert [(p.name, p.turn_order) for p in players] == [("Joon", 1), ("Sora", 2), ("Mina", 3)]


def test_a_tiletum_score_entry_starts_from_the_vp_and_gold_the_device_kept():
    """Issue 37, item 8: each player's "VP on the score track" starts from the festivals and
    the king phases the device scored, never below 0 ("점수 트랙에서 자신의 승점은 절대 '0'
    미만으로 내려가지 않습니다"), and the resources left from the gold it kept, counted together
    as the rulebook scores them ("아무 자원 4개마다 1 VP")."""
    from companion.tiletum.game import DEFAULT_FESTIVALS, TiletumRules, config_for, view
    from companion.tiletum.scoring import ANY

    state = TiletumRules().initial(config_for(3, (2, 3, 1), DEFAULT_FESTIVALS, (0,) * 6), 7)
    players = tuple(replace(p, festival_vp=vp) for p, vp in zip(state.players,
                                                                ((6, 9), (), (2,))))
    state = replace(state, players=players,
                    king=replace(state.king, vp=(4, -3, -10)))  # seats 1, 2, 3
    inputs = {p.name: (p.vp, p.resources) for p in view(state).score_inputs(["Mina", "Joon",
                                                                             "Sora"])}
    gold = {name: state.players[seat].gold for seat, name in enumerate(("Mina", "Joon", "Sora"))}
    assert inputs == {"Mina": (19, {ANY: gold["Mina"]}), "Joon": (0, {ANY: gold["Joon"]}),
                      "Sora": (0, {ANY: gold["Sora"]})}
