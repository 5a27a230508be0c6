"""Games in progress: every session that has not finished, kept side by side, reopened where
it stands; the one played last reopened after a restart; damaged ones set aside, never opened.

A "kept game" here is a ``StoredGame`` row (storage/store.py): listed without replaying it.
"""

from __future__ import annotations

import logging
from functools import partial

import pygame

from storage.store import DamagedSession, StoreError

from companion.games import scored_by_hand

from .. import registry, theme
from ..widgets import Button
from .base import BODY

log = logging.getLogger(__name__)


def game_name(app, row) -> str:
    entry = registry.entry_for_session(row.game)
    name = app.t(entry.title_key) if entry else row.game
    return app.t("kept.score_sheet", game=name) if scored_by_hand(row.game) else name


def when(row) -> str:
    """Last played, in the device's local time: ``2026-11-24 20:15`` (stored in UTC)."""
    return local_time(row.played_at)


def local_time(stamp: str) -> str:
    from datetime import datetime  # deferred: start-up time (the first frame lists no game)

    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        return str(stamp)[:16]
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def progress_text(app, row) -> str:
    p = row.progress
    if "round" in p:
        return app.t("kept.round", n=p["round"])
    if "entered" in p:
        return app.t("kept.entered", n=p["entered"], of=p.get("players", len(row.names)))
    return app.t("kept.not_started")


def describe(app, row, width: int) -> str:
    """A kept game's row: game · round · last played, and below it as many of the players as
    fit ``width`` px (or why the game is set aside)."""
    from .name_lists import fitted_names  # deferred: start-up time (the first frame lists none)

    if row.damaged:
        return app.t("kept.damaged_row", game=game_name(app, row), when=when(row))
    return app.t("kept.row", game=game_name(app, row), progress=progress_text(app, row),
                 names=fitted_names(app, row.names, width, theme.SMALL_SIZE), when=when(row))


def can_open(row) -> bool:
    entry = registry.entry_for_session(row.game)
    return not row.damaged and entry is not None and row.game in entry.openers


def open_kept(app, row) -> bool:
    """Put a kept game back on screen where it stands. One that cannot be read or replayed is
    marked damaged (kept on disk) and the table is told, with the choice to delete it."""
    if not can_open(row):
        if row.damaged:
            ask_delete(app, row)
        return False
    from companion.errors import RuleError  # deferred: start-up time (only a game reopened)

    try:
        session = app.store.load(row.session_id, resume=True)
        app.pop_to("home")
        registry.resolve(registry.entry_for_session(row.game).openers[row.game])(app, session)
    except (DamagedSession, RuleError, StoreError, KeyError, TypeError, ValueError) as exc:
        set_aside(app, row.session_id, exc)
        app.pop_to("home")
        return False
    log.info("reopened session %s (%s)", row.session_id, row.game)
    return True


def opening_rehearsals(app, rows) -> list:
    """Rehearsals (``Screen.rehearsals``) of reopening the first of ``rows`` (the kept game
    played last, which Continue reopens and the list shows first), where its game's registry
    entry has one (``rehearse``: Citadels' calling)."""
    row = rows[0] if rows else None
    entry = registry.entry_for_session(row.game) if row is not None else None
    if entry is None or entry.rehearse is None or row.game != entry.id or not can_open(row):
        return []
    return [partial(_rehearse_opening, app, row.session_id, entry.rehearse)]


def _rehearse_opening(app, session_id: int, rehearse: str, canvas: pygame.Surface) -> None:
    registry.resolve(rehearse)(app, app.store.load(session_id, resume=True), canvas)


def set_aside(app, session_id: int, exc: Exception) -> None:
    """Mark a session that cannot be reopened damaged and say so on the home banner."""
    reason = exc.reason if isinstance(exc, DamagedSession) else "replay"
    log.error("session %s set aside (%s: %s)", session_id, reason, type(exc).__name__)
    from companion.errors import RuleError  # deferred: start-up time (only a game set aside)

    app.store.mark_damaged(session_id, reason)
    if isinstance(exc, RuleError):
        app.notices.append(("notice.resume", {"error_code": exc.code, **exc.fields}))
    else:
        app.notices.append(("notice.resume_damaged", {}))


def resume_order(rows):
    """What a restart may reopen, best first: games in progress (and score sheets finishing a
    game the device ran) before score sheets of games played without it; each group most
    recently played first. Damaged rows are left out."""
    openable = [r for r in rows if can_open(r)]
    return sorted(openable, key=lambda r: r.game.endswith("-score") and r.game_session is None)


RESUME_CANDIDATES = 50
"""Kept games a restart considers, most recently played first (the list holds the others)."""


def resume_latest(app) -> bool:
    """After a restart: reopen the game played last (the next one if it cannot be); a game
    the list found damaged is said on the home banner."""
    rows = app.store.kept(limit=RESUME_CANDIDATES)
    if app.store.found_damaged:
        app.notices.append(("notice.resume_damaged", {}))
    for row in resume_order(rows):
        if open_kept(app, row):
            return True
    return False


