"""Final scoring on the device, end to end: entering four cities with taps, the results with
their bars and breakdown, History, scoring straight after a game the device ran, a restart in
the middle of the entry, and entries that cannot be scored."""

from __future__ import annotations

import pygame
import pytest

from citadels_driver import play_to_the_end
from conftest import play, record_text

# Four cities, tapped the way a table would (2016, 4 players: 7 districts complete a city).
ENTRY = """
TAP @citadels
EXPECT citadels-setup
TAP @score
EXPECT score-city
SHOT city-empty
TAP @manor
TAP @castle
TAP @tab-religious
TAP @temple
TAP @tab-trade
TAP @market
TAP @tab-military
TAP @watchtower
TAP @tab-unique
TAP @imperial_treasury
TAP @haunted_quarter
SHOT city
TAP @next
EXPECT score-questions
TAP @completed-more
TAP @gold-more
TAP @gold-more
TAP @decor-castle
SHOT questions
TAP @next
EXPECT score-city
TAP @tab-noble
TAP @palace
HOLD @palace
TAP @tab-unique
TAP @statue
TAP @next
TAP @crown
TAP @next
TAP @tab-trade
TAP @tavern
TAP @next
TAP @next
TAP @tab-religious
TAP @cathedral
TAP @next
TAP @next
EXPECT score-results
SHOT results
"""
# Player 1: 3+4+1+2+1+5+2 = 18, +1 decorated Castle, +3 five types (the Haunted Quarter as
# unique), +4 first to complete, +2 gold in the Imperial Treasury = 28.
# Player 2: two Palaces (Quarry) 10 + Statue 3, +5 with the crown = 18. Then 5 and 1.
QUIET_ENTRY = "\n".join(line for line in ENTRY.splitlines() if not line.startswith("SHOT"))
EXPECTED = [("Player 1", 28), ("Player 2", 18), ("Player 4", 5), ("Player 3", 1)]


def drawn_now(app, drawn):
    drawn.clear()
    app.render()
    return list(drawn)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_entering_four_cities_gives_the_scores_and_keeps_them_in_history(
        make_app, tmp_path, language):
    app = make_app(language=language)
    shots = tmp_path / "shots"
    play(app, ENTRY, screenshots=shots)
    results = app.top
    names = [(p["name"], p["total"]) for p in results.ranked()]
    expected = [(n if language == "en" else n.replace("Player", "플레이어"), t)
                for n, t in EXPECTED]
    assert names == expected
    first = results.ranked()[0]["breakdown"]
    assert (first["districts"], first["decorations"], first["five_types"], first["completion"],
            first["unique"]["total"], first["haunted_as"]) == (19, 1, 3, 4, 2, "unique")
    play(app, "TAP @row1\nEXPECT score-breakdown\nSHOT breakdown", screenshots=shots)
    drawn = record_text(app)
    assert any("2" in line and ("Imperial" in line or "제국" in line)
               for line in drawn_now(app, drawn))
    play(app, "BACK\nEXPECT score-results\nTAP @done\nEXPECT bgstats\nTAP @done\nEXPECT home")
    (game,) = app.store.history()
    assert game.result["winner"] == expected[0][0]
    assert app.store.unfinished() == []
    play(app, "TAP @history\nEXPECT history\nTAP @row0\nEXPECT history-detail\nTAP @breakdown\nEXPECT score-results", screenshots=shots)
    assert [(p["name"], p["total"]) for p in app.top.ranked()] == expected
    assert not any(b.name == "edit" for b in app.top.buttons)  # History is read-only
    assert all(p.stat().st_size > 0 for p in shots.iterdir())


def test_a_restart_during_the_entry_resumes_at_the_next_player(make_app, tmp_path):
    app = make_app()
    lines = QUIET_ENTRY.strip().splitlines()
    play(app, "\n".join(lines[:lines.index("EXPECT score-city", 5) + 1]))  # player 1 stored
    data = app.config.data_dir
    app.close()
    app.running = False
    again = make_app(data_dir=data)
    assert again.top.name == "score-city" and again.top.index == 1
    assert again.top.controller.players[0].city[:2] == ("manor", "castle")


