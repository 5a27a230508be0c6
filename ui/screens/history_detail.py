"""One stored game again, from History: the game, when, the players and the scores table with
the winner (Breakdown opens the game's results screen), or "Score now" for a game closed before
it was scored; the rounds page by page where the game's registry entry can show them
(``history_rounds``, e.g. ui/screens/citadels/history_rounds.py); Delete after asking.

Also the words History's rows are made of (``outcome_text``, ``short_names``), and the stored
names as they are drawn: a name that cannot be drawn becomes "Player N" everywhere."""

from __future__ import annotations

import logging

import pygame

from companion.errors import RuleError
from companion.names import drawable
from companion.records import places
from storage.store import DamagedSession, StoreError

from .. import registry, theme
from ..widgets import Button, clip, draw_fitted, draw_text, grid
from .base import BODY, Screen
from .bgstats import BgStatsScreen
from .dice_audit import DiceAuditScreen
from .kept import ask_delete, game_name, open_kept, progress_text, when
from .name_lists import shown_names

log = logging.getLogger(__name__)

INFO_Y = BODY.top + 16
BUTTONS = pygame.Rect(BODY.left, BODY.bottom - 56, BODY.width, 56)
CONTENT = pygame.Rect(BODY.left, BODY.top + 40, BODY.width, BUTTONS.top - BODY.top - 48)
SHORT_NAMES = 3  # names in a History row, then "+2"
SHORT_NAME_W = 110  # px of each (at the rows' size) before "…"
REPLAY_ERRORS = (DamagedSession, RuleError, StoreError, KeyError, TypeError, ValueError,
                 IndexError, AttributeError)


# --- names and words, shared with History's rows ---------------------------------------------

def name_map(app, row) -> dict[str, str]:
    """The stored names that cannot be drawn, each with the "Player N" drawn instead."""
    return {n: s for n, s in zip(row.names, shown_names(app, row.names)) if n != s}


def show_name(app, row, name, index: int | None = None) -> str:
    """One stored name as drawn (``index``: its place, 1-based, for a name not in the row's
    players)."""
    if isinstance(name, str) and drawable(name):
        return name
    mapped = name_map(app, row).get(name)
    return mapped or app.t("setup.seat_name", n=index if index is not None else "?")


def drawable_result(app, row, result: dict) -> dict:
    """The stored result with every top-level name field drawable (``winner`` may join several
    names with " & ")."""
    names = name_map(app, row)
    if not names:
        return result
    out = dict(result)
    for key, value in result.items():
        if isinstance(value, str):
            out[key] = " & ".join(names.get(part, part) for part in value.split(" & "))
    return out


def drawable_scores(app, row, data: dict) -> dict:
    """Stored scores with the players' names drawable (the same name mapped the same way in
    the players, the ranking and the winners)."""
    players = data.get("players") or []
    mapping = {p.get("name"): show_name(app, row, p.get("name"), i)
               for i, p in enumerate(players, 1)}
    if all(k == v for k, v in mapping.items()):
        return data
    out = dict(data)
    out["players"] = [{**p, "name": mapping.get(p.get("name"), p.get("name"))} for p in players]
    for key in ("ranking", "winners"):
        if isinstance(data.get(key), list):
            out[key] = [mapping.get(n, n) for n in data[key]]
    return out


def short_names(app, row) -> str:
    """The players in a few characters: "Mina, Joon, Sora +2" (names cut with "…")."""
    names = [clip(app.fonts, n, theme.SMALL_SIZE, SHORT_NAME_W)
             for n in shown_names(app, row.names)]
    text = ", ".join(names[:SHORT_NAMES])
    if len(names) > SHORT_NAMES:
        text = app.t("history.more_names", names=text, n=len(names) - SHORT_NAMES)
    return text


def outcome_text(app, row) -> str:
    """How a stored game stands: damaged, in progress (how far), left unfinished, the winner,
    or what its registry entry says (Citadels: who completed a city first)."""
    if row.damaged:
        return app.t("history.damaged")
    if not row.finished:
        return app.t("history.in_progress", progress=progress_text(app, row))
    result = drawable_result(app, row, dict(row.result or {}))
    entry = registry.entry_for_session(row.game)
    if result.get("abandoned"):
        return app.t("history.abandoned")
    if result.get("winner"):
        return app.t("history.winner", name=result["winner"])
    if entry and entry.history_row:
        return registry.resolve(entry.history_row)(app.t, result)
    return app.t("history.no_winner")


