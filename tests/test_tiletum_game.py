"""The Tiletum game engine (RULES.md §3): rounds, passes, corruption reveals, taking dice,
bonus markers, turn order, festivals; replay from a session; the public view."""

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalDecision
from companion.rng import Rng
from companion.rules import Outcome
from companion.session import Session
from companion.tiletum import game as g
from companion.tiletum.readings import CURRENT
from companion.tiletum.wheel import ACTIONS, DRAWN, RESOURCE, TileDie, action_at

FEST = g.DEFAULT_FESTIVALS


def new(players=3, order=None, seed=7, festivals=FEST, corruption=(0, 0, 1, 1, 2, 2),
        rules=CURRENT.number):
    order = order or tuple(range(1, players + 1))
    return g.start(g.TiletumSetup(players, order, festivals, corruption, rules), seed)


def begun(**kw):
    return g.apply(g.apply(new(**kw), g.Begin()), g.Reveal())


def take_first(state, steps=0):
    """The actor takes the first die on the wheel (naming an action on the Joker wedge)."""
    die_id, die = state.wheel[0]
    pip = (die.pip - 1 + steps) % 6 + 1
    joker = "King" if action_at(pip, state.offset, state.round) == "Joker" else ""
    return g.apply(state, g.Take(state.actor, die_id, steps, joker))


def play_pass(state):
    for _ in range(state.setup.players):
        state = take_first(state)
    return state


def play_round(state):
    """Three passes of first dice, the turn order the king track gives, everyone once at the
    festival."""
    for n in range(g.PASSES):
        if n:
            state = g.apply(state, g.Reveal())
        state = play_pass(state)
    state = g.apply(state, g.TurnOrder(g.king_result(state).order))
    for seat in state.order:
        state = g.apply(state, g.FestivalScore(seat, True, 1))
    if state.phase == g.REVEAL:
        state = g.apply(state, g.Reveal())
    return state


def test_start_gold_by_turn_order_and_one_of_each_resource():
    state = new(players=4, order=(3, 4, 1, 2))
    assert [g.starting(state, s).gold for s in (3, 4, 1, 2)] == [1, 3, 5, 6]
    assert g.starting(state, 2).resources == {"iron": 1, "wool": 1, "stone": 1, "food": 1}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draw_counts_each_round_from_the_full_bag(players):
    state = begun(players=players)
    for round_number in range(1, 5):
        assert state.round == round_number
        assert len(state.wheel) == DRAWN[players]
        colours = Counter(d.colour for _, d in state.wheel)
        assert max(colours.values()) <= players  # one die of each colour per player
        state = play_round(state)
    assert state.finished


def test_wedge_action_follows_the_pip_and_the_wheel_turns_one_step_per_round():
    state = begun(players=2)
    first = g.view(state).wheel
    state = play_round(state)
    second = g.view(state).wheel
    assert sorted(first.values()) == sorted(ACTIONS)
    # one step: the action on pip p last round is on pip p+1 now
    assert all(second[p % 6 + 1] == first[p] for p in range(1, 7))


def test_three_passes_of_one_die_per_player_in_turn_order():
    state = begun(players=3, order=(2, 3, 1))
    seen = []
    for n in range(g.PASSES):
        if n:
            assert state.phase == g.REVEAL
            state = g.apply(state, g.Reveal())
        for _ in range(3):
            seen.append(state.actor)
            state = take_first(state)
    assert seen == [2, 3, 1] * 3
    assert state.phase == g.KING
    assert len(state.wheel) == DRAWN[3] - 9


def test_only_the_actor_takes_and_only_dice_on_the_wheel():
    state = begun(players=2, order=(2, 1))
    with pytest.raises(IllegalDecision):
        g.apply(state, g.Take(1, state.wheel[0][0]))
    with pytest.raises(IllegalDecision):
        g.apply(state, g.Take(2, 99))
    gone = state.wheel[0][0]
    state = take_first(state)
    with pytest.raises(IllegalDecision):  # that die is gone
        g.apply(state, g.Take(1, gone))


