"""Remembered players on the device (issue 20), driven by the controls a player uses: the player
list in Settings (add, rename, delete after asking), names typed on the on-screen keyboard, a
game's setup choosing its players from the list (the last table preselected, in its seat
order), each game's last choices remembered, a first player or crown drawn at random, and
History exported to a USB stick."""

from __future__ import annotations

import csv
import io
import json
import stat

import pytest

from conftest import play, record_text
from test_history import drawn_now
from test_name_fit import watch
from hw.usb_stick import Stick

ROSTER = 'roster = ["Mina", "Joon", "Sora"]\n'


def type_word(app, word: str) -> None:
    """Tap the keyboard's keys for a Latin word (Shift before a capital)."""
    for ch in word:
        if ch.isupper():
            play(app, "TAP @key-shift")
        play(app, f"TAP @key-{ch.lower()}")


def last_config(app) -> dict:
    """The config of the game started last."""
    return app.store.load(app.store.kept(limit=1)[0].session_id).config


def players_screen(app) -> None:
    play(app, "TAP @settings\nEXPECT settings\nTAP @players\nEXPECT players")


def listed(app) -> list[str]:
    return [p.name for p in app.store.players()]


def test_the_roster_is_the_first_list_of_players(make_app):
    app = make_app(ROSTER)
    players_screen(app)
    assert [app.top.row_text(r) for r in app.top.items] == ["Joon", "Mina", "Sora"]


def test_a_player_is_added_renamed_and_deleted_after_asking(make_app):
    app = make_app()
    players_screen(app)
    play(app, "TAP @add\nEXPECT keyboard")
    type_word(app, "Mina")
    play(app, "TAP @key-done\nEXPECT players")
    assert listed(app) == ["Mina"]
    play(app, "TAP @row0\nEXPECT keyboard")  # rename: the keyboard holds the name
    for _ in range(4):
        play(app, "TAP @key-back")
    type_word(app, "Sora")
    play(app, "TAP @key-done\nEXPECT players")
    assert listed(app) == ["Sora"]
    play(app, "TAP @side0\nEXPECT ask\nTAP @keep\nEXPECT players")
    assert listed(app) == ["Sora"]
    play(app, "TAP @side0\nEXPECT ask\nTAP @confirm\nEXPECT players")
    assert listed(app) == [] and app.top.total == 0


def test_a_name_another_player_has_is_refused_on_the_keyboard(make_app):
    app = make_app(ROSTER)
    players_screen(app)
    play(app, "TAP @add\nEXPECT keyboard")
    type_word(app, "mina")
    play(app, "TAP @key-done\nEXPECT keyboard")  # refused: the keyboard stays
    assert app.top.error == "name.taken"
    assert app.t("error.name.taken") == "Another player already has this name."
    play(app, "TAP @key-cancel\nEXPECT players")
    assert sorted(listed(app)) == ["Joon", "Mina", "Sora"]


def test_setup_chooses_the_players_in_seat_order_and_the_next_game_starts_with_them(make_app):
    app = make_app(ROSTER)
    play(app, "TAP @citadels\nEXPECT citadels-setup\nTAP @count\nEXPECT table-picker")
    picker = app.top
    assert picker.chosen == ["Mina", "Joon", "Sora"]  # the roster, the first time
    play(app, "TAP @clear")
    names = [picker.shown(i) for i in range(3)]
    for name in ("Sora", "Mina", "Joon"):  # seat 1 is the first tapped
        play(app, f"TAP @player{names.index(name)}")
    assert picker.label(names.index("Mina")) == "2 · Mina"
    play(app, "TAP @done\nEXPECT citadels-setup")
    setup = app.top
    assert setup.names() == ["Sora", "Mina", "Joon"] and setup.players == 3
    play(app, "TAP @edition-classic\nTAP @more")  # a fourth seat, not named
    assert setup.names() == ["Sora", "Mina", "Joon", "Player 4"]
    play(app, "TAP @start\nEXPECT gate")
    assert last_config(app)["names"] == ["Sora", "Mina", "Joon", "Player 4"]
    app.pop_to("home")
    play(app, "TAP @citadels\nEXPECT citadels-setup")
    again = app.top
    assert (again.names(), again.edition, again.players) == (
        ["Sora", "Mina", "Joon", "Player 4"], "classic", 4)


@pytest.mark.parametrize("language, hint", [("en", "Tap who joins, then Done."),
                                             ("ko", "새로 앉을 사람을 누른 다음 완료를 누르세요.")])
