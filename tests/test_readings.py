"""The rulebook readings a kept game may have been played under (Troyes and Tiletum
readings.py): every stored ``rules`` number names one, an unknown one is refused with its code,
and each named feature does in the engine (and says in the view) what its name says, in every
reading, quoting the rulebook's line where the feature is a rule (seeds 002 and 004)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import IllegalDecision
from companion.tiletum import game as tiletum
from companion.tiletum import readings as tiletum_readings
from companion.troyes import readings as troyes_readings
from companion.troyes import reveals
from companion.troyes.moves import steps
from companion.score_entry import EnterPlayer
from companion.troyes.game import (ACTIONS, DEFENCE, INCOME, OVER, PLACEMENT, Act, BlackDice,
                                   CollectIncome, Defend, Fail, Look, Pass, RevealEvent,
                                   TroyesRules, TroyesSetup, apply, legal, start, view,
                                   with_player)
from companion.troyes.log import line
from companion.troyes.scoring import TroyesScoreRules

TROYES = troyes_readings.READINGS.all
TILETUM = tiletum_readings.READINGS.all
TROYES_CONFIG = {"players": 2, "citizens": [[2, 2, 2], [2, 2, 2]], "neutral": [2, 2, 2]}
TILETUM_CONFIG = {k: v for k, v in tiletum.config_for(
    2, (1, 2), tiletum.DEFAULT_FESTIVALS, (0, 0, 1, 1, 2, 2)).items() if k != "rules"}
NUMBERED = "rules {0.number}".format
GAMES = [(TroyesRules(), TROYES_CONFIG, troyes_readings.READINGS),
         (tiletum.TiletumRules(), TILETUM_CONFIG, tiletum_readings.READINGS)]
NEWEST = {"Troyes": 6, "Tiletum": 5}  # each game's current reading


# --- which reading a stored game names ----------------------------------------------------------

@pytest.mark.parametrize("rules, config, readings", GAMES, ids=("troyes", "tiletum"))
def test_every_stored_rules_number_names_its_reading(rules, config, readings):
    """A config without ``rules`` was kept under the oldest reading; 1 to 4 (Tiletum's 5) name
    theirs; new games are played by the newest."""
    assert rules.initial(config, 1).setup.reading is readings.oldest is readings[1]
    assert [r.number for r in readings.all] == list(range(1, NEWEST[readings.game] + 1))
    for reading in readings.all:
        assert readings[reading.number] is reading
        assert rules.initial({**config, "rules": reading.number}, 1).setup.reading is reading
    assert readings.current is readings[NEWEST[readings.game]]


@pytest.mark.parametrize("rules, config, readings", GAMES, ids=("troyes", "tiletum"))
@pytest.mark.parametrize("number", [0, 9, "3", None, True])
def test_an_unknown_reading_is_refused_with_its_code(rules, config, readings, number):
    """A game kept by a newer version (or a damaged config) is refused, not played by a reading
    it was not played by."""
    with pytest.raises(IllegalDecision) as refused:
        rules.initial({**config, "rules": number}, 1)
    assert refused.value.code == "session.unknown_reading"
    assert refused.value.fields == {"game": readings.game, "rules": str(number)}


def test_the_readings_are_those_kept_games_were_played_by():
    """Each reading's features as its games were played (a changed value would replay a kept
    game otherwise)."""
    assert [(r.passed_player_only_passes, r.must_defend, r.tracks_board, r.max_black,
             r.ends_round_without_dice)
            for r in TROYES] == [(False, False, False, 12, False), (True, True, False, 12, False),
                                 (True, True, True, 6, False)] + [(True, True, True, 6, True)] * 3
    assert [(r.citizens_cost_influence, r.secret_scores, r.whole_cathedral_loss)
            for r in TROYES] == [(False, False, False)] * 4 + [(True, True, True)] * 2
    assert [r.asks_events for r in TROYES] == [False] * 5 + [True]
    assert [(r.turning_needs_gold, r.follows_king_track, r.order_follows_seats,
             r.first_festival_for_all, r.king_take_moves_disc) for r in TILETUM] == [
        (False, False, False, False, False), (True, False, False, False, False),
        (True, True, False, False, False), (True, True, True, True, False),
        (True, True, True, True, True)]


def test_new_games_store_the_current_reading():
    assert tiletum.config_for(2, (1, 2), tiletum.DEFAULT_FESTIVALS, (0, 0, 1, 1, 2, 2))[
        "rules"] == tiletum_readings.CURRENT.number
    assert TroyesSetup(2, ((2, 2, 2),) * 2, (2, 2, 2)).reading is troyes_readings.CURRENT


# --- Troyes ---------------------------------------------------------------------------------------

def troyes_events(setup):
    """The events phase of a game of ``setup`` after the income, the cards asked (a reading
    that asks them) entered as prefilled."""
    state = apply(start(setup, 4), CollectIncome())
    while reveals.asked(state):
        state = apply(state, reveals.samples(state)[0])
    return state


def troyes_actions(reading, black=0):
    """A 2-player game of ``reading`` (every building full) after the income and ``black``
    black dice."""
    setup = TroyesSetup(2, ((2, 2, 2),) * 2, (2, 2, 2), rules=reading.number)
    return apply(troyes_events(setup), BlackDice(black))


@pytest.mark.parametrize("reading", TROYES, ids=NUMBERED)
def test_troyes_passed_player_only_passes(reading):
    """Pass: "이 라운드 동안 그 플레이어는 더 이상 행동을 할 수 없지만, 자신의 차례가 돌아올
    때마다 자신의 구역에 1데니어를 놓습니다." Under the oldest reading a player who passed
    could still act."""
    state = apply(troyes_actions(reading), Pass(1))
    state = apply(state, next(d for d in legal(state) if isinstance(d, Act)))
    assert state.actor == 1
    assert (steps(state) == [Pass(1)]) == reading.passed_player_only_passes
    act = Act(1, (next(i for i, d in state.dice if d.owner == 1),), "card", 6)
    if reading.passed_player_only_passes:
        with pytest.raises(IllegalDecision) as refused:
            apply(state, act)
        assert refused.value.code == "troyes.passed"
    else:
        assert apply(state, act).actor == 2


@pytest.mark.parametrize("reading", TROYES, ids=NUMBERED)
def test_troyes_must_defend(reading):
    """Black dice: "만약 플레이어가 주사위 눈금이 충분치 않아 검은색 주사위를 퇴치할 수 없다면,
    ... 해당 검은색 주사위만 버린 다음 2점을 잃습니다." Seat 1's six dice always reach one
    black die (their least is 1 + 1 + 1 + 1 + 2 × 2 = 8), so only a reading without the rule
    lets them fail."""
    state = troyes_actions(reading, black=1)
    assert state.actor == 1
    assert (Fail(1) in legal(state)) == (not reading.must_defend)
    if reading.must_defend:
        with pytest.raises(IllegalDecision) as refused:
            apply(state, Fail(1))
        assert refused.value.code == "troyes.must_defend"


@pytest.mark.parametrize("reading", TROYES, ids=NUMBERED)
def test_troyes_tracks_board(reading):
    """The starting placement: "시작 배치는 오직 게임 시작 때 1회만 합니다." A reading that
    tracks the board opens a game with no citizen placed by the placement, citizen by citizen,
    and takes the event cards as they are revealed; the others leave the board to the table
    (the corrections) and refuse what only a tracked board keeps."""
    empty = start(TroyesSetup(2, ((0, 0, 0),) * 2, rules=reading.number), 1)
    assert (empty.phase == PLACEMENT) == reading.tracks_board
    state = troyes_actions(reading)
    assert view(state).tracks_board == reading.tracks_board
    card = RevealEvent("red", 2, 2, 1, 1)
    if reading.tracks_board:
        assert apply(state, card).events[-1].id == len(state.events) + 1
    else:
        with pytest.raises(IllegalDecision) as refused:
            apply(state, card)
        assert refused.value.code == "troyes.not_tracked"


@pytest.mark.parametrize("reading", TROYES, ids=NUMBERED)
def test_troyes_max_black(reading):
    """The box: "검은색 주사위(외적) 6개" — the events add at most 6 black dice at once (before
    the board was tracked, the device allowed 12)."""
    assert troyes_readings.CURRENT.max_black == 6
    state = troyes_events(TroyesSetup(2, ((2, 2, 2),) * 2, (2, 2, 2), rules=reading.number))
    assert view(state).max_black == reading.max_black
    assert steps(state) == [BlackDice(n) for n in range(reading.max_black + 1)]
    apply(state, BlackDice(reading.max_black))
    with pytest.raises(IllegalDecision) as refused:
        apply(state, BlackDice(reading.max_black + 1))
    assert refused.value.code == "troyes.black_count"


def refused_code(state, decision) -> str:
    with pytest.raises(IllegalDecision) as refused:
        apply(state, decision)
    return refused.value.code


@pytest.mark.parametrize("reading", TROYES, ids=NUMBERED)
def test_troyes_asks_events(reading):
    """The events phase: "빨간색 사건 카드 더미 맨 위에서 카드를 1장 공개 ... 공개된 빨간색 카드에는
    흰색 또는 노란색 사건 카드가 표시되어 있습니다. 표시된 색깔의 카드 더미 맨 위에서 카드를 1장
    공개"; "약탈 사건은 항상 놓여있습니다"; "군사 사건(검은색 주사위가 표시되어 있습니다): 시작
    플레이어는 해당 사건 카드에 표시된 만큼의 검은색 주사위를 가져옵니다". From rules 6 the black
    dice wait for the Plunder (until it is on the table), then the red card, then the white or
    yellow one it names, each refused out of its turn; the view says which is asked and how many
    black dice the cards on the table show (at most the box's 6), and the next round asks the
    red card again. Before, the black dice came first and a card was entered any time."""
    setup = TroyesSetup(2, ((2, 2, 2),) * 2, (2, 2, 2), rules=reading.number)
    state = apply(start(setup, 4), CollectIncome())
    if not reading.asks_events:
        assert view(state).asked == () and not view(state).asks_events
        assert apply(state, BlackDice(1)).phase == DEFENCE
        return
    plunder, red = reveals.prefill(reveals.PLUNDER), reveals.prefill("red")
    white, yellow = reveals.prefill("white"), reveals.prefill("yellow")
    assert view(state).asked == ("plunder",) and steps(state) == [plunder]
    assert {refused_code(state, d) for d in (BlackDice(0), red)} == {"troyes.plunder_first"}
    state = apply(state, plunder)
    assert view(state).asked == ("red",) and steps(state) == [red]
    assert {refused_code(state, d) for d in (BlackDice(0), white)} == {"troyes.red_first"}
    state = apply(state, replace(red, black=2))
    assert view(state).asked == ("white", "yellow") and steps(state) == [white, yellow]
    assert {refused_code(state, d) for d in (BlackDice(0), red)} == {"troyes.named_first"}
    state = apply(state, replace(yellow, black=1))
    assert view(state).asked == () and view(state).black_shown == 3
    assert [(c.deck, c.plunder) for c in state.events] == [("", True), ("red", False),
                                                           ("yellow", False)]
    state = apply(apply(apply(state, BlackDice(0)), Pass(1)), Pass(2))
    state = apply(state, CollectIncome())
    assert state.round == 2 and view(state).asked == ("red",)
    state = apply(apply(state, replace(red, black=4)), white)
    assert view(state).black_shown == 6  # 2 + 1 + 4, the box's 6 at most


# --- Tiletum --------------------------------------------------------------------------------------

def tiletum_taking(reading):
    """A 2-player game of ``reading`` at its first take: seat 1 first, holding 1 gold."""
    setup = tiletum.TiletumSetup(2, (1, 2), tiletum.DEFAULT_FESTIVALS, (0, 0, 1, 1, 2, 2),
                                 rules=reading.number)
    return tiletum.apply(tiletum.apply(tiletum.start(setup, 3), tiletum.Begin()),
                         tiletum.Reveal())


@pytest.mark.parametrize("reading", TILETUM, ids=NUMBERED)
def test_tiletum_turning_needs_gold(reading):
    """Taking a die: "주사위를 가져가기 전에, 플레이어는 금화 2개를 소비하여 가져가려는 주사위의
    눈금을 1만큼 더하거나 뺄 수 있습니다." With 1 gold, a die turned one step (2 gold) is taken
    only under the oldest reading, which did not ask for the gold."""
    state = tiletum_taking(reading)
    assert state.players[0].gold == 1
    turned = [d for d in tiletum.legal(state) if isinstance(d, tiletum.Take) and d.steps]
    assert bool(turned) == (not reading.turning_needs_gold)
    take = next(d for d in tiletum.legal(tiletum_taking(tiletum_readings.RULES_1))
                if isinstance(d, tiletum.Take) and d.steps == 1)
    if reading.turning_needs_gold:
        with pytest.raises(IllegalDecision) as refused:
            tiletum.apply(state, take)
        assert refused.value.code == "tiletum.gold"
    else:
        assert tiletum.apply(state, take).takes[-1].gold_paid == 2


@pytest.mark.parametrize("reading", TILETUM, ids=NUMBERED)
def test_tiletum_follows_king_track(reading):
    """A corruption token: "모든 플레이어는 왕 트랙에 있는 자신의 디스크를 공개된 부패 토큰의
    숫자만큼 왼쪽으로 움직입니다." A reading that follows the king track starts every disc on
    0, moves a disc with ``King`` and says so in the view; the others refuse ``King``."""
    state = tiletum_taking(reading)
    assert (state.king is not None) == reading.follows_king_track
    assert tiletum.view(state).follows_king_track == reading.follows_king_track
    assert any(isinstance(d, tiletum.King) for d in tiletum.legal(state)) \
        == reading.follows_king_track
    if reading.follows_king_track:
        before = state.king.track.space(1)
        assert tiletum.apply(state, tiletum.King(1, 2)).king.track.space(1) == before + 2
    else:
        with pytest.raises(IllegalDecision) as refused:
            tiletum.apply(state, tiletum.King(1, 2))
        assert refused.value.code == "tiletum.king_untracked"


@pytest.mark.parametrize("reading", TROYES, ids=NUMBERED)
def test_troyes_ends_round_without_dice(reading):
    """Round end: "라운드는 어떤 플레이어가 행동을 한 직후, 다음 조건을 만족하면 종료됩니다 ...
    모든 도시 구역에 주사위가 하나도 없을 때", and a pass pays "어느 구역이든 도시 구역에 주사위가
    남아있다면" only. A defence that takes the last dice on the board ends the round at once
    (issue 36, item 9); before rules 4 the action phase opened with no die, and every pass paid
    2 deniers (kept games replay as they were played)."""
    state = troyes_actions(reading, black=1)
    assert state.phase == DEFENCE and state.actor == 1
    mine = tuple((i, d) for i, d in state.dice if d.owner == 1)
    state = replace(state, dice=mine)  # the neutral and other dice already gone
    everything = Defend(1, tuple(i for i, _ in mine), (0,))
    after = apply(state, everything)
    assert not after.dice
    if reading.ends_round_without_dice:
        assert (after.round, after.phase) == (2, INCOME)
    else:
        assert (after.round, after.phase) == (1, ACTIONS)
        paid = apply(after, Pass(1))
        assert paid.players[0].deniers == after.players[0].deniers + 2


def test_the_defence_that_takes_the_last_dice_says_the_round_ends():
    """What the board and the log say of it, in both languages (issue 36, item 9)."""
    from ui.i18n import Catalog
    from ui.screens.troyes.log_text import line_text

    state = troyes_actions(troyes_readings.CURRENT, black=1)
    mine = tuple((i, d) for i, d in state.dice if d.owner == 1)
    state = replace(state, dice=mine)
    said = TroyesRules().apply(state, Defend(1, tuple(i for i, _ in mine), (0,))).log[-1]
    texts = {lang: line_text(Catalog.load(lang).t, lambda seat: "Mina", said)
             for lang in ("en", "ko")}
    assert texts["en"].endswith("No die is left in any district: the round ends.")
    assert texts["ko"].endswith("어느 구역에도 주사위가 남지 않아 라운드가 끝납니다.")


@pytest.mark.parametrize("reading", TILETUM, ids=NUMBERED)
def test_tiletum_order_follows_seats(reading):
    """Setup: "첫 번째 플레이어를 결정합니다. ... 첫 번째 플레이어의 시계방향으로 다음 플레이어가
    두 번째 플레이어가 됩니다." The first turn order goes round the table from the first player
    (issue 36, item 12); before rules 4 any order was taken."""
    round_table = tiletum.round_the_table(3, 4)
    assert round_table == (3, 4, 1, 2)
    tiletum.TiletumSetup(4, round_table, tiletum.DEFAULT_FESTIVALS, rules=reading.number)
    if reading.order_follows_seats:
        with pytest.raises(IllegalDecision) as refused:
            tiletum.TiletumSetup(4, (3, 1, 4, 2), tiletum.DEFAULT_FESTIVALS,
                                 rules=reading.number)
        assert refused.value.code == "tiletum.setup.round_the_table"
        assert refused.value.fields == {"first": 3}
    else:
        tiletum.TiletumSetup(4, (3, 1, 4, 2), tiletum.DEFAULT_FESTIVALS, rules=reading.number)


@pytest.mark.parametrize("reading", TILETUM, ids=NUMBERED)
def test_tiletum_first_festival_for_all(reading):
    """Setup: every player puts a trading post "지도 위의 킬레툼에 1개" (Tiletum), and "게임의
    첫 번째 축제는 항상 릴레툼에서 개최됩니다": everyone takes part in the first festival (issue
    36, item 13), so nobody is entered as absent there; later festivals may have absents."""
    state = tiletum_taking(reading)
    while state.phase != tiletum.FESTIVAL:
        state = tiletum.apply(state, tiletum.legal(state)[0])
    absent = tiletum.FestivalScore(state.actor, False)
    assert (absent in tiletum.legal(state)) == (not reading.first_festival_for_all)
    if reading.first_festival_for_all:
        with pytest.raises(IllegalDecision) as refused:
            tiletum.apply(state, absent)
        assert refused.value.code == "tiletum.first_festival"
    else:
        assert tiletum.apply(state, absent).players[state.actor - 1].festival_vp == (0,)


@pytest.mark.parametrize("reading", TILETUM, ids=NUMBERED)
def test_tiletum_king_take_moves_disc(reading):
    """왕 액션: "왕 액션을 수행하면, 받은 AP만큼 왕 트랙에서 자신의 디스크를 오른쪽으로
    전진시킵니다." From rules 5 a die taken for the King action moves the taker's disc as part of
    the take (issue 36, item 14), and the view says so; before, the table entered it as a
    separate ``King`` (kept games replay as they were played)."""
    state = tiletum.apply(tiletum_taking(reading), tiletum.Gold(1, 6))
    v = tiletum.view(state)
    assert v.king_take_moves_disc == reading.king_take_moves_disc
    take = next(d for d in tiletum.legal(state) if isinstance(d, tiletum.Take)
                and v.offer(d.die, d.steps, d.joker).gain.action == "King")
    offer = v.offer(take.die, take.steps, take.joker)
    after = tiletum.apply(state, take)
    if reading.king_take_moves_disc:
        start = state.king.track.space(1)
        assert offer.disc == after.takes[-1].disc == (start, start + offer.gain.ap)
        assert after.king.track.space(1) == start + offer.gain.ap
    else:
        assert offer.disc is None and after.takes[-1].disc is None
        assert after.king == state.king


# --- Troyes: the own supply, secret scores, the losses (issue 36, items 8 and 10) -----------------

def with_vp(state, *vp):
    """``state`` with the players' VP set to ``vp``, seat by seat."""
    return replace(state, players=tuple(replace(p, vp=v) for p, v in zip(state.players, vp)))


