"""A final result, for any game: ranking with totals, a stacked bar per player by category, the
tie-break in one sentence; tap a player for the whole breakdown. Shown live after a score entry
(``controller``) and again from History (``data``, the stored JSON), so both look the same.

A game subclasses ``ResultsScreen`` with its ``categories``, ``colors``, ``points(player,
category)``, ``legend_key(category)`` and ``breakdown_screen(player, edit)``; it may add buttons
(``extra_items``) and name the players' ways back into the entry (``entry_key``, the chooser's
``whose_key``)."""

from __future__ import annotations

import pygame

from companion.errors import RuleError
from companion.records import places

from .. import theme
from ..widgets import Button, draw_fitted, draw_paragraph, draw_text, fit_title, grid
from .base import BODY, Screen
from .bgstats import BgStatsScreen
from .score_fix import EntryChoiceScreen, add_entry_buttons, entry_area
from .score_flow import open_entry

LEGEND_Y = BODY.top + 2
ROWS = pygame.Rect(BODY.left, BODY.top + 34, BODY.width, 262)
BAR_X = 300  # where the bars start with one column of rows (up to 5 players)
BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 56, BODY.width, 56)


def breakdown_title(screen: Screen, player: dict) -> str:
    """"NAME · 34 points", the name cut if the title bar needs it (every game's breakdown)."""
    name = str(player["name"])
    return fit_title(screen, screen.t("score.breakdown_title", name=name,
                                      total=player["total"]), name)


