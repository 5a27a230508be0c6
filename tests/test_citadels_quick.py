"""The classic quick game (issue 36, item 6): seed 001's "변형 규칙 : 빨리 끝내고 싶을 때 /
구역 8개를 건설하는 대신 7개를 건설했을 때 끝내도록 한다" as a setup choice, the game's end, the
scorer, the score entry and ``companion score citadels --quick``."""

from __future__ import annotations

import json

import pytest

from companion.citadels.catalogue import FIRST_GAME
from companion.citadels.game import CitadelsRules
from companion.citadels.score_rules import CitadelsScoreRules
from companion.citadels.scoring import PlayerCity, ScoringError, result_json, score_game
from companion.errors import RuleError
from companion.rng import Rng
from companion.score_entry import Done, EnterPlayer
from ui.cli import main
from test_citadels_game import play_round

RULES = CitadelsRules()
SEVEN = ("manor", "castle", "palace", "temple", "church", "monastery", "cathedral")
EIGHT = SEVEN + ("tavern",)


def config(edition="classic", **more):
    return {"edition": edition, "players": 4, "characters": list(FIRST_GAME[:8]), "crown": 1,
            **more}


# --- the game's end -------------------------------------------------------------------------

def test_the_quick_game_ends_the_game_after_a_city_of_seven():
    """Seed 001, 변형 규칙 : 빨리 끝내고 싶을 때 — "구역 8개를 건설하는 대신 7개를 건설했을 때
    끝내도록 한다": 7 districts complete a city, and the game ends after that round."""
    game = RULES.initial(config(quick=True), 3)
    assert RULES.view(game, None).city_size == 7
    rng = Rng(1)
    game = play_round(game, rng)
    assert not game.over and game.rounds[-1].completed == ()
    game = play_round(game, rng, complete=(2,))
    assert game.calling is None and game.over
    view = RULES.view(game, None)
    assert view.quick and view.city_size == 7 and view.completion_order == (2,)
    result = RULES.outcome(game).result
    assert result["quick"] is True and result["completion_order"] == [2]


def test_each_round_of_the_quick_game_completes_a_city_at_seven():
    game = RULES.initial(config(quick=True), 5)
    rng = Rng(2)
    while game.draft is not None:
        game = RULES.apply(game, rng.choice(RULES.legal(game)))
    assert game.calling.setup.city_size == 7


def test_a_config_without_the_key_plays_the_printed_eight():
    """Kept games replay as they were played: no ``quick`` key is the rulebook's 8."""
    game = RULES.initial(config(), 3)
    view = RULES.view(game, None)
    assert view.city_size == 8 and not view.quick
    game = play_round(play_round(game, Rng(1)), Rng(1), complete=(1,))
    assert "quick" not in RULES.outcome(game).result


def test_the_2016_edition_has_no_quick_game():
    """Seed 000 completes a city at 7 with 4-8 players and 8 with 2-3: no variant to choose."""
    with pytest.raises(RuleError) as refused:
        RULES.initial(config("2016", quick=True), 3)
    assert refused.value.code == "citadels.quick_edition"
    assert refused.value.fields == {"edition": "2016"}


# --- the scorer -----------------------------------------------------------------------------

def cities(first=SEVEN, second=("manor",), **first_fields):
    return [PlayerCity("Mina", first, **first_fields), PlayerCity("Joon", second)]


def test_the_scorer_takes_a_completed_city_of_seven_in_the_quick_game():
    """Seed 001: "구역 8개를 건설하는 대신 7개를 건설했을 때 끝내도록 한다"; the bonuses for
    the first ("가장 먼저", +4) and the later ("그 다음으로", +2) completed cities go with the
    7-district completion."""
    players = [PlayerCity("Mina", SEVEN, completed=1), PlayerCity("Joon", EIGHT, completed=2),
               PlayerCity("Ara", ("manor",))]
    result = score_game("classic", players, quick=True)
    assert [s.completion for s in result.scores] == [4, 2, 0]
    assert result.scores[0].city_count == 7
    data = result_json(result)
    assert data["quick"] is True
    assert data["players"][0]["breakdown"]["completion"] == 4


def test_the_printed_game_still_needs_eight():
    with pytest.raises(ScoringError) as refused:
        score_game("classic", cities(completed=1))
    assert refused.value.code == "citadels.scoring.too_small"
    assert refused.value.fields["size"] == 8
    assert "quick" not in result_json(score_game("classic", cities()))


def test_a_city_of_seven_in_the_quick_game_needs_its_place():
    with pytest.raises(ScoringError) as refused:
        score_game("classic", cities(), quick=True)
    assert refused.value.code == "citadels.scoring.no_place"
    with pytest.raises(ScoringError) as refused:
        score_game("classic", cities(SEVEN[:6], completed=1), quick=True)
    assert refused.value.fields["size"] == 7


def test_the_scorer_refuses_the_quick_game_for_2016():
    with pytest.raises(RuleError) as refused:
        score_game("2016", cities(completed=1), quick=True)
    assert refused.value.code == "citadels.quick_edition"


def test_the_score_entry_of_a_quick_game_accepts_a_city_of_seven():
    rules = CitadelsScoreRules()
    players = [{"name": "Mina", "city": list(SEVEN), "completed": 1},
               {"name": "Joon", "city": ["manor"]}]
    entry = rules.initial({"edition": "classic", "players": players, "quick": True}, 0)
    assert rules.city_size(entry) == 7
    for index, player in enumerate(entry.players):
        entry = rules.apply(entry, EnterPlayer(index, player))
    done = rules.apply(entry, Done())
    scores = rules.outcome(done).result["scores"]
    assert scores["quick"] is True and scores["players"][0]["total"] == 23 + 4
    printed = rules.initial({"edition": "classic", "players": players}, 0)
    assert rules.city_size(printed) == 8


# --- the command line -----------------------------------------------------------------------

def companion_score(tmp_path, capsys, *options, edition="classic"):
    """``companion score citadels FILE *options`` in this process: exit code, stdout, stderr."""
    path = tmp_path / "cities.json"
    path.write_text(json.dumps({"edition": edition, "players": [
        {"name": "Mina", "city": list(SEVEN), "completed": 1},
        {"name": "Joon", "city": ["manor"]}]}), encoding="utf-8")
    code = main(["score", "citadels", str(path), *options])
    out, err = capsys.readouterr()
    return code, out, err


def test_companion_score_quick_scores_a_city_of_seven(tmp_path, capsys):
    """Seed 001: "구역 8개를 건설하는 대신 7개를 건설했을 때 끝내도록 한다" — ``--quick``
    scores the classic quick game, whose completed city has 7 districts."""
    code, _, err = companion_score(tmp_path, capsys)
    assert code == 2 and "8 are needed" in err
    code, out, err = companion_score(tmp_path, capsys, "--quick", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["quick"] is True and data["winners"] == ["Mina"]
    assert data["players"][0]["breakdown"]["completion"] == 4


def test_companion_score_quick_refuses_the_2016_edition(tmp_path, capsys):
    code, out, err = companion_score(tmp_path, capsys, "--quick", edition="2016")
    assert (code, out) == (2, "")
    assert err == ("companion score: the quick game (7 districts complete a city) is a "
                   "variant of the classic edition only\n")
