"""The two machines `make vm-test` can stand up: x86-64 (quick, the same Debian) and arm64 (the
Pi's own architecture: Pi 3, 4, 5 and Zero 2 W run 64-bit Raspberry Pi OS). Everything that
differs between them is here; the image, the machine and the scenarios take an ``Arch``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Arch:
    debian: str  # Debian's name: mmdebstrap --arch, the image's cache name
    machine: str  # platform.machine() in the guest (pip's markers)
    kernel_package: str
    qemu: str
    qemu_package: str  # Debian's, where ``qemu`` comes from
    board: tuple[str, ...]  # -machine, -cpu under TCG, and the board's own options
    console: str
    memory_mb: int
    # A guest without KVM runs this many times slower than the x86 guest under TCG: the
    # scenario's waits for the guest are multiplied by it (never its waits for the twin).
    slowness: float
    # The x86 guest's llvmpipe crashes in its AVX2 shaders under TCG (docs/hardware.md, "A
    # crash inside the VM"); arm64's llvmpipe has no such path.
    llvmpipe_caps: str | None

    def may_kvm(self, host_machine: str) -> bool:
        return host_machine == self.machine

    def qemu_board(self, accel: str) -> list[str]:
        """The board's QEMU options under ``accel`` (KVM runs the host's own CPU)."""
        board = list(self.board)
        if accel == "kvm":
            board[board.index("-cpu") + 1] = "host"
        return board


ARCHES = {
    "amd64": Arch(debian="amd64", machine="x86_64", kernel_package="linux-image-amd64",
                  qemu="qemu-system-x86_64", qemu_package="qemu-system-x86",
                  board=("-machine", "q35", "-cpu", "max", "-vga", "none"), console="ttyS0",
                  memory_mb=2048, slowness=1.0, llvmpipe_caps="sse4.1"),
    # 1 GB as on a Pi 3; cortex-a72 is a Pi 4's core (and, unlike "max", no pointer
    # authentication to emulate, which TCG does slowly).
    "arm64": Arch(debian="arm64", machine="aarch64", kernel_package="linux-image-arm64",
                  qemu="qemu-system-aarch64", qemu_package="qemu-system-arm",
                  board=("-machine", "virt", "-cpu", "cortex-a72"), console="ttyAMA0",
                  memory_mb=1024, slowness=2.5, llvmpipe_caps=None),
}
ALIASES = {"x86": "amd64", "x86_64": "amd64", "amd64": "amd64", "arm64": "arm64",
           "aarch64": "arm64"}


def arch_named(name: str) -> Arch:
    """The Arch for ``name`` (x86, x86_64, amd64, arm64, aarch64)."""
    try:
        return ARCHES[ALIASES[name.lower()]]
    except KeyError:
        raise ValueError(f"unknown architecture {name!r}: one of {', '.join(ALIASES)}") \
            from None
