"""Tiletum's king track (issue 17 item 11): companion/tiletum/king.py and the game under rules
3 — corruption moves it, ``King`` moves a disc, the king phase scores it and gives the turn
order; games kept under rules 2 replay as they were."""

from __future__ import annotations

import pytest

from companion.errors import IllegalDecision
from companion.session import Session
from companion.tiletum import game as g
from companion.tiletum.readings import CURRENT
from companion.tiletum.king import (Track, advance, king_phase, move_left, start_track,
                                    turn_order)
from companion.tiletum.playthrough import tiletum_game

FEST = g.DEFAULT_FESTIVALS
KING_FEST = (g.Festival("king_track", 2, 1),) + FEST[1:]
RULES = g.TiletumRules()


def new(players=3, rules=CURRENT.number, festivals=FEST, corruption=(1, 1, 2, 2, 2, 2), seed=7):
    setup = g.TiletumSetup(players, tuple(range(1, players + 1)), festivals, corruption, rules)
    return g.apply(g.start(setup, seed), g.Begin())


def take(state):
    """The actor takes a die that does not perform King (from rules 5 that would move their
    disc), naming Merchant on the Joker wedge: unturned if they can, else turned (any die if
    the gold turns none away from King)."""
    v = g.view(state)
    takes = [d for d in g.legal(state) if isinstance(d, g.Take)]
    other = [d for d in takes if v.offer(d.die, d.steps, d.joker).gain.action != "King"]
    return g.apply(state, min(other or takes, key=lambda d: abs(d.steps)))


def king_takes(state):
    """The actor's takes that perform the King action (its wedge, or the Joker naming King)."""
    v = g.view(state)
    return [d for d in g.legal(state) if isinstance(d, g.Take)
            and v.offer(d.die, d.steps, d.joker).gain.action == "King"]


def to_king_phase(state, moves=()):
    """Three passes; ``moves`` = King decisions entered after the first take."""
    for n in range(g.PASSES):
        state = g.apply(state, g.Reveal())
        while state.phase == g.TAKE:
            state = take(state)
            if n == 0:
                for m in moves:
                    state = g.apply(state, m)
                moves = ()
    assert state.phase == g.KING
    return state


def test_the_discs_start_on_0_first_player_at_the_bottom():
    """Seed 004 l.245: "왕 트랙의 '0 VP' 위치에 놓습니다. 첫 번째 플레이어의 디스크가 가장 밑으로,
    마지막 플레이어의 디스크가 가장 위에 놓이도록 더미를 만들어 놓습니다." """
    state = g.start(g.TiletumSetup(3, (2, 3, 1), FEST), 1)
    assert state.king.track == Track(((0, (2, 3, 1)),))
    assert g.view(state).track.stack(0) == (2, 3, 1)


def test_corruption_moves_leftmost_first_and_stops_at_minus_10():
    """Seed 004 l.323-329: "디스크는 왕 트랙의 가장 왼쪽 칸보다 더 내려가지는 않습니다 ...
    디스크를 움직일 때는 항상 가장 왼쪽에 있는 디스크부터 움직입니다. 왕 트랙의 같은 칸에 여러
    디스크가 쌓여있는 경우, 쌓여있는 순서를 바꾸지 않은 채로 함께 움직입니다." The example: "먼저
    초록색 디스크를 '-10 VP' 칸으로 움직입니다. 더 내려갈 수는 없습니다. 다음으로 주황색과 파란색
    디스크를 '-1 VP' 칸으로 움직입니다. 쌓인 순서는 바꾸지 않습니다." """
    track = Track.of({-9: ("green",), 1: ("orange", "blue")})
    assert move_left(track, 2) == Track.of({-10: ("green",), -1: ("orange", "blue")})
    assert move_left(Track.of({-10: ("a",), -9: ("b",)}), 2).stack(-10) == ("a", "b")
    assert move_left(track, 0) == track


def test_a_revealed_token_moves_every_disc_in_the_game():
    """Seed 004 l.315: "모든 플레이어는 왕 트랙에 있는 자신의 디스크를 공개된 부패 토큰의 숫자만큼
    왼쪽으로 움직입니다." """
    state = g.apply(new(), g.Reveal())
    token = state.tokens[0]
    assert state.king.track == Track.of({-token: (1, 2, 3)})
    assert g.view(state).track == state.king.track


