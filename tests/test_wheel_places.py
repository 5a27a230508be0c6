"""The dice places kept for the Tiletum wheel (``wheel_geometry.PLACES``) are what the search
finds for the wheel's geometry, so a board's first frame need not search."""

from ui.screens.tiletum import wheel_geometry as w


def test_the_kept_places_are_the_search_s_for_the_geometry_they_were_found_for():
    assert w.GEOMETRY == w.PLACES_FOR, "the wheel changed: find PLACES again with _search"
    for pip in (1, 2):
        for size in w.SIZES:
            found = [rect.topleft for rect in w._search(pip, size)]
            assert list(w.PLACES[(pip, size)]) == found, (pip, size, found)
            assert w._places(pip, size) == w._search(pip, size)


def test_another_geometry_searches_its_own_places(monkeypatch):
    monkeypatch.setattr(w, "GEOMETRY", (*w.GEOMETRY[:-1], (40,)))
    assert w._places(1, 40) == w._search(1, 40)
    monkeypatch.setattr(w, "PLACES", {})
    assert w._places(1, 38) == w._search(1, 38)


def test_a_fresh_process_s_board_finds_every_place_without_searching(monkeypatch):
    def searched(pip, size):
        raise AssertionError(f"searched {pip}, {size}")

    w.slot_rects.cache_clear()
    monkeypatch.setattr(w, "_search", searched)
    try:
        assert all(w.wedge_rect(pip).width >= 48 for pip in range(1, 7))
        assert w.overflow([]) == {}
    finally:
        w.slot_rects.cache_clear()