def red_die(state, seat):
    return next(i for i, d in state.dice if d.owner == seat and d.colour == "red")


@pytest.mark.parametrize("reading", TROYES, ids=NUMBERED)
def test_troyes_citizens_cost_influence(reading):
    """The citizen action: "플레이어는 개인 창고에서 시민 1명을 가져다 놓거나(개인 창고에 시민이
    없다면, 영향력 2를 사용해 시민을 얻을 수 있습니다 ...)". The own supply holds the starting
    citizens ("시민 말 4개(4인 게임일 때), 5개(3인 게임일 때), 6개(2인 게임일 때) ... 개인 창고에
    놓습니다") until the starting placement empties it, and a citizen pushed out goes back to it:
    from rules 5 a citizen out of an empty supply costs 2 influence (refused, and not listed,
    without them) and one from a supply holding some is free; before, a citizen "from the
    supply" was free whatever it held."""
    keeps = reading.citizens_cost_influence
    placing = start(TroyesSetup(2, ((0, 0, 0),) * 2, rules=reading.number), 1)
    if reading.tracks_board:
        assert [p.supply for p in placing.players] == [6 if keeps else 0] * 2
        while placing.phase == PLACEMENT:
            placing = apply(placing, steps(placing)[0])
        assert [p.supply for p in placing.players] == [0, 0]
    state = troyes_actions(reading)  # every building full, nothing in the supplies
    assert view(state).keeps_supply == keeps
    out = (lambda seat: {"bumped": seat}) if reading.tracks_board else (lambda seat: {})
    bought = apply(state, Act(1, (red_die(state, 1),), "citizen", **out(2)))
    assert bought.players[0].influence == state.players[0].influence - 2 * keeps
    assert bought.players[1].supply == keeps  # pushed out of the Palace: back to its owner
    assert (bought.log[-1].get("bought") == 2) == keeps
    free = apply(bought, Act(2, (red_die(bought, 2),), "citizen", **out(1)))
    assert free.players[1].influence == bought.players[1].influence
    assert free.players[1].supply == 0
    poor = with_player(state, 1, influence=1)
    citizen = Act(1, (red_die(poor, 1),), "citizen", **out(2))
    assert (citizen in legal(poor)) == (not keeps)
    if keeps:
        with pytest.raises(IllegalDecision) as refused:
            apply(poor, citizen)
        assert (refused.value.code, refused.value.fields) == (
            "troyes.influence", {"cost": 2, "influence": 1})
        assert apply(with_player(poor, 1, supply=1), citizen).players[0].supply == 0
    else:
        apply(poor, citizen)


