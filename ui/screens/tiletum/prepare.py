"""What Tiletum's screens draw, prepared while nobody waits (the registry's ``prepare``,
see ui/prepare.py): every die face (on the wheel the letter alone: the wedge says the pip),
the places of the dice on the wheel and, in Korean, the syllables of the festival tiles.
Imports no more than that needs."""

from __future__ import annotations

from ...prepare import data_syllable_tasks
from ..dice_faces import face_tasks
from .dice import FACES, TAKE_SIZE, WHEEL_SIZES, letters
from .wheel_geometry import slot_tasks


def prepare(app) -> list:
    return [*face_tasks(app.fonts, WHEEL_SIZES, FACES, letters(app), pips=False),
            *face_tasks(app.fonts, (TAKE_SIZE,), FACES, letters(app)),
            *slot_tasks(), *data_syllable_tasks(app, "companion.tiletum", "festivals.json")]
