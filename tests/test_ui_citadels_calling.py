"""The calling on the device, end to end: whole games round after round, the private warrants
and threats, bribes, undo, round summaries, game end, spoken calls; and what the public screens
draw depends only on public facts (swapping hidden facts changes nothing drawn)."""

from __future__ import annotations

import os
import stat
import time
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from citadels_driver import Table, prepared_session, setup_lines
from conftest import play, record_text
from ui import theme
from ui.widgets import wrap

FIRST_GAME_9 = ["magistrate", "blackmailer", "magician", "king", "bishop", "merchant",
                "architect", "warlord", "queen"]


def drawn_now(app, drawn) -> list[str]:
    drawn.clear()
    app.render()
    return list(drawn)


def new_game(make_app, players, edition="2016", characters=(), seed=1, **kwargs):
    app = make_app(**kwargs)
    app.seeds = iter(range(seed, seed + 100))
    setup_lines(app, players, edition, characters)
    return app


def open_prepared(make_app, tmp_path, edition, players, characters, wanted, names=None,
                  reading=None, **kwargs):
    """An app restarted on a stored game whose draft gave the wanted characters (played by
    ``reading``, the current one if None)."""
    from storage.store import Store

    data = tmp_path / "prepared"
    data.mkdir()
    store = Store(data / "companion.sqlite3")
    prepared_session(store, edition, players, characters, wanted, names=names, reading=reading)
    store.close()
    app = make_app(data_dir=data, **kwargs)
    assert app.top.name == "calling"
    return app


def calling_state(app):
    return app.top.controller._state.calling


def set_calling_state(app, state) -> None:
    controller = app.top.controller
    controller._set_state(replace(controller._state, calling=state))


# --- whole games ----------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_whole_4_player_game_on_the_device(make_app, tmp_path, language):
    """Several rounds of draft and calling until a city is completed; screenshots of every
    kind of screen (looked at by hand; see docs/screenshots.md); then into History."""
    shots = tmp_path / "shots"
    shots.mkdir()
    app = new_game(make_app, 4, language=language, seed=11)
    seen: dict[str, int] = {}

    def snap(screen):
        count = seen.get(screen.name, 0)
        if count < 2:
            app.render()
            pygame.image.save(app.display.surface, str(shots / f"{screen.name}-{count}.png"))
        seen[screen.name] = count + 1

    Table(app, seed=3, complete_from=3, undo_rate=0.05, on_screen=snap).play()
    controller = app.top.controller
    assert len(controller.rounds) >= 3
    assert seen["round-summary"] == len(controller.rounds) - 1  # one between every two rounds
    assert {"gate", "draft-private", "draft-confirm", "wipe", "calling", "city"} <= set(seen)
    order = controller.completion_order()
    assert order and all(order.count(s) == 1 for s in order)
    play(app, "TAP @done\nEXPECT home")
    (finished,) = app.store.history()
    assert finished.result["completion_order"] == list(order)
    assert finished.result["first_complete"] == controller.name(order[0])
    final = finished.result["final_characters"]
    assert sorted(c for ids in final.values() for c in ids) == sorted(
        c for c, _ in controller.rounds[-1].holders)
    play(app, "TAP @history\nEXPECT history")
    assert controller.name(order[0]) in app.top.row_text(app.top.games[0])
    assert all(p.stat().st_size > 0 for p in shots.iterdir())


@pytest.mark.parametrize("players, edition", [(2, "classic"), (3, "2016")])
def test_two_and_three_player_games_give_each_player_two_turns(make_app, players, edition):
    app = new_game(make_app, players, edition, seed=4)
    table = Table(app, seed=9, complete_from=2)
    table.play(until="calling")
    controller = app.top.controller
    holders = [s for _, s in controller._state.calling.setup.holders]
    assert all(holders.count(s) == 2 for s in range(1, players + 1))
    table.play()
    for result in controller.rounds:  # every seat played (or was revealed) twice a round
        revealed = [e.seat for e in result.events if e.kind in ("reveal", "killed_revealed")]
        assert sorted(revealed) == sorted(s for _, s in result.holders)
        assert all(revealed.count(s) == 2 for s in range(1, players + 1))


