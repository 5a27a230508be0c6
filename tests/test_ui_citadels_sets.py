"""The rulebook's named character sets at setup (issue 37, item 5): offered beside First game
and Random for the 2016 edition, described in the rulebook's words, adapted to the player count
as the rulebook says, and remembered with the last game's choices."""

from __future__ import annotations

from conftest import play, record_text


def open_setup(app, players: int, edition: str = "2016"):
    play(app, f"TAP @citadels\nEXPECT citadels-setup\nTAP @edition-{edition}")
    setup = app.top
    while setup.players != players:
        play(app, "TAP @more" if setup.players < players else "TAP @fewer")
    return setup


def drawn_now(app, drawn) -> str:
    drawn.clear()
    app.render()
    return " ".join(drawn)


def test_a_named_set_is_chosen_played_and_remembered(make_app):
    """Seed 000: "💰정치놀음💰 배짱을 부리고 허세를 떨며 엄포를 놓는, 그리고 이걸 꿰뚫어보고
    논파하는 데 특화된 조합입니다." The set's button names it once chosen; the game starts with
    its characters; the next setup opens on it again, with the rank-9 choice."""
    app = make_app(language="ko")
    setup = open_setup(app, 5)
    drawn = record_text(app)
    play(app, "TAP @sets\nEXPECT citadels-sets\nTAP @politics")
    text = drawn_now(app, drawn)
    assert "배짱을 부리고 허세를 떨며 엄포를 놓는," in text and "9번 캐릭터도 씀: 왕비" in text
    assert "1.\u00a0치안판사" in text and "9.\u00a0왕비" not in text
    play(app, "TAP @rank9")
    assert "9.\u00a0왕비" in drawn_now(app, drawn)
    play(app, "TAP @use\nEXPECT citadels-setup")
    politics = ("magistrate", "blackmailer", "wizard", "king", "abbot", "alchemist", "navigator",
                "marshal", "queen")
    assert setup.characters == politics and setup.button("sets").is_selected()
    assert "정치놀음" in drawn_now(app, drawn)
    play(app, "TAP @start\nEXPECT gate")
    assert tuple(app.stack[-2].controller.session.config["characters"]) == politics
    play(app, "BACK\nTAP @leave\nEXPECT home\nTAP @citadels\nEXPECT citadels-setup")
    again = app.top
    assert again.preset == "politics" and again.rank9 and again.characters == politics
    assert again.button("sets").is_selected()


def test_the_emperor_gives_way_to_the_king_with_2_players(make_app):
    """Seed 000: "* 황제는 절대로 2명 게임에 사용할 수 없습니다. 2명 게임에는 황제 대신 왕이나
    대공을 사용하세요." The set is adapted, says so, and the game can start."""
    app = make_app(language="ko")
    setup = open_setup(app, 2)
    drawn = record_text(app)
    play(app, "TAP @sets\nTAP @spies")
    assert "2명 게임이라 황제 대신 왕을 씁니다." in drawn_now(app, drawn)
    assert not app.top.button("rank9").visible  # 2 players: ranks 1-8 only
    play(app, "TAP @use\nEXPECT citadels-setup")
    assert "king" in setup.characters and "emperor" not in setup.characters
    assert "왕(황제 대신)" in drawn_now(app, drawn)
    assert setup.button("start").enabled


def test_the_queen_gives_way_to_the_artist_with_3_or_4_players(make_app):
    """Seed 000: "* 왕비는 절대로 3-4명 게임에 사용할 수 없습니다. 3명이나 4명 게임에는 왕비 대신
    예술가나 세리를 사용하세요." / "(3명이나 8명이 게임을 할 때는 반드시 9번 캐릭터를 사용해야
    합니다)": with 3 players the rank-9 character plays, the Artist for the Queen; with 5 the
    Queen comes back."""
    app = make_app()
    setup = open_setup(app, 3)
    drawn = record_text(app)
    play(app, "TAP @sets\nTAP @ambitious")
    assert not app.top.button("rank9").visible  # required with 3 players
    play(app, "TAP @use")
    assert setup.characters[-1] == "artist" and setup.button("start").enabled
    assert "Artist (for the Queen)" in drawn_now(app, drawn)
    play(app, "TAP @sets")
    assert "With 3 players the Artist plays instead of the Queen." in drawn_now(app, drawn)
    play(app, "TAP @use\nTAP @more\nTAP @more\nTAP @sets\nTAP @rank9\nTAP @use")  # 5 players
    assert setup.characters[-1] == "queen"
    assert "(for the" not in drawn_now(app, drawn)


def test_back_leaves_the_set_as_it_was_and_the_classic_edition_has_none(make_app):
    app = make_app()
    setup = open_setup(app, 4)
    first = setup.characters
    play(app, "TAP @sets\nTAP @power\nBACK\nEXPECT citadels-setup")
    assert setup.characters == first and setup.preset == "first-game"
    play(app, "TAP @sets\nTAP @power\nTAP @use\nTAP @edition-classic")
    assert setup.preset == "first-game" and not setup.button("sets").visible
    assert setup.button("start").enabled
