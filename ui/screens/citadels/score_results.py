"""The result: ranking with totals, a stacked bar per player by category, the tie-break in one
sentence; tap a player for the whole breakdown. Shown live after entry and again from History
(it draws the stored JSON, so both look the same)."""

from __future__ import annotations

import pygame

from companion.citadels.districts import district
from companion.citadels.scoring import ScoringError, result_json

from ... import theme
from ...widgets import Button, draw_paragraph, draw_text, grid
from ..base import BODY, Screen

CATEGORIES = ("districts", "five_types", "completion", "unique")
COLORS = {"districts": (86, 140, 200), "five_types": (160, 120, 210),
          "completion": theme.LIT, "unique": theme.ACCENT}
LEGEND_Y = BODY.top + 2
ROWS = pygame.Rect(BODY.left, BODY.top + 34, BODY.width, 262)
BAR_X = 300  # where the bars start with one column of rows (up to 5 players)
BAR_OFFSET_TWO_COLUMNS = 170
BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 56, BODY.width, 56)


def category_points(player: dict, category: str) -> int:
    b = player["breakdown"]
    return b["unique"]["total"] if category == "unique" else b[category]


class ResultsScreen(Screen):
    """From a live entry (``controller``) or a stored result (``data``). Other games subclass
    it with their own categories, result and breakdown."""

    name = "score-results"
    shows_back = False
    categories = CATEGORIES
    colors = COLORS

    def __init__(self, app, controller=None, data: dict | None = None):
        self.app, self.controller, self.error = app, controller, None
        if controller is not None:
            data, self.error = self.compute()
        self.data = data
        super().__init__(app)

    def compute(self) -> tuple[dict | None, str | None]:
        """The live result as JSON, or the reason it cannot be scored."""
        try:
            return result_json(self.controller.result()), None
        except ScoringError as exc:
            return None, self.explain(exc)

    def legend_key(self, category: str) -> str:
        return f"score.cat_{category}"

    def points(self, player: dict, category: str) -> int:
        return category_points(player, category)

    def breakdown_screen(self, player: dict, edit):
        return BreakdownScreen(self.app, player, self.data["edition"], edit)

    def title(self) -> str:
        return self.t("score.results_title")

    def explain(self, exc: ScoringError) -> str:
        """The problem in the UI language (the engine's English sentence if it has no code)."""
        if exc.code is None:
            return str(exc)
        fields = dict(exc.fields)
        if "district" in fields:
            fields["district"] = district(self.controller.edition, fields["district"]).name(
                self.app.language)
        return self.t(f"score.error_{exc.code}", **fields)

    def ranked(self) -> list[dict]:
        by_name = {p["name"]: p for p in self.data["players"]}
        return [by_name[n] for n in self.data["ranking"]]

    def build(self) -> None:
        if self.data is not None:
            rows = self.ranked()
            for place, (rect, player) in enumerate(zip(self.row_rects(len(rows)), rows), 1):
                self.add(Button(rect, "", lambda p=player: self.open(p), name=f"row{place}",
                                size=theme.SMALL_SIZE))
        if self.controller is None:
            items = [("done", "common.back", self.app.pop, True)]
        else:
            items = [("edit", "score.edit", self.edit, False)]
            if self.offers_faq():
                items.append(("faq", "score.faq_off" if self.controller.faq_tiebreak
                              else "score.faq_on", self.toggle_faq, False))
            if self.data is not None:
                items.append(("done", "score.save", self.save, True))
        for rect, (name, key, action, primary) in zip(grid(BOTTOM, len(items), len(items), 12),
                                                      items):
            self.add(Button(rect, lambda k=key: self.t(k), action, name=name, selected=primary,
                            size=theme.BODY_SIZE))
        self.focus = len(self.buttons) - 1  # OK saves (or goes back from History)

    def row_rects(self, count: int) -> list[pygame.Rect]:
        """One row per player, best first: one column up to 5 players, else two."""
        columns = 1 if count <= 5 else 2
        rows = -(-count // columns)
        height = min(52, (ROWS.height - 4 * (rows - 1)) // rows)
        width = (ROWS.width - 12 * (columns - 1)) // columns
        return [pygame.Rect(ROWS.left + (i // rows) * (width + 12),
                            ROWS.top + (i % rows) * (height + 4), width, height)
                for i in range(count)]

    def bar_left(self, rect: pygame.Rect) -> int:
        return BAR_X if rect.width == ROWS.width else rect.left + BAR_OFFSET_TWO_COLUMNS

    def offers_faq(self) -> bool:
        """Classic ties: the rulebook has no tie-break; the published FAQ's may be used."""
        if self.controller is None or self.data is None:
            return False
        code = self.data.get("tie_break_code")
        return self.data.get("edition") == "classic" and (
            code in ("faq_value", "faq_gold") or (code == "shared" and self.data[
                "tie_break_fields"].get("reason") in ("classic", "all_equal")))

    def toggle_faq(self) -> None:
        self.controller.faq_tiebreak = not self.controller.faq_tiebreak
        self.app.replace(type(self)(self.app, self.controller))

    def open(self, player: dict) -> None:
        edit = None
        if self.controller is not None:  # a live result: this player's entry can be changed
            index = [p["name"] for p in self.data["players"]].index(player["name"])
            edit = lambda: self.edit(index)  # noqa: E731
        self.app.push(self.breakdown_screen(player, edit))

    def edit(self, index: int = 0) -> None:
        from ..score_flow import open_entry

        open_entry(self.app, self.controller, index)

    def save(self) -> None:
        self.controller.finish(self.controller.result())
        self.app.pop_to("home")

    def tie_sentence(self) -> str | None:
        code = self.data.get("tie_break_code")
        if not code:
            return None
        fields = dict(self.data.get("tie_break_fields") or {})
        fields["why"] = self.t(f"score.shared_{fields['reason']}") if "reason" in fields else ""
        return self.t(f"score.tie_{code}", **fields)

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        if self.data is None:
            draw_paragraph(canvas, fonts, self.t("score.cannot", error=self.error),
                           pygame.Rect(BODY.left, BODY.top + 20, BODY.width, 200),
                           theme.BODY_SIZE, theme.WARNING)
            return
        x = BAR_X
        for category in self.categories:  # the legend: a swatch and a word for each colour
            pygame.draw.rect(canvas, self.colors[category], (x, LEGEND_Y + 6, 14, 14))
            label = draw_text(canvas, fonts, self.t(self.legend_key(category)),
                              (x + 20, LEGEND_Y + 2), theme.SMALL_SIZE, theme.TEXT_DIM)
            x = label.right + 18
        rows = self.ranked()
        top = max((sum(max(0, self.points(p, c)) for c in self.categories) for p in rows),
                  default=0) or 1
        winners = set(self.data["winners"])
        for place, (rect, player) in enumerate(zip(self.row_rects(len(rows)), rows), 1):
            color = theme.ACCENT if player["name"] in winners else theme.TEXT
            draw_text(canvas, fonts, f"{place}. {player['name']}", (rect.left + 10,
                                                                    rect.centery),
                      theme.BODY_SIZE, color, bold=player["name"] in winners, anchor="midleft")
            left = self.bar_left(rect)
            draw_text(canvas, fonts, str(player["total"]), (left - 14, rect.centery),
                      theme.BODY_SIZE, color, bold=True, anchor="midright")
            width = rect.right - 10 - left
            for category in self.categories:  # gains stacked left to right
                points = self.points(player, category)
                w = round(width * points / top)
                if w <= 0:
                    continue
                segment = pygame.Rect(left, rect.top + 8, w, rect.height - 16)
                self.draw_segment(canvas, segment, self.colors[category], points)
                left += w
            for category in self.categories:  # losses drawn over the end of the bar
                points = self.points(player, category)
                w = min(round(width * -points / top), left - self.bar_left(rect))
                if w > 0:
                    segment = pygame.Rect(left - w, rect.top + 14, w, rect.height - 28)
                    self.draw_segment(canvas, segment, self.colors[category], points)
                    left -= w
        sentence = self.tie_sentence()
        if sentence:
            draw_paragraph(canvas, fonts, sentence,
                           pygame.Rect(BODY.left, BOTTOM.top - 52, BODY.width, 50),
                           theme.SMALL_SIZE, theme.TEXT_DIM)


    def draw_segment(self, canvas, segment: pygame.Rect, color, points: int) -> None:
        pygame.draw.rect(canvas, color, segment)
        if segment.width > 24:
            draw_text(canvas, self.app.fonts, str(points), segment.center, theme.SMALL_SIZE - 2,
                      theme.ACCENT_TEXT, anchor="center")


class BreakdownScreen(Screen):
    """One player's points, line by line, so anyone can check them."""

    name = "score-breakdown"

    def __init__(self, app, player: dict, edition: str, on_edit=None):
        self.player, self.edition, self.on_edit = player, edition, on_edit
        super().__init__(app)

    def build(self) -> None:
        if self.on_edit is not None:
            self.add(Button(pygame.Rect(BODY.right - 220, BODY.bottom - 56, 220, 56),
                            lambda: self.t("score.edit"), self.on_edit, name="edit",
                            size=theme.BODY_SIZE))

    def title(self) -> str:
        return self.t("score.breakdown_title", name=self.player["name"],
                      total=self.player["total"])

    def lines(self) -> list[str]:
        b, t = self.player["breakdown"], self.t
        out = [t("score.line_districts", n=b["districts"], decorations=b["decorations"]),
               t("score.line_five_types", n=b["five_types"]),
               t("score.line_completion", n=b["completion"]),
               t("score.line_unique", n=b["unique"]["total"])]
        for item in b["unique"]["districts"]:
            out.append("    " + t("score.line_district", name=self.district_name(
                item["district"]), n=item["points"]))
        if b.get("haunted_as"):
            out.append(t("score.line_haunted", type=t(f"score.type_{b['haunted_as']}")))
        out.append(t("score.line_count", n=b["city_count"]))
        return out

    def district_name(self, district_id: str) -> str:
        return district(self.edition, district_id).name(self.app.language)

    def draw_body(self, canvas: pygame.Surface) -> None:
        y = BODY.top + 8
        for line in self.lines():
            draw_text(canvas, self.app.fonts, line, (BODY.left, y), theme.BODY_SIZE)
            y += 34
