"""The seat hub driver: a microcontroller at the table with one button and one RGB light per
seat, on USB serial (protocol: docs/serial-protocol.md, hw/hubproto.py).

- The port comes from the config: a path (best ``/dev/serial/by-id/…`` or the udev rule's
  ``/dev/companion-hub``), ``auto`` (the first port whose USB vendor:product id is the hub's,
  found with ``serial.tools.list_ports``) or any pyserial URL (``loop://``, ``socket://…``);
  it is opened through ``serial.serial_for_url`` with an exclusive lock and a read timeout.
- One reader thread: handshake (``HELLO``; a hub speaking another protocol version is refused,
  said once in the log and in the status), seat presses into the same ``SEATn`` controls as GPIO
  and the keyboard (through ``ControlInput`` with GPIO's ``debounce``, so debounce and holds are
  the same), heartbeats (``PING``/``PONG``; a ``PONG`` carries the seats the hub has down, and a
  seat the driver sees otherwise — a lost ``UP`` or ``DOWN`` — is put right), damaged or unknown
  lines dropped and counted. It sleeps in the port's read timeout, never in a busy loop.
- Lights follow the app's ``OutputState`` (steady, pulse or off, with a colour per seat); after a
  reconnect the hub is told the whole state again.
- Gone (a read fails, or no ``PONG`` answering our ``PING`` for ``timeout`` seconds, whatever
  else arrives): seats held down are let go, the status says so (the app shows a notice).
- Waiting for a hub: while its port is not there (``auto`` and no hub's USB id among the serial
  ports, or a configured path that does not exist), the thread sleeps until the folder it would
  appear in changes (inotify: ``/dev`` for ``auto``, else the path's nearest existing folder),
  so an idle app with no hub plugged in wakes for nothing; a port that is there but does not
  answer is tried again every ``retry`` seconds, and so is a URL (nothing to watch).
"""

from __future__ import annotations

import logging
import os
import select
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace

from .controls import Control
from .folder_watch import FolderWatch, nearest_folder
from .hubproto import (BAUD, FROM_HUB, PROTOCOL, LineBuffer, Message, SeqCheck, decode, encode,
                       legacy_encode, legacy_hello, mask_seats)
from .inputs import ControlInput
from .outputs import LedMode, OutputDriver, OutputState
from .ratelog import RateLimit

log = logging.getLogger(__name__)

USB_ID = (0x2E8A, 0x0005)  # a Raspberry Pi Pico running MicroPython
DEVICES = "/dev"  # where a USB serial port appears (``auto`` watches it)
NO_HUB = "no hub found"
HANDSHAKE_TIME = 1.0
MODE_WORD = {LedMode.ON: "STEADY", LedMode.BLINK: "PULSE", LedMode.OFF: "OFF"}


def parse_usb_id(text: str) -> tuple[int, int]:
    """"2e8a:0005" -> (0x2E8A, 0x0005)."""
    vendor, product = text.split(":")
    return int(vendor, 16), int(product, 16)


def version_problem(protocol: int) -> str:
    """What to do about a hub that speaks another protocol version."""
    remedy = ("update the hub's firmware (docs/hardware.md)" if protocol < PROTOCOL
              else "update this app")
    return f"seat hub speaks protocol {protocol}; this app needs protocol {PROTOCOL}: {remedy}"


def find_hub(usb_id: tuple[int, int] = USB_ID) -> str | None:
    """The device path of the first serial port with the hub's USB id, or None."""
    from serial.tools import list_ports

    for port in sorted(list_ports.comports(), key=lambda p: p.device):
        if (port.vid, port.pid) == usb_id:
            return port.device
    return None


def hello_in(line: bytes) -> Message | None:
    """The hub's HELLO in ``line``, in this protocol's format or version 1's, or None."""
    message = decode(line, FROM_HUB) or legacy_hello(line)
    if message is None or message.word != "HELLO" or len(message.args) != 3:
        return None
    return message


@dataclass(frozen=True)
class HubStatus:
    """What the hardware test and About show."""
    configured: str
    connected: bool = False
    port: str | None = None
    firmware: str | None = None
    seats: int = 0
    dropped: int = 0  # damaged or unknown lines
    lost: int = 0  # messages missing between sequence numbers
    problem: str | None = None
    pressed: frozenset[int] = frozenset()


