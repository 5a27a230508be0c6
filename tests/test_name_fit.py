"""Names that always fit (issue 20). Every screen of the three games, their score entries,
results and History is played through with the most players each game allows, all named with
the longest names the entry allows (24 of the widest Latin letter, or 24 Hangul syllables), in
Korean and in English; and every frame a screen draws is checked: no two texts meet, no text
leaves the box it was drawn for (a button, a seat, a row, a paragraph's area) or the screen, and
no text runs over a button it does not belong to. Texts are compared by their ink (the pixels
drawn), so lines touching only by the empty space above their letters do not count; what a
clip hides does not count either.

The texts are seen through ``ui.widgets.recorder``. ``NAME_FIT_SHOTS=folder`` saves the first
frames of each screen there, to look at."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

import test_ui_tiletum as tiletum
import troyes_driver
from citadels_driver import Table, setup_lines
from conftest import play
from companion.names import MAX_NAME, name_problem
from ui import theme, widgets
from ui.geometry import HEIGHT, WIDTH
from ui.screens.base import Screen

WIDEST = "W"  # NanumGothic's widest letter: 24 W are 432 px at 17 px, 24 syllables 384 px
LATIN = tuple(first + WIDEST * (MAX_NAME - 1) for first in "WMGQODHN")
HANGUL = tuple(first + ("똠방각하" * 6)[1:] for first in "가나다라마바사아")
NAME_SETS = {"latin": LATIN, "hangul": HANGUL}
SCREEN = pygame.Rect(0, 0, WIDTH, HEIGHT)
SHOTS_PER_SCREEN = int(os.environ.get("NAME_FIT_SHOTS_EACH", "4"))


# --- what is checked ------------------------------------------------------------------------------

def ink(drawn: widgets.Drawn, clip: pygame.Rect | None) -> pygame.Rect:
    """Where a text's pixels are, as far as the canvas's ``clip`` (if any) lets them show."""
    where = drawn.surface.get_bounding_rect().move(drawn.rect.topleft)
    return where.clip(clip) if clip else where


def only_names_cut(text: str) -> bool:
    """Whether every "…" in ``text`` ends the start of a player's name (a name cut to fit is
    allowed: its seat or row still shows who; any other word left out is not)."""
    starts = [re.search(r"\w*$", piece).group() for piece in text.split(widgets.ELLIPSIS)[:-1]]
    return all(start and any(name.startswith(start) for name in LATIN + HANGUL)
               for start in starts)


def described(drawn: widgets.Drawn, where: pygame.Rect) -> str:
    return f"{drawn.text!r} at {tuple(where)}"


def frame_problems(drawn: list[tuple[widgets.Drawn, pygame.Rect | None]], buttons) -> list[str]:
    """What is wrong with one frame's texts (each with the canvas's clip, if any): a text
    smaller than a player reads across the table (issue 37), off the screen or out of its
    box, over a button it was not drawn for, or meeting another."""
    texts = [(d, ink(d, clip)) for d, clip in drawn if d.text.strip()]
    texts = [(d, where) for d, where in texts if where.width and where.height]
    solid = [b for b in buttons if b.visible and not b.bare]  # (a bare one: a die, a wedge)
    out = []
    for i, (d, where) in enumerate(texts):
        if d.size < theme.SMALL_SIZE:
            out.append(f"{described(d, where)} is {d.size} px, under {theme.SMALL_SIZE}")
        if d.cut and not only_names_cut(d.text):
            out.append(f"{described(d, where)} is cut short")
        if not SCREEN.contains(where):
            out.append(f"{described(d, where)} leaves the screen")
        if d.box is not None and not d.box.contains(where):
            out.append(f"{described(d, where)} leaves its box {tuple(d.box)}")
        for b in solid:
            if where.colliderect(b.rect) and not (d.box is not None and b.rect.contains(d.box)):
                out.append(f"{described(d, where)} runs over button {b.name!r}")
        for other, there in texts[i + 1:]:
            if where.colliderect(there):
                out.append(f"{described(d, where)} meets {described(other, there)}")
    return out


@dataclass
class Frames:
    """Every frame the screens draw (``watch``), checked: the problems found by screen, and the
    screens seen. ``skipped``: screens another test checks."""

    skipped: frozenset[str] = frozenset()
    shots: Path | None = None
    problems: dict[str, set[str]] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)
    _last: object = None

    def draw(self, screen: Screen, canvas: pygame.Surface, draw) -> None:
        """``draw(screen, canvas)`` with every text recorded, then checked."""
        drawn: list[tuple[widgets.Drawn, pygame.Rect | None]] = []

        def record(d: widgets.Drawn) -> None:
            if d.canvas is canvas:  # (not a die's letter on the die's own picture)
                clip = canvas.get_clip()
                drawn.append((d, clip if clip != SCREEN else None))

        before, widgets.recorder = widgets.recorder, record
        try:
            draw(screen, canvas)
        finally:
            widgets.recorder = before
        self.seen.add(screen.name)
        buttons = [b for b in screen.buttons if b.visible]
        frame = (screen.name, tuple((d.text, tuple(d.rect), clip and tuple(clip))
                                    for d, clip in drawn), tuple(tuple(b.rect) for b in buttons))
        if screen.name in self.skipped or frame == self._last:  # the same frame: checked
            return
        self._last = frame
        self.save(screen.name, canvas)
        for problem in frame_problems(drawn, buttons):
            self.problems.setdefault(screen.name, set()).add(problem)

    def save(self, name: str, canvas: pygame.Surface) -> None:
        if self.shots is None:
            return
        self.shots.mkdir(parents=True, exist_ok=True)
        n = sum(1 for _ in self.shots.glob(f"{name}-[0-9]*.png"))
        if n < SHOTS_PER_SCREEN:
            pygame.image.save(canvas, str(self.shots / f"{name}-{n}.png"))

    def report(self) -> str:
        lines = [f"{name}: {p}" for name, found in sorted(self.problems.items())
                 for p in sorted(found)]
        return f"{len(lines)} problems\n" + "\n".join(lines[:2000])


def watch(monkeypatch, skipped: frozenset[str] = frozenset()) -> Frames:
    """Check every frame a screen draws from now on."""
    shots = os.environ.get("NAME_FIT_SHOTS")
    found = Frames(skipped, Path(shots) if shots else None)
    draw = Screen.draw
    monkeypatch.setattr(Screen, "draw", lambda screen, canvas: found.draw(screen, canvas, draw))
    return found


SETUP_SCREENS = frozenset({"citadels-setup", "troyes-setup", "tiletum-setup",
                           "tiletum-festivals"})


@pytest.fixture
def frames(monkeypatch) -> Frames:
    """Every frame checked but the setup screens' (``test_the_setup_screens...`` has them)."""
    return watch(monkeypatch, SETUP_SCREENS)


