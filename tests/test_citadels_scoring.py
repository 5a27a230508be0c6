"""RULES.md §1.4 and DISTRICTS.md: Citadels final scoring, rule by rule and district by
district, in both editions; the Haunted Quarter's best type; ties; the ``score`` command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.citadels.districts import districts
from companion.citadels.scoring import PlayerCity, ScoringError, score_game, score_player
from conftest import ROOT
from triggers_citadels import SHARED, TRIGGERS

FILLER = ("church",)  # a second player who does not matter


def score(city, edition="2016", **kwargs):
    return score_player(edition, PlayerCity("Mina", tuple(city), **kwargs))


def unique_points(city, edition="2016", **kwargs):
    return dict(score(city, edition, **kwargs).unique)


# --- the basic rules --------------------------------------------------------------------------

def test_districts_score_their_cost():
    s = score(["manor", "castle", "temple", "tavern"])  # 3 + 4 + 1 + 1
    assert (s.districts, s.five_types, s.completion, s.unique, s.total) == (9, 0, 0, (), 9)


def test_an_artist_decorated_district_is_worth_one_more():
    plain = score(["manor", "palace"]).total
    assert score(["manor", "palace"], decorated=("palace",)).total == plain + 1
    assert score(["manor", "palace"], decorated=("palace", "manor")).total == plain + 2


def test_five_types_bonus_needs_all_five():
    four = ["manor", "temple", "market", "watchtower"]
    assert score(four).five_types == 0
    assert score(four + ["library"]).five_types == 3
    assert score(four + ["library"]).total == 1 + 3 + 1 + 2 + 6 + 3


@pytest.mark.parametrize("place, bonus", [(1, 4), (2, 2), (3, 2), (None, 0)])
def test_completion_bonus_first_four_others_two(place, bonus):
    city = ["manor", "castle", "palace", "temple", "church", "monastery", "cathedral"]
    assert score(city, completed=place).completion == bonus


# --- every unique district, 2016 -------------------------------------------------------------

def test_dragon_gate_adds_two():
    assert unique_points(["dragon_gate"]) == {"dragon_gate": 2}
    assert score(["dragon_gate"]).total == 6 + 2


def test_imperial_treasury_one_per_gold():
    assert unique_points(["imperial_treasury"], gold=7) == {"imperial_treasury": 7}


def test_map_room_one_per_card_in_hand():
    assert unique_points(["map_room"], hand=3) == {"map_room": 3}


def test_wishing_well_one_per_unique_district_itself_included():
    assert unique_points(["wishing_well"]) == {"wishing_well": 1}
    assert unique_points(["wishing_well", "library", "keep", "manor"])["wishing_well"] == 3


def test_statue_five_with_the_crown_at_the_end():
    assert unique_points(["statue"], crown=True) == {"statue": 5}
    assert unique_points(["statue"], crown=False) == {"statue": 0}


def test_capitol_three_once_with_three_of_a_type():
    assert unique_points(["capitol", "manor", "castle", "palace"]) == {"capitol": 3}
    assert unique_points(["capitol", "manor", "castle", "palace", "manor"]) == {"capitol": 3}
    assert unique_points(["capitol", "manor", "castle", "temple"]) == {"capitol": 0}
    assert unique_points(["capitol", "library", "keep"]) == {"capitol": 3}  # three uniques


def test_basilica_one_per_odd_cost_district():
    city = ["basilica", "manor", "temple", "market", "palace", "castle"]  # 3, 1, 5 are odd
    assert unique_points(city) == {"basilica": 3}


@pytest.mark.parametrize("decorated, total", [
    ((), 8),  # 4 + 3, Basilica +1 (the Manor's 3)
    (("basilica",), 10),  # 5 + 3 both odd: 4 + 3 + 1, Basilica +2
    (("manor",), 8),  # 4 + 4, nothing odd: 4 + 3 + 1
])
def test_basilica_reads_the_artists_decorated_cost(decorated, total):
    """Seed 000, 예술가: "이렇게 장식된 건물은 영구적으로 건설비용이 금화 1닢 더 늘어났다고
    간주합니다." The Basilica (+1 per district with an odd cost) reads that cost."""
    assert score(["basilica", "manor"], decorated=decorated).total == total


