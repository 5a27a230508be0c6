"""The on-screen keyboard (ui/screens/keyboard.py), headless, driven by taps and the controls a
player uses: Korean composed on the 2-set layout, English with Shift, digits, the 24-character
cap, refusals said in the UI language, Cancel and BACK."""

from __future__ import annotations

import pytest

from conftest import play, record_text
from companion.names import name_problem
from ui.screens.keyboard import KeyboardScreen
from ui.script import ScriptError


def open_keyboard(make_app, language="ko", text="", check=None):
    """An app showing the keyboard over home; the texts given to on_done are listed."""
    app = make_app(language=language)
    given: list[str] = []
    app.push(KeyboardScreen(app, title="Player name", text=text, on_done=given.append,
                            check=check))
    app.settle()
    return app, given


def tap(app, *keys: str) -> None:
    play(app, "\n".join(f"TAP @key-{k}" for k in keys))


def frame(app, drawn: list[str]) -> list[str]:
    """The texts of one new frame (``drawn`` from record_text)."""
    drawn.clear()
    app.render()
    assert app.top.name == "keyboard", "the keyboard could not be drawn"
    return list(drawn)


def focused(app) -> str:
    return app.top.buttons[app.top.focus].name


def test_tapping_g_k_s_r_m_f_in_korean_gives_hangeul(make_app):
    app, given = open_keyboard(make_app, "ko")
    assert app.top.button("key-g").label() == "ㅎ"
    tap(app, "g", "k", "s", "r", "m", "f")
    assert app.top.text == "한글"
    tap(app, "done")
    assert given == ["한글"]
    assert app.top.name == "home"


def test_mina_in_english_with_a_one_shot_shift(make_app):
    app, given = open_keyboard(make_app, "en")
    assert app.top.button("key-m").label() == "m"
    tap(app, "shift")
    assert app.top.button("key-m").label() == "M" and app.top.button("key-shift").is_selected()
    tap(app, "m", "i", "n", "a")
    assert app.top.text == "Mina"
    assert not app.top.button("key-shift").is_selected()
    tap(app, "done")
    assert given == ["Mina"]


def test_korean_shift_types_the_double_consonants(make_app):
    app, given = open_keyboard(make_app, "ko")
    tap(app, "shift")
    assert [app.top.button(f"key-{k}").label() for k in "qwertop"] == list("ㅃㅉㄸㄲㅆㅒㅖ")
    tap(app, "r", "k", "shift", "t")  # 까 then ㅆ as its final
    tap(app, "done")
    assert given == ["깠"]


def test_digits_and_name_signs_commit_the_syllable(make_app):
    app, given = open_keyboard(make_app, "en", text="Mina")
    tap(app, "digits")
    with pytest.raises(ScriptError):
        tap(app, "m")  # the letters are not shown now
    tap(app, "hyphen", "2", "apostrophe", "period", "ampersand", "0", "space", "digits", "b")
    tap(app, "done")
    assert given == ["Mina-2'.&0 b"]


def test_a_digit_ends_the_korean_syllable(make_app):
    app, given = open_keyboard(make_app, "ko")
    tap(app, "r", "k", "digits", "1", "digits", "k")
    assert app.top.text == "가1ㅏ"


def test_backspace_takes_one_jamo_at_a_time(make_app):
    app, _ = open_keyboard(make_app, "ko", text="김")
    tap(app, "g", "k", "s")
    seen = [app.top.text]
    for _ in range(4):
        tap(app, "back")
        seen.append(app.top.text)
    assert seen == ["김한", "김하", "김ㅎ", "김", ""]  # a committed syllable goes whole


def test_a_final_consonant_moves_to_the_next_syllable(make_app):
    app, given = open_keyboard(make_app, "ko")
    tap(app, "e", "k", "f", "r")
    assert app.top.text == "닭"
    tap(app, "l", "space", "d", "k", "s", "w", "d", "k")
    assert app.top.text == "달기 앉아"
    tap(app, "done")
    assert given == ["달기 앉아"]


def test_the_text_never_grows_past_24_characters(make_app):
    app, given = open_keyboard(make_app, "en", text="x" * 22)
    drawn = record_text(app)
    assert "22/24" in frame(app, drawn)
    tap(app, "a", "b", "c", "space")
    assert app.top.text == "x" * 22 + "ab"
    assert "24/24" in frame(app, drawn)
    app, given = open_keyboard(make_app, "ko", text="가" * 23)
    tap(app, "e", "k", "f", "r")  # 닭: still one syllable
    assert app.top.text == "가" * 23 + "닭"
    tap(app, "l")  # 달기 would be 25
    assert app.top.text == "가" * 23 + "닭"
    tap(app, "back", "back")
    assert app.top.text == "가" * 23 + "다"
    tap(app, "done")
    assert given == ["가" * 23 + "다"]


@pytest.mark.parametrize("language", ["ko", "en"])
def test_an_empty_name_is_refused_in_the_ui_language_and_focus_stays(make_app, language):
    app, given = open_keyboard(make_app, language, text="  ", check=name_problem)
    play(app, "DOWN\nDOWN\nDOWN\nRIGHT\nRIGHT\nRIGHT\nRIGHT")
    assert focused(app) == "key-done"
    drawn = record_text(app)
    play(app, "OK")
    message = app.t("error.name.empty")
    assert message != "error.name.empty" and message in frame(app, drawn)
    assert given == [] and app.top.name == "keyboard" and focused(app) == "key-done"
    tap(app, "shift", "m")
    assert message not in frame(app, drawn)  # the next key clears the refusal
    tap(app, "done")
    assert given == [{"en": "M", "ko": "ㅡ"}[language]]


