"""The stored JSON form of a game's decisions: ``{"type": name, **fields}``, tuples as lists.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Move:
...     seat: int
...     cells: tuple[int, ...]
>>> codec = DecisionCodec("demo", {"move": Move})
>>> codec.encode(Move(2, (3, 4)))
{'type': 'move', 'seat': 2, 'cells': [3, 4]}
>>> codec.decode({"type": "move", "seat": 2, "cells": [3, 4]})
Move(seat=2, cells=(3, 4))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import UnknownDecision


class DecisionCodec:
    """Encode and decode the decision dataclasses of one game, by their stored names."""

    def __init__(self, game: str, kinds: Mapping[str, type]):
        self.game = game
        self.kinds = dict(kinds)
        self.names = {cls: name for name, cls in kinds.items()}

    def encode(self, decision) -> dict[str, Any]:
        data = {"type": self.names[type(decision)], **decision.__dict__}
        return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}

    def decode(self, data: Mapping[str, Any]):
        cls = self.kinds.get(data.get("type"))
        if cls is None:
            raise UnknownDecision(f"unknown {self.game} decision {data.get('type')!r}",
                                  code="session.unknown_decision", game=self.game)
        try:
            return cls(**{k: tuple(v) if isinstance(v, list) else v
                          for k, v in data.items() if k != "type"})
        except TypeError as exc:
            raise UnknownDecision(f"a {self.game} decision with the wrong fields",
                                  code="session.decision_fields", game=self.game) from exc
