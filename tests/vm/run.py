"""`make vm-test`: the kiosk as a maker builds it, booted in a virtual machine.

``--arch x86`` (the default) or ``--arch arm64`` (the Pi's own architecture, under TCG: slower).
Builds (or reuses) a Debian bookworm image, installs the project in it with ``make install-pi``
(offline: apt from the image's own repository, pip from a wheelhouse), boots it, and checks
what a person at the table would see (tests/vm/scenario.py): the first frame, letterboxed and
full screen; a touch and keys; taps and holds on a multitouch panel shaped like the Pi's
(finger events only, tests/vm/touchscreen.py); a Citadels draft picked by touch and by a seat
hub plugged in after start; a power cut (SIGKILL of QEMU) in the middle of the draft; the
watchdog killing a frozen app; a journal with no errors. Screenshots go to ``--out``; one JSON
summary goes to stdout; exit 1 if any check failed, 2 if this machine cannot run a guest at all.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the twin app on the host is headless
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from arch import ALIASES, Arch, arch_named  # noqa: E402
from image import ROOT, ensure_image, wheelhouse  # noqa: E402

HUB_USB_ID = "0403:6001"  # QEMU's usb-serial is an FTDI adapter


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


class Report:
    """Checks and timings, printed as one JSON object at the end."""

    def __init__(self):
        self.checks: dict[str, dict] = {}
        self.timings: dict[str, float] = {}
        self.facts: dict[str, object] = {}

    def check(self, name: str, ok: bool, **detail) -> bool:
        self.checks[name] = {"ok": bool(ok), **detail}
        log(f"vm: {'ok  ' if ok else 'FAIL'} {name} {detail if detail else ''}")
        return bool(ok)

    def time(self, name: str, seconds: float) -> None:
        self.timings[name] = round(seconds, 2)
        log(f"vm: {name} = {seconds:.1f} s")

    @property
    def passed(self) -> bool:
        return bool(self.checks) and all(c["ok"] for c in self.checks.values())

    def json(self) -> str:
        return json.dumps({"passed": self.passed, "checks": self.checks,
                           "timings_s": self.timings, **self.facts}, indent=2,
                          ensure_ascii=False)


def why_no_guest(arch: Arch) -> str | None:
    """Why this machine cannot build the image or start a guest at all, or None."""
    tools = {arch.qemu: arch.qemu_package, "qemu-img": "qemu-utils", "mmdebstrap": "mmdebstrap",
             "dpkg-scanpackages": "dpkg-dev"}
    if not arch.may_kvm(platform.machine()):
        tools["arch-test"] = "arch-test"  # mmdebstrap's check that binfmt runs the guest's code
    missing = [tool for tool in tools if not shutil.which(tool)]
    if missing:
        return (f"not installed: {', '.join(missing)} (apt-get install "
                f"{' '.join(tools[tool] for tool in missing)})")
    if os.geteuid() != 0:
        return "building the image (mmdebstrap, chroot) needs root"
    if not arch.may_kvm(platform.machine()) and subprocess.run(
            ["arch-test", arch.debian], capture_output=True).returncode != 0:
        return (f"this machine cannot run {arch.debian} programs (apt-get install "
                "qemu-user-static binfmt-support; mount binfmt_misc)")
    if not guest_starts(arch, "tcg"):
        return f"{arch.qemu} cannot start a guest here"
    return None


def guest_starts(arch: Arch, accel: str) -> bool:
    """Whether QEMU keeps a small guest running for 3 s (``/dev/kvm`` may open and KVM still
    die at once, as it does here on an MSR assertion)."""
    probe = subprocess.Popen([arch.qemu, *arch.qemu_board(accel), "-accel", accel, "-m", "64",
                              "-display", "none", "-nodefaults", "-no-reboot"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        probe.wait(3)
        return False
    except subprocess.TimeoutExpired:
        probe.kill()
        probe.wait()
        return True


def stage(share: Path, arch: Arch) -> None:
    """What the guest sees under /mnt/companion: the project as a maker's clone has it (the
    files git tracks or would track), the wheelhouse, and the table's config file."""
    shutil.rmtree(share, ignore_errors=True)
    tree = share / "companion"
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                           check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tree / name)
    shutil.copytree(wheelhouse(arch, log), share / "wheels")
    # The Pi's example config, with the VM's USB serial adapter as the hub's USB id.
    example = (ROOT / "systemd" / "config.example.toml").read_text()
    config = example.replace('hub = "auto"', f'hub = "auto"\nhub_usb_id = "{HUB_USB_ID}"', 1)
    if config == example:
        raise RuntimeError('config.example.toml no longer says hub = "auto"')
    (share / "config.toml").write_text(config)


