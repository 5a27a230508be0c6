"""The on-screen keyboard: a name typed by touch or with the arrows and OK, in Korean (the 2-set
layout, composed by ui/hangul.py) or in English.

``KeyboardScreen(app, title=..., text=..., on_done=..., check=...)``: Done pops the screen,
then calls ``on_done(text)`` with the text in NFC, stripped; ``check(text)`` may refuse it with
an error code, said as ``error.<code>`` under the text field. Cancel, the title bar's Back and
BACK on an empty text pop without calling ``on_done``. The text never grows past
``MAX_NAME`` characters: a key that would make it longer does nothing.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pygame

from companion.names import MAX_NAME
from hw.controls import Control, ControlEvent, Kind
from .. import theme
from ..hangul import ROWS, Composer, jamo_for_key
from ..widgets import Button, draw_text, fit_line, fit_size
from .base import BODY, Screen

FIELD = pygame.Rect(BODY.left, BODY.top, BODY.width, 60)  # the text being typed
STATUS_Y = FIELD.bottom + 18  # the refusal (left) and the count (right)
KEYS_TOP, ROW_H, GAP = 170, 66, 8
UNIT = (BODY.width + GAP) / 10  # one letter key and its gap: the top row is 10 keys
PAD = 14  # px inside the text field
LETTER_SIZE = {True: 44, False: 30}  # Korean or not: the fonts draw lone jamo small
DIGITS = "1234567890"
SIGNS = {"-": "hyphen", "'": "apostrophe", ".": "period", "&": "ampersand"}
STEPS = {Control.LEFT: (0, -1), Control.RIGHT: (0, 1), Control.UP: (-1, 0),
         Control.DOWN: (1, 0)}


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def key_rect(row: int, col: float, span: float = 1.0) -> pygame.Rect:
    """The key at ``col`` (in letter-key units, from the left) of ``row`` (0 = top)."""
    left, right = round(col * UNIT), round((col + span) * UNIT)
    return pygame.Rect(BODY.left + left, KEYS_TOP + row * (ROW_H + GAP), right - left - GAP,
                       ROW_H)


class KeyboardScreen(Screen):
    """Letter keys (QWERTY, or the jamo of the 2-set layout), a one-shot Shift, 123 for digits
    and - ' . &, 한/A, Space, Backspace (one jamo of the syllable being composed, else one
    character), Cancel and Done. The arrows move along a row and to the nearest key of the row
    above or below; OK presses. BACK (the control) deletes while there is text and cancels once
    it is empty: like Backspace on a laptop, and a name is never thrown away by one press."""

    name = "keyboard"

    def __init__(self, app, title: str, text: str = "",
                 on_done: Callable[[str], None] | None = None,
                 check: Callable[[str], str | None] | None = None):
        self._title, self.on_done, self.check = title, on_done, check
        self.composer = Composer.of(nfc(text))
        self.korean = app.language == "ko" and app.fonts.has_hangul
        self.shift = self.digits = False
        self.error: str | None = None  # the code of the last refusal, until the next key
        super().__init__(app)

    # --- what is typed ------------------------------------------------------------------------
    @property
    def text(self) -> str:
        """Everything typed so far, the syllable being composed included."""
        return self.composer.text

    def title(self) -> str:
        return self._title

    def _edit(self, composer: Composer) -> None:
        """Take ``composer`` as the text, unless it makes a text longer than a name may be."""
        length = len(nfc(composer.text))
        if length <= MAX_NAME or length < len(nfc(self.text)):
            self.composer, self.error = composer, None

    def type(self, ch: str) -> None:
        self._edit(self.composer.type(ch))

    def letter(self, key: str) -> None:
        self.type(self.label(key))
        self.shift = False

    def label(self, key: str) -> str:
        """What the letter ``key`` types now (language and Shift)."""
        if self.korean:
            return jamo_for_key(key, self.shift)
        return key.upper() if self.shift else key

    def backspace(self) -> None:
        self._edit(self.composer.backspace())

    def toggle_shift(self) -> None:
        self.shift = not self.shift

    def switch_language(self) -> None:
        self.korean = not self.korean
        for button in self.letters:
            button.size = LETTER_SIZE[self.korean]
        self._set_mode(digits=False)

    def toggle_digits(self) -> None:
        self._set_mode(digits=not self.digits)

    def _set_mode(self, digits: bool) -> None:
        """Letters or digits shown; the syllable being composed is committed."""
        self.composer, self.digits, self.shift = self.composer.commit(), digits, False
        for button, group in self.groups.items():
            button.visible = (group == "digits") == digits
        if self.focus is None or not self.buttons[self.focus].focusable:
            self.focus = self.buttons.index(self.button("key-digits"))

    def done(self) -> None:
        """The text checked; refused (the reason shown, the focus kept) or given to
        ``on_done`` after this screen is gone."""
        self.composer = self.composer.commit()
        text = nfc(self.composer.text).strip()
        self.error = self.check(text) if self.check else None
        if self.error is None:
            self.app.pop()
            if self.on_done is not None:
                self.on_done(text)

    def cancel(self) -> None:
        self.app.pop()

    def on_back(self) -> None:
        """BACK deletes like Backspace while there is text, and cancels once it is empty."""
        if self.text:
            self.backspace()
        else:
            self.cancel()

    # --- keys ---------------------------------------------------------------------------------
    def _key(self, rect, label, action, name: str, group: str | None = None, **kw) -> Button:
        """A key: a hold types it once too (no repeat); ``group`` is "letters" or "digits" for
        the keys shown only in that mode."""
        button = self.add(Button(rect, label, action, action, name=name, **kw))
        if group is not None:
            self.groups[button] = group
        self.rows[rect.top].append(button)
        return button

    def build(self) -> None:
        self.button("back").on_click = self.cancel  # BACK (the control) is on_back
        self.rows: dict[int, list[Button]] = {key_rect(r, 0).top: [] for r in range(4)}
        self.groups: dict[Button, str] = {}  # the keys shown in one mode only
        self.letters = []
        for r, keys in enumerate(ROWS):
            start = (10 - len(keys)) / 2 if r < 2 else 1.5
            self.letters += [self._key(key_rect(r, start + i), lambda k=key: self.label(k),
                                       lambda k=key: self.letter(k), f"key-{key}", "letters",
                                       size=LETTER_SIZE[self.korean])
                             for i, key in enumerate(keys)]
        for r, chars in enumerate((DIGITS, "".join(SIGNS))):
            start = (10 - len(chars)) / 2
            for i, ch in enumerate(chars):
                self._key(key_rect(r, start + i), ch, lambda c=ch: self.type(c),
                          f"key-{SIGNS.get(ch, ch)}", "digits", visible=False,
                          size=LETTER_SIZE[False])
        self._key(key_rect(2, 0, 1.5), "", self.toggle_shift, "key-shift", "letters",
                  selected=lambda: self.shift)
        self._key(key_rect(2, 8.5, 1.5), "", self.backspace, "key-back")
        self._key(key_rect(3, 0, 1.5), self.digits_label, self.toggle_digits, "key-digits")
        self._key(key_rect(3, 1.5, 1.5), "한/A", self.switch_language, "key-lang",
                  visible=self.app.fonts.has_hangul)
        self._key(key_rect(3, 3, 4), lambda: self.t("keyboard.space"), lambda: self.type(" "),
                  "key-space", size=theme.BODY_SIZE)
        self._key(key_rect(3, 7, 1.5), lambda: self.t("keyboard.cancel"), self.cancel,
                  "key-cancel", size=theme.BODY_SIZE)
        self._key(key_rect(3, 8.5, 1.5), lambda: self.t("common.done"), self.done, "key-done",
                  size=theme.BODY_SIZE, selected=True)

    def digits_label(self) -> str:
        if not self.digits:
            return "123"
        return "가나다" if self.korean else "ABC"

    # --- the arrows ---------------------------------------------------------------------------
    def on_control(self, event: ControlEvent) -> bool:
        """The arrows move over the key rows (the default movement would jump between rows at
        the end of a short row); UP from the top row stays."""
        step = STEPS.get(event.control)
        if step is None:
            return False
        if event.kind is Kind.PRESS:
            rows = [sorted((b for b in row if b.focusable), key=lambda b: b.rect.x)
                    for row in self.rows.values()]
            rows = [row for row in rows if row]
            here = self.buttons[self.focus] if self.focus is not None else rows[0][0]
            r = next((i for i, row in enumerate(rows) if here in row), 0)
            target = rows[r][0] if here not in rows[r] else self._step(rows, r, here, step)
            self.focus = self.buttons.index(target)
        return True

    @staticmethod
    def _step(rows: list[list[Button]], r: int, here: Button, step) -> Button:
        """The key one step from ``here`` (in row ``r``): along the row, stopping at its ends,
        or the nearest key of the next row up or down."""
        down, along = step
        if along:
            row = rows[r]
            return row[min(max(row.index(here) + along, 0), len(row) - 1)]
        if not 0 <= r + down < len(rows):
            return here
        return min(rows[r + down], key=lambda b: abs(b.rect.centerx - here.rect.centerx))

    # --- drawing ------------------------------------------------------------------------------
    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        pygame.draw.rect(canvas, theme.PANEL, FIELD, border_radius=theme.RADIUS)
        room = FIELD.width - 2 * PAD - 6
        text, committed = self.text, self.composer.committed
        # smaller for a long name, through the prepared sizes (24 wide characters fit at 26 px)
        _, size = fit_line(fonts, text, theme.BIG_SIZE, room, floor=20)
        left = FIELD.left + PAD
        if text:
            draw_text(canvas, fonts, text, (left, FIELD.centery), size, anchor="midleft")
        end = left + fonts.width(text, size)
        half = fonts.get(size).get_height() // 2
        if len(text) > len(committed):  # the syllable being composed: underlined
            start = left + fonts.width(committed, size)
            pygame.draw.line(canvas, theme.ACCENT, (start, FIELD.centery + half),
                             (end, FIELD.centery + half), 3)
        pygame.draw.line(canvas, theme.ACCENT, (end + 3, FIELD.centery - half + 2),
                         (end + 3, FIELD.centery + half - 2), 3)  # the cursor
        count = f"{len(nfc(text))}/{MAX_NAME}"
        full = len(nfc(text)) >= MAX_NAME
        right = draw_text(canvas, fonts, count, (FIELD.right - 4, STATUS_Y), theme.SMALL_SIZE,
                          theme.ACCENT if full else theme.TEXT_DIM, anchor="midright")
        if self.error:
            message = self.t(f"error.{self.error}")
            width = right.left - FIELD.left - 16
            size = fit_size(fonts, message, theme.BODY_SIZE, width, 26)
            draw_text(canvas, fonts, message, (FIELD.left + 4, STATUS_Y), size, theme.WARNING,
                      anchor="midleft")

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        """Shift and Backspace drawn as shapes (the fonts have no ⌫)."""
        shift, back = self.button("key-shift"), self.button("key-back")
        if shift.visible:
            x, y = shift.rect.center
            colour = theme.ACCENT_TEXT if self.shift else theme.TEXT
            pygame.draw.polygon(canvas, colour, [
                (x, y - 15), (x + 15, y), (x + 7, y), (x + 7, y + 13), (x - 7, y + 13),
                (x - 7, y), (x - 15, y)], 0 if self.shift else 3)
        x, y = back.rect.center
        pygame.draw.polygon(canvas, theme.TEXT, [
            (x - 22, y), (x - 10, y - 13), (x + 20, y - 13), (x + 20, y + 13),
            (x - 10, y + 13)], 3)
        for dy in (-6, 6):
            pygame.draw.line(canvas, theme.TEXT, (x - 1, y - dy), (x + 11, y + dy), 3)
