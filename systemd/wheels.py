"""Every wheel `install-pi.sh` needs, for a box without network: `make wheels` downloads them
for 64-bit Raspberry Pi OS (aarch64: a Pi 3, 4, 5 or Zero 2 W) on any machine with PyPI in
reach; on the box, `sudo WHEELS=/path/to/wheels make install-pi`. `make vm-test` installs from
the same set. 32-bit Pi OS (armv7l) is not supported: pygame-ce publishes no wheel for it.

    python3 systemd/wheels.py DIR [aarch64|x86_64]
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONSTRAINTS = ROOT / "systemd" / "constraints.txt"
PYTHON = "3.11"  # Bookworm's, which the box's venv is made from
GLIBC_MINOR = 36  # Bookworm's glibc 2.36: the newest manylinux level its pip accepts
MACHINES = ("aarch64", "x86_64")


def platforms(machine: str) -> list[str]:
    """The wheel platforms the box's pip accepts, newest first (pip download takes them
    literally, so every manylinux level is named; lgpio's aarch64 wheel is 2_34)."""
    return [f"manylinux_2_{minor}_{machine}" for minor in range(GLIBC_MINOR, 16, -1)] + \
        [f"manylinux2014_{machine}"]


def requirements(machine: str) -> list[str]:
    """What pip installs on the box: the app's dependencies, its build backend, and the
    ``[pi]`` extra where its marker names this machine."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    extra = [need.split(";")[0].strip() for need in project["project"]
             ["optional-dependencies"]["pi"] if f"'{machine}'" in need]
    return [*project["project"]["dependencies"], *project["build-system"]["requires"], *extra]


def target_options(machine: str) -> list[str]:
    return ["--python-version", PYTHON, "--implementation", "cp", "--abi",
            "cp" + PYTHON.replace(".", ""),
            *(word for platform in platforms(machine) for word in ("--platform", platform))]


def download(dest: Path, machine: str) -> None:
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "-d", str(dest),
                    "-c", str(CONSTRAINTS), "--only-binary=:all:", *target_options(machine),
                    *requirements(machine)], check=True)


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2) or (argv[1:] and argv[1] not in MACHINES):
        print(f"usage: wheels.py DIR [{'|'.join(MACHINES)}]", file=sys.stderr)
        return 2
    try:
        download(Path(argv[0]), argv[1] if argv[1:] else "aarch64")
    except subprocess.CalledProcessError as exc:
        print(f"wheels: pip download failed (exit {exc.returncode}); see above", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