# --- nothing hidden reaches a public screen ----------------------------------------------------

def hidden_alternatives(state):
    """Calling states with the same public view but other hidden facts: the holders of the
    characters not yet revealed (the assassinated one included) swapped round, one of them
    swapped for a character nobody drafted, the other warrant signed, the other threat real."""
    called = {e.rank for e in state.events if e.kind in ("reveal", "nobody")}
    hidden = [(c, s) for c, s in state.setup.holders if rank_of(state, c) not in called]
    out = []

    def with_holders(mapping):
        holders = tuple((mapping.get(c, c), s) for c, s in state.setup.holders)
        return replace(state, setup=replace(state.setup, holders=tuple(
            (c, s) for c, s in holders)))

    if len({s for _, s in hidden}) > 1:
        seats = [s for _, s in hidden]
        moved = dict(zip([c for c, _ in hidden], seats[1:] + seats[:1]))
        holders = tuple((c, moved.get(c, s)) for c, s in state.setup.holders)
        out.append(replace(state, setup=replace(state.setup, holders=holders)))
    drafted = {c for c, _ in state.setup.holders}
    spare = [c for c in state.setup.characters if c not in drafted
             and rank_of(state, c) not in called and rank_of(state, c) != 4]
    for c, _ in hidden[:1]:
        for u in spare[:1]:
            if rank_of(state, c) != 4 and state.bewitched not in (rank_of(state, c),
                                                                  rank_of(state, u)):
                out.append(with_holders({c: u}))
    for field_name, tokens in (("signed", state.warrants), ("real_threat", state.threats)):
        others = [r for r in tokens if r != getattr(state, field_name)]
        if others:
            out.append(replace(state, **{field_name: others[0]}))
    return out


def rank_of(state, cid):
    from companion.citadels.catalogue import rank_of as catalogue_rank

    return catalogue_rank(state.setup.edition, cid)


@pytest.mark.parametrize("characters, seed", [
    (["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"], 2),
    (["assassin", "blackmailer", "magician", "patrician", "bishop", "merchant", "architect",
      "warlord", "queen"], 3),
    (["witch", "blackmailer", "wizard", "emperor", "abbot", "alchemist", "navigator",
      "diplomat", "queen"], 5),
    (FIRST_GAME_9, 8),
])
def test_public_screens_draw_the_same_whatever_the_hidden_facts(make_app, characters, seed):
    """The assassinated holder, unrevealed holders, the signed warrant and the real threat
    never change what the calling screen draws before the round ends."""
    app = new_game(make_app, 5, "2016", characters, seed=seed)
    drawn = record_text(app)
    checked = after_a_silent_call = 0

    def compare(screen):
        nonlocal checked, after_a_silent_call
        if screen.name != "calling" or screen.controller.phase != "calling":
            return
        state = calling_state(app)
        after_a_silent_call += any(e.kind == "silent" for e in state.events)
        before = drawn_now(app, drawn)
        for alternative in hidden_alternatives(state):
            if alternative.phase == "turn" and alternative.holder != state.holder:
                continue  # (the rank being played is revealed: its holder is public)
            set_calling_state(app, alternative)
            screen.rebuild()
            assert drawn_now(app, drawn) == before
            checked += 1
        set_calling_state(app, state)
        screen.rebuild()

    Table(app, seed=seed, complete_from=5, on_screen=compare, low_targets=True).play()
    assert checked > 20
    assert after_a_silent_call > 3 or "assassin" not in characters


# --- warrants, threats, bribes ---------------------------------------------------------------

def end_turns_until(app, rank: int) -> None:
    while calling_state(app).rank != rank:
        play(app, "TAP @end")


