"""A new Tiletum game: players and the first turn order, then the four festivals (the tile
drawn for each and the VP printed on it and on the board beside it)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.rng import Rng
from companion.tiletum.setup_guide import steps as guide_steps
from companion.tiletum.game import DEFAULT_FESTIVALS, festival_tiles, round_the_table
from companion.tiletum.wheel import ROUNDS, START_GOLD

from ... import theme
from ...widgets import Button, draw_fitted, draw_paragraph, draw_text, grid, row_cells
from ..base import BODY, Screen
from ..kept import KeptButtons
from .. import setup_guide
from ..score_flow import open_entry
from ..setup_table import TableSetup
from .board import TiletumBoardScreen
from .controller import TiletumController
from .labels import tile_text
from .score import TiletumScoreController

ROW_H = 56
BOTTOM = pygame.Rect(BODY.left, BODY.bottom - 60, BODY.width, 60)


class TiletumSetupScreen(TableSetup, Screen):
    """Players (the last game's table first) and the first turn order: round the table from a
    player (Rotate), or from a first player drawn at random (Shuffle, as the rulebook's setup
    does)."""

    name = "tiletum-setup"
    game_id, low, high = "tiletum", 2, 4

    def __init__(self, app):
        self.app = app
        self.open_table(3)
        self.order = list(range(1, self.players + 1))
        super().__init__(app)

    def title(self) -> str:
        return self.t("tiletum.setup_title")

    def build(self) -> None:
        t = self.t
        area = pygame.Rect(BODY.left + 220, BODY.top + 10, BODY.width - 220, ROW_H)
        for rect, (name, label, action) in zip(row_cells(area, (60, None, 60), 10), (
                ("fewer", "-", lambda: self.set_players(-1)),
                ("count", self.table_label, self.choose_players),
                ("more", "+", lambda: self.set_players(1)))):
            self.add(Button(rect, label, action, name=name, size=theme.BODY_SIZE))
        area = pygame.Rect(BODY.left + 220, BODY.top + 10 + ROW_H + 12, BODY.width - 220, ROW_H)
        for rect, (name, key, action) in zip(grid(area, 2, 2, 10), (
                ("rotate", "tiletum.rotate", self.rotate),
                ("shuffle", "tiletum.shuffle", self.shuffle))):
            self.add(Button(rect, lambda k=key: t(k), action, name=name, size=theme.BODY_SIZE))
        for rect, (name, key, action, primary) in zip(grid(BOTTOM, 2, 2, 12), (
                ("score", "score.start", self.score_only, False),
                ("next", "tiletum.to_festivals", self.next, lambda: not self.kept.ours))):
            self.add(Button(rect, lambda k=key: t(k), action, name=name, selected=primary,
                            size=theme.BODY_SIZE))
        top = BODY.top + 2 * (ROW_H + 12) + 16
        self.kept = KeptButtons(self, pygame.Rect(BODY.left, top, 204, BOTTOM.top - 10 - top),
                                "tiletum", vertical=True)

    def on_enter(self) -> None:
        self.kept.refresh()

    def set_players(self, step: int) -> None:
        self.set_count(self.players + step)

    def count_changed(self) -> None:
        self.order = list(range(1, self.players + 1))

    def rotate(self) -> None:
        """The next player starts (the order round the table is kept)."""
        self.order = self.order[1:] + self.order[:1]

    def shuffle(self) -> None:
        """A first player drawn at random, the others round the table from them (the
        rulebook's setup: "첫 번째 플레이어를 결정합니다 ... 시계방향으로 다음 플레이어가 두 번째
        플레이어가 됩니다")."""
        first = Rng(self.app.new_seed()).choice(range(1, self.players + 1))
        self.order = list(round_the_table(first, self.players))

    def next(self) -> None:
        self.remember()
        self.app.push(FestivalSetupScreen(self.app, self.players, tuple(self.order),
                                          self.names()))

    def score_only(self) -> None:
        """Final scoring of a game played without the device."""
        open_entry(self.app, TiletumScoreController.new(self.app, self.names()))

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts, names = self.app.fonts, self.names()
        for row, key in enumerate(("tiletum.players", "tiletum.order")):
            draw_text(canvas, fonts, self.t(key),
                      (BODY.left, BODY.top + 10 + row * (ROW_H + 12) + ROW_H // 2),
                      theme.BODY_SIZE, anchor="midleft")
        y = BODY.top + 2 * (ROW_H + 12) + 20
        for place, seat in enumerate(self.order):
            gold = self.t("tiletum.start_gold", n=START_GOLD[place])
            name = names[seat - 1]
            draw_fitted(canvas, fonts, self.t("tiletum.order_line", n=place + 1, name=name,
                                              gold=gold),
                        pygame.Rect(BODY.left + 220, y, BODY.width - 220, 34), theme.BODY_SIZE,
                        anchor="topleft", name=name)
            y += 34


class FestivalSetupScreen(Screen):
    """Festival 1 is in Tiletum; 2-4 in the cities holding those order tokens. For each: the
    tile (tap to choose), the board's VP beside it and the tile's VP."""

    name = "tiletum-festivals"

    def __init__(self, app, players: int, order: tuple[int, ...], names: list[str]):
        self.players, self.order, self.player_names = players, order, names
        self.festivals = list(DEFAULT_FESTIVALS)
        super().__init__(app)

    def title(self) -> str:
        return self.t("tiletum.festivals_title")

    def row(self, i: int) -> pygame.Rect:
        return pygame.Rect(BODY.left, BODY.top + 26 + i * 76, BODY.width, 68)

    def build(self) -> None:
        for i in range(ROUNDS):
            row = self.row(i)
            self.add(Button(pygame.Rect(row.left + 96, row.top, 330, row.height),
                            lambda i=i: tile_text(self.app, self.festivals[i].tile),
                            lambda i=i: self.choose_tile(i), name=f"tile{i + 1}",
                            size=theme.SMALL_SIZE))
            for left, field_name in ((row.left + 438, "board_vp"), (row.left + 608, "tile_vp")):
                self.add_stepper(pygame.Rect(left, row.top + 6, 160, row.height - 12),
                                 f"{field_name}{i + 1}",
                                 lambda i=i, f=field_name: getattr(self.festivals[i], f),
                                 lambda d, i=i, f=field_name: self.step(i, f, d))
        for rect, (name, key, action, primary) in zip(grid(BOTTOM, 2, 2, 12), (
                ("random", "tiletum.random_tiles", self.random_tiles, False),
                ("start", "tiletum.start", self.start, True))):
            self.add(Button(rect, lambda k=key: self.t(k), action, name=name, selected=primary,
                            size=theme.BODY_SIZE))

    def step(self, i: int, field_name: str, delta: int) -> None:
        value = max(0, min(20, getattr(self.festivals[i], field_name) + delta))
        self.festivals[i] = replace(self.festivals[i], **{field_name: value})

    def choose_tile(self, i: int) -> None:
        self.app.push(TilePickerScreen(self.app, self, i))

    def set_tile(self, i: int, tile: str) -> None:
        """``tile`` for festival ``i``; if another festival had it, the two swap."""
        for k, f in enumerate(self.festivals):
            if f.tile == tile and k != i:
                self.festivals[k] = replace(f, tile=self.festivals[i].tile)
        self.festivals[i] = replace(self.festivals[i], tile=tile)

    def random_tiles(self) -> None:
        """Four different tiles drawn at random (the table then lays those)."""
        drawn = Rng(self.app.new_seed()).shuffle(list(festival_tiles()))[:ROUNDS]
        self.festivals = [replace(f, tile=tile) for f, tile in zip(self.festivals, drawn)]

    def start(self) -> None:
        controller = TiletumController.new(self.app, self.players, self.order,
                                           tuple(self.festivals), self.player_names)
        self.app.pop_to("home")
        self.app.push(TiletumBoardScreen(self.app, controller))
        setup_guide.offer(self.app, guide_steps(controller.session.config))

    def draw_body(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        for x, key in ((BODY.left + 96, "tiletum.col_tile"), (BODY.left + 438,
                                                              "tiletum.col_board"),
                       (BODY.left + 608, "tiletum.col_tile_vp")):
            draw_text(canvas, fonts, self.t(key), (x, BODY.top), theme.SMALL_SIZE,
                      theme.TEXT_DIM)
        for i in range(ROUNDS):
            row = self.row(i)
            draw_paragraph(canvas, fonts, self.t("tiletum.festival_city" if i else
                                                 "tiletum.festival_tiletum", n=i + 1),
                           pygame.Rect(row.left, row.top + 8, 92, row.height), theme.SMALL_SIZE)


class TilePickerScreen(Screen):
    """The 11 festival tiles by their criteria; the chosen one goes to that festival."""

    name = "tiletum-tiles"

    def __init__(self, app, festivals: FestivalSetupScreen, index: int):
        self.festivals, self.index = festivals, index
        super().__init__(app)

    def title(self) -> str:
        return self.t("tiletum.pick_tile", n=self.index + 1)

    def build(self) -> None:
        tiles = list(festival_tiles())
        current = self.festivals.festivals[self.index].tile
        for rect, tile in zip(grid(BODY, len(tiles) + 1, 2, 8), tiles):
            self.add(Button(rect, lambda k=tile: tile_text(self.app, k),
                            lambda k=tile: self.choose(k), name=f"tile-{tile}",
                            selected=tile == current, size=theme.SMALL_SIZE))

    def choose(self, tile: str) -> None:
        self.festivals.set_tile(self.index, tile)
        self.app.pop()
