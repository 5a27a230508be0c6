"""The seat hub's line protocol, version 2 (docs/serial-protocol.md), pure and shared by the
driver, the simulator and the tests: one ASCII message per line, ``<seq> <WORD> [args...]*<CRC>``
where ``seq`` counts 0-255 per sender and ``CRC`` is the CRC-32 (``binascii.crc32``) of every
byte before ``*`` as eight upper-case hex digits.

>>> line = encode(7, "DOWN", 3)
>>> line
b'7 DOWN 3*6D77E916\\n'
>>> decode(line)
Message(seq=7, word='DOWN', args=(3,))
>>> decode(b'7 DOWN 4*6D77E916\\n') is None  # one byte changed: the CRC no longer matches
True
>>> pressed_mask({1, 3}), mask_seats(5, seats=8)
(5, frozenset({1, 3}))

Version 1 (a two-digit XOR instead of the CRC) is only still read in a hub's ``HELLO``, so an
old hub can be told apart from a damaged line and the app can say its firmware is too old:

>>> legacy_hello(b'0 HELLO 1 1.0 8*54\\n')
Message(seq=0, word='HELLO', args=(1, '1.0', 8))
"""

from __future__ import annotations

import binascii
import re
from dataclasses import dataclass

PROTOCOL = 2
MAX_LINE = 64  # bytes with the newline; anything longer is damaged
BAUD = 115200

# word -> the types of its arguments (hub -> Pi, then Pi -> hub)
FROM_HUB = {"HELLO": (int, str, int), "DOWN": (int,), "UP": (int,), "PONG": (int, int),
            "ERR": (str,)}
TO_HUB = {"HELLO": (int,), "LIGHT": (int, str, str), "ALLOFF": (), "BUZZ": (int,),
          "PING": (int,)}
MODES = ("STEADY", "PULSE", "OFF")
_LINE = re.compile(rb"^(\d{1,3}) ([A-Z]+)((?: [!-)+-~]+)*)\*([0-9A-F]{8})\r?\n?$")
_LEGACY_HELLO = re.compile(rb"^(\d{1,3}) HELLO (\d{1,5})(?: ([!-)+-~]+) (\d))?\*([0-9A-F]{2})"
                           rb"\r?\n?$")
_COLOUR = re.compile(r"^[0-9A-F]{6}$")


@dataclass(frozen=True)
class Message:
    seq: int
    word: str
    args: tuple = ()


def checksum(data: bytes) -> int:
    """The CRC-32 of ``data`` (written as ``%08X`` after the ``*``)."""
    return binascii.crc32(data) & 0xFFFFFFFF


def encode(seq: int, word: str, *args) -> bytes:
    """One message as a line (``seq`` taken mod 256)."""
    body = _body(seq, word, args)
    return body + b"*%08X\n" % checksum(body)


def _body(seq: int, word: str, args: tuple) -> bytes:
    return " ".join([str(seq % 256), word, *map(str, args)]).encode("ascii")


def decode(line: bytes, words: dict[str, tuple] | None = None) -> Message | None:
    """The message in ``line``, or None if it is damaged, truncated, too long, unknown or its
    arguments are not what its word takes (``words``: FROM_HUB, TO_HUB or both by default).
    Never raises."""
    if len(line) > MAX_LINE:
        return None
    match = _LINE.match(line)
    if match is None:
        return None
    seq_text, word_b, args_b, check = match.groups()
    body = line[:match.start(4) - 1]
    if checksum(body) != int(check, 16) or int(seq_text) > 255:
        return None
    word = word_b.decode("ascii")
    kinds = (words or {**FROM_HUB, **TO_HUB}).get(word)
    if kinds is None:
        return None
    texts = args_b.decode("ascii").split()
    if word == "HELLO" and words is None:  # either direction's HELLO
        kinds = FROM_HUB["HELLO"] if len(texts) == 3 else TO_HUB["HELLO"]
    if len(texts) != len(kinds):
        return None
    args = []
    for text, kind in zip(texts, kinds):
        if kind is int:
            if not text.isdigit() or len(text) > 5:
                return None
            args.append(int(text))
        else:
            args.append(text)
    if word == "LIGHT" and (not _COLOUR.match(args[1]) or args[2] not in MODES):
        return None
    return Message(int(seq_text), word, tuple(args))


def pressed_mask(seats) -> int:
    """The seats held down as the number ``PONG`` carries: bit ``n - 1`` for seat ``n``."""
    return sum(1 << (seat - 1) for seat in seats)


def mask_seats(mask: int, seats: int) -> frozenset[int]:
    """The seats 1..``seats`` that ``mask`` says are held down (other bits are ignored)."""
    return frozenset(seat for seat in range(1, seats + 1) if mask >> (seat - 1) & 1)


def legacy_xor(data: bytes) -> int:
    """Version 1's checksum: the XOR of every byte."""
    value = 0
    for byte in data:
        value ^= byte
    return value


def legacy_encode(seq: int, word: str, *args) -> bytes:
    """A line in version 1's format (the Pi's probe for an old hub; the simulator's v1 mode)."""
    body = _body(seq, word, args)
    return body + b"*%02X\n" % legacy_xor(body)


def legacy_hello(line: bytes) -> Message | None:
    """A ``HELLO`` in version 1's format (either direction's), or None. Only ``HELLO`` is read
    this way: enough to tell which protocol an old hub (or Pi) speaks."""
    match = _LEGACY_HELLO.match(line) if len(line) <= MAX_LINE else None
    if match is None:
        return None
    seq_text, protocol, firmware, seats, check = match.groups()
    body = line[:match.start(5) - 1]
    if legacy_xor(body) != int(check, 16) or int(seq_text) > 255:
        return None
    args = (int(protocol),) if firmware is None else (int(protocol), firmware.decode(), int(seats))
    return Message(int(seq_text), "HELLO", args)


class LineBuffer:
    """Bytes in, whole lines out; a line longer than MAX_LINE is cut off and returned as damage
    (so it is counted and dropped, never acted on)."""

    def __init__(self):
        self._data = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        self._data += data
        lines = []
        while True:
            end = self._data.find(b"\n")
            if end < 0:
                if len(self._data) > MAX_LINE:  # no newline in sight: damaged, drop it
                    lines.append(bytes(self._data))
                    self._data.clear()
                return lines
            lines.append(bytes(self._data[:end + 1]))
            del self._data[:end + 1]


class SeqCheck:
    """Counts messages lost in between (a gap in the sender's sequence numbers) and drops
    repeats of the last one."""

    def __init__(self):
        self.last: int | None = None
        self.lost = 0

    def accept(self, seq: int) -> bool:
        """False for a repeat of the last message; counts a gap as lost messages."""
        if self.last is not None:
            if seq == self.last:
                return False
            self.lost += (seq - self.last - 1) % 256
        self.last = seq
        return True

    def reset(self) -> None:
        self.last = None