def test_magistrate_enters_warrants_privately_and_reveals_the_signed_one(make_app, tmp_path):
    app = open_prepared(make_app, tmp_path, "2016", 5, FIRST_GAME_9,
                        {"magistrate": 1, "king": 2, "bishop": 3})
    drawn = record_text(app)
    assert app.top.button("private").visible
    play(app, "TAP @private\nEXPECT gate")
    assert app.top.seat == 1
    play(app, "HOLD SEAT1\nEXPECT secret-tokens")
    secret = app.top
    assert {b.name for b in secret.buttons if b.name.startswith("rank")} == {
        f"rank{r}" for r in range(2, 10) if r in (2, 3, 4, 5, 6, 7, 8, 9)}
    assert not secret.button("confirm").enabled
    play(app, "TAP @rank4\nTAP @rank5\nTAP @rank8")
    assert not secret.button("confirm").enabled  # which one is signed?
    play(app, "TAP @real0\nTAP @confirm\nEXPECT wipe")
    assert not any("King" in t for t in drawn_now(app, drawn))  # the wipe shows nothing
    play(app, "TAP @next\nEXPECT calling")
    state = calling_state(app)
    assert state.warrants == (4, 5, 8) and state.signed == 4
    text = " ".join(drawn_now(app, drawn))
    assert "Warrants on: 4. King, 5. Bishop, 8. Warlord." in text
    rule = app.t("ability.2016.magistrate")  # (what the Magistrate does names no rank)
    assert "signed" not in text.replace(rule, "").lower()
    # only the Magistrate's own screen names the signed warrant
    play(app, "TAP @check\nTAP @seat1\nHOLD SEAT1\nEXPECT own")
    assert "Your signed warrant: 4. King" in drawn_now(app, drawn)
    play(app, "OK\nTAP @check\nTAP @seat2\nHOLD SEAT2\nEXPECT own")
    assert not any("warrant" in t for t in drawn_now(app, drawn))
    play(app, "OK\nEXPECT calling")
    end_turns_until(app, 4)
    assert "Player 2" in " ".join(drawn_now(app, drawn))
    turn_over_warrant(app)
    text = " ".join(drawn_now(app, drawn))
    assert "The warrant is signed: Player 1 confiscates the district" in text
    assert not any(b.name == "warrant-gate" for b in app.top.buttons)  # once only


def turn_over_warrant(app, seat: int = 1) -> None:
    """The Magistrate looks behind the gate and turns the (signed) warrant over."""
    play(app, f"TAP @warrant-gate\nEXPECT gate\nHOLD SEAT{seat}\nEXPECT warrant\n"
              "TAP @turn-over\nTAP @next\nEXPECT calling")


def place_warrants(app, ranks, signed: int) -> None:
    """The Magistrate (seat 1, rank 1's turn) enters the warrants behind the gate."""
    taps = "\n".join(f"TAP @rank{r}" for r in ranks)
    play(app, f"TAP @private\nHOLD SEAT1\n{taps}\nTAP @real{list(ranks).index(signed)}\n"
              "TAP @confirm\nTAP @next\nEXPECT calling")


def chip_marks(app) -> dict[int, str]:
    view = app.top.controller.calling_public()
    return {rank: app.top.marks(view, rank) for rank in app.top.controller.ranks}


def test_once_the_signed_warrant_is_revealed_the_other_warrants_are_done(make_app, tmp_path):
    """The signed warrant turned over, the other two are known to be unsigned: their
    characters' turns offer no reveal and their chips lose the warrant mark; the confiscated
    character keeps a mark of its own."""
    app = open_prepared(make_app, tmp_path, "2016", 5, FIRST_GAME_9,
                        {"magistrate": 1, "king": 2, "bishop": 3, "warlord": 4})
    drawn = record_text(app)
    place_warrants(app, (4, 5, 8), signed=4)
    assert {r for r, m in chip_marks(app).items() if m == "W"} == {4, 5, 8}
    end_turns_until(app, 4)
    turn_over_warrant(app)
    marks = chip_marks(app)
    assert marks[4] == "W!" and marks[5] == marks[8] == ""
    for rank in (5, 8):
        end_turns_until(app, rank)
        text = " ".join(drawn_now(app, drawn))
        assert not any(b.name == "warrant-gate" for b in app.top.buttons)
        assert "may reveal the warrant" not in text
        assert chip_marks(app)[rank] == "" and chip_marks(app)[4] == "W!"
        assert {b.name for b in app.top.buttons} >= {"end", "city"}


