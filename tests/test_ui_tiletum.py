"""Tiletum on the device, end to end with the controls a player uses: setup and festivals,
starting gold, three passes with corruption reveals and dice taken (turned for gold, the Joker's
action named), a completed building's marker, the new turn order, the festival, the next
round's banner; a restart resumes; the face-down tokens never reach the screen; a whole game to
final scoring and History."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pygame
import pytest

from companion.tiletum.wheel import DRAWN, action_at
from conftest import play, record_text

SHOTS: list[str] = []


def shot(app, folder, name):
    app.render()
    pygame.image.save(app.display.surface, str(folder / f"{name}.png"))
    SHOTS.append(name)


def setup_game(app, players: int) -> None:
    play(app, "TAP @tiletum\nEXPECT tiletum-setup")
    for _ in range(players - 3):
        play(app, "TAP @more")
    for _ in range(3 - players):
        play(app, "TAP @fewer")
    play(app, "TAP @next\nEXPECT tiletum-festivals")


def take_any(app, steps: int = 0) -> None:
    """Tap the first wedge holding dice that turned ``steps`` pips do not perform King (from
    rules 5 a King take moves a disc: ``king_take``; any wedge if only those are left), turn
    the die, name Merchant on the Joker wedge, take it."""
    wheel = app.top.controller.view().wheel
    wedges = [int(b.name[5:]) for b in app.top.buttons if b.name.startswith("wedge")]
    pip = next((p for p in wedges if wheel[(p - 1 + steps) % 6 + 1] != "King"), wedges[0])
    play(app, f"TAP @wedge{pip}\nEXPECT tiletum-take")
    while app.top.gold < 2 * abs(steps):  # the table says the gold the turn needs
        play(app, "TAP @gold-more")
    for _ in range(abs(steps)):
        play(app, "TAP @pip-up" if steps > 0 else "TAP @pip-down")
    if app.top.button("joker-Merchant").visible:
        play(app, "TAP @joker-Merchant")
    play(app, "TAP @take\nEXPECT tiletum-board")


def king_take(app) -> None:
    """The actor takes a die for the King action: the first die turned onto the Joker wedge,
    naming King (the table says the gold the turn needs)."""
    take = joker_take(app)
    while take.gold < take.offer().gold:
        play(app, "TAP @gold-more")
    play(app, "TAP @joker-King\nTAP @take\nEXPECT tiletum-board")


def play_round(app, counts: dict[int, int] | None = None):
    """Reveal and take three passes, score the king phase (the track gives the turn order),
    score the festival (everyone takes part ``counts[seat]`` times, default 1)."""
    c = app.top.controller
    for _ in range(3):
        play(app, "TAP @reveal\nEXPECT tiletum-corruption\nTAP @ok\nEXPECT tiletum-board")
        for _ in range(c.players):
            take_any(app)
    king_phase(app)
    play(app, "TAP @festival\nEXPECT tiletum-festival")
    for seat in list(c.view().order):
        assert c.view().actor == seat
        for _ in range((counts or {}).get(seat, 1)):
            play(app, "TAP @count-more")
        play(app, "TAP @confirm")
    play(app, "EXPECT tiletum-board")


def king_phase(app) -> None:
    """On the board in the king phase: open it, confirm the turn order the track gives."""
    play(app, "TAP @king-phase\nEXPECT tiletum-king-phase\nTAP @confirm\nEXPECT tiletum-board")


def king_move(app, seat: int, steps: int) -> None:
    """The King button: choose the player, set the spaces, confirm."""
    play(app, f"TAP @king\nEXPECT tiletum-king\nTAP @seat{seat}")
    while app.top.steps != steps:
        play(app, "TAP @steps-less" if app.top.steps > steps else "TAP @steps-more")
    play(app, "TAP @confirm\nEXPECT tiletum-board")


def old_game(make_app, language: str, seed: int, players: int = 2, rules: int = 2,
             names=("Ana", "Ben", "Cleo", "Dan"), festivals=None):
    """A game kept under ``rules`` (2: the table entered the turn order; no king track), begun
    on its board: the catalogue, the app and its controller."""
    from companion.tiletum.game import DEFAULT_FESTIVALS, config_for
    from companion.tiletum.wheel import corruption_tokens
    from ui.i18n import Catalog
    from ui.screens.tiletum.board import TiletumBoardScreen
    from ui.screens.tiletum.controller import TiletumController

    app = make_app(language=language)
    app.seeds = iter(range(seed, 99))
    config = config_for(players, range(1, players + 1), festivals or DEFAULT_FESTIVALS,
                        corruption_tokens())
    c = TiletumController.create(app, {**config, "rules": rules,
                                       "names": list(names[:players])})
    app.push(TiletumBoardScreen(app, c))
    play(app, "TAP @begin")
    return Catalog.load(language).messages, app, c


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_four_player_round_on_the_device(make_app, tmp_path, language):
    app = make_app(language=language)
    app.seeds = iter(range(5, 99))
    setup_game(app, 4)
    shot(app, tmp_path, "festivals")
    play(app, "TAP @tile1\nEXPECT tiletum-tiles\nTAP @tile-contracts\nEXPECT tiletum-festivals")
    play(app, "TAP @tile2\nTAP @tile-king_track\nEXPECT tiletum-festivals")
    play(app, "TAP @board_vp1-more\nTAP @board_vp1-more\nTAP @tile_vp1-less")  # board 3, tile 2
    play(app, "TAP @start\nEXPECT tiletum-board")
    board, c = app.top, app.top.controller
    assert [f.tile for f in c.view().festivals[:2]] == ["contracts", "king_track"]
    assert (c.view().festivals[0].board_vp, c.view().festivals[0].tile_vp) == (3, 2)
    drawn = record_text(app)
    app.render()
    gold = dict(c.view().start_gold)
    assert sorted(gold.values()) == [1, 3, 5, 6]
    assert any(f"{c.name(c.view().order[0])}: " in text and "1" in text for text in drawn)
    shot(app, tmp_path, "start")
    play(app, "TAP @begin")
    assert len(c.view().dice) == DRAWN[4]
    shot(app, tmp_path, "round1")

    tokens = c._state.tokens  # the test peeks: screens never do
    for pass_number in range(1, 4):
        play(app, "TAP @reveal\nEXPECT tiletum-corruption")
        assert app.top.token == tokens[pass_number - 1]  # revealed in draw order
        if pass_number == 1:
            shot(app, tmp_path, "corruption")
        play(app, "TAP @ok\nEXPECT tiletum-board")
        for turn in range(4):
            seat = c.view().actor
            if pass_number == 1 and turn == 0:  # turn the first die two pips up for 4 gold
                wedge = next(b.name for b in board.buttons if b.name.startswith("wedge"))
                play(app, f"TAP @{wedge}\nEXPECT tiletum-take\nTAP @pip-up\nTAP @pip-up")
                take = app.top
                assert take.gold == 1  # the first player's starting gold: not enough
                play(app, "TAP @take\nEXPECT tiletum-take")
                assert "4" in take.problem and "1" in take.problem and not c.view().takes
                play(app, "TAP @gold-more\nTAP @gold-more\nTAP @gold-more")  # 4 on the table
                die = take.die()
                turned = take.turned()
                assert turned.pip == (die.pip + 1) % 6 + 1
                if take.on_joker():
                    play(app, "TAP @take")  # refused until the action is named
                    assert app.top is take and take.problem
                    play(app, "TAP @joker-Contract")
                shot(app, tmp_path, "take")
                play(app, "TAP @take\nEXPECT tiletum-board")
                last = c.view().takes[-1]
                assert last.seat == seat and last.gold_paid == 4 and last.die == turned
                earned = turned.pip if turned.colour == "yellow" else 0
                assert c.view().players[seat - 1].gold == earned
                assert last.gain.amount == turned.pip and last.gain.ap == 7 - turned.pip
            else:
                take_any(app)
            assert c.view().takes[-1].seat == seat
        if pass_number == 1:
            shot(app, tmp_path, "after-pass")
            # the first player completes a 2-room building whose characters strengthen King
            first = c.view().order[0]
            play(app, f"TAP @building\nEXPECT tiletum-bonus\nTAP @seat{first}\n"
                      "TAP @action-King\nTAP @value2")
            shot(app, tmp_path, "bonus")
            play(app, "TAP @confirm\nEXPECT tiletum-board")
            assert c.view().players[first - 1].bonus("King") == 2
    assert c.view().phase == "king"
    taken = Counter(t.seat for t in c.view().takes)
    assert taken == {seat: 3 for seat in range(1, 5)}
    shot(app, tmp_path, "king")
    # the last three players move 1, 2 and 3 spaces on the king track: the order turns round
    before = list(c.view().order)
    new_order = list(reversed(before))
    for seat, steps in zip(before[1:], (1, 2, 3)):
        king_move(app, seat, steps)
    play(app, "TAP @king-phase\nEXPECT tiletum-king-phase")
    shot(app, tmp_path, "order")
    play(app, "TAP @confirm\nEXPECT tiletum-board")
    assert list(c.view().order) == new_order and c.view().phase == "festival"
    play(app, "TAP @festival\nEXPECT tiletum-festival")
    # festival 1: each completed contract, (3 + 2) VP each
    counts = dict(zip(new_order, (3, 0, 1, 2)))
    for k, seat in enumerate(new_order):
        assert c.view().actor == seat
        if k == 1:  # seed 004: every player's trading post stands in Tiletum, so no one
            assert not app.top.button("not-there").visible  # sits out the first festival
        for _ in range(counts[seat]):
            play(app, "TAP @count-more")
        if k == 2:
            shot(app, tmp_path, "festival")
        play(app, "TAP @confirm")
    play(app, "EXPECT tiletum-board")
    festival = [c.view().players[s - 1].festival_vp for s in new_order]
    assert festival == [(15,), (0,), (5,), (10,)]
    assert c.view().round == 2 and c.view().phase == "reveal"
    drawn = record_text(app)
    app.render()
    assert any(("turned" in t) or ("돌았" in t) for t in drawn)  # the round banner
    assert c.view().order[0] == new_order[0]  # the new order plays round 2
    shot(app, tmp_path, "round2")


def test_the_king_track_festival_adds_the_space(make_app):
    """Seed 004: "이 축제 타일은 왕 트랙을 초기화하기 전에 점수를 계산해야 합니다": each player's count
    is prefilled with their space as the king phase scored it (before red discs went back to
    0), and can still be changed."""
    app = make_app()
    app.seeds = iter(range(11, 99))
    setup_game(app, 2)
    play(app, "TAP @tile1\nTAP @tile-king_track\nTAP @start\nEXPECT tiletum-board\n"
              "TAP @begin")
    c = app.top.controller
    festival = c.view().festivals[0]
    for _ in range(3):
        play(app, "TAP @reveal\nTAP @ok")
        for _ in range(2):
            take_any(app)
    space = -sum(c.view().revealed)  # nobody moved right: every disc went left by the tokens
    assert space < 0
    king_phase(app)
    assert c.view().track.space(1) == 0  # back to 0 after the king phase
    play(app, "TAP @festival\nEXPECT tiletum-festival")
    first, second = c.view().order
    assert app.top.count == space  # prefilled with the space before the reset
    play(app, "TAP @confirm")
    assert app.top.count == space
    play(app, "TAP @count-five-more\nTAP @confirm\nEXPECT tiletum-board")  # corrected: +5
    base = festival.board_vp + festival.tile_vp
    assert c.view().players[first - 1].festival_vp == (base + space,)
    assert c.view().players[second - 1].festival_vp == (base + min(15, space + 5),)


def test_the_screen_never_shows_face_down_tokens(make_app):
    """Every string drawn in a pass is the same whatever the tokens still face down are."""
    app = make_app()
    app.seeds = iter(range(21, 99))
    setup_game(app, 3)
    play(app, "TAP @start\nTAP @begin\nTAP @reveal\nTAP @ok\nEXPECT tiletum-board")
    c = app.top.controller
    seen = []
    for hidden in ((0, 0), (2, 2), (1, 2)):
        c._set_state(replace(c._state, tokens=c._state.tokens[:1] + hidden))
        drawn = record_text(app)
        app.render()
        seen.append(sorted(drawn))
    assert seen[0] == seen[1] == seen[2]


def test_a_restart_resumes_the_game_where_it_was(make_app, tmp_path):
    app = make_app()
    app.seeds = iter(range(31, 99))
    setup_game(app, 3)
    play(app, "TAP @start\nTAP @begin\nTAP @reveal\nTAP @ok")
    take_any(app, steps=-1)
    before = app.top.controller.view()
    app.close()
    again = make_app(data_dir=tmp_path / "data")
    assert again.top.name == "tiletum-board"
    assert again.top.controller.view() == before


@pytest.mark.parametrize("language", ["en", "ko"])
def test_undo_asks_first_and_says_what_it_takes_back(make_app, tmp_path, language):
    """Undo asks first, as in Citadels (issue 17): a question saying the step that would be
    taken back (who took which die, for what action); Keep it leaves the game as it was, Undo
    takes the step back."""
    said, app, c, _ = first_pass(make_app, language, 41)
    dice = c.view().dice
    take_any(app)
    taken = c.view().takes[-1]
    assert len(c.view().dice) == len(dice) - 1
    stored = len(c.session.decisions)
    drawn = record_text(app)
    play(app, "TAP @undo\nEXPECT tiletum-undo")
    app.render()
    colour = said[f"tiletum.colour_{taken.die.colour}"]
    assert any(c.name(taken.seat) in text and colour in text and str(taken.die.pip) in text
               for text in drawn), drawn
    assert said["undo.question"] in drawn
    shot(app, tmp_path, f"undo-{language}")
    play(app, "TAP @keep\nEXPECT tiletum-board")
    assert c.view().takes == (taken,) and len(c.session.decisions) == stored
    play(app, "TAP @undo\nEXPECT tiletum-undo\nTAP @confirm\nEXPECT tiletum-board")
    assert c.view().dice == dice and not c.view().takes and c.view().actor == c.view().order[0]


def test_corruption_tokens_from_settings_go_into_new_games(make_app):
    app = make_app()
    app.seeds = iter(range(51, 99))
    play(app, "TAP @settings\nTAP @corruption\nEXPECT tiletum-corruption-settings")
    play(app, "TAP @count0-less\nTAP @count0-less\nTAP @save\nEXPECT tiletum-corruption-settings")
    play(app, "TAP @count2-more\nTAP @count2-more\nTAP @save\nEXPECT settings")  # 0 x0, 2 x1, 4 x2
    play(app, "BACK\nEXPECT home")
    setup_game(app, 2)
    play(app, "TAP @start\nTAP @begin")
    state = app.top.controller._state
    assert sorted(state.setup.corruption) == [1, 1, 2, 2, 2, 2]
    assert 0 not in state.tokens


def set_to(app, field: str, target: int) -> None:
    """Step a score entry's number to ``target`` with its - and + buttons."""
    entry = app.top
    while entry.value(field) != target:
        play(app, f"TAP @{field}-{'more' if entry.value(field) < target else 'less'}")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_whole_game_to_final_scores_and_history(make_app, tmp_path, language):
    """Seed 004, 게임 종료 및 최종 점수 계산: "1. 지도 상에 놓은 자신의 교역소와 기둥의 수를 곱하여
    ... 2. ... 완성한 건물 1/2/3/4/5/6개에 대하여, 0/0/5/10/20/30 VP ... 3. 개인 저장소에 남아있는
    아무 자원 4개마다 1 VP를 획득합니다", added to "게임 중 획득한 점수". Each player's entry
    starts from what the device kept (issue 37, item 8): the score track's VP from the festivals
    and the king phases, and the gold as resources left, counted together as the rulebook scores
    them (one number, not one per kind); the screen says where they came from."""
    app = make_app(language=language)
    app.seeds = iter(range(61, 99))
    setup_game(app, 2)
    play(app, "TAP @start\nTAP @begin")
    c = app.top.controller
    for _ in range(4):
        play_round(app)
    assert c.view().phase == "over"
    shot(app, tmp_path, "over")
    v = c.view()
    order = [c.name(seat) for seat in v.order]
    play(app, "TAP @score\nEXPECT tiletum-score-entry")
    for place, seat in enumerate(v.order):
        entry = app.top.controller.editing(place)
        kept = sum(v.players[seat - 1].festival_vp) + v.king_vp[seat - 1]
        assert (entry.vp, entry.resources) == (max(0, kept), {"any": v.players[seat - 1].gold})
    assert any(v.players[s - 1].festival_vp for s in v.order)  # something was kept
    drawn = record_text(app)
    app.render()
    assert app.t("tiletum.score_kept") in " ".join(drawn)
    assert {"resources-more", "resources-five"} <= {b.name for b in app.top.buttons}
    assert not {f"{kind}-more" for kind in ("iron", "gold", "food")} & {
        b.name for b in app.top.buttons}
    # first in turn order: the rulebook's example on top of 40 VP: 40 + 25 + 10 + 2 = 77
    set_to(app, "vp", 40)
    play(app, "\n".join(["TAP @trading_posts-five", "TAP @pillars-five"]
                        + ["TAP @completed_buildings-more"] * 4))
    set_to(app, "resources", 9)  # 3 iron, 5 gold and 1 wool
    shot(app, tmp_path, f"entry-{language}")
    play(app, "TAP @next\nEXPECT tiletum-score-entry")
    # second: 77 VP on the track and nothing else: a tie, the earlier in turn order wins
    set_to(app, "vp", 77)
    set_to(app, "resources", 3)  # fewer than 4: no VP
    play(app, "TAP @next\nEXPECT score-results")
    results = app.top
    assert results.data["winners"] == [order[0]]
    assert [p["total"] for p in results.data["players"]] == [77, 77]
    drawn = record_text(app)
    app.render()
    assert any(order[0] in t and "77" in t for t in drawn)  # the tie sentence
    shot(app, tmp_path, "results")
    play(app, "TAP @row1\nEXPECT score-breakdown")
    shot(app, tmp_path, "breakdown")
    play(app, "BACK\nTAP @done\nEXPECT bgstats\nTAP @done\nEXPECT home\nTAP @history\nEXPECT history")
    history = app.top
    assert "tiletum" == history.games[0].game
    play(app, "TAP @row0\nEXPECT history-detail\nTAP @breakdown\nEXPECT score-results")
    assert app.top.data["winners"] == [order[0]]


