"""The checks `make vm-test` makes on screenshots can fail, and the harness says when a
machine cannot run it (the VM test itself runs in `make vm-test`, not here)."""

from __future__ import annotations

import json
import subprocess
import sys

import pygame
import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tests" / "vm"))
from scenario import letterboxed  # noqa: E402
from twin import likeness  # noqa: E402

TARGET = (0, 77, 1024, 614)  # 800x480 letterboxed on 1024x768


def picture(tmp_path, size=(1024, 768), fill=(0, 0, 0), target=TARGET, stripes=True):
    surface = pygame.Surface(size)
    surface.fill(fill)
    if stripes:
        for i in range(8):
            surface.fill((30 * i, 255 - 30 * i, 90), (target[0] + 100 * i, target[1], 100,
                                                        target[3]))
    path = tmp_path / "shot.png"
    pygame.image.save(surface, str(path))
    return path


def test_a_letterboxed_full_screen_picture_passes(tmp_path):
    ok, detail = letterboxed(picture(tmp_path), TARGET)
    assert ok and detail["size"] == [1024, 768]


@pytest.mark.parametrize("case", ["only the clear colour", "not full screen", "no bars"])
def test_what_issue_13_saw_fails(tmp_path, case):
    if case == "only the clear colour":
        path = picture(tmp_path, fill=(0, 0, 0), stripes=False)
    elif case == "not full screen":
        path = picture(tmp_path, size=(800, 480), target=(0, 0, 800, 480))
    else:
        path = picture(tmp_path, fill=(40, 40, 40))
    assert not letterboxed(path, TARGET)[0]


def test_likeness_tells_the_expected_picture_from_another(tmp_path):
    path = picture(tmp_path)
    shot = pygame.image.load(str(path))
    expected = shot.subsurface(TARGET).copy()
    assert likeness(path, expected, TARGET) == 1.0
    other = pygame.transform.flip(expected, True, False)
    assert likeness(path, other, TARGET) < 0.5


@pytest.mark.parametrize("arch, qemu, package", [
    ("x86", "qemu-system-x86_64", "qemu-system-x86"),
    ("arm64", "qemu-system-aarch64", "qemu-system-arm")])
def test_a_machine_without_qemu_is_told_and_exits_2(tmp_path, arch, qemu, package):
    env = {"PATH": str(tmp_path), "HOME": str(tmp_path)}  # nothing on PATH
    result = subprocess.run([sys.executable, str(ROOT / "tests" / "vm" / "run.py"),
                             "--arch", arch, "--out", str(tmp_path / "out")],
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 2
    skipped = json.loads(result.stdout)["skipped"]
    assert qemu in skipped and package in skipped
    assert ("arch-test" in skipped) == (arch == "arm64")  # binfmt: only for a foreign guest


def test_a_picture_in_another_display_mode_is_not_like_the_expected_one(tmp_path):
    """Issue 13's app, not full screen on KMSDRM, left an 800x600 mode of the clear colour."""
    path = picture(tmp_path, size=(800, 600), target=(0, 0, 800, 600), stripes=False)
    assert likeness(path, pygame.Surface((1024, 614)), TARGET) == 0.0
