"""What Troyes' screens draw, prepared while nobody waits (the registry's ``prepare``, see
ui/prepare.py): every die face of the board."""

from __future__ import annotations

from ..dice_faces import face_tasks
from .dice import FACES, SIZE, letters


def prepare(app) -> list:
    return face_tasks(app.fonts, (SIZE,), FACES, letters(app))