def table_app(make_app, language: str, names: tuple[str, ...]):
    """An app whose roster is ``names`` (the names new games take), seeded like the tour."""
    app = make_app(language=language, roster=names)
    app.seeds = iter(range(5, 1_000_000))
    return app


def test_the_names_are_the_longest_the_entry_allows():
    for names in NAME_SETS.values():
        assert len(set(names)) == 8 and len({n[0] for n in names}) == 8
        assert all(len(n) == MAX_NAME and name_problem(n) is None for n in names)


def test_the_check_finds_texts_that_meet_leave_their_box_or_run_over_a_button(make_app):
    """The check itself: a name drawn over another, out of its seat, over a button; a text
    too small to read across the table."""
    app = make_app()
    canvas = pygame.Surface((WIDTH, HEIGHT))
    seat = pygame.Rect(100, 100, 84, 32)
    drawn: list[widgets.Drawn] = []
    widgets.recorder = drawn.append
    try:
        widgets.draw_text(canvas, app.fonts, LATIN[0], seat.center, anchor="center", box=seat)
        widgets.draw_text(canvas, app.fonts, LATIN[1], (100, 110))
        widgets.draw_fitted(canvas, app.fonts, LATIN[2], pygame.Rect(100, 200, 84, 32))
        widgets.draw_text(canvas, app.fonts, "ok", (10, 300))
        widgets.draw_text(canvas, app.fonts, "tiny", (10, 400), theme.SMALL_SIZE - 1)
    finally:
        widgets.recorder = None
    button = widgets.Button(pygame.Rect(0, 290, 60, 48), "", name="b")
    found = frame_problems([(d, None) for d in drawn], [button])
    assert any("leaves its box" in p and LATIN[0] in p for p in found)
    assert any(LATIN[0] in p and "meets" in p and LATIN[1] in p for p in found)
    assert any("'ok'" in p and "runs over button 'b'" in p for p in found)
    assert [p for p in found if "px, under" in p] == [
        f"'tiny' at {tuple(ink(drawn[-1], None))} is 17 px, under 18"]
    assert not any(LATIN[2] in p or widgets.ELLIPSIS in p for p in found)  # the fitted one


# --- the fit ---------------------------------------------------------------------------------

WIDTHS = (60, 84, 120, 200, 300, 450)
SIZES = (theme.SMALL_SIZE, theme.BODY_SIZE, theme.BIG_SIZE)


@pytest.mark.parametrize("name", [LATIN[1], HANGUL[1], "Alexandra-Catherine", "Bartholomew",
                                  "민수 Kim"])
def test_a_name_shrinks_to_the_floor_then_is_cut(fonts, name):
    """Whole at the largest size that holds it, never below the floor; below it, the longest
    start of the name that fits with "…" after it, at the floor."""
    for size in SIZES:
        for width in WIDTHS:
            line, fitted = widgets.fit_line(fonts, name, size, width)
            assert fonts.width(line, fitted) <= width, (name, size, width)
            assert fitted in widgets.shrink_sizes(size) and fitted >= theme.FLOOR_SIZE
            if line == name:
                larger = [s for s in widgets.shrink_sizes(size) if s > fitted]
                assert all(fonts.width(name, s) > width for s in larger)
                continue
            assert fitted == theme.FLOOR_SIZE and line.endswith(widgets.ELLIPSIS)
            kept = line[:-1]
            assert name.startswith(kept)
            longer = next(name[:k].rstrip() for k in range(len(kept) + 1, len(name) + 1)
                          if name[:k].rstrip() != kept) + widgets.ELLIPSIS
            assert fonts.width(longer, fitted) > width, (name, width, line)