def test_wedge_buttons_take_only_their_own_dice(make_app):
    app = make_app()
    app.seeds = iter(range(71, 99))
    setup_game(app, 4)
    play(app, "TAP @start\nTAP @begin\nTAP @reveal\nTAP @ok")
    c = app.top.controller
    for button in app.top.buttons:
        if button.name.startswith("wedge"):
            pip = int(button.name[5:])
            play(app, f"TAP @{button.name}")
            assert {d.pip for _, d in app.top.dice} == {pip}
            assert action_at(pip, c._state.offset, 1) == c.view().wheel[pip]
            play(app, "TAP @cancel\nEXPECT tiletum-board")
    assert not c.view().takes


def test_dice_lie_inside_their_wedge_clear_of_its_labels_without_overlapping():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from companion.tiletum.wheel import COLOURS, TileDie
    from ui.screens.tiletum import wheel_geometry as w

    targets = [w.wedge_rect(pip) for pip in range(1, 7)]
    assert not any(a.colliderect(b) for i, a in enumerate(targets) for b in targets[i + 1:])
    for rect in targets:
        assert min(rect.size) >= 48  # finger-sized

    @settings(max_examples=200, deadline=None)
    @given(st.lists(st.tuples(st.sampled_from(COLOURS), st.integers(1, 6)), max_size=14))
    def check(drawn):
        dice = [(i, TileDie(colour, pip)) for i, (colour, pip) in enumerate(drawn)]
        rects = w.die_rects(dice)
        shown = list(rects.items())
        for k, (i, rect) in enumerate(shown):
            pip = dict(dice)[i].pip
            corners = (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright)
            assert all(w._inside(pip, c) for c in corners)
            assert w.wedge_rect(pip).contains(rect)
            assert not any(rect.colliderect(other) for _, other in shown[k + 1:])
            assert rect.collidelist(w.label_lines(pip)) < 0  # a die never covers a word
        hidden = sum(w.overflow(dice).values())
        assert len(rects) + hidden == len(dice)

    check()


