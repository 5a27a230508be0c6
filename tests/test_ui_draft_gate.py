"""The draft at the table (issue 37): the face-up discards on every drafter's gate and pick, a
gate that asks for one gesture, and a private screen that waits for a player who is thinking
(the quiet time chosen in Settings). ``DRAFT_GATE_SHOTS=folder`` saves the frames looked at."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pygame
import pytest

from conftest import play, record_text
from test_ui_citadels import hidden_from, names_of, start_game
from test_ui_citadels_looks import SEAT_PINS

SHOTS = os.environ.get("DRAFT_GATE_SHOTS")


def drawn_now(app, drawn: list[str]) -> str:
    """Every text the screen on top draws, as one string."""
    drawn.clear()
    app.render()
    return "\n".join(drawn)


def shot(app, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        app.render()
        pygame.image.save(app.display.surface, str(Path(SHOTS) / f"{name}.png"))


def pick(app, controller) -> None:
    """The drafter on their private screen keeps (or discards) the first card, confirms, and
    passes the device on."""
    card = sorted(controller.draft_view(app.top.seat).offered)[0]
    play(app, f"TAP @{card}\nEXPECT draft-confirm\nTAP @confirm")
    if app.top.name == "wipe":
        play(app, "TAP @next")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_face_up_discards_show_on_every_gate_and_every_pick(make_app, language):
    """Seed 000: "우선 정해진 수만큼 무작위로 카드를 뽑아 테이블 위에 앞면이 보이게 버립니다."
    They are public and weigh on every pick, so each drafter reads them where they choose,
    without going back to the public screen; what is hidden from the seat is still not drawn."""
    app = make_app(language=language)
    controller = start_game(app, "2016", 4)
    face_up = names_of(app, "2016", controller.draft_public().face_up)
    assert face_up  # 4 players: some are face up
    drawn = record_text(app)
    for turn in range(4):
        assert app.top.name == "gate"
        seat = app.top.seat
        hidden = names_of(app, "2016", hidden_from(controller, 0))
        text = drawn_now(app, drawn)
        assert all(name in text for name in face_up)
        assert not any(name in text for name in hidden)
        if turn == 0:
            shot(app, f"gate_{language}")
        play(app, "HOLD @player\nEXPECT draft-private")
        text = drawn_now(app, drawn)
        assert all(name in text for name in face_up)
        hidden = names_of(app, "2016", hidden_from(controller, seat))
        assert not any(name in text for name in hidden)
        if turn == 0:
            shot(app, f"pick_{language}")
        pick(app, controller)
    assert app.top.name == "calling"


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("buttons", [False, True])
def test_the_gate_asks_for_one_gesture_and_one_does(make_app, language, buttons):
    """The gate's words name one gesture (hold), and that one input opens the pick, at a
    touch-only seat (the name) and at a seat with its own button."""
    pins = {"pins": SEAT_PINS} if buttons else {}
    app = make_app(language=language, **pins)
    start_game(app, "2016", 4)
    drawn = record_text(app)
    text = drawn_now(app, drawn)
    if language == "en":
        assert "Hold" in text and not re.search(r"\b(Tap|tap|Press|press)\b", text)
    else:
        assert "길게" in text and "누르세요" not in text  # "길게 눌러": hold, never a plain press
    play(app, ("HOLD SEAT1" if buttons else "HOLD @player") + "\nEXPECT draft-private")


def test_a_short_tap_on_the_name_says_to_hold_longer(make_app):
    app = make_app()
    start_game(app, "2016", 4)
    drawn = record_text(app)
    before = drawn_now(app, drawn)
    play(app, "TAP @player\nEXPECT gate")
    after = drawn_now(app, drawn)
    assert "a little longer" in after and "a little longer" not in before
    play(app, "HOLD @player\nEXPECT draft-private")


def test_settings_choose_how_long_a_private_screen_waits(make_app, tmp_path):
    """A table sets 2 min in Settings: a pick left untouched for 119 s is still there, at
    120 s it hides; the gate says so with one instruction; the choice survives a restart."""
    data = tmp_path / "data"
    app = make_app(data_dir=data)
    assert app.private_timeout == 60  # the default: a player may read and think for a minute
    play(app, "TAP @settings\nEXPECT settings\nTAP @private-timeout-120.0\nBACK\nEXPECT home")
    controller = start_game(app, "2016", 4)
    play(app, "HOLD @player\nEXPECT draft-private")
    stored = len(controller.session.decisions)
    app.run_for(119)
    assert app.top.name == "draft-private"
    app.run_for(1.5)
    assert app.top.name == "gate" and app.top.hidden_again == "quiet"
    assert len(controller.session.decisions) == stored
    text = drawn_now(app, record_text(app))
    assert "2 min" in text
    assert len(re.findall(r"\b[Hh]old\b", text)) == 1  # one instruction, not two
    shot(app, "hidden_en")
    app.close()
    again = make_app(data_dir=data)
    assert again.private_timeout == 120


def test_a_stored_quiet_time_settings_does_not_offer_is_not_used(make_app, tmp_path):
    """A damaged or foreign stored value falls back to the config file's, and says so."""
    data = tmp_path / "data"
    app = make_app(data_dir=data)
    app.store.set_setting("private_timeout", 7.0)
    app.close()
    again = make_app(data_dir=data, private_timeout=30.0)
    assert again.private_timeout == 30.0
    assert ("notice.setting", {"setting": "private_timeout"}) in again.notices


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_pick_to_confirm_says_what_the_character_does(make_app, language):
    """Issue 37, item 4: the private pick says what the character does — on the confirm screen,
    under its name — in the UI language (seed 000's summary of each character)."""
    app = make_app(language=language)
    controller = start_game(app, "2016", 4)
    drawn = record_text(app)
    play(app, "HOLD @player\nEXPECT draft-private")
    card = sorted(controller.draft_view(app.top.seat).offered)[0]
    play(app, f"TAP @{card}\nEXPECT draft-confirm")
    assert app.t(f"ability.2016.{card}") in drawn_now(app, drawn)
    shot(app, f"confirm_{language}")
