"""A touchscreen inside the guest, shaped like the official 7" Pi display's (FT5406): multitouch
(``ABS_MT_*`` slots), ``BTN_TOUCH``, ``INPUT_PROP_DIRECT``, 800x480 — so udev marks it
``ID_INPUT_TOUCHSCREEN`` and SDL's KMSDRM input reads it as a Pi's panel: finger events only,
no mouse events (QEMU's virtio tablet is a mouse to SDL and never shows that).

Runs in the guest as root with its own Python (standard library only; the kernel's uinput)::

    python3 touchscreen.py /run/companion-touch

and takes lines written to that FIFO: ``down SLOT X Y`` (a finger at panel point X, Y) and
``up SLOT``. It prints ``ready`` once the device exists.
"""

from __future__ import annotations

import fcntl
import os
import struct
import sys
import time

NAME = b"FT5406 memory based driver"
WIDTH, HEIGHT = 800, 480
SLOTS = 10

EV_SYN, EV_KEY, EV_ABS = 0x00, 0x01, 0x03
SYN_REPORT = 0
BTN_TOUCH = 0x14A
ABS_X, ABS_Y = 0x00, 0x01
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2F, 0x35, 0x36, 0x39
INPUT_PROP_DIRECT = 0x01
ABS_CNT = 0x40
BUS_VIRTUAL = 0x06

# <linux/uinput.h>: _IOW('U', n, int) and _IO('U', n)
UI_SET_EVBIT, UI_SET_KEYBIT, UI_SET_ABSBIT, UI_SET_PROPBIT = (
    0x40045564, 0x40045565, 0x40045567, 0x4004556E)
UI_DEV_CREATE = 0x5501

AXES = {ABS_X: WIDTH - 1, ABS_Y: HEIGHT - 1, ABS_MT_SLOT: SLOTS - 1,
        ABS_MT_POSITION_X: WIDTH - 1, ABS_MT_POSITION_Y: HEIGHT - 1, ABS_MT_TRACKING_ID: 65535}


def create() -> int:
    """The uinput device, created (the legacy ``uinput_user_dev`` set-up: every kernel has it)."""
    fd = os.open("/dev/uinput", os.O_WRONLY | os.O_NONBLOCK)
    for bit in (EV_SYN, EV_KEY, EV_ABS):
        fcntl.ioctl(fd, UI_SET_EVBIT, bit)
    fcntl.ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH)
    for axis in AXES:
        fcntl.ioctl(fd, UI_SET_ABSBIT, axis)
    fcntl.ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT)
    absmax = [AXES.get(axis, 0) for axis in range(ABS_CNT)]
    zeros = [0] * ABS_CNT
    setup = struct.pack(f"80sHHHHi{ABS_CNT}i{ABS_CNT}i{ABS_CNT}i{ABS_CNT}i", NAME, BUS_VIRTUAL,
                        0x0EEF, 0x5406, 1, 0, *absmax, *zeros, *zeros, *zeros)
    os.write(fd, setup)
    fcntl.ioctl(fd, UI_DEV_CREATE)
    return fd


def send(fd: int, events: list[tuple[int, int, int]]) -> None:
    """Events and a SYN_REPORT, as one frame of the panel."""
    now = time.time()
    seconds, micros = int(now), int((now % 1) * 1_000_000)
    frame = b"".join(struct.pack("llHHi", seconds, micros, kind, code, value)
                     for kind, code, value in [*events, (EV_SYN, SYN_REPORT, 0)])
    os.write(fd, frame)


class Panel:
    def __init__(self, fd: int):
        self.fd, self.down, self.tracking = fd, set(), 0

    def finger_down(self, slot: int, x: int, y: int) -> None:
        self.tracking = (self.tracking + 1) % 65536
        events = [(EV_ABS, ABS_MT_SLOT, slot), (EV_ABS, ABS_MT_TRACKING_ID, self.tracking),
                  (EV_ABS, ABS_MT_POSITION_X, x), (EV_ABS, ABS_MT_POSITION_Y, y)]
        if not self.down:
            events += [(EV_KEY, BTN_TOUCH, 1), (EV_ABS, ABS_X, x), (EV_ABS, ABS_Y, y)]
        self.down.add(slot)
        send(self.fd, events)

    def finger_up(self, slot: int) -> None:
        self.down.discard(slot)
        events = [(EV_ABS, ABS_MT_SLOT, slot), (EV_ABS, ABS_MT_TRACKING_ID, -1)]
        if not self.down:
            events.append((EV_KEY, BTN_TOUCH, 0))
        send(self.fd, events)

    def command(self, line: str) -> None:
        words = line.split()
        if words[:1] == ["down"] and len(words) == 4:
            slot, x, y = map(int, words[1:])
            self.finger_down(slot, min(max(x, 0), WIDTH - 1), min(max(y, 0), HEIGHT - 1))
        elif words[:1] == ["up"] and len(words) == 2:
            self.finger_up(int(words[1]))
        elif words:
            print(f"touchscreen: not a command: {line!r}", file=sys.stderr, flush=True)


def main(fifo: str) -> None:
    if not os.path.exists(fifo):
        os.mkfifo(fifo, 0o600)
    panel = Panel(create())
    print("ready", flush=True)
    # Opened for writing too, so the reader never sees an end when a writer closes.
    with open(os.open(fifo, os.O_RDWR), encoding="ascii") as commands:
        for line in commands:
            panel.command(line)


if __name__ == "__main__":
    main(sys.argv[1])
