"""A finished game into BG Stats by a QR code (issue 40, part 1): the play's JSON has what BG
Stats needs (its "createPlay" page, and what others who built this found: ``sourceName``,
``sourcePlayId`` and ``playDate`` always, ``playDate`` UTC ``yyyy-MM-dd HH:mm:ss``, ``bggId`` a
JSON number, ``winner`` and ``startPlayer`` on every player); the link decodes back to it; the
code on the screen reads back (zxing-cpp, the test extra's decoder) after Save to History and
from History, with 8 long Korean names; ``companion export --format bgstats`` writes the same
links."""

from __future__ import annotations

import json
import re
import string
import urllib.parse

import pygame
import pytest
import zxingcpp
from hypothesis import given, strategies as st

from companion import bgstats
from companion.citadels.catalogue import character
from conftest import play, record_text
from ui import qr
from ui.screens.bgstats import CODE, MOST_VERSION

STARTED, FINISHED = "2026-11-27T19:02:03.120Z", "2026-11-27T20:31:40.001Z"
DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\Z")
LONG_KO = "김이박최정강조윤장임한오서신권황안송류홍전고문양손배"  # 24 syllables


def scores(names, winners=None, totals=None):
    totals = totals or [30 - i for i in range(len(names))]
    return {"players": [{"name": n, "total": t} for n, t in zip(names, totals)],
            "ranking": list(names), "winners": winners or [names[0]]}


def citadels(names, edition="2016", crown=1, held=None):
    config = {"names": names, "edition": edition, "crown": crown}
    result = {"scores": scores(names), "final_characters": held or {}}
    return bgstats.play_of("citadels", config, STARTED, FINISHED, result)


def data_of(link: str) -> dict:
    """The play a link carries, read as a web page reads its query."""
    assert link.startswith(bgstats.LINK)
    (value,) = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query,
                                     strict_parsing=True)["data"]
    return json.loads(value)


def read_codes(surface: pygame.Surface) -> list[str]:
    """The texts of the QR codes zxing-cpp finds in ``surface``."""
    rgb = pygame.Surface(surface.get_size())
    rgb.blit(surface, (0, 0))
    w, h = rgb.get_size()
    image = memoryview(pygame.image.tobytes(rgb, "RGB")).cast("B", (h, w, 3))
    return [found.text for found in zxingcpp.read_barcodes(image)]


# --- the play's JSON --------------------------------------------------------------------------

def test_every_field_bg_stats_requires_is_there_with_its_type():
    """Required: sourceName, sourcePlayId, playDate (UTC "yyyy-MM-dd HH:mm:ss"); bggId a
    number (a string crashes the app); every flag present (Android's parser throws on a
    missing one)."""
    names = ["Mina", "Joon", "Sora", "Hana"]
    found = bgstats.play_of("troyes", {"names": names, "first": 3}, STARTED, FINISHED,
                            {"scores": scores(names)})
    data = bgstats.payload(found, "en")
    assert data["sourceName"] == "Tabletop Companion"
    assert isinstance(data["sourcePlayId"], str) and data["sourcePlayId"]
    assert DATE.match(data["playDate"]) and data["playDate"] == "2026-11-27 19:02:03"
    game = data["game"]
    assert type(game["bggId"]) is int and game["bggId"] == 73439
    assert game["highestWins"] is True and game["noPoints"] is False
    for player in data["players"]:
        assert type(player["winner"]) is bool and type(player["startPlayer"]) is bool
        assert type(player["score"]) is int
    assert [p["name"] for p in data["players"] if p["startPlayer"]] == ["Sora"]
    assert [p["name"] for p in data["players"] if p["winner"]] == ["Mina"]
    assert data["durationMin"] == 90  # 19:02:03 to 20:31:40


def test_the_bgg_ids_are_the_data_files_and_flagged_as_not_from_the_seeds():
    """The ids are facts from outside the seeds: a data file, flagged so."""
    from companion.data import package_json

    data = package_json("companion", "bgstats.json")
    assert data["in_seeds"] is False and "NOT in the seeds" in data["source"]
    ids = {(p.game, p.edition): bgstats.payload(p, "en")["game"]["bggId"] for p in (
        citadels(["A", "B"], "2016"), citadels(["A", "B"], "classic"),
        bgstats.play_of("troyes", {"names": ["A", "B"]}, STARTED, FINISHED,
                        {"scores": scores(["A", "B"])}),
        bgstats.play_of("tiletum", {"names": ["A", "B"], "order": [2, 1]}, STARTED, FINISHED,
                        {"scores": scores(["A", "B"])}))}
    assert ids == {("citadels", "2016"): 205398, ("citadels", "classic"): 478,
                   ("troyes", None): 73439, ("tiletum", None): 351913}


