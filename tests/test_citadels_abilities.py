"""What each character does (issue 37, item 4): one line for every character of both editions
in both languages, shown while the character is played; it never takes the room of what the
table must read now (announcements, the prompt), busy turns and long names included."""

from __future__ import annotations

import pytest

from companion.citadels.catalogue import EDITIONS, FIRST_GAME, characters
from conftest import play, record_text
from test_ui_citadels_calling import busy_round, drawn_now, drawn_whole, open_prepared
from ui import theme
from ui.i18n import LANGUAGES, load_messages
from ui.screens.base import BODY
from ui.screens.citadels.abilities import ability_line


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_character_of_both_editions_has_one_line(fonts, language):
    """Each edition's own characters, no other: and each line fits the screen's width at the
    size read from the seats (the calling screen keeps it to one line below the seat map)."""
    messages = load_messages(language)
    keys = {key for key in messages if key.startswith("ability.")}
    assert keys == {f"ability.{e}.{c.id}" for e in EDITIONS for c in characters(e)}
    assert theme.SMALL_SIZE >= 18
    for key in sorted(keys):
        assert fonts.width(messages[key], theme.SMALL_SIZE) <= BODY.width, (language, key)


@pytest.mark.parametrize("edition, language, assassin, thief", [
    ("2016", "ko", "조용히 차례를 넘깁니다", "다른 캐릭터의 금화를 훔칩니다"),
    ("2016", "en", "skips the whole turn", "Rob another character"),
    ("classic", "ko", "암살할 캐릭터를 알립니다", "훔칠 캐릭터를 알립니다"),
    ("classic", "en", "Name a character to kill", "Name a character to rob"),
])
def test_the_call_says_what_the_character_does(make_app, tmp_path, edition, language,
                                                assassin, thief):
    """Seed 000: "🔪1. 암살자🔪 다른 캐릭터를 암살해서 차례를 진행하지 못하게 만듭니다." /
    "반드시 암살당한 캐릭터는 조용히 자기 차례를 그냥 넘겨야 합니다." /
    "👤2. 도둑👤 다른 캐릭터의 금화를 훔칩니다."
    Seed 001: "자객 (Assassin) : 누구를 암살할지 알린다." / "도둑 (Thief) : 누구 것을 훔칠 것인지
    알린다." The Assassin's turn says the Assassin's line; named no one, the Thief's turn his."""
    app = open_prepared(make_app, tmp_path, edition, 4, FIRST_GAME, {"assassin": 1, "thief": 2},
                        language=language)
    drawn = record_text(app)
    for words, then in ((assassin, "TAP @no-one\nTAP @end"), (thief, "TAP @no-one")):
        cid = app.top.controller.at_rank(app.top.controller.calling_public().rank)
        line = ability_line(app, edition, cid)
        assert words in line and drawn_whole(drawn_now(app, drawn), line), (cid, drawn)
        play(app, then)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_line_gives_way_to_what_the_table_must_read_now(make_app, tmp_path, language):
    """8 players with long names, every busy turn (warrants, threats, a bribe, the crown, the
    Tax Collector's reminder): what the table must do now and the reminder are drawn on every
    turn; the character's line is drawn whole or not at all, always on a turn with nothing
    to say but "play your turn", never on the Tax Collector's own (his reminder says it)."""
    shown = []

    def check(app, drawn, key):
        screen = app.top
        view = screen.controller.calling_public()
        cid = screen.controller.at_rank(view.rank)
        line = ability_line(app, "2016", cid)
        drawn_line = drawn_whole(drawn, line)
        assert drawn_line or not any(len(d) > 3 and line.startswith(d) for d in drawn), drawn
        lines = [text for text, _, _ in screen.announcer.lines(view, screen.legal)]
        quiet = lines == [app.t("calling.prompt_play")]  # nothing said but "play your turn"
        assert drawn_line == (cid != "tax_collector") or not quiet, (cid, drawn)
        shown.append(drawn_line)
        assert drawn_whole(drawn, app.t(key))
        prompt = screen.announcer.prompt(view, screen.legal)
        if prompt != app.t("calling.prompt_play"):  # (the general one may give way, as before)
            # its last line drawn (a name in it may be cut to fit)
            assert any(len(d) > 2 and prompt.endswith(d) for d in drawn), (prompt, drawn)

    seen = busy_round(make_app, tmp_path, language, check)
    assert {rank for rank, _, _ in seen} >= {1, 2, 3, 4, 5, 9}
    assert sum(shown) >= len(shown) // 2, shown
