"""A twin of the guest's app on the host: the same code and config file, headless, driven with
the same controls. It says where a named button is (so a tap in the VM lands on it), which
screen a step should lead to, and what that screen should look like on the VM's display.

The twin's own games are dealt from other seeds; the steps used here (buttons by name, the
first card offered, public screens) do not depend on the deal.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from hw.clock import VirtualClock
from hw.controls import Control
from ui.compose import build_app
from ui.overlays import STRIP_HEIGHT
from ui.config import load_config
from ui.geometry import Viewport
from ui.script import ScriptRunner


class Twin:
    def __init__(self, config_path: Path, data_dir: Path, screen: tuple[int, int]):
        config = replace(load_config(config_path, env={}), data_dir=data_dir)
        self.app = build_app(config, headless=True, env={}, clock=VirtualClock())
        self.runner = ScriptRunner(self.app, None)
        self.app.settle()
        # The guest draws the debug strip (no LEDs on a VM) under a letterboxed picture.
        self.strip = 0 if self.app.hw.has_physical_outputs else STRIP_HEIGHT
        self.viewport = Viewport((screen[0], screen[1] - self.strip), 0)

    @property
    def screen(self) -> str:
        return self.app.top.name

    def _centre(self, name: str | None) -> tuple[int, int]:
        """Canvas centre of the named button (None: the one focused first, e.g. the first
        card offered)."""
        top = self.app.top
        return (top.button(name) if name else top.buttons[top.focus]).rect.center

    def tap(self, name: str | None = None) -> tuple[float, float]:
        """Tap the button in the twin; the display pixel to tap in the guest."""
        centre = self._centre(name)
        self.runner.do_tap(*centre)
        return self.viewport.to_physical(centre)

    def hold(self, name: str | None = None) -> tuple[float, float]:
        centre = self._centre(name)
        self.runner.do_holdtap(*centre)
        return self.viewport.to_physical(centre)

    def press(self, control: Control) -> None:
        self.runner.do_press(control)

    def hold_control(self, control: Control) -> None:
        self.runner.do_hold(control)

    def picture(self) -> pygame.Surface:
        """What the guest's picture area should show: the canvas scaled as the app scales it."""
        self.app.render()
        x, y, w, h = self.viewport.target
        return pygame.transform.scale(self.app.display.canvas, (w, h))

    def close(self) -> None:
        self.app.close()


def likeness(screenshot: Path, expected: pygame.Surface, target: tuple[int, int, int, int],
             tolerance: int = 24) -> float:
    """The share of pixels of the guest's picture area within ``tolerance`` of the expected."""
    shot = pygame.image.load(str(screenshot))
    if not shot.get_rect().contains(pygame.Rect(target)):
        return 0.0  # not the display mode the picture should fill
    area = shot.subsurface(pygame.Rect(target)).copy()
    a = pygame.image.tobytes(area, "RGB")
    b = pygame.image.tobytes(expected.convert(24) if expected.get_bitsize() != 24 else expected,
                             "RGB")
    same = sum(1 for i in range(0, len(a), 3 * 7)  # every 7th pixel: plenty, and quick
               if max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2]))
               <= tolerance)
    return same / len(range(0, len(a), 3 * 7))
