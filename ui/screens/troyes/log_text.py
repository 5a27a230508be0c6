"""One log line of a Troyes game (companion/troyes/log.py) in words, a whole sentence: "Mina:
Farm with yellow 4+5, +4 deniers; paid Joon 4." Used by the board (the last line, before what
comes next), the table screen (the short log) and the undo question (the step it would take
back)."""

from __future__ import annotations

from itertools import groupby

from companion.troyes.log import Line
from companion.troyes.placement import BUILDINGS


def dice_text(t, dice) -> str:
    """(colour, pip) pairs as "yellow 4+5, red 2"."""
    return ", ".join(f"{t(f'troyes.colour_{colour}')} " + "+".join(str(p) for _, p in group)
                     for colour, group in groupby(dice, key=lambda d: d[0]))


def payments_text(t, name, paid) -> str:
    """"; paid Joon 4, the bank 2", or nothing for own dice."""
    if not paid:
        return ""
    return t("troyes.log_paid", payments=", ".join(
        f"{name(owner) if owner else t('troyes.bank')} {n}" for owner, n in paid))


def building_text(t, building: int) -> str:
    return t(f"troyes.{BUILDINGS[building]}")


def line_text(t, name, line: Line) -> str:
    """``t``: the catalogue lookup; ``name(seat)``: a seat's name (None: neutral)."""
    f = dict(line.fields)
    who = name(line.seat) if line.seat else t("troyes.neutral")
    code = line.code
    if code in ("farming", "cathedral", "event", "card", "citizen"):
        return _action(t, name, who, line, f)
    if code == "income":
        return t("troyes.log_income", wages=", ".join(
            name(seat) + f" {paid}" + (t("troyes.log_short") if short else "")
            for seat, (paid, short) in enumerate(f["wages"], 1)))
    if code == "black":
        pips = f["pips"]
        return t("troyes.log_black", n=len(pips), pips=", ".join(map(str, pips))) if pips \
            else t("troyes.log_no_black")
    if code == "defended":
        text = t("troyes.log_defended", name=who, dice=dice_text(t, f["dice"]),
                 black=", ".join(map(str, f["black"])), influence=f["influence"])
        return text + t("troyes.log_no_dice_left") if f.get("round_over") else text
    if code == "failed":
        return t("troyes.log_failed", name=who, black=f["black"], vp=f["vp"])
    if code == "passed":
        return t("troyes.log_passed", name=who, deniers=f["deniers"])
    if code == "rerolled":
        return t("troyes.log_rerolled", name=who, colour=t(f"troyes.colour_{f['colour']}"),
                 before=f["before"], after=f["after"])
    if code == "flipped":
        return t("troyes.log_flipped", name=who, dice=", ".join(
            f"{t(f'troyes.colour_{c}')} {a}/{b}" for c, a, b in f["dice"]))
    if code == "place":
        text = t("troyes.log_place", name=who, building=building_text(t, f["building"]))
        if "neutral" in f:
            text += " " + t("troyes.log_neutral_fill", counts="/".join(map(str, f["neutral"])))
        return text
    if code == "citizens":
        return t("troyes.log_citizens", name=who, counts="/".join(map(str, f["citizens"])))
    if code == "placement":
        return t("troyes.log_placement")
    if code == "look":
        return t("troyes.log_look", name=who)
    if code == "adjust":
        changes = ", ".join(f"{t(f'troyes.{k}')} {v:+d}" for k, v in f.items() if v)
        return t("troyes.log_adjust", name=who, changes=changes or "0")
    if code == "reveal":
        return t("troyes.log_reveal", event=f["event"], colour=t(f"troyes.colour_{f['colour']}"),
                 divisor=f["divisor"], flags=f["flags"], first=f["first"],
                 second=f["second"], plunder=t("troyes.log_plunder") if f["plunder"] else "") \
            + (t("troyes.log_shows_black", n=f["black"]) if f.get("black") else "")
    assert code == "cubes", code
    return t("troyes.log_cubes", name=who, cubes=f["cubes"], event=f["event"],
             award=_award(t, name, f))


def _action(t, name, who: str, line: Line, f: dict) -> str:
    dice = dice_text(t, f["dice"])
    paid = payments_text(t, name, f.get("paid", ()))
    code = line.code
    if code == "farming":
        result = t("troyes.log_gain_deniers", n=f["deniers"])
    elif code == "cathedral":
        result = t("troyes.log_gain_cathedral", vp=f["vp"], influence=f["influence"])
    elif code == "citizen":
        if "building" not in f:  # untracked games: where it went was entered separately
            result = t("troyes.log_gain_citizen")
        else:
            result = building_text(t, f["building"])
            if f["origin"] != -1:
                result += t("troyes.log_from", building=building_text(t, f["origin"]))
            if f["bumped"] != -1:
                result += t("troyes.log_bumped", name=name(f["bumped"]) if f["bumped"]
                            else t("troyes.neutral"))
            if "bought" in f:
                result += t("troyes.log_bought", cost=f["bought"])
    elif code == "event" and "event" in f:
        result = t("troyes.log_gain_cubes", event=f["event"], cubes=f["cubes"]) \
            + _award(t, name, f)
    else:
        result = t(f"troyes.log_gain_{code}", divisor=f["divisor"], n=f["uses"])
    return t("troyes.log_action", name=who, action=t(f"troyes.{code}"), dice=dice,
             result=result + paid)


def _award(t, name, f: dict) -> str:
    """" Card full: Mina 5, Joon 2." after the cubes that filled an event card."""
    if "award" not in f:
        return ""
    points = ", ".join(f"{name(seat)} {vp}" for seat, vp in f["award"]) or "-"
    return t("troyes.log_award", points=points)
