"""A score entry that cannot be scored is never a dead end (issue 37, item 3): the refusal says
who and what, and offers to open the entry of each player it names; an entry opened from the
results goes back to them; a city the size of a complete one but given no place (or a place
and too few districts) is asked about before it is stored."""

from __future__ import annotations

import pytest

from conftest import play, record_text

HAUNTED_TWICE = """
TAP @citadels
EXPECT citadels-setup
TAP @score
EXPECT score-city
TAP @tab-unique
TAP @haunted_quarter
TAP @next
EXPECT score-questions
TAP @next
EXPECT score-city
TAP @tab-unique
TAP @haunted_quarter
TAP @next
TAP @next
TAP @next
TAP @next
TAP @next
TAP @next
EXPECT score-results
"""


def shown(app) -> str:
    """Every text of the top screen's next frame, as one string."""
    drawn = record_text(app)
    app.render()
    return " ".join(drawn)


@pytest.mark.parametrize("language, why", [
    ("en", "2 Haunted Quarter cards are entered (Player 1, Player 2), but the game has only 1"),
    ("ko", "유령 지구 카드는 1장뿐인데 플레이어 1, 플레이어 2 님의 도시에 모두 2장이")])
def test_a_district_in_two_cities_names_both_and_opens_the_city_that_fixes_it(
        make_app, language, why):
    """Seed 000 lists the Haunted Quarter once among the unique districts ("유령 지구"; one card,
    districts.json): two cities cannot both hold it. The refusal names the two players, each
    has a button to their city, and the city fixed leads back to results that can be saved."""
    app = make_app(language=language)
    play(app, HAUNTED_TWICE)
    assert app.top.data is None
    assert why in shown(app)
    named = [b.name for b in app.top.buttons if b.warning]
    assert named == ["player1", "player2"]
    play(app, "TAP @player2\nEXPECT score-city")
    assert app.top.index == 1
    play(app, "TAP @back\nEXPECT score-results")  # Back leads to the results, not home
    play(app, "TAP @player2\nEXPECT score-city\nTAP @tab-unique\nTAP @haunted_quarter\n"
              "TAP @next\nTAP @next\nEXPECT score-results")
    assert [p["total"] for p in app.top.data["players"]] == [2, 0, 0, 0]
    play(app, "TAP @done\nEXPECT bgstats\nTAP @done\nEXPECT home")
    assert len(app.store.history()) == 1


def test_a_refused_entry_reopened_from_games_in_progress_still_leads_to_the_cities(make_app):
    """The sheet kept in Games in progress opens on the refusal with the same way out."""
    app = make_app()
    play(app, HAUNTED_TWICE)
    app.pop_to("home")
    play(app, "TAP @kept\nEXPECT kept\nTAP @row0\nEXPECT score-results")
    play(app, "TAP @player1\nEXPECT score-city\nTAP @tab-unique\nTAP @haunted_quarter\n"
              "TAP @next\nTAP @next\nEXPECT score-results")
    assert app.top.data is not None


SEVEN = "\n".join(["TAP @manor", "TAP @castle", "TAP @palace", "TAP @tab-religious",
                   "TAP @temple", "TAP @church", "TAP @monastery", "TAP @cathedral"])
REST = "TAP @next\nTAP @next\n" * 3 + "EXPECT score-results"  # players 2-4, empty


@pytest.mark.parametrize("language, asked", [
    ("en", "Player 1's city has 7 districts, and 7 complete a city. In what order was it "
           "completed?"),
    ("ko", "플레이어 1 님의 도시에는 건물이 7채 있어 완성된 도시입니다(7채면 완성). 몇 번째로 "
           "완성했나요?")])
