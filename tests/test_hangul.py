"""The 2-set Korean composer (ui/hangul.py) types words as the OS input methods do.

Expected texts are written out literally; the hypothesis round trip takes its syllables apart
with unicodedata, not with the composer's arithmetic."""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ui.hangul import KEYS, ROWS, Composer, jamo_for_key, type_keys

ROOT = Path(__file__).resolve().parent.parent


def typed(jamo: str, start: Composer | None = None) -> Composer:
    """The composer after typing each character of ``jamo`` in turn."""
    composer = start if start is not None else Composer()
    for ch in jamo:
        composer = composer.type(ch)
    return composer


# The rule each word checks: (the jamo typed, the same typed as QWERTY keys, the text shown).
WORDS = {
    "greeting: finals move, ㄴ ㄴ do not compound": ("ㅇㅏㄴㄴㅕㅇㅎㅏㅅㅔㅇㅛ", "dkssudgktpdy", "안녕하세요"),
    "final then a consonant starts the next syllable": ("ㅎㅏㄴㄱㅜㄱㅇㅓ", "gksrnrdj", "한국어"),
    "final ㄴ": ("ㅎㅏㄴ", "gks", "한"),
    "compound final ㄳ": ("ㄴㅓㄱㅅ", "sjrt", "넋"),
    "compound final ㄵ": ("ㅇㅏㄴㅈㄷㅏ", "dkswek", "앉다"),
    "compound final ㄶ": ("ㅇㅏㄴㅎㄷㅏ", "dksgek", "않다"),
    "compound final ㄺ": ("ㄷㅏㄹㄱ", "ekfr", "닭"),
    "compound final ㄻ": ("ㅅㅏㄹㅁ", "tkfa", "삶"),
    "compound final ㄼ": ("ㅂㅏㄹㅂㄷㅏ", "qkfqek", "밟다"),
    "compound final ㄽ after compound vowel ㅚ": ("ㅇㅗㅣㄱㅗㄹㅅ", "dhlrhft", "외곬"),
    "compound final ㄾ": ("ㅎㅏㄹㅌㄷㅏ", "gkfxek", "핥다"),
    "compound final ㄿ": ("ㅇㅡㄹㅍㄷㅏ", "dmfvek", "읊다"),
    "compound final ㅀ": ("ㅅㅣㄹㅎㄷㅏ", "tlfgek", "싫다"),
    "compound final ㅄ": ("ㄱㅏㅂㅅ", "rkqt", "값"),
    "compound final ㅄ, then ㄷ": ("ㅇㅓㅂㅅㄷㅏ", "djqtek", "없다"),
    "compound final ㅀ after shifted ㄸ": ("ㄸㅜㄹㅎㄷㅏ", "Enfgek", "뚫다"),
    "compound final ㄼ after shifted ㅉ": ("ㅉㅏㄹㅂㄷㅏ", "Wkfqek", "짧다"),
    "compound vowel ㅘ": ("ㅇㅗㅏ", "dhk", "와"),
    "compound vowel ㅙ": ("ㅇㅗㅐ", "dho", "왜"),
    "compound vowel ㅚ": ("ㅇㅗㅣ", "dhl", "외"),
    "compound vowel ㅝ": ("ㅇㅜㅓ", "dnj", "워"),
    "compound vowel ㅞ": ("ㄱㅜㅔ", "rnp", "궤"),
    "compound vowel ㅟ": ("ㅇㅜㅣ", "dnl", "위"),
    "compound vowel ㅢ": ("ㅇㅡㅣ", "dml", "의"),
    "compound vowel and compound final": ("ㅂㅜㅔㄹㄱ", "qnpfr", "뷁"),
    "compound vowel ㅙ, ㄶ": ("ㄱㅗㅐㄴㅊㅏㄴㅎㅇㅏ", "rhoscksgdk", "괜찮아"),
    "vowels that do not compound": ("ㄱㅏㅏ", "rkk", "가ㅏ"),
    "ㅗ ㅓ do not compound": ("ㄱㅗㅓ", "rhj", "고ㅓ"),
    "final moves to the next syllable": ("ㄷㅏㄹㄱㅣ", "ekfrl", "달기"),
    "final ㄹ moves before ㅓ": ("ㅇㅣㄹㄱㅓ", "dlfrj", "일거"),
    "final ㅊ moves": ("ㄲㅗㅊㅣ", "Rhcl", "꼬치"),
    "final ㅊ stays": ("ㄲㅗㅊ", "Rhc", "꽃"),
    "final ㅅ moves, ㅂ starts a syllable": ("ㅎㅐㅅㅂㅣㅊ", "gotqlc", "햇빛"),
    "compound final ㄵ splits": ("ㅇㅏㄴㅈㅏ", "dkswk", "안자"),
    "compound final ㄵ kept before ㅇ": ("ㅇㅏㄴㅈㅇㅏ", "dkswdk", "앉아"),
    "compound final ㅄ kept before ㅇ": ("ㄱㅏㅂㅅㅇㅣ", "rkqtdl", "값이"),
    "compound final ㄺ kept before ㅇ": ("ㅇㅣㄹㄱㅇㅓ", "dlfrdj", "읽어"),
    "compound final ㄺ kept before ㅇ, 닭이": ("ㄷㅏㄹㄱㅇㅣ", "ekfrdl", "닭이"),
    "compound final ㄶ splits": ("ㅁㅏㄴㅎㅣ", "aksgl", "만히"),
    "compound final ㄳ splits": ("ㄴㅓㄱㅅㅣ", "sjrtl", "넉시"),
    "compound final ㄳ splits before ㅏ": ("ㄱㅏㄱㅅㅏ", "rkrtk", "각사"),
    "compound final ㅀ splits": ("ㄲㅜㄹㅎㅓ", "Rnfgj", "꿀허"),
    "shifted ㄲ is a final": ("ㅂㅗㄲㄷㅏ", "qhRek", "볶다"),
    "shifted ㅆ is a final": ("ㅇㅣㅆㄷㅏ", "dlTek", "있다"),
    "final ㅆ moves whole": ("ㅇㅣㅆㅓ", "dlTj", "이써"),
    "final ㄲ moves whole": ("ㄱㅏㄲㅏ", "rkRk", "가까"),
    "ㅆ initial and final": ("ㅆㅏㅆㄷㅏ", "TkTek", "쌌다"),
    "shifted ㅃ starts a word": ("ㅃㅏㄹㅡㄷㅏ", "Qkfmek", "빠르다"),
    "ㄸ is never a final": ("ㄱㅏㄸㅏ", "rkEk", "가따"),
    "ㄸ after a syllable stays lone": ("ㄱㅏㄸ", "rkE", "가ㄸ"),
    "ㅃ is never a final": ("ㅇㅏㅃㅏ", "dkQk", "아빠"),
    "ㅃ after a syllable stays lone": ("ㅇㅏㅃ", "dkQ", "아ㅃ"),
    "ㅉ is never a final": ("ㅇㅏㅉㅏ", "dkWk", "아짜"),
    "ㅉ after a syllable stays lone": ("ㅇㅏㅉ", "dkW", "아ㅉ"),
    "ㄸ after a final": ("ㄱㅏㄴㄸ", "rksE", "간ㄸ"),
    "shifted ㅒ and ㅖ": ("ㅇㅒㅇㅖ", "dOdP", "얘예"),
    "shift on other keys types the same jamo": ("ㅇㅏㄴ", "DKS", "안"),
    "ㄱ ㄱ is no ㄲ": ("ㄱㄱ", "rr", "ㄱㄱ"),
    "ㄱ ㄱ after a syllable is a final then a new ㄱ": ("ㄱㅏㄱㄱ", "rkrr", "각ㄱ"),
    "ㄱ ㄱ ㅏ": ("ㄱㅏㄱㄱㅏ", "rkrrk", "각가"),
    "lone consonants": ("ㅋㅋㅋ", "zzz", "ㅋㅋㅋ"),
    "lone consonants do not compound": ("ㄱㅅ", "rt", "ㄱㅅ"),
    "a lone consonant": ("ㅎ", "g", "ㅎ"),
    "a lone vowel": ("ㅏ", "k", "ㅏ"),
    "lone vowels that compound": ("ㅗㅏ", "hk", "ㅘ"),
    "lone vowels ㅜ ㅔ compound": ("ㅜㅔ", "np", "ㅞ"),
    "lone vowels ㅡ ㅣ compound": ("ㅡㅣ", "ml", "ㅢ"),
    "lone vowels that do not": ("ㅣㅏ", "lk", "ㅣㅏ"),
    "a consonant after a lone vowel": ("ㅏㄱ", "kr", "ㅏㄱ"),
    "a syllable after a lone vowel": ("ㅏㄴㅏ", "ksk", "ㅏ나"),
    "a consonant, a compound vowel": ("ㄱㅗㅏ", "rhk", "과"),
    "space between names": ("ㄱㅣㅁ ㅅㅜ", "rla tn", "김 수"),
    "digits end a syllable": ("ㄱㅣㅁㅅㅜ 2", "rlatn 2", "김수 2"),
    "a digit keeps the final": ("ㄱㅏㄴ1ㅏ", "rks1k", "간1ㅏ"),
    "a sign keeps the final": ("ㄱㅏㄴ.ㅏ", "rks.k", "간.ㅏ"),
    "a name": ("ㅈㅣㅇㅡㄴ", "wldms", "지은"),
}


