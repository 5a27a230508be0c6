"""Randomness that cannot drift (issue 14): the scheme new games use is built on SHA-256 only,
so its outputs are pinned here for good; games stored before it keep random.Random's scheme.
A change that makes one of these numbers differ would make kept games replay differently."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.rng import COUNTER, LEGACY, SCHEME, Rng, Seed, as_seed


def test_new_games_use_the_counter_scheme():
    assert SCHEME == COUNTER and Rng(1).scheme == COUNTER and as_seed(1) == Seed(1, COUNTER)


def test_the_counter_scheme_gives_exactly_these_numbers_forever():
    rng = Rng(42)
    assert rng.shuffle(range(10)) == (1, 3, 0, 9, 5, 4, 7, 6, 2, 8)
    assert [rng.roll() for _ in range(8)] == [6, 1, 4, 3, 1, 6, 2, 1]
    assert rng.randrange(1000) == 882 and rng.choice("abcdef") == "a"
    fork = Rng(7).fork("round-1")
    assert fork.seed == 8368177065834255067 and fork.scheme == COUNTER
    assert [fork.roll() for _ in range(6)] == [4, 6, 5, 5, 3, 6]
    assert Rng(2 ** 63 - 1).randrange(2 ** 64) == 13996364766056783641


def test_the_legacy_scheme_is_random_random_as_games_were_stored_with_it():
    """What Python 3.11's random.Random gives today; kept games made with it replay with it
    (if a Python upgrade changed these, tests/test_store_migration.py would say so too)."""
    rng = Rng(Seed(42, LEGACY))
    assert rng.shuffle(range(10)) == (7, 3, 2, 8, 5, 6, 9, 4, 0, 1)
    assert [rng.roll() for _ in range(8)] == [5, 4, 1, 1, 1, 2, 2, 5]
    reference = random.Random(42)
    items = list(range(10))
    reference.shuffle(items)
    assert tuple(items) == Rng(Seed(42, LEGACY)).shuffle(range(10))
    assert Rng(Seed(3, LEGACY)).fork("x").scheme == LEGACY


def test_the_two_schemes_differ_so_the_scheme_must_be_kept():
    assert Rng(Seed(42, LEGACY)).shuffle(range(10)) != Rng(Seed(42, COUNTER)).shuffle(range(10))


def test_counter_rolls_are_fair():
    """60,000 rolls: a chi-square over the six faces below 20.5 (p = 0.001, 5 df)."""
    rng = Rng(2026)
    counts = Counter(rng.roll() for _ in range(60_000))
    chi2 = sum((counts[face] - 10_000) ** 2 / 10_000 for face in range(1, 7))
    assert set(counts) == set(range(1, 7)) and chi2 < 20.5


def test_counter_shuffles_put_every_item_everywhere_evenly():
    """Each of 4 items lands in each of 4 places about a quarter of 8,000 shuffles."""
    rng = Rng(11)
    places = Counter((item, place) for _ in range(8_000)
                     for place, item in enumerate(rng.shuffle("abcd")))
    assert all(1_800 < places[item, place] < 2_200 for item in "abcd" for place in range(4))


@pytest.mark.parametrize("stop", [0, -1, 2 ** 64 + 1])
def test_an_impossible_range_is_refused(stop):
    with pytest.raises(ValueError):
        Rng(1).randrange(stop)


def test_an_unknown_scheme_is_refused():
    with pytest.raises(ValueError):
        Seed(1, 9)