def test_unsigned_warrants_revealed_first_leave_the_others_to_reveal(make_app, tmp_path):
    """Reading 1 (a game kept before reading 2): an unsigned warrant turned over loses its
    mark; the ones still face down keep theirs and may still be revealed until the signed one
    is."""
    app = open_prepared(make_app, tmp_path, "2016", 5, FIRST_GAME_9,
                        {"magistrate": 1, "king": 2, "bishop": 3, "warlord": 4}, language="ko",
                        reading=1)
    drawn = record_text(app)
    place_warrants(app, (4, 5, 8), signed=8)
    end_turns_until(app, 4)
    play(app, "TAP @reveal-warrant")
    assert "인장 없는 영장입니다: 건물은 그대로입니다." in drawn_now(app, drawn)
    marks = chip_marks(app)
    assert marks[4] == "" and marks[5] == marks[8] == "영"
    end_turns_until(app, 5)
    play(app, "TAP @reveal-warrant")
    end_turns_until(app, 8)
    assert chip_marks(app)[8] == "영"
    play(app, "TAP @reveal-warrant")
    assert drawn_whole(drawn_now(app, drawn), "인장 찍힌 영장입니다: Player 1 님이 건물을 몰수하고, "
                       "Player 4 님은 건설 비용을 돌려받습니다.")
    assert chip_marks(app) == {**{r: "" for r in range(1, 10)}, 8: "몰"}


def test_blackmailer_threat_bribe_and_reveal(make_app, tmp_path):
    app = open_prepared(make_app, tmp_path, "2016", 5, FIRST_GAME_9,
                        {"blackmailer": 2, "king": 3, "bishop": 4})
    drawn = record_text(app)
    end_turns_until(app, 2)
    play(app, "TAP @private\nHOLD SEAT2\nEXPECT secret-tokens")
    assert not {b.name for b in app.top.buttons} & {"rank1", "rank2"}  # never rank 1 or 2
    play(app, "TAP @rank4\nTAP @rank5\nTAP @real1\nTAP @confirm\nTAP @next\nEXPECT calling")
    assert calling_state(app).real_threat == 5
    end_turns_until(app, 4)
    assert {"paid", "refused"} <= {b.name for b in app.top.buttons}
    assert not app.top.button("city").enabled  # the bribe question comes first
    play(app, "TAP @paid")
    assert not any(b.name == "reveal-threat" for b in app.top.buttons)
    assert "Player 3 paid the bribe" in " ".join(drawn_now(app, drawn))
    end_turns_until(app, 5)
    play(app, "TAP @refused\nTAP @reveal-threat")
    assert drawn_whole(drawn_now(app, drawn),
                       "The threat is real: Player 2 takes all of Player 4's gold.")


def test_assassin_targets_offer_only_legal_ranks_and_the_thief_never_rank_1(make_app, tmp_path):
    characters = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
                  "warlord"]
    app = open_prepared(make_app, tmp_path, "2016", 4, characters,
                        {"assassin": 1, "thief": 2})
    shown = {b.name for b in app.top.buttons if b.name.startswith("rank")}
    assert shown == {f"rank{r}" for r in range(2, 9)}
    play(app, "TAP @rank4\nTAP @end")
    shown = {b.name for b in app.top.buttons if b.name.startswith("rank")}
    assert shown == {"rank3", "rank5", "rank6", "rank7", "rank8"}


# --- undo, rounds ------------------------------------------------------------------------------

def test_undo_asks_first_then_takes_back_the_last_step(make_app, tmp_path):
    characters = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
                  "warlord"]
    app = open_prepared(make_app, tmp_path, "2016", 4, characters, {"assassin": 1})
    assert not app.top.button("undo").enabled  # a private draft pick is never undone here
    play(app, "TAP @rank6")
    controller = app.top.controller
    stored = len(controller.session.decisions)
    play(app, "TAP @undo\nEXPECT undo")
    drawn = record_text(app)
    assert "Target named: 6. Merchant" in drawn_now(app, drawn)
    play(app, "TAP @keep\nEXPECT calling")
    assert calling_state(app).killed == 6
    play(app, "TAP @undo\nTAP @confirm\nEXPECT calling")
    assert calling_state(app).killed == 0 and app.top.button("rank6").visible
    assert len(controller.session.decisions) == stored + 1  # the undo is a stored marker
    assert controller.session.decisions[-1] == {"type": "undo"}