def test_the_artist_decorates_any_number_of_districts_each_once():
    """Seed 000, 예술가: "자기 도시에 있는 건물 최대 2채까지" each turn the Artist takes, and
    "건물마다 한 번씩만 장식될 수 있습니다": over a game a city can hold more than two."""
    city = ("manor", "castle", "palace")
    three = score_game("2016", [PlayerCity("Mina", city, decorated=city),
                                PlayerCity("Joon", FILLER)])
    assert three.scores[0].decorations == 3 and three.scores[0].districts == 12 + 3
    with pytest.raises(ScoringError, match="each decorated once"):
        score_game("2016", [PlayerCity("Mina", city, decorated=("manor", "manor")),
                            PlayerCity("Joon", FILLER)])


def test_ivory_tower_five_if_the_only_unique_district():
    assert unique_points(["ivory_tower", "manor"]) == {"ivory_tower": 5}
    assert unique_points(["ivory_tower", "keep"]) == {"ivory_tower": 0}


def test_museum_one_per_card_under_it():
    assert unique_points(["museum"], museum=4) == {"museum": 4}


def test_secret_vault_three_when_revealed_and_never_built():
    assert unique_points(["manor"], secret_vault=True, hand=1) == {"secret_vault": 3}
    assert unique_points(["manor"]) == {}
    with pytest.raises(ScoringError, match="cannot be built"):
        score_game("2016", [PlayerCity("Mina", ("secret_vault",)), PlayerCity("Joon", FILLER)])


def test_there_is_one_secret_vault_so_only_one_player_reveals_it():
    """DISTRICTS.md (not in the seeds): "Secret Vault — one card in the game". Two players
    revealing it is refused like any other over-counted card."""
    one = PlayerCity("Mina", FILLER, hand=1, secret_vault=True)
    with pytest.raises(ScoringError, match="one Secret Vault card") as refused:
        score_game("2016", [one, PlayerCity("Joon", FILLER, hand=2, secret_vault=True)])
    assert refused.value.code == "citadels.scoring.vault_twice"


def test_map_room_counts_a_revealed_secret_vault_as_a_card_in_hand():
    """docs/scoring.md (decided; not in the seeds): the revealed Secret Vault is still a card
    in hand, so "cards in hand" counts it for the Map Room, and a Map Room's count of 0 with a
    revealed vault is refused as impossible (without a Map Room the count is not asked)."""
    s = score(["map_room"], hand=2, secret_vault=True)  # the vault and one other card
    assert dict(s.unique) == {"map_room": 2, "secret_vault": 3}
    with pytest.raises(ScoringError, match="card in hand") as refused:
        score_game("2016", [PlayerCity("Mina", ("map_room",), secret_vault=True),
                            PlayerCity("Joon", FILLER)])
    assert refused.value.code == "citadels.scoring.vault_hand"
    alone = score_game("2016", [PlayerCity("Mina", FILLER, secret_vault=True),
                                PlayerCity("Joon", FILLER)])
    assert dict(alone.scores[0].unique) == {"secret_vault": 3}


def test_the_classic_keep_has_two_cards():
    """Seed 001: "본성 (本城, Keep; 3닢, 2장)": two players may each have built a Keep."""
    result = score_game("classic", [PlayerCity("Mina", ("keep",)), PlayerCity("Joon", ("keep",))])
    assert [s.total for s in result.scores] == [3, 3]
    with pytest.raises(ScoringError, match="3 keep cards entered .Mina, Joon, Seo., but the game has only 2"):
        score_game("classic", [PlayerCity("Mina", ("keep",)), PlayerCity("Joon", ("keep",)),
                               PlayerCity("Seo", ("keep",))])


@pytest.mark.parametrize("players, code, whose", [
    ([PlayerCity("Mina", ("keep",)), PlayerCity("Joon", ("manor",)), PlayerCity("Seo", ("keep",)),
      PlayerCity("Ara", ("keep",))], "citadels.scoring.copies", (1, 3, 4)),
    ([PlayerCity("Mina", ("manor",), completed=1), PlayerCity("Joon", ("manor",)),
      PlayerCity("Seo", ("manor",), completed=1)], "citadels.scoring.completion_order", (1, 3)),
    ([PlayerCity("Mina", ("manor",)), PlayerCity("Joon", ("manor",), museum=2)],
     "citadels.scoring.museum", (2,)),
    ([PlayerCity("Mina", ("manor",)), PlayerCity("Joon", ("manor",), gold=-1)], "score.count",
     (2,)),
    ([PlayerCity("Mina", ("manor",)), PlayerCity("Joon", ("manor",), completed=1)],
     "citadels.scoring.too_small", (2,))])
