"""The offline wheel set for a Pi without network (systemd/wheels.py, `make wheels`): issue 34
found the docs' `pip download` line naming neither lgpio nor the Pi's platform, and the [pi]
extra needing RPi.GPIO, which has no aarch64 wheel, so an offline install failed. The set is
downloaded for real and installed from by `make vm-test ARCH=arm64`; here, what it asks for."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "systemd"))
import wheels  # noqa: E402


def test_the_pi_set_has_the_gpio_library_and_nothing_without_an_aarch64_wheel():
    names = [need.split(">")[0].split("=")[0].split("<")[0] for need in
             wheels.requirements("aarch64")]
    assert "lgpio" in names and "RPi.GPIO" not in names
    assert {"pygame-ce", "gpiozero", "pyserial", "setuptools", "wheel"} <= set(names)
    assert "lgpio" not in [n.split(">")[0] for n in wheels.requirements("x86_64")]


def test_every_manylinux_level_bookworm_accepts_is_asked_for():
    """pip download takes --platform literally: lgpio's aarch64 wheel is manylinux_2_34, which
    a list of manylinux_2_17 alone never finds (it then took the placeholder lgpio 0.0.0.2)."""
    platforms = wheels.platforms("aarch64")
    assert "manylinux_2_34_aarch64" in platforms and "manylinux2014_aarch64" in platforms
    assert "manylinux_2_37_aarch64" not in platforms  # newer than Bookworm's glibc
    assert all(p.endswith("_aarch64") for p in platforms)


def test_a_wrong_machine_is_one_line_and_exit_2(tmp_path):
    result = subprocess.run([sys.executable, str(ROOT / "systemd" / "wheels.py"),
                             str(tmp_path), "armv7l"], capture_output=True, text=True)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "usage" in result.stderr
