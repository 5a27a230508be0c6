"""The virtual machine's disk: Debian bookworm as a maker's fresh console image, for x86-64 or
for the Pi's own arm64, built once with mmdebstrap and kept in a cache until its recipe changes.

The image has what a fresh Raspberry Pi OS Lite has that matters here (systemd, udev, Python 3,
make) plus the QEMU guest agent the test talks through, but **not** the kiosk's own packages:
those sit in an offline apt repository inside the image (``/var/local/companion-debs``, the
packages of ``systemd/debian-packages.txt`` with their dependencies), so that ``install-pi.sh``
installs them itself with ``apt-get``, as on a Pi, without a network. Python wheels come the
same way, from a wheelhouse shared with the guest at run time (``wheelhouse``).

An arm64 image is built on an x86 host through qemu-user (binfmt): every program of the build
runs emulated, so the initramfs holds only the modules the guest boots with (``MODULES=list``,
``INITRAMFS_MODULES``) rather than most of the kernel's, which took most of an hour.
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
from dataclasses import dataclass
from pathlib import Path

from arch import Arch

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "systemd"))
import wheels  # noqa: E402  (the maker's offline wheel set: the guest installs from it)

ROOT = Path(__file__).resolve().parents[2]
PACKAGES_FILE = ROOT / "systemd" / "debian-packages.txt"
CONSTRAINTS = ROOT / "systemd" / "constraints.txt"
SUITE = "bookworm"
REPO_IN_GUEST = "/var/local/companion-debs"
DISK_SIZE = "4G"
# What a fresh console image has before the installer runs (Pi OS Lite ships these too), plus
# the guest agent (the test's way in: no network, no login). The kernel is the architecture's.
BASE_PACKAGES = ("systemd-sysv", "udev", "kmod", "initramfs-tools", "python3", "make", "procps",
                 "qemu-guest-agent", "ca-certificates")
# What the guest needs before its root file system is mounted: the virtio disk and ext4.
INITRAMFS_MODULES = ("virtio_pci", "virtio_mmio", "virtio_blk", "crc32c_generic", "ext4")
# Packages Raspberry Pi OS's archive has that the kiosk does not ask for, offered in the offline
# repository so that the installer test sees what a Pi sees: python3-rpi.gpio (where Debian has
# it) next to PI_OS_STAND_IN, which replaces it as Pi OS's own python3-rpi-lgpio does.
PI_OS_ARCHIVE_EXTRAS = ("python3-rpi.gpio",)
PI_OS_STAND_IN = {
    "Package": "python3-rpi-lgpio",
    "Version": "0.6-0~companion1",
    "Architecture": "all",
    "Maintainer": "companion vm-test <root@companion-vm>",
    # As pi-gen's images carry it since 2024-10 (reported: Provides and Conflicts).
    "Provides": "python3-rpi.gpio",
    "Conflicts": "python3-rpi.gpio",
    "Replaces": "python3-rpi.gpio",
    "Description": "stand-in for Raspberry Pi OS's python3-rpi-lgpio (vm-test)\n"
                   " Declares the same relations to python3-rpi.gpio; ships no module.",
}
RECIPE_VERSION = 6  # raise when the build below changes in a way the inputs do not show


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


def recipe_key(arch: Arch) -> str:
    """Changes whenever what goes into the image changes."""
    recipe = json.dumps([RECIPE_VERSION, SUITE, arch.debian, DISK_SIZE, BASE_PACKAGES,
                         INITRAMFS_MODULES, PI_OS_ARCHIVE_EXTRAS, PI_OS_STAND_IN,
                         kiosk_packages(), os.environ.get("COMPANION_VM_MIRROR", "")])
    return hashlib.sha256(recipe.encode()).hexdigest()[:16]


def ensure_image(arch: Arch, log=print) -> tuple[Image, bool]:
    """The cached image for the current recipe, built first if there is none (True if built)."""
    target = cache_dir() / f"image-{arch.debian}-{recipe_key(arch)}"
    image = Image(target / "disk.qcow2", target / "vmlinuz", target / "initrd.img")
    return image, cached(target, lambda work: _build(work, arch, log))


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


def _build(work: Path, arch: Arch, log) -> None:
    rootfs = work / "rootfs"
    log(f"vm: building the {SUITE} {arch.debian} image with mmdebstrap (cached in {work.parent})")
    script = f"python3 {Path(__file__).resolve()}"
    command = ["mmdebstrap", "--mode=root", "--variant=minbase", "--format=directory",
               f"--arch={arch.debian}",
               "--include=" + ",".join((*BASE_PACKAGES, arch.kernel_package)),
               f"--essential-hook={script} initramfs \"$1\"",
               f"--customize-hook={script} customize \"$1\"", SUITE, str(rootfs)]
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


def small_initramfs(rootfs: Path) -> None:
    """mmdebstrap's essential hook (before the kernel is installed): the initramfs holds the
    listed modules only."""
    conf = rootfs / "etc/initramfs-tools/conf.d"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "companion-vm").write_text("MODULES=list\n")
    modules = rootfs / "usr/share/initramfs-tools/modules.d"
    modules.mkdir(parents=True, exist_ok=True)
    (modules / "companion-vm").write_text("\n".join(INITRAMFS_MODULES) + "\n")


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

    available = lambda name: chroot("apt-cache", "show", name, capture_output=True).returncode == 0
    wanted = [name for name, optional in kiosk_packages() if not optional or available(name)]
    wanted += [name for name in PI_OS_ARCHIVE_EXTRAS if available(name)]
    archives = rootfs / "var/cache/apt/archives"
    for old in archives.glob("*.deb"):
        old.unlink()
    chroot("apt-get", "install", "--download-only", "-y", "-q", "--no-install-recommends",
           *wanted, check=True, stdout=subprocess.DEVNULL)
    repo = rootfs / REPO_IN_GUEST.lstrip("/")
    repo.mkdir(parents=True, exist_ok=True)
    for deb in archives.glob("*.deb"):
        shutil.move(deb, repo / deb.name)
    stand_in(repo)
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


def stand_in(repo: Path) -> None:
    """PI_OS_STAND_IN as a .deb in the repository (built here: it has no files to compile)."""
    name = PI_OS_STAND_IN["Package"]
    with tempfile.TemporaryDirectory() as tree:
        doc = Path(tree, "usr/share/doc", name)
        doc.mkdir(parents=True)
        (doc / "README").write_text(PI_OS_STAND_IN["Description"].replace("\n ", "\n") + "\n")
        (Path(tree) / "DEBIAN").mkdir()
        (Path(tree) / "DEBIAN/control").write_text(
            "".join(f"{key}: {value}\n" for key, value in PI_OS_STAND_IN.items()))
        subprocess.run(["dpkg-deb", "--root-owner-group", "-Zgzip", "--build", tree,
                        str(repo / f"{name}_all.deb")], check=True, stdout=subprocess.DEVNULL)


def wheelhouse(arch: Arch, log=print) -> Path:
    """The maker's offline wheel set (systemd/wheels.py) for the guest's architecture, whatever
    the host's, downloaded once per constraints file and project."""
    key = hashlib.sha256(CONSTRAINTS.read_bytes() + (ROOT / "pyproject.toml").read_bytes()
                         + (ROOT / "systemd" / "wheels.py").read_bytes() + arch.machine.encode())
    target = cache_dir() / f"wheels-{arch.debian}-{key.hexdigest()[:16]}"

    def download(work: Path) -> None:
        log(f"vm: downloading the {arch.debian} wheelhouse (systemd/wheels.py)")
        wheels.download(work, arch.machine)

    cached(target, download)
    return target


if __name__ == "__main__":
    from arch import ARCHES
    if sys.argv[1:2] == ["customize"]:
        customize(Path(sys.argv[2]))
    elif sys.argv[1:2] == ["initramfs"]:
        small_initramfs(Path(sys.argv[2]))
    elif sys.argv[1:2] == ["build"] and len(sys.argv) == 3 and sys.argv[2] in ARCHES:
        print(ensure_image(ARCHES[sys.argv[2]]))
    else:
        sys.exit(f"usage: image.py build {{{','.join(ARCHES)}}} | customize ROOTFS | initramfs ROOTFS")
