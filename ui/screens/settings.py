"""Settings: language, rotation, sound, how long a private screen left untouched stays, a
row for each game setting the registry gives
(Troyes' scores during play, Tiletum's corruption tokens), and the way to the players the
table remembers, the export to a USB stick, the hardware test and About."""

from __future__ import annotations

import pygame

from .. import registry, theme
from ..config import ROTATIONS
from ..quiet_time import quiet_choices, quiet_time
from ..widgets import Button, draw_paragraph, fit_size, grid, wrap
from .base import BODY, Screen

LABEL_W = 230
ROW_H = 56
GAP = 8
FIXED_ROWS = 4  # language, rotation, sound, the private screens' quiet time


class SettingsScreen(Screen):
    """A game's setting row (the registry's ``settings``: ``(app) -> row``) has ``name``,
    ``label_key``, ``read()`` (from the store, when Settings is entered), ``value()`` (the
    button's text) and ``open()``."""

    name = "settings"
    rehearsed = True  # its first frame fits ~10 labels to their rows (ui/prepare.py)

    def __init__(self, app):
        self.game_rows = [registry.resolve(path)(app) for entry in registry.games()
                          for path in entry.settings]
        super().__init__(app)

    @classmethod
    def rehearsal(cls, app) -> "SettingsScreen":
        """Settings as a tap on home makes it (entered: its rows read), for a rehearsal while
        nobody waits (ui/prepare.py)."""
        screen = cls(app)
        screen.on_enter()
        return screen

    def title(self) -> str:
        return self.t("settings.title")

    def _row(self, i: int) -> pygame.Rect:
        """Row ``i``: rows as tall as the body leaves for every row and the buttons below."""
        rows = FIXED_ROWS + 1 + len(self.game_rows)  # the app's, the games', the buttons
        pitch = min(ROW_H + GAP, (BODY.height + GAP) // rows)
        return pygame.Rect(BODY.left + LABEL_W, BODY.top + i * pitch,
                           BODY.width - LABEL_W, pitch - GAP)

    def _choices(self, row: int, options, label, is_selected, choose, prefix: str) -> None:
        area = self._row(row)
        w = (area.width - GAP * (len(options) - 1)) // len(options)
        for i, option in enumerate(options):
            rect = pygame.Rect(area.left + i * (w + GAP), area.top, w, area.height)
            self.add(Button(rect, lambda o=option: label(o), lambda o=option: choose(o),
                            selected=lambda o=option: is_selected(o), name=f"{prefix}-{option}",
                            size=theme.BODY_SIZE))

    def build(self) -> None:
        app = self.app
        self._choices(0, ("ko", "en"), lambda o: self.t(f"lang.{o}"),
                      lambda o: app.language == o, app.set_language, "language")
        if not app.fonts.has_hangul:
            self.button("language-ko").enabled = False
        self._choices(1, ROTATIONS, lambda o: self.t("settings.degrees", deg=o),
                      lambda o: app.rotation == o, app.set_rotation, "rotation")
        self._choices(2, (True, False), lambda o: self.t("common.on" if o else "common.off"),
                      lambda o: app.hw.outputs.sound == o, app.set_sound, "sound")
        self._choices(3, quiet_choices(app.config.private_timeout),
                      lambda o: quiet_time(self.t, o), lambda o: app.private_timeout == o,
                      app.set_private_timeout, "private-timeout")
        for i, row in enumerate(self.game_rows, FIXED_ROWS):
            self.add(Button(self._row(i), row.value, row.open, name=row.name,
                            size=theme.BODY_SIZE))
        bottom = self._row(FIXED_ROWS + len(self.game_rows))
        cells = grid(pygame.Rect(BODY.left, bottom.top, BODY.width, bottom.height), 4, 4, GAP)
        for rect, (name, key, action) in zip(cells, (
                ("players", "settings.players", self.open_players),
                ("usb", "settings.usb", self.open_usb),
                ("hwtest", "settings.hwtest", self.open_hwtest),
                ("about", "settings.about", self.open_about))):
            self.add(Button(rect, lambda k=key: self.t(k), action, name=name,
                            size=theme.BODY_SIZE))

    def draw_body(self, canvas: pygame.Surface) -> None:
        keys = ("settings.language", "settings.rotation", "settings.sound",
                "settings.private_timeout", *(row.label_key for row in self.game_rows))
        for i, key in enumerate(keys):
            row, text = self._row(i), self.t(key)
            fonts = self.app.fonts
            size = fit_size(fonts, text, theme.BUTTON_SIZE, LABEL_W - 12, row.height)
            height = len(wrap(fonts, text, size, LABEL_W - 12)) * fonts.get(size).get_linesize()
            draw_paragraph(canvas, fonts, text, pygame.Rect(
                BODY.left, row.centery - height // 2, LABEL_W - 12, height), size)

    def on_enter(self) -> None:
        """The games' settings read again (back from changing one): here, not while drawing
        (they come from the store)."""
        for row in self.game_rows:
            row.read()

    def open_players(self) -> None:
        from .players import PlayersScreen  # deferred: the Settings tap stays quick

        self.app.push(PlayersScreen(self.app))

    def open_usb(self) -> None:
        from .usb_export import UsbExportScreen  # deferred: the Settings tap stays quick

        self.app.push(UsbExportScreen(self.app))

    def open_hwtest(self) -> None:
        from .hwtest import HardwareTestScreen  # deferred: the Settings tap stays quick

        self.app.push(HardwareTestScreen(self.app))

    def open_about(self) -> None:
        from .about import AboutScreen  # deferred: the Settings tap stays quick

        self.app.push(AboutScreen(self.app))