def test_a_refusal_says_whose_entries_would_fix_it(players, code, whose):
    """The score entry offers those players' entries first (issue 37): the holders of a
    district the deck has too few of (seed 001: "본성 (本城, Keep; 3닢, 2장)"), the players given
    a place in a broken order, the one whose own entry is wrong."""
    with pytest.raises(ScoringError) as caught:
        score_game("classic", players)
    assert (caught.value.code, caught.value.fields["whose"]) == (code, whose)


def test_the_completion_places_offered_are_those_nobody_else_holds():
    from companion.citadels.scoring import open_places

    players = [PlayerCity("Mina", (), completed=2), PlayerCity("Joon", ()),
               PlayerCity("Seo", (), completed=1)]
    assert open_places(players, 1) == (3,)
    assert open_places(players, 0) == (2, 3)  # its own place stays on offer


def test_monument_counts_as_two_districts_toward_completion():
    six = ("monument", "manor", "castle", "temple", "church", "market")
    assert score(six).city_count == 7
    players = [PlayerCity("Mina", six, completed=1), PlayerCity("Joon", FILLER),
               PlayerCity("Seo", FILLER), PlayerCity("Ara", ("temple",))]
    assert score_game("2016", players).scores[0].completion == 4  # 7 districts with 4 players
    without = players[:]
    without[0] = PlayerCity("Mina", six[1:] + ("palace",), completed=1)
    with pytest.raises(ScoringError, match="6 districts; 7 are needed"):
        score_game("2016", without)


NO_EFFECT_2016 = [d for d in districts("2016") if d.type == "unique" and d.end_game is None]


@pytest.mark.parametrize("d", NO_EFFECT_2016, ids=lambda d: d.id)
def test_unique_districts_without_an_end_game_effect_score_their_cost(d):
    s = score([d.id])
    assert (s.total, s.unique) == (d.cost, ())


def test_every_2016_unique_district_is_covered_by_a_test_above():
    scoring = {d.id for d in districts("2016") if d.type == "unique" and d.end_game}
    named = {"dragon_gate", "haunted_quarter", "imperial_treasury", "map_room", "wishing_well",
             "statue", "capitol", "basilica", "ivory_tower", "museum", "secret_vault",
             "monument"}
    assert scoring == named and len(NO_EFFECT_2016) + len(named) == 30


# --- classic -------------------------------------------------------------------------------------

@pytest.mark.parametrize("district_id", ["dragon_gate", "university"])
def test_classic_dragon_gate_and_university_score_eight(district_id):
    s = score([district_id], "classic")
    assert s.total == 8 and s.districts == 6 and dict(s.unique) == {district_id: 2}


def test_classic_haunted_city_counts_as_any_type_unless_built_in_the_last_round():
    city = ["manor", "temple", "market", "library", "haunted_city"]  # no military
    assert score(city, "classic").five_types == 3
    assert score(city, "classic").haunted_as == "military"
    late = score(city, "classic", built_last_round=("haunted_city",))
    assert late.five_types == 0 and late.haunted_as is None


NO_EFFECT_CLASSIC = [d for d in districts("classic") if d.type == "unique" and d.end_game is None]


@pytest.mark.parametrize("d", NO_EFFECT_CLASSIC, ids=lambda d: d.id)
def test_classic_unique_districts_without_effect_score_their_cost(d):
    assert score([d.id], "classic").total == d.cost


# --- the Haunted Quarter's type --------------------------------------------------------------------

@pytest.mark.parametrize("city, best", [
    (["temple", "market", "watchtower", "library"], "noble"),
    (["manor", "market", "watchtower", "library"], "religious"),
    (["manor", "temple", "watchtower", "library"], "trade"),
    (["manor", "temple", "market", "library"], "military"),
    (["manor", "temple", "market", "watchtower"], "unique"),
])
def test_haunted_quarter_takes_the_missing_type(city, best):
    s = score(city + ["haunted_quarter"])
    assert (s.haunted_as, s.five_types) == (best, 3)


