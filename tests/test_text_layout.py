"""Wrapping and fitting text (ui/widgets.py): what every label and paragraph is laid out by.
Checked against their definitions, with the real font, on random Latin and Korean texts: a
one-line text is measured once as a whole (issue 19's cold frames), which must give what
measuring word by word gives."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from ui import widgets

WORDS = ["Player", "7", "Alexandra-Catherine", "농사", "대성당", "되돌리기", "÷2:", "·",
         "Kim", "민수", "WWWWWWWWWWWW", "i", "사건·카드", "(4)"]
texts = st.lists(st.sampled_from(WORDS), min_size=1, max_size=9).map(" ".join)


def fresh(fonts):
    widgets._wrapped.clear()
    widgets._fitted.clear()
    return fonts


@settings(max_examples=150, deadline=None)
@given(text=texts, size=st.sampled_from([13, 17, 22, 26]), width=st.integers(40, 500))
def test_wrapped_lines_keep_the_words_fit_the_width_and_are_filled(fonts, text, size, width):
    fonts = fresh(fonts)
    lines = widgets.wrap(fonts, text, size, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost or added
    for line in lines:
        assert fonts.width(line, size) <= width or len(line) == 1
    words_fit = all(fonts.width(w, size) <= width for w in text.split(" "))
    if words_fit:  # greedy: no line could have taken the next line's first word
        assert lines == [line for line in lines if line]
        for line, after in zip(lines, lines[1:]):
            assert fonts.width(f"{line} {after.split(' ')[0]}", size) > width


@settings(max_examples=150, deadline=None)
@given(text=texts, size=st.sampled_from([17, 22, 26]), width=st.integers(40, 400),
       height=st.integers(15, 120))
def test_the_fitted_size_is_the_largest_at_which_the_words_and_lines_fit(fonts, text, size,
                                                                        width, height):
    fonts = fresh(fonts)

    def fits(s):
        return (all(fonts.width(w, s) <= width for w in text.split())
                and len(widgets.wrap(fonts, text, s, width)) * fonts.get(s).get_linesize()
                <= height)

    chosen = widgets.fit_size(fonts, text, size, width, height, smallest=12)
    assert chosen == 12 or fits(chosen)
    assert not any(fits(s) for s in range(chosen + 1, size + 1))


def test_a_text_that_fits_on_one_line_is_measured_once(fonts):
    """The label's whole width answers for each of its words (5 measures become 1)."""
    measured = []
    counting = measuring(fresh(fonts), lambda text, size: measured.append(text))
    assert widgets.fit_size(counting, "굴림 (1) 다시 뒤집기 패스", 22, 400, 60) == 22
    assert measured == ["굴림 (1) 다시 뒤집기 패스"]


def measuring(fonts, seen):
    """``fonts`` that tell ``seen(text, size)`` of every text measured."""
    width = fonts.width

    class Measuring:
        def __getattr__(self, name):
            return getattr(fonts, name)

        def width(self, text, size, bold=False):
            seen(text, size)
            return width(text, size, bold)

    return Measuring()


def greedy(fonts, text, size, width):
    """Wrapping as its definition says, a word at a time: a paragraph that fits is one line;
    else a line takes the next word while the line with it fits, and a word wider than a line
    alone is broken anywhere."""
    lines = []
    for paragraph in text.split("\n"):
        if fonts.width(paragraph, size) <= width:
            lines.append(paragraph)
            continue
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if fonts.width(candidate, size) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            if fonts.width(word, size) <= width:
                line = word
                continue
            for ch in word:
                if fonts.width(line + ch, size) > width and line:
                    lines.append(line)
                    line = ""
                line += ch
        lines.append(line)
    return lines


spaced = st.lists(st.sampled_from(WORDS + ["", "\n"]), min_size=1, max_size=14).map(" ".join)


@settings(max_examples=200, deadline=None)
@given(text=spaced, size=st.sampled_from([13, 17, 22, 26]), width=st.integers(8, 500))
def test_wrapping_gives_the_word_at_a_time_lines(fonts, text, size, width):
    """Lines found from a guess and a measure or two give what adding a word at a time gives,
    double spaces, line breaks and words wider than a line included; and "a word was broken"
    is said exactly when a word is wider than the line."""
    fonts = fresh(fonts)
    lines, broken = widgets.wrapped(fonts, text, size, width)
    assert list(lines) == greedy(fonts, text, size, width)
    words = [w for paragraph in text.split("\n") for w in paragraph.split(" ")]
    assert broken == any(fonts.width(w, size) > width for w in words)


def test_a_paragraph_is_wrapped_measuring_a_line_or_two_per_line_not_every_word(fonts):
    """The Tiletum set-up paragraph, 4 lines at 22 px in 400 px: it was measured 35 times (the
    whole, then each word after the others on its line), 9 now (the whole, then about two per
    line)."""
    text = ("Player 1: 1 gold · Player 2: 3 gold · Player 3: 5 gold · Player 4: 6 gold. "
            "Everyone also takes 1 iron, 1 wool, 1 stone and 1 food.")
    measured = []
    lines = widgets.wrap(measuring(fresh(fonts), lambda t, s: measured.append(t)), text, 22, 400)
    assert lines == greedy(fonts, text, 22, 400) and len(lines) == 4
    assert len(measured) <= 1 + 2 * len(lines) + 1