def test_a_wedge_shows_nine_dice_or_more():
    """14 dice in a round with 4 players, a sixth of them on a wedge on average: nine on one
    wedge (all but impossible) still all show."""
    from companion.tiletum.wheel import TileDie
    from ui.screens.tiletum import wheel_geometry as w

    for pip in range(1, 7):
        dice = [(i, TileDie("blue", pip)) for i in range(9)]
        assert len(w.die_rects(dice)) == 9 and not w.overflow(dice), pip


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_wedge_label_stays_in_the_box_the_dice_keep_clear_of(make_app, language):
    """Each action's icon line, name and AP, in every wedge (the wheel turns each round), drawn
    inside its line's box (``wheel_geometry.LABEL_LINES``) at 20 px or more."""
    from companion.tiletum.wheel import ACTIONS
    from ui import widgets
    from ui.screens.tiletum import wheel_geometry as w
    from ui.screens.tiletum.labels import action_names
    from ui.screens.tiletum.wheel_draw import LABEL_SIZE, draw_wheel

    app = make_app(language=language)
    canvas = pygame.Surface((800, 480))
    for turn in range(6):
        wheel = {pip: ACTIONS[(pip - 1 + turn) % 6] for pip in range(1, 7)}
        drawn: list = []
        widgets.recorder = drawn.append
        try:
            draw_wheel(canvas, app.fonts, wheel, action_names(app.top), app.t("tiletum.ap"),
                       "R1")
        finally:
            widgets.recorder = None
        labels = [d for d in drawn if d.box is not None]
        assert len(labels) == 18
        for d in labels:
            ink = d.surface.get_bounding_rect().move(d.rect.topleft)
            assert d.box.contains(ink), (d.text, ink, d.box)
            assert d.size >= LABEL_SIZE
            assert any(d.box == line for pip in wheel for line in w.label_lines(pip))