def test_plus_offers_the_remembered_players_not_seated(make_app, language, hint):
    """Issue 37: "+" beyond the table's names opens the remembered players (not "Player 4"):
    one tapped joins; "+ Player n" is a seat without a name; BACK adds nobody."""
    app = make_app(ROSTER, language=language)
    for name in ("Hana", "Ben"):
        app.store.add_player(name)
    play(app, "TAP @troyes\nEXPECT troyes-setup")
    setup = app.top
    assert setup.names() == ["Mina", "Joon", "Sora"]
    drawn = record_text(app)
    play(app, "TAP @more\nEXPECT table-picker")
    picker = app.top
    assert hint in drawn_now(app, drawn) and picker.chosen == ["Mina", "Joon", "Sora"]
    play(app, "BACK\nEXPECT troyes-setup")
    assert setup.players == 3
    play(app, "TAP @more\nEXPECT table-picker")
    play(app, f"TAP @player{app.top.everyone.index('Hana')}\nTAP @done\nEXPECT troyes-setup")
    assert setup.names() == ["Mina", "Joon", "Sora", "Hana"]
    play(app, "TAP @fewer\nTAP @more\nEXPECT troyes-setup")  # Hana is still the fourth
    assert setup.names() == ["Mina", "Joon", "Sora", "Hana"]
    play(app, "TAP @fewer\nTAP @count\nEXPECT table-picker\nTAP @clear")
    play(app, "".join(f"TAP @player{app.top.everyone.index(n)}\n" for n in ("Mina", "Joon")))
    play(app, "TAP @done\nTAP @more\nEXPECT table-picker")
    seat = "Player 3" if language == "en" else "플레이어 3"
    assert app.top.button("unnamed").label() == f"+ {seat}"
    play(app, "TAP @unnamed\nEXPECT troyes-setup")
    assert setup.names()[2] == seat and setup.players == 3
    play(app, "TAP @more\nEXPECT table-picker")  # who joins sits after the named players
    play(app, f"TAP @player{app.top.everyone.index('Ben')}")
    assert not app.top.button("unnamed").enabled  # (it would leave Ben out)
    play(app, "TAP @done\nEXPECT troyes-setup")
    assert setup.names()[2:] == ["Ben", seat.replace("3", "4")]


def test_a_new_player_added_from_the_picker_takes_the_next_seat(make_app):
    app = make_app(ROSTER)
    play(app, "TAP @troyes\nEXPECT troyes-setup\nTAP @count\nEXPECT table-picker\nTAP @clear")
    play(app, "TAP @new\nEXPECT keyboard")
    type_word(app, "Dee")
    play(app, "TAP @key-done\nEXPECT table-picker")
    assert app.top.chosen == ["Dee"] and "Dee" in listed(app)
    assert not app.top.button("done").enabled  # Troyes needs 2 players
    play(app, f"TAP @player{app.top.everyone.index('Joon')}\nTAP @done\nEXPECT troyes-setup")
    assert app.top.names() == ["Dee", "Joon"]


def test_a_first_player_drawn_at_random_is_a_seat_of_the_table_and_remembered(make_app):
    app = make_app(ROSTER)
    app.seeds = iter(range(100, 200))
    play(app, "TAP @troyes\nEXPECT troyes-setup\nTAP @first-random")
    assert app.top.first_label() == "Drawn at start"
    play(app, "TAP @start")
    first = last_config(app)["first"]
    assert 1 <= first <= 3
    app.pop_to("home")
    play(app, "TAP @troyes\nEXPECT troyes-setup")
    assert app.top.first_random


def test_a_random_crown_goes_to_different_seats_over_games(make_app):
    app = make_app(ROSTER)
    crowns = set()
    app.seeds = iter(range(1, 1000))
    for _ in range(12):
        app.pop_to("home")
        play(app, "TAP @citadels\nEXPECT citadels-setup")
        if not app.top.crown_random:
            play(app, "TAP @crown-random")
        play(app, "TAP @start")
        crowns.add(last_config(app)["crown"])
    assert crowns <= {1, 2, 3, 4} and len(crowns) >= 2  # 4 seats: the roster, then Player 4


