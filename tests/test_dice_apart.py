"""Dice a table tells apart at a glance (issue 37): a selected die's ring stands out from every
die colour of both games and from what the dice lie on, by WCAG 2's contrast ratio (3:1 for a
part of a picture that must be seen); each die's colour letter is read across the table, clear
of its pips; and Troyes' dice stand apart in their districts, as far as the board has room
for."""

from __future__ import annotations

import itertools
import math

import pygame
import pytest
from conftest import play
from test_ui_troyes import begin

from ui import theme, widgets
from ui.screens import dice_faces
from ui.screens.dice_faces import BAND, RING
from ui.screens.tiletum import dice as tiletum_dice
from ui.screens.tiletum.dice import FACES as TILETUM
from ui.screens.troyes import dice as troyes_dice
from ui.screens.troyes.dice import FACES as TROYES

DICE = {f"troyes {c}": f for c, f in TROYES.items()} | {f"tiletum {c}": f
                                                         for c, f in TILETUM.items()}
# What dice lie on: the take screen, a Troyes district, the district of the player acting.
SURFACES = (theme.BACKGROUND, theme.PANEL, theme.PANEL_PRESSED)
SEEN = 3.0  # WCAG 2.1, 1.4.11 non-text contrast


def luminance(rgb) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    def linear(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_no_one_colour_could_ring_every_troyes_die():
    """Why the ring has a band: 3:1 against red needs a colour far lighter or far darker than
    red, against white and black at once one in between (every 17th sRGB level tried)."""
    levels = range(0, 256, 17)
    best = max(min(contrast(c, die) for die in TROYES.values())
               for c in itertools.product(levels, levels, levels))
    assert best < SEEN
    assert contrast(theme.ACCENT, TROYES["yellow"]) < 1.5  # the gold ring the table saw


def test_the_ring_is_seen_against_every_die_and_everything_dice_lie_on():
    """The gold is seen against the band inside it and whatever lies outside it; each die's
    edge against the band, or, for a die as dark as the band (black), against the gold."""
    assert contrast(RING, BAND) >= SEEN
    for surface in SURFACES:
        assert contrast(RING, surface) >= SEEN, surface
    for name, die in DICE.items():
        assert max(contrast(die, BAND), contrast(die, RING)) >= SEEN, name


def runs(colours: list) -> list:
    """The colours along a line, each once where it repeats."""
    return [c for c, _ in itertools.groupby(colours)]


def test_a_yellow_die_tapped_on_the_troyes_board_is_ringed_as_promised(make_app):
    """The board as drawn: across a selected yellow die's right edge at its middle, the
    die, the band, the gold, then its district's row, each seen against the next."""
    app = make_app()
    app.seeds = iter(range(3, 99))
    begin(app, ((3, 0, 0), (1, 1, 1), (1, 1, 1)))  # player 1: three yellow dice
    play(app, "TAP @income")
    board = app.top
    die_id = next(i for i, d in board.view.district(1))
    play(app, f"TAP @die{die_id}")
    assert board.selected == [die_id]
    app.render()
    rect = board.button(f"die{die_id}").rect
    surface = app.display.surface
    line = [tuple(surface.get_at((x, rect.centery)))[:3]
            for x in range(rect.right - 6, rect.right + 12)]  # right of the pips
    row = line[-1]
    assert row in SURFACES
    # (the face's own 1 px outline between the die and the band)
    assert runs(line) == [TROYES["yellow"], theme.PANEL_PRESSED, BAND, RING, row]
    seen = [TROYES["yellow"], BAND, RING, row]
    assert all(contrast(a, b) >= SEEN for a, b in zip(seen, seen[1:])), seen


def test_troyes_dice_stand_apart_and_a_crowded_district_keeps_to_its_row(make_app):
    """Dice 12 px apart (a selected one's ring touches no other die); a district of 12 dice,
    the most a player's 12 citizens give, closer together inside its row."""
    app = make_app()
    app.seeds = iter(range(3, 99))
    begin(app, ((4, 4, 4), (1, 1, 1), (1, 0, 1)))
    play(app, "TAP @income")
    board = app.top
    for (owner, row), count in zip(board.rows(), (12, 3, 2)):
        rects = [board.button(f"die{i}").rect for i, _ in board.view.district(owner)]
        assert len(rects) == count
        gaps = [b.left - a.right for a, b in zip(rects, rects[1:])]
        assert all(row.contains(r) for r in rects), owner
        assert min(gaps) >= (12 if count < 10 else 1), (owner, gaps)


def clearance(ink: pygame.Rect, centre: tuple[int, int], radius: int) -> float:
    """px between a pip (a disc) and a letter's ink (its box)."""
    dx = max(ink.left - centre[0], 0, centre[0] - (ink.right - 1))
    dy = max(ink.top - centre[1], 0, centre[1] - (ink.bottom - 1))
    return math.hypot(dx, dy) - radius


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_dies_colour_letter_is_read_across_the_table_clear_of_its_pips(
        make_app, monkeypatch, language):
    """Every face the boards draw, both games: its colour's letter at 18 px or more inside
    the die; over pips (Troyes' board, Tiletum's take screen) at the top, 2 px or more clear of
    every pip; alone (Tiletum's wheel, where the wedge says the pip) in the middle."""
    app = make_app(language=language)
    monkeypatch.setattr(dice_faces, "_faces", {})  # every face drawn afresh
    faces = [(TROYES, troyes_dice.letters(app), troyes_dice.SIZE, True),
             (TILETUM, tiletum_dice.letters(app), tiletum_dice.TAKE_SIZE, True)] + [
        (TILETUM, tiletum_dice.letters(app), side, False) for side in tiletum_dice.WHEEL_SIZES]
    for fills, letters, side, pips in faces:
        for colour, fill in fills.items():
            for pip in dice_faces.PIPS if pips else (None,):
                drawn: list[widgets.Drawn] = []
                monkeypatch.setattr(widgets, "recorder", drawn.append)
                surface = dice_faces.face(app.fonts, (side, side), fill, pip, letters[colour])
                monkeypatch.setattr(widgets, "recorder", None)
                (letter,) = drawn
                assert letter.canvas is surface and letter.text == letters[colour]
                assert letter.size >= theme.SMALL_SIZE
                ink = letter.surface.get_bounding_rect().move(letter.rect.topleft)
                assert surface.get_rect().inflate(-2, -2).contains(ink), (side, colour, ink)
                if pip is None:
                    assert abs(ink.centery - side / 2) <= 1
                    continue
                radius = dice_faces.pip_radius(side)
                for centre in dice_faces.pip_centres(side, pip):
                    assert clearance(ink, centre, radius) >= 2, (side, letter.text, pip, centre)
