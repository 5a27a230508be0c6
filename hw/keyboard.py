"""Keyboard emulation of every control; always on, so a laptop is a full development device.

Keys are SDL key names (as ``pygame.key.name`` gives them), so this module needs no pygame.
"""

from __future__ import annotations

from .controls import Control

KEYMAP: dict[str, Control] = {
    "up": Control.UP,
    "down": Control.DOWN,
    "left": Control.LEFT,
    "right": Control.RIGHT,
    "return": Control.OK,
    "enter": Control.OK,  # keypad Enter
    "space": Control.OK,
    "escape": Control.BACK,
    "backspace": Control.BACK,
    **{str(n): Control.for_seat(n) for n in range(1, 9)},
    **{f"[{n}]": Control.for_seat(n) for n in range(1, 9)},  # keypad digits
}

KEY_FOR: dict[Control, str] = {}
for _key, _control in KEYMAP.items():
    KEY_FOR.setdefault(_control, _key)
"""The main key of each control (the first one listed), used by scripts and help text."""


def control_for_key(key_name: str) -> Control | None:
    """The control a key emulates, or None."""
    return KEYMAP.get(key_name.lower())