@pytest.mark.parametrize("names", ["latin", "hangul"])
@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_boards_fullest_words_are_whole_at_18_px_with_long_names(make_app, monkeypatch,
                                                                       language, names):
    """What the tour of every screen (tests/test_name_fit.py) does not reach, with four players
    of the longest names, every frame of the board through the same check (18 px or more,
    nothing cut but a name, nothing meeting): a game kept under rules 4, whose King take asks
    the table to move the disc; and, under rules 2, the king phase before a festival scoring
    the king track (leave the discs where they are)."""
    from companion.tiletum.game import DEFAULT_FESTIVALS, Festival
    import test_name_fit as name_fit

    long_names = name_fit.NAME_SETS[names]
    found = name_fit.watch(monkeypatch)
    said, app, c = old_game(make_app, language, 71, players=4, rules=4, names=long_names)
    play(app, "TAP @reveal\nTAP @ok\nEXPECT tiletum-board")
    take_on_king_wedge(app)
    play(app, "TAP @take\nEXPECT tiletum-board")
    assert said["tiletum.king_hint"] in screen_text(app)
    king_first = (Festival("king_track", 3, 2), *DEFAULT_FESTIVALS[1:])
    said, app, c = old_game(make_app, language, 5, players=4, rules=2, names=long_names,
                            festivals=king_first)
    for _ in range(3):
        play(app, "TAP @reveal\nTAP @ok\nEXPECT tiletum-board")
        for _ in range(4):
            take_any(app)
    assert said["tiletum.king_festival_first"] in screen_text(app)
    assert "tiletum-board" in found.seen
    assert not found.problems, found.report()