def test_a_damaged_remembered_setup_opens_the_default_setup(make_app):
    app = make_app(ROSTER)
    app.store.set_setting("setup.tiletum", {"players": 99, "names": ["Mi\x00na", 7, "Joon"]})
    play(app, "TAP @tiletum\nEXPECT tiletum-setup")
    assert app.top.names() == ["Joon", "Player 2", "Player 3", "Player 4"][:app.top.players]
    assert app.top.players == 4  # 99 is out of range: the most there can be
    app.store.set_setting("setup.citadels", "not a table")
    app.pop_to("home")
    play(app, "TAP @citadels\nEXPECT citadels-setup")
    assert app.top.names() == ["Mina", "Joon", "Sora", "Player 4"]


# --- USB ----------------------------------------------------------------------------------------

def finished_game(app) -> None:
    entry = app.store.create_session("troyes-score", {"players": [{"name": "Mina"},
                                                                  {"name": "Joon"}]}, 1)
    app.store.finish(entry, {"game": "troyes", "winner": "Joon", "scores": {
        "players": [{"name": "Mina", "total": 3}, {"name": "Joon", "total": 5}],
        "winners": ["Joon"], "ranking": ["Joon", "Mina"]}})


@pytest.fixture
def stick(tmp_path, monkeypatch):
    folder = tmp_path / "usb"
    folder.mkdir()
    monkeypatch.setattr("ui.screens.usb_export.mounted_sticks",
                        lambda: [Stick(folder, "/dev/sda1")] if folder.exists() else [])
    return folder


def exported(app) -> None:
    """Let the export's thread end (it writes in the background), and the loop show it."""
    app.top.job.thread.join(60)
    assert not app.top.job.thread.is_alive()
    app.settle()


def test_history_is_written_to_a_usb_stick_from_settings(make_app, stick):
    app = make_app()
    finished_game(app)
    play(app, "TAP @settings\nTAP @usb\nEXPECT usb-export\nTAP @stick0")
    exported(app)
    written = sorted(p.name for p in stick.iterdir())
    assert len(written) == 2 and written[0].endswith(".csv") and written[1].endswith(".json")
    rows = list(csv.reader(io.StringIO((stick / written[0]).read_text())))
    assert [(r[6], r[7], r[8]) for r in rows[1:]] == [("Mina", "3", "0"), ("Joon", "5", "1")]
    assert len(json.loads((stick / written[1]).read_text())["games"]) == 1
    assert app.top.said == ("usb.written", {"csv": written[0], "json": written[1], "n": 1})


def test_no_stick_says_so_and_look_again_finds_one_plugged_in_later(make_app, stick):
    stick.rename(stick.with_name("away"))
    app = make_app()
    play(app, "TAP @settings\nTAP @usb\nEXPECT usb-export")
    assert app.top.said[0] == "usb.none" and not app.top.button("stick0").visible
    stick.with_name("away").rename(stick)
    play(app, "TAP @look-again")
    assert app.top.button("stick0").visible


def test_a_stick_that_refuses_the_files_is_said_and_the_app_goes_on(make_app, stick,
                                                                   monkeypatch):
    import errno

    def full(path):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("storage.history_file.written_whole", full)
    app = make_app()
    finished_game(app)
    play(app, "TAP @settings\nTAP @usb\nEXPECT usb-export\nTAP @stick0\nEXPECT usb-export")
    exported(app)
    assert app.top.said == ("usb.failed", {"reason": app.t("save_failed.full")})
    assert not list(stick.iterdir())


@pytest.mark.parametrize("language, shown", [("en", "(a name that cannot be shown)"),
                                             ("ko", "(표시할 수 없는 이름)")])
@pytest.mark.parametrize("bad", ["\x00", "\u200b\u200b", "Mi\x00na"])
def test_a_stored_name_that_cannot_be_drawn_can_still_be_renamed_and_deleted(make_app, language,
                                                                             shown, bad):
    """Issue 38, item 10: a player row holding a NUL or only invisible characters (only by
    tampering) once made Players fail to draw, so that player could never be renamed or
    deleted. The list says the name cannot be shown; the keyboard renames it; Delete asks in
    words that do not hold it; the table picker does not offer it."""
    app = make_app(language=language)
    app.store.add_player("Mina")
    app.store._db.execute("INSERT INTO players (name) VALUES (?)", (bad,))
    drawn = record_text(app)
    play(app, "TAP @settings\nTAP @players\nEXPECT players")
    row = next(i for i, p in enumerate(app.top.items) if p.name == bad)
    assert shown in drawn_now(app, drawn) and not any(bad in t for t in drawn)
    play(app, f"TAP @row{row}\nEXPECT keyboard")
    assert app.top.text == ""
    play(app, "TAP @key-digits\nTAP @key-2\nTAP @key-4\nTAP @key-done\nEXPECT players")
    assert "24" in [p.name for p in app.store.players()]
    app.store._db.execute("INSERT INTO players (name) VALUES (?)", (bad,))
    app.top.reload()
    row = next(i for i, p in enumerate(app.top.items) if p.name == bad)
    play(app, f"TAP @side{row}\nEXPECT ask\nTAP @confirm\nEXPECT players")
    assert bad not in [p.name for p in app.store.players()]
    assert not any(bad in t for t in drawn)


