"""What Citadels' screens draw, prepared while nobody waits (the registry's ``prepare``): the
Korean syllables of its card names, which are not in the messages, and of the character
names at the sizes the draft and the calling show them large."""

from __future__ import annotations

from ...prepare import data_syllable_tasks

LARGE_NAMES = ((38, True), (40, True), (42, False), (42, True), (44, True))


def prepare(app) -> list:
    return [*data_syllable_tasks(app, "companion.citadels", "districts.json", "characters.json"),
            *data_syllable_tasks(app, "companion.citadels", "characters.json",
                                 sizes=LARGE_NAMES)]
