"""The one place that builds the app: lock, store, settings stored on the device, fonts,
messages, hardware, display, speaker and systemd's notifier, handed to :class:`App`, which
then shows home (and the game played last, and the language question on a first start)."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping

import pygame

from storage.lock import DataLock
from storage.opening import open_store
from hw.backend import open_hardware
from hw.clock import REAL, Clock

from .app import App, load_catalog
from .config import LANGUAGES, ROTATIONS, Config
from .display import Display, use_headless_driver
from .events import Poster
from .fonts import find_fonts
from .hub_presenter import HubPresenter
from .overlays import STRIP_HEIGHT
from .quiet_time import quiet_choices
from .screens.home import HomeScreen
from .screens.kept import resume_latest
from .sdnotify import Notifier
from .speech import Speaker
from .wakeup import Waker

log = logging.getLogger("ui.app")

MISSING = object()  # a setting never chosen on the device


def build_app(config: Config, headless: bool = False, env: Mapping[str, str] = os.environ,
              hardware_after_first_frame: bool = False, clock: Clock = REAL) -> App:
    """The app on its first screens. ``hardware_after_first_frame``: ``App.run`` opens GPIO
    and the seat hub once the first frame is shown (the kiosk's start; tests and scripts have
    every backend from the start). ``clock``: the one clock of the app and its inputs; a
    ``VirtualClock`` (scripts, tests) moves only in ``App.run_for``. Raises ``AlreadyRunning``
    when another app has the data folder, ``NoDisplay`` when there is no screen."""
    notices: list[tuple[str, dict]] = [("notice.config", {"error": e}) for e in config.errors]
    for error in config.errors:
        log.error("config: %s", error)
    poster = Poster(Waker())  # backend threads post their events and wake the loop
    lock = DataLock(config.data_dir)
    lock.acquire()  # AlreadyRunning: another app has this data directory
    opened = open_store(config.database)
    store = opened.store
    notices += opened.notices

    def setting(key: str, default, allowed):
        """A setting chosen on the device, or ``default`` when what is stored is not one of
        ``allowed`` (a damaged or foreign value never stops the app)."""
        value = store.get_setting(key, MISSING)
        if value is MISSING:
            return default
        if value in allowed and type(value) is type(next(iter(allowed))):
            return value
        log.error("stored setting %s is not valid: default used", key)
        notices.append(("notice.setting", {"setting": key}))
        return default

    rotation = setting("rotation", config.rotation, ROTATIONS)
    if headless:
        use_headless_driver()
    pygame.font.init()
    fonts = find_fonts()
    language = setting("language", config.language, LANGUAGES)
    if not fonts.has_hangul:
        notices.append(("notice.no_hangul", {}))
        language = "en"
    catalog = load_catalog(language or "en", config.data_dir)
    hub_view = HubPresenter(clock, poster.refresh)  # (a hub may report while opening)
    hw = open_hardware(config.backend, config.pins, poster.post_control,
                       debounce=config.debounce, hold_time=config.hold_time, env=env,
                       threaded=False, clock=clock, hub=config.hub, hub_usb_id=config.hub_usb_id,
                       on_hub_change=hub_view.on_change, later=hardware_after_first_frame)
    notices += hw.notices
    hw.outputs.sound = setting("sound", config.sound, (True, False))
    quiet = setting("private_timeout", config.private_timeout,
                    quiet_choices(config.private_timeout))
    debug_strip = (config.debug_strip if config.debug_strip is not None
                   else not hw.has_physical_outputs and not headless)
    display = Display(rotation, config.fullscreen, headless,
                      strip=STRIP_HEIGHT if debug_strip else 0,
                      strip_optional=config.debug_strip is None)
    if display.portrait_band:
        w, h = display.native
        log.warning("the screen is portrait (%dx%d) and rotation is %d: the picture is a "
                    "band across it; rotation 90 or 270 fills it", w, h, display.rotation)
        notices.append(("notice.portrait", {"width": w, "height": h}))
    # Spoken calls: espeak-ng on the device; headless runs stay silent unless a test names a
    # program in COMPANION_SPEAK.
    speaker = Speaker(lambda: bool(hw.outputs.sound),
                      env.get("COMPANION_SPEAK") or (None if headless else "espeak-ng"))
    app = App(config, clock=clock, headless=headless, lock=lock, store=store, fonts=fonts,
              catalog=catalog, language_chosen=language is not None, hw=hw, display=display,
              speaker=speaker, notifier=Notifier(env), poster=poster,
              hub_view=hub_view, notices=notices)
    app.private_timeout = quiet
    show_first_screens(app)
    return app


def show_first_screens(app: App) -> None:
    """Home, the game played last on top (``resume_latest``), and the language question
    until a language is chosen."""
    app.push(HomeScreen(app))
    try:
        resume_latest(app)
    except Exception as exc:  # whatever a stored game does, the kiosk starts
        app.recover(exc)
        app.pop_to("home")
    if not app.language_chosen:
        from .screens.language import LanguageScreen  # deferred: a first start's only

        app.push(LanguageScreen(app))
