"""No slow first frames (issue 19): Korean text put together from pieces is exactly what
SDL_ttf draws, and after the idle preparation (ui/prepare.py) a tour of every screen opens no
font, draws no Korean piece, builds no die face and works out no wheel places of its own.
How long the frames take is a benchmark (bench/bench_render.py), not a test."""

from __future__ import annotations

import pygame
import pytest

from conftest import ROOT, play

TOUR = ROOT / "scripts" / "tour.txt"
MIXED = ["Alexandra-Catherine 님이 자기 캐릭터를 확인했습니다.", "AV 왕 (2016) 7점 → 8점",
         "플레이어 8: 12 금화, 3 × 건물", "“따옴표” 안의 말…", "x1y2 가나다 Wa To"]


def korean_texts():
    from ui import registry
    from ui.i18n import load_messages

    return [text for text in load_messages("ko", registry.catalogue_folders()).values() if any(
        "\uac00" <= ch <= "\ud7a3" for ch in text)] + MIXED


def pixels(surface: pygame.Surface) -> tuple:
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("size,bold", [(13, False), (17, False), (22, False), (22, True),
                                       (34, True)])
def test_korean_text_from_pieces_is_pixel_for_pixel_what_sdl_ttf_draws(fonts, size, bold):
    """Every Korean message (and lines mixing Latin names, digits and signs), put together from
    its pieces, has SDL_ttf's width and SDL_ttf's pixels, in a light and a dark colour; and
    nearly all of them are put together (the pieces are not silently given up)."""
    from ui.glyphs import Pieces

    font, pieces = fonts.get(size, bold), Pieces()
    composed = 0
    texts = korean_texts()
    for text in texts:
        for colour in ((240, 240, 236), (24, 28, 33)):
            made = pieces.render(font, text, colour)
            if made is None:
                continue
            composed += 1
            assert pixels(made) == pixels(font.render(text, True, colour)), (size, bold, text)
            assert pieces.width(font, text) == font.size(text)[0], (size, bold, text)
    assert composed >= 0.9 * 2 * len(texts)


def test_a_piece_drawn_once_is_not_drawn_again(fonts):
    """The second line with the same syllables draws nothing new (the cache is what saves the
    time: SDL_ttf's own keeps 256 glyphs, so Korean lines keep evicting each other)."""
    from ui.glyphs import Pieces

    font, pieces = fonts.get(17), Pieces()
    pieces.render(font, "플레이어 1에게 넘겨 주세요", (255, 255, 255))
    drawn = pieces.drawn
    pieces.render(font, "1 주세요 플레이어에게", (0, 0, 0))
    assert pieces.drawn == drawn


def test_a_translucent_colour_is_left_to_sdl_ttf(fonts):
    from ui.glyphs import Pieces

    assert Pieces().render(fonts.get(17), "가나다", (255, 255, 255, 128)) is None


@pytest.mark.parametrize("language", ["en", "ko"])
def test_after_the_idle_preparation_the_tour_draws_nothing_new(make_app, tmp_path, monkeypatch, language):
    """The tour of every screen (scripts/tour.txt), after ``finish_idle_work``: no font is
    opened, no Korean piece drawn, no die face built, no wheel places worked out — so none of
    that lands on a first frame (ui/prepare.py's FONTS, syllables and the games' tasks)."""
    from ui.glyphs import has_hangul
    from ui.screens import dice_faces
    from ui.screens.tiletum import wheel_geometry

    dice_faces._faces.clear()
    wheel_geometry.slot_rects.cache_clear()
    app = make_app(language=language, setup_guide=True)  # (the tour walks the guide)
    app.seeds = iter(range(5, 1_000_000))  # the tour's seed (scripts/tour.txt)
    app.finish_idle_work()
    fonts, faces = set(app.fonts._fonts), set(dice_faces._faces)
    places = wheel_geometry.slot_rects.cache_info().misses
    drawn, pieces = [], app.fonts.pieces
    draw = pieces.piece

    def piece(font, text):
        if text not in pieces.known(font):
            drawn.append(text)
        return draw(font, text)

    monkeypatch.setattr(pieces, "piece", piece)
    play(app, TOUR.read_text(encoding="utf-8"), tmp_path / "shots")
    assert set(app.fonts._fonts) - fonts == set()
    assert set(dice_faces._faces) - faces == set()
    assert wheel_geometry.slot_rects.cache_info().misses == places
    assert [text for text in drawn if has_hangul(text)] == []  # (Latin words in Korean
    # lines, such as the data folder's path on About, are pieces too: SDL_ttf keeps those glyphs)
    assert app.fonts.rendered > 100  # the tour drew its texts (from the pieces, in Korean)


def test_the_home_screen_queues_the_preparation_once_per_language(make_app):
    app = make_app(language="en")
    app.finish_idle_work()
    assert app.fonts.loaded >= 20
    app.render()
    assert not app.idle  # back on home in the same language: nothing again
    app.set_language("ko")
    while app.top.name != "home":
        app.pop()
    app.top.on_enter()
    assert app.idle


def test_the_tables_names_are_prepared_as_pieces_in_korean(make_app):
    """A Korean line naming a player ("Bartholomew에게 8") is put together from the name's
    pieces, which no message has: the roster's names and the kept games' players are drawn
    while nobody waits, at every size Korean is drawn at (a game stored after the start
    counts: the names are read when their task runs)."""
    from ui.prepare import SYLLABLE_FONTS

    app = make_app(language="ko", roster=("Alexandra", "지은"))
    app.store.create_session("troyes-score", {"names": ["Bartholomew", "민수 Kim"]}, seed=1)
    app.finish_idle_work()
    for size, bold in SYLLABLE_FONTS:
        known = app.fonts.pieces.known(app.fonts.get(size, bold))
        assert {"Alexandra", "지", "은", "Bartholomew", "민", "수", "Kim"} <= set(known), size


def test_in_english_no_names_are_prepared_as_pieces(make_app):
    """English lines are SDL_ttf's (it keeps Latin glyphs): no pieces for names."""
    app = make_app(language="en", roster=("Alexandra",))
    app.finish_idle_work()
    assert "Alexandra" not in app.fonts.pieces.known(app.fonts.get(17))


def test_the_troyes_board_is_built_once_for_its_first_frame(make_app, tmp_path, monkeypatch):
    """A game reopened at start-up: its board is made once, not made by ``__init__`` and made
    again by ``on_enter`` (issue 39: half of the board's first frame)."""
    from companion.troyes.playthrough import troyes_game
    from storage.store import Store
    from ui.screens.troyes.board import TroyesBoardScreen

    data = tmp_path / "data"
    store = Store(data / "companion.sqlite3")
    config, seed, decisions = troyes_game(1)
    store.append_all(store.create_session("troyes", config, seed), decisions[:20])
    store.set_setting("language", "en")  # a later start: no language question on top
    store.close()
    built = []
    original = TroyesBoardScreen.build
    monkeypatch.setattr(TroyesBoardScreen, "build",
                        lambda screen: built.append(screen) or original(screen))
    app = make_app(data_dir=data, language=None)
    assert app.top.name == "troyes-board" and len(built) == 1
