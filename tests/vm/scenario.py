"""The steps of `make vm-test`, each what a maker or a player does, each with its checks.

Every step that acts on the screen acts on the twin too (tests/vm/twin.py): the twin says where
to tap, which screen must follow and what it must look like.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pygame

from guest import Guest
from hw.controls import Control
from hw.hubsim import HubSim
from machine import SCREEN, VMError, until
from twin import Twin, likeness

HOLD = 1.4  # seconds a finger or a seat button is held (the config's 0.8 s, and room for TCG)
LIKENESS = 0.97  # share of the picture that must be as the twin draws it
PANEL = (800, 480)  # the guest touchscreen's range (tests/vm/touchscreen.py)


class Table:
    """The guest and its twin, driven together as a player drives the box."""

    def __init__(self, guest: Guest, report, config: Path, twin_data: Path):
        self.guest, self.report = guest, report
        self.config, self.twin_data = config, twin_data
        self.twin = Twin(config, twin_data, SCREEN)

    def restart_twin(self) -> None:
        """The twin restarts as the guest's app did: it resumes from its own store."""
        self.twin.close()
        self.twin = Twin(self.config, self.twin_data, SCREEN)

    def touch(self, name: str | None = None, hold: bool = False, panel: bool = False) -> None:
        """Tap (or hold) the named button (None: the first one offered) and wait for the
        screen the twin went to. ``panel``: with a finger on the guest's multitouch panel
        (finger events only, as on a Pi) rather than QEMU's tablet (a mouse to SDL)."""
        seen = len(self.guest.screens())
        x, y = self.twin.hold(name) if hold else self.twin.tap(name)
        if panel:
            self.guest.finger(*panel_point(x, y), HOLD if hold else 0.1)
        else:
            self.guest.machine.tap(x, y, HOLD if hold else 0.1)
        self.guest.wait_screen(self.twin.screen, seen)

    def key(self, control: Control, qcode: str) -> None:
        self.twin.press(control)
        self.guest.machine.key(qcode)

    def shown(self, name: str, unlike: Path, timeout: float = 20) -> float | None:
        """Take screenshots until the guest's picture has changed from ``unlike`` and shows
        what the twin shows (small changes such as a focus ring are below the likeness
        threshold: hence both); when it first did, or None. The last one is kept as ``name``."""
        expected, target = self.twin.picture(), self.twin.viewport.target
        before = pixels(unlike)

        def now_shown():
            shot = self.guest.shot(name)
            new = pixels(shot) != before and likeness(shot, expected, target) >= LIKENESS
            return time.monotonic() if new else None

        return until(now_shown, self.guest.slow(timeout), every=0.05)

    def looks_right(self, check: str, name: str, timeout: float = 10) -> bool:
        """Whether the guest comes to show what the twin shows. Screenshots are taken until it
        does: the app logs "screen NAME" as it enters a screen, before drawing it, and a slow
        guest (arm64 under TCG) may still show the screen before."""
        expected, target = self.twin.picture(), self.twin.viewport.target
        scores = []

        def alike():
            scores.append(likeness(self.guest.shot(name), expected, target))
            return scores[-1] >= LIKENESS

        until(alike, self.guest.slow(timeout), every=0.25)
        return self.report.check(check, scores[-1] >= LIKENESS, likeness=round(scores[-1], 3),
                                 screen=self.twin.screen, shots=len(scores))


# The VM's display is drawn by Mesa's llvmpipe. Its AVX2 shaders crash in this VM (QEMU 7.2,
# TCG): SIGSEGV at a vpgatherdd in llvmpipe's JIT code; whether it happens depends only on where
# the heap lies (docs/hardware.md, "A crash inside the VM"). A Pi draws with its GPU (v3d),
# never with these shaders, so the guest keeps llvmpipe to SSE4.1: a fact of this virtual
# machine, not of the kiosk.
def vm_gpu_drop_in(caps: str | None) -> str:
    if caps is None:
        return ""
    return ("install -d /etc/systemd/system/companion.service.d; "
            f"printf '[Service]\\nEnvironment=GALLIUM_OVERRIDE_CPU_CAPS={caps}\\n' "
            "> /etc/systemd/system/companion.service.d/vm-llvmpipe.conf; ")


# The box as Raspberry Pi OS ships it: its python3-rpi-lgpio (here a stand-in that conflicts
# with python3-rpi.gpio in the same way, from the image's repository) is installed.
PI_OS_PACKAGE = "python3-rpi-lgpio"


