"""Every catalogue string renders with no missing glyph, and both catalogues say the same things."""

from __future__ import annotations

import re

import pygame
import pytest

from ui.fonts import Fonts, covers, find_hangul_font
from ui.i18n import LANGUAGES, Catalog, load_messages


@pytest.fixture(scope="module")
def fonts():
    pygame.font.init()
    path = find_hangul_font()
    assert path, "NanumGothic not found: install the Debian package fonts-nanum"
    return Fonts(path, None, has_hangul=True)


def test_catalogues_have_the_same_keys():
    en, ko = load_messages("en"), load_messages("ko")
    assert set(en) == set(ko)


def test_catalogues_use_the_same_fields_in_each_message():
    en, ko = load_messages("en"), load_messages("ko")
    field = re.compile(r"\{(\w+)\}")
    for key in en:
        assert set(field.findall(en[key])) == set(field.findall(ko[key])), key


def test_korean_catalogue_is_actually_korean():
    ko = load_messages("ko")
    hangul = sum(1 for text in ko.values() if re.search("[가-힣]", text))
    assert hangul > len(ko) * 0.7


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_renders_without_missing_glyphs(fonts, language):
    for key, text in load_messages(language).items():
        sample = re.sub(r"\{\w+\}", "", text)
        assert covers(fonts.get(20), sample), f"{language}:{key} has a glyph NanumGothic lacks"


def test_english_renders_with_the_fallback_font_too():
    """Without a Hangul font the app runs in English on pygame's own font."""
    pygame.font.init()
    fallback = Fonts(None, None, has_hangul=False)
    for key, text in load_messages("en").items():
        if key.startswith("lang."):
            continue  # the language names are shown only when a Hangul font exists
        sample = re.sub(r"\{\w+\}", "", text)
        assert covers(fallback.get(20), sample), f"en:{key} has a glyph the fallback font lacks"


def test_covers_detects_a_missing_glyph(fonts):
    assert not covers(fonts.get(20), "\U0001F600")  # an emoji NanumGothic does not have


def test_unknown_key_is_shown_as_the_key_not_a_crash():
    assert Catalog.load("ko").t("no.such.key") == "no.such.key"