def test_a_line_holding_a_name_keeps_the_rest_whole(fonts):
    name = HANGUL[0]
    for template in ("Pass to {}", "{} completed their city first · 3 rounds", "1. {}"):
        text = template.format(name)
        line, size = widgets.fit_line(fonts, text, theme.BODY_SIZE, 360, name=name)
        assert size == theme.FLOOR_SIZE and fonts.width(line, size) <= 360
        before, after = template.split("{}")
        assert line.startswith(before) and line.endswith(after) and widgets.ELLIPSIS in line


def test_a_button_holding_a_name_cuts_it_on_one_line(fonts):
    """A name too wide for its button even at the floor: one line, cut (not broken across
    lines); a label that fits keeps its words and lines."""
    lines, size = widgets.fit_label(fonts, LATIN[0], theme.BODY_SIZE, 150, 44, theme.FLOOR_SIZE)
    assert size == theme.FLOOR_SIZE and len(lines) == 1 and lines[0].endswith(widgets.ELLIPSIS)
    assert fonts.width(lines[0], size) <= 150
    assert widgets.fit_label(fonts, "2\nThief", theme.BODY_SIZE, 150, 56) == (("2", "Thief"),
                                                                              theme.BODY_SIZE)


def test_a_paragraph_naming_players_cuts_the_names_before_the_sentence(fonts):
    names = list(HANGUL[:4])
    text = "New turn order: " + ", ".join(f"{k}. {n}" for k, n in enumerate(names, 1)) + "."
    short = widgets.shorten_names(fonts, text, names, theme.SMALL_SIZE, 500, 50)
    assert short != text and short.startswith("New turn order: 1. ") and short.endswith(".")
    assert len(widgets.wrap(fonts, short, theme.SMALL_SIZE, 500)) * \
        fonts.get(theme.SMALL_SIZE).get_linesize() <= 50
    assert widgets.shorten_names(fonts, "Mina, Joon.", ["Mina", "Joon"], 17, 500, 50) == \
        "Mina, Joon."


def test_a_name_wider_than_a_line_is_cut_not_broken_across_two(fonts):
    """A paragraph that fits only by breaking a 24-letter name over two lines (the calling
    screen's "WWWW…W: which character does the Assassin kill?") has the name cut instead."""
    text = f"{LATIN[0]}: which character does the Assassin kill?"
    assert fonts.width(LATIN[0], theme.BODY_SIZE) > 430
    short = widgets.shorten_names(fonts, text, [LATIN[0]], theme.BODY_SIZE, 430, 200)
    name = short.split(":")[0]
    assert name.endswith(widgets.ELLIPSIS) and fonts.width(name, theme.BODY_SIZE) <= 430
    assert short.endswith(": which character does the Assassin kill?")


def test_text_shrinks_only_through_the_sizes_the_app_prepares():
    """Korean is drawn from pieces prepared at these sizes while idle (ui/prepare.py): a
    fitted name never needs a size drawn on the frame that shows it."""
    from ui.prepare import SYLLABLE_FONTS

    prepared = {size for size, bold in SYLLABLE_FONTS if not bold}
    for size in (theme.SMALL_SIZE, theme.BODY_SIZE, theme.BUTTON_SIZE, theme.BIG_SIZE):
        assert set(widgets.shrink_sizes(size)) <= prepared | {size}


def test_nothing_is_recorded_unless_a_test_asks():
    assert widgets.recorder is None


def font_files_open(app) -> int:
    paths = {app.fonts.regular_path, app.fonts.bold_path}
    return sum(1 for fd in Path("/proc/self/fd").iterdir()
               if fd.exists() and str(fd.resolve()) in paths)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")
def test_an_app_that_closes_lets_go_of_its_font_files(make_app):
    """pygame keeps a font's file open when the font outlives pygame: the fonts are let go of
    as it quits (the tests here make dozens of apps, each opening ~40 sizes). Counted against
    what the process had open before (an app of an earlier test in the same worker may not
    have been collected yet)."""
    import gc

    gc.collect()
    app = make_app(language="ko")
    app.finish_idle_work()
    before = font_files_open(app)  # (after the app: its paths are the ones counted)
    app.running = False
    app.close()
    gc.collect()
    after = font_files_open(app)
    assert before - after > 10


@pytest.mark.parametrize("players", range(2, 9))
def test_the_seats_round_the_table_never_touch(players):
    """Not even the crown holder's gold ring: seats are made narrower when the table is full."""
    from ui.screens.citadels import calling, draft
    from ui.screens.citadels.seatmap import RING, seat_rects

    for area, size in ((calling.MAP, calling.SEAT), (draft.MAP, (96, 36))):
        for widest in (size[0], 2 * size[0]):  # as wide as long names would need
            seats = seat_rects(area, players, size, widest)
            for i, seat in enumerate(seats):
                assert area.contains(seat) and seat.width <= widest
                for other in seats[i + 1:]:
                    assert not seat.inflate(RING, RING).colliderect(other), (area, players)