def test_haunted_quarter_with_ivory_tower_is_not_unique_when_that_pays_more():
    # all five types already there; as a unique district it would spoil the Ivory Tower
    city = ["ivory_tower", "haunted_quarter", "manor", "temple", "market", "watchtower"]
    s = score(city)
    assert s.haunted_as != "unique" and dict(s.unique)["ivory_tower"] == 5 and s.five_types == 3


def test_haunted_quarter_fills_a_type_and_keeps_the_ivory_tower_alone():
    s = score(["ivory_tower", "haunted_quarter", "manor", "temple", "market"])
    assert s.haunted_as == "military" and s.five_types == 3 and dict(s.unique)["ivory_tower"] == 5


def test_haunted_quarter_makes_three_of_a_type_for_the_capitol():
    s = score(["capitol", "haunted_quarter", "manor", "castle", "temple"])
    assert s.haunted_as == "noble" and dict(s.unique)["capitol"] == 3


def test_haunted_quarter_stays_unique_for_the_wishing_well():
    s = score(["wishing_well", "haunted_quarter", "manor"])
    assert s.haunted_as == "unique" and dict(s.unique)["wishing_well"] == 2


# --- ties ---------------------------------------------------------------------------------------

def test_2016_tie_goes_to_the_higher_final_round_character():
    a = PlayerCity("Mina", ("palace",), characters=("king",))
    b = PlayerCity("Joon", ("town_hall",), characters=("warlord",))
    result = score_game("2016", [a, b, PlayerCity("Seo", ("temple",), characters=("thief",))])
    assert [result.players[i].name for i in result.winners] == ["Joon"]
    assert result.tie_break.code == "rank" and "rank 8 against 4" in result.tie_break.sentence()
    assert [p.name for p, _ in result.standings()] == ["Joon", "Mina", "Seo"]


def test_2016_tie_with_two_or_three_players_compares_each_players_highest():
    a = PlayerCity("Mina", ("palace",), characters=("assassin", "warlord"))
    b = PlayerCity("Joon", ("town_hall",), characters=("architect", "merchant"))
    result = score_game("2016", [a, b])
    assert result.winners == (0,)


def test_2016_tie_without_known_characters_is_shared():
    result = score_game("2016", [PlayerCity("Mina", ("palace",)),
                                 PlayerCity("Joon", ("town_hall",))])
    assert result.winners == (0, 1) and result.tie_break.code == "shared"


def test_classic_tie_is_shared_unless_the_faq_rule_is_asked_for():
    a = PlayerCity("Mina", ("palace", "temple"), gold=1)
    b = PlayerCity("Joon", ("town_hall", "tavern"), gold=5)
    c = PlayerCity("Seo", ("manor", "church", "temple"), gold=0)  # all three: 6, value 6
    shared = score_game("classic", [a, b, c])
    assert shared.winners == (0, 1, 2) and "share the win" in shared.tie_break.sentence()
    faq = score_game("classic", [a, b, c], faq_tiebreak=True)
    assert faq.tie_break.code == "faq_gold" and faq.winners == (1,)


def test_classic_faq_tie_break_district_value_then_gold():
    """The published FAQ (not in the seeds): "district value" is what the districts score, so
    the Dragon Gate counts 8, not its printed 6."""
    a = PlayerCity("Mina", ("palace", "temple"), gold=1)  # value 6, score 6
    b = PlayerCity("Joon", ("dragon_gate",), gold=0)  # value 8, scores 8
    c = PlayerCity("Seo", ("castle", "church", "temple", "watchtower"), gold=3)  # 8, scores 8
    faq = score_game("classic", [a, b, c], faq_tiebreak=True)
    assert faq.winners == (2,) and faq.tie_break.code == "faq_gold"  # equal value: gold
    dragon = PlayerCity("Mina", ("dragon_gate", "palace", "castle", "church", "market"))
    five = PlayerCity("Joon", ("temple", "watchtower", "tavern", "manor", "library", "harbor",
                               "prison"))  # value 18, +3 for five types
    both = score_game("classic", [dragon, five], faq_tiebreak=True)
    assert [s.total for s in both.scores] == [21, 21]
    assert both.winners == (0,) and both.tie_break.fields["value"] == 21  # 8 + 5 + 4 + 2 + 2
    d = PlayerCity("Ara", ("fortress", "tavern"), gold=4)  # value 6, score 6
    gold = score_game("classic", [a, d], faq_tiebreak=True)
    assert gold.winners == (1,) and gold.tie_break.code == "faq_gold"
    same = score_game("classic", [a, PlayerCity("Ara", ("fortress", "tavern"), gold=1)],
                      faq_tiebreak=True)
    assert same.winners == (0, 1) and same.tie_break.code == "shared"


