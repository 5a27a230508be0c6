"""Whether a player's name can be drawn: the one check behind the config's roster, the score
inputs and (later) names typed on the device. A name that fails it is refused where it is entered
and replaced by "Player N" where it was stored before the check existed.

>>> name_problem("Mina"), name_problem("민아"), name_problem("  ")
(None, None, 'name.empty')
>>> name_problem("\\u200b"), name_problem("Mi\\x00na"), name_problem("x" * 25)
('name.invisible', 'name.control', 'name.too_long')
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 24
"""Characters in a name, at most (room for it on a seat pill at the smallest font size)."""

_REFUSED = {"Cc", "Cs", "Co", "Cn"}  # control (NUL, newline), surrogate, private use, unassigned
_INVISIBLE = {"Cf", "Zs", "Zl", "Zp", "Mn", "Me"}  # format (zero-width), spaces, lone marks


def name_problem(name: object) -> str | None:
    """None for a name that can be drawn; else why not, as an error code: ``name.not_text``,
    ``name.control`` (a control, private-use or unassigned character), ``name.empty``,
    ``name.invisible`` (only zero-width, spacing or combining characters), ``name.too_long``."""
    if not isinstance(name, str):
        return "name.not_text"
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
