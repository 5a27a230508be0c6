"""The virtual machine's disk: Debian bookworm as a maker's fresh console image, built once with
mmdebstrap and kept in a cache until its recipe changes.

The image has what a fresh Raspberry Pi OS Lite has that matters here (systemd, udev, Python 3,
make) plus the QEMU guest agent the test talks through, but **not** the kiosk's own packages:
those sit in an offline apt repository inside the image (``/var/local/companion-debs``, the
packages of ``systemd/debian-packages.txt`` with their dependencies), so that ``install-pi.sh``
installs them itself with ``apt-get``, as on a Pi, without a network. Python wheels come the
same way, from a wheelhouse shared with the guest at run time (``wheelhouse``).
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES_FILE = ROOT / "systemd" / "debian-packages.txt"
CONSTRAINTS = ROOT / "systemd" / "constraints.txt"
SUITE = "bookworm"
REPO_IN_GUEST = "/var/local/companion-debs"
DISK_SIZE = "4G"
# What a fresh console image has before the installer runs (Pi OS Lite ships these too), plus
# the guest agent (the test's way in: no network, no login).
BASE_PACKAGES = ("systemd-sysv", "udev", "kmod", "linux-image-amd64", "initramfs-tools",
                 "python3", "make", "procps", "qemu-guest-agent", "ca-certificates")
RECIPE_VERSION = 5
# The guest's Python (bookworm's 3.11 on x86_64), as pip download's target.
GUEST_WHEEL_TAGS = ("--python-version", "3.11", "--implementation", "cp", "--abi", "cp311",
                    "--platform", "manylinux_2_17_x86_64", "--platform", "manylinux2014_x86_64")  # raise when the build below changes in a way the inputs do not show


@dataclass(frozen=True)
class Image:
    """A built image: the disk and the kernel and initramfs to boot it with."""

    disk: Path
    kernel: Path
    initrd: Path


def cache_dir() -> Path:
    base = os.environ.get("COMPANION_VM_CACHE") or \
        Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "companion-vm"
    return Path(base)


def kiosk_packages(text: str | None = None) -> list[tuple[str, bool]]:
    """(package, optional) for every line of debian-packages.txt.

    >>> kiosk_packages("# fonts\\nfonts-nanum\\npython3-lgpio optional\\n")
    [('fonts-nanum', False), ('python3-lgpio', True)]
    """
    text = PACKAGES_FILE.read_text() if text is None else text
    packages = []
    for line in text.splitlines():
        words = line.split("#", 1)[0].split()
        if words:
            packages.append((words[0], words[1:] == ["optional"]))
    return packages


def recipe_key() -> str:
    """Changes whenever what goes into the image changes."""
    recipe = json.dumps([RECIPE_VERSION, SUITE, DISK_SIZE, BASE_PACKAGES, kiosk_packages(),
                         os.environ.get("COMPANION_VM_MIRROR", "")])
    return hashlib.sha256(recipe.encode()).hexdigest()[:16]


def ensure_image(log=print) -> tuple[Image, bool]:
    """The cached image for the current recipe, built first if there is none (True if built)."""
    target = cache_dir() / f"image-{recipe_key()}"
    image = Image(target / "disk.qcow2", target / "vmlinuz", target / "initrd.img")
    return image, cached(target, lambda work: _build(work, log))


def cached(target: Path, make) -> bool:
    """Make ``target`` (a folder) with ``make(folder)`` unless it exists; a half-made one never
    takes its place. True if it was made now."""
    if target.exists():
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f"{target.name}-", dir=target.parent))
    try:
        make(work)
        work.rename(target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return True


def _build(work: Path, log) -> None:
    rootfs = work / "rootfs"
    log(f"vm: building the {SUITE} image with mmdebstrap (cached in {work.parent})")
    hook = f"python3 {Path(__file__).resolve()} customize \"$1\""
    command = ["mmdebstrap", "--mode=root", "--variant=minbase", "--format=directory",
               "--include=" + ",".join(BASE_PACKAGES), f"--customize-hook={hook}", SUITE,
               str(rootfs)]
    mirror = os.environ.get("COMPANION_VM_MIRROR")
    if mirror:
        command.append(mirror)
    subprocess.run(command, check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    boot = rootfs / "boot"
    shutil.copy(next(boot.glob("vmlinuz-*")), work / "vmlinuz")
    shutil.copy(next(boot.glob("initrd.img-*")), work / "initrd.img")
    raw = work / "disk.raw"
    subprocess.run(["mkfs.ext4", "-q", "-F", "-L", "root", "-d", str(rootfs), str(raw),
                    DISK_SIZE], check=True)
    shutil.rmtree(rootfs)
    subprocess.run(["qemu-img", "convert", "-O", "qcow2", str(raw), str(work / "disk.qcow2")],
                   check=True)
    raw.unlink()


def customize(rootfs: Path) -> None:
    """mmdebstrap's customize hook: the console image's settings and the offline repository."""
    (rootfs / "etc/fstab").write_text("/dev/vda / ext4 rw,errors=remount-ro 0 1\n")
    (rootfs / "etc/hostname").write_text("companion-vm\n")
    (rootfs / "var/log/journal").mkdir(parents=True, exist_ok=True)  # journals of past boots
    # QEMU's "max" CPU advertises AMD PowerNow!, which the VM cannot do: udev's attempt to load
    # powernow_k8 for it sometimes logs an error at boot ("could not read … initstate").
    (rootfs / "etc/modprobe.d/companion-vm.conf").write_text("blacklist powernow_k8\n")
    # No network in the guest: the apt timers would only fail.
    for timer in ("apt-daily.timer", "apt-daily-upgrade.timer"):
        (rootfs / "etc/systemd/system" / timer).unlink(missing_ok=True)
        (rootfs / "etc/systemd/system" / timer).symlink_to("/dev/null")
    _offline_repository(rootfs)


def _offline_repository(rootfs: Path) -> None:
    """Download the kiosk packages (and what they need that the image lacks) into an apt
    repository in the image, and make it the image's only package source."""
    def chroot(*args, check=False, **kwargs):
        return subprocess.run(["chroot", str(rootfs), *args], check=check, **kwargs)

    wanted = [name for name, optional in kiosk_packages()
              if not optional or chroot("apt-cache", "show", name, capture_output=True)
              .returncode == 0]
    archives = rootfs / "var/cache/apt/archives"
    for old in archives.glob("*.deb"):
        old.unlink()
    chroot("apt-get", "install", "--download-only", "-y", "-q", "--no-install-recommends",
           *wanted, check=True, stdout=subprocess.DEVNULL)
    repo = rootfs / REPO_IN_GUEST.lstrip("/")
    repo.mkdir(parents=True, exist_ok=True)
    for deb in archives.glob("*.deb"):
        shutil.move(deb, repo / deb.name)
    packages = subprocess.run(["dpkg-scanpackages", "--multiversion", "."], cwd=repo,
                              check=True, capture_output=True).stdout
    (repo / "Packages").write_bytes(packages)
    digest = hashlib.sha256(packages).hexdigest()
    (repo / "Release").write_text(
        "Origin: companion-vm\nLabel: companion-vm\nSuite: companion-vm\n"
        f"Date: {email.utils.formatdate(usegmt=True)}\n"
        f"SHA256:\n {digest} {len(packages)} Packages\n")
    (rootfs / "etc/apt/sources.list").write_text(f"deb [trusted=yes] file:{REPO_IN_GUEST} ./\n")
    for extra in (rootfs / "etc/apt/sources.list.d").glob("*"):
        extra.unlink()


def wheelhouse(log=print) -> Path:
    """Wheels for everything pip installs on the guest (the pinned stack and the build
    backend), for the guest's Python whatever the host's, downloaded once per constraints
    file."""
    key = hashlib.sha256(CONSTRAINTS.read_bytes() + (ROOT / "pyproject.toml").read_bytes()
                         + " ".join(GUEST_WHEEL_TAGS).encode())
    target = cache_dir() / f"wheels-{key.hexdigest()[:16]}"

    def download(work: Path) -> None:
        log("vm: downloading the wheelhouse")
        project = tomllib.loads((ROOT / "pyproject.toml").read_text())
        needs = [*project["project"]["dependencies"], *project["build-system"]["requires"]]
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "-d", str(work),
                        "-c", str(CONSTRAINTS), "--only-binary=:all:", *GUEST_WHEEL_TAGS,
                        *needs], check=True)

    cached(target, download)
    return target


if __name__ == "__main__":
    if sys.argv[1:2] == ["customize"]:
        customize(Path(sys.argv[2]))
    elif sys.argv[1:2] == ["build"]:
        print(ensure_image())
    else:
        sys.exit("usage: image.py build | customize ROOTFS")