# --- the games ----------------------------------------------------------------------------------

def go(app, *lines: str) -> None:
    play(app, "\n".join(lines))


def walk(app, steps: dict[str, str], until: str, limit: int = 200) -> None:
    """Tap ``steps[screen]`` on whatever screen is on top until ``until`` is."""
    for _ in range(limit):
        if app.top.name == until:
            return
        go(app, steps[app.top.name])
    raise AssertionError(f"no {until!r}")


def history_detail(app, *then: str) -> None:
    """The newest finished game in History, its detail, and what ``then`` does there."""
    app.pop_to("home")
    go(app, "TAP @history", "EXPECT history")
    row = next(i for i, r in enumerate(app.top.games) if r.finished)
    go(app, f"TAP @row{row}", "EXPECT history-detail", *then)


CHARACTERS = {  # the ones that name players most: targets, the crown, tokens, the Queen, tax
    "latin": ("assassin", "blackmailer", "magician", "emperor", "bishop", "merchant",
              "architect", "warlord", "queen"),
    "hangul": ("magistrate", "thief", "wizard", "king", "abbot", "alchemist", "navigator",
               "diplomat", "tax_collector"),
}
CITADELS_SCORE = {"score-city": "TAP @next", "score-questions": "TAP @next",
                  "score-completion": "TAP @not-completed"}  # (a place, no districts)
CITADELS_SCREENS = {
    "citadels-picker", "draft-public", "gate", "draft-private", "draft-confirm", "wipe",
    "calling", "secret-tokens", "whoami", "own", "undo", "city", "round-summary", "game-over",
    "score-city", "score-questions", "score-completion", "score-characters", "score-results",
    "score-breakdown", "kept", "history", "history-detail", "bgstats"}


def citadels_game(app, names: str) -> None:
    """Eight players from the setup to History: the draft (its public screen too), the
    calling (a look at a character, an undo, a completed city), the round summaries, the end,
    the score entry from the game, the rounds in History; then a score sheet of 0 for all
    (a tie of eight), its results and breakdown, saved and opened from History."""
    setup_lines(app, 8, characters=CHARACTERS[names])
    go(app, "EXPECT gate", "BACK", "EXPECT draft-public", "TAP @pass", "EXPECT gate")
    table = Table(app, seed=3, complete_from=2, undo_rate=0.05)
    table.play(lambda app: app.top.name == "calling"
               and app.top.controller.calling_public().may_look)
    seat = app.top.controller.calling_public().may_look[-1]
    go(app, "TAP @check", "EXPECT whoami", f"TAP @seat{seat}", "HOLD @player", "EXPECT own",
       "OK", "EXPECT calling")
    table.play(lambda app: app.top.name == "calling" and app.top.controller.can_undo)
    go(app, "TAP @undo", "EXPECT undo", "TAP @keep", "TAP @city", "EXPECT city", "BACK")
    table.play()
    go(app, "TAP @score", "EXPECT score-city", "TAP @next", "EXPECT score-questions",
       "TAP @characters", "EXPECT score-characters", "TAP @done", "EXPECT score-questions")
    walk(app, CITADELS_SCORE, "score-results")
    app.pop_to("home")
    go(app, "TAP @kept", "EXPECT kept")
    history_detail(app, "TAP @rounds", "TAP @round-next", "TAP @summary")
    go(app, "BACK", "BACK", "TAP @citadels", "EXPECT citadels-setup")
    while app.top.players < 8:
        go(app, "TAP @more")
    go(app, "TAP @score")
    walk(app, CITADELS_SCORE, "score-results")
    go(app, "TAP @row1", "EXPECT score-breakdown", "BACK", "TAP @done", "EXPECT bgstats",
       "TAP @done", "EXPECT home")
    history_detail(app, "TAP @breakdown", "EXPECT score-results", "TAP @row8",
                   "EXPECT score-breakdown")


def citadels_quick_game(app) -> None:
    """Eight players of the classic quick game: the "City completed" screen before and after a
    completion (it names who completed), the end, the score entry (7 districts) and its
    results (the title says the quick game)."""
    setup_lines(app, 8, edition="classic", quick=True)
    table = Table(app, seed=3, complete_from=9)
    table.play(lambda app: app.top.name == "calling" and "city" in table.visible())
    go(app, "TAP @city", "EXPECT city", "TAP @seat1", "EXPECT calling", "TAP @city",
       "EXPECT city", "BACK")
    table.play()
    go(app, "TAP @score", "EXPECT score-city", "TAP @manor", "TAP @castle", "TAP @palace",
       "TAP @tab-religious", "TAP @temple", "TAP @church", "TAP @monastery", "TAP @cathedral")
    walk(app, CITADELS_SCORE, "score-results")
    assert app.top.data is not None, app.top.error