def install(guest: Guest, report) -> bool:
    """As a maker: the project copied onto a box with Pi OS's packages, the config file in
    place, then `make install-pi` (apt from the image's offline repository, pip from the
    wheelhouse: no network)."""
    guest.sh(f"apt-get update -qq && apt-get install -y -qq {PI_OS_PACKAGE}", timeout=300)
    started = time.monotonic()
    result = guest.sh(
        "set -e; mkdir -p /mnt/companion; "
        "mount -t 9p -o trans=virtio,version=9p2000.L,ro companion /mnt/companion; "
        "rm -rf /root/companion; cp -a /mnt/companion/companion /root/companion; "
        "install -d /etc/companion; "
        "install -m 0644 /mnt/companion/config.toml /etc/companion/config.toml; "
        + vm_gpu_drop_in(guest.machine.arch.llvmpipe_caps) +
        "cd /root/companion && WHEELS=/mnt/companion/wheels make install-pi 2>&1",
        timeout=900, check=False)
    (guest.out / "install.log").write_text(result.out + result.err)
    report.time("install", time.monotonic() - started)
    if not report.check("install_pi", result.code == 0, exit=result.code,
                        tail=(result.out + result.err)[-600:] if result.code else ""):
        return False
    report.check("installer_skips_pi_only_packages",
                 "no package 'python3-lgpio' on this system" in result.out)
    status = lambda name: guest.sh(f"dpkg-query -W -f='${{Status}}' {name}", check=False).out
    kept, other = status(PI_OS_PACKAGE), status("python3-rpi.gpio")
    report.check("installer_keeps_pi_os_packages",
                 kept == "install ok installed" and not other.endswith(" installed")
                 and "Removing " not in result.out, kept=kept, rpi_gpio=other)
    if guest.machine.arch.machine != "x86_64":  # the [pi] extra, from the offline wheelhouse
        lgpio = guest.sh("/opt/companion/venv/bin/python -c 'import lgpio; print(lgpio.__file__)'",
                         check=False)
        report.check("gpio_library_installed_offline", lgpio.code == 0,
                     where=(lgpio.out + lgpio.err).strip()[-200:])
    groups = guest.sh("id -nG companion").out.split()
    report.check("installer_creates_missing_groups",
                 "no group 'gpio' on this system; created" in result.out and "gpio" in groups,
                 groups=groups)
    return True


def first_frame(table: Table) -> None:
    """The service's first frame (it sent READY=1): the app, full screen, letterboxed."""
    guest, report = table.guest, table.report
    guest.wait_active()
    target = table.twin.viewport.target
    # READY=1 follows the first flip; give a slow page flip a few looks before judging.
    until(lambda: letterboxed(guest.shot("01-first-frame"), target)[0], guest.slow(10),
          every=0.5)
    shot = guest.out / "01-first-frame.png"
    report.check("first_frame_is_the_app", guest.screens()[-1:] == [table.twin.screen],
                 screen=guest.screens()[-1:])
    ok, detail = letterboxed(shot, target)
    report.check("first_frame_fullscreen_letterboxed", ok, **detail)
    # rotation = "auto": chosen from the mode KMS reports (a landscape one here: not turned)
    said = re.search(r"first frame on screen: (.*)", guest.journal("-b -u companion -o cat"))
    report.check("rotation_chosen_from_the_screens_mode",
                 said is not None and said.group(1).endswith(
                     f"{SCREEN[0]}x{SCREEN[1]}, 0° (auto)"), said=said and said.group(1))
    table.looks_right("first_frame_as_drawn_by_the_app", "01-first-frame")


def touch_and_keys(table: Table, language: str) -> None:
    """A finger on the language (``en`` or ``ko``), then the arrow keys and Enter, then BACK
    home."""
    guest, report = table.guest, table.report
    seen = len(guest.screens())
    x, y = table.twin.tap(language)
    touched = time.monotonic()
    guest.machine.tap(x, y)
    shown = table.shown("02-touch", unlike=guest.out / "01-first-frame.png")
    report.check("touch_opens_what_it_touched", shown is not None, screen=table.twin.screen)
    if shown is not None:
        report.time("touch_to_new_screen", shown - touched)
    guest.wait_screen(table.twin.screen, seen)

    table.key(Control.DOWN, "down")
    report.check("arrow_key_moves_the_focus",
                 table.shown("03-key-down", unlike=guest.out / "02-touch.png") is not None)
    seen = len(guest.screens())
    table.key(Control.OK, "ret")
    guest.wait_screen(table.twin.screen, seen)
    table.looks_right("enter_opens_the_focused_button", "04-key-enter")
    while table.twin.screen != "home":
        seen = len(guest.screens())
        table.key(Control.BACK, "esc")
        guest.wait_screen(table.twin.screen, seen)