@pytest.mark.parametrize("language, why", [
    ("en", "The order in which cities were completed must be 1, 2, 3, … with no gaps or "
           "repeats: check the places of Player 1."),
    ("ko", "도시 완성 순서는 1, 2, 3, …처럼 빠지거나 겹치는 번호가 없어야 합니다. 플레이어 1 님의 "
           "순서를 확인해 주세요.")])
def test_an_entry_that_cannot_be_scored_says_why_and_opens_the_city_named(make_app, language,
                                                                         why):
    """Seven districts completed second, and nobody first: a gap in the completion order."""
    app = make_app(language=language)
    play(app, "TAP @citadels\nTAP @score\nEXPECT score-city")
    seven = ["manor", "castle", "palace", "temple", "church", "monastery", "cathedral"]
    play(app, "\n".join(f"TAP @{d}" if i < 3 else f"TAP @tab-religious\nTAP @{d}"
                        for i, d in enumerate(seven)))
    play(app, "TAP @next\nTAP @completed-more\nTAP @completed-more\nTAP @next")
    for _ in range(3):
        play(app, "TAP @next\nTAP @next")
    assert app.top.name == "score-results" and app.top.data is None
    drawn = record_text(app)
    shown = " ".join(drawn_now(app, drawn))  # (a wrapped paragraph: one string per line)
    assert why in shown
    assert [b.name for b in app.top.buttons if b.warning] == ["player1"]
    play(app, "OK\nEXPECT score-city")  # OK opens the city the refusal names
    assert app.top.index == 0


def test_scoring_right_after_a_game_fills_in_what_the_device_knows(make_app):
    app = make_app()
    game = play_to_the_end(app, complete_from=2)
    order, final = game.completion_order(), dict(game.final_characters())
    crown = game.rounds[-1].crown_after
    play(app, "TAP @score\nEXPECT score-city")
    score = app.top.controller
    for seat, player in enumerate(score.players, start=1):
        assert player.completed == (order.index(seat) + 1 if seat in order else None)
        assert set(player.characters) == {c for c, s in final.items() if s == seat}
        assert player.crown == (seat == crown)
    assert not score.decorations  # no Artist in the first-game set: no question
    assert app.store.history()[0].result["completion_order"] == list(order)


def test_history_rows_without_scores_open_their_detail(make_app):
    """Issue 15: no dead rows. A finished game without scores (here one whose stored config
    cannot be replayed) opens its detail, which says what the row keeps."""
    app = make_app()
    session = app.store.create_session("citadels", {}, 1)
    app.store.finish(session, {"first_complete": "Mina"})
    play(app, "TAP @history\nEXPECT history\nTAP @row0\nEXPECT history-detail")


def test_the_results_screen_draws_a_bar_per_player(make_app, tmp_path):
    app = make_app()
    play(app, QUIET_ENTRY)
    app.render()
    surface = app.display.surface
    rows = app.top.row_rects(4)
    from ui.screens.citadels.score_results import COLORS

    def colours(rect):
        return {tuple(surface.get_at((x, rect.centery)))[:3]
                for x in range(app.top.bar_left(rect), rect.right - 10, 3)}

    assert {COLORS["districts"], COLORS["five_types"], COLORS["completion"],
            COLORS["unique"]} <= colours(rows[0])  # the winner scored in all four
    assert COLORS["completion"] not in colours(rows[1])
    assert isinstance(surface, pygame.Surface)


TIE = """
TAP @citadels
TAP @fewer
TAP @fewer
TAP @score
EXPECT score-city
TAP @palace
TAP @next
TAP @characters
EXPECT score-characters
TAP @king
TAP @warlord
TAP @done
TAP @next
TAP @tab-trade
TAP @town_hall
TAP @next
TAP @characters
TAP @architect
TAP @done
TAP @next
EXPECT score-results
"""


