"""Who may look (issue 18), end to end on the headless device, by the controls players use:
- a seat with a button of its own (GPIO seat pin or seat hub) opens its private screens only
  with that button; its name on the screen does nothing there;
- at a seat without one (a touch-only table) the player holds their name, and a "Check my
  character" look is stored and announced on the calling screen, with a count per player in
  the round summary;
- "Check my character" is offered only in the calling, to seats with something still hidden,
  never during another player's private entry;
- with ``private_while_held`` a private screen lasts only as long as the hold that revealed it
  (a second finger taps while the first holds the name).
"""

from __future__ import annotations

from hw.clock import REAL

from pathlib import Path

import pygame
import pytest

from conftest import HOLD, play, record_text
from hw.hubsim import HubSim
from hw.pins import DEFAULT_PINS
from test_ui_citadels import start_game
from test_serialhub import wait_for
from test_ui_citadels_calling import FIRST_GAME_9, drawn_now, drawn_whole, open_prepared
from ui.script import HOLD_MARGIN, ScriptRunner

SHOTS = Path("/tmp/shots18")
PLAIN = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]
SEAT_PINS = {f"seat{n}": pin for n, pin in zip(range(1, 6), (20, 16, 12, 7, 8))}


def shot(app, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    app.render()
    pygame.image.save(app.display.surface, str(SHOTS / f"{name}.png"))


def game(app):
    """The game's controller, from the nearest game screen on the stack."""
    return next(s.controller for s in reversed(app.stack) if hasattr(s, "controller"))


def stored_types(app) -> list[str]:
    return [d["type"] for d in game(app).session.decisions]


def may_look(app) -> tuple[int, ...]:
    return game(app).calling_public().may_look


def hold_seat_pin(app, seat: int, release: bool = True) -> None:
    """Press seat ``seat``'s GPIO button (MockFactory pin; pulled up, so low = pressed) and
    keep it down past the hold time."""
    pin = app.hw.mock_factory.pin(SEAT_PINS[f"seat{seat}"])
    pin.drive_low()
    app.run_for(HOLD + HOLD_MARGIN)
    if release:
        pin.drive_high()
        app.run_for(0.05)


# --- a touch-only table: looks are stored and announced ------------------------------------

@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_look_by_name_is_stored_announced_and_counted(make_app, tmp_path, language):
    app = open_prepared(make_app, tmp_path, "2016", 5, PLAIN, {"thief": 1, "king": 3},
                        names=["Mina", "Joon", "Alexandra-Catherine", "Seo-yeon", "Bartholomew"],
                        language=language)
    drawn = record_text(app)
    looking = may_look(app)
    assert 3 in looking and 1 not in looking  # the Thief (seat 1) was just revealed
    play(app, "TAP @check\nEXPECT whoami")
    assert not app.top.button("seat1").enabled  # nothing of seat 1's is hidden any more
    shot(app, f"whoami_{language}")
    play(app, "TAP @seat1\nEXPECT whoami")  # a greyed-out name does nothing
    play(app, "TAP @seat3\nEXPECT gate")
    assert app.t("gate.announced") in " ".join(drawn_now(app, drawn))
    before = len(stored_types(app))
    play(app, "HOLD @player\nEXPECT own")
    assert stored_types(app)[before:] == ["look"]  # stored before anything was shown
    play(app, "OK\nEXPECT calling")
    said = app.t("calling.ev_look", name="Alexandra-Catherine")
    assert drawn_whole(drawn_now(app, drawn), said)
    shot(app, f"look_announced_{language}")
    # the second look of the same player, then the round ends: the summary counts them
    play(app, "TAP @check\nTAP @seat3\nHOLD @player\nEXPECT own\nOK\nEXPECT calling")
    assert " ".join(drawn_now(app, drawn)).count(said.split()[-1]) >= 2
    while app.top.name == "calling":
        targets = [b.name for b in app.top.buttons if b.name.startswith(("rank", "seat"))]
        play(app, f"TAP @{targets[0]}" if targets else "TAP @end")
    assert app.top.name == "round-summary"
    count = app.t("rounds.looks", counts=app.t("rounds.look_count", name="Alexandra-Catherine",
                                                n=2))
    assert drawn_whole(drawn_now(app, drawn), count)
    shot(app, f"look_count_{language}")


def test_a_look_survives_a_restart_and_an_undo(make_app, tmp_path):
    """An undo takes back the last step before the looks made since, never a look."""
    app = open_prepared(make_app, tmp_path, "2016", 5, PLAIN, {"thief": 1})
    controller = app.top.controller
    targets = [b.name for b in app.top.buttons if b.name.startswith("rank")]
    play(app, f"TAP @{targets[-1]}\nTAP @end\nEXPECT calling")
    rank = controller.calling_public().rank
    play(app, "TAP @undo\nEXPECT undo")
    step = app.top.step
    play(app, "TAP @keep\nEXPECT calling")
    seat = may_look(app)[-1]
    play(app, f"TAP @check\nTAP @seat{seat}\nHOLD @player\nEXPECT own\nOK\nEXPECT calling")
    play(app, "TAP @undo\nEXPECT undo")
    assert app.top.step == step  # the step, not the look
    play(app, "TAP @confirm\nEXPECT calling")
    view = controller.calling_public()
    assert view.rank < rank  # the end of the turn was taken back ...
    assert [e.seat for e in view.events if e.kind == "look"] == [seat]  # ... the look stays
    app.close()
    app.running = False
    again = make_app(data_dir=tmp_path / "prepared")
    assert again.top.name == "calling"
    events = again.top.controller.calling_public().events
    assert [e.seat for e in events if e.kind == "look"] == [seat]


def test_check_is_not_offered_during_the_magistrates_private_entry(make_app, tmp_path):
    app = open_prepared(make_app, tmp_path, "2016", 5, FIRST_GAME_9, {"magistrate": 1})
    assert may_look(app) == ()
    assert not app.top.button("check").enabled
    play(app, "TAP @check\nEXPECT calling")
    play(app, "TAP @private\nEXPECT gate\nHOLD SEAT1\nEXPECT secret-tokens")
    play(app, "TAP @rank4\nTAP @rank5\nTAP @rank8\nTAP @real0\nTAP @confirm\nTAP @next")
    assert app.top.name == "calling" and app.top.button("check").enabled
    assert 1 in may_look(app)  # the Magistrate's signed warrant is now theirs to check


# --- a table with seat buttons: only the seat's own button opens it -------------------------

def test_with_seat_buttons_a_name_opens_nothing_and_the_buttons_look_is_announced(make_app,
                                                                                tmp_path):
    """Issue 38, item 11: a look through the seat's own button is stored and announced like
    one by the held name (it once was neither)."""
    app = open_prepared(make_app, tmp_path, "2016", 5, PLAIN, {"thief": 1},
                        pins={**DEFAULT_PINS, **SEAT_PINS})
    assert all(app.has_seat_button(s) for s in range(1, 6))
    drawn = record_text(app)
    play(app, "TAP @check\nEXPECT whoami")
    assert app.t("draft.check_button") in " ".join(drawn_now(app, drawn))
    play(app, "TAP @seat3\nEXPECT whoami")  # a name is no identification here
    assert app.top.warning == app.t("gate.use_button", n=3)
    before = stored_types(app)
    hold_seat_pin(app, 3, release=False)  # press identifies, holding on reveals
    assert app.top.name == "own" and app.top.seat == 3
    app.hw.mock_factory.pin(SEAT_PINS["seat3"]).drive_high()
    play(app, "OK\nEXPECT calling")
    assert stored_types(app) == before + ["look"]
    assert drawn_whole(drawn_now(app, drawn), app.t("calling.ev_look",
                                                    name=game(app).name(3)))


@pytest.mark.parametrize("language", ["en", "ko"])
def test_on_a_touch_only_table_a_keyboard_digit_looks_like_a_held_name(make_app, tmp_path,
                                                                        language):
    """Issue 38, item 11: on a table with no seat buttons, the keyboard's digit keys stand in
    for them; pressing and holding 3 once opened seat 3's screen with no look stored and
    nothing said. Every way in is stored and announced the same way: the gate says the
    table will be told, the look is stored before anything private shows, and the calling
    screen says it."""
    app = open_prepared(make_app, tmp_path, "2016", 5, PLAIN, {"thief": 1}, language=language)
    assert not any(app.has_seat_button(s) for s in range(1, 6))
    drawn = record_text(app)
    play(app, "TAP @check\nEXPECT whoami\nSEAT3\nEXPECT gate")
    assert app.t("gate.announced") in " ".join(drawn_now(app, drawn))
    before = stored_types(app)
    play(app, "HOLD SEAT3\nEXPECT own")
    assert stored_types(app) == before + ["look"]
    play(app, "OK\nEXPECT calling")
    assert drawn_whole(drawn_now(app, drawn), app.t("calling.ev_look", name=game(app).name(3)))


@pytest.mark.parametrize("language", ["en", "ko"])
def test_with_seat_buttons_the_drafters_gate_ignores_a_held_name(make_app, language):
    app = make_app(pins={**DEFAULT_PINS, **SEAT_PINS}, language=language)
    start_game(app, "2016", 5)
    gate = app.top
    play(app, "HOLD @player\nEXPECT gate")
    assert gate.warning == app.t("gate.use_button", n=1)
    shot(app, f"gate_use_button_{language}")
    hold_seat_pin(app, 2)  # another seat's button: refused with a warning
    assert app.top is gate and gate.warning == app.t("gate.wrong_seat", n=2, name=gate.player)
    hold_seat_pin(app, 1, release=False)
    assert app.top.name == "draft-private" and app.top.seat == 1


def test_a_hub_seat_is_a_seat_button_while_the_hub_is_connected(make_app, tmp_path):
    """The seat hub simulator on a real pty: its seats open their gates only with their own
    buttons; unplugged, the names work again."""
    sim = HubSim(tmp_path / "hub", seats=4).start()
    try:
        app = make_app(env={"COMPANION_HW": "mock", "COMPANION_HUB": str(tmp_path / "hub")},
                       clock=REAL)
        assert wait_for(lambda: app.hw.hub.status.connected)
        assert app.has_seat_button(4) and not app.has_seat_button(5)
        start_game(app, "2016", 5)
        play(app, "HOLD @player\nEXPECT gate")
        assert app.top.warning == app.t("gate.use_button", n=1)
        sim.press(1)
        assert wait_for(lambda: (app.step(0.05), app.top.name == "draft-private")[1])
        sim.release(1)
        play(app, "BACK\nEXPECT gate")
        sim.unplug()
        assert wait_for(lambda: not app.hw.hub.status.connected)
        assert not app.has_seat_button(1)
        play(app, "HOLD @player\nEXPECT draft-private")  # the touchscreen works again
    finally:
        sim.stop()


# --- private screens only while the hold lasts ---------------------------------------------

def runner(app) -> ScriptRunner:
    return ScriptRunner(app, None)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_while_held_a_seat_key_shows_the_pick_only_while_it_is_down(make_app, language):
    app = make_app(private_while_held=True, language=language)
    controller = start_game(app, "2016", 5)
    run = runner(app)
    run._key("1", True)
    app.run_for(HOLD + HOLD_MARGIN)
    assert app.top.name == "draft-private"
    app.run_for(0.5)  # held: no quiet time applies
    assert app.top.name == "draft-private"
    stored = len(controller.session.decisions)
    run._key("1", False)  # let go: hidden, nothing chosen
    app.settle()
    assert app.top.name == "gate" and app.top.hidden_again == "let_go"
    assert len(controller.session.decisions) == stored
    shot(app, f"hidden_let_go_{language}")


def finger(app, kind: int, finger_id: int, point: tuple[int, int]) -> None:
    """A finger event at ``point`` on the 800x480 canvas (SDL gives 0-1 of the window)."""
    x, y = app.display.viewport.to_physical(point)
    w, h = app.display.surface.get_size()
    pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=finger_id, x=x / w,
                                         y=y / h, dx=0.0, dy=0.0, pressure=1.0))
    app.settle()


