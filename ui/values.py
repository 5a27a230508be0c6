"""Frozen dataclasses without the methods ``dataclass`` compiles for each class.

``@dataclass(frozen=True)`` writes ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__`` and ``__delattr__`` as source text and compiles it when the class is made: for
``ui.config.Config`` (17 fields) ~8 M instructions of every start-up (issue 39). A
``value_class`` is the same dataclass (``dataclasses.replace``, ``fields`` and ``asdict`` work
on it) with the methods below, shared and compiled once with this module. It is built from
keywords only, and reads its fields in a loop: for values made a few times, not in a hot path.
"""

from __future__ import annotations

from dataclasses import MISSING, FrozenInstanceError, dataclass, fields


def value_class(cls: type) -> type:
    """``cls`` as a frozen dataclass whose methods are shared (see the module's doc)."""
    cls = dataclass(init=False, repr=False, eq=False)(cls)
    cls.__init__, cls.__repr__, cls.__eq__, cls.__hash__ = _init, _repr, _eq, _hash
    cls.__setattr__, cls.__delattr__ = _refuse_set, _refuse_delete
    return cls


def _init(self, **values) -> None:
    for f in fields(self):
        if f.name in values:
            value = values.pop(f.name)
        elif f.default_factory is not MISSING:
            value = f.default_factory()
        elif f.default is not MISSING:
            value = f.default
        else:
            raise TypeError(f"{type(self).__name__}: missing {f.name!r}")
        object.__setattr__(self, f.name, value)
    if values:
        raise TypeError(f"{type(self).__name__}: no field {next(iter(values))!r}")


def _values(obj) -> tuple:
    return tuple(getattr(obj, f.name) for f in fields(obj))


def _repr(self) -> str:
    shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
    return f"{type(self).__qualname__}({shown})"


def _eq(self, other) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return _values(self) == _values(other)


def _hash(self) -> int:
    return hash(_values(self))


def _refuse_set(self, name: str, value) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_delete(self, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")