def test_taking_gives_colour_x_pip_resources_and_seven_minus_pip_ap():
    state = begun(players=4, seed=3)
    die_id, die = next((i, d) for i, d in state.wheel
                       if action_at(d.pip, state.offset, 1) != "Joker")
    state = g.apply(state, g.Take(state.actor, die_id))
    gain = state.takes[-1].gain
    assert (gain.resource, gain.amount) == (RESOURCE[die.colour], die.pip)
    assert gain.ap == 7 - die.pip
    assert gain.action == action_at(die.pip, state.offset, 1)


def rich(state, gold=20):
    """The actor holds ``gold`` (as the table would say through ``Gold``)."""
    return g.apply(state, g.Gold(state.actor, gold))


def test_pip_change_costs_two_gold_a_step_wraps_and_moves_the_die_to_its_new_wedge():
    state = rich(begun(players=2, seed=11))
    die_id, die = state.wheel[0]
    steps = 6 - die.pip + 1  # up past 6 to 1
    steps = steps if steps <= 5 else -1
    new_pip = (die.pip - 1 + steps) % 6 + 1
    joker = "Merchant" if action_at(new_pip, state.offset, 1) == "Joker" else ""
    after = g.apply(state, g.Take(state.actor, die_id, steps, joker))
    taken = after.takes[-1]
    assert taken.die == TileDie(die.colour, new_pip)
    assert taken.gold_paid == 2 * abs(steps)
    assert taken.gain.amount == new_pip and taken.gain.ap == 7 - new_pip
    six = g.apply(replace(state, wheel=((0, TileDie("grey", 6)),)), g.Take(
        state.actor, 0, 1, "King" if action_at(1, state.offset, 1) == "Joker" else ""))
    assert six.takes[-1].die.pip == 1 and six.takes[-1].gold_paid == 2


def test_joker_wedge_names_its_action_and_others_do_not():
    state = begun(players=2, seed=2)
    joker_pip = next(p for p in range(1, 7) if action_at(p, state.offset, 1) == "Joker")
    other_pip = joker_pip % 6 + 1
    state = replace(state, wheel=((0, TileDie("blue", joker_pip)), (1, TileDie("blue",
                                                                                 other_pip))))
    with pytest.raises(IllegalDecision):
        g.apply(state, g.Take(state.actor, 0))
    with pytest.raises(IllegalDecision):
        g.apply(state, g.Take(state.actor, 0, 0, "Joker"))
    with pytest.raises(IllegalDecision):
        g.apply(state, g.Take(state.actor, 1, 0, "King"))
    state = g.apply(state, g.Bonus(state.actor, "Contract", 2))
    took = g.apply(state, g.Take(state.actor, 0, 0, "Contract"))
    assert took.takes[-1].gain.action == "Contract"
    assert took.takes[-1].gain.ap == 7 - joker_pip + 2  # the chosen action's bonus applies


def test_bonus_markers_add_ap_to_their_action_and_apply_at_once_to_the_current_one():
    state = begun(players=2, seed=5)
    seat = state.actor
    state = g.apply(state, g.Bonus(seat, "Architect", 1))
    state = g.apply(state, g.Bonus(seat, "Architect", 2))
    assert state.players[seat - 1].bonus("Architect") == 3
    arch_pip = next(p for p in range(1, 7) if action_at(p, state.offset, 1) == "Architect")
    state = replace(state, wheel=((0, TileDie("pink", arch_pip)),) + state.wheel[1:])
    state = g.apply(state, g.Take(seat, 0))
    assert state.takes[-1].gain.ap == 7 - arch_pip + 3
    state = g.apply(state, g.Bonus(seat, "Architect", 3))  # completed during this action
    assert state.takes[-1].gain.ap == 7 - arch_pip + 6
    assert state.last[0] == "bonus_now"
    other = 3 - seat
    state = g.apply(state, g.Bonus(other, "King", 1))
    assert state.takes[-1].gain.ap == 7 - arch_pip + 6  # someone else's marker: no change


