"""RULES.md §1.1: the character catalogue and which character sets are allowed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.citadels.catalogue import EDITIONS, FIRST_GAME, by_rank, character, characters
from companion.citadels.charset import (InvalidCharacterSet, check, first_game, random_set,
                                        refusals)
from companion.rng import Rng

BASE = list(FIRST_GAME)


def codes(edition, players, ids):
    return [r.code for r in refusals(edition, players, ids)]


def test_catalogue_has_27_new_and_18_classic_characters_three_and_two_per_rank():
    assert len(characters("2016")) == 27 and len(characters("classic")) == 18
    assert all(len(by_rank("2016", r)) == 3 for r in range(1, 10))
    assert all(len(by_rank("classic", r)) == 2 for r in range(1, 10))


def test_catalogue_names_are_the_printed_korean_names():
    assert character("classic", "assassin").ko == "자객" and character("2016", "assassin").ko == "암살자"
    assert character("classic", "warlord").ko == "용병" and character("2016", "warlord").ko == "장군"
    assert character("2016", "tax_collector").ko == "세리"
    assert character("classic", "tax_collector").ko == "세금 징수원"


def test_classic_tax_collector_is_rank_2():
    assert character("classic", "tax_collector").rank == 2
    assert character("2016", "tax_collector").rank == 9


def test_one_character_per_rank_1_to_8():
    assert "one_per_rank" in codes("2016", 4, BASE[:-1])
    assert "one_per_rank" in codes("2016", 4, BASE[:-1] + ["witch"])  # two rank-1, no rank 8
    assert codes("2016", 4, BASE) == []


def test_rank9_required_for_new_edition_3_players_and_8_players():
    assert "rank9_required" in codes("2016", 3, BASE)
    assert "rank9_required" in codes("2016", 8, BASE)
    assert "rank9_required" in codes("classic", 8, BASE)
    assert codes("2016", 3, BASE + ["artist"]) == []


def test_rank9_optional_for_4_to_7_players():
    for players in range(4, 8):
        assert codes("2016", players, BASE) == []
        assert codes("2016", players, BASE + ["artist"]) == []


def test_two_players_use_ranks_1_to_8_only():
    assert "rank9_forbidden" in codes("2016", 2, BASE + ["artist"])
    assert "rank9_forbidden" in codes("classic", 2, BASE + ["artist"])


def test_classic_3_players_play_with_8_characters():
    assert codes("classic", 3, BASE) == []
    assert "rank9_forbidden" in codes("classic", 3, BASE + ["artist"])


def test_emperor_never_with_2_players_in_the_new_edition():
    with_emperor = [c if c != "king" else "emperor" for c in BASE]
    assert "emperor_two_players" in codes("2016", 2, with_emperor)
    assert codes("2016", 3, with_emperor + ["artist"]) == []


def test_queen_never_with_fewer_than_5_players():
    for edition in EDITIONS:
        assert "queen_few_players" in codes(edition, 4, BASE + ["queen"])
        assert codes(edition, 5, BASE + ["queen"]) == []


def test_a_refusal_is_a_sentence_saying_which_rule():
    with pytest.raises(InvalidCharacterSet) as caught:
        check("2016", 4, BASE + ["queen"])
    assert "Queen" in str(caught.value) and "5 players" in str(caught.value)
    assert caught.value.code == "citadels.character_set"
    assert [r.code for r in caught.value.refusals] == ["queen_few_players"]


def test_unknown_characters_and_editions_are_refused():
    assert "unknown" in codes("classic", 4, BASE[:-1] + ["marshal"])  # a 2016-only character
    assert codes("2017", 4, BASE) == ["edition"]
    assert codes("2016", 9, BASE) == ["players"]


def test_first_game_preset_is_the_8_base_characters_and_a_rank9_where_needed():
    assert first_game("2016", 4) == FIRST_GAME
    assert first_game("classic", 2) == FIRST_GAME
    assert len(first_game("2016", 3)) == 9 and len(first_game("2016", 8)) == 9
    assert refusals("2016", 3, first_game("2016", 3)) == ()


@given(st.sampled_from(EDITIONS), st.integers(2, 8), st.integers(0, 2 ** 32))
def test_random_set_is_always_allowed(edition, players, seed):
    ids = random_set(edition, players, Rng(seed))
    assert refusals(edition, players, ids) == ()
    assert [character(edition, i).rank for i in ids] == sorted(character(edition, i).rank for i in ids)


# --- districts (DISTRICTS.md) ------------------------------------------------------------------

from companion.citadels.districts import TYPES, district, districts  # noqa: E402


def test_basic_districts_are_54_cards_in_both_editions_with_the_seed_counts():
    for edition in EDITIONS:
        basic = [d for d in districts(edition) if d.type != "unique"]
        counts = {t: sum(d.copies for d in basic if d.type == t) for t in TYPES[:4]}
        assert counts == {"noble": 12, "religious": 11, "trade": 20, "military": 11}
        assert all(d.cost_in_seeds and d.ko_in_seeds for d in basic)


def test_unique_districts_per_edition():
    assert len([d for d in districts("2016") if d.type == "unique"]) == 30
    assert len([d for d in districts("classic") if d.type == "unique"]) == 11


def test_facts_not_in_the_seeds_are_flagged():
    assert not district("2016", "statue").cost_in_seeds  # costs: public sources only
    assert district("2016", "statue").ko_in_seeds  # its Korean name is in seed 000
    assert not district("2016", "basilica").ko_in_seeds  # no Korean name in the seeds
    assert district("classic", "haunted_city").cost_in_seeds and district("classic", "haunted_city").cost == 2
    assert district("2016", "secret_vault").cost is None


@pytest.mark.parametrize("edition, players", [("2016", 1), ("classic", 9), ("1999", 4)])
def test_random_set_refuses_a_table_no_set_allows_instead_of_drawing_for_ever(edition, players):
    with pytest.raises(InvalidCharacterSet):
        random_set(edition, players, Rng(1))
