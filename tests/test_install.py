"""What install-pi.sh puts on a Pi, checked without a Pi (its dry run, with stand-in commands):
the packages KMSDRM needs, pinned Python versions, every group the unit names, the modules
whose device classes the unit allows. `make vm-test` checks the same on a booted machine."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from conftest import ROOT
from test_systemd import INSTALLER, unit_values

sys.path.insert(0, str(ROOT / "tests" / "vm"))
from image import kiosk_packages  # noqa: E402  (the VM image reads the same list)

CONSTRAINTS = ROOT / "systemd" / "constraints.txt"
MODULES = ROOT / "systemd" / "modules-load.conf"


def dry_run(tmp_path: Path, known_packages: str | None = None, groups: str = "",
            removing: str = "") -> str:
    """The installer's dry run, with stand-ins for apt-cache (knows ``known_packages``, every
    package if None), apt-get's simulation (installing a package in ``removing`` would remove
    python3-rpi-lgpio) and getent (knows ``groups``)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    apt_cache = ('[ "$1" = show ] && case " ' + (known_packages or "") + ' " in '
                 '*" $2 "*) exit 0;; esac; exit 100') if known_packages is not None else "exit 0"
    apt_get = ('[ "$1" = -s ] && case " ' + removing + ' " in *" $5 "*) '
               'echo "Remv python3-rpi-lgpio [0.6-0~rpt1]";; esac; exit 0')
    stand_ins = {"apt-cache": apt_cache, "apt-get": apt_get,
                 "getent": f'case " {groups} " in *" $2 "*) exit 0;; esac; exit 2'}
    for name, body in stand_ins.items():
        (bin_dir / name).write_text(f"#!/bin/sh\n{body}\n")
        (bin_dir / name).chmod(0o755)
    env = {**os.environ, "DRY_RUN": "1", "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    result = subprocess.run(["bash", str(INSTALLER)], capture_output=True, text=True, env=env,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def apt_install_line(out: str) -> list[str]:
    """The packages of the installer's apt-get install (its options left out)."""
    line = next(l for l in out.splitlines() if l.startswith("+ apt-get install"))
    return [word for word in line.split()[3:] if not word.startswith("-")]


def test_installer_installs_what_sdl_kmsdrm_draws_through(tmp_path):
    """SDL's KMSDRM driver opens GBM, EGL and GLES at run time, and Mesa's DRI driver does the
    drawing: a Lite image without them says "Could not initialize EGL"."""
    installed = apt_install_line(dry_run(tmp_path))
    for package in ("libgbm1", "libegl1", "libegl-mesa0", "libgles2", "libgl1-mesa-dri",
                    "fonts-nanum", "python3-venv", "espeak-ng"):
        assert package in installed
    assert installed == [name for name, _ in kiosk_packages()]


def test_pi_only_packages_are_skipped_with_a_message_where_the_system_lacks_them(tmp_path):
    required = [name for name, optional in kiosk_packages() if not optional]
    optional = [name for name, optional in kiosk_packages() if optional]
    assert optional == ["python3-lgpio"]
    out = dry_run(tmp_path, known_packages=" ".join(required))
    assert apt_install_line(out) == required
    for name in optional:
        assert f"install-pi: no package '{name}' on this system" in out
    # a required package is never skipped, even where apt does not know it
    assert apt_install_line(dry_run(tmp_path, known_packages="")) == required


def test_the_installer_never_removes_what_raspberry_pi_os_ships(tmp_path):
    """Pi OS images since pi-gen 674c30e8 (2024-10-28) carry python3-rpi-lgpio, which
    conflicts with python3-rpi.gpio: an optional package whose installation would remove a
    package the system has is skipped and said, and apt itself is told never to remove one.
    python3-rpi.gpio is not asked for at all (gpiozero drives every Pi through lgpio)."""
    assert "python3-rpi.gpio" not in [name for name, _ in kiosk_packages()]
    out = dry_run(tmp_path, removing="python3-lgpio")
    assert "install-pi: 'python3-lgpio' would remove the system's own python3-rpi-lgpio; " \
           "skipped" in out
    assert "python3-lgpio" not in apt_install_line(out)
    assert "--no-remove" in next(l for l in out.splitlines() if l.startswith("+ apt-get install"))
    assert "python3-lgpio" in apt_install_line(dry_run(tmp_path))


def test_installer_creates_every_group_the_unit_names(tmp_path):
    """systemd refuses to start the unit (status=216/GROUP) if one of its
    SupplementaryGroups does not exist."""
    groups = unit_values()["SupplementaryGroups"][0].split()
    out = dry_run(tmp_path, groups="video tty dialout")
    for group in groups:
        assert f"+ usermod -aG {group} companion" in out
        created = f"+ groupadd --system {group}" in out
        assert created == (group not in ("video", "tty", "dialout")), group


def test_python_stack_is_pinned_and_the_installer_uses_the_pins(tmp_path):
    """Every distribution the app's dependencies pull in is pinned exactly, and each pin
    satisfies pyproject.toml's range: two Pis installed a month apart run the same stack."""
    pins = {}
    for line in CONSTRAINTS.read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            requirement = Requirement(line)
            (spec,) = requirement.specifier
            assert spec.operator == "==", line
            pins[canonicalize_name(requirement.name)] = spec.version
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    todo = [Requirement(r) for r in project["dependencies"]]
    seen = set()
    while todo:
        requirement = todo.pop()
        name = canonicalize_name(requirement.name)
        if name in seen or (requirement.marker and not requirement.marker.evaluate()):
            continue
        seen.add(name)
        assert name in pins, f"{name} is not pinned in {CONSTRAINTS.name}"
        assert requirement.specifier.contains(pins[name], prereleases=True), name
        todo += [Requirement(r) for r in metadata.requires(name) or []
                 if "extra ==" not in r]
    assert {"pygame-ce", "gpiozero", "colorzero", "pyserial"} <= seen
    assert set(pins) == seen, "a pin for something nothing needs"
    out = dry_run(tmp_path)
    assert f"--constraint {CONSTRAINTS}" in out


def test_installer_installs_from_a_wheelhouse_when_asked(tmp_path):
    out = dry_run(tmp_path)
    assert "--no-index" not in out
    env_out = subprocess.run(["bash", str(INSTALLER)], capture_output=True, text=True,
                             env={**os.environ, "DRY_RUN": "1", "WHEELS": "/media/wheels"},
                             timeout=60).stdout
    assert "--no-index --find-links /media/wheels" in env_out


def test_modules_owning_the_units_device_classes_load_at_boot(tmp_path):
    """DeviceAllow=char-CLASS is looked up in /proc/devices when the service starts; a class
    whose module loads later (a hub plugged in mid-evening) would stay forbidden. Every class
    the unit allows is either built into Pi OS's kernel or loaded at boot."""
    module_of_class = {"drm": "drm", "alsa": "snd", "ttyACM": "cdc_acm", "ttyUSB": "usbserial"}
    built_in = {"input", "tty", "gpiochip"}
    classes = {m.group(1) for value in unit_values()["DeviceAllow"]
               if (m := re.match(r"char-(\S+)", value))}
    assert classes == set(module_of_class) | built_in
    # A node named by path must exist on every board: a Pi 5 has no /dev/gpiomem, and systemd
    # logs "Couldn't stat device" for a path that is missing.
    paths = [value.split()[0] for value in unit_values()["DeviceAllow"]
             if value.startswith("/")]
    assert paths == ["/dev/tty1"]
    loaded = {line.strip() for line in MODULES.read_text().splitlines()
              if line.strip() and not line.startswith("#")}
    assert loaded == set(module_of_class.values())
    out = dry_run(tmp_path)
    assert f"+ install -m 0644 {MODULES} /etc/modules-load.d/companion.conf" in out
    assert out.index("systemctl restart systemd-modules-load") < out.index(
        "systemctl restart companion.service")
