"""How Tiletum's dice look, kept apart from the screens so that every face can be drawn
while nobody waits (``prepare.py``) without importing the game."""

from __future__ import annotations

FACES = {"blue": (52, 104, 200), "pink": (236, 128, 170), "yellow": (236, 196, 64),
         "grey": (160, 160, 160), "black": (22, 22, 24)}
WHEEL_SIZES = (38, 30, 26, 24, 22)  # the largest that shows all of a wedge's dice (the 20 px
# labels take the middle of the wheel, so crowded wedges pack smaller dice; 34 px holds no more
# than 38 in any wedge)
TAKE_SIZE = 64  # the dice of the wedge being taken from


def letters(app) -> dict[str, str]:
    """The letter on each colour's dice (grey, black and blue look alike at a table)."""
    return {c: app.t(f"tiletum.letter_{c}") for c in FACES}