def test_each_colour_has_its_own_letter_in_both_languages():
    from companion.tiletum.wheel import COLOURS
    from ui.i18n import load_messages

    for language in ("en", "ko"):
        messages = load_messages(language)
        letters = [messages[f"tiletum.letter_{c}"] for c in COLOURS]
        assert len(set(letters)) == len(COLOURS)


def test_score_only_enters_a_game_played_without_the_device(make_app):
    app = make_app()
    setup_game(app, 2)
    play(app, "BACK\nEXPECT tiletum-setup\nTAP @score\nEXPECT tiletum-score-entry")
    play(app, "TAP @vp-ten\nTAP @completed_buildings-more\nTAP @completed_buildings-more\n"
              "TAP @completed_buildings-more\nTAP @next")
    play(app, "TAP @vp-ten\nTAP @vp-ten\nTAP @next\nEXPECT score-results")
    totals = {p["name"]: p["total"] for p in app.top.data["players"]}
    assert list(totals.values()) == [15, 20]  # 10 + 5 (3 buildings); 20
    assert app.top.data["winners"] == [app.top.data["players"][1]["name"]]


def joker_take(app):
    """The take screen with a die turned onto the Joker wedge (no action named yet)."""
    c = app.top.controller
    die_id, die = c.view().dice[0]  # the first die on its wedge: the one chosen
    joker = next(p for p, a in c.view().wheel.items() if a == "Joker")
    play(app, f"TAP @wedge{die.pip}\nEXPECT tiletum-take")
    assert app.top.chosen == die_id
    steps = (joker - die.pip + 3) % 6 - 3  # the shorter way round
    for _ in range(abs(steps)):
        play(app, "TAP @pip-up" if steps > 0 else "TAP @pip-down")
    assert app.top.on_joker()
    return app.top