def panel_point(x: float, y: float) -> tuple[int, int]:
    """The panel's point under display pixel (x, y): SDL spreads the panel's range (0-799,
    0-479) over the whole display."""
    return (round((x + 0.5) * (PANEL[0] - 1) / SCREEN[0]),
            round((y + 0.5) * (PANEL[1] - 1) / SCREEN[1]))


def touchscreen(table: Table) -> None:
    """A touchscreen like the Pi's (finger events only): one finger taps Settings and Back on
    home; a finger held on Settings (no hold action there) still opens it."""
    guest, report = table.guest, table.report
    udev = guest.open_touchscreen()
    report.check("panel_is_a_touchscreen_to_udev", "ID_INPUT_TOUCHSCREEN=1" in udev,
                 udev=[line for line in udev.splitlines() if line.startswith("ID_INPUT")])
    # The loop's own reader (it sleeps on the device): a node udev hands to the input group
    # just after it appears was refused and never retried (issue 34). SDL opens the device
    # when pumped after udev's announcement, which wakes the loop too: a tap before that pump
    # was lost (hw/udev_announcements.py).
    said = lambda: guest.journal("-b -u companion -o cat")
    watched = until(lambda: re.search(r"input device /dev/input/event\d+ watched", said()),
                    guest.slow(10))
    announced = until(lambda: re.search(r"udev announced input device /dev/input/event\d+",
                                        said()), guest.slow(10))
    report.check("hot_plugged_panel_wakes_the_loop", bool(watched and announced),
                 said=[found.group(0) for found in (watched, announced) if found])
    try:
        table.touch("settings", panel=True)
        report.check("panel_tap_opens_what_it_touched", True)
        table.touch("back", panel=True)
        table.touch("settings", hold=True, panel=True)
        report.check("panel_long_press_is_a_tap", True)
        table.touch("back", panel=True)
    except VMError as exc:
        report.check("panel_tap_opens_what_it_touched", False, error=str(exc))
        raise
    guest.shot("04b-panel-home")


def draft(table: Table) -> int:
    """A 4-player Citadels draft: seats 1 and 2 pick by touch; then a seat hub is plugged in
    (the app is running), found, and seat 3 opens its private screen with its own button.
    Returns the number of picks made."""
    guest, report = table.guest, table.report
    table.touch("citadels", panel=True)
    table.touch("start", panel=True)
    guest.shot("05-draft-gate")
    for seat in (1, 2):  # seat 1 on the panel, seat 2 on QEMU's tablet
        table.touch("player", hold=True, panel=seat == 1)  # the gate: hold to reveal
        if seat == 1:
            report.check("panel_hold_at_the_gate_reveals", table.twin.screen == "draft-private")
            guest.shot("06-draft-private")
        pick(table, panel=seat == 1)
    hub = HubSim(firmware="vm-sim").start()
    try:
        plugged = time.monotonic()
        guest.machine.plug_usb_serial(hub.port)
        found = until(lambda: "seat hub on /dev/ttyUSB" in guest.journal("-b -u companion"),
                      guest.slow(30))
        report.time("hub_plug_to_connected", time.monotonic() - plugged)
        report.check("hub_plugged_in_after_start_is_found", found)
        guest.shot("07-hub-connected")
        seen = len(guest.screens())
        table.twin.hold_control(Control.SEAT3)
        hub.press(3)
        time.sleep(HOLD)
        hub.release(3)
        guest.wait_screen(table.twin.screen, seen)
        report.check("hub_seat_button_opens_its_players_screen",
                     table.twin.screen == "draft-private", lights=sorted(hub.lights.items()))
        pick(table)
        hub_unplugged(table)
    finally:
        hub.stop()
    return 3


def hub_unplugged(table: Table) -> None:
    """The hub's cable pulled mid-game: the app says so on screen (it was connected, so the
    notice stays until it is back) and logs it as a warning — journal priority 4, not 6."""
    guest, report = table.guest, table.report
    guest.machine.unplug_usb("hub")
    warned = until(lambda: "seat hub: " in guest.journal("-b -u companion -p warning -o cat"),
                   guest.slow(20))
    report.check("hub_unplugged_is_a_warning_in_the_journal", bool(warned))
    report.check("app_errors_are_not_warnings",
                 "seat hub: " not in guest.journal("-b -u companion -p err -o cat"))
    guest.shot("08-hub-unplugged")


def pick(table: Table, panel: bool = False) -> None:
    """On a private draft screen: the first card offered, confirm, pass on."""
    table.touch(panel=panel)
    table.touch("confirm", panel=panel)
    table.touch("next", panel=panel)


