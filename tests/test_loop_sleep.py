"""The main loop sleeps in the kernel until something happens (issue 19): no timer while idle,
and a GPIO edge, a touch on an input device, a timer of the app or a signal wakes it at once."""

from __future__ import annotations

import logging
import os
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from child_log import ChildLog
from hw.controls import Control
from hw.input_devices import InputDevices
from ui.wakeup import SelectSleeper, Waker, open_sleeper

ROOT = Path(__file__).resolve().parent.parent


class CountingSleeper:
    """Wraps the app's sleeper: records every sleep's time limit."""

    def __init__(self, inner):
        self.inner, self.limits = inner, []

    def sleep(self, timeout):
        self.limits.append(timeout)
        self.inner.sleep(timeout)

    def close(self):
        self.inner.close()


def later(seconds, action):
    timer = threading.Timer(seconds, action)
    timer.start()
    return timer


def fifo_device(folder) -> str:
    """A named pipe standing in for /dev/input/eventN (readable when something is written)."""
    path = os.path.join(folder, "event0")
    os.mkfifo(path)
    return path


def idle_app(make_app, **overrides):
    """An app on its home screen with nothing left to prepare (``App.when_idle``)."""
    app = make_app(**overrides)
    app.finish_idle_work()
    return app


def test_an_idle_home_screen_sleeps_without_a_time_limit(make_app):
    app = idle_app(make_app)
    assert app.top.name == "home"
    assert app.timers.timeout(None) is None  # no timer at all: nothing wakes it but an event


def test_a_gpio_press_wakes_the_sleeping_loop_at_once(make_app):
    app = idle_app(make_app)
    app.timers.sleeper = counting = CountingSleeper(app.timers.sleeper)
    pin = app.hw.mock_factory.pin(5)  # UP
    safety = later(5, app.timers.waker.set)  # if the press did not wake it, the test still ends
    later(0.3, pin.drive_low)
    t0 = time.monotonic()
    while not app.hw.input.is_pressed(Control.UP) and time.monotonic() - t0 < 4:
        app.step()
    elapsed = time.monotonic() - t0
    safety.cancel()
    pin.drive_high()
    assert app.hw.input.is_pressed(Control.UP) or app.frames
    assert 0.25 < elapsed < 1.0
    assert counting.limits[0] is None  # it slept with no time limit until the press


def test_a_touch_on_an_input_device_wakes_the_loop(make_app, tmp_path):
    """On the console SDL reads the touchscreen only when pumped: the loop sleeps on the same
    device and pumps SDL when it has something."""
    app = idle_app(make_app)
    path = fifo_device(tmp_path)
    app.timers.sleeper = SelectSleeper(app.timers.waker, InputDevices(str(tmp_path)))
    writer = os.open(path, os.O_WRONLY)
    app.settle()

    def touch():  # SDL's own reader has the event first, then ours is readable
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                             unicode="", scancode=0))
        os.write(writer, bytes(24))

    safety = later(5, app.timers.waker.set)
    later(0.3, touch)
    focus = app.top.focus
    t0 = time.monotonic()
    app.step()
    app.settle()
    safety.cancel()
    os.close(writer)
    assert time.monotonic() - t0 < 1.0
    assert app.top.focus != focus  # the DOWN key moved the focus


def test_input_devices_plugged_in_later_and_unplugged(tmp_path):
    devices = InputDevices(str(tmp_path))
    assert devices.paths == []
    path = fifo_device(tmp_path)
    sleeper = SelectSleeper(Waker(), devices)
    sleeper.sleep(1.0)  # the folder changed: it looks again
    assert devices.paths == [path]
    writer = os.open(path, os.O_WRONLY)
    os.write(writer, bytes(48))
    t0 = time.monotonic()
    sleeper.sleep(2.0)
    assert time.monotonic() - t0 < 0.5
    t0 = time.monotonic()
    sleeper.sleep(0.2)  # what was there was read: no wake-up for it again
    assert time.monotonic() - t0 >= 0.19
    os.close(writer)  # a pipe whose writer is gone reads as the end: the device is dropped
    sleeper.sleep(1.0)
    assert devices.paths == []
    devices.close()


