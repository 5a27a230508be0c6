"""The kiosk unit, the Pi installer and the example config."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib

import pytest

from conftest import ROOT
from hw.pins import PIN_KEYS
from ui.config import load_config

UNIT = ROOT / "systemd" / "companion.service"
INSTALLER = ROOT / "systemd" / "install-pi.sh"
EXAMPLE = ROOT / "systemd" / "config.example.toml"
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed")


def unit_values() -> dict[str, list[str]]:
    """Every key of the unit with all its values (keys may repeat)."""
    values: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.lstrip().startswith(("#", "[")):
            key, value = line.split("=", 1)
            values.setdefault(key.strip(), []).append(value.strip())
    return values


@needs_analyze
def test_unit_passes_systemd_analyze_verify(tmp_path):
    """verify also checks that ExecStart exists, which it only does once installed on a Pi;
    so the copy verified here runs this Python instead, everything else unchanged."""
    text = re.sub(r"^ExecStart=.*$", f"ExecStart={sys.executable} -c pass", UNIT.read_text(),
                  flags=re.M)
    copy = tmp_path / "companion.service"
    copy.write_text(text)
    result = subprocess.run([ANALYZE, "verify", str(copy)], capture_output=True, text=True,
                            cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "companion.service" not in result.stderr  # no warning about our unit


@needs_analyze
def test_unit_exposure_is_at_most_3_5():
    result = subprocess.run([ANALYZE, "security", "--offline=yes", str(UNIT)],
                            capture_output=True, text=True, cwd=UNIT.parent)
    match = re.search(r"Overall exposure level for companion\.service: (\d+\.\d+)", result.stdout)
    assert match, result.stdout[-500:] + result.stderr
    assert float(match.group(1)) <= 3.5


def test_unit_is_a_watched_notify_service_run_by_an_unprivileged_user():
    values = unit_values()
    assert values["Type"] == ["notify"]
    assert values["NotifyAccess"] == ["main"]
    assert int(values["WatchdogSec"][0]) >= 10
    assert values["Restart"] == ["on-failure"]
    assert values["User"] == ["companion"]
    groups = values["SupplementaryGroups"][0].split()
    assert {"video", "render", "input", "gpio", "dialout"} <= set(groups)
    assert "SDL_VIDEODRIVER=kmsdrm" in values["Environment"]
    assert values["ExecStart"][0].split()[:3] == [
        "/opt/companion/venv/bin/companion", "--config", "/etc/companion/config.toml"]


def test_unit_lets_the_app_reach_the_display_touch_and_gpio_devices():
    values = unit_values()
    assert values.get("PrivateDevices", ["no"]) == ["no"]  # it would hide /dev/dri
    allowed = " ".join(values["DeviceAllow"])
    for device in ("char-drm", "char-input", "char-gpiochip"):
        assert device in allowed


def test_installer_dry_run_shows_every_step():
    env = {**os.environ, "DRY_RUN": "1"}
    result = subprocess.run(["bash", str(INSTALLER)], capture_output=True, text=True, env=env,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for step in ("apt-get install", "fonts-nanum", "useradd", "python3 -m venv",
                 f"{ROOT}[pi]", "/etc/companion/config.toml", "/etc/systemd/system/companion.service",
                 "systemctl enable companion.service", "/etc/udev/rules.d/99-companion-hub.rules",
                 "/etc/udev/rules.d/99-companion-usb.rules", "udevadm control --reload-rules"):
        assert step in out, step


def test_udev_rule_names_the_hub_gives_it_to_dialout_and_keeps_modemmanager_away():
    from ui.config import Config

    rules = [line for line in (ROOT / "systemd" / "99-companion-hub.rules").read_text()
             .splitlines() if line and not line.startswith("#")]
    assert len(rules) == 1
    fields = dict(re.findall(r'([A-Za-z_{}]+)[=!+]=?"([^"]*)"', rules[0]))
    vendor, product = Config().hub_usb_id.split(":")
    assert fields["SUBSYSTEM"] == "tty"
    assert (fields["ATTRS{idVendor}"], fields["ATTRS{idProduct}"]) == (vendor, product)
    assert fields["SYMLINK"] == "companion-hub" and fields["GROUP"] == "dialout"
    assert fields["ENV{ID_MM_DEVICE_IGNORE}"] == "1"
    assert "dialout" in unit_values()["SupplementaryGroups"][0].split()
    assert "char-ttyACM" in " ".join(unit_values()["DeviceAllow"])  # the Pico's CDC ACM port


def test_usb_sticks_are_mounted_under_media_for_the_app_to_write():
    """The rule mounts FAT/exFAT USB partitions where hw/usb_stick.py looks (MOUNT_ROOTS),
    owned by the app's user; the unit may write there despite ProtectSystem=strict."""
    from hw.usb_stick import MOUNT_ROOTS, mounted_sticks

    (rule,) = [line for line in (ROOT / "systemd" / "99-companion-usb.rules").read_text()
               .splitlines() if line and not line.startswith("#")]
    fields = dict(re.findall(r'([A-Za-z_{}]+)[=!+]=?"([^"]*)"', rule))
    assert fields["SUBSYSTEMS"] == "usb" and fields["SUBSYSTEM"] == "block"
    command = fields["RUN{program}"].split()
    assert command[0] == "/usr/bin/systemd-mount" and "--no-block" in command
    assert "uid=companion" in " ".join(command) and unit_values()["User"] == ["companion"]
    mount_point = command[-1].replace("%k", "sda1")
    assert mount_point.startswith(MOUNT_ROOTS)
    assert "-/media" in unit_values()["ReadWritePaths"]
    mounts = f"/dev/sda1 {mount_point} vfat rw,nosuid 0 0\n"
    assert [str(s.path) for s in mounted_sticks(mounts, writable=lambda p: True)] == [mount_point]


