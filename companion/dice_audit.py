"""Dice anyone can audit (docs/dice-audit.md). Every die a game rolls comes from its seed
(companion/rng.py). When a game starts the device shows its **seal**, the start of a hash of
the seed: a photograph of it binds the device to that seed before any die is rolled. When the
game is over it shows the seed and the **dice fingerprint**, a hash of every roll and draw in
order; ``companion verify`` (or anyone's own code, from the docs) recomputes both from the seed
and the stored decisions.

>>> from companion.rng import Seed
>>> commitment(Seed(42))
'de4c2a2eeccaf08e46ce51760c61296bb07603b6c3096d65b8732554d2069747'
>>> short(commitment(Seed(42))), matches(commitment(Seed(42)), "de4c 2a2e ecca")
('DE4C-2A2E-ECCA', True)
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from .rng import Draw, Seed, recording
from .session import Session

SEAL_PREFIX = "tabletop-companion seed"
"""The commitment is SHA-256 of this, a space, the scheme, ":" and the seed in decimal."""
SHORT = 12  # hex digits of a seal or fingerprint shown on a screen (48 bits)


def commitment(seed: Seed) -> str:
    """The whole commitment to ``seed``: 64 hex digits."""
    return hashlib.sha256(f"{SEAL_PREFIX} {seed.scheme}:{seed.value}".encode()).hexdigest()


def short(digest: str) -> str:
    """The first ``SHORT`` hex digits in groups of four, as a screen shows them:
    ``3F9A-1C2B-7D0E``."""
    head = digest[:SHORT].upper()
    return "-".join(head[i:i + 4] for i in range(0, SHORT, 4))


def matches(digest: str, shown: str) -> bool:
    """Whether ``shown`` (a seal or fingerprint as written down: any case, dashes or spaces,
    the short form or the whole) is the start of ``digest``."""
    given = "".join(c for c in shown.lower() if c not in "- ")
    return len(given) >= SHORT and digest.startswith(given)


def draws(rules, session: Session, checked: bool = True) -> list[Draw]:
    """Every roll and draw of ``session``'s game by replaying its decisions with every check
    (``IllegalDecision`` for one the game would refuse; ``checked`` False: decisions the
    device itself checked as they were made), stream by stream (their labels in
    code-point order), each stream's in the order drawn: an order that does not depend on
    when the game's code first asks for a stream."""
    with recording() as found:
        session.replay(rules, checked=checked)
    return sorted(found, key=lambda d: (d.stream, d.n))


def line(draw: Draw) -> str:
    """One draw as the fingerprint hashes it and ``companion verify`` prints it:
    ``round-1-dice roll yellow 5``."""
    result = draw.result
    shown = " ".join(map(str, result)) if isinstance(result, tuple) else str(result)
    return f"{draw.stream} {draw.kind} {draw.what or '-'} {shown}"


def fingerprint(found: Sequence[Draw]) -> str:
    """SHA-256 of every draw's ``line`` in ``draws``' order, each ended by a newline: 64 hex
    digits."""
    return hashlib.sha256("".join(line(d) + "\n" for d in found).encode()).hexdigest()


def faces(found: Sequence[Draw]) -> dict[str, list[int]]:
    """How many dice of each colour showed each face, 1 to 6: ``{"yellow": [n1, ..., n6]}``."""
    counts: dict[str, list[int]] = {}
    for d in found:
        if d.kind == "roll" and d.what is not None and isinstance(d.result, int):
            counts.setdefault(d.what, [0] * 6)[d.result - 1] += 1
    return counts


def audit(rules, session: Session, checked: bool = True) -> dict[str, Any]:
    """What a finished game's dice come to: its commitment, fingerprint and faces."""
    found = draws(rules, session, checked)
    return {"commitment": commitment(Seed(session.seed, session.rng)),
            "fingerprint": fingerprint(found), "faces": faces(found), "draws": len(found)}


CRITICAL = (11.07, 15.09)
"""Pearson's chi-square with 5 degrees of freedom that fair dice exceed 1 time in 20, and 1
time in 100."""
FEWEST = 30  # dice of a colour before evenness is judged (5 expected on each face)


def evenness(faces: Sequence[int]) -> tuple[float | None, str]:
    """How even ``faces`` (dice that showed 1 to 6) are: Pearson's chi-square against fair
    dice, and a verdict: ``few`` (under ``FEWEST`` dice: not judged), ``even``, ``uneven_20``
    (fair dice are this uneven about 1 time in 20), ``uneven_100`` (less than 1 in 100).

    >>> evenness([10, 10, 10, 10, 10, 10])
    (0.0, 'even')
    >>> evenness([30, 5, 5, 5, 5, 10])[1], evenness([1, 2, 3, 4, 5, 6])[1]
    ('uneven_100', 'few')
    """
    total = sum(faces)
    if total < FEWEST:
        return None, "few"
    expected = total / 6
    chi = sum((n - expected) ** 2 / expected for n in faces)
    verdict = "even" if chi < CRITICAL[0] else "uneven_20" if chi < CRITICAL[1] else \
        "uneven_100"
    return round(chi, 2), verdict