def test_a_device_refused_until_udev_sets_its_group_is_watched_without_a_folder_change(
        tmp_path, monkeypatch):
    """A new device node is root's until udev gives it to the ``input`` group; inotify may
    fold that change into an event already read (issue 34: refused twice, never woken for).
    A refused device is tried again on a schedule, not only on the folder's next change."""
    from hw import input_devices

    devices = InputDevices(str(tmp_path))
    sleeper = SelectSleeper(Waker(), devices)
    real_open, refusals = os.open, []

    def udev_not_done_yet(path, *args):
        if str(path).startswith(str(tmp_path / "event")) and len(refusals) < 3:
            refusals.append(path)
            raise PermissionError(13, "Permission denied", path)
        return real_open(path, *args)

    monkeypatch.setattr(input_devices.os, "open", udev_not_done_yet)
    path = fifo_device(tmp_path)  # the folder changes once: created
    sleeper.sleep(1.0)
    assert devices.paths == [] and len(refusals) == 1
    limits = []
    for _ in range(10):
        if devices.paths:
            break
        limits.append(devices.retry_in())
        sleeper.sleep(5.0)
    assert devices.paths == [path] and len(refusals) == 3
    assert all(limit is not None and limit <= input_devices.RETRY_AFTER[2] for limit in limits)
    assert devices.retry_in() is None  # nothing left to retry: the loop sleeps unlimited again
    devices.close()


def test_a_device_never_readable_is_tried_on_a_schedule_then_only_when_the_folder_changes(
        tmp_path, monkeypatch):
    from hw import input_devices
    from hw.clock import VirtualClock

    clock = VirtualClock()
    devices = InputDevices(str(tmp_path), clock=clock)
    monkeypatch.setattr(input_devices.os, "open",
                        lambda path, *a: (_ for _ in ()).throw(PermissionError(13, "no", path)))
    fifo_device(tmp_path)
    devices.rescan()
    waits = []
    while (wait := devices.retry_in()) is not None:
        waits.append(wait)
        clock.advance(wait)
        devices.drain(set())
    assert waits == pytest.approx(input_devices.RETRY_AFTER)
    devices.close()


def udev_message(**props) -> bytes:
    """One announcement as systemd-udevd sends it: libudev's 40-byte header (magic in network
    order, then native-order sizes), then the properties, each ending in NUL."""
    body = b"".join(f"{key}={value}".encode() + b"\0" for key, value in props.items())
    header = b"libudev\0" + struct.pack("!I", 0xFEEDCAFE) + struct.pack("=IIIIIIII", 40, 40,
                                                                       len(body), 0, 0, 0, 0, 0)
    return header + body


ADDED = dict(ACTION="add", DEVPATH="/devices/virtual/input/input6/event6", SUBSYSTEM="input",
             DEVNAME="/dev/input/event6", SEQNUM="2094", ID_INPUT="1", ID_INPUT_TOUCHSCREEN="1")


def test_udevs_announcement_wakes_the_loop_when_sdl_can_open_the_new_device(tmp_path, caplog):
    """SDL opens a plugged-in device only when pumped after udev announced it, and loses what
    the device sent before. The node appears (inotify) before udev has finished with it, so
    the loop must wake at the announcement too, or the first touch goes to a device SDL has
    not opened yet (seen in the VM: a tap on a hot-plugged panel did nothing)."""
    from hw.udev_announcements import UdevAnnouncements

    ours, udevd = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
    devices = InputDevices(str(tmp_path), announcements=UdevAnnouncements(ours))
    sleeper = SelectSleeper(Waker(), devices)
    path = fifo_device(tmp_path)
    sleeper.sleep(30.0)  # the node appeared: watched by us, not yet announced to SDL
    assert devices.paths == [path]
    udevd.send(udev_message(**{**ADDED, "DEVNAME": path}))
    caplog.set_level(logging.INFO, logger="hw.input_devices")
    t0 = time.monotonic()
    sleeper.sleep(30.0)
    assert time.monotonic() - t0 < 29.0  # woken by the announcement, not the time limit
    assert f"udev announced input device {path}" in caplog.text
    t0 = time.monotonic()
    sleeper.sleep(0.2)  # read: no wake-up for it again
    assert time.monotonic() - t0 >= 0.19
    devices.close()
    udevd.close()


@pytest.mark.parametrize("props,node", [
    (ADDED, "/dev/input/event6"),
    ({**ADDED, "DEVNAME": "input/event6"}, "/dev/input/event6"),  # the kernel's relative name
    ({**ADDED, "ACTION": "remove"}, None),
    ({**ADDED, "ACTION": "change"}, None),
    ({**ADDED, "SUBSYSTEM": "tty", "DEVNAME": "/dev/ttyACM0"}, None),
    ({k: v for k, v in ADDED.items() if k != "DEVNAME"}, None),  # input6 itself: no node
])
def test_an_announcement_names_the_input_device_it_added(props, node):
    from hw.udev_announcements import added_input_device

    assert added_input_device(udev_message(**props)) == node