def test_installer_refuses_to_run_without_root():
    if os.geteuid() == 0 and not shutil.which("setpriv"):
        pytest.skip("cannot drop root here")
    command = ["bash", str(INSTALLER)]
    if os.geteuid() == 0:
        command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60,
                            env={**os.environ, "DRY_RUN": "0"})
    assert result.returncode == 1
    assert "sudo make install-pi" in result.stderr


def test_example_config_is_valid_and_uses_only_known_keys(tmp_path):
    data = tomllib.loads(EXAMPLE.read_text())
    assert set(data["pins"]) <= PIN_KEYS
    config = load_config(EXAMPLE, env={})
    assert config.errors == ()
    assert str(config.data_dir) == "/var/lib/companion"


def test_makefile_install_pi_runs_the_installer():
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("install-pi:", 1)[1].splitlines()[1]
    assert "systemd/install-pi.sh" in recipe


MAKE = shutil.which("make")


@pytest.mark.skipif(MAKE is None, reason="make is not installed")
@pytest.mark.parametrize("espeak", [False, True])
def test_make_run_says_how_to_hear_the_calls(tmp_path, espeak):
    """A fresh laptop has no espeak-ng: `make run` says in one line how to turn the spoken
    calls on, then starts the app (here a stand-in in a ready venv); with it, nothing more."""
    venv, path = tmp_path / "venv", tmp_path / "path"
    (venv / "bin").mkdir(parents=True)
    path.mkdir()
    programs = {venv / "bin" / "python": "", venv / "bin" / "companion": "echo the app runs"}
    if espeak:
        programs[path / "espeak-ng"] = ""
    for program, body in programs.items():
        program.write_text(f"#!/bin/sh\n{body}\n")
        program.chmod(0o755)
    (venv / ".installed").touch()
    later = (ROOT / "pyproject.toml").stat().st_mtime + 60
    os.utime(venv / ".installed", (later, later))
    env = {"PATH": str(path), "HOME": str(tmp_path)}
    result = subprocess.run([MAKE, "-s", "-C", str(ROOT), "run", f"VENV={venv}"],
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    hint = "Spoken calls are off: sudo apt-get install espeak-ng turns them on.\n"
    assert result.stdout == ("" if espeak else hint) + "the app runs\n"