def citadels_theater_game(app) -> None:
    """The Theater (issue 36, item 3): 8 players, the owner and the partner named, both looks,
    the swap said on the first turn; then 2 players, the owner's card given behind the gate.
    On the way, the Magistrate's warrants (or none), 'No one' beside the targets, and the
    Magistrate's gate on a warrant."""
    setup_lines(app, 8, characters=CHARACTERS["hangul"], theater=True)
    table = Table(app, seed=4, complete_from=9)
    table.play("theater")
    go(app, "TAP @seat1", "TAP @seat8", "EXPECT gate", "HOLD @player", "EXPECT own", "TAP @done",
       "TAP @next", "HOLD @player", "TAP @done", "TAP @next", "EXPECT calling")
    table.play(lambda app: app.top.name == "calling" and "warrant-gate" in table.visible())
    go(app, "TAP @warrant-gate", "HOLD @player", "EXPECT warrant", "TAP @keep", "TAP @next")
    app.pop_to("home")
    setup_lines(app, 2, theater=True)
    Table(app, seed=4).play("theater")
    go(app, "TAP @seat2", "EXPECT gate", "HOLD @player", "EXPECT theater-give")
    go(app, f"TAP @{table.visible()[0]}", "TAP @confirm", "EXPECT own")


TROYES_SCREENS = {
    "troyes-board", "troyes-adjust", "troyes-citizens", "troyes-table", "troyes-event-entry",
    "troyes-log", "troyes-undo", "troyes-whoami", "gate", "troyes-own-vp", "troyes-score-entry",
    "score-results", "score-breakdown", "history-detail", "bgstats", "dice-audit"}


def troyes_quickly_to_the_end(app) -> None:
    """The rounds left: the event cards entered as prefilled, no black dice, each player
    passing at once."""
    from companion.troyes.state import ACTIONS, DEFENCE, EVENTS, INCOME, OVER

    c = app.top.controller
    while c.view().phase != OVER:
        phase = c.view().phase
        if phase == INCOME:
            go(app, "TAP @income")
        elif phase == EVENTS and c.view().asked:  # the cards revealed, as prefilled
            go(app, f"TAP @reveal-{c.view().asked[0]}", "EXPECT troyes-event-entry",
               "TAP @enter", "EXPECT troyes-board")
        elif phase == EVENTS:
            go(app, *["TAP @fewer"] * app.top.black_count, "TAP @roll")
        elif phase == DEFENCE:
            troyes_driver.defend_all(app)
        else:
            assert phase == ACTIONS
            go(app, "TAP @pass")


def troyes_game(app, names: str) -> None:
    """Four players from the setup to History: the placement, a correction, a whole round
    (event cards entered, a black die, the defence, actions), a look at one's VP (its line on
    the board), undo, the table and its log; the other rounds quickly; the final score, its
    results and breakdown, History."""
    troyes_driver.start(app, 4)
    go(app, "TAP @player1", "EXPECT troyes-adjust", "TAP @vp+5", "TAP @citizens",
       "EXPECT troyes-citizens", "TAP @done", "TAP @done", "EXPECT troyes-board")
    troyes_driver.play_round(app, troyes_driver.CARDS)
    go(app, "TAP @my-vp", "EXPECT troyes-whoami", "TAP @seat4", "EXPECT gate", "HOLD @player",
       "EXPECT troyes-own-vp", "TAP @done", "EXPECT troyes-board")
    go(app, "TAP @undo", "EXPECT troyes-undo", "TAP @keep", "TAP @table", "EXPECT troyes-table",
       "TAP @log", "EXPECT troyes-log", "BACK", "TAP @done", "EXPECT troyes-board")
    troyes_quickly_to_the_end(app)
    go(app, "TAP @score", "EXPECT troyes-score-entry",
       *["TAP @next"] * 4, "EXPECT score-results", "TAP @row1", "EXPECT score-breakdown",
       "BACK", "TAP @done", "EXPECT bgstats", "TAP @done", "EXPECT home")
    history_detail(app, "TAP @breakdown", "EXPECT score-results", "TAP @done",
                   "EXPECT history-detail", "TAP @dice", "EXPECT dice-audit")


TILETUM_SCREENS = {
    "tiletum-board", "tiletum-corruption", "tiletum-take", "tiletum-bonus", "tiletum-track",
    "tiletum-king", "tiletum-king-phase", "tiletum-festival", "tiletum-undo", "tiletum-order",
    "tiletum-score-entry", "score-results", "score-breakdown", "history-detail", "dice-audit"}


