"""Issue 39: a resume replays the store's own decisions trusted (``rules.apply_trusted``: each
was checked when it was first applied). For random legal games of each game the trusted replay
(``Session.replay``, and the ``Timeline`` a kept game is opened with) builds exactly the state
the checked replay (``checked=True``) and the live game built; Citadels' trusted replay lists
no legal decision (its checks raise if asked); a 10,000-decision game resumes."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.citadels import calling, draft, theater
from companion.citadels import game as citadels
from companion.citadels.charset import random_set
from companion.citadels.readings import READINGS as CITADELS_READINGS
from companion.rng import Rng
from companion.session import Session
from companion.tiletum import game as tiletum
from companion.tiletum.readings import READINGS as TILETUM_READINGS
from companion.troyes import game as troyes
from companion.troyes.readings import READINGS as TROYES_READINGS
from companion.timeline import Timeline

CITADELS, TROYES, TILETUM = citadels.CitadelsRules(), troyes.TroyesRules(), tiletum.TiletumRules()
SEEDS = st.integers(0, 10**6)
LONG = 10_000  # decisions of the long resume


def numbers(readings) -> st.SearchStrategy[int]:
    return st.sampled_from([reading.number for reading in readings.all])


def played(data, rules, config: dict, seed: int, steps: int, extra=(),
           seldom: type | None = None) -> tuple[Session, object]:
    """Up to ``steps`` decisions hypothesis picks among the legal ones (decisions of the kind
    ``seldom`` only now and then; now and then one of ``extra``, the open-ended reports, when
    ``apply`` takes it), as a stored session, and the live state they built."""
    state, stored = rules.initial(config, seed), []
    for _ in range(steps):
        legal = rules.legal(state)
        if not legal:
            break
        usual = [d for d in legal if not isinstance(d, seldom)] if seldom else legal
        if usual and data.draw(st.integers(0, 29)) != 29:
            legal = usual
        decision = data.draw(st.sampled_from(legal))
        if extra and data.draw(st.integers(0, 9)) == 9:
            report = data.draw(st.sampled_from(extra))
            if rules.is_legal(state, report):
                decision = report
        state = rules.apply(state, decision)
        stored.append(rules.encode(decision))
    return Session(rules.game_id, config, seed, tuple(stored)), state


def check_same(data, rules, session: Session, live) -> None:
    """Trusted and checked replays, and a resumed timeline (at its end and at a checkpoint
    or between two), are the live game's states."""
    trusted = session.replay(rules)
    assert trusted == session.replay(rules, checked=True) == live
    timeline = Timeline(rules, session)
    assert timeline.state == live
    n = data.draw(st.integers(0, len(session.decisions)))
    prefix = Session(session.game, session.config, session.seed, session.decisions[:n])
    assert timeline.state_at(n) == prefix.replay(rules, checked=True)


@settings(max_examples=25, deadline=None)
@given(data=st.data(), edition=st.sampled_from(("2016", "classic")),
       players=st.integers(2, 8), seed=SEEDS, rules=numbers(CITADELS_READINGS))
def test_citadels_trusted_replay_is_the_checked_one(data, edition, players, seed, rules):
    """Random sets (Magistrate, Blackmailer, Witch, Emperor... when drawn), the Theater or the
    quick game where the edition has them; a city completed now and then."""
    config = {"edition": edition, "players": players, "crown": data.draw(st.integers(1, players)),
              "characters": list(random_set(edition, players, Rng(seed))), "rules": rules,
              **({"theater": data.draw(st.booleans())} if edition == "2016" else
                 {"quick": data.draw(st.booleans())})}
    session, live = played(data, CITADELS, config, seed, data.draw(st.integers(0, 600)),
                           seldom=calling.CompleteCity)
    check_same(data, CITADELS, session, live)


@settings(max_examples=10, deadline=None)
@given(data=st.data(), players=st.integers(2, 4), seed=SEEDS, rules=numbers(TROYES_READINGS))
def test_troyes_trusted_replay_is_the_checked_one(data, players, seed, rules):
    """Few citizens (when the board is not tracked; tracked, they are placed), now and then a
    report the table makes."""
    tracked = TROYES_READINGS[rules].tracks_board
    citizens = st.lists(st.integers(0, 0 if tracked else 1), min_size=3, max_size=3)
    config = {"players": players, "citizens": [data.draw(citizens) for _ in range(players)],
              "first": data.draw(st.integers(1, players)), "rules": rules}
    reports = (troyes.Adjust(1, deniers=-3), troyes.Adjust(players, vp=2, influence=1),
               troyes.Citizens(1, 0, 1, 0))
    session, live = played(data, TROYES, config, seed, data.draw(st.integers(0, 150)), reports)
    check_same(data, TROYES, session, live)