@pytest.mark.parametrize("reading", TROYES, ids=NUMBERED)
def test_troyes_secret_scores(reading):
    """The end of the rulebook: "참고: 게임 중에 점수는 비공개입니다." From rules 5 the table's
    view holds no player's VP and a seat's view only its own, until the final scoring reveals
    them all; a player looks at their own (a ``Look``, said in the log). The house rule "scores
    shown during play" shows them, as every reading before did."""
    state = with_vp(troyes_actions(reading), 7, 3)
    secret = reading.secret_scores
    assert [p.vp for p in view(state).players] == ([None, None] if secret else [7, 3])
    assert [p.vp for p in view(state, 2).players] == ([None, 3] if secret else [7, 3])
    assert view(state).secret_scores == secret
    assert (Look(2) in legal(state)) == secret
    if secret:
        assert apply(state, Look(2)).log[-1] == line("look", 2)
    else:
        with pytest.raises(IllegalDecision) as refused:
            apply(state, Look(2))
        assert refused.value.code == "troyes.scores_shown"
    shown = TroyesSetup(2, ((2, 2, 2),) * 2, (2, 2, 2), rules=reading.number, scores_shown=True)
    shown = with_vp(apply(troyes_events(shown), BlackDice(0)), 7, 3)
    assert [p.vp for p in view(shown).players] == [7, 3] and Look(2) not in legal(shown)
    over = replace(state, phase=OVER)
    assert [p.vp for p in view(over).players] == [7, 3] and not legal(over)


