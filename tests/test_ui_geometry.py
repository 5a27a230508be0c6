"""Rotation and letterboxing: where the canvas lands on the display, and touches mapped back."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ui.display import Display
from ui.geometry import HEIGHT, WIDTH, Viewport

MARKER = (255, 0, 255)


def find_marker(surface: pygame.Surface) -> tuple[int, int]:
    """The mean position of the marker-coloured pixels on the display surface."""
    points = [(x, y) for x in range(surface.get_width()) for y in range(surface.get_height())
              if surface.get_at((x, y))[:3] == MARKER]
    assert points, "marker not shown"
    return (sum(p[0] for p in points) // len(points), sum(p[1] for p in points) // len(points))


@pytest.fixture
def display():
    pygame.display.init()
    yield Display(rotation=0, fullscreen=False)
    pygame.display.quit()


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize("point", [(60, 40), (700, 90), (400, 400)])
def test_a_touch_on_what_is_shown_maps_back_to_the_canvas_point(display, rotation, point):
    """Draw a marker on the canvas, let pygame rotate and show it, touch where it appears."""
    display.set_rotation(rotation)
    display.canvas.fill((0, 0, 0))
    pygame.draw.rect(display.canvas, MARKER, pygame.Rect(point[0] - 3, point[1] - 3, 7, 7))
    display.present()
    shown_at = find_marker(display.surface)
    x, y = display.viewport.to_logical(shown_at)
    assert abs(x - point[0]) <= 1 and abs(y - point[1]) <= 1


def test_rotation_90_turns_the_top_left_corner_to_the_top_right():
    assert Viewport((480, 800), 90).to_logical((479, 0)) == (0, 0)
    assert Viewport((480, 800), 270).to_logical((0, 799)) == (0, 0)
    assert Viewport((800, 480), 180).to_logical((799, 479)) == (0, 0)


def test_letterbox_touches_are_outside_the_canvas():
    wide = Viewport((1920, 480), 0)  # a very wide display: bars left and right
    assert wide.target == (560, 0, 800, 480)
    assert wide.to_logical((100, 200)) is None
    assert wide.to_logical((560, 0)) == (0, 0)


@given(st.sampled_from([0, 90, 180, 270]),
       st.tuples(st.integers(320, 2560), st.integers(240, 1600)),
       st.tuples(st.integers(0, WIDTH - 1), st.integers(0, HEIGHT - 1)))
@settings(max_examples=300)
def test_physical_and_logical_mappings_agree(rotation, display_size, point):
    view = Viewport(display_size, rotation)
    back = view.to_logical(view.to_physical(point))
    assert back is not None
    tolerance = max(1.0, 1 / view.scale)  # a display smaller than the canvas loses pixels
    assert abs(back[0] - point[0]) <= tolerance and abs(back[1] - point[1]) <= tolerance


def test_bad_rotation_is_refused():
    with pytest.raises(ValueError):
        Viewport((800, 480), 45)