# --- input that cannot be scored ----------------------------------------------------------------

@pytest.mark.parametrize("players, message", [
    ([PlayerCity("Mina", ("nope",))], "no district 'nope'"),
    ([PlayerCity("Mina", ("university",))], "no district 'university' in the 2016"),
    ([PlayerCity("Mina", ("manor",), gold=-1)], "gold must be a whole number"),
    ([PlayerCity("Mina", ("library", "library"))], "each unique district once"),
    ([PlayerCity("Mina", ("manor",), decorated=("palace",))], "decorated districts"),
    ([PlayerCity("Mina", ("manor",), museum=2)], "no Museum"),
    ([PlayerCity("Mina", ("manor",), completed=2)], "completion order"),
    ([PlayerCity("Mina", ("palace",) * 4)], "4 palace cards entered .Mina., but the game has only 3"),
    ([PlayerCity("Mina", ("manor",), characters=("queen_of_hearts",))], "no character"),
])
def test_bad_input_is_refused_with_a_clear_sentence(players, message):
    with pytest.raises(ScoringError, match=message):
        score_game("2016", players + [PlayerCity("Joon", FILLER)])


@pytest.mark.parametrize("code", sorted(c for c in TRIGGERS if c.startswith("citadels.scoring"))
                         + sorted(SHARED))
def test_every_refusal_of_the_scoring_is_a_scoring_error_with_its_code(code):
    trigger = {**TRIGGERS, **SHARED}[code]
    with pytest.raises(ScoringError) as caught:
        trigger()
    assert caught.value.code == code


def test_a_complete_city_needs_its_place_in_the_completion_order():
    city = ("manor", "castle", "palace", "temple", "church", "monastery", "cathedral", "tavern")
    with pytest.raises(ScoringError, match="give its place"):
        score_game("classic", [PlayerCity("Mina", city), PlayerCity("Joon", FILLER)])


# --- invariants over random cities -----------------------------------------------------------------

@st.composite
def cities(draw, edition):
    pool = [d for d in districts(edition) if d.cost is not None]
    chosen = draw(st.lists(st.sampled_from(pool), max_size=9, unique_by=lambda d: d.id))
    return PlayerCity("Mina", tuple(d.id for d in chosen), gold=draw(st.integers(0, 9)),
                      hand=draw(st.integers(0, 6)), crown=draw(st.booleans()),
                      museum=draw(st.integers(0, 3)) if any(d.id == "museum" for d in chosen)
                      else 0)


@given(st.sampled_from(["2016", "classic"]).flatmap(lambda e: st.tuples(st.just(e), cities(e))))
@settings(max_examples=300)
def test_totals_are_the_sum_of_the_categories_and_costs_are_all_counted(case):
    edition, player = case
    s = score_player(edition, player)
    costs = sum(next(d.cost for d in districts(edition) if d.id == i) for i in player.city)
    assert s.districts == costs + len(player.decorated)
    assert s.total == s.districts + s.five_types + s.completion + sum(p for _, p in s.unique)
    assert s.five_types in (0, 3) and s.total >= costs


@given(st.sampled_from(["2016", "classic"]).flatmap(lambda e: st.tuples(st.just(e), cities(e))))
@settings(max_examples=200)
def test_a_haunted_district_never_scores_less_than_left_as_unique(case):
    edition, player = case
    haunted = "haunted_quarter" if edition == "2016" else "haunted_city"
    if haunted not in player.city:
        player = PlayerCity(player.name, player.city + (haunted,), gold=player.gold,
                            hand=player.hand, crown=player.crown, museum=player.museum)
    flexible = score_player(edition, player)
    fixed = score_player(edition, PlayerCity(player.name, player.city, gold=player.gold,
                                             hand=player.hand, crown=player.crown,
                                             museum=player.museum,
                                             built_last_round=(haunted,)))
    if edition == "classic":
        assert flexible.total >= fixed.total
    assert flexible.total >= score_player(edition, PlayerCity(
        player.name, tuple(i for i in player.city if i != haunted), gold=player.gold,
        hand=player.hand, crown=player.crown, museum=player.museum)).total


