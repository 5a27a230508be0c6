"""The Pico firmware (firmware/main.py) speaks the same protocol as the driver (version 2): loaded
here with stand-ins for the board's modules, fed the driver's own lines (hw/hubproto.py), its
answers read back with the driver's decoder; its PONG carries the buttons held down."""

from __future__ import annotations

import importlib.util

import pytest

import random

from conftest import ROOT
from hw.hubproto import FROM_HUB, MAX_LINE, PROTOCOL, TO_HUB, decode, encode, legacy_encode
from test_hubproto_v2 import corrupt, sample_lines


class Pixels(list):
    def __init__(self, n):
        super().__init__([(0, 0, 0)] * n)
        self.writes = 0

    def write(self):
        self.writes += 1


class Buzzer:
    level = 0

    def value(self, level):
        self.level = level


@pytest.fixture
def hub():
    spec = importlib.util.spec_from_file_location("firmware_main", ROOT / "firmware" / "main.py")
    firmware = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(firmware)  # on a PC the board loop does not start
    sent = []
    hub = firmware.Hub(sent.append, Pixels(8), Buzzer())
    hub.sent = sent
    hub.firmware = firmware
    return hub


def answers(hub):
    return [decode(line, FROM_HUB) for line in hub.sent]


def test_hello_and_ping_are_answered_in_the_drivers_protocol(hub):
    hub.feed(encode(0, "HELLO", 2) + encode(1, "PING", 42), now=10)
    hello, pong = answers(hub)
    assert (hello.word, hello.args) == ("HELLO", (2, "2.0", 8))
    assert (pong.word, pong.args, pong.seq) == ("PONG", (42, 0), 1)  # no seat held


def test_lights_steady_pulse_off_and_all_off(hub):
    hub.feed(encode(0, "LIGHT", 2, "FFB000", "STEADY") + encode(1, "LIGHT", 5, "2080FF",
                                                                   "PULSE"), now=0)
    hub.show(0)
    assert hub.pixels[1] == (255, 176, 0) and hub.pixels[4] == (32, 128, 255)
    hub.show(600)  # half a pulse later the pulsing one is dim, the steady one unchanged
    assert hub.pixels[1] == (255, 176, 0) and max(hub.pixels[4]) < 255 * 0.2
    hub.feed(encode(2, "LIGHT", 2, "FFB000", "OFF"), now=700)
    hub.show(700)
    assert hub.pixels[1] == (0, 0, 0)
    hub.feed(encode(3, "ALLOFF"), now=800)
    hub.show(800)
    assert all(p == (0, 0, 0) for p in hub.pixels)


def test_the_lights_go_dark_when_the_pi_falls_silent(hub):
    hub.feed(encode(0, "LIGHT", 1, "FFFFFF", "STEADY"), now=0)
    hub.show(4000)
    assert hub.pixels[0] == (255, 255, 255)
    hub.show(6000)
    assert hub.pixels[0] == (0, 0, 0)


def test_buzz_and_damaged_lines(hub):
    hub.feed(encode(0, "BUZZ", 60), now=100)
    hub.show(120)
    assert hub.buzzer.level == 1
    hub.show(170)
    assert hub.buzzer.level == 0
    hub.feed(b"1 LIGHT 1 FFFFFF STEADY*00000000\n", now=200)  # bad checksum: ignored
    hub.feed(b"\x03\x00garbage" * 20 + b"\n", now=200)
    hub.feed(encode(2, "LIGHT", 9, "FFFFFF", "STEADY"), now=200)  # no seat 9: an error back
    hub.show(200)
    assert all(p == (0, 0, 0) for p in hub.pixels)
    assert [(m.word, m.args) for m in answers(hub)] == [("ERR", ("bad-light",))]


def test_button_messages_are_what_the_driver_reads(hub):
    hub.button(3, True)
    hub.button(3, False)
    assert [(m.word, m.args) for m in answers(hub)] == [("DOWN", (3,)), ("UP", (3,))]


def test_the_pong_carries_the_buttons_held_down(hub):
    hub.button(1, True)
    hub.button(3, True)
    hub.button(8, True)
    hub.button(8, False)
    hub.feed(encode(0, "PING", 7), now=0)
    assert (answers(hub)[-1].word, answers(hub)[-1].args) == ("PONG", (7, 5))  # seats 1 and 3
    hub.button(1, False)
    hub.button(3, False)
    hub.feed(encode(1, "PING", 8), now=10)
    assert answers(hub)[-1].args == (8, 0)


def test_the_firmware_writes_the_same_crc_32_lines(hub):
    assert (hub.firmware.PROTOCOL, hub.firmware.FIRMWARE) == (PROTOCOL, "2.0")
    assert hub.firmware.MAX_LINE == MAX_LINE
    assert hub.firmware.encode(7, "DOWN", 3) == b"7 DOWN 3*6D77E916\n"
    assert hub.firmware.encode(2, "PONG", 1, 4) == b"2 PONG 1 4*0432514D\n"


def test_the_drivers_lines_all_read_in_the_firmware(hub):
    for line in sample_lines(random.Random(3)):
        message = decode(line, TO_HUB)
        if message is not None:  # the lines the Pi sends
            assert hub.firmware.decode(line) == (message.word, list(message.args)), line


def test_damaged_lines_from_the_pi_are_never_read(hub):
    rng = random.Random(20240603)
    lines = [line for line in sample_lines(rng) if decode(line, TO_HUB) is not None]
    for _ in range(20_000):
        damaged = corrupt(rng.choice(lines), rng)
        assert all(hub.firmware.decode(piece) is None for piece in damaged.split(b"\n")), damaged


def test_hello_is_answered_with_protocol_2_and_a_version_1_pi_is_not_heard(hub):
    hub.feed(legacy_encode(0, "HELLO", 1), now=0)  # an old app: the XOR checksum is damage
    assert hub.sent == []
    hub.feed(encode(1, "HELLO", 1), now=0)  # any version asked for: the Pi decides
    assert answers(hub)[0].args == (2, "2.0", 8)
