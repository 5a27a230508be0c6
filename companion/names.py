"""Whether a player's name can be drawn: the one check behind the config's roster, the score
inputs and (later) names typed on the device. A name that fails it is refused where it is entered
and replaced by "Player N" where it was stored before the check existed.

>>> name_problem("Mina"), name_problem("민아"), name_problem("  ")
(None, None, 'name.empty')
>>> name_problem("\\u200b"), name_problem("Mi\\x00na"), name_problem("x" * 25)
('name.control', 'name.control', 'name.too_long')
>>> name_problem("Mina\\u200b"), name_problem("Mi\\u2028na"), name_problem("\\u0301")
('name.control', 'name.control', 'name.invisible')
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

MAX_NAME = 24
"""Characters in a name, at most (the entry's limit; where a name is drawn it is shrunk to a
floor size, then cut with "…": ui/widgets.fit_line)."""

_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
"""Control (NUL, newline), format (zero-width space and joiners, direction marks), surrogate,
private use, unassigned, line and paragraph separators: never in a name ("Mina" and
"Mina\u200b" would look the same)."""
_INVISIBLE = {"Zs", "Mn", "Me"}  # spaces and lone combining marks


def name_problem(name: object) -> str | None:
    """None for a name that can be drawn; else why not, as an error code: ``name.not_text``,
    ``name.control`` (a control, zero-width, private-use or unassigned character),
    ``name.empty``, ``name.invisible`` (only spacing or combining characters),
    ``name.too_long``."""
    return _text_problem(name) if isinstance(name, str) else "name.not_text"


@lru_cache(maxsize=256)
def _text_problem(name: str) -> str | None:
    """``name_problem`` of a string, remembered: boards check every seat's name each frame."""
    if any(unicodedata.category(ch) in _REFUSED for ch in name):
        return "name.control"
    if not name.strip():
        return "name.empty"
    if all(unicodedata.category(ch) in _INVISIBLE for ch in name):
        return "name.invisible"
    if len(unicodedata.normalize("NFC", name)) > MAX_NAME:
        return "name.too_long"
    return None


def drawable(name: object) -> bool:
    return name_problem(name) is None


def new_name_problem(name: str, taken) -> str | None:
    """``name_problem`` for a player added or renamed on the device, or ``name.taken`` when
    one of the names ``taken`` is the same but for letter case ("mina" and "Mina" would be two
    players nobody can tell apart).

    >>> new_name_problem("mina", ["Mina", "Joon"]), new_name_problem("Sora", ["Mina"])
    ('name.taken', None)
    """
    problem = name_problem(name)
    if problem is None and name.casefold() in {t.casefold() for t in taken}:
        return "name.taken"
    return problem