# --- the command ---------------------------------------------------------------------------------

def run_score(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "ui.cli", "score", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_score_command_prints_totals_breakdown_ranking_and_winners(tmp_path):
    game = {"edition": "2016", "players": [
        {"name": "Mina", "city": ["manor", "castle", "temple", "market", "watchtower",
                                  "haunted_quarter", "palace"], "completed": 1,
         "characters": ["king"]},
        {"name": "Joon", "city": ["palace", "cathedral", "fortress", "dragon_gate", "statue"],
         "crown": True, "characters": ["warlord"]},
        {"name": "Seo", "city": ["tavern"], "characters": ["thief"]},
        {"name": "Ara", "city": ["church"], "characters": ["bishop"]}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game))
    result = run_score("citadels", str(path), "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    joon = next(p for p in out["players"] if p["name"] == "Joon")
    assert joon["total"] == 5 + 5 + 5 + 6 + 3 + 2 + 5
    assert joon["breakdown"]["unique"]["districts"] == [
        {"district": "dragon_gate", "points": 2}, {"district": "statue", "points": 5}]
    assert out["ranking"] == ["Joon", "Mina", "Ara", "Seo"] and out["winners"] == ["Joon"]
    assert out["tie_break"] is None
    piped = run_score("citadels", "-", "--json", stdin=json.dumps(game))
    assert json.loads(piped.stdout) == out


@pytest.mark.parametrize("text, message", [
    ("{bad", "malformed JSON"),
    ('{"edition": "2016", "players": [{"name": "A", "city": ["x"]}, {"name": "B", "city": []}]}',
     "no district 'x'"),
    ('{"edition": "2016", "players": [{"name": "A", "city": [], "gold": -2}, '
     '{"name": "B", "city": []}]}', "gold must be"),
    ('{"edition": "2016", "players": [{"name": "A", "city": [], "gold": true}, '
     '{"name": "B", "city": []}]}', "wrong type"),
    ('{"edition": "2016", "players": [{"name": "A", "city": [], "colour": 1}, '
     '{"name": "B", "city": []}]}', "unknown field"),
    ('{"edition": "2020", "players": []}', "unknown edition"),
])
def test_score_command_bad_input_one_line_exit_2(text, message):
    result = run_score("citadels", "-", "--json", stdin=text)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and message in result.stderr


def test_the_documented_example_scores_as_documented():
    text = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8")
    example = text.split("```json\n")[1].split("```")[0]
    result = run_score("citadels", "-", "--json", stdin=example)
    out = json.loads(result.stdout)
    assert [(p["name"], p["total"]) for p in out["players"][:2]] == [("Mina", 26), ("Joon", 13)]
    assert '"total": 26' in text and '"total": 13' in text


def test_a_classic_city_may_hold_both_keeps():
    """Seed 001: "본성 (本城, Keep; 3닢, 2장)", and the Wizard "자기 도시에 이미 있는 구역과 똑같은
    것을 건설할 수도 있다": a classic city may hold the same unique district twice where the deck
    has two (issue 36, item 7); one card of a kind still cannot stand twice, and the 2016
    edition keeps its rule."""
    both = PlayerCity("Mina", ("keep", "keep", "manor"))
    result = score_game("classic", (both, PlayerCity("Joon", ("tavern",))))
    assert result.scores[0].districts == 3 + 3 + 3
    with pytest.raises(ScoringError) as refused:
        score_game("classic", (PlayerCity("Mina", ("library", "library")),
                               PlayerCity("Joon", ("tavern",))))
    assert refused.value.code == "citadels.scoring.copies"
    with pytest.raises(ScoringError) as refused:
        score_game("2016", (PlayerCity("Mina", ("keep", "keep")), PlayerCity("Joon", ("tavern",))))
    assert refused.value.code == "citadels.scoring.unique_twice"
