"""The small pictures on the home screen's game buttons, drawn with shapes (no image files,
no font glyphs): each is ``draw(surface, rect, colour)``."""

from __future__ import annotations

import math

import pygame

from .theme import ACCENT, BACKGROUND


def crown(surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
    """Citadels: a crown of three points."""
    x, y, w, h = rect
    points = [(x, y + h), (x, y + h * 0.3), (x + w * 0.25, y + h * 0.6), (x + w * 0.5, y),
              (x + w * 0.75, y + h * 0.6), (x + w, y + h * 0.3), (x + w, y + h)]
    pygame.draw.polygon(surface, colour, points)


def dice(surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
    """Troyes: a die showing three."""
    size = min(rect.width, rect.height)
    box = pygame.Rect(0, 0, size, size)
    box.center = rect.center
    pygame.draw.rect(surface, colour, box, width=max(2, size // 12), border_radius=size // 6)
    for f in (0.28, 0.5, 0.72):
        pygame.draw.circle(surface, colour, (box.left + size * f, box.top + size * f), size // 10)


def wheel(surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
    """Tiletum: the action wheel, six wedges."""
    radius = min(rect.width, rect.height) // 2
    centre = rect.center
    pygame.draw.circle(surface, colour, centre, radius, width=max(2, radius // 6))
    for k in range(6):
        angle = k * math.pi / 3
        end = (centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle))
        pygame.draw.line(surface, colour, centre, end, max(2, radius // 8))


def window_icon(size: int = 64) -> pygame.Surface:
    """The app's window icon (a laptop's title bar and task bar): the Troyes die in crown gold
    on the app's background. Set before the window opens, so SDL does not load pygame's own
    (which costs its resource reader and a BMP, ~3 ms of every start)."""
    icon = pygame.Surface((size, size))
    icon.fill(BACKGROUND)
    dice(icon, icon.get_rect().inflate(-size // 8, -size // 8), ACCENT)
    return icon