def tiletum_game(app, names: str) -> None:
    """Four players from the setup to History: the starting gold, a round with every screen of
    the board (a take turned onto the Joker for the King action, which moves the disc, and its
    undo question; a building's bonus, a King move, the track, undo, the king phase, the
    festival), the other rounds, the final score, results, History; and a game kept under rules
    2, whose new turn order the table taps in."""
    tiletum.setup_game(app, 4)
    go(app, "TAP @start", "EXPECT tiletum-board", "TAP @begin", "TAP @reveal", "TAP @ok")
    tiletum.joker_take(app)
    go(app, "TAP @cancel", "TAP @building", "EXPECT tiletum-bonus", "TAP @cancel")
    tiletum.king_take(app)
    go(app, "TAP @undo", "EXPECT tiletum-undo", "TAP @keep", "EXPECT tiletum-board")
    c = app.top.controller
    tiletum.king_move(app, c.view().order[-1], 3)
    go(app, "TAP @track", "EXPECT tiletum-track", "TAP @ok", "TAP @undo", "EXPECT tiletum-undo",
       "TAP @keep", "EXPECT tiletum-board")
    for _ in range(c.players - 1):
        tiletum.take_any(app)
    for _ in range(2):
        go(app, "TAP @reveal", "TAP @ok")
        for _ in range(c.players):
            tiletum.take_any(app)
    tiletum.king_phase(app)
    go(app, "TAP @festival", "EXPECT tiletum-festival")
    for _ in range(c.players):
        go(app, "TAP @count-more", "TAP @confirm")
    for _ in range(3):
        tiletum.play_round(app)
    go(app, "TAP @score", "EXPECT tiletum-score-entry", *["TAP @next"] * 4,
       "EXPECT score-results", "TAP @row1", "EXPECT score-breakdown", "BACK", "TAP @done")
    history_detail(app, "TAP @breakdown", "EXPECT score-results", "TAP @done",
                   "EXPECT history-detail", "TAP @dice", "EXPECT dice-audit")
    tiletum_rules_2(app)


def tiletum_rules_2(app) -> None:
    """A game kept under rules 2 (no king track): the table taps the new turn order."""
    from companion.tiletum.game import DEFAULT_FESTIVALS, config_for
    from companion.tiletum.wheel import corruption_tokens
    from ui.screens.tiletum.board import TiletumBoardScreen
    from ui.screens.tiletum.controller import TiletumController

    app.pop_to("home")
    config = config_for(4, range(1, 5), DEFAULT_FESTIVALS, corruption_tokens())
    c = TiletumController.create(app, {**config, "rules": 2, "names": list(app.config.roster)[:4]})
    app.push(TiletumBoardScreen(app, c))
    go(app, "TAP @begin")
    for _ in range(3):
        go(app, "TAP @reveal", "TAP @ok")
        for _ in range(c.players):
            tiletum.take_any(app)
    go(app, "TAP @order", "EXPECT tiletum-order", "TAP @seat2", "TAP @confirm",
       "EXPECT tiletum-order", "TAP @keep", "TAP @confirm", "EXPECT tiletum-board")


GAMES = {"citadels": (citadels_game, CITADELS_SCREENS), "troyes": (troyes_game, TROYES_SCREENS),
         "tiletum": (tiletum_game, TILETUM_SCREENS)}


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("names", sorted(NAME_SETS))
@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_screen_with_the_most_players_and_the_longest_names(make_app, frames, language,
                                                                  names, game):
    """Citadels with 8 players, Troyes and Tiletum with 4 (their most); every screen of the
    game seen, no frame with a problem."""
    play_game, screens = GAMES[game]
    play_game(table_app(make_app, language, NAME_SETS[names]), names)
    assert screens <= frames.seen, screens - frames.seen
    assert not frames.problems, frames.report()


@pytest.mark.parametrize("names", sorted(NAME_SETS))
@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_quick_game_with_the_most_players_and_the_longest_names(make_app, frames, language,
                                                                    names):
    """The classic quick game's own texts (issue 36, item 6) with 8 players."""
    citadels_quick_game(table_app(make_app, language, NAME_SETS[names]))
    assert {"city", "score-city", "score-results"} <= frames.seen
    assert not frames.problems, frames.report()


@pytest.mark.parametrize("names", sorted(NAME_SETS))
@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_theater_with_the_most_players_and_the_longest_names(make_app, frames, language,
                                                                 names):
    """The Theater's screens, the warrant's gate and the declining choices (issue 36) with 8
    players (and 2, for the card given)."""
    citadels_theater_game(table_app(make_app, language, NAME_SETS[names]))
    assert {"theater", "own", "warrant", "theater-give", "calling"} <= frames.seen
    assert not frames.problems, frames.report()


SEVEN = ["TAP @manor", "TAP @castle", "TAP @palace", "TAP @tab-religious", "TAP @temple",
         "TAP @church", "TAP @monastery", "TAP @cathedral"]