def test_troyes_secret_scores_swapped_leave_the_public_view_as_it_was():
    """Hidden information is stripped: two games that differ only in the players' VP give the
    table the same view, and each seat a view that differs only in its own VP."""
    state = troyes_actions(troyes_readings.CURRENT)
    a, b = with_vp(state, 7, 3), with_vp(state, 3, 7)
    assert view(a) == view(b)
    assert view(a, 1) != view(b, 1)
    assert replace(view(a, 1), players=view(a).players) == view(b)


def troyes_failing(reading, vp: int):
    """Seat 1 faces a black die with no dice of their own left (they cannot reach it), holding
    ``vp`` VP; seat 2 holds 5."""
    state = with_vp(troyes_actions(reading, black=1), vp, 5)
    return replace(state, dice=tuple((i, d) for i, d in state.dice if d.owner != 1),
                   defence=replace(state.defence, dice=((), *state.defence.dice[1:])))


@pytest.mark.parametrize("reading", TROYES, ids=NUMBERED)
@pytest.mark.parametrize("vp", [0, 1, 5])
def test_troyes_a_failed_defence_takes_no_more_vp_than_held(reading, vp):
    """A failed defence: "그 플레이어는 자신의 주사위를 버리지 않고, 해당 검은색 주사위만 버린
    다음 2점을 잃습니다." Points are score tokens ("점수 토큰"), and for every other loss in play
    the seed says "(잃을 점수가 없다면 점수를 잃지 않습니다)": a defender with fewer than 2 VP
    loses what they have and stays at 0 (docs/rules-readings.md). Where the scores are secret
    the log says the rule's 2 either way, so the table learns nothing of what was held."""
    state = troyes_failing(reading, vp)
    assert Fail(1) in legal(state)
    after = apply(state, Fail(1))
    assert after.players[0].vp == max(0, vp - 2)
    assert after.log[-1].get("vp") == (2 if reading.secret_scores else min(vp, 2))
    if reading.secret_scores:
        assert view(after) == view(apply(troyes_failing(reading, 5), Fail(1)))


