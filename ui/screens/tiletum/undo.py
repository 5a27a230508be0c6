"""Undo asks first (as in Citadels): the step that would be taken back, in words, then Keep it
or Undo. Nothing is taken back until Undo is tapped; OK keeps the step."""

from __future__ import annotations

from companion.tiletum.game import (Begin, Bonus, FestivalScore, Gold, King, Reveal, Take,
                                   TurnOrder)

from ..base import Screen
from ..undo_question import UndoQuestion
from .controller import TiletumController
from .labels import action_names, disc_text, signed


def last_decision(controller: TiletumController):
    """The decision an undo would take back (None: nothing to take back)."""
    if not controller.can_undo:
        return None
    return controller.rules.decode(controller.standing[-1])


def describe(screen: Screen, controller: TiletumController, decision) -> str:
    """The step in words. It is the last one standing, so the view as it is now shows what it
    did (the die as taken, the token turned up, the points scored)."""
    t, v, name = screen.t, controller.view(), controller.name
    if isinstance(decision, Begin):
        return t("tiletum.undo_begin")
    if isinstance(decision, Reveal):
        return t("tiletum.undo_reveal", n=v.pass_number, token=v.revealed[-1])
    if isinstance(decision, Take):
        taken = v.takes[-1]
        text = t("tiletum.undo_take", name=name(taken.seat),
                 colour=t(f"tiletum.colour_{taken.die.colour}"), pip=taken.die.pip,
                 action=action_names(screen)[taken.gain.action])
        return text + (" " + t("tiletum.undo_paid", gold=taken.gold_paid)
                       if taken.gold_paid else "") + (
            " " + disc_text(screen, "tiletum.undo_take_disc", taken.disc) if taken.disc else "")
    if isinstance(decision, Bonus):
        return t("tiletum.undo_bonus", name=name(decision.seat), value=decision.value,
                 action=action_names(screen)[decision.action])
    if isinstance(decision, Gold):
        return t("tiletum.undo_gold", name=name(decision.seat), gold=decision.gold)
    if isinstance(decision, King):
        return t("tiletum.undo_king", name=name(decision.seat), n=decision.steps,
                 space=signed(v.track.space(decision.seat)))
    if isinstance(decision, TurnOrder) and v.follows_king_track:
        return t("tiletum.undo_king_phase", order=", ".join(name(s) for s in decision.order))
    if isinstance(decision, TurnOrder):
        return t("tiletum.undo_order", order=" → ".join(name(s) for s in decision.order))
    assert isinstance(decision, FestivalScore)
    return t("tiletum.undo_festival", name=name(decision.seat),
             points=v.players[decision.seat - 1].festival_vp[-1])


class TiletumUndoScreen(UndoQuestion):
    name = "tiletum-undo"

    def __init__(self, app, controller: TiletumController):
        super().__init__(app, controller)
        self.step = describe(self, controller, last_decision(controller))