def begun(make_app, language: str, seed: int, players: int = 2):
    """A game just begun: the catalogue, the app and its controller."""
    from ui.i18n import Catalog

    app = make_app(language=language)
    app.seeds = iter(range(seed, 99))
    setup_game(app, players)
    play(app, "TAP @start\nTAP @begin")
    return Catalog.load(language).messages, app, app.top.controller


def first_pass(make_app, language: str, seed: int):
    """A 2-player game on its first pass's board: the catalogue, the app, its controller and
    how many decisions are stored."""
    said, app, c = begun(make_app, language, seed)
    play(app, "TAP @reveal\nTAP @ok\nEXPECT tiletum-board")
    return said, app, c, len(c.session.decisions)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_refusals_speak_the_ui_language(make_app, language):
    """The engine's refusals on the take, bonus and turn-order screens, in the catalogue's
    words (never the engine's English sentence), and nothing stored (a game kept under rules 2:
    the table enters the turn order)."""
    said, app, c = old_game(make_app, language, 81)
    play(app, "TAP @reveal\nTAP @ok\nEXPECT tiletum-board")
    stored = len(c.session.decisions)
    take = joker_take(app)
    play(app, "TAP @take\nEXPECT tiletum-take")
    assert take.problem == said["error.tiletum.joker_action"]
    play(app, "TAP @joker-Merchant")
    assert take.problem is None and take.offer().gain.action == "Merchant"
    play(app, "TAP @cancel\nEXPECT tiletum-board")
    seat = c.view().actor
    for _ in range(5):
        play(app, f"TAP @building\nTAP @seat{seat}\nTAP @action-King\nTAP @value1\n"
                  "TAP @confirm\nEXPECT tiletum-board")
    play(app, f"TAP @building\nTAP @seat{seat}\nTAP @action-King\nTAP @value1\nTAP @confirm\n"
              "EXPECT tiletum-bonus")
    assert app.top.problem == said["error.tiletum.markers_used"].format(n=5)
    assert len(c.session.decisions) == stored + 5
    play(app, "TAP @cancel\nEXPECT tiletum-board")
    for n in range(3):
        if n:
            play(app, "TAP @reveal\nTAP @ok")
        for _ in range(2):
            take_any(app)
    play(app, f"TAP @order\nEXPECT tiletum-order\nTAP @seat{seat}\nTAP @confirm\n"
              "EXPECT tiletum-order")
    other = c.name(3 - seat)
    assert app.top.problem == said["tiletum.order_missing"].format(names=other)
    assert c.view().phase == "king"


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_turn_order_with_players_missing_names_them(make_app, tmp_path, language):
    """Confirming a new turn order with players left out says who is missing, in the UI
    language, and stores nothing (issue 17: before, nothing seemed to happen). Games kept under
    rules 2 (under rules 3 the turn order comes from the king track)."""
    said, app, c = old_game(make_app, language, 81, players=3)
    for _ in range(3):
        play(app, "TAP @reveal\nTAP @ok")
        for _ in range(3):
            take_any(app)
    first, *rest = c.view().order
    stored = len(c.session.decisions)
    drawn = record_text(app)
    play(app, f"TAP @order\nEXPECT tiletum-order\nTAP @seat{first}\nTAP @confirm\n"
              "EXPECT tiletum-order")
    app.render()
    names = ", ".join(c.name(s) for s in sorted(rest))
    assert app.top.problem == said["tiletum.order_missing"].format(names=names)
    assert app.top.problem in drawn
    assert len(c.session.decisions) == stored and c.view().phase == "king"
    shot(app, tmp_path, f"order-missing-{language}")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_turning_a_die_without_the_gold_is_refused_on_screen(make_app, tmp_path, language):
    """Seed 004: "플레이어는 금화 2개를 소비하여 가져가려는 주사위의 눈금을 1만큼 더하거나 뺄 수
    있습니다". The first player holds 1 gold: a one-step turn is refused in the UI language and
    nothing is stored; once the table says the player holds 2 gold, the take goes through."""
    said, app, c, stored = first_pass(make_app, language, 41)
    wedge = next(b.name for b in app.top.buttons if b.name.startswith("wedge"))
    play(app, f"TAP @{wedge}\nEXPECT tiletum-take")
    take = app.top
    play(app, "TAP @pip-up")
    if take.on_joker():
        play(app, "TAP @joker-King")
    need = take.offer().gold
    assert take.gold == 1 and need >= 2
    play(app, "TAP @take\nEXPECT tiletum-take")
    assert take.problem == said["error.tiletum.gold"].format(need=need, have=1)
    assert len(c.session.decisions) == stored
    shot(app, tmp_path, f"take-no-gold-{language}")
    for _ in range(need - 1):
        play(app, "TAP @gold-more")
    play(app, "TAP @take\nEXPECT tiletum-board")
    assert c.view().takes[-1].gold_paid == need