def test_the_king_action_lands_on_top_and_never_passes_15():
    """Seed 004 l.638-648: "받은 AP만큼 왕 트랙에서 자신의 디스크를 오른쪽으로 전진시킵니다. 다른
    플레이어의 디스크가 있는 칸에 도착하면, 자신의 디스크를 그 위에 올려놓습니다. 디스크를 전진할
    때, 절대 '+15 VP' 칸을 넘을 수는 없습니다." The example: a 4 die, 3 AP: "주황색과 자주색 디스크
    위에 파란색 디스크를 올려놓습니다." """
    track = Track.of({0: ("blue",), 3: ("orange", "purple")})
    assert advance(track, "blue", 3).stack(3) == ("orange", "purple", "blue")
    assert advance(track, "blue", 40) == Track.of({3: ("orange", "purple"), 15: ("blue",)})
    # only the mover leaves its stack; the discs above it stay
    assert advance(Track.of({0: ("a", "b")}), "a", 1) == Track.of({0: ("b",), 1: ("a",)})


def test_king_decisions_move_the_disc_in_the_game():
    state = g.apply(new(), g.Reveal())
    token = state.tokens[0]
    state = g.apply(take(state), g.King(2, 4))
    assert state.king.track.space(2) == 4 - token
    assert state.last == ("king", "2", "4")
    assert g.King(2, 4) in g.legal(take(g.apply(new(), g.Reveal())))
    assert RULES.is_legal(state, g.King(3, 30))  # any move: it stops at +15
    assert g.apply(state, g.King(3, 30)).king.track.space(3) == 15


def test_the_seeds_king_phase_example():
    """Seed 004 l.409: "파란색 플레이어는 3 VP를 획득합니다. 주황색과 자주색 플레이어는 VP를 얻거나
    잃지 않습니다. 초록색 플레이어는 2 VP를 잃습니다. 왕 트랙 옆에 있는 보너스 타일은 파란색
    플레이어가 가집니다." """
    r = king_phase(Track.of({-2: ("green",), 0: ("orange", "purple"), 3: ("blue",)}))
    assert r.leader == "blue" and not r.last_round
    assert dict(r.vp) == {"blue": 3, "orange": 0, "purple": 0, "green": -2}


def test_the_turn_order_comes_from_the_track_bottom_of_a_stack_first():
    """Seed 004 l.413: "왕 트랙에서 가장 앞선 플레이어가 다음 라운드의 첫 번째 플레이어 ... 여러
    플레이어 디스크가 왕 트랙의 같은 칸에 있다면, 해당 더미에서 가장 밑에 있는 플레이어가 더 앞선
    플레이어 순서가 됩니다." (l.419: "주황색이 첫 번째, 파란색이 두 번째, 초록색이 세 번째")"""
    r = king_phase(Track.of({-1: ("green",), 4: ("orange", "blue")}))
    assert r.order == ("orange", "blue", "green")


def test_a_tie_for_the_bonus_goes_to_the_top_of_the_stack():
    """Seed 004 l.401: "왕 트랙에서 가장 앞선 위치에 있는 디스크가 여러 개라면, 가장 뒤에 있는
    플레이어가 보너스를 받습니다." Read with l.413 (the bottom of a stack is "더 앞선"), the one
    furthest back on the shared space is the top disc: the last to arrive."""
    r = king_phase(Track.of({2: ("green",), 6: ("orange", "blue", "purple")}))
    assert r.leader == "purple"
    assert r.order[0] == "orange"  # while the bottom disc goes first