@pytest.mark.parametrize("language", ["en", "ko"])
def test_citadels_characters_are_roles_and_the_edition_is_the_board(language):
    """A Citadels character fits ``role`` and the edition ``board``: the characters each
    player held in the last round, named as the cards print them."""
    found = citadels(["Mina", "Joon", "Sora"], "classic", crown=2,
                     held={"1": ["king"], "2": ["thief", "bishop"], "3": []})
    data = bgstats.payload(found, language)
    name = {c: character("classic", c).name(language) for c in ("king", "thief", "bishop")}
    assert [p.get("role") for p in data["players"]] == [
        name["king"], f"{name['thief']}, {name['bishop']}", None]
    assert data["board"] == {"en": "Classic", "ko": "구판"}[language]
    assert [p["startPlayer"] for p in data["players"]] == [False, True, False]


def test_tiletum_starts_with_the_first_seat_of_the_turn_order():
    names = ["Mina", "Joon", "Sora"]
    found = bgstats.play_of("tiletum", {"names": names, "order": [3, 1, 2]}, STARTED,
                            FINISHED, {"scores": scores(names)})
    assert [s.first for s in found.seats] == [False, False, True]


def test_a_game_finished_without_its_scores_is_a_play_without_points():
    found = bgstats.play_of("citadels", {"names": ["A", "B"], "edition": "2016", "crown": 1},
                            STARTED, FINISHED, {"rounds": 7})
    data = bgstats.payload(found, "en")
    assert data["game"]["noPoints"] is True
    assert all("score" not in p and p["winner"] is False for p in data["players"])


@pytest.mark.parametrize("kind, config, started, result", [
    ("troyes", {"names": ["A", "B"]}, STARTED, {"abandoned": True}),  # left unfinished
    ("troyes", {"names": ["A", "B"]}, "yesterday", {"scores": scores(["A", "B"])}),
    ("chess", {"names": ["A", "B"]}, STARTED, {"scores": scores(["A", "B"])}),
    ("troyes", {"names": [1, 2]}, STARTED, {"scores": scores(["A", "B"])}),
    ("troyes", "{", STARTED, {"scores": scores(["A", "B"])}),
])
def test_what_is_no_play_makes_none(kind, config, started, result):
    assert bgstats.play_of(kind, config, started, FINISHED, result) is None


def test_how_long_only_for_a_game_the_device_ran_in_one_sitting():
    names = ["A", "B"]
    by_hand = bgstats.play_of("troyes-score", {"players": [{"name": n} for n in names]},
                              STARTED, FINISHED, {"scores": scores(names)})
    overnight = bgstats.play_of("troyes", {"names": names}, STARTED,
                                "2026-11-28T08:02:03.000Z", {"scores": scores(names)})
    assert "durationMin" not in bgstats.payload(by_hand, "en")
    assert "durationMin" not in bgstats.payload(overnight, "en")  # 13 hours: kept overnight


def test_the_same_play_keeps_its_id_and_two_plays_differ():
    """BG Stats tells a play it has by ``sourcePlayId``: a backup imported on another
    device keeps the game's start, so the id."""
    one = citadels(["A", "B"])
    again = citadels(["A", "B"])
    other = bgstats.play_of("citadels", {"names": ["A", "B"], "edition": "2016", "crown": 1},
                            "2026-11-27T19:02:03.121Z", FINISHED, {"scores": scores(["A", "B"])})
    assert bgstats.play_id(one) == bgstats.play_id(again) != bgstats.play_id(other)