def power_cut(table: Table, picks: int) -> None:
    """QEMU killed mid-draft: every pick kept, the database sound, the app back on a gate or
    the public screen by itself."""
    guest, report = table.guest, table.report
    stored = guest.decisions()
    report.check("draft_picks_stored", len(stored) >= picks, picks=picks, stored=len(stored))
    guest.shot("09-before-power-cut")
    journal_clean(table, "before_power_cut")
    guest.sh("echo unsynced > /var/tmp/companion-unsynced")  # written, never synced
    guest.machine.power_cut()
    cut = time.monotonic()
    report.time("boot_to_agent_after_cut", guest.boot())  # the peer: a service that needs nothing
    guest.wait_active()
    report.time("power_cut_to_ready", time.monotonic() - cut)
    report.time("boot_to_ready", time.monotonic() - guest.machine.started)
    restarts = guest.sh("systemctl show -p NRestarts --value companion").out.strip()
    report.check("starts_at_boot_first_time", restarts == "0", restarts=restarts)
    # ext4 may commit the new file's name within its 5 s; its data waits ~30 s for writeback.
    report.check("power_cut_lost_what_was_not_synced",
                 guest.sh("grep -q unsynced /var/tmp/companion-unsynced", check=False).code != 0)
    report.check("database_intact_after_power_cut", guest.integrity() == "ok")
    report.check("every_pick_kept", guest.decisions() == stored, stored=len(stored))
    resumed = guest.screens()[-1:]
    table.restart_twin()
    report.check("resumes_on_a_gate_or_public_screen",
                 resumed == [table.twin.screen] and resumed[0] in ("gate", "draft-public"),
                 screen=resumed)
    table.looks_right("resumed_screen_as_drawn_by_the_app", "10-resumed")


def watchdog(table: Table) -> None:
    """A frozen app (SIGSTOP) misses its pings: systemd kills it and starts it again."""
    guest, report = table.guest, table.report
    pid = guest.wait_active()
    stopped = float(guest.sh(f"date +%s.%N; kill -STOP {pid}").out.split()[0])
    frozen = time.monotonic()
    new_pid = guest.wait_active(timeout=150, not_pid=pid)
    report.time("frozen_to_ready_again", time.monotonic() - frozen)
    killed = guest.watchdog_kill_time()
    if killed is not None:
        report.time("frozen_to_watchdog_kill", killed - stopped)
    report.check("watchdog_restarts_a_frozen_app", killed is not None and new_pid != pid)
    guest.shot("11-after-watchdog")


# Errors that are the test's own doing, not the kiosk's: the watchdog reporting the freeze the
# test caused, QEMU's emulated FTDI adapter refusing the flow-control request pyserial's port
# set-up makes (a Pico's CDC ACM port has no such request), and the guest kernel's timer check
# on an emulated PC under TCG on a busy host (the 8254 timer found late: the kernel wires it
# another way and boots on; QEMU's emulation, no Pi has an 8254).
EXPECTED_ERRORS = ("companion.service: Watchdog timeout", "error from flowcontrol urb",
                   "MP-BIOS bug: 8254 timer not connected to IO-APIC",
                   # udev probing a CPU-frequency driver QEMU's CPU advertises but cannot do
                   # (acpi_cpufreq; powernow_k8 is blacklisted in the image): the VM's, not the
                   # kiosk's, and only at some boots
                   "cpufreq/initstate': No such device")


def journal_clean(table: Table, when: str) -> None:
    """No error in the journal of any boot so far (written to disk first) but the expected."""
    table.guest.sh("journalctl --sync")
    errors = [line for line in table.guest.journal("-p err -o cat").splitlines()
              if line.strip() and not any(known in line for known in EXPECTED_ERRORS)]
    table.report.check(f"journal_has_no_errors_{when}", not errors, errors=errors[:20])


# --- pictures ----------------------------------------------------------------------------------
def pixels(path: Path) -> bytes:
    return pygame.image.tobytes(pygame.image.load(str(path)), "RGB")


def letterboxed(path: Path, target) -> tuple[bool, dict]:
    """Full screen (the display mode's size), the picture where the letterbox puts it, black
    bars above and below, and more than a clear colour in the picture."""
    shot = pygame.image.load(str(path))
    if shot.get_size() != SCREEN:
        return False, {"size": list(shot.get_size())}
    x, y, w, h = target
    black = lambda rect: pygame.transform.average_color(shot.subsurface(rect))[:3] == (0, 0, 0)
    width, height = shot.get_size()
    bars = black((0, 0, width, y)) and black((0, y + h, width, height - y - h))
    data = pygame.image.tobytes(shot.subsurface(target), "RGB")
    colours = len({data[i:i + 3] for i in range(0, len(data), 3 * 7)})
    return bars and colours > 3, {"size": list(shot.get_size()), "picture": list(target), "colours": colours}
