"""The inputs a table makes for one Citadels round (issue 37), counted through the controls a
player uses: from the first drafter's gate to "Next round" on the round's summary, with the
2016 first-game characters. Two tables play each seeded round: one that knows the fastest
way (it holds each name at once), and one that reads the screens and does what they say,
and that looks at the face-up discards before each pick (seed 000: "우선 정해진 수만큼 무작위로
카드를 뽑아 테이블 위에 앞면이 보이게 버립니다."; they are public and drive every pick).
``pytest -s`` prints the counts docs/table-inputs.md quotes."""

from __future__ import annotations

import json
import re

import pytest

from citadels_driver import Table, setup_lines
from conftest import play, record_text

SEEDS = range(1, 6)


class Counter(Table):
    """A table that counts its inputs (one per script line), the draft's apart.
    ``reads``: it does what the screens say, and reads the face-up discards before a pick."""

    def __init__(self, app, seed: int, reads: bool):
        super().__init__(app, seed, complete_from=99)
        self.reads, self.drawn = reads, record_text(app)
        self.discards_read: int | None = None  # the seat that has read them this turn
        self.draft = 0

    def screen_text(self) -> str:
        """Every text the screen on top draws."""
        self.drawn.clear()
        self.app.render()
        return "\n".join(self.drawn)

    def face_up(self) -> list[str]:
        c = self.app.stack[-2].controller  # the draft's public screen, below the gate
        return [c.character_name(i) for i in c.draft_public().face_up]

    def choose(self) -> list[str]:
        top = self.app.top
        if self.reads and top.name == "gate" and self.app.stack[-2].name == "draft-public":
            text = self.screen_text()
            if self.discards_read != top.seat and not all(n in text for n in self.face_up()):
                self.discards_read = top.seat
                return ["BACK", "TAP @pass"]  # the public screen shows them
            self.discards_read = top.seat
            if re.search(r"\bTap\b", text):
                return ["TAP @player", "HOLD @player"]  # as the gate says
        return super().choose()

    def round(self) -> tuple[int, int]:
        """Play one round; the inputs of its draft, and of the whole round."""
        app = self.app
        self.play(until=lambda a: a.top.name == "calling")
        self.draft = len(self.lines)
        self.play(until=lambda a: a.top.name == "round-summary")
        play(app, "TAP @next")
        self.lines.append("TAP @next")
        return self.draft, len(self.lines)


def count(make_app, folder, players: int, seed: int, reads: bool) -> tuple[int, int]:
    app = make_app(data_dir=folder / f"{players}-{seed}-{reads}")
    app.seeds = iter(range(seed, seed + 50))
    setup_lines(app, players, "2016")
    return Counter(app, seed, reads).round()


def summary(counts: list[tuple[int, int]]) -> dict:
    """The draft's counts and the whole round's range over the seeds."""
    rounds = [r for _, r in counts]
    return {"draft": sorted({d for d, _ in counts}), "round": [min(rounds), max(rounds)]}


@pytest.mark.parametrize("players", [4, 7])
def test_the_inputs_of_one_round(make_app, tmp_path, players):
    fastest = [count(make_app, tmp_path, players, s, reads=False) for s in SEEDS]
    reading = [count(make_app, tmp_path, players, s, reads=True) for s in SEEDS]
    print(json.dumps({"players": players, "fastest": summary(fastest),
                      "reading": summary(reading)}))
    assert {d for d, _ in fastest} == {4 * players}  # hold, choose, confirm, pass on
    assert reading == fastest  # reading the screens costs no input more