def test_bonus_markers_are_checked():
    state = begun(players=2)
    for bad in (g.Bonus(1, "Joker", 1), g.Bonus(1, "King", 4), g.Bonus(3, "King", 1)):
        with pytest.raises(IllegalDecision):
            g.apply(state, bad)
    for _ in range(g.MARKERS_PER_PLAYER):
        state = g.apply(state, g.Bonus(1, "King", 1))
    with pytest.raises(IllegalDecision):
        g.apply(state, g.Bonus(1, "King", 1))


def test_corruption_reveal_order_is_the_draw_order_one_per_pass():
    state = begun(players=2, seed=21)
    tokens = state.tokens
    assert len(tokens) == 3 and Counter(tokens) <= Counter(state.setup.corruption)
    revealed = [int(state.last[1])]
    for _ in range(2):
        state = play_pass(state)
        state = g.apply(state, g.Reveal())
        revealed.append(int(state.last[1]))
    assert revealed == list(tokens)
    assert g.view(state).revealed == tokens and g.view(state).face_down == 0


def test_the_view_strips_face_down_tokens():
    state = begun(players=3, seed=4)
    other = replace(state, tokens=state.tokens[:1] + tuple(2 - t for t in state.tokens[1:]))
    assert g.view(state) == g.view(other)
    assert g.view(state).revealed == state.tokens[:1] and g.view(state).face_down == 2


def test_turn_order_is_re_entered_after_the_king_phase_and_used_next():
    """Games kept before the king track was followed (rules 2): the table enters the order.
    (Under rules 3 it comes from the track: tests/test_tiletum_king.py.)"""
    state = begun(players=3, rules=2)
    for n in range(g.PASSES):
        if n:
            state = g.apply(state, g.Reveal())
        state = play_pass(state)
    with pytest.raises(IllegalDecision):
        g.apply(state, g.TurnOrder((1, 1, 2)))
    state = g.apply(state, g.TurnOrder((3, 1, 2)))
    assert state.phase == g.FESTIVAL and state.actor == 3  # the festival in the new order
    for seat in (3, 1, 2):
        state = g.apply(state, g.FestivalScore(seat, False))
    state = g.apply(state, g.Reveal())
    assert state.round == 2 and state.actor == 3


def test_festival_adds_board_plus_tile_vp_times_count_and_only_for_who_takes_part():
    fest = (g.Festival("contracts", 3, 3), FEST[1], g.Festival("pillars", 1, 3), FEST[3])
    state = begun(players=2, festivals=fest, rules=3)  # a reading where festival 1 has absents
    for n in range(g.PASSES):
        if n:
            state = g.apply(state, g.Reveal())
        state = play_pass(state)
    state = g.apply(state, g.TurnOrder((1, 2)))
    state = g.apply(state, g.FestivalScore(1, True, 3))  # the rulebook: 3 contracts -> 18 VP
    state = g.apply(state, g.FestivalScore(2, False, 5))
    assert [p.festival_vp for p in state.players] == [(18,), (0,)]


def test_king_track_festival_adds_the_space_instead_of_multiplying():
    fest = (g.Festival("king_track", 2, 1),) + FEST[1:]
    state = begun(players=2, festivals=fest, rules=2)
    for n in range(g.PASSES):
        if n:
            state = g.apply(state, g.Reveal())
        state = play_pass(state)
    state = g.apply(state, g.TurnOrder((2, 1)))
    state = g.apply(state, g.FestivalScore(2, True, -4))
    state = g.apply(state, g.FestivalScore(1, True, 5))
    assert [p.festival_vp for p in state.players] == [(1 + 2 + 5,), (1 + 2 - 4,)]


