"""Settings → Export to USB: History written to a USB stick as the command line's two files
(docs/export.md): ``companion-history-<date>.csv`` and ``.json``. No keyboard, no network: the
stick is found among the mounted file systems when the screen opens or on "Look again"
(nothing polls). The files are written by a thread of its own (``ui/export_job.py``) while the
screen shows how far it got and offers Cancel (Back cancels too); each is written whole (a
temporary name, renamed) and flushed to the stick before the screen says it may be taken out.
A name on the stick that is not a regular file is never written over."""

from __future__ import annotations

import pygame

from hw.usb_stick import mounted_sticks

from .. import theme
from ..export_job import ExportJob
from ..widgets import Button, draw_paragraph, grid
from .base import BODY, Screen

MAX_STICKS = 3
BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 70, BODY.width, 70)
TEXT = pygame.Rect(BODY.left, BODY.top + 10, BODY.width, 130)
BAR = pygame.Rect(BODY.left, BODY.top + 160, BODY.width, 36)


class UsbExportScreen(Screen):
    name = "usb-export"

    def __init__(self, app):
        self.sticks = mounted_sticks()
        self.job: ExportJob | None = None
        self.stick = None  # where the job writes
        super().__init__(app)

    def title(self) -> str:
        return self.t("usb.title")

    def build(self) -> None:
        area = pygame.Rect(BODY.left, BODY.top + 150, BODY.width, 3 * 64)
        for i, rect in enumerate(grid(area, MAX_STICKS, 1, 10)):
            self.add(Button(rect, lambda i=i: self.stick_label(i), lambda i=i: self.write(i),
                            name=f"stick{i}", size=theme.BODY_SIZE, selected=i == 0))
        left, right = grid(BOTTOM, 2, 2, 16)[:2]
        self.add(Button(left, lambda: self.t("usb.look_again"), self.look_again,
                        name="look-again", size=theme.BODY_SIZE))
        self.add(Button(right, lambda: self.t("usb.cancel"), self.cancel, name="cancel",
                        size=theme.BODY_SIZE, warning=True))
        self.show_buttons()

    @property
    def writing(self) -> bool:
        return self.job is not None and self.job.running

    @property
    def said(self) -> tuple[str, dict]:
        """What the screen says: the sticks found, how far the export got, or how it ended."""
        if self.job is None:
            return ("usb.found", {}) if self.sticks else ("usb.none", {})
        if self.job.running:
            return "usb.writing", {"path": str(self.stick.path), "done": self.job.done,
                                   "total": self.job.total}
        key, fields = self.job.outcome
        if "reason" in fields:
            fields = {**fields, "reason": self.t(fields["reason"])}
        return f"usb.{key}", fields

    def show_buttons(self) -> None:
        """The sticks and Look again, or Cancel while the files are written."""
        for i in range(MAX_STICKS):
            self.button(f"stick{i}").visible = i < len(self.sticks) and not self.writing
        self.button("look-again").visible = not self.writing
        self.button("cancel").visible = self.writing
        focused = self.buttons[self.focus] if self.focus is not None else None
        if focused is not None and not focused.visible:
            self.focus = next((n for n, b in enumerate(self.buttons)
                               if b.focusable and b.name != "back"), None)

    def stick_label(self, i: int) -> str:
        return self.t("usb.write_to", path=str(self.sticks[i].path)) if i < len(
            self.sticks) else ""

    def look_again(self) -> None:
        self.sticks = mounted_sticks()
        self.job = None
        self.show_buttons()
        self.app.dirty = True

    def write(self, i: int) -> None:
        """Start writing both files to stick ``i``; the screen follows the thread."""
        if self.writing:
            return
        self.stick = self.sticks[i]
        self.job = ExportJob(self.app.store, self.stick.path, self.app.poster.refresh)
        self.job.start()
        self.show_buttons()
        self.app.dirty = True

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.app.dirty = True

    def on_back(self) -> None:
        self.cancel()  # nothing is left half written on the stick
        super().on_back()

    def draw_body(self, canvas: pygame.Surface) -> None:
        self.show_buttons()  # the thread may have ended since the last frame
        key, fields = self.said
        colour = theme.WARNING if key in ("usb.failed", "usb.not_a_file") else theme.TEXT
        draw_paragraph(canvas, self.app.fonts, self.t(key, **fields), TEXT, theme.BODY_SIZE,
                       colour)
        if self.writing:
            pygame.draw.rect(canvas, theme.PANEL, BAR, border_radius=theme.RADIUS)
            share = self.job.done / self.job.total if self.job.total else 0
            if share:
                pygame.draw.rect(canvas, theme.ACCENT,
                                 pygame.Rect(BAR.left, BAR.top, max(2 * theme.RADIUS, round(
                                     BAR.width * share)), BAR.height),
                                 border_radius=theme.RADIUS)