@pytest.mark.parametrize("last_round", [False, True])
def test_a_tie_for_the_bonus_in_a_game_goes_to_the_top_disc_not_the_last_in_turn_order(
        last_round):
    """The reading of seed 004 l.401 (docs/scoring.md): "왕 트랙에서 가장 앞선 위치에 있는
    디스크가 여러 개라면, 가장 뒤에 있는 플레이어가 보너스를 받습니다." — "가장 뒤에 있는" is
    where a disc stands on that space, as l.413 ranks a stack ("해당 더미에서 가장 밑에 있는
    플레이어가 더 앞선 플레이어 순서가 됩니다"): the top disc, not the player last in this round's
    turn order. The round's last player reaches +12 first and its first lands on them: the
    first takes the bonus tile (or the 4 VP in the last round), the last goes first next
    round."""
    state = new(players=3)
    if last_round:
        for _ in range(g.ROUNDS - 1):
            state = to_king_phase(state)
            state = g.apply(state, g.TurnOrder(g.king_result(state).order))
            for seat in state.order:
                state = g.apply(state, g.FestivalScore(seat, True, 0))
    order, track = state.order, state.king.track
    for seat in (order[2], order[0]):
        state = g.apply(state, g.King(seat, 12 - track.space(seat)))
    for seat in order:  # gold to turn any die away from King: only those moves reach the track
        state = g.apply(state, g.Gold(seat, 20))
    state = to_king_phase(state)
    track = state.king.track
    top = max(space for space, _ in track.stacks)
    assert track.stack(top) == (order[2], order[0])  # a tie: the round's last, then its first
    result = g.king_result(state)
    assert result.leader == g.view(state).king.leader == order[0]
    assert result.order[:2] == (order[2], order[0])
    state = g.apply(state, g.TurnOrder(result.order))
    assert state.king.phases[-1].leader == order[0] and state.order[0] == order[2]
    assert dict(result.vp)[order[0]] == top + (4 if last_round else 0)
    assert dict(result.vp)[order[2]] == top


def test_the_last_round_gives_4_vp_instead_of_the_tile():
    """Seed 004 l.401: "마지막 라운드에는 보너스 타일을 받지 않는 대신 4 VP를 획득합니다." """
    track = Track.of({-2: ("a",), 5: ("b",)})
    assert dict(king_phase(track, last_round=True).vp) == {"a": -2, "b": 9}
    assert dict(king_phase(track).vp) == {"a": -2, "b": 5}


def test_red_discs_go_back_to_0_the_one_further_left_on_top():
    """Seed 004 l.421: "왕 트랙에서 빨간색 칸에 있는 플레이어의 디스크를 0 VP 칸으로 옮깁니다.
    여러 디스크가 0 VP 칸에 놓여야 한다면, 기존에 더 왼쪽에 있던 디스크가 위로 가도록 쌓습니다.
    파란색 칸에 있던 디스크는 움직이지 않고" """
    r = king_phase(Track.of({-8: ("a",), -3: ("b",), 0: ("c",), 2: ("d",)}))
    assert r.track == Track.of({0: ("c", "b", "a"), 2: ("d",)})
    assert dict(r.space_vp) == {"a": -8, "b": -3, "c": 0, "d": 2}  # scored before the reset


def test_the_king_phase_in_the_game_scores_and_orders():
    """The turn order confirmed in the king phase is the track's; any other is refused with a
    code; confirming scores the phase (VP kept per seat) and resets the red discs."""
    state = new(players=3)
    state = to_king_phase(state, moves=(g.King(3, 6), g.King(2, 6)))
    spaces = {seat: state.king.track.space(seat) for seat in (1, 2, 3)}
    assert spaces[2] == spaces[3] > spaces[1]
    assert g.legal(state)[0] == g.TurnOrder((3, 2, 1))
    assert [d for d in g.legal(state) if isinstance(d, g.TurnOrder)] == [g.TurnOrder((3, 2, 1))]
    with pytest.raises(IllegalDecision) as refused:
        g.apply(state, g.TurnOrder((1, 2, 3)))
    assert refused.value.code == "tiletum.king_order"
    view = g.view(state)
    assert view.king.leader == 2 and view.king.order == (3, 2, 1)  # tie: the top disc (2)
    state = g.apply(state, g.TurnOrder((3, 2, 1)))
    assert state.order == (3, 2, 1) and state.phase == g.FESTIVAL
    assert state.king.vp == tuple(spaces[s] for s in (1, 2, 3))
    assert all(state.king.track.space(s) == max(0, spaces[s]) for s in (1, 2, 3))
    assert g.view(state).king == state.king.phases[-1]


def test_the_king_track_festival_gets_the_space_before_the_reset():
    """Seed 004 l.858: "이 축제 타일은 왕 트랙을 초기화하기 전에 점수를 계산해야 합니다." The view
    in the festival keeps each space as scored, for the festival's count."""
    state = to_king_phase(new(players=2, festivals=KING_FEST))
    before = state.king.track.space(1)
    assert before < 0
    state = g.apply(state, g.TurnOrder(g.king_result(state).order))
    assert state.king.track.space(1) == 0
    assert dict(g.view(state).king.space_vp)[1] == before


