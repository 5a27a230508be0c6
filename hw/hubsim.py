"""A seat hub simulator on a pseudo-terminal: it speaks the hub's protocol
(docs/serial-protocol.md) like the Pico firmware does, keeps and prints the lights it is asked
to show, and sends seat presses — from the keyboard when run, from code in tests.

    python -m hw.hubsim --link /tmp/companion-hub
    COMPANION_HUB=/tmp/companion-hub make run        # in another terminal

Type a seat number to tap it, ``h3`` to hold seat 3 for a second, ``d3`` / ``u3`` for down and
up, ``unplug`` / ``plug`` to pull the cable and put it back, ``q`` to quit. ``--link`` keeps a
stable path (like /dev/serial/by-id/…) pointing at the current pty, which changes on each plug,
as a real device's /dev/ttyACMn may. ``--protocol 1`` plays a hub with the old firmware.

For tests it can also misbehave: ``damage()`` spoils the next lines it sends (the hub's state
changes all the same, as when a line is hit on the cable), ``silent`` stops it answering
(a hung hub), ``noise`` sends that many garbage lines a second.
"""

from __future__ import annotations

import argparse
import os
import select
import sys
import threading
import time
import tty
from collections.abc import Callable
from pathlib import Path

from .hubproto import (PROTOCOL, TO_HUB, LineBuffer, SeqCheck, decode, encode, legacy_encode,
                       legacy_hello, pressed_mask)

GARBAGE = b"\x07 not a line *ZZ\n"  # one line of noise
TAP_TIME = 0.05  # s a tap holds the button down


class HubSim:
    """One simulated hub. ``start()`` plugs it in; ``link`` (optional) is a symlink kept
    pointing at its pty. ``protocol=1`` plays an old hub: it reads only a version 1 ``HELLO``
    and answers in version 1's format."""

    def __init__(self, link: str | Path | None = None, seats: int = 8, firmware: str = "sim-1",
                 report: Callable[[str], None] | None = None, protocol: int = PROTOCOL):
        self.link = Path(link) if link else None
        self.seats, self.firmware, self.protocol = seats, firmware, protocol
        self.report = report or (lambda text: None)
        self.lights: dict[int, tuple[str, str]] = {}
        self.buzzes: list[int] = []
        self.held: set[int] = set()  # the seats whose buttons are down
        self.received: list = []  # every good message from the Pi
        self.dropped = 0  # damaged lines from the Pi
        self.silent = False  # stop answering (a hung hub): no HELLO, no PONG
        self.noise = 0  # garbage lines sent per second
        self.port: str | None = None
        self._damage = 0  # how many of the next lines sent are spoilt
        self._noise_at = time.monotonic()
        self._master: int | None = None
        self._slave: int | None = None
        self._seq = 0
        # Re-entrant: a seat's change and its line, a PONG's mask and the PONG, are each sent
        # under it, as the firmware's single loop does them (see press and _handle).
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # --- plugging --------------------------------------------------------------------------------
    def start(self) -> "HubSim":
        self.plug()
        self._thread = threading.Thread(target=self._run, name="hubsim", daemon=True)
        self._thread.start()
        return self

    def plug(self) -> None:
        """A new pty (as a re-plugged device), the link moved to it."""
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line editing: bytes pass as they are
        with self._lock:
            self._master, self._slave = master, slave
            self.port = os.ttyname(slave)
            self._seq = 0
        if self.link is not None:
            tmp = self.link.with_name(self.link.name + ".new")
            tmp.unlink(missing_ok=True)
            tmp.symlink_to(self.port)
            tmp.replace(self.link)
        self.report(f"plugged in on {self.port}" + (f" ({self.link})" if self.link else ""))

    def unplug(self) -> None:
        """Pull the cable: the pty's master side closes (the driver's reads fail), the link
        goes away, lights and buttons are reset."""
        with self._lock:
            for fd in (self._master, self._slave):
                if fd is not None:
                    os.close(fd)
            self._master = self._slave = None
        if self.link is not None:
            self.link.unlink(missing_ok=True)
        self.lights.clear()
        self.held.clear()  # a hub plugged in again starts with every button up
        self.report("unplugged")

    @property
    def plugged(self) -> bool:
        return self._master is not None

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        if self.plugged:
            self.unplug()

    # --- what the hub sends ---------------------------------------------------------------------------
    def send(self, word: str, *args) -> None:
        self.burst((word, *args))

    def burst(self, *messages: tuple) -> None:
        """Each ``(word, *args)`` as a line, all in one write: they arrive together, as lines
        queued while the reader was busy."""
        with self._lock:
            if self._master is None:
                return
            lines = []
            for word, *args in messages:
                line = (encode if self.protocol >= 2 else legacy_encode)(self._seq, word, *args)
                self._seq = (self._seq + 1) % 256
                if self._damage:
                    self._damage -= 1
                    line = spoilt(line)
                lines.append(line)
            os.write(self._master, b"".join(lines))

    def damage(self, lines: int = 1) -> None:
        """Spoil the next ``lines`` lines sent (one byte changed each); they still use up their
        sequence numbers, as lines hit on the cable do."""
        with self._lock:
            self._damage += lines

    def send_raw(self, data: bytes) -> None:
        """Bytes as they are (noise, a cut line)."""
        with self._lock:
            if self._master is not None:
                os.write(self._master, data)

    def press(self, seat: int) -> None:
        with self._lock:  # no PONG between the change and its line (see _handle)
            self.held.add(seat)
            self.send("DOWN", seat)

    def release(self, seat: int) -> None:
        with self._lock:
            self.held.discard(seat)
            self.send("UP", seat)

    def tap(self, seat: int, hold: float = TAP_TIME) -> None:
        """Down, ``hold`` seconds, up: a quick press as a finger makes it (longer than the Pi's
        debounce, which would otherwise take a tap with no time between as bounce)."""
        self.press(seat)
        time.sleep(hold)
        self.release(seat)

    # --- what it does with what it receives -----------------------------------------------------------
    def _run(self) -> None:
        buffer, seq = LineBuffer(), SeqCheck()
        while not self._stop.is_set():
            master = self._master
            if master is None:
                time.sleep(0.02)
                continue
            try:
                ready, _, _ = select.select([master], [], [], 0.05)
                data = os.read(master, 256) if ready else b""
            except OSError:  # unplugged meanwhile, or nobody has the port open yet
                time.sleep(0.02)
                continue
            self._make_noise()
            for line in buffer.feed(data):
                message = self._decode(line)
                if message is None:
                    self.dropped += 1
                    continue
                if message.word == "HELLO":
                    seq.reset()
                if seq.accept(message.seq):
                    self._handle(message)

    def _decode(self, line: bytes):
        """A good message from the Pi in this hub's protocol (an old hub reads only HELLO)."""
        return decode(line, TO_HUB) if self.protocol >= 2 else legacy_hello(line)

    def _make_noise(self) -> None:
        """The garbage lines due since the last ones (dropped while the Pi is not reading)."""
        now = time.monotonic()
        due = int(self.noise * (now - self._noise_at))
        if self.noise and not due:
            return  # not one line due yet
        self._noise_at = now
        master = self._master
        if due and master is not None and select.select([], [master], [], 0)[1]:
            self.send_raw(GARBAGE * due)

    def _handle(self, message) -> None:
        self.received.append(message)
        word, args = message.word, message.args
        if word == "LIGHT":
            seat, colour, mode = args
            if 1 <= seat <= self.seats:
                if mode == "OFF":
                    self.lights.pop(seat, None)
                else:
                    self.lights[seat] = (colour, mode)
                self.report(f"seat {seat}: {mode.lower()} #{colour}")
            else:
                self.send("ERR", "no-seat")
        elif word == "ALLOFF":
            self.lights.clear()
            self.report("all off")
        elif word == "BUZZ":
            self.buzzes.append(args[0])
            self.report(f"buzz {args[0]} ms")
        if self.silent:
            return
        if word == "HELLO":
            self.send("HELLO", self.protocol, self.firmware, self.seats)
        elif word == "PING":
            # The mask taken and sent in one step, as the firmware does: a mask taken before a
            # press whose DOWN then went out first would tell the Pi that DOWN was wrong, and
            # the Pi would let go of a seat still held down.
            with self._lock:
                self.send("PONG", args[0], pressed_mask(self.held))


