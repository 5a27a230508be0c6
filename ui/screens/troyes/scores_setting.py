"""Settings → Troyes scores: the rulebook keeps each player's VP secret during play ("참고: 게임
중에 점수는 비공개입니다"); a table may show them instead, as a house rule. Tapping the row
switches it; new games take it (a game under way keeps what it started with)."""

from __future__ import annotations

from .controller import SCORES_SHOWN, scores_shown


class ScoresShownSetting:
    """Settings' row for the house rule (the registry's ``settings``)."""

    name, label_key = "troyes-scores", "settings.troyes_scores"

    def __init__(self, app):
        self.app, self.shown = app, False

    def read(self) -> None:
        self.shown = scores_shown(self.app.store)

    def value(self) -> str:
        return self.app.t("settings.troyes_shown" if self.shown else "settings.troyes_secret")

    def open(self) -> None:
        self.shown = not self.shown
        self.app.store.set_setting(SCORES_SHOWN, self.shown)
        self.app.dirty = True
