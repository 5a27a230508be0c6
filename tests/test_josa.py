"""Korean particles follow the word (the developers' guide: "Korean particles follow the word (no
"이(가)" templates)"): ``ui/josa.py`` chooses 이/가, 을/를, 은/는, 과/와, 으로/로 from the last
sound of the word, and the catalogues name the particle in a field's format spec."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from ui.i18n import Catalog
from ui.josa import PARTICLES, with_particle

I18N = Path(__file__).resolve().parent.parent / "ui" / "i18n"
TEMPLATES = re.compile(r"이\(가\)|을\(를\)|은\(는\)|와\(과\)|\(으\)로")
SPEC = re.compile(r"\{\w+:([^}]*)\}")


@pytest.mark.parametrize("word, particle, expected", [
    ("암살자", "이", "암살자가"), ("도둑", "이", "도둑이"), ("마녀", "이", "마녀가"),
    ("영주", "은", "영주는"), ("대성당", "은", "대성당은"), ("빨강", "과", "빨강과"),
    ("주사위", "을", "주사위를"), ("집", "으로", "집으로"), ("서울", "으로", "서울로"),
    (1, "을", "1을"), (2, "을", "2를"), (3, "이", "3이"), (4, "이", "4가"), (5, "을", "5를"),
    (6, "으로", "6으로"), (7, "으로", "7로"), (8, "으로", "8로"), (9, "이", "9가"),
    (0, "이", "0이"), (10, "을", "10을"), (20, "이", "20이"), (100, "이", "100이"),
    (1000, "을", "1000을"), (10000, "이", "10000이"), (15, "을", "15를"),
    ("1,000", "이", "1,000이"), ("빨강 2, 흰색 3", "으로", "빨강 2, 흰색 3으로"),
    ("Joon", "이", "Joon이"), ("Mina", "이", "Mina가"), ("Kang", "은", "Kang은"),
    ("Bell", "으로", "Bell로"), ("(3)", "이", "(3)이"),
])
def test_the_particle_follows_the_last_sound(word, particle, expected):
    assert with_particle(word, particle) == expected


def korean_messages():
    for path in [I18N / "ko.toml", *sorted((I18N / "ko").glob("*.toml"))]:
        yield path, path.read_text(encoding="utf-8")


def test_no_korean_message_is_a_particle_template():
    found = [(p.name, m) for p, text in korean_messages() for m in TEMPLATES.findall(text)]
    assert found == []


def test_no_answers_아니오():
    """An answer is 아니요 (아니오 ends a sentence: "그것은 책이 아니오")."""
    assert not [p.name for p, text in korean_messages() if "아니오" in text]


def test_every_format_spec_in_the_catalogues_is_a_particle_and_english_has_only_ordinals():
    """English's own spec is the ordinal (``{n:ordinal}``: 3rd, issue 37); Korean needs none."""
    specs = {s for _, text in korean_messages() for s in SPEC.findall(text)}
    assert specs and specs <= set(PARTICLES)
    english = [I18N / "en.toml", *sorted((I18N / "en").glob("*.toml"))]
    assert {s for p in english for s in SPEC.findall(p.read_text(encoding="utf-8"))} <= {
        "ordinal"}
    for path in english:
        tomllib.loads(path.read_text(encoding="utf-8"))  # still TOML


def test_messages_read_as_written():
    ko = Catalog.load("ko")
    assert ko.t("calling.prompt_assassin", name="민아", character="암살자") == \
        "민아: 암살자가 암살할 캐릭터를 고르세요. 아무도 지목하지 않아도 됩니다."
    assert ko.t("calling.prompt_thief", name="민아", character="도둑") == \
        "민아: 도둑이 훔칠 캐릭터를 고르세요. 아무도 지목하지 않아도 됩니다."
    assert ko.t("troyes.log_failed", name="준", black=5, vp=2) == "준: 검은색 5를 막지 못함, 2점 잃음."
    assert ko.t("troyes.log_failed", name="준", black=3, vp=2) == "준: 검은색 3을 막지 못함, 2점 잃음."


def test_a_missing_field_with_a_particle_does_not_fail():
    assert Catalog.load("ko").t("calling.prompt_assassin", name="민아").startswith(
        "민아: {character}")