@pytest.mark.parametrize("names", sorted(NAME_SETS))
@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_score_entrys_questions_and_refusals_with_eight_long_names(make_app, frames,
                                                                       language, names):
    """Issue 37, item 3, with 8 players: a complete city asked its place (8 places), a place
    for a city too small asked about, the Haunted Quarter in two cities refused with a button
    to each city (those two marked), and the chooser behind the results' Edit."""
    app = table_app(make_app, language, NAME_SETS[names])
    go(app, "TAP @citadels", *["TAP @more"] * 4, "TAP @score", "EXPECT score-city",
       "TAP @tab-unique", "TAP @haunted_quarter", "TAP @next", "TAP @next", *SEVEN,
       "TAP @tab-unique", "TAP @haunted_quarter", "TAP @next", "TAP @next",
       "EXPECT score-completion", "TAP @place1", *["TAP @next", "TAP @next"] * 5,
       "TAP @next", "TAP @completed-more", "TAP @next", "EXPECT score-completion",
       "TAP @not-completed", "EXPECT score-results", "TAP @player2", "EXPECT score-city",
       "TAP @back", "EXPECT score-results", "TAP @player1", "TAP @tab-unique",
       "TAP @haunted_quarter", "TAP @next", "TAP @next", "EXPECT score-results", "TAP @edit",
       "EXPECT score-whose")
    assert {"score-completion", "score-results", "score-whose"} <= frames.seen
    assert not frames.problems, frames.report()


@pytest.mark.parametrize("names", sorted(NAME_SETS))
@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_citadels_screen_with_the_hub_notice_in_its_title_bar(make_app, frames,
                                                                    monkeypatch, language,
                                                                    names):
    """The "Seat hub not connected" notice (a lost hub: on every screen) takes the end of the
    title's room, which the title gives up: with 8 players and the longest names, no title
    meets it and it meets no button (issue 34: it once sat over the title, at 14 px)."""
    from ui.app import App

    monkeypatch.setattr(App, "title_notice", lambda app: app.t("notice.hub_off"))
    citadels_game(table_app(make_app, language, NAME_SETS[names]), names)
    assert CITADELS_SCREENS <= frames.seen
    assert not frames.problems, frames.report()


# --- the setup screens --------------------------------------------------------------------------

SETUPS = {  # each game's setup with its most players, a game kept (Continue names them)
    "citadels": ["TAP @citadels", *["TAP @more"] * 4, *["TAP @crown-next"] * 7,
                 "TAP @edition-classic", "TAP @quick", "TAP @start",
                 "EXPECT gate", "BACK", "TAP @leave", "EXPECT home", "TAP @citadels",
                 # the rulebook's sets, then one adapted to 2 players (a stand-in said)
                 "TAP @edition-2016", "TAP @sets", "EXPECT citadels-sets", "TAP @veni_vidi_vici",
                 "TAP @use", *["TAP @fewer"] * 6, "TAP @sets", "TAP @spies", "TAP @use",
                 "EXPECT citadels-setup"],
    "troyes": ["TAP @troyes", "TAP @more", "TAP @start", "EXPECT troyes-board", "BACK",
               "EXPECT home", "TAP @troyes", "TAP @first-next"],
    "tiletum": ["TAP @tiletum", "TAP @more", "TAP @rotate", "TAP @next",
                "EXPECT tiletum-festivals", "TAP @tile1", "EXPECT tiletum-tiles",
                "TAP @tile-contracts", "EXPECT tiletum-festivals", "TAP @start", "EXPECT tiletum-board", "BACK",
                "EXPECT home", "TAP @tiletum"],
}
SETUP_SEEN = {"citadels": {"citadels-setup", "citadels-sets", "gate", "home"},
              "troyes": {"troyes-setup", "troyes-board"},
              "tiletum": {"tiletum-setup", "tiletum-festivals", "tiletum-tiles", "tiletum-board"}}


@pytest.mark.parametrize("game", SETUPS)
@pytest.mark.parametrize("names", sorted(NAME_SETS))
@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_setup_screens_with_long_names(make_app, monkeypatch, language, names, game):
    found = watch(monkeypatch)
    app = table_app(make_app, language, NAME_SETS[names])
    go(app, *SETUPS[game])
    assert SETUP_SEEN[game] <= found.seen, SETUP_SEEN[game] - found.seen
    assert not found.problems, found.report()


GUIDED = {  # a new game with the fewest and the most players, to its set-up guide
    ("troyes", 2): ["TAP @troyes", "TAP @fewer", "TAP @start"],
    ("troyes", 4): ["TAP @troyes", "TAP @more", "TAP @start"],
    ("tiletum", 2): ["TAP @tiletum", "TAP @fewer", "TAP @next", "TAP @start"],
    ("tiletum", 4): ["TAP @tiletum", "TAP @more", "TAP @next", "TAP @start"],
}


@pytest.mark.parametrize("guided", sorted(GUIDED))
@pytest.mark.parametrize("names", sorted(NAME_SETS))
@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_step_of_the_setup_guides_with_long_names(make_app, monkeypatch, language, names,
                                                       guided):
    found = watch(monkeypatch)
    app = make_app(language=language, roster=NAME_SETS[names], setup_guide=True)
    go(app, *GUIDED[guided], "EXPECT setup-guide")
    while app.top.name == "setup-guide":
        go(app, "TAP @next")
    assert app.top.name == f"{guided[0]}-board" and "setup-guide" in found.seen
    assert not found.problems, found.report()


