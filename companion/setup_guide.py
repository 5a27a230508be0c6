"""A game's set-up, step by step, for the player count: what a screen says (a catalogue key
and its numbers) and what it draws (groups of pieces), each step naming the rulebook lines it
follows. The games' own lists: companion/troyes/setup_guide.py, companion/tiletum/setup_guide.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Pieces(NamedTuple):
    """A group a step draws: ``count`` pieces of one ``shape`` (``citizen``, ``card``, ``coin``,
    ``die``, ``tile``, ``disc``) in one ``colour`` (a colour name, or ``player``: the player's
    own), with ``label`` under them (a catalogue key or a number, "" for none); ``removed``:
    crossed out, what goes back to the box; ``shown``: how many are drawn (default
    ``count``; a pile is drawn as one)."""

    shape: str
    colour: str
    count: int
    label: str = ""
    removed: bool = False
    shown: int | None = None


class Step(NamedTuple):
    """One step: the text's catalogue key and fields, the pieces drawn, and the seed's lines
    (``"002:105"``: seed 002, line 105)."""

    key: str
    fields: Mapping[str, Any]
    pieces: tuple[Pieces, ...]
    lines: str
