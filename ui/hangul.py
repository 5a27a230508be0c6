"""Korean text typed on the standard 2-set keyboard (두벌식, KS X 5002), one jamo at a time.

The kiosk has no input method (no IBus/fcitx under KMSDRM) and the standard library has none,
so the on-screen keyboard composes syllables itself, the way the 2-set IMEs of Windows and
macOS do. This module is that composer: data and arithmetic only, cheap to import.

The state is the committed text plus the syllable being composed, kept as the jamo typed for
it: an initial consonant, one or two vowels (ㅗ+ㅏ is ㅘ), one or two final consonants (ㄹ+ㄱ
is ㄺ). A typed jamo either joins that syllable or ends it (it is committed) and starts the
next one:

- a consonant joins a syllable that has a vowel, as its final or as the second half of a
  compound final (ㄱ+ㅅ ㄴ+ㅈ ㄴ+ㅎ ㄹ+ㄱ ㄹ+ㅁ ㄹ+ㅂ ㄹ+ㅅ ㄹ+ㅌ ㄹ+ㅍ ㄹ+ㅎ ㅂ+ㅅ); ㄸ ㅃ ㅉ
  are never finals. Otherwise it starts a new syllable (so a lone ㅋ before ㅋ stays ㅋ).
- a vowel joins a syllable that has no vowel yet, or compounds with its one vowel (ㅗ+ㅏ ㅗ+ㅐ
  ㅗ+ㅣ ㅜ+ㅓ ㅜ+ㅔ ㅜ+ㅣ ㅡ+ㅣ). After a final it takes that final (or the second half of a
  compound final) as the initial of a new syllable: ㄷㅏㄹㄱㅣ is 달기. Otherwise it starts a
  new syllable of its own (a lone vowel).
- any other character (letter, digit, space, sign) ends the syllable and is appended as is.

Backspace takes the last jamo typed off the syllable being composed (한 → 하 → ㅎ), or, when
none is, deletes the last committed character, a whole syllable: a committed syllable is not
reopened. There is no automatic ㄲ from ㄱ ㄱ: doubles come from shift, as on the OS IMEs.
"""

from __future__ import annotations

ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")  # the letter keys, top row to bottom

# Each letter key: (the jamo it types, the jamo it types with shift).
KEYS = {
    "q": ("ㅂ", "ㅃ"), "w": ("ㅈ", "ㅉ"), "e": ("ㄷ", "ㄸ"), "r": ("ㄱ", "ㄲ"), "t": ("ㅅ", "ㅆ"),
    "y": ("ㅛ", "ㅛ"), "u": ("ㅕ", "ㅕ"), "i": ("ㅑ", "ㅑ"), "o": ("ㅐ", "ㅒ"), "p": ("ㅔ", "ㅖ"),
    "a": ("ㅁ", "ㅁ"), "s": ("ㄴ", "ㄴ"), "d": ("ㅇ", "ㅇ"), "f": ("ㄹ", "ㄹ"), "g": ("ㅎ", "ㅎ"),
    "h": ("ㅗ", "ㅗ"), "j": ("ㅓ", "ㅓ"), "k": ("ㅏ", "ㅏ"), "l": ("ㅣ", "ㅣ"),
    "z": ("ㅋ", "ㅋ"), "x": ("ㅌ", "ㅌ"), "c": ("ㅊ", "ㅊ"), "v": ("ㅍ", "ㅍ"), "b": ("ㅠ", "ㅠ"),
    "n": ("ㅜ", "ㅜ"), "m": ("ㅡ", "ㅡ"),
}

# The compatibility jamo in the order of the syllable arithmetic (Unicode's standard tables).
INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"  # 19
MEDIALS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"  # 21
FINALS = ("",) + tuple("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ")  # 28, 0 = none

FIRST_SYLLABLE = 0xAC00  # 가
FIRST_CONSONANT, LAST_CONSONANT = "\u3131", "\u314e"  # ㄱ .. ㅎ (compatibility jamo)
FIRST_VOWEL, LAST_VOWEL = "\u314f", "\u3163"  # ㅏ .. ㅣ

COMPOUND_VOWELS = {"ㅗㅏ": "ㅘ", "ㅗㅐ": "ㅙ", "ㅗㅣ": "ㅚ", "ㅜㅓ": "ㅝ", "ㅜㅔ": "ㅞ", "ㅜㅣ": "ㅟ",
                   "ㅡㅣ": "ㅢ"}
COMPOUND_FINALS = {"ㄱㅅ": "ㄳ", "ㄴㅈ": "ㄵ", "ㄴㅎ": "ㄶ", "ㄹㄱ": "ㄺ", "ㄹㅁ": "ㄻ", "ㄹㅂ": "ㄼ",
                   "ㄹㅅ": "ㄽ", "ㄹㅌ": "ㄾ", "ㄹㅍ": "ㄿ", "ㄹㅎ": "ㅀ", "ㅂㅅ": "ㅄ"}

_INITIAL_INDEX = {jamo: i for i, jamo in enumerate(INITIALS)}
_MEDIAL_INDEX = {jamo: i for i, jamo in enumerate(MEDIALS)}
_FINAL_INDEX = {jamo: i for i, jamo in enumerate(FINALS)}
_FINAL_HALVES = {compound: pair for pair, compound in COMPOUND_FINALS.items()}  # ㄳ: ㄱㅅ


