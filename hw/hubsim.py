"""A seat hub simulator on a pseudo-terminal: it speaks the hub's protocol
(docs/serial-protocol.md) like the Pico firmware does, keeps and prints the lights it is asked
to show, and sends seat presses — from the keyboard when run, from code in tests.

    python -m hw.hubsim --link /tmp/companion-hub
    COMPANION_HUB=/tmp/companion-hub make run        # in another terminal

Type a seat number to tap it, ``h3`` to hold seat 3 for a second, ``d3`` / ``u3`` for down and
up, ``unplug`` / ``plug`` to pull the cable and put it back, ``q`` to quit. ``--link`` keeps a
stable path (like /dev/serial/by-id/…) pointing at the current pty, which changes on each plug,
as a real device's /dev/ttyACMn may.
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

from .hubproto import PROTOCOL, TO_HUB, LineBuffer, SeqCheck, decode, encode


class HubSim:
    """One simulated hub. ``start()`` plugs it in; ``link`` (optional) is a symlink kept
    pointing at its pty."""

    def __init__(self, link: str | Path | None = None, seats: int = 8, firmware: str = "sim-1",
                 report: Callable[[str], None] | None = None):
        self.link = Path(link) if link else None
        self.seats, self.firmware = seats, firmware
        self.report = report or (lambda text: None)
        self.lights: dict[int, tuple[str, str]] = {}
        self.buzzes: list[int] = []
        self.received: list = []  # every good message from the Pi
        self.dropped = 0  # damaged lines from the Pi
        self.silent = False  # stop answering (a hung hub): no HELLO, no PONG
        self.port: str | None = None
        self._master: int | None = None
        self._slave: int | None = None
        self._seq = 0
        self._lock = threading.Lock()
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
        """Pull the cable: the pty's master side closes (the driver's reads fail) and the link
        goes away."""
        with self._lock:
            for fd in (self._master, self._slave):
                if fd is not None:
                    os.close(fd)
            self._master = self._slave = None
        if self.link is not None:
            self.link.unlink(missing_ok=True)
        self.lights.clear()
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
        with self._lock:
            if self._master is None:
                return
            line = encode(self._seq, word, *args)
            self._seq = (self._seq + 1) % 256
            os.write(self._master, line)

    def send_raw(self, data: bytes) -> None:
        """Bytes as they are (noise, a cut line)."""
        with self._lock:
            if self._master is not None:
                os.write(self._master, data)

    def press(self, seat: int) -> None:
        self.send("DOWN", seat)

    def release(self, seat: int) -> None:
        self.send("UP", seat)

    def tap(self, seat: int) -> None:
        self.press(seat)
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
            for line in buffer.feed(data):
                message = decode(line, TO_HUB)
                if message is None:
                    self.dropped += 1
                    continue
                if message.word == "HELLO":
                    seq.reset()
                if seq.accept(message.seq):
                    self._handle(message)

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
            self.send("HELLO", PROTOCOL, self.firmware, self.seats)
        elif word == "PING":
            self.send("PONG", args[0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hw.hubsim", description=__doc__.split(
        "\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--link", help="a symlink kept pointing at the pty (give this path to "
                                       "the app: COMPANION_HUB=PATH)")
    parser.add_argument("--seats", type=int, default=8, choices=range(1, 9), metavar="1..8")
    args = parser.parse_args(argv)
    hub = HubSim(args.link, args.seats, report=lambda text: print(text, flush=True)).start()
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
