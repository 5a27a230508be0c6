"""Korean particles chosen from the word they follow, as a person writes them: 암살자가,
검은색 5를, 3으로, 7로 (no "이(가)" templates).

A Korean message names the particle in its field's format spec, in the form that follows a
final consonant: ``{character:이}``, ``{black:을}``, ``{district:은}``, ``{kind:과}``,
``{dice:으로}``. What decides is the last sound of the word: a Hangul syllable's final
consonant (ㄹ takes 로, as 칠로), a number as it is read (1 일, 3 삼, 10 십, 100 백), a Latin
word by its last letter (Jun → 준: 이; Mina: 가).

>>> with_particle("암살자", "이"), with_particle("도둑", "이"), with_particle(5, "을")
('암살자가', '도둑이', '5를')
>>> with_particle(3, "으로"), with_particle(7, "으로"), with_particle("빨강 2", "으로")
('3으로', '7로', '빨강 2로')
"""

from __future__ import annotations

# particle after a final consonant -> (after a final consonant, after a vowel)
PARTICLES = {"이": ("이", "가"), "을": ("을", "를"), "은": ("은", "는"), "과": ("과", "와"),
             "으로": ("으로", "로")}

RIEUL = 8  # the final consonant ㄹ among the 28 endings of a syllable (0: none)
# The final consonant of each digit as read (일 이 삼 사 오 육 칠 팔 구, 영): 0 none, else the ending.
DIGIT_ENDING = {"0": 21, "1": RIEUL, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": RIEUL,
                "8": RIEUL, "9": 0}
# A number ending in zeros is read by its place: 십 (10), 백 (100), 천 (1000), then 만, 억.
PLACE_ENDING = {1: 17, 2: 1, 3: 4}
LATIN_ENDING = {"l": RIEUL, "m": 16, "n": 4}  # the letters a Korean reading ends in a consonant


def final_consonant(word: str) -> int | None:
    """The ending of the last sound of ``word`` (0: a vowel, ``RIEUL``: ㄹ, another number: a
    consonant), or None if it has no letter or digit to tell."""
    text = word.rstrip(" )]}\"'.,!?…")
    if not text:
        return None
    last = text[-1]
    if "가" <= last <= "힣":
        return (ord(last) - ord("가")) % 28
    if last.isdigit():
        start = len(text)
        while start and (text[start - 1].isdigit() or text[start - 1] == ","):
            start -= 1
        digits = text[start:].replace(",", "")
        zeros = len(digits) - len(digits.rstrip("0"))
        if zeros and digits.strip("0"):
            return PLACE_ENDING.get(zeros, 4 if zeros < 8 else 1)
        return DIGIT_ENDING[last]
    if last.isascii() and last.isalpha():
        if text.lower().endswith("ng"):
            return 21  # ㅇ, as Kang (강)
        return LATIN_ENDING.get(last.lower(), 0)
    return None


def with_particle(word, particle: str) -> str:
    """``word`` followed by ``particle`` (named in its after-a-consonant form) as it reads."""
    text = str(word)
    consonant_form, vowel_form = PARTICLES[particle]
    ending = final_consonant(text)
    if ending is None:
        return text + vowel_form
    takes_vowel_form = ending == 0 or (particle == "으로" and ending == RIEUL)
    return text + (vowel_form if takes_vowel_form else consonant_form)