# --- Export to USB off the UI thread (issue 38, item 7) -----------------------------------------

def said(*lines: str) -> str:
    """What lines drawn say, however a paragraph broke them (a long path breaks anywhere)."""
    return "".join("".join(lines).split())


class Watchdog:
    """systemd's notifier as the kiosk has it (a ping due every 10 s), recording what is sent."""

    def __init__(self):
        self.sent: list[str] = []

    def ping_every(self) -> float:
        return 10.0

    def send(self, state: str) -> bool:
        self.sent.append(state)
        return True


@pytest.fixture
def held_export(monkeypatch):
    """The export's thread stops after its first game until ``release`` is set (as a slow
    stick would hold it): what the table sees meanwhile is then what a test looks at."""
    import threading

    reached, release = threading.Event(), threading.Event()
    try:
        from ui.export_job import ExportJob
    except ImportError:  # (before issue 38 the tap itself wrote the files)
        return reached, release
    progress = ExportJob._progress

    def held(job, done):
        progress(job, done)
        if done == 1:
            reached.set()
            assert release.wait(60), "the test never let the export go on"

    monkeypatch.setattr(ExportJob, "_progress", held)
    return reached, release


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_export_runs_beside_the_loop_with_progress_the_watchdog_fed_and_cancel(
        make_app, stick, held_export, monkeypatch, language):
    """Issue 38, item 7: the tap on a stick once wrote both files inside the UI loop (2.55 s
    at 1,501 games, 15.7 s at 10,000): nothing drawn meanwhile, no tap answered, no watchdog
    ping (systemd's limit is 30 s). Now a thread writes them: while it is held at its first
    game the screen says how far it got, 40 s go by with the watchdog pinged, and Cancel stops
    it with nothing left on the stick."""
    reached, release = held_export
    frames = watch(monkeypatch)  # every frame readable across the table (issue 37's check)
    app = make_app(language=language)
    for _ in range(3):
        finished_game(app)
    app.notifier, app.timers.ready = Watchdog(), True
    play(app, "TAP @settings\nTAP @usb\nEXPECT usb-export\nTAP @stick0")
    assert getattr(app.top, "job", None) is not None, "the tap wrote the files itself"
    assert reached.wait(60)  # the tap returned while the thread is held at game 1
    drawn = record_text(app)
    assert app.top.said == ("usb.writing", {"path": str(stick), "done": 1, "total": 3})
    assert said(app.t("usb.writing", path=str(stick), done=1, total=3)) in said(
        *drawn_now(app, drawn))
    assert app.top.button("cancel").visible and not app.top.button("stick0").visible
    app.run_for(40)  # virtual time: the loop's own timers, as on the kiosk
    assert app.notifier.sent.count("WATCHDOG=1") >= 3
    play(app, "TAP @cancel")
    release.set()
    exported(app)
    assert app.top.said == ("usb.cancelled", {})
    assert said(app.t("usb.cancelled")) in said(*drawn_now(app, drawn))
    assert list(stick.iterdir()) == []  # neither file, nor a .part
    assert app.top.button("stick0").visible and not app.top.button("cancel").visible
    assert not frames.problems, frames.report()


def test_an_export_let_go_is_written_whole_and_back_cancels_one_under_way(make_app, stick,
                                                                        held_export):
    """The same held export let go writes both files; Back during another leaves nothing."""
    reached, release = held_export
    app = make_app()
    for _ in range(2):
        finished_game(app)
    play(app, "TAP @settings\nTAP @usb\nEXPECT usb-export\nTAP @stick0")
    assert reached.wait(60)
    release.set()
    exported(app)
    assert app.top.said[0] == "usb.written" and app.top.said[1]["n"] == 2
    first = sorted(p.name for p in stick.iterdir())
    assert len(first) == 2
    for name in first:
        (stick / name).unlink()
    reached.clear()
    release.clear()
    play(app, "TAP @stick0")
    assert reached.wait(60)
    job = app.top.job
    play(app, "BACK\nEXPECT settings")
    release.set()
    job.thread.join(60)
    assert job.outcome == ("cancelled", {}) and list(stick.iterdir()) == []