def jamo_for_key(letter: str, shifted: bool = False) -> str:
    """The jamo the 2-set layout types for the QWERTY ``letter`` (either case), with or
    without shift."""
    pair = KEYS.get(letter.lower())
    if pair is None:
        raise ValueError(f"not a letter key: {letter!r}")
    return pair[1] if shifted else pair[0]


def _vowel(typed: str) -> str:
    """The vowel the one or two vowels typed make."""
    return COMPOUND_VOWELS[typed] if len(typed) == 2 else typed


def _final(typed: str) -> str:
    """The final consonant the zero, one or two consonants typed make."""
    return COMPOUND_FINALS[typed] if len(typed) == 2 else typed


def _syllable(initial: str, vowels: str, finals: str) -> str:
    """The precomposed syllable of an initial, the vowels and the finals typed for it."""
    medial = _MEDIAL_INDEX[_vowel(vowels)]
    return chr(FIRST_SYLLABLE + (_INITIAL_INDEX[initial] * 21 + medial) * 28
               + _FINAL_INDEX[_final(finals)])


def _composed(initial: str, vowels: str, finals: str) -> str:
    """The syllable being composed as shown: a syllable, a lone jamo, or ""."""
    if initial and vowels:
        return _syllable(initial, vowels, finals)
    return _vowel(vowels) if vowels else initial


class Composer:
    """Typed Korean text: the committed text and the syllable being composed. Immutable:
    each method returns a new Composer."""

    __slots__ = ("_key",)  # (committed text, initial typed, vowels typed, finals typed)

    def __init__(self, committed: str = ""):
        object.__setattr__(self, "_key", (committed, "", "", ""))

    @classmethod
    def of(cls, text: str) -> Composer:
        """A composer holding ``text``, all of it committed (e.g. a name being edited)."""
        return cls(text)

    @staticmethod
    def _new(committed: str, initial: str, vowels: str, finals: str) -> Composer:
        composer = object.__new__(Composer)
        object.__setattr__(composer, "_key", (committed, initial, vowels, finals))
        return composer

    def __setattr__(self, name, value):
        raise AttributeError("Composer is immutable")

    def __eq__(self, other):
        if not isinstance(other, Composer):
            return NotImplemented
        return self._key == other._key

    def __hash__(self):
        return hash(self._key)

    def __repr__(self):
        committed, initial, vowels, finals = self._key
        return f"Composer(committed={committed!r}, typed={initial + vowels + finals!r})"

    @property
    def committed(self) -> str:
        """The text no longer being composed."""
        return self._key[0]

    @property
    def composing(self) -> str:
        """The syllable (or lone jamo) being composed, or "" if none."""
        return _composed(*self._key[1:])

    @property
    def text(self) -> str:
        """All the text: committed, then the syllable being composed."""
        return self._key[0] + _composed(*self._key[1:])

    def type(self, ch: str) -> Composer:
        """This text with one character typed: a compatibility jamo (U+3131..U+3163) joins or
        ends the syllable being composed; any other character ends it and is appended."""
        if len(ch) != 1:
            raise ValueError(f"type one character at a time, not {ch!r}")
        committed, initial, vowels, finals = self._key
        if FIRST_CONSONANT <= ch <= LAST_CONSONANT:
            if initial and vowels:
                if not finals and ch in _FINAL_INDEX:  # ㄸ ㅃ ㅉ are not in FINALS
                    return Composer._new(committed, initial, vowels, ch)
                if finals + ch in COMPOUND_FINALS:
                    return Composer._new(committed, initial, vowels, finals + ch)
            done = committed + _composed(initial, vowels, finals)
            if ch in _INITIAL_INDEX:
                return Composer._new(done, ch, "", "")
            return Composer._new(done + ch, "", "", "")  # ㄳ etc. typed as such: cannot start one
        if FIRST_VOWEL <= ch <= LAST_VOWEL:
            if finals:  # the final (or its second half) starts the next syllable
                if len(finals) == 2:
                    kept, moved = finals[0], finals[1]
                elif finals in _FINAL_HALVES:  # a compound final typed as one jamo
                    kept, moved = _FINAL_HALVES[finals]
                else:
                    kept, moved = "", finals
                return Composer._new(committed + _syllable(initial, vowels, kept), moved, ch, "")
            if not vowels:
                return Composer._new(committed, initial, ch, "")
            if vowels + ch in COMPOUND_VOWELS:
                return Composer._new(committed, initial, vowels + ch, "")
            return Composer._new(committed + _composed(initial, vowels, ""), "", ch, "")
        return Composer._new(committed + _composed(initial, vowels, finals) + ch, "", "", "")

    def backspace(self) -> Composer:
        """This text with the last jamo typed taken off the syllable being composed, or, if
        none is being composed, the last committed character deleted."""
        committed, initial, vowels, finals = self._key
        if finals:
            return Composer._new(committed, initial, vowels, finals[:-1])
        if vowels:
            return Composer._new(committed, initial, vowels[:-1], "")
        if initial:
            return Composer._new(committed, "", "", "")
        return Composer._new(committed[:-1], "", "", "")

    def commit(self) -> Composer:
        """This text with the syllable being composed committed (focus moves, OK pressed)."""
        return Composer._new(self.text, "", "", "")


def type_keys(keys: str) -> str:
    """The text typed by pressing QWERTY ``keys`` on the 2-set layout: an upper-case letter is
    the key with shift; any other character is typed as it is."""
    composer = Composer()
    for key in keys:
        composer = composer.type(jamo_for_key(key, key.isupper()) if key.lower() in KEYS
                                 else key)
    return composer.text
