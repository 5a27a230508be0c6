"""Citadels' result: the generic results screen (ui/screens/results.py) with Citadels'
categories, the published FAQ's tie-break on offer for classic ties, district names in refusals,
and a breakdown that lists every unique district's points."""

from __future__ import annotations

import pygame

from companion.citadels.districts import district

from ... import theme
from ...widgets import Button, draw_text
from ..base import BODY, Screen
from ..results import ResultsScreen, breakdown_title

CATEGORIES = ("districts", "five_types", "completion", "unique")
COLORS = {"districts": (86, 140, 200), "five_types": (160, 120, 210),
          "completion": theme.LIT, "unique": theme.ACCENT}


def category_points(player: dict, category: str) -> int:
    b = player["breakdown"]
    return b["unique"]["total"] if category == "unique" else b[category]


class CitadelsResultsScreen(ResultsScreen):
    """From a live entry (``controller``) or a stored result (``data``)."""

    categories = CATEGORIES
    colors = COLORS
    entry_key, whose_key = "score.open_city", "score.whose_city"

    def title(self) -> str:
        """Says when the classic quick game is scored (7 districts complete a city)."""
        quick = (self.data or {}).get("quick") is True or (
            self.controller is not None and self.controller.quick)
        return self.t("score.results_quick" if quick else "score.results_title")

    def legend_key(self, category: str) -> str:
        return f"score.cat_{category}"

    def points(self, player: dict, category: str) -> int:
        return category_points(player, category)

    def breakdown_screen(self, player: dict, edit):
        return BreakdownScreen(self.app, player, self.data["edition"], edit)

    def error_fields(self, error) -> dict:
        """A district in a refusal said by its printed name in the UI language."""
        fields = dict(error.fields)
        if "district" in fields:
            fields["district"] = district(self.controller.edition, fields["district"]).name(
                self.app.language)
        return fields

    def extra_items(self) -> list[tuple]:
        if not self.offers_faq():
            return []
        return [("faq", "score.faq_off" if self.controller.tiebreak else "score.faq_on",
                 self.toggle_faq, False)]

    def offers_faq(self) -> bool:
        """Classic ties: the rulebook has no tie-break; the published FAQ's may be used."""
        if self.controller is None or self.data is None:
            return False
        code = self.data.get("tie_break_code")
        return self.data.get("edition") == "classic" and (
            code in ("faq_value", "faq_gold") or (code == "shared" and self.data[
                "tie_break_fields"].get("reason") in ("classic", "all_equal")))

    def toggle_faq(self) -> None:
        self.controller.use_tiebreak(not self.controller.tiebreak)
        self.app.replace(type(self)(self.app, self.controller))


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
        return breakdown_title(self, self.player)

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
