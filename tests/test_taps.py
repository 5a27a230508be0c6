"""A tap is a tap (issue 33): a finger on a real touchscreen, a press held a little long, a
release handled late on a busy machine; each does what the person did, exactly once."""

from __future__ import annotations

import time

import pygame
import pytest

from conftest import centre, play
from hw.clock import REAL
from test_ui_citadels import start_game

DEVICE_HOLD = 0.8  # s: the hold time of the shipped config


def finger(app, down: bool, point, finger_id: int = 0, touch_id: int = 3) -> None:
    """Post what SDL posts for a finger at canvas ``point``: FINGERDOWN/UP with coordinates
    normalised to the window (under KMSDRM, nothing else: libsdl-org/SDL#6650)."""
    x, y = app.display.viewport.to_physical(point)
    w, h = app.display.surface.get_size()
    kind = pygame.FINGERDOWN if down else pygame.FINGERUP
    pygame.event.post(pygame.event.Event(kind, touch_id=touch_id, finger_id=finger_id,
                                         x=(x + 0.5) / w, y=(y + 0.5) / h, dx=0.0, dy=0.0,
                                         pressure=1.0))


def button_point(app, name: str) -> tuple[int, int]:
    return app.top.button(name).rect.center


def touch(app, name: str, hold: float = 0.0) -> None:
    """One finger on the top screen's button ``name``, lifted after ``hold`` seconds."""
    point = button_point(app, name)
    finger(app, True, point)
    app.run_for(hold)
    finger(app, False, point)
    app.settle()


@pytest.mark.parametrize("rotation", [0, 90, 270])
def test_one_finger_tap_opens_the_button_it_touched(make_app, rotation):
    """A touchscreen under KMSDRM gives finger events only: the first finger is the pointer."""
    app = make_app()
    app.set_rotation(rotation)
    app.settle()
    touch(app, "settings")
    assert app.top.name == "settings"
    touch(app, "back")
    assert app.top.name == "home"


def test_a_finger_and_the_mouse_events_sdl_makes_of_it_act_once(make_app):
    """Under a window system SDL makes mouse events of the first finger too (``touch`` set):
    the finger is taken, its mouse copy is not, so "more" adds one player, not two."""
    app = make_app()
    play(app, "TAP @citadels\nEXPECT citadels-setup")
    setup = app.top
    before = setup.players
    point = button_point(app, "more")
    pos = app.display.viewport.to_physical(point)
    finger(app, True, point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True))
    finger(app, False, point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True))
    app.settle()
    assert setup.players == before + 1


def test_a_second_finger_still_taps_while_the_first_rests(make_app):
    """The first finger resting on nothing; a second finger taps "settings"."""
    app = make_app()
    finger(app, True, (5, 470), finger_id=0)
    point = button_point(app, "settings")
    finger(app, True, point, finger_id=1)
    finger(app, False, point, finger_id=1)
    app.settle()
    assert app.top.name == "settings"
    finger(app, False, (5, 470), finger_id=0)
    app.settle()
    assert app.top.name == "settings"


def test_a_held_finger_reveals_at_the_gate(make_app):
    """The gate's name has a hold action: a finger held past the hold time reveals the pick,
    a short one only says who is there."""
    app = make_app()
    start_game(app, "2016", 4)
    touch(app, "player")
    assert app.top.name == "gate" and app.top.identified
    touch(app, "player", hold=0.5)
    assert app.top.name == "draft-private"


def slow_handler(app, seconds: float, sleep=None):
    """Make handling the next press take ``seconds`` (a busy machine), on the app's clock."""
    handle = app.handle

    def slow(event):
        handle(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            (sleep or app.clock.advance)(seconds)

    app.handle = slow


def test_a_tap_whose_release_is_handled_2_s_late_is_still_a_tap(make_app):
    """Down and up were taken from SDL together; handling the down took 2 s. The up happened
    before the hold time, so the name is tapped (who is there), not held (reveal)."""
    app = make_app()
    start_game(app, "2016", 4)
    gate = app.top
    point = button_point(app, "player")
    slow_handler(app, 2.0)
    finger(app, True, point)
    finger(app, False, point)
    app.settle()
    assert app.top is gate and gate.identified


def test_the_same_on_the_real_clock_with_a_handler_that_really_sleeps(make_app):
    """The real-time path: hold time 0.2 s, handling the press sleeps 1 s of real time."""
    app = make_app(clock=REAL)
    start_game(app, "2016", 4)
    gate = app.top
    point = button_point(app, "player")
    slow_handler(app, 1.0, sleep=time.sleep)
    pos = app.display.viewport.to_physical(point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    app.settle()
    assert app.top is gate and gate.identified


@pytest.mark.parametrize("how", ["finger", "mouse", "ok"])
def test_a_press_of_1_2_s_on_next_acts_once(make_app, how):
    """"Next" on the wipe screen has no hold action: held 1.2 s (the device's hold time is
    0.8 s) it goes on to the next gate, once."""
    app = make_app(hold_time=DEVICE_HOLD)
    controller = start_game(app, "2016", 4)
    play(app, "HOLD SEAT1\nEXPECT draft-private")
    card = sorted(controller.draft_view(1).offered)[0]
    play(app, f"TAP @{card}\nEXPECT draft-confirm\nTAP @confirm\nEXPECT wipe")
    if how == "finger":
        touch(app, "next", hold=1.2)
    elif how == "mouse":
        play(app, f"HOLD {centre(app, 'next')}")
    else:
        play(app, "HOLD OK")
    assert app.top.name == "gate" and app.top.seat == 2
    assert [s.name for s in app.stack].count("gate") == 1
    assert not app.top.identified  # the long press did not reach the gate too


def test_a_long_press_on_settings_opens_it(make_app):
    app = make_app()
    play(app, f"HOLD {centre(app, 'settings')}\nEXPECT settings")


def test_a_hold_used_as_a_hold_is_not_also_a_tap(make_app):
    """The keyboard's keys type on a hold too: held, a key types once, not again when let go."""
    from test_ui_keyboard import open_keyboard

    app, _ = open_keyboard(make_app, "en")
    touch(app, "key-a", hold=0.5)
    play(app, "HOLD OK")
    assert app.top.text == "aq"