def test_a_complete_city_left_without_a_place_is_asked_about(make_app, language, asked):
    """Seed 000: "누군가의 도시에 7번째 건물이 건설되면 그 도시는 완성됩니다" and "가장 먼저
    도시를 완성시킨 플레이어는 4점을 받습니다". Seven districts (2016, 4 players) left at "not
    completed" are asked about when the player is confirmed: "not completed" takes the table
    back to the districts; a place stores it, so the city is not scored 4 points low."""
    app = make_app(language=language)
    play(app, f"TAP @citadels\nTAP @score\nEXPECT score-city\n{SEVEN}\nTAP @next\n"
              "EXPECT score-questions\nTAP @next\nEXPECT score-completion")
    assert asked in shown(app)
    answers = [b.name for b in app.top.buttons if b.name != "back"]
    assert answers == ["place1", "place2", "place3", "place4", "districts"]
    play(app, "TAP @districts\nEXPECT score-city")
    assert app.top.index == 0 and len(app.top.player.city) == 7  # nothing was stored
    assert not app.top.controller.entry.entered[0]
    play(app, "TAP @next\nTAP @next\nEXPECT score-completion\nTAP @place1\nEXPECT score-city")
    assert app.top.index == 1
    play(app, REST)
    first = app.top.data["players"][0]
    assert first["breakdown"]["completion"] == 4


def test_a_place_given_to_a_city_too_small_is_asked_about(make_app):
    """Three districts marked as completed first: asked whether it was not completed (stored
    so) or districts are missing (back to the city)."""
    app = make_app()
    play(app, "TAP @citadels\nTAP @score\nTAP @manor\nTAP @castle\nTAP @palace\nTAP @next\n"
              "TAP @completed-more\nTAP @next\nEXPECT score-completion")
    assert "Player 1's city is marked completed, but it has 3 districts" in shown(app)
    assert [b.name for b in app.top.buttons] == ["back", "not-completed", "districts"]
    play(app, "TAP @districts\nEXPECT score-city\nTAP @next\nTAP @next\n"
              "EXPECT score-completion\nTAP @not-completed\nEXPECT score-city")
    assert app.top.controller.players[0].completed is None
    play(app, REST)
    assert app.top.data is not None


def test_the_places_offered_are_those_no_other_player_holds(make_app):
    """Player 1 completed first; player 2's seven districts are offered the 2nd to 4th place."""
    app = make_app()
    play(app, f"TAP @citadels\nTAP @score\n{SEVEN}\nTAP @next\nTAP @completed-more\n"
              f"TAP @next\nEXPECT score-city\n{SEVEN}\nTAP @next\nTAP @next\n"
              "EXPECT score-completion")
    assert [b.name for b in app.top.buttons if b.name.startswith("place")] == [
        "place2", "place3", "place4"]


@pytest.mark.parametrize("edition, fewer, tavern, asked", [
    ("2016", 1, False, False),  # 3 players: 8 districts complete a city, 7 do not
    ("2016", 1, True, True),
    ("classic", 0, False, False),  # classic: 8 with any number of players
    ("classic", 0, True, True)])
def test_the_city_size_asked_about_is_the_engines(make_app, edition, fewer, tavern, asked):
    """Seed 001: "8번째 구역을 건설하는 사람이 나오면 그 라운드까지만 하고 끝낸다"; seed 000
    gives 7 with 4 or more players, 8 with 2-3. Seven districts are no complete city there
    (nothing asked, no completion bonus); eight are."""
    app = make_app()
    play(app, f"TAP @citadels\nTAP @edition-{edition}\n" + "TAP @fewer\n" * fewer
              + f"TAP @score\n{SEVEN}\n" + "TAP @tab-trade\nTAP @tavern\n" * tavern
              + "TAP @next\nTAP @next")
    assert app.top.name == ("score-completion" if asked else "score-city")


def test_any_games_results_edit_asks_whose_entry_and_back_returns_to_them(make_app):
    """The generic score entry (here Troyes'): Edit asks whose scores to change (it opened
    player 1's only), and Back from an entry opened from the results goes back to them (from
    player 1 it left for home, and the sheet reopened on the same results)."""
    app = make_app()
    play(app, "TAP @troyes\nTAP @score\nEXPECT troyes-score-entry\nTAP @next\nTAP @next\n"
              "TAP @next\nEXPECT score-results\nTAP @edit\nEXPECT score-whose")
    assert [b.name for b in app.top.buttons] == ["back", "player1", "player2", "player3"]
    play(app, "TAP @player1\nEXPECT troyes-score-entry\nTAP @back\nEXPECT score-results")
    play(app, "TAP @edit\nTAP @player3\nEXPECT troyes-score-entry\nTAP @tokens-more\n"
              "TAP @next\nEXPECT score-results")
    assert {p["name"]: p["total"] for p in app.top.data["players"]}["Player 3"] == 1 - 6  # (no cube in the cathedral)
