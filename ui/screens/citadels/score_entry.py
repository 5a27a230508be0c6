"""Entering the cities for final scoring: per player, the districts tapped on a grid (one tab
per type, cheapest first), then only the questions that city needs; each player is stored when
confirmed, so a restart resumes at the player being entered."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from companion.citadels.catalogue import character
from companion.citadels.districts import TYPES, district
from companion.citadels.scoring import PlayerCity, city_count, in_one_city

from ... import theme
from ...widgets import Button, draw_paragraph, draw_text, fit_title, grid, row_cells, wrap
from ..base import BODY, Screen
from ..score_flow import back_to_previous, open_entry
from .cells import flow_by_need, label_need
from .picker import RankGridScreen
from .score_completion import CompletionScreen

if TYPE_CHECKING:
    from .score_controller import CitadelsScoreController

TABS = pygame.Rect(BODY.left, BODY.top, 116, 280)
GRID = pygame.Rect(TABS.right + 12, BODY.top, BODY.right - TABS.right - 12, 280)
CARD_GAP = 6  # px between the districts' cells
DECOR_ROW = 52  # px: a row of the districts the Artist may have decorated
BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 56, BODY.width, 56)
SUMMARY = pygame.Rect(BODY.left, GRID.bottom + 6, BODY.width, BOTTOM.top - 4 - GRID.bottom - 6)


class EntryScreen(Screen):
    """A step of one player's entry; the player being entered is kept by the controller (the
    steps share it, none writes into another)."""

    def __init__(self, app, controller: CitadelsScoreController, index: int):
        self.controller, self.index = controller, index
        super().__init__(app)

    @property
    def player(self) -> PlayerCity:
        return self.controller.editing(self.index)

    @player.setter
    def player(self, value: PlayerCity) -> None:
        self.controller.edit(self.index, value)

    def add_row(self, items) -> None:
        """The bottom row: (name, label key, action, primary)."""
        for rect, (name, key, action, primary) in zip(grid(BOTTOM, len(items), len(items), 12),
                                                      items):
            self.add(Button(rect, lambda k=key: self.label(k), action, name=name,
                            selected=primary, size=theme.BODY_SIZE))

    def label(self, key: str) -> str:
        if key == "score.characters":  # says who they were, once known
            names = ", ".join(character(self.controller.edition, c).name(self.app.language)
                              for c in self.player.characters)
            return self.t(key, names=names or self.t("score.unknown"))
        return self.t(key)


class CityGridScreen(EntryScreen):
    """Tap a district to add it or take it out; hold to add one more copy (Quarry)."""

    name = "score-city"
    shows_back = False

    def __init__(self, app, controller, index):
        self.tab = "noble"
        super().__init__(app, controller, index)

    def title(self) -> str:
        name = self.player.name
        return fit_title(self, self.t("score.city_title", name=name, n=self.index + 1,
                                      of=len(self.controller.players)), name)

    def build(self) -> None:
        self.buttons = []
        for rect, kind in zip(grid(TABS, len(TYPES), 1, 8), TYPES):
            self.add(Button(rect, lambda k=kind: self.tab_label(k), lambda k=kind: self.show(k),
                            name=f"tab-{kind}", selected=lambda k=kind: self.tab == k,
                            size=theme.BODY_SIZE))
        cards = self.controller.catalogue(self.tab)
        for rect, d in zip(self.card_cells(cards), cards):
            self.add(Button(rect, lambda d=d: self.card_label(d), lambda d=d: self.toggle(d.id),
                            on_hold=lambda d=d: self.add_copy(d.id), name=d.id,
                            selected=lambda d=d: d.id in self.player.city,
                            size=theme.SMALL_SIZE))
        self.add_row([("back", "score.back", self.back, False),
                      ("clear", "score.clear", self.clear, False),
                      ("next", "score.next", self.next, True)])

    def tab_label(self, kind: str) -> str:
        n = sum(1 for i in self.player.city if district(self.controller.edition, i).type == kind)
        label = self.t(f"score.type_{kind}")
        return f"{label} ({n})" if n else label

    def card_cells(self, cards) -> list[pygame.Rect]:
        """A tab's cells: a grid of equal cells where every name fits its cell whole, else
        rows of cells each as wide as its name needs (the 2016 unique districts in English),
        in the same number of rows."""
        columns = 6 if len(cards) > 12 else 3 if len(cards) > 4 else 2
        cells = grid(GRID, len(cards), columns, CARD_GAP)
        fonts = self.app.fonts
        needs = [label_need(fonts, self.card_label(d, copies=False)) for d in cards]
        if all(need <= cell.width for need, cell in zip(needs, cells)):
            return cells
        return flow_by_need(GRID, needs, -(-len(cards) // columns), CARD_GAP) or cells

    def card_label(self, d, copies: bool = True) -> str:
        """Name over cost, as the card prints them (no mark for a fact the seed rulebooks do
        not print: districts.json flags those for the developers, not for the table); the
        copies in this city after the cost (a copy added never widens the name's line)."""
        count = self.player.city.count(d.id) if copies else 1
        return f"{d.name(self.app.language)}\n{d.cost}" + (f" · ×{count}" if count > 1 else "")

    def show(self, kind: str) -> None:
        self.tab = kind
        self.build()
        self.focus = None

    def rehearsals(self) -> list:
        """The other tabs (a tab's first frame fits up to 30 district names to their cells)."""
        return [partial(self._tab_drawn, kind) for kind in TYPES if kind != self.tab]

    def _tab_drawn(self, kind: str, canvas: pygame.Surface) -> None:
        other = CityGridScreen(self.app, self.controller, self.index)
        other.show(kind)
        other.draw(canvas)

    def _set_city(self, city) -> None:
        """The city changed; what went with a district taken out goes too (its decoration,
        the Haunted City's last round, the cards under the Museum: asked only with it)."""
        city = tuple(city)
        self.player = replace(self.player, city=city, decorated=tuple(
            i for i in self.player.decorated if i in city),
            built_last_round=tuple(i for i in self.player.built_last_round if i in city),
            museum=self.player.museum if "museum" in city else 0)

    def toggle(self, district_id: str) -> None:
        city = list(self.player.city)
        if district_id in city:
            city.remove(district_id)
        else:
            city.append(district_id)
        self._set_city(city)

    def add_copy(self, district_id: str) -> None:
        edition = self.controller.edition
        if self.player.city.count(district_id) < in_one_city(edition, district(edition,
                                                                               district_id)):
            self._set_city(self.player.city + (district_id,))

    def clear(self) -> None:
        self._set_city(())

    def back(self) -> None:
        """To the previous player's city, or home (the entry is kept) from the first."""
        back_to_previous(self)

    on_back = back

    def next(self) -> None:
        self.app.push(QuestionsScreen(self.app, self.controller, self.index))

    def draw_body(self, canvas: pygame.Surface) -> None:
        draw_paragraph(canvas, self.app.fonts, self.summary(), SUMMARY, theme.SMALL_SIZE,
                       theme.TEXT_DIM)

    def summary(self) -> str:
        """The city so far: how many districts count toward completion and their names, or
        how to enter them; only the count where the names are more than its lines hold."""
        c, fonts = self.controller, self.app.fonts
        built = [district(c.edition, i) for i in self.player.city]
        names = ", ".join(c.district_name(i) for i in self.player.city) or (
            self.t("score.empty") + " · " + self.t("score.hint"))
        text = self.t("score.summary", n=city_count(built), size=c.city_size, names=names)
        room = SUMMARY.height // fonts.get(theme.SMALL_SIZE).get_linesize()
        if len(wrap(fonts, text, theme.SMALL_SIZE, SUMMARY.width)) <= room:
            return text
        return self.t("score.summary_count", n=city_count(built), size=c.city_size)


class QuestionsScreen(EntryScreen):
    """Only what this city needs: completion place, gold, cards, the crown, decorations..."""

    name = "score-questions"
    shows_back = False

    def title(self) -> str:
        name = self.player.name
        return fit_title(self, self.t("score.questions_title", name=name), name)

    def questions(self) -> list[tuple[str, str]]:
        """(field, kind) for each question this player must answer; kind 'count' or 'yes'."""
        city, edition = set(self.player.city), self.controller.edition
        out = [("completed", "place")]
        for district_id, field_name in (("imperial_treasury", "gold"), ("map_room", "hand"),
                                        ("museum", "museum")):
            if district_id in city:
                out.append((field_name, "count"))
        if edition == "classic":  # gold breaks a tie after district value (the FAQ's rule)
            out.append(("gold", "count"))
        if "statue" in city:
            out.append(("crown", "yes"))
        if edition == "2016":
            out.append(("secret_vault", "yes"))
        if "haunted_city" in city:
            out.append(("built_last_round", "yes"))
        return out

    def build(self) -> None:
        cells = grid(pygame.Rect(BODY.left, BODY.top + 4, BODY.width, 180), 6, 2, 8)
        for cell, (field_name, kind) in zip(cells, self.questions()):
            stepper = pygame.Rect(cell.right - 210, cell.top, 210, cell.height)
            minus, value, plus = row_cells(stepper, (56, None, 56), 6)
            if kind == "yes":
                self.add(Button(stepper, lambda f=field_name: self.value_text(f),
                                lambda f=field_name: self.flip(f), name=field_name,
                                selected=lambda f=field_name: self.value(f) is True,
                                size=theme.BODY_SIZE))
                continue
            self.add(Button(minus, "-", lambda f=field_name: self.step(f, -1),
                            name=f"{field_name}-less", size=theme.BUTTON_SIZE))
            self.add(Button(value, lambda f=field_name: self.value_text(f), None,
                            name=f"{field_name}-value", size=theme.BODY_SIZE))
            self.add(Button(plus, "+", lambda f=field_name: self.step(f, 1),
                            name=f"{field_name}-more", size=theme.BUTTON_SIZE))
        self.cells = dict(zip([q for q, _ in self.questions()], cells))
        self.decor_top = max(c.bottom for c in self.cells.values()) + 6
        if self.controller.decorations and self.player.city:
            kinds = sorted(set(self.player.city), key=self.player.city.index)
            for rect, district_id in zip(self.decoration_cells(kinds), kinds):
                self.add(Button(rect, lambda i=district_id: self.controller.district_name(i),
                                lambda i=district_id: self.decorate(i), name=f"decor-{district_id}",
                                selected=lambda i=district_id: i in self.player.decorated,
                                size=theme.SMALL_SIZE))
        last = self.index == len(self.controller.players) - 1
        row = [("back", "score.to_city", self.back_to_city, False)]
        if self.controller.edition == "2016":  # the tie-break looks at final-round characters
            row.append(("characters", "score.characters", self.pick_characters, False))
        row.append(("next", "score.results" if last else "score.next_player", self.confirm,
                    True))
        self.add_row(row)

    def decoration_cells(self, kinds) -> list[pygame.Rect]:
        """The city's districts to mark decorated, below the questions: on as few rows as
        hold their names whole (each as wide as its name needs, wrapped at its spaces)."""
        fonts, c = self.app.fonts, self.controller
        top = self.decor_top + fonts.get(theme.SMALL_SIZE).get_linesize() + 4
        area = pygame.Rect(BODY.left, top, BODY.width, BOTTOM.top - 8 - top)
        needs = [label_need(fonts, c.district_name(i), height=DECOR_ROW) for i in kinds]
        for rows in range(1, (area.height + 8) // (DECOR_ROW + 8) + 1):
            region = pygame.Rect(area.left, area.top, area.width, rows * (DECOR_ROW + 8) - 8)
            cells = flow_by_need(region, needs, rows, 8)
            if cells is not None:
                return cells
        return grid(area, len(kinds), min(len(kinds), 7), 8)

    def back_to_city(self) -> None:
        """Back to the districts, keeping the answers given here."""
        self.app.pop()

    on_back = back_to_city

    def pick_characters(self) -> None:
        self.app.push(FinalCharactersScreen(self.app, self.controller, self.index))

    def value(self, field_name: str):
        if field_name == "built_last_round":
            return "haunted_city" in self.player.built_last_round
        return getattr(self.player, field_name)

    def value_text(self, field_name: str) -> str:
        value = self.value(field_name)
        if field_name == "completed":
            return self.t("score.not_completed") if value is None else self.t(
                "score.place", n=value)
        if isinstance(value, bool):
            return self.t("score.yes" if value else "score.no")
        return str(value)

    def step(self, field_name: str, delta: int) -> None:
        value = self.value(field_name)
        if field_name == "completed":
            places = [None] + list(range(1, len(self.controller.players) + 1))
            value = places[(places.index(value) + delta) % len(places)]
        else:
            value = max(0, value + delta)
        self.player = replace(self.player, **{field_name: value})

    def flip(self, field_name: str) -> None:
        if field_name == "built_last_round":
            late = () if self.value(field_name) else ("haunted_city",)
            self.player = replace(self.player, built_last_round=late)
        else:
            self.player = replace(self.player, **{field_name: not self.value(field_name)})

    def decorate(self, district_id: str) -> None:
        decorated = list(self.player.decorated)
        if district_id in decorated:
            decorated.remove(district_id)
        else:
            decorated.append(district_id)
        self.player = replace(self.player, decorated=tuple(decorated))

    def confirm(self) -> None:
        """Store this player and go on to the next one (or the results); a completion place
        that disagrees with the districts is asked about first."""
        problem = self.controller.completion_problem(self.index)
        if problem is not None:
            self.app.push(CompletionScreen(self.app, self.controller, self.index, problem))
            return
        self.controller.save(self.index)
        open_entry(self.app, self.controller)

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        for field_name, cell in self.cells.items():
            key = "gold_faq" if field_name == "gold" and self.controller.edition == "classic" \
                else field_name
            draw_paragraph(canvas, fonts, self.t(f"score.ask_{key}"),
                           pygame.Rect(cell.left, cell.top + 4, cell.width - 220,
                                       cell.height), theme.SMALL_SIZE)
        if self.controller.decorations and self.player.city:
            draw_text(canvas, fonts, self.t("score.ask_decorated"),
                      (BODY.left, self.decor_top), theme.SMALL_SIZE, theme.TEXT_DIM)


class FinalCharactersScreen(RankGridScreen):
    """The character(s) a player held in the last round (the 2016 tie-break): one, or two with
    2-3 players."""

    name = "score-characters"

    def __init__(self, app, controller: CitadelsScoreController, index: int):
        self.controller, self.index = controller, index
        self.limit = 2 if len(controller.players) <= 3 else 1
        self.chosen = list(controller.editing(index).characters)
        super().__init__(app, controller.edition)

    def title(self) -> str:
        name = self.controller.editing(self.index).name
        return fit_title(self, self.t("score.characters_title", name=name), name)

    def is_selected(self, rank: int, cid) -> bool:
        return cid in self.chosen

    def choose(self, rank: int, cid) -> None:
        if cid in self.chosen:
            self.chosen.remove(cid)
            return
        self.chosen.append(cid)
        del self.chosen[:-self.limit]  # the oldest choice gives way

    def done(self) -> None:
        player = self.controller.editing(self.index)
        self.controller.edit(self.index, replace(player, characters=tuple(self.chosen)))
        self.app.pop()
