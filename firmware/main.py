# The seat hub's firmware: MicroPython on a Raspberry Pi Pico (RP2040), copied to the board
# as main.py (docs/hardware.md, "Seat hub"). It speaks docs/serial-protocol.md over the Pico's
# USB serial port (protocol version 2: CRC-32 on every line): seat buttons go to the Pi as
# DOWN/UP, the Pi's LIGHT/ALLOFF/BUZZ drive a chain of WS2812 ("NeoPixel") RGB LEDs and a
# buzzer, HELLO and PING are answered (the PONG says which seats are held down, so a lost UP
# heals on the Pi). If the Pi says nothing for 5 s (it is off or the app stopped), every light
# goes dark. HELLO is answered with this firmware's protocol whatever version the Pi asks for
# (the Pi decides); a version 1 Pi's lines carry the old XOR checksum and are dropped as damaged.
#
# Wiring (change the pins here if yours differ): seat n's button between GP(n+1) and GND
# (seat 1 on GP2 ... seat 8 on GP9; internal pull-ups); the LED chain's data input on GP16
# (seat 1 is the first LED); an active buzzer on GP15 (through a transistor for a loud one).

import binascii
import sys
import time

try:
    import micropython
    import select
    from machine import Pin
    from neopixel import NeoPixel
except ImportError:  # not on a Pico (the tests load this file with stand-ins)
    micropython = select = Pin = NeoPixel = None

FIRMWARE = "2.0"
PROTOCOL = 2
SEAT_PINS = (2, 3, 4, 5, 6, 7, 8, 9)
LED_PIN = 16
BUZZER_PIN = 15
DEBOUNCE_MS = 10
QUIET_MS = 5000  # dark if the Pi says nothing for this long
PULSE_MS = 1200  # one pulse: bright, dim, bright
MAX_LINE = 64


def checksum(data):
    """The CRC-32 of data."""
    return binascii.crc32(data) & 0xFFFFFFFF


def encode(seq, word, *args):
    body = " ".join([str(seq % 256), word] + [str(a) for a in args]).encode()
    return body + ("*%08X\n" % checksum(body)).encode()


def decode(line):
    """(word, args) of a good line from the Pi, or None (damaged lines are dropped)."""
    line = line.strip()
    if len(line) > MAX_LINE or line.count(b"*") != 1:
        return None
    body, check = line.split(b"*")
    try:
        check = check.decode()
        if len(check) != 8 or any(c not in "0123456789ABCDEF" for c in check) \
                or int(check, 16) != checksum(body):
            return None
        parts = body.decode().split(" ")
        seq, word, args = int(parts[0]), parts[1], parts[2:]
    except (ValueError, IndexError, UnicodeError):
        return None
    if not 0 <= seq <= 255:
        return None
    shapes = {"HELLO": "i", "LIGHT": "iss", "ALLOFF": "", "BUZZ": "i", "PING": "i"}
    shape = shapes.get(word)
    if shape is None or len(args) != len(shape):
        return None
    out = []
    for kind, text in zip(shape, args):
        if kind == "i":
            if not text.isdigit():
                return None
            out.append(int(text))
        else:
            out.append(text)
    return word, out


def colour(text):
    """"RRGGBB" -> (r, g, b), or None."""
    if len(text) != 6:
        return None
    try:
        return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))
    except ValueError:
        return None


class Hub:
    """The protocol and the lights, apart from the hardware loop (so it can be tested)."""

    def __init__(self, write, pixels, buzzer, seats=8):
        self.write, self.pixels, self.buzzer, self.seats = write, pixels, buzzer, seats
        self.seq = 0
        self.buffer = b""
        self.lights = {}  # seat -> ((r, g, b), "STEADY" | "PULSE")
        self.held = 0  # the seats held down: bit n-1 for seat n (what PONG carries)
        self.buzz_until = 0
        self.heard = 0

    def send(self, word, *args):
        self.write(encode(self.seq, word, *args))
        self.seq = (self.seq + 1) % 256

    def button(self, seat, down):
        """Seat ``seat``'s button went down or up (debounced): remembered and told."""
        bit = 1 << (seat - 1)
        self.held = self.held | bit if down else self.held & ~bit
        self.send("DOWN" if down else "UP", seat)

    def feed(self, data, now):
        self.buffer += data
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            self.handle(line, now)
        if len(self.buffer) > MAX_LINE:  # no end in sight: drop it
            self.buffer = b""

    def handle(self, line, now):
        message = decode(line)
        if message is None:
            return
        self.heard = now
        word, args = message
        if word == "HELLO":
            self.send("HELLO", PROTOCOL, FIRMWARE, self.seats)
        elif word == "PING":
            self.send("PONG", args[0], self.held)
        elif word == "ALLOFF":
            self.lights = {}
        elif word == "BUZZ":
            self.buzz_until = now + min(args[0], 2000)
        elif word == "LIGHT":
            seat, rgb, mode = args[0], colour(args[1]), args[2]
            if not 1 <= seat <= self.seats or rgb is None or mode not in ("STEADY", "PULSE",
                                                                          "OFF"):
                self.send("ERR", "bad-light")
            elif mode == "OFF":
                self.lights.pop(seat, None)
            else:
                self.lights[seat] = (rgb, mode)

    def show(self, now):
        """Set every LED for this moment (pulsing ones breathe) and the buzzer."""
        if now - self.heard > QUIET_MS:
            self.lights = {}
        phase = (now % PULSE_MS) / PULSE_MS
        level = 0.15 + 0.85 * abs(1 - 2 * phase)  # a triangle wave, never fully dark
        for seat in range(1, self.seats + 1):
            rgb, mode = self.lights.get(seat, ((0, 0, 0), "STEADY"))
            scale = level if mode == "PULSE" else 1.0
            self.pixels[seat - 1] = tuple(int(c * scale) for c in rgb)
        self.pixels.write()
        self.buzzer.value(1 if now < self.buzz_until else 0)


def main():
    micropython.kbd_intr(-1)  # a stray 0x03 on the line must not stop the firmware
    buttons = [Pin(p, Pin.IN, Pin.PULL_UP) for p in SEAT_PINS]
    hub = Hub(sys.stdout.buffer.write, NeoPixel(Pin(LED_PIN), len(SEAT_PINS)),
              Pin(BUZZER_PIN, Pin.OUT))
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    stable = [1] * len(buttons)  # 1: up (pulled high), 0: down
    changed_at = [0] * len(buttons)
    now, last = 0, time.ticks_ms()
    while True:
        tick = time.ticks_ms()
        now, last = now + time.ticks_diff(tick, last), tick  # ms since start, never wraps
        while poll.poll(0):
            hub.feed(sys.stdin.buffer.read(1), now)
        for i, button in enumerate(buttons):  # debounced: a level must hold DEBOUNCE_MS
            level = button.value()
            if level == stable[i]:
                changed_at[i] = now
            elif now - changed_at[i] >= DEBOUNCE_MS:
                stable[i] = level
                hub.button(i + 1, not level)
        hub.show(now)
        time.sleep_ms(5)


if __name__ == "__main__" and Pin is not None:
    main()
