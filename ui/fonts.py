"""Fonts: NanumGothic (Debian package fonts-nanum) where the system keeps it; where the system
has none, the copy shipped with the app (ui/assets/, SIL Open Font License: ui/assets/OFL.txt);
without that copy, wherever fontconfig finds one.

If even that is missing or unreadable, :func:`find_fonts` returns pygame's bundled font and
``has_hangul = False``; the app then runs in English and shows a notice.
"""

from __future__ import annotations

import logging
import weakref
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

import pygame

from .glyphs import Pieces, has_hangul
from .theme import BODY_SIZE

log = logging.getLogger(__name__)

KNOWN_PATHS = (
    "/usr/share/fonts/truetype/nanum/NanumGothic.ttf",
    "/usr/share/fonts/nanum/NanumGothic.ttf",
    "/usr/share/fonts/TTF/NanumGothic.ttf",
)
SHIPPED = Path(__file__).resolve().parent / "assets" / "NanumGothic.ttf"
HANGUL_PROBE = "가나다한국어"


def find_hangul_font() -> str | None:
    """The path of NanumGothic (regular): the system's where Debian puts it, else the app's own
    copy, else wherever fontconfig finds one. fontconfig is asked last: pygame asks it by
    running ``fc-list`` for every font on the system (11 ms here at start-up, against 0.1 ms for
    the two paths checked before it)."""
    for path in KNOWN_PATHS:
        if Path(path).is_file():
            return path
    if SHIPPED.is_file():
        return str(SHIPPED)
    try:
        return pygame.font.match_font("nanumgothic")
    except Exception:  # fc-list missing or broken
        return None


WIDTHS_KEPT = 4096  # measured texts remembered (all forgotten when there are more)
NOT_A_CHARACTER = "\uE000"  # private use: no real font maps it, so it draws the .notdef box


def missing_glyphs(font: pygame.font.Font, text: str) -> set[str]:
    """The characters of ``text`` that ``font`` has no glyph for (spaces excepted).

    ``Font.metrics`` gives None for a missing glyph on some SDL_ttf versions, but pygame-ce 2.5
    returns the metrics of the .notdef box instead; so a character whose metrics and pixels are
    those of a character no font has is missing too (pixels are compared only when the metrics
    are the same: a font with every glyph is checked without drawing one).
    """
    def picture(ch):
        return pygame.image.tobytes(font.render(ch, False, (255, 255, 255)), "RGB")

    notdef_metrics = font.metrics(NOT_A_CHARACTER)[0]
    notdef_picture = None
    missing = set()
    for ch in set(text):
        if ch.isspace():
            continue
        metrics = font.metrics(ch)[0]
        if metrics is None:
            missing.add(ch)
        elif metrics == notdef_metrics:
            notdef_picture = notdef_picture or picture(NOT_A_CHARACTER)
            if picture(ch) == notdef_picture:
                missing.add(ch)
    return missing


def covers(font: pygame.font.Font, text: str) -> bool:
    """Whether ``font`` has a glyph for every character of ``text`` (spaces excepted)."""
    return not missing_glyphs(font, text)


class Fonts:
    """Sized fonts from one family, cached; a cache of rendered text surfaces; and the pieces
    Korean text is put together from (ui/glyphs.py). ``loaded`` and ``rendered`` count the
    fonts opened and the texts drawn (cache misses), for tests and benchmarks. (A cache, not a
    value: see "Start-up" in docs/architecture.md for why it is not a dataclass.)"""

    def __init__(self, regular_path: str | None, bold_path: str | None, has_hangul: bool,
                 text_cache_size: int = 1024):
        self.regular_path = regular_path
        self.bold_path = bold_path
        self.has_hangul = has_hangul
        self.text_cache_size = text_cache_size  # the busiest screens draw ~150 texts
        self.pieces = Pieces()
        self.loaded = 0
        self.rendered = 0
        self._fonts: dict = {}
        self._texts: OrderedDict = OrderedDict()
        self._widths: dict = {}
        self._on_quit = closer(self)

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font at ``size`` px."""
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            if not self._fonts:  # the first since pygame started: let go of them when it quits
                pygame.register_quit(self._on_quit)
            path = self.bold_path if bold and self.bold_path else self.regular_path
            font = pygame.font.Font(path, size)
            if bold and not self.bold_path:
                font.bold = True
            self._fonts[key] = font
            self.loaded += 1
        return font

    def render(self, text: str, size: int, color, bold: bool = False) -> pygame.Surface:
        """``text`` rendered anti-aliased, cached (screens redraw the same labels often)."""
        key = (text, size, tuple(color), bold)
        surface = self._texts.get(key)
        if surface is None:
            surface = self._draw(self.get(size, bold), text, color)
            self.rendered += 1
            self._texts[key] = surface
            if len(self._texts) > self.text_cache_size:
                self._texts.popitem(last=False)
        else:
            self._texts.move_to_end(key)
        return surface

    def _draw(self, font: pygame.font.Font, text: str, color) -> pygame.Surface:
        """Korean from its pieces when they fit (the same pixels), the rest by SDL_ttf."""
        surface = self.pieces.render(font, text, color) if has_hangul(text) else None
        return surface if surface is not None else font.render(text, True, color)

    def width(self, text: str, size: int, bold: bool = False) -> int:
        """How wide ``text`` is drawn (``Font.size``; Korean measured from its pieces),
        remembered (titles are measured every frame, wrapped text word by word)."""
        key = (text, size, bold)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) > WIDTHS_KEPT:
                self._widths.clear()
            font = self.get(size, bold)
            width = self.pieces.width(font, text) if has_hangul(text) else None
            width = self._widths[key] = font.size(text)[0] if width is None else width
        return width

    def close(self) -> None:
        """Let go of the fonts and what was drawn with them; done as pygame quits (a font let
        go of after that keeps its file open as long as the process lives: tests make many
        apps)."""
        self._fonts.clear()
        self._texts.clear()
        self._widths.clear()
        self.pieces = Pieces()

    @property
    def description(self) -> str:
        """The font file in use, for the About page."""
        return self.regular_path or "pygame default font"


def closer(fonts: Fonts) -> Callable[[], None]:
    """``fonts.close`` for pygame's quit, not keeping ``fonts`` alive until then."""
    ref = weakref.ref(fonts)

    def close() -> None:
        alive = ref()
        if alive is not None:
            alive.close()

    return close


def find_fonts() -> Fonts:
    """Fonts for the app: NanumGothic if present, else pygame's default (English only)."""
    regular = find_hangul_font()
    if regular:
        bold = str(Path(regular).with_name("NanumGothicBold.ttf"))
        fonts = Fonts(regular, bold if Path(bold).is_file() else None, has_hangul=True)
        if covers(fonts.get(BODY_SIZE), HANGUL_PROBE):  # a size the home screen opens too
            return fonts
        log.warning("%s has no Hangul glyphs", regular)
    log.warning("no Hangul font found (install fonts-nanum); running in English")
    return Fonts(None, None, has_hangul=False)
