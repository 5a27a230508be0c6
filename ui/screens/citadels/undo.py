"""Undo with confirmation: says which step would be taken back (in public words) and asks."""

from __future__ import annotations

from companion.citadels.calling import (Bribe, CompleteCity, Decline, EndTurn, GiveCrown,
                                        KeepThreat, RevealThreat, RevealWarrant, Target, Threats,
                                        Warrants)

from ..base import Screen
from ..undo_question import UndoQuestion
from .controller import CitadelsController


PLAIN = {Warrants: "undo.warrants", Threats: "undo.threats", RevealThreat: "undo.reveal_threat",
         RevealWarrant: "undo.reveal_warrant", KeepThreat: "undo.keep_threat"}


def describe(screen: Screen, controller: CitadelsController, decision, before) -> str:
    """The step in words everyone may hear: never which warrant or threat is the real one."""
    c, t = controller, screen.t
    if type(decision) in PLAIN:
        return t(PLAIN[type(decision)])
    if isinstance(decision, Target):
        return t("undo.target", character=c.rank_name(decision.rank))
    if isinstance(decision, Decline):
        return t("undo.decline", character=c.rank_name(before.rank))
    if isinstance(decision, GiveCrown):
        return t("undo.crown", name=c.name(decision.to))
    if isinstance(decision, Bribe):
        return t("undo.bribe_paid" if decision.paid else "undo.bribe_refused")
    if isinstance(decision, CompleteCity):
        return t("undo.city", name=c.name(decision.seat))
    assert isinstance(decision, EndTurn)
    return t("undo.end_turn", character=c.rank_name(before.rank))


class UndoScreen(UndoQuestion):
    """Citadels' undo question; after an undo ``nav`` (the navigator) shows the game."""

    name = "undo"

    def __init__(self, app, controller: CitadelsController, nav):
        super().__init__(app, controller)
        self.nav = nav
        decision, before = controller.last_step()
        self.step = describe(self, controller, decision, before)

    def after_undo(self) -> None:
        self.nav.show_game()