@pytest.mark.parametrize("language", ["en", "ko"])
def test_score_entry_stops_at_the_pieces_a_player_owns(make_app, tmp_path, language):
    """Seed 004, components: "교역소 32개 (플레이어마다 8개)", "기둥 28개 (플레이어마다 7개)",
    "개인 보드에는 6개의 건물이 있고": the score entry cannot go past 8 trading posts, 7 pillars
    or 6 completed buildings."""
    app = make_app(language=language)
    setup_game(app, 2)
    play(app, "BACK\nEXPECT tiletum-setup\nTAP @score\nEXPECT tiletum-score-entry")
    play(app, "\n".join(["TAP @trading_posts-five"] * 2 + ["TAP @pillars-five"] * 2
                        + ["TAP @pillars-more"] + ["TAP @completed_buildings-more"] * 7))
    entry = app.top
    assert (entry.value("trading_posts"), entry.value("pillars"),
            entry.value("completed_buildings")) == (8, 7, 6)
    shot(app, tmp_path, f"score-caps-{language}")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_undo_says_every_kind_of_step(make_app, language):
    """The undo question names any step in words (start, reveal, gold, take, bonus marker, turn
    order, festival), never a blank or a catalogue key."""
    from ui.screens.tiletum.undo import describe, last_decision

    app = make_app(language=language)
    app.seeds = iter(range(41, 99))
    setup_game(app, 2)
    play(app, "TAP @start")
    c = app.top.controller
    said = []

    def step():
        play(app, "TAP @undo\nEXPECT tiletum-undo")
        said.append(app.top.step)
        assert describe(app.top, c, last_decision(c)) == app.top.step
        play(app, "TAP @keep\nEXPECT tiletum-board")

    play(app, "TAP @begin")
    step()
    play(app, "TAP @reveal\nTAP @ok")
    step()
    take_any(app, steps=1)
    step()
    seat = c.view().actor
    play(app, f"TAP @building\nTAP @seat{seat}\nTAP @action-King\nTAP @value1\nTAP @confirm")
    step()
    take_any(app)
    for _ in range(2):
        play(app, "TAP @reveal\nTAP @ok")
        take_any(app)
        take_any(app)
    king_move(app, seat, 2)
    step()
    king_phase(app)
    step()
    play(app, "TAP @festival\nTAP @count-more\nTAP @confirm\nTAP @confirm\n"
              "EXPECT tiletum-board")
    step()
    assert len(said) == 7 and all(s and "tiletum." not in s for s in said), said
    assert c.name(seat) in said[3]


def take_on_king_wedge(app) -> dict[str, str]:
    """On the board after the first reveal: tap a wedge whose die performs King (the King
    wedge, or the Joker's naming King), on the take screen; returns where the disc would go
    (``start``, ``end``: the spaces as the screens print them)."""
    c = app.top.controller
    wheel, token = c.view().wheel, c.view().revealed[0]
    pip = next(d.pip for _, d in c.view().dice if wheel[d.pip] in ("King", "Joker"))
    play(app, f"TAP @wedge{pip}\nEXPECT tiletum-take")
    if app.top.button("joker-King").visible:
        play(app, "TAP @joker-King")
    gain = app.top.offer().gain
    assert gain.action == "King"
    return {"start": f"{-token:+d}".replace("+0", "0"), "end": f"{gain.ap - token:+d}"}


def drawn_now(app) -> list[str]:
    """The strings the top screen draws."""
    drawn = record_text(app)
    app.render()
    return drawn