def test_links_leave_out_the_optional_fields_one_more_each():
    found = citadels([LONG_KO[:6] + str(i) for i in range(8)],
                     held={str(s): ["king"] for s in range(1, 9)})
    links = bgstats.links(found, "ko")
    assert [left for left, _ in links] == [(), ("board",), ("board", "durationMin"),
                                          ("board", "durationMin", "role")]
    lengths = [len(link) for _, link in links]
    assert lengths == sorted(lengths, reverse=True)
    barest = data_of(links[-1][1])
    assert "board" not in barest and "durationMin" not in barest
    assert all("role" not in p and "winner" in p and "startPlayer" in p
               for p in barest["players"])
    troyes = bgstats.play_of("troyes-score", {"players": [{"name": "A"}, {"name": "B"}]},
                             STARTED, FINISHED, {"scores": scores(["A", "B"])})
    assert [left for left, _ in bgstats.links(troyes, "en")] == [()]  # nothing to leave out


URL_CHARACTERS = set(string.ascii_letters + string.digits + "-._~:/?#[]@!$&'()*+,;=%")


@given(st.lists(st.text(min_size=1, max_size=24), min_size=2, max_size=8, unique=True))
def test_the_link_carries_the_play_exactly_whatever_the_names(names):
    """Any name (quotes, &, +, %, #, Hangul, emoji) comes back as it was, and the link is
    plain ASCII a URL may hold (RFC 3986)."""
    found = citadels(names, held={"1": ["king"]})
    data = bgstats.payload(found, "ko")
    link = bgstats.link(data)
    assert set(link) <= URL_CHARACTERS
    assert data_of(link) == data


# --- the QR code ------------------------------------------------------------------------------

def test_segments_cost_no_more_bits_than_one_mode():
    """The split into alphanumeric and byte parts makes a code no larger than byte mode
    alone, and smaller for Korean names."""
    import segno

    link = bgstats.links(citadels([LONG_KO[:8] + str(i) for i in range(8)]), "ko")[0][1]
    assert "".join(part for part, _ in qr.segments(link)) == link
    assert qr.encode(link).version < segno.make(link, error="L", mode="byte").version


@pytest.mark.parametrize("names, most", [
    ([LONG_KO[:3] + str(i) for i in range(8)], MOST_VERSION),  # 8 players, Korean names
    ([f"Player{i}-Longname" for i in range(8)], MOST_VERSION),
    ([LONG_KO[:23] + str(i) for i in range(8)], 40),  # the longest names the entry takes
])
def test_the_code_reads_back_from_a_screen_sized_picture(names, most):
    found = citadels(names, held={str(s): ["king", "thief"] for s in range(1, 9)})
    links = [link for _, link in bgstats.links(found, "ko")]
    index, code = qr.fitting(links, MOST_VERSION)
    assert code.version <= most
    picture = qr.surface(code, CODE.height)
    assert read_codes(picture) == [links[index]]
    assert CODE.height / (code.side + 2 * qr.QUIET) >= 2.9  # px a module


def test_a_link_too_long_for_any_code_is_refused():
    with pytest.raises(ValueError):
        qr.fitting(["x" * 3000], MOST_VERSION)


# --- on the screens ---------------------------------------------------------------------------

def shown_code(app) -> str:
    """The link of the code the BG Stats screen shows, read from the canvas."""
    assert app.top.name == "bgstats"
    app.top.job.thread.join(60)
    app.render()
    (text,) = read_codes(app.display.canvas.subsurface(CODE))
    return text


@pytest.mark.parametrize("language", ["en", "ko"])
def test_save_to_history_shows_the_code_of_that_play_and_done_goes_home(make_app, language):
    app = make_app(language=language)
    play(app, "TAP @troyes\nTAP @score\nEXPECT troyes-score-entry\nTAP @level1")
    while app.top.name == "troyes-score-entry":
        play(app, "TAP @next")
    ranked = [(p["name"], p["total"]) for p in app.top.ranked()]
    play(app, "TAP @done\nEXPECT bgstats")
    data = data_of(shown_code(app))
    assert {(p["name"], p["score"]) for p in data["players"]} == set(ranked)
    assert data["game"]["bggId"] == 73439
    (row,) = app.store.rows()
    assert data["sourcePlayId"] == bgstats.play_id(app.store.play(row.session_id))
    play(app, "TAP @done\nEXPECT home")
    assert [s.name for s in app.stack] == ["home"]


