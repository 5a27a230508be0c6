"""The Citadels draft on the device, end to end: setup, pass-and-play, nothing leaked, resume."""

from __future__ import annotations

import pytest

from companion.citadels.catalogue import EDITIONS, character
from companion.citadels.draft import PICK
from conftest import centre, play, record_text

FLOWS = [(e, p) for e in EDITIONS for p in (2, 3, 4, 7, 8)]


def names_of(app, edition, ids):
    return {character(edition, c).name(app.language) for c in ids}


def start_game(app, edition, players, crown=1):
    play(app, f"TAP {centre(app, 'citadels')}\nEXPECT citadels-setup")
    setup = app.top
    play(app, f"TAP {centre(app, f'edition-{edition}')}")
    while setup.players != players:
        play(app, f"TAP {centre(app, 'more' if setup.players < players else 'fewer')}")
    while setup.crown != crown:
        play(app, f"TAP {centre(app, 'crown-next')}")
    play(app, f"TAP {centre(app, 'start')}\nEXPECT gate")
    return app.stack[-2].controller


def hidden_from(controller, seat):
    """The characters ``seat`` must not see now: others' picks and the face-down cards."""
    state = controller._state.draft
    others = {c for s in range(1, len(controller.names) + 1) if s != seat for c in state.hand(s)}
    return others | set(state.face_down)


def take_turn(app, controller, by_seat_button: bool, drawn: list[str]):
    gate = app.top
    assert gate.name == "gate"
    seat = gate.seat
    edition = controller.edition
    drawn.clear()
    app.render()
    assert not names_of(app, edition, hidden_from(controller, 0)) & set(drawn)
    if by_seat_button:
        play(app, f"SEAT{seat}\nHOLD SEAT{seat}")
    else:
        play(app, f"TAP {centre(app, 'player')}\nHOLD {centre(app, 'player')}")
    while app.top.name == "draft-private":
        private = app.top
        view = controller.draft_view(seat)
        shown = {b.name for b in private.buttons if b.name != "back"}
        assert shown == set(view.offered)  # exactly the cards handed to this seat
        drawn.clear()
        app.render()
        visible = set(drawn)
        leaked = names_of(app, edition, hidden_from(controller, seat) - set(view.offered))
        assert not {f"{character(edition, c).rank}. {character(edition, c).name(app.language)}"
                    for c in hidden_from(controller, seat) - set(view.offered)} & visible, leaked
        card = sorted(view.offered)[0]
        play(app, f"TAP {centre(app, card)}\nEXPECT draft-confirm")
        play(app, f"TAP {centre(app, 'confirm')}")
    if app.top.name == "wipe":
        drawn.clear()
        app.render()
        assert not names_of(app, edition, controller._state.setup.characters) & set(drawn)
        play(app, f"TAP {centre(app, 'next')}")


@pytest.mark.parametrize("edition, players", FLOWS)
def test_a_whole_draft_on_the_device(make_app, edition, players):
    app = make_app()
    controller = start_game(app, edition, players, crown=2)
    drawn = record_text(app)
    turns = 0
    steps = len(controller._state.draft.turns)
    while controller.phase == "draft":
        take_turn(app, controller, by_seat_button=turns % 2 == 0, drawn=drawn)
        turns += 1
    assert app.top.name == "calling"  # the draft is over: the calling begins
    per_player = 2 if players <= 3 else 1
    held = controller._state.calling.setup.holders
    assert all(sum(s == seat for _, s in held) == per_player for seat in range(1, players + 1))
    stored = app.store.load(controller.session.id)
    assert len(stored.decisions) == steps


def test_undo_before_confirming_changes_nothing(make_app):
    app = make_app()
    controller = start_game(app, "2016", 4)
    play(app, "SEAT1\nHOLD SEAT1")
    first = sorted(controller.draft_view(1).offered)[0]
    play(app, f"TAP {centre(app, first)}\nEXPECT draft-confirm")
    play(app, f"TAP {centre(app, 'undo')}\nEXPECT draft-private")
    assert controller.draft_view(1).own == () and controller.session.decisions == ()


def test_the_wrong_seat_button_does_not_open_the_gate(make_app):
    app = make_app()
    start_game(app, "2016", 4)
    play(app, "SEAT3\nHOLD SEAT3\nEXPECT gate")
    assert "3" in app.top.warning


def test_back_from_a_private_screen_hides_it_behind_the_gate(make_app):
    app = make_app()
    start_game(app, "2016", 5)
    play(app, "HOLD SEAT1\nEXPECT draft-private\nBACK\nEXPECT gate")


def test_nobody_can_check_a_character_during_the_draft(make_app):
    """Issue 18's attack: while Player 2 holds the device for their pick, Back -> Back ->
    "Check my character" -> Player 1 -> hold showed Player 1's Warlord. The draft's public
    screen now offers no check (it is always someone's private turn; a drafter's own screen
    shows what they keep): the only private screen left is the drafter's own."""
    app = make_app()
    controller = start_game(app, "classic", 4)
    drawn = record_text(app)
    take_turn(app, controller, True, drawn)
    play(app, "BACK\nEXPECT draft-public")  # Player 2 backs out of their own gate
    public = app.top
    assert "check" not in {b.name for b in public.buttons}
    assert {b.name for b in public.buttons} == {"pass", "leave"}
    play(app, "BACK\nEXPECT home")  # the second Back leaves the game (kept), nothing else
    assert not any(s.private for s in app.stack)


