"""The app's own command-line options (``companion --config ... --headless ...``): the one
table ``ui/cli.py`` builds its argparse parser from, and a parser of their plain spelling that
needs no argparse.

Importing and running argparse (with gettext and locale, which it loads) is ~4 ms of every
start, an eighth of what the app adds to a minimal pygame-ce program (issue 19). The kiosk's
command line is always plain (``--config /etc/companion/config.toml``), so
:func:`parse_app_options` reads ``--name value`` and ``--name=value`` of these options itself
and gives up, returning None, on anything else: a command, ``--help``, an abbreviation, an
unknown word, a value argparse would refuse or treat otherwise. argparse then parses the whole
line, with its help and its messages. ``tests/test_app_options.py`` checks that whatever this
parser accepts, argparse reads the same way.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from .logs import LEVELS, level_name

FLAG = "flag"  # an option without a value


class BadValue(ValueError):
    """A value an option refuses; its message is what the command line says."""


def log_level(text: str) -> str:
    """A log level's name in any case, as the name (COMPANION_LOG is checked in logs.py)."""
    name = level_name(text)
    if name is None:
        raise BadValue(f"{text!r}: choose {', '.join(LEVELS)}")
    return name


APP_OPTIONS: tuple[tuple[str, object, str], ...] = (
    # (option, its value: FLAG, a type or a tuple of choices, help)
    ("--config", Path, "config file (default: see docs/hardware.md)"),
    ("--headless", FLAG, "run with no display (SDL dummy driver); stop with SIGTERM/Ctrl-C"),
    ("--script", Path, "with --headless: run this script, then exit"),
    ("--screenshots", Path, "folder for the script's SHOT lines"),
    ("--data-dir", Path, "override the config's data_dir"),
    ("--seed", int, "seed the games started in this run (scripted runs replay exactly)"),
    ("--lang", ("ko", "en"), "use this language (and remember it)"),
    ("--log-level", log_level, "DEBUG, INFO (default, or $COMPANION_LOG), WARNING or ERROR"),
)
VALUES = {option: value for option, value, _ in APP_OPTIONS}


def dest(option: str) -> str:
    """The attribute an option is kept in (``--data-dir``: ``data_dir``), as argparse names it."""
    return option.removeprefix("--").replace("-", "_")


def parse_app_options(argv: list[str]) -> SimpleNamespace | None:
    """``argv`` read as the app's options (unset ones None, flags False), or None when it holds
    anything but these options spelt in full with acceptable values (see the module's doc)."""
    found = {dest(option): False if value is FLAG else None for option, value, _ in APP_OPTIONS}
    words = iter(argv)
    for word in words:
        option, equals, text = word.partition("=")
        kind = VALUES.get(option)
        if kind is None or (kind is FLAG and equals):
            return None
        if kind is FLAG:
            found[dest(option)] = True
            continue
        if not equals:
            text = next(words, None)
            if text is None or text.startswith("-"):  # argparse may read it as an option
                return None
        try:
            found[dest(option)] = _value(kind, text)
        except ValueError:
            return None
    return SimpleNamespace(**found)


def _value(kind, text: str):
    """``text`` as an option of ``kind`` takes it (ValueError if it cannot be)."""
    if isinstance(kind, tuple):
        if text not in kind:
            raise ValueError(text)
        return text
    return kind(text)
