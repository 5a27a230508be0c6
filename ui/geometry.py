"""Where the logical 800x480 canvas lands on the real display, and back (pure arithmetic).

``rotation`` is how many degrees clockwise the picture is turned on the panel. The rotated
canvas is scaled to fit the display, keeping its shape, and centred (letterboxed).

>>> v = Viewport((1600, 960), 0)
>>> v.to_logical((800, 480)), v.to_physical((400, 240))
((400.0, 240.0), (801.0, 481.0))
>>> Viewport((480, 800), 90).to_logical((479, 0))   # top-right corner of a portrait panel
(0.0, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT = 800, 480  # the logical canvas: the official 7" Pi display


@dataclass(frozen=True)
class Viewport:
    """The mapping between display pixels and logical canvas coordinates."""

    display: tuple[int, int]
    rotation: int = 0

    def __post_init__(self):
        if self.rotation not in (0, 90, 180, 270):
            raise ValueError(f"rotation must be 0, 90, 180 or 270, not {self.rotation!r}")

    @property
    def rotated_size(self) -> tuple[int, int]:
        """The canvas size after rotation (portrait for 90 and 270)."""
        return (HEIGHT, WIDTH) if self.rotation in (90, 270) else (WIDTH, HEIGHT)

    @property
    def scale(self) -> float:
        rw, rh = self.rotated_size
        return min(self.display[0] / rw, self.display[1] / rh)

    @property
    def target(self) -> tuple[int, int, int, int]:
        """The display rectangle (x, y, w, h) the rotated canvas is drawn into."""
        rw, rh = self.rotated_size
        w, h = round(rw * self.scale), round(rh * self.scale)
        return (self.display[0] - w) // 2, (self.display[1] - h) // 2, w, h

    @property
    def is_identity(self) -> bool:
        """True when the canvas can be shown as it is (no rotation, same size)."""
        return self.rotation == 0 and tuple(self.display) == (WIDTH, HEIGHT)

    def to_logical(self, point: tuple[float, float]) -> tuple[float, float] | None:
        """Canvas coordinates of a display pixel, or None if it is in the letterbox."""
        x0, y0, w, h = self.target
        # pixel centres: the pixel (px, py) covers [px, px+1)
        u = (point[0] + 0.5 - x0) / w * self.rotated_size[0]
        v = (point[1] + 0.5 - y0) / h * self.rotated_size[1]
        if not (0 <= u <= self.rotated_size[0] and 0 <= v <= self.rotated_size[1]):
            return None
        if self.rotation == 0:
            x, y = u, v
        elif self.rotation == 90:
            x, y = v, HEIGHT - u
        elif self.rotation == 180:
            x, y = WIDTH - u, HEIGHT - v
        else:
            x, y = WIDTH - v, u
        return float(int(min(x, WIDTH - 0.5))), float(int(min(y, HEIGHT - 0.5)))

    def to_physical(self, point: tuple[float, float]) -> tuple[float, float]:
        """The display pixel showing canvas point ``point`` (used by scripted taps)."""
        x, y = point[0] + 0.5, point[1] + 0.5
        if self.rotation == 0:
            u, v = x, y
        elif self.rotation == 90:
            u, v = HEIGHT - y, x
        elif self.rotation == 180:
            u, v = WIDTH - x, HEIGHT - y
        else:
            u, v = y, WIDTH - x
        x0, y0, w, h = self.target
        px = x0 + u / self.rotated_size[0] * w
        py = y0 + v / self.rotated_size[1] * h
        return float(int(px)), float(int(py))
