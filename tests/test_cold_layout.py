"""First frames lay out without work they need not do (issue 39: a first frame with no idle
time before it < 10 M instructions): a size search tries few sizes (each new one opens a font
and draws its glyphs on a cold frame), a screen is built once for its first frame, and the
calling's page is not laid out twice. Counted, never timed."""

from __future__ import annotations

import pytest

from test_text_layout import measuring
from test_ui_citadels_calling import busy_round

from ui import widgets

NAME = "Alexandra-Catherine Bartholomew"


def sizes_measured(fonts, call) -> set[int]:
    """The text sizes ``fonts.width`` is asked for while ``call(fonts)`` runs."""
    sizes: set[int] = set()
    widgets._fitted.clear()
    call(measuring(fonts, lambda text, size: sizes.add(size)))
    return sizes


@pytest.mark.parametrize("fits_at,tried", [(22, {22}), (21, {22, 21}), (19, {22, 19, 20}),
                                           (18, {22, 19})])
def test_a_fitted_size_is_found_trying_few_sizes(fonts, fits_at, tried):
    """A one-line label 22 px down to 18: its own size, then from the size its width scales
    to; the smallest is the answer untried when the one above it does not fit (the old search
    tried every size from 22 down: five fonts for a label fitting at 18)."""
    width = fonts.width(NAME, fits_at)
    found = []
    assert sizes_measured(fonts, lambda f: found.append(
        widgets.fit_size(f, NAME, 22, width, 30, 18))) == tried
    assert found == [fits_at]


def built_on_first_show(app, monkeypatch, cls, method: str, make) -> list:
    """The screens whose ``method`` (their build) ran while ``make()``'s screen was made,
    pushed and drawn."""
    built = []
    original = getattr(cls, method)
    monkeypatch.setattr(cls, method, lambda screen: built.append(screen) or original(screen))
    app.push(make())
    app.render()
    return built


def test_the_calling_is_built_once_for_its_first_frame(make_app, monkeypatch):
    """A calling screen made and shown is built by ``__init__`` alone (``on_enter`` built its
    buttons again: a tenth of its first frame); shown again after a step, it is built anew."""
    from companion.citadels.charset import first_game
    from ui.screens.citadels.calling import CallingScreen
    from ui.screens.citadels.controller import CitadelsController
    from ui.screens.citadels.navigator import Navigator

    app = make_app()
    c = CitadelsController.new(app, "2016", 4, first_game("2016", 4), 1,
                               [f"Player {n}" for n in range(1, 5)])
    while c.phase == "draft":
        c.confirm(c.legal()[0])
    built = built_on_first_show(app, monkeypatch, CallingScreen, "rebuild",
                                lambda: CallingScreen(app, c, Navigator(app, c)))
    assert len(built) == 1
    c.confirm(app.top.legal[0])
    assert c.phase == "calling"
    app.top.on_enter()  # (as back from a screen the step was taken on)
    assert len(built) == 2


def test_the_tiletum_board_is_built_once_for_its_first_frame(make_app, monkeypatch):
    from companion.tiletum import game
    from ui.screens.tiletum.board import TiletumBoardScreen
    from ui.screens.tiletum.controller import TiletumController

    app = make_app()
    c = TiletumController.new(app, 4, (1, 2, 3, 4), game.DEFAULT_FESTIVALS,
                              [f"Player {n}" for n in range(1, 5)])
    c.confirm(game.Begin())
    assert len(built_on_first_show(app, monkeypatch, TiletumBoardScreen, "build",
                                   lambda: TiletumBoardScreen(app, c))) == 1


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_characters_line_is_checked_as_laying_the_text_out_again_would(
        make_app, tmp_path, language):
    """``arranged_above`` (does the flowing text stay the same with the character's line
    below it?) answers what ``arrange`` in the shorter area says, on every turn of a busy
    round with long names, for every place that line could start."""
    from ui.screens.citadels.calling import HEAD
    from ui.screens.citadels.head import arrange, arranged_above

    checked = []

    def check(app, drawn, key):
        screen, fonts = app.top, app.fonts
        lines = screen.announcer.lines(screen.controller.calling_public(), screen.legal)
        names = screen.controller.names
        for beside_map in (True, False):
            area = screen.area(HEAD.top + 64, screen.actions_top - 6, beside_map)
            arranged = arrange(fonts, lines, area, names)
            for bottom in range(area.top, area.bottom + 1, 5):
                again = arrange(fonts, lines, area.shortened(bottom), names) == arranged
                assert arranged_above(fonts, lines, area, names, False, arranged,
                                      bottom) == again
                checked.append(again)

    busy_round(make_app, tmp_path, language, check)
    assert True in checked and False in checked
