"""A machine without fonts-nanum still shows Korean (issue 14, "A fresh machine"): the app
ships NanumGothic (SIL Open Font License, ui/assets/OFL.txt) and uses it when the system has
no NanumGothic."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pygame
import pytest

from conftest import ROOT
from ui import fonts


def test_the_shipped_font_and_its_licence_are_in_the_package():
    assert fonts.SHIPPED.is_file() and fonts.SHIPPED.with_name("NanumGothicBold.ttf").is_file()
    licence = (ROOT / "ui" / "assets" / "OFL.txt").read_text()
    assert "SIL Open Font License, Version 1.1" in licence and "NAVER" in licence


def test_without_a_system_font_the_shipped_one_draws_hangul(monkeypatch):
    monkeypatch.setattr(fonts, "KNOWN_PATHS", ())
    monkeypatch.setattr(pygame.font, "match_font", lambda name: None)
    pygame.font.init()
    found = fonts.find_fonts()
    assert found.has_hangul and found.regular_path == str(fonts.SHIPPED)
    assert fonts.covers(found.get(20), "한국어 시타델 트루아 틸레툼")


def test_the_shipped_font_is_taken_before_fontconfig_is_asked(monkeypatch):
    """fontconfig's search runs ``fc-list`` over every font (11 ms at start-up): it is asked
    only when neither the system's usual paths nor the app's own copy have the font."""
    asked = []
    monkeypatch.setattr(fonts, "KNOWN_PATHS", ())
    monkeypatch.setattr(pygame.font, "match_font", lambda name: asked.append(name) or "/x.ttf")
    assert fonts.find_hangul_font() == str(fonts.SHIPPED) and asked == []
    monkeypatch.setattr(fonts, "SHIPPED", fonts.SHIPPED.with_name("absent.ttf"))
    assert fonts.find_hangul_font() == "/x.ttf" and asked == ["nanumgothic"]


@pytest.mark.skipif(not shutil.which("unshare") or os.geteuid() != 0,
                    reason="needs root and unshare for a private mount namespace")
def test_a_machine_whose_font_folder_is_empty_runs_in_korean(tmp_path):
    """An empty /usr/share/fonts mounted over the real one, in a private mount namespace:
    the app starts headless in Korean and says nothing about a missing font."""
    script = tmp_path / "look.txt"
    script.write_text("EXPECT home\n")
    command = (f"mount -t tmpfs none /usr/share/fonts && "
               f"{sys.executable} -m ui.cli --headless --lang ko --config {tmp_path}/none.toml "
               f"--data-dir {tmp_path} --script {script}")
    result = subprocess.run(["unshare", "-m", "sh", "-c", command], capture_output=True,
                            text=True, timeout=120, cwd=ROOT,
                            env={**os.environ, "SDL_VIDEODRIVER": "dummy",
                                 "COMPANION_HW": "mock"})
    if "mount" in result.stderr and result.returncode != 0:
        pytest.skip(f"no private mount here: {result.stderr.strip()[:120]}")
    assert result.returncode == 0, result.stderr
    assert "no Hangul font" not in result.stderr