def test_four_vp_for_the_leader_in_the_last_round_of_a_game():
    state = new(players=2)
    for _ in range(g.ROUNDS - 1):
        state = to_king_phase(state)
        state = g.apply(state, g.TurnOrder(g.king_result(state).order))
        for seat in state.order:  # everyone takes part in festival 1 (seed 004): 0 times
            state = g.apply(state, g.FestivalScore(seat, True, 0))
    vp = state.king.vp
    state = to_king_phase(state, moves=(g.King(2, 20),))
    result = g.king_result(state)
    assert result.last_round and result.leader == 2
    state = g.apply(state, g.TurnOrder(result.order))
    space = dict(result.space_vp)[2]
    assert space > 0 and dict(result.vp)[2] == space + 4
    assert state.king.vp == (vp[0] + dict(result.space_vp)[1], vp[1] + space + 4)


@pytest.mark.parametrize("decision, phase, code", [
    (g.King(1, 0), g.TAKE, "tiletum.king_steps"),
    (g.King(1, -2), g.TAKE, "tiletum.king_steps"),
    (g.King(1, True), g.TAKE, "tiletum.king_steps"),
    (g.King(4, 2), g.TAKE, "tiletum.seat"),
    (g.King(1, 2), g.FESTIVAL, "tiletum.king_phase"),
    (g.King(1, 2), g.START, "tiletum.king_phase"),
])
def test_refused_king_moves_say_why(decision, phase, code):
    state = g.start(g.TiletumSetup(3, (1, 2, 3), FEST), 3)
    if phase == g.TAKE:
        state = g.apply(new(), g.Reveal())
    elif phase == g.FESTIVAL:
        state = to_king_phase(new())
        state = g.apply(state, g.TurnOrder(g.king_result(state).order))
    with pytest.raises(IllegalDecision) as refused:
        g.apply(state, decision)
    assert refused.value.code == code
    assert not RULES.is_legal(state, decision)


def test_old_games_have_no_track_and_replay_unchanged():
    """A game kept under rules 2 (or without ``rules``): no track, ``King`` refused, the turn
    order entered freely; the state has no king field set, as before."""
    state = new(rules=2)
    assert state.king is None and g.view(state).track is None
    with pytest.raises(IllegalDecision) as refused:
        g.apply(g.apply(state, g.Reveal()), g.King(1, 2))
    assert refused.value.code == "tiletum.king_untracked"
    state = to_king_phase(state)
    assert len([d for d in g.legal(state) if isinstance(d, g.TurnOrder)]) == 6
    state = g.apply(state, g.TurnOrder((2, 3, 1)))
    assert state.order == (2, 3, 1) and state.king is None
    assert not any(isinstance(d, g.King) for d in g.legal(g.apply(new(rules=2), g.Reveal())))


def test_a_session_with_king_moves_replays_and_old_logs_decode():
    config = g.config_for(2, (1, 2), FEST, (1, 1, 2, 2, 0, 0))
    assert config["rules"] == CURRENT.number and CURRENT.follows_king_track
    state = RULES.initial(config, 5)
    decisions = []
    for _ in range(3):
        d = g.King(1, 3) if state.phase == g.TAKE else g.legal(state)[0]
        if state.phase == g.TAKE:
            d = next(x for x in g.legal(state) if isinstance(x, g.Take))
        state = RULES.apply(state, d)
        decisions.append(RULES.encode(d))
    state = RULES.apply(state, g.King(1, 3))
    decisions.append(RULES.encode(g.King(1, 3)))
    assert decisions[-1] == {"type": "king", "seat": 1, "steps": 3}
    assert Session("tiletum", config, 5, decisions).replay(RULES) == state
    assert RULES.decode({"type": "order", "order": [2, 1]}) == g.TurnOrder((2, 1))


def test_start_track_order():
    assert start_track((3, 1, 2)).stack(0) == (3, 1, 2)


# --- issue 36, item 14: the take on the King wedge moves the disc (rules 5) ----------------------