@pytest.mark.parametrize("names", sorted(NAME_SETS))
@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_player_list_the_keyboard_and_who_plays_with_long_names(make_app, monkeypatch,
                                                                    language, names):
    """Issue 20's own screens: the remembered players (the roster becomes the list), renaming
    one on the keyboard (the title names them), and choosing who plays, all 8 seated."""
    found = watch(monkeypatch)
    app = table_app(make_app, language, NAME_SETS[names])
    go(app, "TAP @settings", "TAP @players", "EXPECT players", "TAP @row0", "EXPECT keyboard",
       "TAP @key-cancel", "EXPECT players", "BACK", "BACK", "TAP @citadels", *["TAP @more"] * 4,
       "TAP @count", "EXPECT table-picker")
    assert len(app.top.chosen) == 8
    assert {"players", "keyboard", "table-picker", "citadels-setup"} <= found.seen
    assert not found.problems, found.report()


# --- the app's own screens ----------------------------------------------------------------------

def stored_games(app, names: tuple[str, ...]) -> None:
    """Finished games of the eight ``names`` for History and Statistics: Troyes and Tiletum
    score sheets (two each, a tie in one), and a Citadels game the device ran, scored."""
    from test_stats import citadels_game, score_sheet

    for k, kind in enumerate(("troyes-score", "troyes-score", "tiletum-score", "tiletum-score")):
        totals = {n: 30 + (i * 7 + k) % 11 for i, n in enumerate(names[:4 + k])}
        best = max(totals.values())
        score_sheet(app.store, kind, totals, [n for n, t in totals.items() if t == best])
    held = dict(zip(names, (["assassin"], ["thief"], ["magician"], ["king"], ["bishop"],
                            ["merchant"], ["architect"], ["warlord"])))
    citadels_game(app.store, held, totals={n: 20 + i for i, n in enumerate(names)},
                  winners=[names[-1]])


APP_SCREENS = {"home", "history", "ask", "history-detail", "stats", "settings",
               "tiletum-corruption-settings", "players", "keyboard", "usb-export", "hwtest",
               "about", "save-failed", "language"}


@pytest.mark.parametrize("names", sorted(NAME_SETS))
@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_apps_own_screens_with_long_names(make_app, monkeypatch, language, names):
    """Issue 37, item 11: Home (with a problem shown), History, every page of Statistics for
    every game, Settings and the screens it opens, a failed save and the first start's
    language question, with eight long names in the store."""
    from ui.screens.ask import SaveFailedScreen
    from ui.screens.language import LanguageScreen

    found = watch(monkeypatch)
    app = table_app(make_app, language, NAME_SETS[names])
    stored_games(app, NAME_SETS[names])
    app.notices.append(("notice.setting", {"setting": "private_timeout"}))
    go(app, "TAP @history", "EXPECT history", "TAP @side0", "EXPECT ask", "TAP @keep",
       "TAP @row0", "EXPECT history-detail", "BACK", "TAP @stats", "EXPECT stats")
    for game in ("all", "citadels", "troyes", "tiletum"):
        go(app, f"TAP @filter-{game}")
        for view in ("players", "scores", "characters", "dice"):
            go(app, f"TAP @view-{view}")
            while app.top.button("page-next").visible and app.top.button("page-next").enabled:
                before = app.top.page
                go(app, "TAP @page-next")
                if app.top.page == before:
                    break
    app.pop_to("home")
    go(app, "TAP @settings", "EXPECT settings", "TAP @corruption",
       "EXPECT tiletum-corruption-settings", "BACK", "TAP @players", "EXPECT players",
       "TAP @row0", "EXPECT keyboard", "TAP @key-cancel", "BACK", "TAP @usb",
       "EXPECT usb-export", "BACK", "TAP @hwtest", "EXPECT hwtest", "TAP @done",
       "TAP @about", "EXPECT about", "BACK")
    app.push(SaveFailedScreen(app, "conflict", retry=lambda: None))
    go(app, "EXPECT save-failed")
    app.push(LanguageScreen(app))
    go(app, "EXPECT language")
    assert APP_SCREENS <= found.seen, APP_SCREENS - found.seen
    assert not found.problems, found.report()


def screen_names() -> set[str]:
    """The name of every screen the app has (each module of ui/screens imported)."""
    import importlib
    import pkgutil

    import ui.screens

    for module in pkgutil.walk_packages(ui.screens.__path__, "ui.screens."):
        importlib.import_module(module.name)
    found, todo = set(), [Screen]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("ui."):  # (not a test's own game: tests/extra_game)
                found.add(sub.name)
            todo.append(sub)
    return found - {Screen.name}  # (the bases a screen is made from)


def test_every_screen_of_the_app_is_checked_by_one_of_these_tests():
    """A new screen is added to one of the walks above, or this fails."""
    checked = (CITADELS_SCREENS | TROYES_SCREENS | TILETUM_SCREENS | APP_SCREENS
               | set().union(*SETUP_SEEN.values())
               | {"theater", "theater-give", "warrant", "score-whose", "players", "keyboard",
                  "table-picker", "setup-guide"})
    assert screen_names() - checked == set()