def test_a_callers_own_code_is_said_from_the_catalogue(make_app):
    taken = {"Mina"}
    app, given = open_keyboard(make_app, "ko", text="Mina",
                               check=lambda t: "score.names" if t in taken else None)
    drawn = record_text(app)
    tap(app, "done")
    assert app.t("error.score.names") in frame(app, drawn) and given == []
    tap(app, "back", "back", "digits", "2")
    tap(app, "done")
    assert given == ["Mi2"]


def test_done_gives_nfc_without_outer_spaces(make_app):
    app, given = open_keyboard(make_app, "en", text=" Jose\u0301")
    tap(app, "space", "done")
    assert given == ["José"]


def test_cancel_and_back_on_an_empty_text_give_nothing(make_app):
    app, given = open_keyboard(make_app, "ko", text="민아")
    tap(app, "cancel")
    assert app.top.name == "home" and given == []
    app, given = open_keyboard(make_app, "ko", text="민아")
    play(app, "TAP @back")  # the title bar's Back cancels even with text
    assert app.top.name == "home" and given == []
    app, given = open_keyboard(make_app, "ko", text="민")
    tap(app, "g", "k")
    play(app, "BACK")
    assert app.top.text == "민ㅎ"
    play(app, "BACK\nBACK")
    assert app.top.text == "" and app.top.name == "keyboard"
    play(app, "BACK\nEXPECT home")
    assert given == []


def test_a_held_key_types_once(make_app):
    app, _ = open_keyboard(make_app, "en")
    play(app, "HOLD @key-a\nHOLD OK")
    assert app.top.text == "aq"  # OK held on the focused q


def test_only_the_arrows_and_ok_type_a_name(make_app):
    app, given = open_keyboard(make_app, "en")
    assert focused(app) == "key-q"
    play(app, "DOWN\n" + "RIGHT\n" * 5 + "OK")  # a … h
    play(app, "UP\nRIGHT\nRIGHT\nOK")  # y (nearest above h) … i
    play(app, "DOWN\nDOWN\nDOWN\nRIGHT\nOK")  # j, n, Cancel, Done
    assert given == ["hi"] and app.top.name == "home"


def test_the_arrows_stay_in_a_row_and_go_to_the_nearest_key(make_app):
    app, _ = open_keyboard(make_app, "en")
    moves = [("UP", "key-q"), ("LEFT", "key-q"), ("DOWN", "key-a"), ("DOWN", "key-shift"),
             ("DOWN", "key-digits"), ("DOWN", "key-digits"), ("RIGHT", "key-lang"),
             ("RIGHT", "key-space"), ("UP", "key-v"), ("RIGHT\n" * 4, "key-back"),
             ("RIGHT", "key-back"), ("UP", "key-l"), ("RIGHT", "key-l"), ("UP", "key-o"),
             ("RIGHT", "key-p"), ("RIGHT", "key-p"), ("DOWN\nDOWN\nDOWN", "key-done")]
    for move, name in moves:
        play(app, move)
        assert focused(app) == name, move
    play(app, "LEFT\n" * 4 + "OK")  # 123: the letters go, the focus stays on it
    assert focused(app) == "key-digits"
    for name in ("key-back", "key-ampersand", "key-7"):  # the one key left in the row above
        play(app, "UP")
        assert focused(app) == name


def test_switching_language_commits_the_syllable(make_app):
    app, given = open_keyboard(make_app, "ko")
    tap(app, "g", "k", "s")
    assert app.top.composer.composing == "한"
    tap(app, "lang")
    assert app.top.composer.composing == "" and app.top.button("key-k").label() == "k"
    tap(app, "lang", "k")
    assert app.top.text == "한ㅏ"  # not 하나: 한 was committed
    tap(app, "lang", "shift", "k", "done")
    assert given == ["한ㅏK"]


def test_the_keyboard_starts_in_the_ui_language(make_app):
    app, _ = open_keyboard(make_app, "en")
    assert app.top.button("key-q").label() == "q"
    app, _ = open_keyboard(make_app, "ko")
    assert app.top.button("key-q").label() == "ㅂ"


def test_the_keyboard_is_gone_when_on_done_runs(make_app):
    """on_done may push a screen of its own: it runs after the keyboard popped itself."""
    app = make_app(language="en")
    tops = []
    app.push(KeyboardScreen(app, title="Name", text="Bo", on_done=lambda t: tops.append(
        (t, app.top.name))))
    play(app, "TAP @key-done")
    assert tops == [("Bo", "home")]


@pytest.mark.parametrize("name", ["똠" * 24, "W" * 24, "Mina"])
def test_the_field_holds_24_wide_characters(make_app, name):
    from ui.screens.keyboard import FIELD, PAD

    app, _ = open_keyboard(make_app, "ko", text=name)
    sizes = []
    render = app.fonts.render

    def spy(text, size, *args, **kwargs):
        if text == name:
            sizes.append(size)
        return render(text, size, *args, **kwargs)

    app.fonts.render = spy
    app.render()
    assert sizes and app.fonts.width(name, sizes[0]) <= FIELD.width - 2 * PAD
    assert sizes[0] >= 24 and (len(name) > 4 or sizes[0] > 30)  # short names drawn big


def test_without_a_hangul_font_the_keyboard_is_english_only(make_app, monkeypatch):
    import ui.fonts

    monkeypatch.setattr(ui.fonts, "find_hangul_font", lambda: None)
    app, given = open_keyboard(make_app, None)
    assert not app.top.button("key-lang").visible
    play(app, "DOWN\nDOWN\nDOWN\nRIGHT")  # 123, then the hidden 한/A is skipped
    assert focused(app) == "key-space"
    tap(app, "b", "o", "done")
    assert given == ["bo"]