@pytest.mark.parametrize("jamo, keys, text", WORDS.values(), ids=list(WORDS))
def test_words_typed_as_jamo(jamo, keys, text):
    assert typed(jamo).text == text


@pytest.mark.parametrize("jamo, keys, text", WORDS.values(), ids=list(WORDS))
def test_words_typed_as_keys(jamo, keys, text):
    assert type_keys(keys) == text


def test_the_word_table_covers_every_compound():
    words = "".join(text for _, _, text in WORDS.values())
    jamo = "".join(j for j, _, _ in WORDS.values())
    assert len(WORDS) >= 30
    for compound_final, pair in {"넋": "ㄱㅅ", "앉": "ㄴㅈ", "않": "ㄴㅎ", "닭": "ㄹㄱ", "삶": "ㄹㅁ",
                                 "밟": "ㄹㅂ", "곬": "ㄹㅅ", "핥": "ㄹㅌ", "읊": "ㄹㅍ", "싫": "ㄹㅎ",
                                 "값": "ㅂㅅ"}.items():
        assert compound_final in words and pair in jamo
    for compound_vowel in "와왜외워궤위의":
        assert compound_vowel in words


def test_latin_letters_digits_and_spaces_are_typed_as_they_are():
    assert typed("Kim ㅁㅣㄴㅅㅜ").text == "Kim 민수"
    assert typed("ㅂㅏㄱ ㅈㅣㅅㅓㅇ 7").text == "박 지성 7"
    assert typed("Lee, ㅈㅣㅇㅡㄴ!").text == "Lee, 지은!"
    assert typed("ㅇㅏㄴA").text == "안A"


