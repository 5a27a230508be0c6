"""What the calling screen says: the public announcements as sentences, the prompt for what to
do now, and the spoken calls. Everything here is built from public views only."""

from __future__ import annotations

from companion.citadels.calling import (Bribe, CallingView, Event, GiveCrown, KeepThreat,
                                        RevealThreat, RevealWarrant, Target, Threats, Warrants)

from ... import theme
from .controller import CitadelsController

CALLS = ("nobody", "silent", "reveal")
class Announcer:
    """Sentences for one game's calling, in the UI language."""

    def __init__(self, app, controller: CitadelsController):
        self.app, self.c = app, controller

    def t(self, key: str, **fields) -> str:
        return self.app.t(key, **fields)

    def _name(self, seat: int | None) -> str:
        return self.c.name(seat) if seat else "?"

    def event_line(self, e: Event) -> str | None:
        """One announcement as a sentence (None for the calls themselves and the round's end)."""
        c, name = self.c, self._name
        if e.kind in ("reveal", "round_over"):
            return None
        if e.kind in ("warrants", "threats"):
            ranks = ", ".join(c.rank_name(r) for r in e.value)
            return self.t(f"calling.ev_{e.kind}", ranks=ranks)
        if e.kind in ("threat_revealed", "warrant_revealed"):
            key = f"calling.ev_{e.kind}_{'yes' if e.value else 'no'}"
            return self.t(key, name=name(e.seat), by=name(e.other))
        kind = e.kind
        if kind == "declined":  # names no one, places no warrants, places no threats
            kind += "_" + {"magistrate": "warrants", "blackmailer": "threats"}.get(
                c.at_rank(e.rank), "target")
        fields = {"name": name(e.seat), "other": name(e.other), "n": e.value}
        if e.rank:
            fields["character"] = c.rank_name(e.rank)
        return self.t(f"calling.ev_{kind}", **fields)

    def prompt(self, v: CallingView, legal) -> str | None:
        """What the table should do now, as one sentence."""
        c = self.c
        kinds = {type(d) for d in legal}
        actor = self._name(v.actor)
        if not legal:
            return None
        if Target in kinds:
            cid = c.at_rank(v.rank)
            return self.t(f"calling.prompt_{cid}", name=actor, character=c.plain_name(cid))
        if kinds == {GiveCrown}:
            key = "calling.prompt_crown_late" if v.phase == "round_end" else "calling.prompt_crown"
            return self.t(key, name=actor)
        if KeepThreat in kinds:
            return self.t("calling.prompt_turn_threat", name=self._name(legal[0].seat),
                          character=c.rank_name(v.rank))
        if v.warrant_gate is not None:
            return self.t("calling.prompt_warrant_gate", name=self._name(v.warrant_gate))
        if kinds == {Bribe}:
            return self.t("calling.prompt_bribe", name=self._name(legal[0].seat),
                          character=c.rank_name(v.rank))
        if Warrants in kinds:
            return self.t("calling.prompt_warrants", name=actor)
        if Threats in kinds:
            return self.t("calling.prompt_threats", name=actor)
        for d in legal:
            if isinstance(d, RevealThreat):
                return self.t("calling.prompt_reveal_threat", name=self._name(d.seat))
            if isinstance(d, RevealWarrant):
                return self.t("calling.prompt_reveal_warrant", name=self._name(d.seat))
        return self.t("calling.prompt_play")

    def lines(self, v: CallingView, legal) -> list[tuple[str, tuple, int]]:
        """(text, colour, size) lines under the big call: what was just called, what happened
        this turn, and what to do now (the prompt, when there is one, comes last)."""
        turn, before = v.current_turn()
        out = []
        out += [(self.event_line(e), theme.TEXT, theme.BODY_SIZE) for e in before
                if e.kind in ("bewitch_named", "theater_swap")]
        out += [(line, theme.TEXT, theme.BODY_SIZE) for line in map(self.event_line, turn)
                if line]
        prompt = self.prompt(v, legal)
        if prompt:
            out.append((prompt, theme.ACCENT, theme.BODY_SIZE))
        return out

    def tax(self, v: CallingView) -> str | None:
        """The Tax Collector's reminder for the turn being played, while he is in the game:
        on his own turn that he pays no tax and may take the gold on his token; on a turn
        whose signed warrant was revealed that the Magistrate pays for the confiscated
        district; on every other turn that each district built pays 1 gold."""
        if not v.tax_collector or v.phase != "turn":
            return None
        if self.c.at_rank(v.rank) == "tax_collector":
            return self.t("calling.tax_own")
        turn, _ = v.current_turn()
        if any(e.kind == "warrant_revealed" and e.value for e in turn):
            return self.t("calling.tax_confiscated")
        return self.t("calling.tax")

    def spoken(self, events) -> str:
        """The calls among ``events`` as words to speak ('Rank 2: Thief. Nobody.')."""
        words = []
        for e in events:
            if e.kind in CALLS:
                key = "calling.say_nobody" if e.kind == "nobody" else "calling.say_call"
                words.append(self.t(key, n=e.rank,
                                    character=self.c.plain_name(self.c.at_rank(e.rank))))
        return " ".join(words)

    def speak(self, events) -> None:
        """Say the new calls aloud if speech is available and sound is on."""
        self.app.speaker.say(self.spoken(events), self.app.language)