@pytest.mark.parametrize("language, said", [
    ("en", "the stick already has something called companion-history-x.json that is not a"),
    ("ko", "파일이 아닌 같은 이름의 항목(companion-history-x.json)이 있습니다")])
def test_a_name_on_the_stick_that_is_not_a_file_is_not_written_over(make_app, stick,
                                                                   monkeypatch, language, said):
    """Issue 38, item 8, on the device: a pipe (or a link, a device) already at the export's
    name was replaced by a regular file, or written through. Now nothing is written and the
    screen says why in the UI language."""
    import os

    monkeypatch.setattr("ui.export_job.time.strftime", lambda _form: "x")
    os.mkfifo(stick / "companion-history-x.json")
    frames = watch(monkeypatch)
    app = make_app(language=language)
    finished_game(app)
    drawn = record_text(app)
    play(app, "TAP @settings\nTAP @usb\nEXPECT usb-export\nTAP @stick0")
    exported(app)
    assert app.top.said == ("usb.not_a_file", {"name": "companion-history-x.json"})
    assert "".join(said.split()) in "".join("".join(drawn_now(app, drawn)).split())
    assert [p.name for p in stick.iterdir()] == ["companion-history-x.json"]
    assert stat.S_ISFIFO(os.lstat(stick / "companion-history-x.json").st_mode)
    assert not frames.problems, frames.report()


# --- a long list of players (issue 38, item 9) --------------------------------------------------

def test_players_opens_a_page_at_a_time_with_100000_names(make_app):
    """Issue 38, item 9: with 100,000 remembered players Settings → Players took 5-9 s to open:
    every reload read and ordered the whole list, four times. Now each page is read alone:
    opening the list and paging run a bounded number of SQLite steps (counted by its progress
    handler: the same on every machine), the list is the same, and the store's whole list is
    never read."""
    app = make_app()
    db = app.store._db
    with app.store.writing():
        db.executemany("INSERT INTO players (name) VALUES (?)",
                       [(f"Player {n:06d}",) for n in range(100_000)])
    app.store.set_setting("players_seeded", True)
    mina = app.store.add_player("Mina")
    entry = app.store.create_session("troyes-score", {"players": [{"name": "Mina"},
                                                                  {"name": "Joon"}]}, 1)
    app.store.finish(entry, {"game": "troyes", "winner": "Mina", "scores": {
        "players": [{"name": "Mina", "total": 5}, {"name": "Joon", "total": 3}],
        "winners": ["Mina"], "ranking": ["Mina", "Joon"]}})
    steps = []
    db.set_progress_handler(lambda: steps.append(1), 100)
    play(app, "TAP @settings\nTAP @players\nEXPECT players\nTAP @page-down\nTAP @page-down")
    db.set_progress_handler(None, 0)
    assert len(steps) * 100 < 20_000, len(steps)  # (800 here; the whole list read: 28,800,000)
    assert app.top.total == 100_001 and app.top.offset == 10
    assert [p.name for p in app.top.items] == [f"Player {n:06d}" for n in range(9, 14)]
    play(app, "TAP @page-up\nTAP @page-up")
    assert app.top.items[0] == mina  # who played comes first, as before
    play(app, "TAP @side0\nEXPECT ask\nTAP @confirm\nEXPECT players")
    assert app.top.total == 100_000 and app.top.items[0].name == "Player 000000"


def test_a_page_of_players_is_that_part_of_the_whole_list(make_app):
    """``players_page`` gives the list ``players()`` gives, a page at a time: those who played
    the latest game first, then everyone else by name (any letter case)."""
    app = make_app()
    store = app.store
    for name in ("zed", "Ann", "bob", "Cy", "dee", "Eve"):
        store.add_player(name)
    for seed, names in enumerate((["bob", "Cy"], ["Eve", "bob"], ["dee"]), 1):
        entry = store.create_session("troyes-score", {"players": [{"name": n} for n in names]},
                                     seed)
        store.finish(entry, {"game": "troyes", "winner": names[0], "scores": {
            "players": [{"name": n, "total": 1} for n in names], "winners": [names[0]],
            "ranking": names}})
    whole = store.players()
    assert [p.name for p in whole] == ["dee", "bob", "Eve", "Cy", "Ann", "zed"]
    for size in (1, 2, 4, 7):
        assert [p for offset in range(0, 7, size)
                for p in store.players_page(offset, size)] == whole
    assert store.player_count() == 6