def test_setup_is_checked():
    with pytest.raises(IllegalDecision):
        new(players=5)
    with pytest.raises(IllegalDecision):
        new(players=2, order=(1, 1))
    with pytest.raises(IllegalDecision):
        new(festivals=FEST[:3])
    with pytest.raises(IllegalDecision):
        new(festivals=(FEST[0],) * 4)
    with pytest.raises(IllegalDecision):
        new(corruption=(0, 1, 2, 3, 0, 0))


def test_the_game_ends_after_the_fourth_festival():
    state = begun(players=2)
    for _ in range(4):
        state = play_round(state)
    assert state.finished and all(len(p.festival_vp) == 4 for p in state.players)
    with pytest.raises(IllegalDecision):
        g.apply(state, g.Reveal())


def test_roll_command_shows_the_same_dice_as_the_game():
    from ui.commands.tiletum import roll_tiletum
    state = begun(players=3, seed=99)
    rolled = roll_tiletum(3, 1, 99)
    assert [(d["colour"], d["pip"]) for d in rolled["dice"]] == \
        [(d.colour, d.pip) for _, d in state.wheel]
    assert {int(k): v for k, v in rolled["wheel"].items()} == g.view(state).wheel


def random_game(players: int, seed: int, pick: Rng):
    """A whole game with decisions picked at random from ``legal`` (a bonus marker one time in
    ten where they may be reported)."""
    order = g.round_the_table(pick.randrange(players) + 1, players)  # a first player drawn
    config = g.config_for(players, order, FEST, (0, 1, 1, 2, 2, 0))
    rules = g.TiletumRules()
    session = Session(rules.game_id, config, seed)
    state = rules.initial(config, seed)
    while not state.finished:
        legal = g.legal(state)
        bonuses = [d for d in legal if isinstance(d, g.Bonus)]
        moves = [d for d in legal if not isinstance(d, g.Bonus)]
        decision = pick.choice(bonuses if bonuses and pick.randrange(10) == 0 else moves)
        new_state = g.apply(state, decision)
        session = session.with_decision(g.encode(decision))
        yield state, decision, new_state
        state = new_state
    assert session.replay(rules) == state


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_random_games_keep_the_rules_and_replay_exactly(players, seed):
    takes_per_round = Counter()
    for before, decision, after in random_game(players, seed, Rng(seed).fork("picks")):
        if isinstance(decision, g.Take):
            taken = after.takes[-1]
            assert taken.seat == before.actor
            assert taken.gain.ap == 7 - taken.die.pip + after.players[
                taken.seat - 1].bonus(taken.gain.action)
            assert taken.gold_paid == 2 * abs(decision.steps)
            takes_per_round[before.round] += 1
            assert len(after.wheel) == len(before.wheel) - 1
        colours = Counter(d.colour for _, d in after.wheel)
        assert not colours or max(colours.values()) <= players
        assert after.revealed <= g.PASSES
    assert takes_per_round == {r: 3 * players for r in range(1, 5)}


# --- the engine contract (companion/rules.py), issue 14 ---------------------------------------

def test_a_die_turns_at_most_three_pips_either_way():
    """Seed 004 (action phase, taking a die): "주사위를 가져가기 전에, 플레이어는 금화 2개를
    소비하여 가져가려는 주사위의 눈금을 1만큼 더하거나 뺄 수 있습니다(여러 번 반복할 수도
    있습니다). ... '6'은 금화 2개를 지불하여 '1'로 바꿀 수도 있습니다(반대로도 가능)." Pips wrap,
    so every pip is at most 3 steps away one way or the other; a longer way only reaches a pip a
    shorter one reaches for less gold. ``legal`` and ``apply`` both take -3 to +3 (with the
    gold to pay for them)."""
    state = rich(begun(players=2, seed=11))
    die_id, die = state.wheel[0]
    steps = {d.steps for d in g.legal(state) if isinstance(d, g.Take) and d.die == die_id}
    assert steps == set(range(-3, 4))
    reached = {g.take_offer(g.view(state).wheel, state.players[0], die, n).die.pip
               for n in steps}
    assert reached == set(range(1, 7))
    for n in (4, 5, 6, -4, -5, -6):
        with pytest.raises(IllegalDecision) as refused:
            g.apply(state, g.Take(state.actor, die_id, n, "King"))
        assert refused.value.code == "tiletum.pip_steps" and refused.value.fields == {"high": 3}


