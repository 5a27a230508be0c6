"""The real display: a window or the whole screen, showing the 800x480 canvas rotated and
scaled to fit (letterboxed). Screens draw only on the canvas."""

from __future__ import annotations

import os

import pygame

from .geometry import HEIGHT, WIDTH, Viewport
from .icons import window_icon


MEMORY_DRIVERS = ("offscreen", "dummy")  # SDL drivers that show nothing
CONSOLE_DRIVERS = ("kmsdrm", "fbcon")  # SDL drivers that own the whole screen (no desktop)
UNBOUNDED = (1 << 15, 1 << 15)  # px: the "desktop" of a driver that draws into memory


class NoDisplay(RuntimeError):
    """SDL found no display to open."""


NO_DISPLAY_HELP = (
    "no display available ({error}). Run it from a desktop session, on a Raspberry Pi "
    "console with SDL_VIDEODRIVER=kmsdrm, or without a screen with --headless."
)


def choose_rotation(native: tuple[int, int]) -> int:
    """The rotation for ``rotation = "auto"`` on a screen whose own mode is ``native``: a
    portrait panel (Touch Display 2: 720x1280) is turned 90° so the landscape picture fills it;
    a landscape one (the 7" display: 800x480, HDMI) is not turned.

    >>> choose_rotation((720, 1280)), choose_rotation((800, 480)), choose_rotation((1024, 1024))
    (90, 0, 0)
    """
    width, height = native
    return 90 if height > width else 0


class Display:
    """Owns the pygame display surface and the logical canvas."""

    def __init__(self, rotation: int | str = 0, fullscreen: bool | None = None,
                 headless: bool = False, strip: int = 0, strip_optional: bool = False):
        try:
            pygame.display.init()
        except pygame.error as exc:
            raise NoDisplay(NO_DISPLAY_HELP.format(error=exc)) from None
        self.driver = pygame.display.get_driver()
        if self.driver in MEMORY_DRIVERS and not headless \
                and os.environ.get("SDL_VIDEODRIVER") != self.driver:
            # SDL falls back to drawing into memory when it finds no screen: nobody would see it.
            pygame.display.quit()
            raise NoDisplay(NO_DISPLAY_HELP.format(error=f"SDL found only {self.driver!r}"))
        driver = self.driver.lower()  # SDL names it "KMSDRM"
        if driver == "kmsdrm":
            present_through_gles()
        if fullscreen is None:
            fullscreen = driver in CONSOLE_DRIVERS
        self.fullscreen = fullscreen
        # The screen's own mode, where the picture fills the screen (a window has the shape
        # the picture asks for).
        self.native = tuple(pygame.display.get_desktop_sizes()[0]) if fullscreen else None
        self.rotation_chosen = rotation == "auto"
        if self.rotation_chosen:
            rotation = choose_rotation(self.native) if self.native else 0
        self.rotation = rotation
        # px asked below the picture for the debug strip (0: none); an optional one is left
        # out where it would make the picture smaller (``strip``: the one kept)
        self.strip_wanted, self.strip_optional = strip, strip_optional
        pygame.display.set_caption("Tabletop Companion")
        pygame.display.set_icon(window_icon())  # before the window opens: see window_icon
        self._open()
        if self.fullscreen:
            pygame.mouse.set_visible(False)  # a touchscreen kiosk shows no pointer

    def _open(self) -> None:
        picture = Viewport((WIDTH, HEIGHT), self.rotation).rotated_size
        try:
            if self.fullscreen:
                self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                self.strip = self._strip_kept(lambda strip: self.surface.get_size())
            else:
                desktop = self._desktop()
                self.strip = self._strip_kept(
                    lambda strip: window_size(picture, strip, desktop))
                self.surface = pygame.display.set_mode(window_size(picture, self.strip,
                                                                   desktop))
        except pygame.error as exc:
            raise NoDisplay(NO_DISPLAY_HELP.format(error=exc)) from None
        sw, sh = self.surface.get_size()
        self.viewport = Viewport((sw, sh - self.strip), self.rotation)
        self.strip_rect = pygame.Rect(0, sh - self.strip, sw, self.strip)
        # When nothing needs transforming, screens draw straight onto the display surface.
        identity = self.viewport.is_identity and not self.strip
        self.canvas = self.surface if identity else pygame.Surface((WIDTH, HEIGHT))

    def _desktop(self) -> tuple[int, int]:
        """The most room a window may take: the desktop's size (a driver that draws into
        memory has no desktop to speak of)."""
        if self.driver in MEMORY_DRIVERS:
            return UNBOUNDED
        return tuple(pygame.display.get_desktop_sizes()[0])

    def _strip_kept(self, size_with) -> int:
        """The strip's px: as asked, or none where an optional one would make the picture
        smaller than it is without (``size_with(strip)``: the display's size with it)."""
        strip = self.strip_wanted
        if strip and self.strip_optional:
            def scale(px: int) -> float:
                w, h = size_with(px)
                return Viewport((w, h - px), self.rotation).scale
            if scale(strip) < scale(0):
                return 0
        return strip

    def set_rotation(self, rotation: int) -> None:
        """Turn the picture (a window changes shape; a full screen letterboxes)."""
        self.rotation_chosen = False
        if rotation != self.rotation:
            self.rotation = rotation
            self._open()

    def present(self, before_flip=None) -> None:
        """Show the canvas on the display; ``before_flip(surface)`` may draw in the strip."""
        if self.canvas is not self.surface:
            picture = self.canvas
            if self.rotation:
                picture = pygame.transform.rotate(picture, -self.rotation)
            x, y, w, h = self.viewport.target
            if (w, h) != picture.get_size():
                picture = pygame.transform.scale(picture, (w, h))
            self.surface.fill((0, 0, 0))
            self.surface.blit(picture, (x, y))
        if before_flip is not None:
            before_flip(self.surface)
        pygame.display.flip()

    @property
    def portrait_band(self) -> bool:
        """Whether a portrait screen shows the landscape picture unturned: a band across it."""
        return bool(self.native) and choose_rotation(self.native) != 0 \
            and self.rotation in (0, 180)

    def describe(self) -> str:
        """Driver, size and rotation, for the About page."""
        w, h = self.surface.get_size()
        return f"{self.driver} {w}x{h}, {self.rotation}°" + (" (auto)" if self.rotation_chosen
                                                             else "")


def window_size(picture: tuple[int, int], strip: int, desktop: tuple[int, int]
                ) -> tuple[int, int]:
    """A window showing ``picture`` at its own size with ``strip`` px below it, within the
    ``desktop``: on a desktop too small for that, the picture scaled down to fit, keeping its
    shape (a window larger than the desktop would be cut off).

    >>> window_size((800, 480), 24, (1920, 1080)), window_size((800, 480), 24, (800, 480))
    ((800, 504), (760, 480))
    >>> window_size((480, 800), 0, (800, 480))
    (288, 480)
    """
    (w, h), (dw, dh) = picture, desktop
    scale = min(1, dw / w, max(1, dh - strip) / h)
    return round(w * scale), round(h * scale) + strip


def present_through_gles() -> None:
    """On KMSDRM, SDL shows a window surface through a GL context it makes on GBM/EGL; its
    default (desktop OpenGL) draws nothing there, so the screen keeps only its clear colour.
    OpenGL ES is what the Pi's (and Mesa's) EGL gives: ask for it unless the user chose."""
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "opengles2")


def use_headless_driver() -> None:
    """Make SDL draw into memory (no window, no screen): for --headless runs and tests."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