def test_a_restart_resumes_at_the_gate_of_the_player_to_pick(make_app, tmp_path):
    app = make_app()
    controller = start_game(app, "2016", 4, crown=3)
    drawn = record_text(app)
    take_turn(app, controller, True, drawn)
    take_turn(app, controller, False, drawn)
    session_id = controller.session.id
    app.close()
    app.running = False
    again = make_app()
    assert again.top.name == "gate" and again.top.seat == 1  # seats 3, 4 picked; seat 1 next
    assert [s.name for s in again.stack] == ["home", "draft-public", "gate"]
    resumed = again.stack[1].controller
    assert resumed.session.id == session_id and len(resumed.session.decisions) == 2
    while resumed.phase == "draft":
        take_turn(again, resumed, True, record_text(again))
    play(again, f"TAP {centre(again, 'leave')}\nEXPECT home")  # the game is kept
    assert len(again.store.unfinished()) == 1 and again.store.history() == []


def test_leaving_keeps_the_draft_for_later(make_app):
    app = make_app()
    start_game(app, "2016", 4)
    play(app, "BACK\nEXPECT draft-public")
    play(app, f"TAP {centre(app, 'leave')}\nEXPECT home")
    assert len(app.store.unfinished()) == 1


def test_setup_refuses_a_set_the_rules_forbid_and_says_why(make_app):
    app = make_app()
    play(app, f"TAP {centre(app, 'citadels')}")
    setup = app.top
    while setup.players != 5:
        play(app, f"TAP {centre(app, 'more')}")
    play(app, f"TAP {centre(app, 'choose')}\nEXPECT citadels-picker")
    play(app, f"TAP {centre(app, 'queen')}\nTAP {centre(app, 'done')}\nEXPECT citadels-setup")
    assert "queen" in setup.characters and setup.button("start").enabled
    play(app, f"TAP {centre(app, 'fewer')}")  # 4 players: the Queen is not allowed
    assert not setup.button("start").enabled
    drawn = record_text(app)
    app.render()
    assert any("Queen is never used with fewer than 5 players" in t for t in drawn)
    play(app, f"TAP {centre(app, 'start')}\nEXPECT citadels-setup")  # nothing starts


def test_roster_names_fill_the_seats(make_app):
    app = make_app(config_text='roster = ["Mina", "Joon", "Seo"]\n')
    controller = start_game(app, "2016", 4)
    assert controller.names == ["Mina", "Joon", "Seo", "Player 4"]
    assert app.top.player == "Mina"
    assert controller.draft_public().turn.action == PICK


def test_the_log_never_names_a_character(make_app, caplog):
    """Logs and errors must not carry hidden picks: not an id, not a name in either language."""
    import logging

    caplog.set_level(logging.DEBUG)
    app = make_app()
    controller = start_game(app, "2016", 3)
    drawn = record_text(app)
    while controller.phase == "draft":
        take_turn(app, controller, True, drawn)
    text = caplog.text.lower()
    assert "private screen opened for seat" in text  # the log does say what happened
    for cid in controller._state.setup.characters:
        c = character("2016", cid)
        assert cid not in text and c.en.lower() not in text and c.ko not in caplog.text


def test_a_kept_draft_can_be_continued_from_the_setup_screen(make_app):
    app = make_app()
    controller = start_game(app, "2016", 4)
    take_turn(app, controller, True, record_text(app))
    play(app, "BACK\nEXPECT draft-public")
    play(app, f"TAP {centre(app, 'leave')}\nEXPECT home")
    play(app, f"TAP {centre(app, 'citadels')}\nEXPECT citadels-setup")
    assert app.top.button("continue").visible
    play(app, f"TAP {centre(app, 'continue')}\nEXPECT gate")
    assert [s.name for s in app.stack] == ["home", "draft-public", "gate"]
    assert len(app.stack[1].controller.session.decisions) == 1


def test_starting_a_new_draft_keeps_the_kept_one(make_app):
    """Issue 15: Start never ends a kept game; both are kept side by side, newest first."""
    app = make_app()
    start_game(app, "2016", 4)
    play(app, "BACK\nEXPECT draft-public")
    play(app, f"TAP {centre(app, 'leave')}\nEXPECT home")
    start_game(app, "classic", 5)
    assert [s.config["edition"] for s in app.store.unfinished()] == ["classic", "2016"]
    assert app.store.history() == []


def test_an_unexpected_error_on_a_private_screen_leaves_it_and_keeps_the_game(make_app, caplog):
    import logging

    caplog.set_level(logging.DEBUG)
    app = make_app()
    controller = start_game(app, "2016", 4)
    play(app, "HOLD SEAT1\nEXPECT draft-private")
    secret = sorted(controller.draft_view(1).offered)[0]

    def broken():
        raise KeyError(secret)  # an error whose message names a hidden card

    app.top.button(secret).on_click = broken
    play(app, f"TAP {centre(app, secret)}")
    assert app.running and app.top.name == "draft-public"
    assert secret not in caplog.text and "unexpected KeyError" in caplog.text
    play(app, f"TAP {centre(app, 'pass')}\nEXPECT gate")  # the game goes on
