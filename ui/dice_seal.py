"""The dice audit's words on a game's own screens (companion/dice_audit.py): the seal while no
die is rolled yet, the seed and the fingerprint once the game is over."""

from __future__ import annotations

from companion import dice_audit
from companion.rng import Seed


def seal_text(app, session) -> str:
    """"Dice seal DE4C-2A2E-ECCA: photograph it…" for ``session``'s seed."""
    seal = dice_audit.short(dice_audit.commitment(Seed(session.seed, session.rng)))
    return app.t("dice.seal", seal=seal)


def revealed_text(app, controller) -> str:
    """The seed and the dice fingerprint of a game that is over. The fingerprint needs a
    replay of the whole game: it is worked out while nobody waits, "…" until then."""
    record = controller.dice_record_soon()
    fingerprint = "…" if record is False else \
        dice_audit.short(record["fingerprint"]) if record else "-"
    return app.t("dice.revealed", seed=controller.session.seed, fingerprint=fingerprint)
