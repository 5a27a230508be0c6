"""How Troyes' dice look, kept apart from the board so that every face can be drawn while
nobody waits (``prepare.py``) without importing the game."""

from __future__ import annotations

FACES = {"yellow": (236, 196, 64), "white": (236, 236, 230), "red": (204, 64, 56),
         "black": (20, 20, 22)}  # by the colour names of companion/troyes/dice.py
SIZE = 48


def letters(app) -> dict[str, str]:
    """The letter on each colour's dice."""
    return {c: app.t(f"troyes.letter_{c}") for c in FACES}