def test_composing_and_committed():
    composer = typed("ㄷㅏㄹㄱㅣ")
    assert (composer.committed, composer.composing, composer.text) == ("달", "기", "달기")
    composer = composer.commit()
    assert (composer.committed, composer.composing, composer.text) == ("달기", "", "달기")
    assert typed("ㅋㅋ").composing == "ㅋ"
    assert typed("ㅗㅏ").composing == "ㅘ"
    assert typed("ㄱㅏㅂㅅ").composing == "값"
    assert Composer().text == "" and Composer().composing == ""


def test_commit_ends_the_syllable():
    composer = typed("ㄱㅏㄴ").commit()
    assert composer.type("ㅏ").text == "간ㅏ"  # the final no longer moves
    assert typed("ㄱ").commit().type("ㅏ").text == "ㄱㅏ"
    assert typed("ㅗ").commit().type("ㅏ").text == "ㅗㅏ"
    assert typed("ㄱㅏ", Composer.of("한")).text == "한가"


def test_an_existing_name_is_committed():
    composer = Composer.of("민수")
    assert (composer.committed, composer.composing, composer.text) == ("민수", "", "민수")
    assert composer.type("ㅏ").text == "민수ㅏ"  # 수 is not reopened
    assert composer.type("ㄴ").text == "민수ㄴ"
    assert composer.backspace().text == "민"
    assert composer.backspace().backspace().backspace().text == ""
    assert Composer.of("민수") == Composer("민수")


# Each word taken apart by backspace: the text after each press, the word first.
BACKSPACES = {
    "한": ("ㅎㅏㄴ", ["한", "하", "ㅎ", ""]),
    "값": ("ㄱㅏㅂㅅ", ["값", "갑", "가", "ㄱ", ""]),
    "와": ("ㅇㅗㅏ", ["와", "오", "ㅇ", ""]),
    "궤": ("ㄱㅜㅔ", ["궤", "구", "ㄱ", ""]),
    "읽": ("ㅇㅣㄹㄱ", ["읽", "일", "이", "ㅇ", ""]),
    "뷁": ("ㅂㅜㅔㄹㄱ", ["뷁", "뷀", "붸", "부", "ㅂ", ""]),
    "괜": ("ㄱㅗㅐㄴ", ["괜", "괘", "고", "ㄱ", ""]),
    "볶": ("ㅂㅗㄲ", ["볶", "보", "ㅂ", ""]),
    "ㅘ": ("ㅗㅏ", ["ㅘ", "ㅗ", ""]),
    "ㅋㅋ": ("ㅋㅋ", ["ㅋㅋ", "ㅋ", ""]),
    "달기: the committed 달 is not reopened": ("ㄷㅏㄹㄱㅣ", ["달기", "달ㄱ", "달", ""]),
    "앉아": ("ㅇㅏㄴㅈㅇㅏ", ["앉아", "앉ㅇ", "앉", ""]),
    "안녕": ("ㅇㅏㄴㄴㅕㅇ", ["안녕", "안녀", "안ㄴ", "안", ""]),
    "가ㄸ": ("ㄱㅏㄸ", ["가ㄸ", "가", ""]),
    "Kim 민": ("Kim ㅁㅣㄴ", ["Kim 민", "Kim 미", "Kim ㅁ", "Kim ", "Kim", "Ki", "K", ""]),
    "민 1": ("ㅁㅣㄴ 1", ["민 1", "민 ", "민", ""]),
}