def test_what_a_take_would_give_is_what_it_gives():
    state = rich(begun(players=3, seed=8))
    state = g.apply(state, g.Bonus(state.actor, "Merchant", 2))
    v = g.view(state)
    for die_id, _ in v.dice:
        for steps in (-2, 0, 1, 3):
            offer = v.offer(die_id, steps, "Merchant")
            joker = "Merchant" if offer.wedge == g.JOKER else ""
            taken = g.apply(state, g.Take(v.actor, die_id, steps, joker)).takes[-1]
            assert (taken.die, taken.gold_paid, taken.gain) == (offer.die, offer.gold,
                                                                 offer.gain)
            assert offer.bonus == (2 if offer.gain.action == "Merchant" else 0)


def test_bonus_markers_are_reported_in_the_passes_and_the_king_phase_only():
    state = new(players=2)
    with pytest.raises(IllegalDecision) as refused:
        g.apply(state, g.Bonus(1, "King", 1))
    assert refused.value.code == "tiletum.bonus_phase"
    state = g.apply(state, g.Begin())
    assert g.Bonus(1, "King", 1) in g.legal(state)
    g.apply(state, g.Bonus(1, "King", 1))
    for _ in range(g.PASSES):
        state = play_pass(g.apply(state, g.Reveal()))
    assert state.phase == g.KING and g.Bonus(2, "Contract", 3) in g.legal(state)
    state = g.apply(state, g.TurnOrder(state.order))
    assert not any(isinstance(d, g.Bonus) for d in g.legal(state))
    with pytest.raises(IllegalDecision):
        g.apply(state, g.Bonus(1, "King", 1))


def test_festival_counts_are_open_ended_and_king_spaces_run_from_minus_10_to_15():
    """Seed 004: the leftmost king-track space is "-10 VP"; a disc can never pass "+15 VP"."""
    rules = g.TiletumRules()
    fest = (g.Festival("king_track", 2, 1),) + FEST[1:]
    for festivals, low, high, refused in ((fest, -10, 15, "tiletum.king_space"),
                                          (FEST, 0, None, "tiletum.festival_count")):
        state = begun(players=2, festivals=festivals)
        for n in range(g.PASSES):
            state = play_pass(g.apply(state, g.Reveal()) if n else state)
        state = g.apply(state, g.TurnOrder(state.order))
        assert state.festival.counts == (low, high)
        seat = state.actor
        assert rules.is_legal(state, g.FestivalScore(seat, True, low))
        assert rules.is_legal(state, g.FestivalScore(seat, True, 99)) == (high is None)
        with pytest.raises(IllegalDecision) as caught:
            g.apply(state, g.FestivalScore(seat, True, low - 1))
        assert caught.value.code == refused
        assert not rules.is_legal(state, g.FestivalScore(seat, True, low - 1))


def test_every_seat_sees_what_the_table_sees_and_the_outcome_is_the_rounds():
    rules = g.TiletumRules()
    state = begun(players=3, seed=4)
    assert all(rules.view(state, seat) == rules.view(state, None) for seat in (1, 2, 3))
    assert rules.outcome(state) == Outcome(False, {"game": "tiletum", "rounds": 1})
    for _ in range(4):
        state = play_round(state)
    assert rules.outcome(state).finished and rules.outcome(state).result == {
        "game": "tiletum", "rounds": 4}
    assert rules.legal(state) == ()
    with pytest.raises(IllegalDecision) as refused:
        g.apply(state, g.Bonus(1, "King", 1))
    assert refused.value.code == "tiletum.over"
