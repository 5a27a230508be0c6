"""The players the table remembers (Settings → Players): add one, rename one (tap the name),
delete one (after asking; their games stay in History under the name played). Names are typed
on the on-screen keyboard (ui/screens/keyboard.py)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.names import drawable, new_name_problem

from .. import theme
from ..widgets import Button
from .ask import AskScreen
from .base import BODY
from .listing import ListScreen
from .keyboard import KeyboardScreen

ADD = pygame.Rect(BODY.left, BODY.top, 260, 52)


def remembered_players(app):
    """The remembered players; the first time, the config's roster becomes the list."""
    app.store.add_players_once(app.config.roster)
    return app.store.players()


def seatable_players(app):
    """The remembered players a table can seat: those whose names can be drawn (a name holding
    only invisible characters or a NUL exists only by tampering; Players shows it to rename)."""
    return [p for p in remembered_players(app) if drawable(p.name)]


def type_name(app, title: str, on_done: Callable[[str], None], text: str = "",
              keep: str | None = None) -> None:
    """The keyboard for a player's name: refused when it cannot be drawn or another remembered
    player has it (``keep``: the name being changed, which may stay)."""
    taken = [p.name for p in remembered_players(app) if p.name != keep]
    app.push(KeyboardScreen(app, title=title, text=text, on_done=on_done,
                            check=lambda name: new_name_problem(name, taken)))


def add_player(app, then: Callable[[str], None] | None = None) -> None:
    """Type a new player's name and remember them; ``then(name)`` once stored."""
    def store(name: str) -> None:
        app.store.add_player(name)
        if then is not None:
            then(name)
    type_name(app, app.t("players.new_title"), store)


class PlayersScreen(ListScreen):
    name = "players"
    visible_rows = 5
    area = pygame.Rect(BODY.left, ADD.bottom + 26, BODY.width, BODY.bottom - ADD.bottom - 26)

    def title(self) -> str:
        return self.t("players.title")

    def build(self) -> None:
        self.add(Button(ADD, lambda: self.t("players.add"), self.add_new, name="add",
                        size=theme.BODY_SIZE))
        self.build_list()

    def build_list(self) -> None:
        super().build_list()
        for row, _ in self.slots:  # a player's name: shrunk to the names' floor, then cut
            row.floor, row.size = theme.FLOOR_SIZE, theme.BODY_SIZE

    def on_enter(self) -> None:
        self.reload()

    def count(self) -> int:
        self.app.store.add_players_once(self.app.config.roster)
        return self.app.store.player_count()

    def page(self, offset: int, limit: int):
        """The players shown, read a page at a time (instant with 100,000 of them)."""
        return self.app.store.players_page(offset, limit)

    def row_text(self, player) -> str:
        return self.shown(player)

    def shown(self, player) -> str:
        """The player's name, or words saying it cannot be shown (so it can still be renamed
        or deleted)."""
        return player.name if drawable(player.name) else self.t("players.undrawable")

    def open_row(self, player) -> None:
        """Rename: the keyboard holds the name as it is (empty if it cannot be shown)."""
        def rename(name: str) -> None:
            self.app.store.rename_player(player.id, name)
            self.reload()
        start = player.name if drawable(player.name) else ""
        type_name(self.app, self.t("players.rename_title", name=self.shown(player)), rename,
                  start, keep=player.name)

    def side_action(self, player):
        return "players.delete", lambda: self.ask_delete(player)

    def ask_delete(self, player) -> None:
        self.app.push(AskScreen(
            self.app, self.t("players.delete_title"),
            self.t("players.delete_text", name=player.name) if drawable(player.name)
            else self.t("players.delete_undrawable"), self.t("players.keep"),
            self.t("players.delete"), lambda: self.delete(player)))

    def delete(self, player) -> None:
        self.app.store.delete_player(player.id)
        self.reload()

    def add_new(self) -> None:
        add_player(self.app, lambda name: self.reload())

    def empty_text(self) -> str:
        return self.t("players.empty")

    def draw_body(self, canvas: pygame.Surface) -> None:
        self.draw_list(canvas)