def test_while_held_one_finger_holds_the_name_and_another_chooses(make_app):
    app = make_app(private_while_held=True)
    controller = start_game(app, "2016", 5)
    name = app.top.button("player").rect.center
    finger(app, pygame.FINGERDOWN, 0, name)  # the first finger is the pointer: it holds
    app.run_for(HOLD + HOLD_MARGIN)
    assert app.top.name == "draft-private"
    card = next(b for b in app.top.buttons if b.name not in ("back",))
    finger(app, pygame.FINGERDOWN, 1, card.rect.center)
    finger(app, pygame.FINGERUP, 1, card.rect.center)
    assert app.top.name == "draft-confirm"  # still held: the choice waits for confirmation
    confirm = app.top.button("confirm").rect.center
    finger(app, pygame.FINGERDOWN, 1, confirm)
    finger(app, pygame.FINGERUP, 1, confirm)
    assert app.top.name == "wipe" and controller.session.decisions[-1]["type"] == "pick"
    finger(app, pygame.FINGERUP, 0, name)
    assert app.top.name == "wipe"  # nothing private left to hide


def test_while_held_lifting_the_finger_hides_the_pick(make_app):
    app = make_app(private_while_held=True)
    controller = start_game(app, "2016", 5)
    stored = len(controller.session.decisions)
    play(app, "HOLD @player")  # hold, then let go
    assert app.top.name == "gate" and app.top.hidden_again == "let_go"
    assert len(controller.session.decisions) == stored


def test_the_option_is_read_from_the_config(tmp_path):
    from ui.config import load_config

    path = tmp_path / "c.toml"
    path.write_text("private_while_held = true\n")
    assert load_config(path).private_while_held is True
    path.write_text("private_while_held = 1\n")
    config = load_config(path)
    assert config.private_while_held is False
    assert any("private_while_held" in e for e in config.errors)