@pytest.mark.parametrize("jamo, steps", BACKSPACES.values(), ids=list(BACKSPACES))
def test_backspace_takes_off_one_jamo_at_a_time(jamo, steps):
    composer = typed(jamo)
    seen = [composer.text]
    for _ in steps[1:]:
        composer = composer.backspace()
        seen.append(composer.text)
    assert seen == steps
    assert composer == Composer()
    assert composer.backspace() == Composer()  # backspace on nothing does nothing


def test_backspace_then_typing_again():
    assert typed("ㄱㅏㄹㅂ").backspace().type("ㄱ").text == "갉"
    assert typed("ㄱㅏㅂㅅ").backspace().type("ㄱ").text == "갑ㄱ"
    assert typed("ㅇㅗㅏ").backspace().type("ㅐ").text == "왜"
    assert typed("ㄷㅏㄹㄱㅣ").backspace().backspace().type("ㅏ").text == "달ㅏ"


def test_the_layout():
    assert ROWS == ("qwertyuiop", "asdfghjkl", "zxcvbnm")
    assert sorted("".join(ROWS)) == sorted(KEYS) == list("abcdefghijklmnopqrstuvwxyz")
    plain = "".join(jamo_for_key(k) for row in ROWS for k in row)
    shifted = "".join(jamo_for_key(k, True) for row in ROWS for k in row)
    assert plain == "ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ" "ㅁㄴㅇㄹㅎㅗㅓㅏㅣ" "ㅋㅌㅊㅍㅠㅜㅡ"
    assert shifted == "ㅃㅉㄸㄲㅆㅛㅕㅑㅒㅖ" "ㅁㄴㅇㄹㅎㅗㅓㅏㅣ" "ㅋㅌㅊㅍㅠㅜㅡ"
    assert jamo_for_key("Q") == "ㅂ" and jamo_for_key("Q", shifted=True) == "ㅃ"
    with pytest.raises(ValueError):
        jamo_for_key("1")


def test_a_composer_is_an_immutable_value():
    empty = Composer()
    one = empty.type("ㄱ")
    assert empty.text == "" and one.text == "ㄱ"
    assert one == Composer().type("ㄱ") and hash(one) == hash(Composer().type("ㄱ"))
    assert one != empty and one != "ㄱ"
    assert len({typed("ㅇㅗㅏ"), typed("ㅇㅗㅏ"), typed("ㅇㅗ")}) == 2
    assert typed("ㄷㅏㄹ") != Composer.of("달")  # same text, but 달 can still take a final
    assert "달" in repr(Composer.of("달"))
    with pytest.raises(AttributeError):
        one.text = "x"
    with pytest.raises(ValueError):
        empty.type("ㄱㄱ")


def test_compound_jamo_typed_as_one_character():
    """Not on the keyboard, but a pasted ㄳ or ㅘ still gives valid text."""
    assert typed("ㄱㅏㄳ").text == "갃"
    assert typed("ㄱㅏㄳㅣ").text == "각시"
    assert typed("ㄳ").text == "ㄳ"
    assert typed("ㄳㅏ").text == "ㄳㅏ"
    assert typed("ㄱㅘ").text == "과"
    assert typed("ㅘㅏ").text == "ㅘㅏ"