def test_a_die_taken_for_the_king_action_moves_the_disc():
    """Seed 004 l.638 (왕 액션): "왕 액션을 수행하면, 받은 AP만큼 왕 트랙에서 자신의 디스크를
    오른쪽으로 전진시킵니다. 다른 플레이어의 디스크가 있는 칸에 도착하면, 자신의 디스크를 그 위에
    올려놓습니다." From rules 5 the take itself moves the taker's disc by its AP, on the King
    wedge or on the Joker's naming King (l.654: "건축가/상인/계약/인물/왕 액션 중 1가지를
    선택합니다"); the take says where it went. Other actions leave the track."""
    state = g.apply(new(players=4), g.Reveal())
    seat = state.actor
    state = g.apply(state, g.Gold(seat, 6))  # any turn of the die affordable
    before = state.king.track
    takes = king_takes(state)
    assert {d.joker for d in takes} == {"", "King"}
    for d in takes:
        ap = g.view(state).offer(d.die, d.steps, d.joker).gain.ap
        after = g.apply(state, d)
        assert after.king.track == advance(before, seat, ap)
        assert after.takes[-1].disc == (before.space(seat), before.space(seat) + ap)
        assert after.king.track.stack(before.space(seat) + ap)[-1] == seat
    other = next(d for d in g.legal(state) if isinstance(d, g.Take) and d not in takes)
    assert g.apply(state, other).king.track == before
    assert g.apply(state, other).takes[-1].disc is None


def test_a_king_marker_on_the_action_being_performed_moves_the_disc_further():
    """A building completed during the King action puts its marker's AP into that action at
    once, so the disc goes that much further (the take's ``disc`` says the whole move)."""
    state = g.apply(g.apply(new(players=4), g.Reveal()), g.Gold(1, 6))
    start = state.king.track.space(1)
    state = g.apply(state, king_takes(state)[0])
    moved = state.takes[-1].disc[1]
    state = g.apply(state, g.Bonus(1, "King", 2))
    assert state.king.track.space(1) == moved + 2
    assert state.takes[-1].disc == (start, moved + 2)
    assert state.takes[-1].gain.ap == moved + 2 - start


def test_the_real_turn_order_needs_no_separate_king_move():
    """Seed 004 l.413: "왕 트랙에서 가장 앞선 플레이어가 다음 라운드의 첫 번째 플레이어 ...". A round
    whose players take the King action whenever they can, and the table enters no ``King``: the
    king phase accepts the turn order of the table's own track (each token moving every disc
    left, each King take moving its taker's right by its AP), which before rules 5 it refused."""
    state, table = new(players=4), start_track((1, 2, 3, 4))
    for _ in range(g.PASSES):
        state = g.apply(state, g.Reveal())
        table = move_left(table, state.tokens[state.revealed - 1])
        while state.phase == g.TAKE:
            kings = king_takes(state)
            state = g.apply(state, kings[0]) if kings else take(state)
            if kings:
                table = advance(table, state.takes[-1].seat, state.takes[-1].gain.ap)
    assert turn_order(table) != (1, 2, 3, 4)  # the King takes changed the order
    assert state.king.track == table
    state = g.apply(state, g.TurnOrder(turn_order(table)))
    assert state.order == turn_order(table)


def test_a_game_kept_under_rules_4_replays_as_it_was_played():
    """A whole game stored under rules 4 (King-wedge takes, the table's King moves entered
    after some): its decisions replay to the same king VP, turn orders, track and gold as when
    it was played (pinned from the code before rules 5); replayed by rules 5, where those takes
    would move the discs too, its stored turn order would be refused."""
    config, seed, decisions = tiletum_game(3, rules=4)
    state = Session("tiletum", config, seed, decisions).replay(RULES)
    assert sum(d["type"] == "king" for d in decisions) == 20
    assert any(t.gain.action == "King" and t.disc is None for t in state.takes)
    assert state.king.vp == (10, 2, 36, 33) and state.order == (4, 3, 2, 1)
    assert state.king.track == Track(((1, (2, 1)), (6, (3,)), (13, (4,))))
    assert [p.gold for p in state.players] == [1, 6, 6, 0]
    assert [(r.leader, r.order) for r in state.king.phases] == [
        (3, (1, 3, 4, 2)), (3, (3, 4, 1, 2)), (3, (3, 4, 2, 1)), (4, (4, 3, 2, 1))]
    with pytest.raises(IllegalDecision) as refused:
        Session("tiletum", {**config, "rules": 5}, seed, decisions).replay(RULES, checked=True)
    assert refused.value.code == "tiletum.king_order"