def ask_delete(app, row, after=None) -> None:
    """Delete a stored game after asking, in words that say what will be lost."""
    from .ask import AskScreen  # deferred: start-up time (asked only on a tap)
    from .name_lists import names_text  # deferred: as above

    if row.finished:
        text = app.t("kept.delete_finished", game=game_name(app, row), when=when(row))
    elif row.damaged:
        text = app.t("kept.delete_damaged", game=game_name(app, row), when=when(row))
    else:
        text = app.t("kept.delete_kept", game=game_name(app, row),
                     progress=progress_text(app, row), names=names_text(app, row.names))

    def delete() -> None:
        app.store.delete(row.session_id)
        log.info("session %s deleted at the table", row.session_id)
        if after:
            after()

    app.push(AskScreen(app, app.t("kept.delete_title"), text, app.t("kept.keep"),
                       app.t("kept.delete"), delete))


class KeptButtons:
    """A setup screen's way back into its game's kept games: "Continue" (the one played last,
    with its players' names) and, when there are more, a button to the list of them all.
    Continue is the default (highlighted and focused, so OK continues) only when the kept game
    is this table's: the same players as the setup's (``screen.names()``), in any seat; else
    the setup's own start is. ``refresh`` on entering the screen (a game may have been kept or
    deleted since, the table changed)."""

    MORE_W = 120
    LABEL = theme.SMALL_SIZE  # px: read from the seats

    def __init__(self, screen, rect: pygame.Rect, game_id: str, vertical: bool = False):
        self.screen, self.app = screen, screen.app
        self.kinds = tuple(registry.entry(game_id).openers)
        self.rows: list = []
        if vertical:
            self.alone = pygame.Rect(rect.left, rect.top, rect.width, rect.height - 66)
            self.beside = self.alone
            more = pygame.Rect(rect.left, rect.bottom - 56, rect.width, 56)
        else:
            self.alone = pygame.Rect(rect)
            self.beside = pygame.Rect(rect.left, rect.top, rect.width - self.MORE_W - 8,
                                      rect.height)
            more = pygame.Rect(rect.right - self.MORE_W, rect.top, self.MORE_W, rect.height)
        self.button = screen.add(Button(self.alone, self.label, self.continue_newest,
                                        name="continue", selected=lambda: self.ours,
                                        size=self.LABEL, floor=theme.FLOOR_SIZE))
        self.more = screen.add(Button(more, lambda: self.app.t("kept.others", n=self.total),
                                      self.open_list, name="kept-list", size=theme.SMALL_SIZE))
        self.refresh()

    def label(self) -> str:
        """"Continue: round 3" over the players' names, as many as fit the button."""
        from .name_lists import fitted_names  # deferred: start-up time (a setup screen's only)

        if not self.rows:
            return ""
        row = self.rows[0]
        return self.app.t("kept.continue_at", progress=progress_text(self.app, row)) + "\n" + \
            fitted_names(self.app, row.names, self.button.rect.width - 16, self.LABEL)

    def rehearsals(self) -> list:
        """Continue's game reopened, rehearsed (``opening_rehearsals``)."""
        return opening_rehearsals(self.app, self.rows)

    def refresh(self) -> None:
        self.rows = [r for r in self.app.store.kept(self.kinds, limit=RESUME_CANDIDATES)
                     if can_open(r)]
        self.total = self.app.store.count(self.kinds, kept=True)
        self.button.visible = bool(self.rows)
        self.more.visible = self.total > 1
        self.button.rect = self.beside if self.more.visible else self.alone
        self.settle()

    def settle(self) -> None:
        """The focus on Continue when it is the default; never when the game is another
        table's (OK must not open it). After a change of the table too."""
        index = self.screen.buttons.index(self.button)
        if self.ours:
            self.screen.focus = index
        elif self.screen.focus == index:
            self.screen.focus = None

    @property
    def any(self) -> bool:
        return bool(self.rows)

    @property
    def ours(self) -> bool:
        """Whether the game Continue opens is this table's: the setup's players, in any seat."""
        from .name_lists import shown_names  # deferred: start-up time (a setup screen's only)

        return bool(self.rows) and sorted(shown_names(self.app, self.rows[0].names)) == \
            sorted(self.screen.names())

    def continue_newest(self) -> None:
        if self.rows:
            open_kept(self.app, self.rows[0])

    def open_list(self) -> None:
        self.app.stack[0].open_kept(self.kinds)  # home, never popped, opens the list


def add_start_row(screen, game_id: str, start_key: str, start_w: int, score_w: int,
                  gap: int = 10) -> KeptButtons:
    """A setup screen's bottom row, right to left: Start (highlighted unless Continue opens
    this table's game), Score only, then Continue and the other kept games in the room left."""
    row = pygame.Rect(BODY.left, BODY.bottom - 64, BODY.width, 64)
    start = pygame.Rect(row.right - start_w, row.top, start_w, row.height)
    score = pygame.Rect(start.left - gap - score_w, row.top, score_w, row.height)
    screen.add(Button(start, lambda: screen.t(start_key), screen.start, name="start",
                      selected=lambda: not kept.ours))
    screen.add(Button(score, lambda: screen.t("score.start"), screen.score_only, name="score",
                      size=theme.BODY_SIZE))
    kept = KeptButtons(screen, pygame.Rect(row.left, row.top, score.left - gap - row.left,
                                           row.height), game_id)
    return kept


def leave_game(app, game_id: str) -> None:
    """Home from a game's screen; the game is kept, and the table is told how to come back."""
    app.pop_to("home")
    app.say("kept.left", game=app.t(registry.entry_for_session(game_id).title_key))