@pytest.mark.parametrize("reading", TROYES, ids=NUMBERED)
def test_troyes_whole_cathedral_loss(reading):
    """The final scoring: "각자 게임 중에 얻은 점수 토큰에 더해, 아래 점수를 합산합니다: ...
    대성당에서 자신의 큐브가 놓이지 않은 층당 2점을 잃습니다." It is added up: no floor (the
    seed's "잃을 점수가 없다면" is said of losses in play), so 0 tokens and no cube in the
    cathedral make -6, and the breakdown says -6. A score entry begun before rules 5 (config
    ``rules``, or none: the oldest) kept the loss within the points counted before it."""
    rules = TroyesScoreRules()
    players = [{"name": "Mina", "tokens": 0, "character_points": [1, 0, 0, 0]},
               {"name": "Joon", "tokens": 3, "cathedral_levels": [1, 2, 3],
                "character_points": [0, 0, 0, 0]}]
    entry = rules.initial({"players": players, "rules": reading.number}, 0)
    for index, player in enumerate(entry.players):
        entry = rules.apply(entry, EnterPlayer(index, player))
    mina = rules.scores(entry)["players"][0]
    whole = reading.whole_cathedral_loss
    assert mina["breakdown"]["cathedral"] == (-6 if whole else 0)
    assert mina["total"] == (-5 if whole else 1)
    assert rules.initial({"players": players}, 0).config.get("rules") is None
    assert not troyes_readings.OLDEST.whole_cathedral_loss
    with pytest.raises(IllegalDecision) as refused:
        rules.initial({"players": players, "rules": 9}, 0)
    assert refused.value.code == "session.unknown_reading"