def test_a_round_ends_with_its_summary_then_the_new_crown_holder_drafts(make_app, tmp_path):
    characters = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
                  "warlord"]
    app = open_prepared(make_app, tmp_path, "2016", 4, characters, {"assassin": 1, "king": 3})
    drawn = record_text(app)
    play(app, "TAP @rank4")  # the King is assassinated: crown at the end of the round
    while app.top.name == "calling":
        play(app, "TAP @end")
    assert app.top.name == "round-summary"
    text = " ".join(drawn_now(app, drawn))
    assert "4. King (assassinated)" in text and "Crown for the next round: Player 3" in text
    play(app, "TAP @next\nEXPECT gate")
    assert app.top.seat == 3  # the crown holder chooses first
    assert app.stack[-2].name == "draft-public" and "Round 2" in app.stack[-2].title()


def test_a_restart_during_the_calling_resumes_on_the_calling_screen(make_app, tmp_path):
    app = open_prepared(make_app, tmp_path, "2016", 5, FIRST_GAME_9, {"magistrate": 1})
    play(app, "TAP @private\nHOLD SEAT1\nEXPECT secret-tokens")
    data = app.config.data_dir
    app.close()
    app.running = False
    again = make_app(data_dir=data)
    assert [s.name for s in again.stack] == ["home", "calling"]  # never the private screen


# --- words ---------------------------------------------------------------------------------------

TAX_GAME = ["magistrate", "blackmailer", "magician", "king", "bishop", "merchant", "architect",
            "warlord", "tax_collector"]
LONG_NAMES = ["Bartholomew Featherstone", "김수한무거북이와두루미삼천갑자동방삭치치카포사리",
              "Maximilian Augustin Wolf", "Anastasia Romanova-Smith", "Christopher Alexander Jr",
              "Guinevere Pendleton-Hale", "Montgomery Worthington I", "Theodora Wilhelmina Lane"]


def drawn_whole(drawn: list[str], text: str) -> bool:
    """Whether ``text`` was drawn whole: as one string, or as consecutive wrapped lines."""
    for i in range(len(drawn)):
        rest, j = text, i
        while j < len(drawn) and drawn[j] and rest.startswith(drawn[j]):
            rest, j = rest[len(drawn[j]):].lstrip(" "), j + 1
            if not rest:
                return True
    return False


def check_tax_reminder(app, drawn, expected: str) -> None:
    """The reminder is drawn whole, in a place of its own that holds all its lines, between
    the flowing text and the action buttons."""
    from ui.screens.citadels.calling import ACTIONS, HEAD

    assert drawn_whole(drawn, expected), (expected, drawn)
    rect = app.top.tax_rect(expected)
    lines = wrap(app.fonts, expected, theme.SMALL_SIZE, rect.width)
    assert len(lines) * app.fonts.get(theme.SMALL_SIZE).get_linesize() <= rect.height
    assert rect.top >= HEAD.top + 84 + 3 * 20 and rect.bottom <= ACTIONS.top
    assert rect.left >= 0 and rect.right <= 800


