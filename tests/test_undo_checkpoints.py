"""Undo at the table from kept checkpoints (issue 19): late in a long game an undo, and the
Citadels undo question's preview, apply at most a checkpoint interval of decisions and never
rebuild the game from its seed; what they give is exactly what a full replay of the stored
session gives, after a restart too; an undo that cannot be stored changes nothing."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.citadels import draft
from companion.citadels.calling import Look
from companion.citadels.simulate import simulate_session
from companion.playthrough import NAMES
from companion.tiletum.playthrough import tiletum_game
from companion.troyes.playthrough import troyes_game
from companion.session import UNDO, effective
from companion.timeline import EVERY
from conftest import play
from storage.store import SaveFailed, Store
from ui.screens.citadels.controller import RULES as CITADELS, CitadelsController
from ui.screens.tiletum.controller import TiletumController
from ui.screens.troyes.controller import TroyesController

def citadels_decisions() -> tuple[dict, int, list[dict]]:
    """A 10-round 8-player game played by the engine's simulation, cut a few steps before its
    end, after a calling step (an undo at the table may take it back)."""
    session, _ = simulate_session("2016", 8, "first-game", 1, seed=5, max_rounds=10,
                                  complete_from=10)
    decisions = list(session.decisions[:-3])
    while decisions[-1]["type"] in (draft.PICK, draft.DISCARD):
        decisions.pop()
    return {**session.config, "names": NAMES}, session.seed, decisions


def troyes_decisions() -> tuple[dict, int, list[dict]]:
    return troyes_game(2, end=3)


def tiletum_decisions() -> tuple[dict, int, list[dict]]:
    return tiletum_game(3, order=(2, 3, 4, 1), end=3)


GAMES = {"citadels": (CitadelsController, citadels_decisions),
         "troyes": (TroyesController, troyes_decisions),
         "tiletum": (TiletumController, tiletum_decisions)}


def stored(app, controller_class, config, seed, decisions):
    """The game stored in ``app``'s store and opened again, as after a restart."""
    store = app.store
    session = store.create_session(controller_class.rules.game_id, config, seed)
    session = store.append_all(session, decisions)
    return controller_class(app, store.load(session.id))


@pytest.fixture
def counted(monkeypatch):
    """``counted(rules)``: from now on, how often ``rules.initial`` and ``rules.apply`` run."""
    def count(rules):
        calls = {"initial": 0, "apply": 0}
        for name in calls:
            method = getattr(rules, name)

            def counting(*args, _name=name, _method=method):
                calls[_name] += 1
                return _method(*args)
            monkeypatch.setattr(rules, name, counting)
        return calls
    return count


@pytest.mark.parametrize("game", sorted(GAMES))
def test_undos_late_in_a_long_game_apply_at_most_a_checkpoint_interval(make_app, counted,
                                                                         game):
    controller_class, game_played = GAMES[game]
    config, seed, decisions = game_played()
    assert len(decisions) > 10 * EVERY  # a long game: a replay would apply them all
    app = make_app()
    controller = stored(app, controller_class, config, seed, decisions)
    rules = controller.rules
    undone = 0
    while controller.can_undo and undone < 2 * EVERY + 1:
        calls = counted(rules)
        controller.undo()
        assert calls["initial"] == 0 and calls["apply"] <= EVERY - 1
        undone += 1
        assert controller._state == controller.session.replay(rules)
    assert undone >= 4


def test_the_citadels_undo_question_replays_nothing(make_app, counted, tmp_path):
    """Resumed on a long game, the undo question's preview and the undo itself take their
    states from the checkpoints; a restart gives the same game."""
    config, seed, decisions = citadels_decisions()
    data = tmp_path / "long"
    data.mkdir()
    store = Store(data / "companion.sqlite3")
    session = store.append_all(store.create_session("citadels", config, seed), decisions)
    store.close()
    app = make_app(data_dir=data)
    assert app.top.name == "calling"
    calls = counted(CITADELS)
    play(app, "TAP @undo\nEXPECT undo")
    assert calls["initial"] == 0 and calls["apply"] <= EVERY - 1
    decision = CITADELS.decode(decisions[-1])
    assert app.top.step  # the step in words, from the state before it
    play(app, "TAP @confirm\nEXPECT calling")
    assert calls["initial"] == 0 and calls["apply"] <= 2 * (EVERY - 1)
    controller = app.top.controller
    assert controller.session.decisions[-1] == {"type": UNDO}
    assert controller._state == controller.session.replay(CITADELS)
    assert decision in controller.legal()  # the step may be made again
    again = CitadelsController(app, app.store.load(session.id))
    assert again._state == controller._state


def test_an_undo_after_looks_takes_back_the_step_and_keeps_the_looks(make_app, counted):
    config, seed, decisions = citadels_decisions()
    app = make_app()
    controller = stored(app, CitadelsController, config, seed, decisions)
    looks = [d for d in controller.legal() if isinstance(d, Look)][:2]
    assert looks
    for look in looks:
        controller.confirm(look)
    now = controller.session.replay(CITADELS)
    steps = effective(controller.session.decisions)[:-len(looks)]
    replayed = replace(controller.session, decisions=steps[:-1]).replay(CITADELS)
    old_preview = CITADELS.view(replayed, None).calling  # as the old preview made it
    calls = counted(CITADELS)
    decision, preview = controller.last_step()
    assert calls["initial"] == 0 and calls["apply"] <= EVERY - 1
    assert preview == old_preview and decision == CITADELS.decode(steps[-1])
    controller.undo()
    assert calls["initial"] == 0 and calls["apply"] <= 2 * (EVERY - 1) + len(looks)
    assert controller.session.decisions[-(2 * len(looks) + 1):] == (
        ({"type": UNDO},) * (len(looks) + 1) + tuple(CITADELS.encode(d) for d in looks))
    assert controller._state == controller.session.replay(CITADELS) != now


@pytest.mark.parametrize("game", sorted(GAMES))
def test_resume_undo_and_play_on_is_the_replayed_game(make_app, game):
    controller_class, game_played = GAMES[game]
    config, seed, decisions = game_played()
    app = make_app()
    controller = stored(app, controller_class, config, seed, decisions)
    rng = random.Random(game)
    for _ in range(40):
        if controller.can_undo and rng.random() < 0.4:
            controller.undo()
        elif controller.legal():
            controller.confirm(rng.choice(controller.legal()))
        assert controller._state == controller.session.replay(controller.rules)
        assert controller.standing == effective(controller.session.decisions)
    again = controller_class(app, app.store.load(controller.session.id))
    assert again._state == controller._state
    assert again.outcome() == controller.outcome() and again.view() == controller.view()


def test_an_undo_that_cannot_be_stored_changes_nothing(make_app, monkeypatch):
    config, seed, decisions = tiletum_decisions()
    app = make_app()
    controller = stored(app, TiletumController, config, seed, decisions)
    session, state, view = controller.session, controller._state, controller.view()

    def full(*args, **kwargs):
        raise SaveFailed("full")
    with monkeypatch.context() as patch:
        patch.setattr(app.store, "append_all", full)
        with pytest.raises(SaveFailed):
            controller.undo()
    assert controller.session is session and controller._state is state
    assert controller.view() == view
    controller.undo()
    assert controller._state == controller.session.replay(controller.rules) != state