@pytest.mark.parametrize("language, sentence", [
    ("en", "Player 1, Player 2 tie on 5; Player 1 wins with the higher final-round character "
           "(rank 8 against 7)."),
    ("ko", "플레이어 1, 플레이어 2 동점(5점): 마지막 라운드 캐릭터 번호가 더 높은 플레이어 1 님이 "
           "이깁니다 (8 대 7)."),
])
def test_a_2016_tie_is_broken_by_the_final_round_characters_entered_on_the_device(
        make_app, language, sentence):
    """Two players (so each had two characters: the highest counts), both on 5 points."""
    app = make_app(language=language)
    play(app, TIE)
    assert app.top.data["winners"] == [app.top.data["ranking"][0]]
    assert app.top.tie_sentence() == sentence
    first = app.top.controller.players[0]
    assert first.characters == ("king", "warlord")  # two kept with 2 players


def test_any_player_can_be_corrected_from_the_results(make_app):
    app = make_app()
    play(app, QUIET_ENTRY)
    play(app, "TAP @row3\nEXPECT score-breakdown\nTAP @edit\nEXPECT score-city")
    assert app.top.player.name == "Player 4" and app.top.player.city == ("cathedral",)
    play(app, "TAP @tab-religious\nTAP @temple\nTAP @next\nEXPECT score-questions")
    play(app, "TAP @secret_vault\nTAP @back\nEXPECT score-city")
    assert app.top.player.secret_vault  # the answer survives going back to the city
    play(app, "TAP @next\nTAP @next\nEXPECT score-results")
    totals = {p["name"]: p["total"] for p in app.top.data["players"]}
    assert totals["Player 4"] == 5 + 1 + 3  # the Temple, and the Secret Vault revealed


def test_a_classic_tie_is_shared_unless_the_table_asks_for_the_faq_rule(make_app):
    """Classic, 2 players on 6 points: Mina's Palace + Temple, Joon's Town Hall + Tavern;
    equal district value, so the FAQ's second rule (more gold) decides: Joon, 3 gold."""
    app = make_app()
    play(app, "TAP @citadels\nTAP @edition-classic\nTAP @fewer\nTAP @fewer\nTAP @score\n"
              "TAP @palace\nTAP @tab-religious\nTAP @temple\nTAP @next\nTAP @next\n"
              "TAP @tab-trade\nTAP @town_hall\nTAP @tavern\nTAP @next\n"
              "TAP @gold-more\nTAP @gold-more\nTAP @gold-more\nTAP @next\n"
              "EXPECT score-results")
    assert app.top.data["winners"] == ["Player 1", "Player 2"]
    assert "share the win (the classic rules break no tie)" in app.top.tie_sentence()
    play(app, "TAP @faq\nEXPECT score-results")
    assert app.top.data["winners"] == ["Player 2"]
    assert "Player 2 wins with more gold (3 against 0)" in app.top.tie_sentence()
    play(app, "TAP @faq\nEXPECT score-results")  # and back to the rulebook
    assert app.top.data["winners"] == ["Player 1", "Player 2"]


def test_the_tables_faq_choice_is_stored_and_saved_with_the_scores(make_app):
    """The FAQ's tie-break is optional, so it is the table's decision: stored like a player's
    entry (a restart shows the results as the table chose them) and saved to History."""
    app = make_app()
    play(app, "TAP @citadels\nTAP @edition-classic\nTAP @fewer\nTAP @fewer\nTAP @score\n"
              "TAP @palace\nTAP @tab-religious\nTAP @temple\nTAP @next\nTAP @next\n"
              "TAP @tab-trade\nTAP @town_hall\nTAP @tavern\nTAP @next\n"
              "TAP @gold-more\nTAP @gold-more\nTAP @gold-more\nTAP @next\n"
              "EXPECT score-results\nTAP @faq\nEXPECT score-results")
    app.close()
    again = make_app(language=None)  # a restart: back on the results, the FAQ still chosen
    assert again.top.name == "score-results"
    assert again.top.data["winners"] == ["Player 2"]
    play(again, "TAP @done\nEXPECT bgstats\nTAP @done\nEXPECT home")
    (row,) = again.store.history()
    assert row.result["winner"] == "Player 2" and row.result["scores"]["tie_break_code"]


