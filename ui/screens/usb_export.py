"""Settings → Export to USB: History written to a USB stick as the command line's two files
(docs/export.md): ``companion-history-<date>.csv`` and ``.json``. No keyboard, no network: the
stick is found among the mounted file systems when the screen opens or on "Look again"
(nothing polls), the files are written whole (a temporary name, renamed) and flushed to the
stick before the screen says it may be taken out."""

from __future__ import annotations

import logging
import os
import time

import pygame

from hw.usb_stick import mounted_sticks
from storage import history_file
from storage.store import save_reason

from .. import theme
from ..widgets import Button, draw_paragraph, grid
from .base import BODY, Screen

log = logging.getLogger(__name__)

MAX_STICKS = 3
BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 70, BODY.width, 70)


def export_to(app, folder) -> tuple[str, str]:
    """Write both files into ``folder``; their names. OSError when the stick refuses."""
    stem = "companion-history-" + time.strftime("%Y%m%d-%H%M")
    names = (f"{stem}.csv", f"{stem}.json")
    history_file.write_atomically(folder / names[0], history_file.csv_text(app.store))
    history_file.write_atomically(folder / names[1], history_file.backup_text(app.store))
    os.sync()  # on the stick, not only in the page cache, before "you can take it out"
    return names


class UsbExportScreen(Screen):
    name = "usb-export"

    def __init__(self, app):
        self.sticks = mounted_sticks()
        self.said = ("usb.none", {}) if not self.sticks else ("usb.found", {})
        super().__init__(app)

    def title(self) -> str:
        return self.t("usb.title")

    def build(self) -> None:
        area = pygame.Rect(BODY.left, BODY.top + 150, BODY.width, 3 * 64)
        for i, rect in enumerate(grid(area, MAX_STICKS, 1, 10)):
            self.add(Button(rect, lambda i=i: self.stick_label(i), lambda i=i: self.write(i),
                            name=f"stick{i}", size=theme.BODY_SIZE, selected=i == 0,
                            visible=i < len(self.sticks)))
        self.add(Button(grid(BOTTOM, 2, 2, 16)[0], lambda: self.t("usb.look_again"),
                        self.look_again, name="look-again", size=theme.BODY_SIZE))

    def stick_label(self, i: int) -> str:
        return self.t("usb.write_to", path=str(self.sticks[i].path)) if i < len(
            self.sticks) else ""

    def look_again(self) -> None:
        self.sticks = mounted_sticks()
        self.said = ("usb.none", {}) if not self.sticks else ("usb.found", {})
        for i in range(MAX_STICKS):
            self.button(f"stick{i}").visible = i < len(self.sticks)
        self.app.dirty = True

    def write(self, i: int) -> None:
        stick = self.sticks[i]
        games = self.app.store.count(finished=True)
        try:
            csv_name, json_name = export_to(self.app, stick.path)
        except OSError as exc:
            log.error("export to %s failed: %s", stick.path, exc.strerror or type(exc).__name__)
            self.said = ("usb.failed", {"reason": self.t(f"save_failed.{save_reason(exc)}")})
        else:
            log.info("History exported to %s", stick.path)
            self.said = ("usb.written", {"csv": csv_name, "json": json_name, "n": games})
        self.app.dirty = True

    def draw_body(self, canvas: pygame.Surface) -> None:
        key, fields = self.said
        colour = theme.WARNING if key == "usb.failed" else theme.TEXT
        draw_paragraph(canvas, self.app.fonts, self.t(key, **fields),
                       pygame.Rect(BODY.left, BODY.top + 10, BODY.width, 130), theme.BODY_SIZE,
                       colour)