# --- the detail ------------------------------------------------------------------------------

class HistoryDetailScreen(Screen):
    """One finished (or not reopenable) stored game: the summary (players, scores, winner) and,
    where the game can show them, its rounds one page at a time."""

    name = "history-detail"

    def __init__(self, app, row):
        self.row = row
        self.entry = registry.entry_for_session(row.game)
        result = row.result or {}
        self.scores = result.get("scores") if isinstance(result.get("scores"), dict) else None
        self.showing = "summary"  # or "rounds"
        self.page = 0
        self.problem = ""
        self.rounds, self.rounds_failed = self.load_rounds(app)
        self._play: tuple | None = None  # (the BG Stats play or None,), once read
        super().__init__(app)

    def load_rounds(self, app):
        """The game's rounds as pages (None when it has none); ``failed`` when its stored steps
        cannot be replayed."""
        if self.entry is None or not self.entry.history_rounds or self.row.damaged:
            return None, False
        try:
            session = app.store.load(self.row.session_id)
            return registry.resolve(self.entry.history_rounds)(app, session), False
        except REPLAY_ERRORS as exc:
            log.warning("session %s: rounds cannot be shown (%s)", self.row.session_id,
                        type(exc).__name__)
            return None, True

    def title(self) -> str:
        return game_name(self.app, self.row)

    # --- buttons ------------------------------------------------------------------------------
    def build(self) -> None:
        summary = []
        if self.rounds is not None:
            summary.append(("rounds", "history.rounds", self.show_rounds, False))
        if self.scores is not None and self.entry and self.entry.results:
            summary.append(("breakdown", "history.breakdown", self.breakdown, True))
        elif self.can_score_later():
            summary.append(("score", "history.score_now", self.score_now, True))
        if self.is_play():
            summary.append(("bgstats", "history.bgstats", self.bgstats, False))
        if self.has_dice():
            summary.append(("dice", "dice.button", self.dice, False))
        summary.append(("delete", "kept.delete", self.delete, False))
        self.summary_buttons = self.add_row(summary)
        self.round_buttons = self.add_row([
            ("round-prev", "history.prev", lambda: self.turn(-1), False),
            ("summary", "history.summary", self.show_summary, False),
            ("round-next", "history.next", lambda: self.turn(1), False)]) \
            if self.rounds is not None else []
        self.show_summary()

    def add_row(self, items) -> list[Button]:
        buttons = []
        for rect, (name, key, action, primary) in zip(
                grid(BUTTONS, len(items), len(items), 12), items):
            buttons.append(self.add(Button(rect, lambda k=key: self.t(k), action, name=name,
                                           selected=primary, warning=name == "delete",
                                           size=theme.BODY_SIZE)))
        return buttons

    def _show(self, showing: str, focus: str) -> None:
        self.showing = showing
        for b in self.summary_buttons:
            b.visible = showing == "summary"
        for b in self.round_buttons:
            b.visible = showing == "rounds"
        if showing == "rounds":
            self.button("round-prev").enabled = self.page > 0
            self.button("round-next").enabled = self.page < self.rounds.count - 1
        names = [b.name for b in self.buttons]
        self.focus = names.index(focus) if focus in names else None
        self.app.dirty = True

    def show_summary(self) -> None:
        first = next((b.name for b in self.summary_buttons if b.name != "delete"), "delete")
        self._show("summary", "rounds" if self.showing == "rounds" else first)

    def show_rounds(self) -> None:
        self._show("rounds", "round-next" if self.rounds.count > 1 else "summary")

    def turn(self, step: int) -> None:
        self.page = max(0, min(self.page + step, self.rounds.count - 1))
        focus = self.buttons[self.focus].name if self.focus is not None else "summary"
        self._show("rounds", focus if self.button(focus).enabled or focus == "summary"
                   else "summary")

    def on_back(self) -> None:
        if self.showing == "rounds":
            self.show_summary()
        else:
            self.app.pop()

    # --- what the buttons do ------------------------------------------------------------------
    def can_score_later(self) -> bool:
        """A game the device ran, closed without its scores (not one left unfinished), whose
        game can enter them later."""
        row, entry = self.row, self.entry
        result = row.result or {}
        return bool(row.finished and not row.damaged and entry is not None and entry.score_later
                    and row.game == entry.id and self.scores is None
                    and not result.get("abandoned"))

    def is_play(self) -> bool:
        """A finished game with its players, which BG Stats can log (not one left
        unfinished)."""
        row = self.row
        return bool(row.finished and not row.damaged and row.names
                    and not (row.result or {}).get("abandoned"))

    def has_dice(self) -> bool:
        """A finished game the device rolled dice for (its result keeps them)."""
        return bool(self.row.finished and not self.row.damaged
                    and isinstance((self.row.result or {}).get("dice"), dict))

    def dice(self) -> None:
        try:
            session = self.app.store.load(self.row.session_id)
        except REPLAY_ERRORS as exc:
            log.warning("session %s: dice cannot be shown (%s)", self.row.session_id,
                        type(exc).__name__)
            self.problem = self.t("dice.cannot")
            self.app.dirty = True
            return
        self.app.push(DiceAuditScreen(self.app, self.row, session))

    def found_play(self):
        """The game as a BG Stats play (read once)."""
        if self._play is None:
            self._play = (self.app.store.play(self.row.session_id),)
        return self._play[0]

    def bgstats(self) -> None:
        self.app.push(BgStatsScreen(self.app, self.found_play()))

    def rehearsals(self) -> list:
        """The BG Stats screen as it first shows (its texts laid out, the play read)."""
        if not self.is_play():
            return []
        return [lambda canvas: BgStatsScreen(self.app, self.found_play(), make=False)
                .draw(canvas)]

    def breakdown(self) -> None:
        screen = registry.resolve(self.entry.results)
        self.app.push(screen(self.app, data=drawable_scores(self.app, self.row, self.scores)))

    def score_now(self) -> None:
        """The score entry of this game: the one begun already (kept), else a new one linked to
        the game, so finishing it puts the scores on this row."""
        begun = next((r for r in self.app.store.kept()
                      if r.game_session == self.row.session_id and not r.damaged), None)
        if begun is not None and open_kept(self.app, begun):
            return
        try:
            session = self.app.store.load(self.row.session_id)
            registry.resolve(self.entry.score_later)(self.app, session)
        except REPLAY_ERRORS as exc:
            log.warning("session %s: cannot be scored (%s)", self.row.session_id,
                        type(exc).__name__)
            self.problem = self.t("history.cannot_score")
            self.app.dirty = True

    def delete(self) -> None:
        ask_delete(self.app, self.row, self.app.pop)

    # --- drawing ------------------------------------------------------------------------------
    def info_text(self) -> str:
        parts = [when(self.row)]
        rounds = (self.row.result or {}).get("rounds")
        if self.row.finished and isinstance(rounds, int) and rounds > 0:
            parts.append(self.t("history.rounds_played", n=rounds))
        parts.append(outcome_text(self.app, self.row))
        return "  ·  ".join(parts)

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        draw_text(canvas, fonts, clip(fonts, self.info_text(), theme.BODY_SIZE, BODY.width),
                  (BODY.left, INFO_Y), theme.BODY_SIZE, theme.TEXT_DIM, anchor="midleft")
        if self.showing == "rounds":
            self.draw_rounds(canvas)
            return
        area = CONTENT
        notes = [n for n in (self.problem, self.t("history.rounds_lost")
                             if self.rounds_failed else "") if n]
        if self.scores is None:
            notes.insert(0, self.t("history.not_scored_hint") if self.can_score_later()
                         else self.t("history.not_scored"))
        note_h = 30 * len(notes)
        table = pygame.Rect(area.left, area.top, area.width, area.height - note_h)
        if self.scores is not None:
            self.draw_scores(canvas, table)
        else:
            self.draw_players(canvas, table)
        y = area.bottom - note_h
        for note in notes:
            color = theme.WARNING if note == self.problem else theme.TEXT_DIM
            draw_text(canvas, fonts, clip(fonts, note, theme.SMALL_SIZE, area.width),
                      (area.left, y + 15), theme.SMALL_SIZE, color, anchor="midleft")
            y += 30

    def draw_scores(self, canvas: pygame.Surface, rect: pygame.Rect) -> None:
        """The ranking: place (shared by players level on points), name, total; the winners
        in gold."""
        fonts, data = self.app.fonts, drawable_scores(self.app, self.row, self.scores)
        ranked = places(data)
        winners = set(data.get("winners") or [])
        columns = 1 if len(ranked) * 32 <= rect.height else 2
        per_column = -(-len(ranked) // columns)
        row_h = min(38, rect.height // max(per_column, 1))
        width = (rect.width - 16 * (columns - 1)) // columns
        size = theme.BODY_SIZE if row_h >= 32 else theme.SMALL_SIZE
        ranks = [self.t("score.rank", n=place) for _, place in ranked]
        name_x = 12 + max((fonts.width(r, size) for r in ranks), default=0) + 12
        for i, ((player, _), rank) in enumerate(zip(ranked, ranks)):
            col, line = divmod(i, per_column)
            cell = pygame.Rect(rect.left + col * (width + 16), rect.top + line * row_h, width,
                               row_h - 4)
            won = player.get("name") in winners
            pygame.draw.rect(canvas, theme.PANEL, cell, border_radius=8)
            if won:
                pygame.draw.rect(canvas, theme.ACCENT, cell, 2, border_radius=8)
            color = theme.ACCENT if won else theme.TEXT
            draw_text(canvas, fonts, rank, (cell.left + 12, cell.centery), size, color,
                      anchor="midleft", box=cell)
            total = str(player.get("total", ""))
            tag = self.t("history.winner_tag") if won else ""
            right = draw_text(canvas, fonts, total, (cell.right - 12, cell.centery), size, color,
                              bold=True, anchor="midright", box=cell)
            if tag:
                right = draw_text(canvas, fonts, tag, (right.left - 14, cell.centery),
                                  theme.SMALL_SIZE, theme.ACCENT, anchor="midright", box=cell)
            room = right.left - 14 - (cell.left + name_x)
            draw_fitted(canvas, fonts, str(player.get("name", "")),
                        pygame.Rect(cell.left + name_x, cell.top, room, cell.height), size,
                        color, bold=won)

    def draw_players(self, canvas: pygame.Surface, rect: pygame.Rect) -> None:
        """The players in seat order (no scores to rank them by)."""
        fonts = self.app.fonts
        names = shown_names(self.app, self.row.names)
        if not names:
            return
        columns = 1 if len(names) <= 4 else 2
        per_column = -(-len(names) // columns)
        row_h = min(38, rect.height // per_column)
        width = (rect.width - 16 * (columns - 1)) // columns
        for i, name in enumerate(names):
            col, line = divmod(i, per_column)
            cell = pygame.Rect(rect.left + col * (width + 16), rect.top + line * row_h, width,
                               row_h - 4)
            pygame.draw.rect(canvas, theme.PANEL, cell, border_radius=8)
            draw_text(canvas, fonts, self.t("history.place", n=i + 1),
                      (cell.left + 12, cell.centery), theme.BODY_SIZE, theme.TEXT_DIM,
                      anchor="midleft", box=cell)
            draw_fitted(canvas, fonts, name, pygame.Rect(cell.left + 56, cell.top,
                                                         cell.width - 68, cell.height),
                        theme.BODY_SIZE)

    def draw_rounds(self, canvas: pygame.Surface) -> None:
        fonts, pages = self.app.fonts, self.rounds
        if not pages.count:
            draw_text(canvas, fonts, self.t("history.no_rounds"), CONTENT.center,
                      theme.BODY_SIZE, theme.TEXT_DIM, anchor="center")
            return
        draw_text(canvas, fonts, pages.title(self.page), (CONTENT.left, CONTENT.top + 14),
                  theme.BODY_SIZE, theme.ACCENT, bold=True, anchor="midleft")
        pages.draw(canvas, pygame.Rect(CONTENT.left, CONTENT.top + 32, CONTENT.width,
                                       CONTENT.height - 32), self.page)