def busy_round(make_app, tmp_path, language, check) -> list[tuple[int, str, int]]:
    """A round of 8 players with long names and every busy turn (threats, a refused bribe,
    the threat and the signed warrant revealed, the Tax Collector): ``check(app, drawn, tax)``
    on every turn, with the strings drawn and the catalogue key of the Tax Collector's
    reminder that fits it. Returns (rank, that key, announcements this turn) per turn."""
    app = open_prepared(make_app, tmp_path, "2016", 8, TAX_GAME,
                        {"magistrate": 1, "blackmailer": 2, "king": 3, "bishop": 4,
                         "tax_collector": 5}, names=LONG_NAMES, language=language)
    drawn = record_text(app)
    seen = []
    while app.top.name == "calling":
        state = calling_state(app)
        turn = [e.kind for e in state.events[max(i for i, e in enumerate(state.events)
                                                  if e.kind == "reveal"):]]
        if state.character == "tax_collector":
            key = "calling.tax_own"
        elif "warrant_revealed" in turn and state.rank == state.signed:
            key = "calling.tax_confiscated"
        else:
            key = "calling.tax"
        drawn_now(app, drawn)
        check(app, drawn, key)
        seen.append((state.rank, key, len(turn)))
        shown = {b.name for b in app.top.buttons if b.visible}
        if "private" in shown and state.character == "magistrate":
            place_warrants(app, (4, 5, 6), signed=4)
        elif "private" in shown:
            play(app, "TAP @private\nHOLD SEAT2\nTAP @rank4\nTAP @rank5\nTAP @real0\n"
                      "TAP @confirm\nTAP @next\nEXPECT calling")
        elif "refused" in shown:
            play(app, "TAP @refused" if state.rank == 4 else "TAP @paid")
        elif "reveal-threat" in shown:
            play(app, "TAP @reveal-threat")
        elif "warrant-gate" in shown and state.rank == 4:
            turn_over_warrant(app)
        else:
            play(app, "TAP @end")
    return seen


@pytest.mark.parametrize("language", ["en", "ko"])
def test_tax_reminder_is_whole_on_every_turn_of_a_round_with_the_tax_collector(
        make_app, tmp_path, language):
    """On every turn, busy ones too (threats, a refused bribe, the threat and the signed
    warrant revealed, long names), the Tax Collector's reminder is shown whole; on his own
    turn the one that fits him, on the confiscation turn the Magistrate pays."""
    seen = busy_round(make_app, tmp_path, language,
                      lambda app, drawn, key: check_tax_reminder(app, drawn, app.t(key)))
    assert {rank for rank, _, _ in seen} >= {1, 2, 3, 4, 5, 9}
    assert (4, "calling.tax_confiscated", 6) in seen  # reveal, crown, bribe, threat, the
    # Magistrate's look behind the warrant's gate (stored and announced as any), the warrant
    assert (9, "calling.tax_own", 1) in seen


def fake_espeak(folder: Path) -> Path:
    program = folder / "espeak-ng"
    log = folder / "spoken.txt"
    program.write_text(f'#!/bin/sh\nshift 2\n[ "$1" = "--" ] && shift\necho "$*" >> {log}\n')
    program.chmod(program.stat().st_mode | stat.S_IEXEC)
    return program


def spoken(folder: Path) -> list[str]:
    path = folder / "spoken.txt"
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


@pytest.mark.parametrize("language, first", [("en", "Rank 2: Thief."), ("ko", "2번, 도둑.")])
def test_calls_are_spoken_when_sound_is_on(make_app, tmp_path, language, first):
    """After the Assassin's turn the device calls on; the words are the calls only (rank and
    character), never who holds what."""
    program = fake_espeak(tmp_path)
    characters = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
                  "warlord"]
    app = open_prepared(make_app, tmp_path, "2016", 4, characters, {"assassin": 1},
                        language=language, env={"COMPANION_HW": "mock",
                                                "COMPANION_SPEAK": str(program)})
    assert spoken(tmp_path) == []  # a restart does not repeat old calls
    app.set_sound(True)
    play(app, "TAP @rank2\nTAP @end")
    deadline = time.monotonic() + 5
    while not spoken(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.05)
    words = spoken(tmp_path)
    assert len(words) == 1 and words[0].startswith(first)
    assert "Player" not in words[0] and "플레이어" not in words[0]


def test_no_sound_no_speech(make_app, tmp_path):
    program = fake_espeak(tmp_path)
    characters = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
                  "warlord"]
    app = open_prepared(make_app, tmp_path, "2016", 4, characters, {"assassin": 1},
                        env={"COMPANION_HW": "mock", "COMPANION_SPEAK": str(program)})
    app.set_sound(False)
    play(app, "TAP @rank2\nTAP @end\nTAP @end\nWAIT 0.3")
    assert spoken(tmp_path) == []
    assert os.access(program, os.X_OK)