def spoilt(line: bytes) -> bytes:
    """``line`` with its middle byte changed, as noise on the cable would."""
    middle = len(line) // 2
    return line[:middle] + bytes([line[middle] ^ 0x01]) + line[middle + 1:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hw.hubsim", description=__doc__.split(
        "\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--link", help="a symlink kept pointing at the pty (give this path to "
                                       "the app: COMPANION_HUB=PATH)")
    parser.add_argument("--seats", type=int, default=8, choices=range(1, 9), metavar="1..8")
    parser.add_argument("--protocol", type=int, default=PROTOCOL, choices=(1, PROTOCOL),
                        help="1: play a hub with the old firmware")
    args = parser.parse_args(argv)
    hub = HubSim(args.link, args.seats, report=lambda text: print(text, flush=True),
                 protocol=args.protocol).start()
    print("seat number: tap · h3: hold · d3/u3: down/up · unplug · plug · q: quit", flush=True)
    try:
        for line in sys.stdin:
            command = line.strip().lower()
            if command in ("q", "quit"):
                break
            if command == "unplug":
                hub.unplug()
            elif command == "plug":
                hub.plug()
            elif command.isdigit() and 1 <= int(command) <= args.seats:
                hub.tap(int(command))
            elif command[:1] in ("h", "d", "u") and command[1:].isdigit():
                seat = int(command[1:])
                if command[0] in ("h", "d"):
                    hub.press(seat)
                if command[0] == "h":
                    time.sleep(1.0)
                if command[0] in ("h", "u"):
                    hub.release(seat)
            elif command:
                print(f"? {command}", flush=True)
    except KeyboardInterrupt:
        pass
    hub.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