def run(out: Path, language: str, report: Report, arch: Arch) -> None:
    from guest import Guest
    from machine import Machine, VMError

    out.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    report.facts["arch"] = arch.debian
    image, built = ensure_image(arch, log)
    report.facts["image"] = "built" if built else "cached"
    if built:
        report.time("image_build", time.monotonic() - started)
    report.facts["accel"] = accel = "kvm" if kvm_works(arch) else "tcg"
    log(f"vm: accelerator {accel}")
    work = Path(tempfile.mkdtemp(prefix="companion-vm-"))
    guest = None
    try:
        stage(work / "share", arch)

        def guest_on(accel: str) -> Guest:  # on a fresh disk, not yet booted
            disk = fresh_disk(image, work)
            return Guest(Machine(arch, image, disk, work / "share", work, accel), out)

        guest = guest_on(accel)
        try:
            report.time("boot_to_agent", guest.boot())
        except VMError:
            if accel != "kvm":
                raise
            # /dev/kvm opened and the probe's small guest ran, yet this guest never answered
            # (an MSR assertion in KVM, or a kernel that never starts): boot it under TCG.
            log("vm: the guest never answered under KVM: booting it again under TCG")
            guest.machine.stop()
            report.facts["accel"] = "tcg"
            guest = guest_on("tcg")
            report.time("boot_to_agent", guest.boot())
        play(guest, report, work, language)
    finally:
        if guest is not None:
            save_journal(guest, out)
            guest.machine.stop()
            report.facts["screenshots"] = {"dir": str(out), "files": guest.shots}
        for console in sorted(work.glob("console-*.log")):
            shutil.copy(console, out / console.name)
        shutil.rmtree(work, ignore_errors=True)
        report.time("total", time.monotonic() - started)


def fresh_disk(image, work: Path) -> Path:
    """A new copy-on-write disk over the image (what one boot of the guest writes)."""
    disk = work / "disk.qcow2"
    disk.unlink(missing_ok=True)
    subprocess.run(["qemu-img", "create", "-q", "-f", "qcow2", "-b", str(image.disk), "-F",
                    "qcow2", str(disk)], check=True)
    return disk


def save_journal(guest, out: Path) -> None:
    """The app's journal of the last boot, next to the screenshots (what to read when a step
    failed); nothing if the guest no longer answers."""
    try:
        (out / "companion-journal.log").write_text(guest.journal("-b -u companion -o short"))
        (out / "kernel.log").write_text(guest.journal("-b -k -o short"))  # segfaults: where
    except Exception as exc:  # a dead guest: the summary says what failed already
        log(f"vm: no journal ({type(exc).__name__})")


def kvm_works(arch: Arch) -> bool:
    return arch.may_kvm(platform.machine()) and os.access("/dev/kvm", os.R_OK | os.W_OK) \
        and guest_starts(arch, "kvm")


def play(guest, report: Report, work: Path, language: str) -> None:
    import scenario

    if not scenario.install(guest, report):
        return
    table = scenario.Table(guest, report, work / "share" / "config.toml", work / "twin")
    try:
        scenario.first_frame(table)
        scenario.touch_and_keys(table, language)
        scenario.touchscreen(table)
        picks = scenario.draft(table)
        scenario.power_cut(table, picks)
        scenario.watchdog(table)
        scenario.journal_clean(table, "at_the_end")
    finally:
        table.twin.close()
    report.check("scenario_ran_to_the_end", True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arch", default="x86", choices=sorted(ALIASES),
                        help="the guest's architecture (arm64: the Pi's own, under TCG)")
    parser.add_argument("--out", type=Path,
                        help="where screenshots, the install log and the summary go "
                             "(default: build/vm-test/ARCH)")
    parser.add_argument("--lang", choices=("en", "ko"), default="en",
                        help="the language the player picks on the first screen")
    args = parser.parse_args(argv)
    arch = arch_named(args.arch)
    out = args.out or ROOT / "build" / "vm-test" / arch.debian
    reason = why_no_guest(arch)
    if reason:
        print(json.dumps({"passed": False, "arch": arch.debian, "skipped": reason}))
        return 2
    report = Report()
    try:
        run(out, args.lang, report, arch)
    except Exception as exc:  # a step that could not go on: a failed check, with where
        report.check("scenario_ran_to_the_end", False, error=f"{type(exc).__name__}: {exc}",
                     where=traceback.format_exc().splitlines()[-6:])
    summary = report.json()
    (out / "summary.json").write_text(summary)
    print(summary)
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())
