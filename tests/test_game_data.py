"""The games' data files (companion/data.py): read through the package's loader, so the first
screen of a game and a resume at start-up import no ``importlib.resources`` (~55 M instructions
of modules, issue 39)."""

from __future__ import annotations

from conftest import run_fresh

FIRST_USE = """
import sys
from companion.citadels.game import CitadelsRules
from companion.citadels.charset import first_game
from companion.rng import Seed
from companion.tiletum.playthrough import tiletum_game
from companion.troyes.playthrough import troyes_game
from companion.games import rules_for
from companion.session import Session

CitadelsRules().initial({"edition": "2016", "players": 4, "crown": 1,
                         "characters": list(first_game("2016", 4))}, Seed(1))
for name, (config, seed, decisions) in (("troyes", troyes_game(1)), ("tiletum", tiletum_game(1))):
    Session(name, config, seed, tuple(decisions)).replay(rules_for(name))
print(sorted(m for m in sys.modules if m.startswith("importlib.resources")))
"""


def test_reading_every_games_data_imports_no_importlib_resources():
    assert run_fresh(FIRST_USE).strip() == "[]"


def test_a_data_file_reads_as_its_json():
    from companion.citadels.catalogue import character
    from companion.tiletum.wheel import corruption_tokens
    from companion.troyes.placement import building_spaces

    assert character("2016", "king").rank == 4  # characters.json
    assert len(corruption_tokens()) == 6  # corruption.json
    assert building_spaces() > 0  # board.json