@pytest.mark.parametrize("language, text", [
    ("ko", "궁전 카드는 3장뿐인데 Mina, Joon 님의 도시에 모두 4장이 있습니다. 잘못 넣은 도시를 "
           "열어 고쳐 주세요."),
    ("en", "4 Palace cards are entered (Mina, Joon), but the game has only 3: open the city "
           "where one was entered by mistake.")])
def test_a_refusal_names_the_district_in_the_ui_language(make_app, language, text):
    """The engine gives the district's id (the command line prints it); the results screen says
    its printed name in the table's language (never the engine's English sentence)."""
    from companion.citadels.scoring import PlayerCity
    from ui.screens.citadels.score_controller import CitadelsScoreController

    app = make_app(language=language)
    c = CitadelsScoreController.new(app, "2016", [PlayerCity("Mina", ("palace", "palace")),
                                          PlayerCity("Joon", ("palace", "palace"))])
    screen = c.results_screen()
    assert screen.data is None and screen.error == text


def test_the_entry_takes_more_than_two_artist_decorations(make_app):
    """Seed 000, 예술가: up to 2 districts each turn the Artist takes, "건물마다 한 번씩만":
    over a game a city can hold three decorated districts, and the entry screen takes them."""
    app = make_app()
    play(app, "TAP @citadels\nTAP @score\nEXPECT score-city\nTAP @manor\nTAP @castle\n"
              "TAP @palace\nTAP @next\nEXPECT score-questions\n"
              "TAP @decor-manor\nTAP @decor-castle\nTAP @decor-palace")
    assert app.top.player.decorated == ("manor", "castle", "palace")
    play(app, "TAP @next")
    for _ in range(3):
        play(app, "TAP @next\nTAP @next")
    assert app.top.name == "score-results"
    mina = app.top.data["players"][0]
    assert mina["breakdown"]["decorations"] == 3 and mina["total"] == 3 + 4 + 5 + 3


@pytest.mark.parametrize("language, why", [
    ("en", "Player 1: a revealed Secret Vault is a card in hand; count it for the Map Room."),
    ("ko", "플레이어 1: 공개한 비밀 금고도 손에 든 카드입니다. 지도 보관실의 카드 수에 포함하세요.")])
def test_a_map_room_count_without_the_revealed_vault_is_refused(make_app, language, why):
    """docs/scoring.md: the Map Room's "cards in hand" include a revealed Secret Vault."""
    app = make_app(language=language)
    play(app, "TAP @citadels\nTAP @score\nEXPECT score-city\nTAP @tab-unique\nTAP @map_room\n"
              "TAP @next\nEXPECT score-questions\nTAP @secret_vault")
    play(app, "TAP @next")
    for _ in range(3):
        play(app, "TAP @next\nTAP @next")
    assert app.top.name == "score-results" and app.top.data is None
    shown = " ".join(drawn_now(app, record_text(app)))
    assert why in shown


def test_a_classic_city_takes_its_second_keep_on_a_hold(make_app, tmp_path):
    """Seed 001: the Keep has two cards and the Wizard may build a district the city already
    holds, so in the classic edition a hold on the Keep adds the second one (issue 36, item 7);
    in 2016 a unique district stays single."""
    app = make_app()
    play(app, "TAP @citadels\nTAP @edition-classic\nTAP @score\nEXPECT score-city\n"
              "TAP @tab-unique\nTAP @keep\nHOLD @keep\nHOLD @keep")
    assert app.top.player.city == ("keep", "keep")  # the deck has two: no third
    app = make_app(data_dir=tmp_path / "modern")
    play(app, "TAP @citadels\nTAP @edition-2016\nTAP @score\nEXPECT score-city\n"
              "TAP @tab-unique\nTAP @keep\nHOLD @keep")
    assert app.top.player.city == ("keep",)
