"""``replace``: ``dataclasses.replace`` for the engines' immutable states, made without running
``__init__`` again where that gives the same value (every decision replaces a state or two, so
a long replay spends much of its time there).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> replace(Point(1, 2), y=5)
Point(x=1, y=5)
"""

from __future__ import annotations

import dataclasses
from functools import cache, cached_property
from typing import TypeVar

T = TypeVar("T")


@cache
def _copied_fields(cls: type) -> frozenset[str] | None:
    """The field names of a dataclass whose instances are their fields and nothing more (every
    field given to ``__init__``, no ``__post_init__``, ``InitVar``, ``ClassVar``, slots or
    cached property), so a copy of the instance's ``__dict__`` with some fields changed is what
    ``__init__`` would make; None for any other class."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") \
            or hasattr(cls, "__slots__"):
        return None
    fields = dataclasses.fields(cls)
    if len(fields) != len(cls.__dataclass_fields__) or not all(f.init for f in fields):
        return None
    if any(isinstance(attribute, cached_property)
           for klass in cls.__mro__ for attribute in vars(klass).values()):
        return None
    return frozenset(f.name for f in fields)


def replace(obj: T, /, **changes) -> T:
    """``obj`` with ``changes``, as ``dataclasses.replace`` makes it (which is used for any
    class, change or instance the quick copy might not give exactly)."""
    names = _copied_fields(type(obj))
    kept = getattr(obj, "__dict__", None)
    if names is None or len(kept) != len(names) or not names.issuperset(changes):
        return dataclasses.replace(obj, **changes)
    new = object.__new__(type(obj))
    new.__dict__.update(kept)
    new.__dict__.update(changes)
    return new
