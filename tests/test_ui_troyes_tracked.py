"""Troyes under rules 3 on the device, end to end and driven by taps: the starting placement,
event cards entered and fought, a citizen pushing another out, Undo asking first, citizens
corrected in any phase, the log line, and a whole 3-player game scored from what the device
kept (issue 17, items 5-10), in English and Korean with screenshots."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from conftest import play, record_text
from troyes_driver import (CARDS, defend_all, place_all, play_round, reveal_cards, roll_black,
                           start)

SHOTS = Path("/tmp/shots17")
LATER = (CARDS[1], {"deck": "yellow", "colour": "yellow", "divisor": 3, "flags": 3})
"""The cards of the later rounds: a red one naming a yellow one (white dice build then)."""


def shot(app, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    app.render()
    pygame.image.save(app.display.surface, str(SHOTS / f"{name}.png"))


def shown(app) -> str:
    drawn = record_text(app)
    app.render()
    return " ".join(drawn)


def buttons(app) -> set[str]:
    return {b.name for b in app.top.buttons if b.name}


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_starting_placement_is_tapped_in_snake_order(make_app, language):
    """"첫 번째 배치는 시작 플레이어부터 ... 두 번째 배치는 마지막 플레이어부터": the banner names
    who places; a building without room is not offered; then the neutral citizens fill the
    rest and income comes."""
    app = make_app(language=language)
    play(app, "TAP @troyes\nTAP @start\nEXPECT troyes-board")
    c = app.top.controller
    assert c.view().phase == "placement" and c.view().actor == 1
    shot(app, f"troyes_placement_{language}")
    seats = []
    for _ in range(6):
        seats.append(c.view().actor)
        play(app, "TAP @place-palace")
    assert seats == [1, 2, 3, 3, 2, 1]
    assert "place-palace" not in buttons(app)  # its 6 spaces are taken
    assert c.view().room == (6, 6, 0)
    assert c.session.decisions[-1] == {"type": "place", "seat": 1, "building": 2}
    place_all(app)
    assert c.view().phase == "income" and sum(c.view().neutral_citizens) == 3
    text = shown(app)
    assert ("Neutral citizens fill the rest" if language == "en" else "중립 시민이 남은 칸") in text
    shot(app, f"troyes_placed_{language}")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_an_event_card_is_entered_then_fought_with_its_colour(make_app, language):
    """The cards entered once, as revealed (the Plunder fought with yellow dice here, a red card
    with 2 flags, the white one it names); the Event action asks which card (only those of the
    dice's colour) and places the cubes the card's divisor gives, capped by its free flags; the
    line under the districts says what it did; Undo asks first."""
    app = make_app(language=language)
    app.seeds = iter(range(3, 99))
    start(app)
    play(app, "TAP @income")
    reveal_cards(app, (CARDS[0], {"colour": "red", "divisor": 2, "flags": 2},
                       {"deck": "white", "colour": "white", "divisor": 3, "flags": 2}))
    play(app, "TAP @table")
    shot(app, f"troyes_events_table_{language}")
    play(app, "TAP @neutral2\nTAP @done")
    roll_black(app, 0)
    c = app.top.controller
    assert c.view().events[1].cubes == (0,)
    while c.view().actor != next(d.owner for _, d in c.view().dice if d.colour == "red"
                                  and d.owner):
        play(app, "TAP @pass")
    seat = c.view().actor
    red = [i for i, d in c.view().district(seat) if d.colour == "red"]
    influence = c.view().players[seat - 1].influence
    play(app, "".join(f"TAP @die{i}\n" for i in red) + "TAP @event")
    assert {"event2", "cancel"} <= buttons(app) and not {"event1", "event3"} & buttons(app)
    shot(app, f"troyes_event_choice_{language}")
    play(app, "TAP @event2")
    v = c.view()
    assert v.players[seat - 1].influence == influence + 1  # one free flag: one cube
    assert [card.id for card in v.events] == [1, 3]  # the red card was full: awarded, taken
    text = shown(app)
    assert ("card full" if language == "en" else "카드 완료") in text
    shot(app, f"troyes_event_done_{language}")
    play(app, "TAP @undo\nEXPECT troyes-undo")
    shot(app, f"troyes_undo_{language}")
    play(app, "TAP @confirm\nEXPECT troyes-board")
    assert c.view().events[1].cubes == (0,) and c.view().players[seat - 1].influence == influence


def test_a_citizen_in_a_full_building_asks_whose_was_pushed_out(make_app):
    """Two players: every building full after the placement. A red die's citizen: from the
    supply, then whose citizen was pushed out (nobody is not offered: no room)."""
    app = make_app()
    app.seeds = iter(range(3, 99))
    start(app, players=2)
    c = app.top.controller
    assert c.view().room == (0, 0, 0)
    play(app, "TAP @income")
    roll_black(app, 0)
    seat = c.view().actor
    die = next(i for i, d in c.view().district(seat) if d.colour == "red")
    play(app, f"TAP @die{die}\nTAP @citizen\nTAP @supply")
    assert "nobody" not in buttons(app) and {"bumped0", "bumped1", "bumped2"} & buttons(app)
    shot(app, "troyes_bumped_choice_en")
    other = 3 - seat
    before = (c.view().players[seat - 1].citizens[2], c.view().players[other - 1].citizens[2])
    play(app, f"TAP @bumped{other}")
    after = (c.view().players[seat - 1].citizens[2], c.view().players[other - 1].citizens[2])
    assert after == (before[0] + 1, before[1] - 1)
    assert "pushed out" in shown(app)


def test_citizens_are_corrected_in_the_action_phase_through_a_name(make_app):
    """Tap a name → corrections → Citizens: the table's citizens stored at once; over the
    limits the screen says why (in the UI language) and stores nothing."""
    app = make_app(language="ko")
    app.seeds = iter(range(3, 99))
    start(app)
    play(app, "TAP @income")
    roll_black(app, 0)
    play(app, "TAP @player1\nEXPECT troyes-adjust\nTAP @citizens\nEXPECT troyes-citizens")
    c = app.top.controller
    stored = len(c.session.decisions)
    play(app, "TAP @c1-palace-more\nTAP @done")
    assert app.top.name == "troyes-citizens" and "칸이 모두 찼습니다" in app.top.problem
    assert len(c.session.decisions) == stored
    shot(app, "troyes_citizens_refused_ko")
    play(app, "TAP @cn-palace-less\nTAP @done\nEXPECT troyes-adjust")
    assert c.session.decisions[-1]["type"] == "placement"


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_whole_three_player_game_is_scored_from_what_the_device_kept(make_app, language):
    """Five rounds with event cards, the defence, farming, the cathedral and events; then
    "Score the game" opens each player's entry prefilled: score tokens = the VP kept, the
    unresolved events holding their cube, the cathedral levels with their cube."""
    app = make_app(language=language)
    app.seeds = iter(range(5, 99))
    start(app)
    c = app.top.controller
    shot(app, f"troyes_game_start_{language}")
    while c.view().phase != "over":
        play_round(app, CARDS if c.view().round == 1 else LATER)
        if c.view().round == 2 and c.view().phase == "income":
            shot(app, f"troyes_game_round2_{language}")
    v = c.view()
    assert v.round == 5 and any(v.cathedral) and v.log
    shot(app, f"troyes_game_over_{language}")
    play(app, "TAP @table")
    shot(app, f"troyes_game_table_{language}")
    play(app, "TAP @done\nTAP @score\nEXPECT troyes-score-entry")
    for seat in range(1, 4):
        entry = app.top.player
        assert entry.tokens == v.players[seat - 1].vp
        assert entry.unresolved_events == v.unresolved_events(seat)
        assert entry.cathedral_levels == v.cathedral_levels(seat)
        if seat == 1:
            shot(app, f"troyes_game_score_{language}")
        play(app, "TAP @next")
    assert app.top.name == "score-results"
    shot(app, f"troyes_game_results_{language}")


def test_the_defence_and_actions_say_what_they_did_in_one_line(make_app):
    app = make_app()
    app.seeds = iter(range(3, 99))
    start(app)
    play(app, "TAP @income")
    roll_black(app, 1)
    defend_all(app)
    text = shown(app)
    assert "defended with" in text or "could not defend" in text
    assert "Y yellow · W white" in text  # the legend of the one-letter markers


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_log_line_is_read_whole_and_the_tables_short_log_says_who(make_app, language):
    """Four players with the longest names, two rounds: What happened shows every line of
    the log whole, newest first, a page at a time (▼ older, ▲ back); the table's short log
    shows the newest lines, each on two lines at most, starting with who did it (a long name
    cut with "…", never left out)."""
    from test_name_fit import LATIN

    from ui import widgets
    from ui.screens.troyes.log_text import line_text
    from ui.screens.troyes.table import EVENTS_W

    app = make_app(language=language, roster=LATIN[:4])
    app.seeds = iter(range(5, 99))
    start(app, 4)
    c = app.top.controller
    for cards in (CARDS, LATER):
        play_round(app, cards)
    log = list(reversed(c.view().log))
    said = [line_text(app.t, c.name, line) for line in log]

    play(app, "TAP @table\nEXPECT troyes-table")
    drawn: list = []
    widgets.recorder = drawn.append
    try:
        app.render()
    finally:
        widgets.recorder = None
    boxes: dict = {}
    for d in drawn:
        if d.box is not None and d.box.top > app.top.card_row(0).top and \
                d.box.width == EVENTS_W:
            boxes.setdefault(tuple(d.box), []).append(d.text)
    entries = [lines for _, lines in sorted(boxes.items())]
    assert entries  # (four event cards leave room for one or two)
    for line, lines in zip(log, entries):
        assert len(lines) <= 2
        if line.seat:
            name, first = c.name(line.seat), lines[0]
            cut = first.split("…")[0]
            assert first.startswith(name) or (cut and name.startswith(cut)), (lines, name)

    play(app, "TAP @log\nEXPECT troyes-log")
    pages = []
    while True:
        text = record_text(app)
        app.render()
        pages.append(" ".join(text))
        if not app.top.button("page-down").enabled:
            break
        play(app, "TAP @page-down")
    assert len(pages) >= 2
    flat, where = " ".join(" ".join(pages).split()), 0
    for text in said:  # every line, whole, newest first
        where = flat.find(" ".join(text.split()), where)
        assert where >= 0, text
    while app.top.button("page-up").enabled:
        play(app, "TAP @page-up")
    assert app.top.starts == [0]
