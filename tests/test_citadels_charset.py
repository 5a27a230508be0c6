"""RULES.md §1.1: the character catalogue and which character sets are allowed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.citadels.catalogue import EDITIONS, FIRST_GAME, by_rank, character, characters
from companion.citadels.charset import (InvalidCharacterSet, check, first_game, named_set,
                                        named_sets, random_set, refusals)
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


# --- the rulebook's named sets (seed 000, 추천 조합) ----------------------------------------------

def test_six_named_sets_for_the_2016_edition_and_none_for_the_classic():
    """Seed 000: "💎귀족이여 야망을 가져라 조합💎", "👤첩자는 웃지 않는다👤", "👳사절단의 품격👳",
    "💰정치놀음💰", "👀왔노라 보았노라 이겼노라👀", "🐶권력욕의 개🐶"; each names a character per
    rank and a rank-9 one in parentheses."""
    sets = named_sets("2016")
    assert [s.id for s in sets] == ["ambitious", "spies", "envoys", "politics", "veni_vidi_vici",
                                    "power"]
    for s in sets:
        assert [character("2016", c).rank for c in s.characters] == list(range(1, 9))
        assert character("2016", s.rank9).rank == 9
    assert named_sets("classic") == ()


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("rank9", [False, True])
def test_every_named_set_is_allowed_with_every_player_count(players, rank9):
    """Seed 000: "(3명이나 8명이 게임을 할 때는 반드시 9번 캐릭터를 사용해야 합니다)", and with 2
    players "순번 1에서 8까지의 캐릭터를 사용합니다": the set always suits the table."""
    for s in named_sets("2016"):
        ids = named_set("2016", players, s.id, rank9).characters
        assert refusals("2016", players, ids) == ()
        nines = sum(character("2016", c).rank == 9 for c in ids)
        assert nines == {2: 0, 3: 1, 8: 1}.get(players, int(rank9))


def test_the_emperor_gives_way_to_the_king_with_2_players():
    """Seed 000: "* 황제는 절대로 2명 게임에 사용할 수 없습니다. 2명 게임에는 황제 대신 왕이나 대공을
    사용하세요." """
    two = named_set("2016", 2, "spies")
    assert "emperor" not in two.characters and "king" in two.characters
    assert two.stand_ins == (("emperor", "king"),)
    assert "emperor" in named_set("2016", 3, "spies").characters


@pytest.mark.parametrize("players, queen", [(3, False), (4, False), (5, True), (8, True)])
def test_the_queen_gives_way_to_the_artist_with_3_or_4_players(players, queen):
    """Seed 000: "* 왕비는 절대로 3-4명 게임에 사용할 수 없습니다. 3명이나 4명 게임에는 왕비 대신
    예술가나 세리를 사용하세요." """
    table = named_set("2016", players, "politics", rank9=True)
    assert ("queen" in table.characters) == queen
    assert ("artist" in table.characters) == (not queen)
    assert table.stand_ins == ((), (("queen", "artist"),))[not queen]


def test_the_optional_rank9_is_the_tables_choice_from_4_to_7_players():
    """Seed 000: "괄호 안에 있는 9번 캐릭터는 사용해도 되고 안 해도 됩니다." """
    assert "queen" not in named_set("2016", 6, "ambitious").characters
    assert "queen" in named_set("2016", 6, "ambitious", rank9=True).characters
    with pytest.raises(KeyError):
        named_set("2016", 6, "no_such_set")
