"""Version 2 of the seat hub's protocol (docs/serial-protocol.md), pure: CRC-32 lines checked
against known ones, 200,000 lines with two damaged bytes of which none may be read as a message
(version 1's XOR let about 1 in 4,500 through), the PONG's mask of seats held down, the longest
legal lines within MAX_LINE, and version 1's HELLO still recognised (to refuse an old hub)."""

from __future__ import annotations

import random
import re

from hw.hubproto import (FROM_HUB, MAX_LINE, PROTOCOL, TO_HUB, LineBuffer, Message, decode,
                         encode, legacy_encode, legacy_hello, legacy_xor, mask_seats, pressed_mask)

CORRUPTED_LINES = 200_000
# the line format of docs/serial-protocol.md: a damaged line matching it is "plausible"
WELL_FORMED = re.compile(rb"^\d{1,3} [A-Z]+(?: [!-)+-~]+)*\*[0-9A-F]{8}\r?\n?$")

DIGITS, HEX, UPPER = b"0123456789", b"0123456789ABCDEF", b"ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PRINTABLE = bytes(range(0x20, 0x7F))


def lookalike_pool(byte: int) -> bytes:
    """Bytes of the same kind as ``byte`` (a digit for a digit, a hex digit for A-F, a letter
    for another letter): a change to one mostly keeps the line looking right."""
    for kind in (DIGITS, HEX, UPPER):
        if byte in kind:
            return kind
    return PRINTABLE


def without(pool: bytes, byte: int) -> bytes:
    return bytes(b for b in pool if b != byte)


# byte -> the replacements to draw from: lookalike, printable, any byte at all
POOLS = [[without(lookalike_pool(b), b) for b in range(256)],
         [without(PRINTABLE, b) for b in range(256)],
         [without(bytes(range(256)), b) for b in range(256)]]
POOL_WEIGHTS = [0.5, 0.25, 0.25]


def sample_lines(rng: random.Random) -> list[bytes]:
    """Lines of every message kind, both directions, with varied sequence numbers and
    arguments."""
    def seq() -> int:
        return rng.randrange(256)

    makers = [
        lambda: encode(seq(), "HELLO", PROTOCOL, rng.choice(["2.0", "sim-1", "vm-sim", "2.0-rc1"]),
                       rng.randint(1, 8)),
        lambda: encode(seq(), "DOWN", rng.randint(1, 8)),
        lambda: encode(seq(), "UP", rng.randint(1, 8)),
        lambda: encode(seq(), "PONG", rng.randrange(1000), rng.randrange(256)),
        lambda: encode(seq(), "ERR", rng.choice(["bad-light", "no-seat", "overrun"])),
        lambda: encode(seq(), "HELLO", PROTOCOL),
        lambda: encode(seq(), "LIGHT", rng.randint(1, 8), "%06X" % rng.randrange(1 << 24),
                       rng.choice(["STEADY", "PULSE", "OFF"])),
        lambda: encode(seq(), "ALLOFF"),
        lambda: encode(seq(), "BUZZ", rng.randint(1, 2000)),
        lambda: encode(seq(), "PING", rng.randrange(1000)),
    ]
    return [make() for make in makers for _ in range(300)]


def corrupt(line: bytes, rng: random.Random) -> bytes:
    """``line`` with two different bytes, each replaced by another value."""
    data = bytearray(line)
    for position in rng.sample(range(len(data)), 2):
        pools = rng.choices(POOLS, POOL_WEIGHTS)[0]
        data[position] = rng.choice(pools[data[position]])
    return bytes(data)


def accepted(damaged: bytes) -> list[Message]:
    """Whatever the Pi or the hub would take from ``damaged``: read as a whole, or as the lines
    it falls into when a newline was hit."""
    pieces = [damaged] + LineBuffer().feed(damaged)
    return [m for m in map(decode, pieces) if m is not None]


def test_no_line_with_two_damaged_bytes_is_ever_read_as_a_message():
    rng = random.Random(20240602)
    lines = sample_lines(rng)
    plausible = 0
    for _ in range(CORRUPTED_LINES):
        damaged = corrupt(rng.choice(lines), rng)
        assert not accepted(damaged), damaged
        plausible += WELL_FORMED.match(damaged) is not None
    assert plausible > CORRUPTED_LINES // 5  # many still look right: only the CRC catches them


