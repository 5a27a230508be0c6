"""The config file: one TOML file with pins, rotation, language and the data directory.

Where it is looked for: ``--config PATH``; else ``$COMPANION_CONFIG``; else
``/etc/companion/config.toml`` if it exists (the Pi install); else
``~/.config/companion/config.toml`` (``$XDG_CONFIG_HOME``). A missing file means defaults.
A broken file (bad TOML, an unknown key or pin, a pin used twice, a bad value, a roster name
that cannot be drawn: ``roster[2]`` is the second name, seat 2's) is rejected as a whole: the
app starts with defaults and shows every error on screen and in the log. ``load_config`` never
raises, whatever the file holds.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import field, replace
from pathlib import Path
from typing import Any

from hw.backend import CHOICES
from hw.pins import DEFAULT_PINS, pin_map_errors

from . import simple_toml
from .values import value_class

LANGUAGES = ("ko", "en")
ROTATIONS = (0, 90, 180, 270)
AUTO = "auto"  # rotation: chosen from the screen's shape (ui/display.py, choose_rotation)
SYSTEM_CONFIG = Path("/etc/companion/config.toml")
MAX_BYTES = 1_000_000  # a real config file has a few hundred
MAX_ROSTER = 8


def _xdg(env: Mapping[str, str], var: str, fallback: str) -> Path:
    base = env.get(var) or str(Path(env.get("HOME", "~")).expanduser() / fallback)
    return Path(base) / "companion"


@value_class  # a frozen dataclass whose methods are not compiled at start-up (ui/values.py)
class Config:
    """Settings from the config file (or defaults), plus the errors found reading it."""

    path: Path | None = None
    language: str | None = None  # None: ask on first start
    rotation: int | str = AUTO  # degrees clockwise, or AUTO: a portrait screen is turned 90
    data_dir: Path = field(default_factory=lambda: _xdg(os.environ, "XDG_DATA_HOME", ".local/share"))
    hold_time: float = 0.8
    private_timeout: float = 60.0  # a private screen left untouched this long hides (0: never)
    private_while_held: bool = False  # private screens shown only while the reveal is held
    debounce: float = 0.03
    backend: str = "auto"
    hub: str = "off"  # the seat hub's port: off, auto, a path or a pyserial URL
    hub_usb_id: str = "2e8a:0005"  # what "auto" looks for (a Pico running MicroPython)
    fullscreen: bool | None = None  # None: fullscreen on a console (kmsdrm), windowed elsewhere
    debug_strip: bool | None = None  # None: shown when no LED is attached
    sound: bool = True
    setup_guide: bool = True  # a new Troyes or Tiletum game walks the table through its set-up
    pins: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_PINS))
    roster: tuple[str, ...] = ()  # player names offered for seats 1, 2, ... in new games
    errors: tuple[str, ...] = ()

    @property
    def database(self) -> Path:
        """The SQLite file in the data directory."""
        return self.data_dir / "companion.sqlite3"


def default_path(env: Mapping[str, str] = os.environ) -> Path:
    """Where the config file is looked for when no ``--config`` is given."""
    if env.get("COMPANION_CONFIG"):
        return Path(env["COMPANION_CONFIG"])
    if SYSTEM_CONFIG.exists():
        return SYSTEM_CONFIG
    return _xdg(env, "XDG_CONFIG_HOME", ".config") / "config.toml"


def load_config(path: str | Path | None = None, env: Mapping[str, str] = os.environ) -> Config:
    """Read the config file; never raises for a bad file (errors are in ``Config.errors``)."""
    path = Path(path) if path is not None else default_path(env)
    defaults = Config(path=path, data_dir=_xdg(env, "XDG_DATA_HOME", ".local/share"))
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise ValueError(f"more than {MAX_BYTES} bytes")
        text = raw.decode("utf-8")
    except FileNotFoundError:
        return defaults
    except (OSError, ValueError) as exc:  # ValueError: too big, or not UTF-8
        return replace(defaults, errors=(f"{path}: cannot read ({exc})",))
    data = simple_toml.read(text)  # the kiosk's file, without importing tomllib
    try:
        if data is None:
            import tomllib  # deferred: only a file simple_toml does not read (~9 M instructions)

            data = tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # TOMLDecodeError, a huge integer, deep nesting
        reason = "nested too deeply" if isinstance(exc, RecursionError) else exc
        return replace(defaults, errors=(f"{path}: not valid TOML ({reason})",))
    values, errors = _parse(data)
    if errors:
        return replace(defaults, errors=tuple(f"{path}: {e}" for e in errors))
    return replace(defaults, **values)


def _roster_errors(roster: tuple) -> list[str]:
    """Why names of the roster cannot be drawn (``roster[2]`` is seat 2's)."""
    if not roster:
        return []
    from companion.names import name_problem  # (only a roster needs them: ~0.5 ms)
    from companion.players import NAME_REASONS  # deferred: start-up time, as above

    return [f"roster[{seat}] = {n!r}: cannot be drawn ({NAME_REASONS[name_problem(n)]})"
            for seat, n in enumerate(roster, 1) if name_problem(n)]


def _parse(data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    values: dict[str, Any] = {}
    errors: list[str] = []

    def take(key, check, message, convert=lambda v: v):
        if key in data:
            value = data[key]
            if check(value):
                values[key] = convert(value)
            else:
                errors.append(f"{key} = {value!r}: {message}")

    is_number = lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)  # noqa: E731
    is_bool = lambda v: isinstance(v, bool)  # noqa: E731
    take("language", lambda v: v in LANGUAGES, f"must be one of {', '.join(LANGUAGES)}")
    take("rotation", lambda v: v == AUTO or (v in ROTATIONS and not is_bool(v)),
         'must be "auto", 0, 90, 180 or 270')
    take("data_dir", lambda v: isinstance(v, str) and v != "" and "\0" not in v,
         "must be a folder path", lambda v: Path(os.path.expanduser(v)))  # ~nobody: as is
    take("hold_time", lambda v: is_number(v) and 0.1 <= v <= 5, "must be 0.1 to 5 seconds", float)
    take("private_timeout", lambda v: is_number(v) and (v == 0 or 5 <= v <= 600),
         "must be 0 (never) or 5 to 600 seconds", float)
    take("private_while_held", is_bool, "must be true or false")
    take("debounce", lambda v: is_number(v) and 0 <= v <= 0.5, "must be 0 to 0.5 seconds", float)
    take("fullscreen", is_bool, "must be true or false")
    take("debug_strip", is_bool, "must be true or false")
    take("sound", is_bool, "must be true or false")
    take("setup_guide", is_bool, "must be true or false")
    take("roster", lambda v: isinstance(v, list) and len(v) <= MAX_ROSTER,
         f"must be a list of up to {MAX_ROSTER} names",
         lambda v: tuple(n.strip() if isinstance(n, str) else n for n in v))
    errors += _roster_errors(values.get("roster", ()))

    hardware = data.get("hardware", {})
    if not isinstance(hardware, dict):
        errors.append("[hardware] must be a table")
        hardware = {}
    for key, value in hardware.items():
        if key == "backend":
            if value not in CHOICES:
                errors.append(f"hardware.backend = {value!r}: must be one of "
                              f"{', '.join(CHOICES)}")
            else:
                values["backend"] = value
        elif key == "hub":
            if not isinstance(value, str) or not value.strip():
                errors.append(f"hardware.hub = {value!r}: must be \"off\", \"auto\", a device "
                              "path or a pyserial URL")
            else:
                values["hub"] = value.strip()
        elif key == "hub_usb_id":
            if not isinstance(value, str) or not re.fullmatch(r"[0-9a-fA-F]{4}:[0-9a-fA-F]{4}",
                                                              value):
                errors.append(f"hardware.hub_usb_id = {value!r}: must be like \"2e8a:0005\"")
            else:
                values["hub_usb_id"] = value.lower()
        else:
            errors.append(f"unknown key {'hardware.' + key!r}")

    pins = data.get("pins")
    if pins is not None:
        if not isinstance(pins, dict):
            errors.append("[pins] must be a table")
        else:
            pin_errors = pin_map_errors(pins)
            errors += [f"[pins] {e}" for e in pin_errors]
            if not pin_errors:
                values["pins"] = dict(pins)

    known = {"language", "rotation", "data_dir", "hold_time", "private_timeout",
             "private_while_held", "debounce", "fullscreen",
             "debug_strip", "sound", "setup_guide", "roster", "hardware", "pins"}
    errors += [f"unknown key {key!r}" for key in data if key not in known]
    return values, errors
