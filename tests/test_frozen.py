"""companion/frozen.py: ``replace`` makes what ``dataclasses.replace`` makes, for every kind of
class the engines have."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from companion.citadels.calling import RoundSetup, Warrants
from companion.citadels.catalogue import FIRST_GAME
from companion.frozen import replace


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()
    c: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Counted:
    a: int
    n: int = field(default=0, init=False)


def test_a_plain_state_is_copied_with_its_changes_and_is_a_new_value():
    before = Plain(1, (2,), [3])
    after = replace(before, b=(4, 5))
    assert after == dataclasses.replace(before, b=(4, 5)) == Plain(1, (4, 5), [3])
    assert type(after) is Plain and after is not before and before == Plain(1, (2,), [3])
    assert hash(replace(before, c=None)) == hash(Plain(1, (2,), None))
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.a = 9


def test_post_init_still_runs():
    """Warrants keep their ranks in order (``__post_init__``)."""
    assert replace(Warrants(1, (2, 5, 3), 3), ranks=(7, 4, 6)).ranks == (4, 6, 7)


def test_cached_properties_are_worked_out_again():
    setup = RoundSetup("2016", 4, FIRST_GAME, (("king", 1), ("thief", 2)), crown=1)
    assert setup.holder("king") == 1  # cached on this instance
    moved = replace(setup, holders=(("king", 2), ("thief", 1)))
    assert moved.holder("king") == 2 and setup.holder("king") == 1


def test_refusals_are_those_of_dataclasses_replace():
    with pytest.raises(TypeError):
        replace(Plain(1), d=2)
    with pytest.raises(ValueError):
        replace(Counted(1), n=2)
    with pytest.raises(TypeError):
        replace(object())