def test_version_1_would_have_taken_those_lines():
    """The same damage against version 1's XOR lets some through: the test above can fail."""
    rng = random.Random(20240602)
    lines = [legacy_encode(0, "DOWN", seat) for seat in range(1, 9)]
    passed = sum(legacy_read(corrupt(rng.choice(lines), rng)) for _ in range(20_000))
    assert passed > 0


def legacy_read(line: bytes) -> bool:
    """Whether version 1's check would take ``line`` as a DOWN for another seat."""
    match = re.match(rb"^(\d{1,3}) DOWN ([1-8])\*([0-9A-F]{2})\n$", line)
    return bool(match) and legacy_xor(line[:match.start(3) - 1]) == int(match.group(3), 16)


def test_the_collision_version_1_missed_is_caught():
    assert legacy_xor(b"0 DOWN 2") == legacy_xor(b"1 DOWN 3")  # why version 1 took it
    line = encode(0, "DOWN", 2)
    assert decode(b"1" + line[1:7] + b"3" + line[8:]) is None
    line = encode(0, "DOWN", 8)  # the review's example
    assert decode(b"1" + line[1:7] + b"6" + line[8:]) is None
    assert decode(b"1 DOWN 6" + line[8:]) is None


def test_lines_carry_the_crc_32_known_lines():
    assert encode(7, "DOWN", 3) == b"7 DOWN 3*6D77E916\n"
    assert encode(0, "HELLO", 2, "2.0", 8) == b"0 HELLO 2 2.0 8*03666144\n"
    assert encode(2, "LIGHT", 3, "2080FF", "PULSE") == b"2 LIGHT 3 2080FF PULSE*3545394A\n"
    assert decode(b"2 PONG 1 4*0432514D\n") == Message(2, "PONG", (1, 4))
    assert decode(b"2 PONG 1 4*0432514d\n") is None  # upper-case hex only
    assert decode(b"7 DOWN 3*16\n") is None  # version 1's checksum


def test_the_pong_mask_names_the_seats_held_down():
    assert pressed_mask(set()) == 0 and pressed_mask({1}) == 1 and pressed_mask({3}) == 4
    assert pressed_mask({1, 3, 8}) == 133
    assert mask_seats(133, seats=8) == {1, 3, 8}
    assert mask_seats(133, seats=4) == {1, 3}  # no such seat on a 4-seat hub
    assert mask_seats(0, seats=8) == frozenset()
    assert decode(encode(9, "PONG", 12), FROM_HUB) is None  # version 1's PONG: no mask


def test_the_longest_legal_lines_fit():
    longest = [encode(255, "LIGHT", 8, "FFFFFF", "STEADY"), encode(255, "PONG", 999, 255),
               encode(255, "HELLO", PROTOCOL, "x" * 24, 8), encode(255, "BUZZ", 2000),
               encode(255, "ERR", "bad-light")]
    for line in longest:
        assert len(line) <= MAX_LINE and decode(line) is not None, line
    assert len(encode(255, "HELLO", PROTOCOL, "x" * 24, 8)) == 48


def test_a_version_1_hello_is_recognised_and_nothing_else():
    assert legacy_hello(b"0 HELLO 1 1.0 8*54\n") == Message(0, "HELLO", (1, "1.0", 8))
    assert legacy_hello(b"0 HELLO 1*43\n") == Message(0, "HELLO", (1,))  # a version 1 Pi's
    assert legacy_hello(legacy_encode(0, "HELLO", 2)) == Message(0, "HELLO", (2,))
    assert legacy_hello(b"0 HELLO 1 1.0 8*55\n") is None  # damaged
    assert legacy_hello(b"1 DOWN 3*10\n") is None  # only HELLO is read in version 1's format
    assert legacy_hello(encode(0, "HELLO", 2, "2.0", 8)) is None
    assert decode(legacy_encode(0, "HELLO", 1, "1.0", 8)) is None


def test_every_word_has_a_sample():
    words = {decode(line).word for line in sample_lines(random.Random(1))}
    assert words == set(FROM_HUB) | set(TO_HUB)
