"""Every catalogue string renders with no missing glyph, and both catalogues say the same things."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from ui.fonts import Fonts, covers
from ui.i18n import LANGUAGES, Catalog, load_messages


def test_catalogues_have_the_same_keys():
    en, ko = load_messages("en"), load_messages("ko")
    assert set(en) == set(ko)


def test_catalogues_use_the_same_fields_in_each_message():
    en, ko = load_messages("en"), load_messages("ko")
    field = re.compile(r"\{(\w+)(?::[^}]*)?\}")  # (a Korean field may name its particle)
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


def test_the_message_cache_is_used_while_the_toml_is_unchanged(tmp_path, monkeypatch):
    """Start-up parses no TOML once the parsed messages are cached; a damaged cache or a
    changed file is read again (the TOML files stay the truth)."""
    import tomllib

    from ui.i18n import Catalog

    first = Catalog.load("ko", cache=tmp_path)
    cached = tmp_path / "messages-ko.json"
    assert cached.is_file()
    real_loads = tomllib.loads
    monkeypatch.setattr(tomllib, "loads", lambda *_: (_ for _ in ()).throw(AssertionError))
    assert Catalog.load("ko", cache=tmp_path).messages == first.messages
    cached.write_text('{"sources": [], "messages": {"home.title": 3}', encoding="utf-8")
    monkeypatch.setattr(tomllib, "loads", real_loads)
    again = Catalog.load("ko", cache=tmp_path)  # damaged: read from the TOML, cache rewritten
    assert again.messages == first.messages
    assert '"sources": []' not in cached.read_text(encoding="utf-8")
    cached.write_text(cached.read_text(encoding="utf-8").replace(
        first.messages["common.back"], "BOGUS"), encoding="utf-8")
    stale = json.loads(cached.read_text(encoding="utf-8"))
    stale["sources"][0][1] -= 1  # as if en.toml/ko.toml had changed since
    cached.write_text(json.dumps(stale), encoding="utf-8")
    assert Catalog.load("ko", cache=tmp_path).t("common.back") == first.t("common.back")


def test_korean_start_reads_no_english(tmp_path, monkeypatch):
    """The English fallback is read only when a Korean message is missing."""
    from ui import i18n

    files = []
    real = i18n.parse_messages
    monkeypatch.setattr(i18n, "parse_messages", lambda lang, f: files.append(lang) or real(lang, f))
    catalog = i18n.Catalog.load("ko")
    catalog.t("common.back")
    assert files == ["ko"]
    catalog.t("no.such.key")
    assert files == ["ko", "en"]