def test_history_shows_the_code_of_a_citadels_game_with_eight_long_korean_names(make_app):
    """8 players and the longest Korean names the entry takes: the code still reads back
    from the screen, with the characters left out and the table told so."""
    app = make_app(language="ko")
    names = [LONG_KO[:23] + str(i) for i in range(8)]
    session = app.store.create_session("citadels", {"names": names, "edition": "2016",
                                                    "crown": 5, "players": 8,
                                                    "characters": []}, 1)
    app.store.finish(session, {"scores": scores(names), "names": names, "final_characters": {
        str(s): ["king"] for s in range(1, 9)}})
    play(app, "TAP @history\nEXPECT history\nTAP @row0\nEXPECT history-detail\n"
              "TAP @bgstats\nEXPECT bgstats")
    data = data_of(shown_code(app))
    assert [p["name"] for p in data["players"]] == names
    assert [p["startPlayer"] for p in data["players"]] == [i == 4 for i in range(8)]
    assert all("role" not in p for p in data["players"])
    drawn = record_text(app)
    app.render()
    assert any("캐릭터" in text for text in drawn)  # what was left out, said
    play(app, "TAP @done\nEXPECT history-detail")


def test_a_game_left_unfinished_offers_no_code(make_app):
    app = make_app()
    session = app.store.create_session("troyes", {"names": ["A", "B"]}, 1)
    app.store.finish(session, {"abandoned": True, "names": ["A", "B"]})
    play(app, "TAP @history\nEXPECT history\nTAP @row0\nEXPECT history-detail")
    assert "bgstats" not in [b.name for b in app.top.buttons]


# --- the command line -------------------------------------------------------------------------

def test_export_bgstats_writes_a_link_per_finished_game(make_app, tmp_path, capsys):
    from ui.cli import main

    app = make_app(data_dir=tmp_path / "games")
    for names in (["Mina", "Joon"], ["김민준", "이서연", "박지호"]):
        session = app.store.create_session("troyes", {"names": names, "first": 1}, 1)
        app.store.finish(session, {"scores": scores(names)})
    app.store.create_session("tiletum", {"names": ["A", "B"], "order": [1, 2]}, 2)  # kept
    app.close()
    assert main(["export", "--format", "bgstats", "--data-dir", str(tmp_path / "games")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [[p["name"] for p in data_of(line)["players"]] for line in lines] == [
        ["Mina", "Joon"], ["김민준", "이서연", "박지호"]]


@pytest.mark.parametrize("column, how", [("result", "utf8"), ("config", "utf8"),
                                         ("config", "deep")])
def test_export_bgstats_leaves_out_a_damaged_game_and_writes_the_others(
        make_app, tmp_path, capsys, column, how):
    """A stored row damaged by a bad byte or nested beyond Python's parser (issue 38, item 1)
    is left out of the links and said on standard error; the others are written (the export
    had refused them all for one bad byte)."""
    from test_stored_rows import damage
    from ui.cli import main

    app = make_app()
    ids = []
    for names in (["Mina", "Joon"], ["Hana", "Dul"], ["김민준", "이서연", "박지호"]):
        session = app.store.create_session("troyes", {"names": names, "first": 1}, 1)
        app.store.finish(session, {"scores": scores(names)})
        ids.append(session.id)
    app.close()
    damage(tmp_path, ids[1], column, how)
    assert main(["export", "--format", "bgstats", "--data-dir", str(tmp_path / "data")]) == 0
    said = capsys.readouterr()
    assert [[p["name"] for p in data_of(line)["players"]] for line in said.out.splitlines()] \
        == [["Mina", "Joon"], ["김민준", "이서연", "박지호"]]
    assert said.err == ("companion export: 1 finished game left out: its stored text cannot be"
                        f" read (game {ids[1]})\n")


def test_export_bgstats_says_every_damaged_game_it_left_out(make_app, tmp_path, capsys):
    from test_stored_rows import damage
    from ui.cli import main

    app = make_app()
    ids = []
    for names in (["Mina", "Joon"], ["Hana", "Dul"]):
        session = app.store.create_session("troyes", {"names": names, "first": 1}, 1)
        app.store.finish(session, {"scores": scores(names)})
        ids.append(session.id)
    app.close()
    for session_id in ids:
        damage(tmp_path, session_id, "result", "utf8")
    assert main(["export", "--format", "bgstats", "--data-dir", str(tmp_path / "data")]) == 0
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err == ("companion export: 2 finished games left out: their stored text cannot"
                        f" be read (games {ids[0]}, {ids[1]})\n")