@settings(max_examples=10, deadline=None)
@given(data=st.data(), players=st.integers(2, 4), seed=SEEDS, rules=numbers(TILETUM_READINGS))
def test_tiletum_trusted_replay_is_the_checked_one(data, players, seed, rules):
    config = {**tiletum.config_for(players, range(1, players + 1), tiletum.DEFAULT_FESTIVALS,
                                   (0, 1, 1, 2, 2, 0)), "rules": rules}
    reports = (tiletum.Gold(1, 3), tiletum.Gold(players, 0))
    session, live = played(data, TILETUM, config, seed, data.draw(st.integers(0, 250)), reports)
    check_same(data, TILETUM, session, live)


@cache
def long_citadels(decisions: int = LONG) -> tuple[Session, object]:
    """A 2016 8-player game with the Theater, the Magistrate, the Blackmailer and the Emperor,
    random legal decisions (looks too) and no city completed until ``decisions`` are stored
    (about 130 rounds)."""
    config = {"edition": "2016", "players": 8, "crown": 1, "theater": True,
              "characters": ["assassin", "blackmailer", "magician", "emperor", "bishop",
                             "merchant", "architect", "warlord", "queen"]}
    rng, state, stored = Rng(39), CITADELS.initial(config, 39), []
    while len(stored) < decisions:
        choice = rng.choice([d for d in CITADELS.legal(state)
                             if not isinstance(d, calling.CompleteCity)])
        state = CITADELS.apply(state, choice)
        stored.append(CITADELS.encode(choice))
    return Session("citadels", config, 39, tuple(stored)), state


def refuse(*_):
    raise AssertionError("a trusted replay asked for the legal decisions")


def test_a_trusted_citadels_replay_lists_no_legal_decision(monkeypatch):
    """Every way Citadels' apply checks a decision (the legal lists of the draft, the Theater
    and the calling, the ranks tokens may name; a look is checked without a list) refuses to
    be asked: the trusted replay of a long game needs none of them; the checked replay does."""
    session, live = long_citadels(2_000)
    kinds = {d["type"] for d in session.decisions}
    assert {"theater_swap", "threats", "bribe", "look", "give_crown"} <= kinds
    for module, name in ((citadels, "legal"), (draft, "legal"), (theater, "options"),
                         (calling, "legal"), (calling, "warrant_options"),
                         (calling, "threat_options")):
        monkeypatch.setattr(module, name, refuse)
    assert session.replay(CITADELS) == live
    assert Timeline(CITADELS, session).state == live
    with pytest.raises(AssertionError, match="legal decisions"):
        session.replay(CITADELS, checked=True)


@pytest.mark.parametrize("rules, module, played_game", [
    (TROYES, troyes, lambda: __import__("companion.troyes.playthrough", fromlist=["x"])
     .troyes_game(5)),
    (TILETUM, tiletum, lambda: __import__("companion.tiletum.playthrough", fromlist=["x"])
     .tiletum_game(5))])
def test_troyes_and_tiletum_replays_list_no_legal_decision(monkeypatch, rules, module,
                                                           played_game):
    """Their apply checks each decision on its own, never through ``legal``: so does their
    trusted replay (``apply_trusted`` is their ``apply``)."""
    config, seed, decisions = played_game()
    expected = Session(rules.game_id, config, seed, tuple(decisions)).replay(rules)
    monkeypatch.setattr(module, "legal", refuse)
    monkeypatch.setattr(type(rules), "legal", refuse)
    assert Session(rules.game_id, config, seed, tuple(decisions)).replay(rules) == expected


def test_a_10000_decision_game_resumes():
    """Citadels never ends while nobody completes a city, so one game reaches 10,000 stored
    decisions; its trusted resume is the game as played, and the same checked."""
    session, live = long_citadels()
    assert len(session.decisions) == LONG and live.number > 100
    assert session.replay(CITADELS) == live == session.replay(CITADELS, checked=True)
    assert Timeline(CITADELS, session).state == live