def screen_text(app) -> str:
    return " ".join(drawn_now(app))


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_king_action_moves_a_disc_on_the_track(make_app, tmp_path, language):
    """Seed 004 (왕 액션): "왕 액션을 수행하면, 받은 AP만큼 왕 트랙에서 자신의 디스크를 오른쪽으로
    전진시킵니다. 다른 플레이어의 디스크가 있는 칸에 도착하면, 자신의 디스크를 그 위에
    올려놓습니다." Four players, a new game (issue 36, item 14): the take screen of a die on the
    King wedge (or the Joker's, naming King) says where the disc will go; the take moves it, with
    no separate King step to confirm or forget: the board says the disc moved and stands on its
    track, the undo question names the move, the King button (a contract's or a tile's step) no
    longer carries the take's AP; the king phase gives the bonus tile to the moved disc."""
    said, app, c = begun(make_app, language, 71, players=4)
    play(app, "TAP @reveal\nTAP @ok\nEXPECT tiletum-board")
    token = c.view().revealed[0]
    where = take_on_king_wedge(app)
    ap = app.top.offer().gain.ap
    assert said["tiletum.take_disc"].format(**where) in screen_text(app)
    shot(app, tmp_path, f"king-take-{language}")
    play(app, "TAP @take\nEXPECT tiletum-board")
    taken = c.view().takes[-1]
    assert c.view().track.space(taken.seat) == ap - token
    assert c.view().track.stack(-token) == tuple(s for s in c.view().order if s != taken.seat)
    drawn = drawn_now(app)
    assert said["tiletum.took_disc"].format(**where) in " ".join(drawn)
    assert said["tiletum.king_hint"] not in " ".join(drawn)
    assert {"-10", "0", "+15"} <= set(drawn)  # the board's track, its ends and start
    shot(app, tmp_path, f"king-board-{language}")
    play(app, "TAP @undo\nEXPECT tiletum-undo")
    assert said["tiletum.undo_take_disc"].format(**where) in app.top.step
    shot(app, tmp_path, f"king-undo-{language}")
    play(app, "TAP @keep\nEXPECT tiletum-board\nTAP @king\nEXPECT tiletum-king")
    assert (app.top.seat, app.top.steps) == (taken.seat, 1)
    play(app, "TAP @cancel\nEXPECT tiletum-board\nTAP @track\nEXPECT tiletum-track")
    assert all(c.name(s) in screen_text(app) for s in c.view().order)
    play(app, "TAP @ok\nEXPECT tiletum-board")
    for n in range(3):  # to the king phase: the moved disc leads
        if n:
            play(app, "TAP @reveal\nTAP @ok")
        while c.view().phase == "take":
            take_any(app)
    play(app, "TAP @king-phase\nEXPECT tiletum-king-phase")
    assert said["tiletum.king_bonus_tile"].format(name=c.name(taken.seat)) in screen_text(app)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_king_phase_says_how_a_tie_for_the_bonus_went(make_app, tmp_path, language):
    """Seed 004 l.401: "왕 트랙에서 가장 앞선 위치에 있는 디스크가 여러 개라면, 가장 뒤에 있는
    플레이어가 보너스를 받습니다." (read as the top disc of the stack: docs/scoring.md). Four
    players; after the passes the round's last player reaches +15 first and its first lands on
    them: the king phase gives the first the bonus tile and says it was a tie on that space."""
    said, app, c = begun(make_app, language, 71, players=4)
    order = c.view().order
    for n in range(3):
        play(app, "TAP @reveal\nTAP @ok")
        while c.view().phase == "take":
            take_any(app)
    for seat in (order[-1], order[0]):
        king_move(app, seat, 25)
    play(app, "TAP @king-phase\nEXPECT tiletum-king-phase")
    space = c.view().track.space(order[0])
    assert c.view().track.stack(space) == (order[-1], order[0])
    text = said["tiletum.king_bonus_tile_tie"].format(name=c.name(order[0]), space=f"{space:+d}")
    assert text in screen_text(app)
    shot(app, tmp_path, f"king-tie-{language}")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_disc_on_15_stays_and_the_screens_say_so(make_app, language):
    """Seed 004 (왕 액션): "디스크를 전진할 때, 절대 '+15 VP' 칸을 넘을 수는 없습니다." A King
    take by a player whose disc is already on +15: the take screen, the board and the undo
    question say it stays there."""
    said, app, c = begun(make_app, language, 71, players=4)
    play(app, "TAP @reveal\nTAP @ok\nEXPECT tiletum-board")
    king_move(app, c.view().actor, 25)
    take_on_king_wedge(app)
    where = {"end": "+15"}
    assert said["tiletum.take_disc_end"].format(**where) in screen_text(app)
    play(app, "TAP @take\nEXPECT tiletum-board")
    assert c.view().takes[-1].disc == (15, 15)
    assert said["tiletum.took_disc_end"].format(**where) in screen_text(app)
    play(app, "TAP @undo\nEXPECT tiletum-undo")
    assert said["tiletum.undo_take_disc_end"].format(**where) in app.top.step


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_game_kept_under_rules_4_enters_the_king_move_after_the_take(make_app, tmp_path,
                                                                       language):
    """A game kept under rules 4 replays as it was played: the take leaves the disc, the board
    asks for the King move, and the King button opens it with that player and that AP chosen;
    confirmed, the disc stands there."""
    said, app, c = old_game(make_app, language, 71, players=4, rules=4)
    play(app, "TAP @reveal\nTAP @ok\nEXPECT tiletum-board")
    token = c.view().revealed[0]
    where = take_on_king_wedge(app)
    assert said["tiletum.take_disc"].format(**where) not in screen_text(app)
    play(app, "TAP @take\nEXPECT tiletum-board")
    taken = c.view().takes[-1]
    assert c.view().track.space(taken.seat) == -token and taken.disc is None
    assert said["tiletum.king_hint"] in screen_text(app)
    play(app, "TAP @king\nEXPECT tiletum-king")
    assert (app.top.seat, app.top.steps) == (taken.seat, taken.gain.ap)
    shot(app, tmp_path, f"king-move-{language}")
    play(app, "TAP @confirm\nEXPECT tiletum-board")
    assert c.view().track.space(taken.seat) == -token + taken.gain.ap


def test_a_random_first_player_and_the_others_round_the_table(make_app):
    """Seed 004, setup: "첫 번째 플레이어를 결정합니다 ... 첫 번째 플레이어의 시계방향으로 다음
    플레이어가 두 번째 플레이어가 됩니다." The setup's random button draws the first player only;
    the order then goes round the table (issue 36, item 12), and the game stores it."""
    app = make_app()
    app.seeds = iter(range(40))
    play(app, "TAP @tiletum\nEXPECT tiletum-setup\nTAP @more")
    firsts = set()
    for _ in range(12):
        play(app, "TAP @shuffle")
        order = app.top.order
        firsts.add(order[0])
        assert order == [(order[0] - 1 + i) % 4 + 1 for i in range(4)]
    assert firsts == {1, 2, 3, 4}  # every seat may be drawn
    play(app, "TAP @next\nEXPECT tiletum-festivals\nTAP @start\nEXPECT tiletum-board")
    assert list(app.top.controller.view().order) == order