class SeatHub(OutputDriver):
    """Open with the configured ``port``; ``input`` receives the seat presses."""

    def __init__(self, port: str, input: ControlInput, usb_id: tuple[int, int] = USB_ID,
                 heartbeat: float = 0.5, timeout: float = 1.6, retry: float = 0.4,
                 read_timeout: float = 0.1, on_change: Callable[[HubStatus], None] | None = None,
                 debounce: float = 0.03, devices: str = DEVICES):
        self.configured, self.input, self.usb_id = port, input, usb_id
        self.heartbeat, self.timeout, self.retry = heartbeat, timeout, retry
        self.read_timeout, self.debounce = read_timeout, debounce
        self.on_change, self.devices = on_change, devices
        self._watch: FolderWatch | None = None  # opened by the thread, when first needed
        self._wake_r, self._wake_w = os.pipe()  # close() wakes a thread asleep on the watch
        self._hub_errors = RateLimit(log.warning)  # a hub repeating ERR cannot fill the log
        self._status = HubStatus(port)
        self._serial = None
        self._lights: dict[int, tuple[str, str]] = {}  # seat -> (colour, mode) to show
        self._seq = 0
        self._pings: deque[int] = deque(maxlen=int(timeout / heartbeat) + 2)  # not yet answered
        self._answered = 0.0  # when a PONG last answered one of our PINGs
        self._received = 0.0  # when the lines being handled arrived
        self._refused: str | None = None  # the version problem last logged
        self._write_lock = threading.RLock()  # whole lines, in the order of their numbers
        self._lights_lock = threading.Lock()  # show() and the re-send after a connect
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="seat-hub", daemon=True)
        self._thread.start()

    @property
    def status(self) -> HubStatus:
        return self._status

    # --- OutputDriver -----------------------------------------------------------------------------
    def show(self, state: OutputState) -> None:
        """Tell the hub every seat light that changed."""
        wanted = {seat: (state.colour(seat), MODE_WORD[state.seat(seat)])
                  for seat in range(1, len(state.seats) + 1)}
        with self._lights_lock:
            changed = {s: v for s, v in wanted.items() if self._lights.get(s) != v}
            self._lights = wanted
            for seat, (colour, mode) in sorted(changed.items()):
                self._send("LIGHT", seat, colour, mode)

    def beep(self, seconds: float) -> None:
        self._send("BUZZ", max(1, round(seconds * 1000)))

    def close(self) -> None:
        if self._stop.is_set():
            return
        self._stop.set()
        os.write(self._wake_w, b"x")
        self._thread.join(timeout=2)
        if self._serial is not None:
            self._send("ALLOFF")
            self._drop_port(None)
        for fd in (self._wake_r, self._wake_w):
            os.close(fd)
        if self._watch is not None:
            self._watch.close()

    # --- the reader thread ------------------------------------------------------------------------------
    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                if self._serial is None:
                    if not self._connect():
                        self._await_port()
                    continue
                self._serve()
            except Exception as exc:  # never let the reader die: drop the port, try again
                log.error("seat hub: unexpected %s; reconnecting", type(exc).__name__)
                if self._serial is not None:
                    self._drop_port("internal error")
                self._stop.wait(self.retry)

    def _missing(self) -> bool:
        """Whether the hub's port is not there (rather than there and not answering)."""
        if self.configured == "auto":
            return self._resolve() is None
        return self.configured.startswith("/") and not os.path.exists(self.configured)

    def _await_port(self) -> None:
        """After a failed connect: asleep until the folder the port would appear in changes,
        while it is missing (0 wake-ups); else ``retry`` seconds."""
        if not self._missing() or self.configured != "auto" and not \
                self.configured.startswith("/"):
            self._stop.wait(self.retry)
            return
        if self._watch is None:
            self._watch = FolderWatch.open()
        target = os.path.join(self.devices, "x") if self.configured == "auto" else self.configured
        if self._watch is None or not self._watch.add(nearest_folder(target)):
            self._stop.wait(self.retry)
            return
        if self._stop.is_set() or not self._missing():  # it came while the watch was set up
            return
        select.select([self._watch.fileno(), self._wake_r], [], [])
        self._watch.drain()

    def _resolve(self) -> str | None:
        if self.configured == "auto":
            return find_hub(self.usb_id)
        return self.configured

    def _connect(self) -> bool:
        """Open the port and shake hands; False (and the reason in the status) if not."""
        import serial

        url = self._resolve()
        if url is None:
            self._set(connected=False, port=None, problem=NO_HUB)
            return False
        try:
            port = serial.serial_for_url(url, baudrate=BAUD, timeout=self.read_timeout,
                                         write_timeout=0.5, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as exc:
            self._set(connected=False, port=None, problem=f"cannot open {url}: {exc}")
            return False
        self._serial, self._seq = port, 0
        hello = self._handshake(port)
        if hello is None:
            self._drop_port(f"no HELLO from {url}")
            return False
        protocol, firmware, seats = hello.args
        if protocol != PROTOCOL:
            self._refuse(version_problem(protocol))
            return False
        self._refused = None
        self._set(connected=True, port=url, firmware=firmware, seats=seats, problem=None)
        log.info("seat hub on %s: firmware %s, %d seats", url, firmware, seats)
        with self._lights_lock:  # the whole picture again (the hub may have been reset)
            self._send("ALLOFF")
            for seat, (colour, mode) in sorted(self._lights.items()):
                if mode != "OFF":
                    self._send("LIGHT", seat, colour, mode)
        return True

    def _refuse(self, problem: str) -> None:
        """Close the port of a hub this app cannot talk to; said once in the log (the port is
        tried again, and the same answer is not logged again until a hub connects)."""
        self._drop_port(problem)
        if problem != self._refused:
            self._refused = problem
            log.error("%s", problem)

    def _handshake(self, port) -> Message | None:
        """The hub's HELLO (whatever protocol it speaks), or None if none came in time. After
        our HELLO goes the same in version 1's format: a version 2 hub drops it as damaged, an
        old hub answers it, so it can be told to update rather than not heard at all."""
        import serial

        self._buffer, self._seq_in = LineBuffer(), SeqCheck()
        try:
            port.reset_input_buffer()
        except (serial.SerialException, OSError):
            return None
        self._send("HELLO", PROTOCOL)
        self._write(legacy_encode(0, "HELLO", PROTOCOL))
        deadline = time.monotonic() + HANDSHAKE_TIME
        while time.monotonic() < deadline and not self._stop.is_set():
            data = self._read(port)
            if data is None:
                return None
            for line in self._buffer.feed(data):
                message = hello_in(line)
                if message is not None:
                    self._seq_in.accept(message.seq)
                    return message
        return None

    def _read(self, port) -> bytes | None:
        """Whatever arrived (b"" after the read timeout), or None if the port is gone."""
        import serial

        try:
            return port.read(port.in_waiting or 1)
        except (serial.SerialException, OSError, TypeError):
            return None

    def _serve(self) -> None:
        """Read, act, keep the heartbeat, until the hub goes away or the driver stops."""
        port = self._serial
        self._answered = pinged = time.monotonic()
        self._pings.clear()
        ping = 0
        while not self._stop.is_set() and self._serial is port:
            data = self._read(port)
            self._received = time.monotonic()  # when these lines arrived: their edges' time
            if data is None:
                self._drop_port("the hub was unplugged")
                return
            for line in self._buffer.feed(data):
                self._handle(line)
            now = time.monotonic()
            if now - self._answered > self.timeout:
                self._drop_port("the hub stopped answering")
                return
            if now - pinged >= self.heartbeat:
                ping, pinged = (ping + 1) % 1000, now
                self._pings.append(ping)
                self._send("PING", ping)

    def _handle(self, line: bytes) -> None:
        message = decode(line, FROM_HUB)
        if message is None:
            self._set(dropped=self._status.dropped + 1)
            log.debug("seat hub: a damaged line dropped")
            return
        if not self._seq_in.accept(message.seq):
            return
        if self._seq_in.lost != self._status.lost:
            self._set(lost=self._seq_in.lost)
        if message.word in ("DOWN", "UP"):
            seat = message.args[0]
            if not 1 <= seat <= min(8, self._status.seats):
                self._set(dropped=self._status.dropped + 1)
                return
            self._seat(seat, message.word == "DOWN")
        elif message.word == "PONG":
            self._pong(*message.args)
        elif message.word == "ERR":
            self._hub_errors("seat hub reports an error: %s", message.args[0])

    def _pong(self, ping: int, mask: int) -> None:
        """An answer to one of our PINGs keeps the hub connected; its mask of the seats held
        down puts right a seat whose DOWN or UP was lost on the way."""
        if ping not in self._pings:
            return  # not an answer to a PING of this session (or far too late)
        while self._pings.popleft() != ping:  # this one and older ones are answered
            pass
        self._answered = time.monotonic()
        hub_view = mask_seats(mask, min(8, self._status.seats))
        for seat in sorted(hub_view ^ self._status.pressed):
            log.debug("seat hub: seat %d's %s was lost; put right", seat,
                      "DOWN" if seat in hub_view else "UP")
            self._seat(seat, seat in hub_view)

    def _seat(self, seat: int, down: bool) -> None:
        """Seat ``seat``'s button went down or up, as far as the driver knows."""
        pressed = self._status.pressed | {seat} if down else self._status.pressed - {seat}
        self._set(pressed=frozenset(pressed))
        self.input.raw(Control.for_seat(seat), down, "hub", self.debounce,
                       age=time.monotonic() - self._received)

    # --- helpers ----------------------------------------------------------------------------------------
    def _send(self, word: str, *args) -> None:
        with self._write_lock:
            line = encode(self._seq, word, *args)
            self._seq = (self._seq + 1) % 256
            self._write(line)

    def _write(self, line: bytes) -> None:
        port = self._serial
        if port is None:
            return
        with self._write_lock:
            try:
                port.write(line)
            except Exception as exc:  # a port that went away while writing
                log.debug("seat hub write failed: %s", type(exc).__name__)

    def _drop_port(self, problem: str | None) -> None:
        port, self._serial = self._serial, None
        try:
            port.close()
        except Exception:
            pass
        for seat in self._status.pressed:  # nothing stays held down
            self.input.raw(Control.for_seat(seat), False, "hub", self.debounce)
        was = self._status.connected
        self._set(connected=False, pressed=frozenset(), problem=problem)
        if was and problem:
            log.warning("seat hub: %s; the other controls keep working, retrying", problem)

    def _set(self, **changes) -> None:
        new = replace(self._status, **changes)
        if new != self._status:
            self._status = new
            if self.on_change is not None:
                try:
                    self.on_change(new)
                except Exception as exc:  # the listener's problem must not stop the reader
                    log.warning("seat hub: status listener failed (%s)", type(exc).__name__)