class ResultsScreen(Screen):
    name = "score-results"
    shows_back = False
    categories: tuple[str, ...] = ()
    colors: dict[str, tuple[int, int, int]] = {}
    entry_key = "score.open_entry"  # a button opening a player's entry ("{name}'s scores")
    whose_key = "score.whose_entry"  # the title of the chooser behind Edit

    def __init__(self, app, controller=None, data: dict | None = None):
        self.app, self.controller, self.error = app, controller, None
        self.refused: RuleError | None = None
        if controller is not None:
            data, self.error = self.compute()
        self.data = data
        super().__init__(app)

    # --- for subclasses ----------------------------------------------------------------------
    def points(self, player: dict, category: str) -> int:
        return player["breakdown"][category]

    def legend_key(self, category: str) -> str:
        raise NotImplementedError

    def breakdown_screen(self, player: dict, edit):
        raise NotImplementedError

    def extra_items(self) -> list[tuple]:
        """More buttons for a live result: (name, catalogue key, action, primary)."""
        return []

    # --- the result ------------------------------------------------------------------------
    def compute(self) -> tuple[dict | None, str | None]:
        """The live result as JSON, or the reason it cannot be scored (in the UI language)."""
        try:
            return self.controller.scores(), None
        except RuleError as exc:
            self.refused = exc
            return None, self.refusal(exc)

    def title(self) -> str:
        return self.t("score.results_title")

    def ranked(self) -> list[dict]:
        """The players, best first."""
        return [player for player, _ in self.placed()]

    def placed(self) -> list[tuple[dict, int]]:
        """(player, place), best first: players level on points share a place."""
        return places(self.data)

    def build(self) -> None:
        if self.data is not None:
            rows = self.ranked()
            for k, (rect, player) in enumerate(zip(self.row_rects(len(rows)), rows), 1):
                self.add(Button(rect, "", lambda p=player: self.open(p), name=f"row{k}",
                                size=theme.SMALL_SIZE))
        if self.controller is None:
            items = [("done", "common.back", self.app.pop, True)]
        elif self.data is None:
            self.build_ways_out()
            return
        else:
            items = [("edit", "score.edit", self.edit, False)] + self.extra_items() + [
                ("done", "score.save", self.save, True)]
        for rect, (name, key, action, primary) in zip(grid(BOTTOM, len(items), len(items), 12),
                                                      items):
            self.add(Button(rect, lambda k=key: self.t(k), action, name=name, selected=primary,
                            size=theme.BODY_SIZE))
        self.focus = len(self.buttons) - 1  # OK saves (or goes back from History)

    def build_ways_out(self) -> None:
        """A refused entry: a button to each player's entry, those the refusal names (whose
        entries would fix it) marked, the first of them focused (OK opens it)."""
        named = self.refused.fields.get("whose", ())
        add_entry_buttons(self, self.controller, self.entry_key,
                          entry_area(len(self.controller.names)), named)
        self.focus = next((i for i, b in enumerate(self.buttons) if b.warning),
                          len(self.buttons) - 1)

    def row_rects(self, count: int) -> list[pygame.Rect]:
        """One row per player, best first: one column up to 5 players, else two."""
        columns = 1 if count <= 5 else 2
        rows = -(-count // columns)
        height = min(52, (ROWS.height - 4 * (rows - 1)) // rows)
        width = (ROWS.width - 12 * (columns - 1)) // columns
        return [pygame.Rect(ROWS.left + (i // rows) * (width + 12),
                            ROWS.top + (i % rows) * (height + 4), width, height)
                for i in range(count)]

    def bar_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """Where a row's bar goes: right of the name and total with one column of rows; under
        them with two (the name keeps the column's whole width)."""
        if rect.width == ROWS.width:
            return pygame.Rect(BAR_X, rect.top + 8, rect.right - 10 - BAR_X, rect.height - 16)
        return pygame.Rect(rect.left + 10, rect.centery + 2, rect.width - 20,
                           rect.height // 2 - 8)

    def bar_left(self, rect: pygame.Rect) -> int:
        return self.bar_rect(rect).left

    def label_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """Where a row's place, name and total go: left of the bar, or above it."""
        bar = self.bar_rect(rect)
        if bar.left > rect.left + 10:
            return pygame.Rect(rect.left + 10, rect.top, bar.left - 14 - rect.left - 10,
                               rect.height)
        return pygame.Rect(rect.left + 10, rect.top + 2, rect.width - 20, bar.top - rect.top - 2)

    def open(self, player: dict) -> None:
        edit = None
        if self.controller is not None:  # a live result: this player's entry can be changed
            index = [p["name"] for p in self.data["players"]].index(player["name"])
            edit = lambda: self.edit(index)  # noqa: E731
        self.app.push(self.breakdown_screen(player, edit))

    def edit(self, index: int | None = None) -> None:
        """Player ``index``'s entry, or (Edit) the chooser of whose."""
        if index is None:
            self.app.push(EntryChoiceScreen(self.app, self.controller, self.whose_key,
                                            self.entry_key))
        else:
            open_entry(self.app, self.controller, index)

    def save(self) -> None:
        """Into History, then home with the game's code for BG Stats on top (Done goes
        home)."""
        self.controller.finish()
        self.app.pop_to("home")
        self.app.push(BgStatsScreen(self.app, self.app.store.play(self.controller.history_id)))

    def tie_sentence(self) -> str | None:
        code = self.data.get("tie_break_code")
        if not code:
            return None
        fields = dict(self.data.get("tie_break_fields") or {})
        fields["why"] = self.t(f"score.shared_{fields['reason']}") if "reason" in fields else ""
        return self.t(f"score.tie_{code}", **fields)

    # --- drawing ---------------------------------------------------------------------------
    def draw_overlay(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        if self.data is None:
            ways = entry_area(len(self.controller.names))
            draw_paragraph(canvas, fonts, self.t("score.cannot", error=self.error),
                           pygame.Rect(BODY.left, BODY.top + 20, BODY.width,
                                       ways.top - 16 - BODY.top - 20),
                           theme.BODY_SIZE, theme.WARNING, names=self.controller.names)
            return
        self.draw_legend(canvas)
        rows = self.placed()
        top = max((sum(max(0, self.points(p, c)) for c in self.categories) for p, _ in rows),
                  default=0) or 1
        winners = set(self.data["winners"])
        for rect, (player, place) in zip(self.row_rects(len(rows)), rows):
            won = player["name"] in winners
            color = theme.ACCENT if won else theme.TEXT
            label = self.label_rect(rect)
            total = draw_text(canvas, fonts, str(player["total"]), label.midright,
                              theme.BODY_SIZE, color, bold=True, anchor="midright", box=label)
            draw_fitted(canvas, fonts, f"{self.t('score.rank', n=place)} {player['name']}",
                        pygame.Rect(label.left, label.top, total.left - 12 - label.left,
                                    label.height),
                        theme.BODY_SIZE, color, bold=won, name=player["name"])
            self.draw_bar(canvas, self.bar_rect(rect), player, top)
        sentence = self.tie_sentence()
        if sentence:
            draw_paragraph(canvas, fonts, sentence,
                           pygame.Rect(BODY.left, BOTTOM.top - 52, BODY.width, 50),
                           theme.SMALL_SIZE, theme.TEXT_DIM,
                           names=[p["name"] for p in self.data["players"]])

    def draw_legend(self, canvas: pygame.Surface) -> None:
        """A swatch and a word for each colour: above the bars, or further left when the words
        are too long for that (a game with many categories, in English)."""
        fonts = self.app.fonts
        words = [self.t(self.legend_key(category)) for category in self.categories]
        width = sum(20 + fonts.width(w, theme.SMALL_SIZE) + 18 for w in words) - 18
        x = max(BODY.left, min(BAR_X, BODY.right - width))
        for category, word in zip(self.categories, words):
            pygame.draw.rect(canvas, self.colors[category], (x, LEGEND_Y + 6, 14, 14))
            label = draw_text(canvas, fonts, word, (x + 20, LEGEND_Y + 2), theme.SMALL_SIZE,
                              theme.TEXT_DIM)
            x = label.right + 18

    def draw_bar(self, canvas, bar: pygame.Rect, player: dict, top: int) -> None:
        """Gains stacked left to right in ``bar``, losses drawn over the end of it (thinner);
        each segment's points written in what shows of it, where they fit."""
        gains, losses, left = [], [], bar.left
        for category in self.categories:
            points = self.points(player, category)
            w = round(bar.width * points / top)
            if w > 0:
                gains.append((pygame.Rect(left, bar.top, w, bar.height), category, points))
                left += w
        for category in self.categories:
            points = self.points(player, category)
            w = min(round(bar.width * -points / top), left - bar.left)
            if w > 0:
                losses.append((pygame.Rect(left - w, bar.top + 6, w, bar.height - 12), category,
                               points))
                left -= w
        for segment, category, _ in gains + losses:
            pygame.draw.rect(canvas, self.colors[category], segment)
        for segment, _, points in gains:  # the part the losses leave uncovered
            self.draw_points(canvas, segment.clip(pygame.Rect(bar.left, bar.top,
                                                              left - bar.left, bar.height)),
                             points)
        for segment, _, points in losses:
            self.draw_points(canvas, segment, points)

    def draw_points(self, canvas, segment: pygame.Rect, points: int) -> None:
        """A segment's points, in it, if they fit."""
        fonts, text, size = self.app.fonts, str(points), theme.SMALL_SIZE
        if segment.width > max(24, fonts.width(text, size) + 6) and \
                fonts.get(size).get_ascent() <= segment.height:
            draw_text(canvas, fonts, text, segment.center, size, theme.ACCENT_TEXT,
                      anchor="center", box=segment)
