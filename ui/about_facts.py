"""The facts About shows: versions, controls, font, files, display, speech and the seat hub."""

from __future__ import annotations

import pygame

import companion

from .hub_presenter import HubPresenter
from .speech import VOICES


def about_facts(app) -> dict[str, str]:
    """Catalogue key → the fact, in the current language."""
    path = app.config.path
    config = str(path) if path and path.exists() else app.t(
        "about.config_missing", path=str(path))
    return {
        "about.version": f"{companion.__version__} (pygame-ce {pygame.version.ver}, "
                         f"SDL {'.'.join(map(str, pygame.get_sdl_version()))})",
        "about.controls": ", ".join(app.hw.backends + ["touch"]),
        "about.font": app.fonts.description,
        "about.config": config,
        "about.data": app.store.path,
        "about.display": app.display.describe(),
        "about.speech": app.t("about.speech_on", voice=VOICES.get(app.language, "en"))
        if app.speaker.available else app.t("about.speech_off"),
        "about.hub": HubPresenter.about(app.hw.hub, app.t),
    }