def test_importing_it_is_cheap():
    """Importing it adds only ui, ui.hangul and __future__ to sys.modules: no pygame, re,
    dataclasses or unicodedata."""
    code = ("import sys; before = set(sys.modules); import ui.hangul; "
            "print(' '.join(sorted(set(sys.modules) - before)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    assert set(out.split()) - {"__future__"} == {"ui", "ui.hangul"}


# --- properties ---------------------------------------------------------------------------

OTHER = " 1.!"  # non-jamo characters mixed in with the keys (letters are keys there)
KEY_PRESSES = st.text(alphabet="abcdefghijklmnopqrstuvwxyzQWERTOPASD" + OTHER, max_size=40)
ANY_JAMO = st.text(alphabet=[chr(c) for c in range(0x3131, 0x3164)] + list(OTHER + "Az"),
                   max_size=40)


def is_valid_text(text: str, others: str) -> bool:
    """Whether ``text`` is only precomposed syllables, compatibility jamo and ``others``."""
    return all("\uac00" <= ch <= "\ud7a3" or "\u3131" <= ch <= "\u3163" or ch in others
               for ch in text)


@given(KEY_PRESSES)
def test_keys_always_give_syllables_jamo_or_what_was_typed(keys):
    text = type_keys(keys)
    assert is_valid_text(text, OTHER)
    assert len(text) <= len(keys)
    # the non-jamo characters come out as typed, in order
    assert [ch for ch in text if ch in OTHER] == [ch for ch in keys if ch in OTHER]


@given(ANY_JAMO)
def test_any_jamo_always_give_syllables_jamo_or_what_was_typed(chars):
    composer = typed(chars)
    assert is_valid_text(composer.text, OTHER + "Az")
    assert composer.text == composer.committed + composer.composing
    assert len(composer.composing) <= 1


@given(KEY_PRESSES)
def test_as_many_backspaces_as_keys_typed_leave_nothing(keys):
    composer = Composer()
    for key in keys:
        jamo = jamo_for_key(key, key.isupper()) if key.lower() in KEYS else key
        composer = composer.type(jamo)
    assert composer.text == type_keys(keys)
    for _ in keys:
        composer = composer.backspace()
    assert composer == Composer()


@given(ANY_JAMO)
def test_backspace_never_leaves_more_text(chars):
    composer = typed(chars)
    while composer.text:
        shorter = composer.backspace()
        assert len(shorter.text) <= len(composer.text)
        assert shorter != composer
        composer = shorter


# The compound jamo as the keys type them: two jamo each.
SPLIT = {"ㅘ": "ㅗㅏ", "ㅙ": "ㅗㅐ", "ㅚ": "ㅗㅣ", "ㅝ": "ㅜㅓ", "ㅞ": "ㅜㅔ", "ㅟ": "ㅜㅣ", "ㅢ": "ㅡㅣ",
         "ㄳ": "ㄱㅅ", "ㄵ": "ㄴㅈ", "ㄶ": "ㄴㅎ", "ㄺ": "ㄹㄱ", "ㄻ": "ㄹㅁ", "ㄼ": "ㄹㅂ", "ㄽ": "ㄹㅅ",
         "ㄾ": "ㄹㅌ", "ㄿ": "ㄹㅍ", "ㅀ": "ㄹㅎ", "ㅄ": "ㅂㅅ"}


def letters_of(syllable: str) -> list[str]:
    """The compatibility jamo a syllable is made of (a compound as one), by unicodedata's
    names: HANGUL CHOSEONG KIYEOK is HANGUL LETTER KIYEOK."""
    return [unicodedata.lookup("HANGUL LETTER " + unicodedata.name(part).split(" ", 2)[2])
            for part in unicodedata.normalize("NFD", syllable)]


def jamo_of(syllable: str) -> str:
    """The jamo the keys type for a syllable: each compound as its two jamo."""
    return "".join(SPLIT.get(letter, letter) for letter in letters_of(syllable))


SYLLABLES = st.lists(st.integers(0xAC00, 0xD7A3).map(chr), min_size=1, max_size=8)


@given(SYLLABLES)
def test_syllables_typed_jamo_by_jamo_come_back(syllables):
    text = "".join(s + " " for s in syllables)
    jamo = "".join(jamo_of(s) + " " for s in syllables)
    assert typed(jamo).text == text


@given(SYLLABLES)
def test_syllables_typed_with_compound_jamo_come_back(syllables):
    """The same with a compound vowel or final typed as one character (pasted)."""
    text = "".join(s + " " for s in syllables)
    jamo = "".join("".join(letters_of(s)) + " " for s in syllables)
    assert typed(jamo).text == text


def test_the_round_trip_oracle_itself():
    assert letters_of("뷁") == ["ㅂ", "ㅞ", "ㄺ"]
    assert jamo_of("뷁") == "ㅂㅜㅔㄹㄱ"
    assert jamo_of("가") == "ㄱㅏ"
    assert jamo_of("힣") == "ㅎㅣㅎ"