def test_a_damaged_announcement_names_nothing():
    from hw.udev_announcements import added_input_device

    message = udev_message(**ADDED)
    assert added_input_device(message[:30]) is None  # cut inside the header
    assert added_input_device(message[:45]) is None  # cut before ACTION ends
    assert added_input_device(b"\xff" * 100) is None


def test_udevs_netlink_group_is_heard_without_privileges_where_netlink_exists():
    """The kiosk's service may use AF_NETLINK (systemd/companion.service); binding to udev's
    group needs no capability. Sending to it does: checked only where the tests run as root."""
    from hw.udev_announcements import NETLINK_KOBJECT_UEVENT, UDEV_GROUP, UdevAnnouncements

    heard = UdevAnnouncements.open()
    if heard is None:
        pytest.skip("no netlink here")
    try:
        sender = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_KOBJECT_UEVENT)
        try:
            sender.sendto(udev_message(**ADDED), (0, UDEV_GROUP))
        except PermissionError:
            pytest.skip("sending to udev's group needs root")
        finally:
            sender.close()
        select.select([heard], [], [], 30)
        assert "/dev/input/event6" in heard.drain()  # a real udevd may announce others too
    finally:
        heard.close()


def test_a_timer_of_the_app_limits_the_sleep(make_app):
    """A private screen hides after ``private_timeout``: the loop wakes for that, no sooner."""
    from ui.screens.about import AboutScreen

    app = idle_app(make_app, private_timeout=30)
    screen = AboutScreen(app)
    screen.private = True
    app.push(screen)
    limit = app.timers.timeout(None)
    assert 29.0 < limit <= 30.0


def test_the_waker_wakes_a_sleep_from_another_thread():
    waker = Waker()
    sleeper = SelectSleeper(waker)
    later(0.2, waker.set)
    t0 = time.monotonic()
    sleeper.sleep(None)
    assert 0.15 < time.monotonic() - t0 < 1.0
    waker.clear()
    t0 = time.monotonic()
    sleeper.sleep(0.1)
    assert time.monotonic() - t0 >= 0.09  # cleared: no wake-up left over
    waker.close()
    waker.set()  # after close: nothing is written (the descriptor may be someone else's now)


@pytest.mark.parametrize("driver,kind", [("dummy", "select (waker)"),
                                         ("nosuch", "polling every 20 ms")])
def test_the_way_to_sleep_follows_the_driver(driver, kind):
    waker = Waker()
    sleeper = open_sleeper(driver, waker)
    assert kind in sleeper.name
    sleeper.close()
    waker.close()


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="needs xvfb-run (apt xvfb)")
def test_a_real_window_sleeps_in_sdls_wait_and_stops_on_sigterm(tmp_path):
    """Under X11 the loop sleeps in SDL's own wait; a signal (which SDL's wait would not
    notice) is relayed to it, so SIGTERM still stops the app at once."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    proc = subprocess.Popen(
        ["xvfb-run", "-a", sys.executable, "-m", "ui.cli", "--lang", "en", "--data-dir",
         str(tmp_path), "--config", str(tmp_path / "x.toml")],
        stderr=subprocess.PIPE, text=True, env={**env, "COMPANION_HW": "mock"}, cwd=ROOT,
        start_new_session=True)
    said = ChildLog(proc.stderr)
    try:
        assert said.wait_for("ready: first frame shown"), said.lines
        assert any("the loop sleeps in SDL_WaitEventTimeout" in line for line in said.lines)
        time.sleep(1.0)
        app = [p for p in psutil_children(proc.pid) if "ui.cli" in p[1]]
        assert app, "the app's process was not found"
        t0 = time.monotonic()
        os.kill(app[0][0], signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        assert time.monotonic() - t0 < 3.0
        assert "Traceback" not in said.rest()
    finally:  # xvfb-run, its X server and the app
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def psutil_children(pid: int) -> list[tuple[int, str]]:
    """(pid, command line) of every process below ``pid``, from /proc."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
                cmd = open(f"/proc/{entry}/cmdline").read().replace("\0", " ")
            except OSError:
                continue
            parents[int(entry)] = (int(stat[1]), cmd)
    found, frontier = [], {pid}
    while frontier:
        below = [(p, c) for p, (pp, c) in parents.items() if pp in frontier]
        found += below
        frontier = {p for p, _ in below}
    return found
