"""Scripted runs: drive the app from a plain-text list of controls and taps.

One command per line; blank lines and ``#`` comments are skipped::

    OK | BACK | UP | DOWN | LEFT | RIGHT | SEAT1..SEAT8   press and release that control
    HOLD <control>                                       press, keep it down past the hold time
    TAP x y                                              touch the canvas at (x, y), 800x480
    HOLD x y                                             touch and keep the finger down
    TAP @name | HOLD @name                               the same at the centre of the top
                                                         screen's button called ``name``
    KEY name                                             press and release a key by SDL name
    WAIT seconds                                         let the app run
    SHOT name                                            save what the display shows as name.png
    EXPECT screen                                        fail unless that screen is on top

Controls are typed on their keyboard keys and taps are real mouse events at the display
position of the canvas point, so a script goes through the same path as a player. Time is the
app's clock: a scripted run's (``companion --script``, the tests) is virtual, so WAIT and a
HOLD's wait move it at once (``App.run_for``) and no load on the machine can stretch a tap
into a hold or change what a script did.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

import pygame

from hw.controls import Control
from hw.keyboard import KEY_FOR

log = logging.getLogger(__name__)

HOLD_MARGIN = 0.3  # seconds beyond the hold time (on a real clock: room for a busy machine)


class ScriptError(Exception):
    """A script line that cannot be read or carried out."""

    def __init__(self, lineno: int, line: str, reason: str):
        super().__init__(f"line {lineno}: {line.strip()!r}: {reason}")
        self.lineno = lineno


@dataclass(frozen=True)
class Command:
    lineno: int
    line: str
    verb: str
    args: tuple


def parse(text: str) -> list[Command]:
    """All commands of a script; ScriptError for the first line that is not one."""
    commands = []
    for lineno, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        try:
            commands.append(Command(lineno, line, *_parse_words(words)))
        except (ValueError, IndexError) as exc:
            raise ScriptError(lineno, line, str(exc) or "bad arguments") from None
    return commands


def _parse_words(words: list[str]) -> tuple[str, tuple]:
    verb, args = words[0].upper(), words[1:]

    def count(n):
        if len(args) != n:
            raise ValueError(f"{verb} takes {n} argument(s)")

    if verb in ("TAP", "HOLD") and len(args) == 1 and args[0].startswith("@"):
        return ("TAP" if verb == "TAP" else "HOLDTAP"), (args[0][1:],)
    if verb == "HOLD" and len(args) == 2:
        return "HOLDTAP", (float(args[0]), float(args[1]))
    if verb == "HOLD":
        count(1)
        return "HOLD", (_button(args[0]),)
    if verb == "TAP":
        count(2)
        return "TAP", (float(args[0]), float(args[1]))
    if verb == "WAIT":
        count(1)
        seconds = float(args[0])
        if not 0 <= seconds <= 600:
            raise ValueError("WAIT takes 0 to 600 seconds")
        return "WAIT", (seconds,)
    if verb in ("SHOT", "EXPECT", "KEY"):
        count(1)
        return verb, (args[0],)
    count(0)
    return "PRESS", (_button(verb),)


def _button(name: str) -> Control:
    control = Control.parse(name)
    if control is Control.POINTER:
        raise ValueError("use TAP x y for the touchscreen")
    return control


class ScriptRunner:
    """Carries out commands on a running app, between its loop steps."""

    def __init__(self, app, screenshots: Path | None):
        self.app = app
        self.screenshots = screenshots
        if screenshots is not None:
            screenshots.mkdir(parents=True, exist_ok=True)

    def run(self, commands: list[Command]) -> None:
        self.app.settle()
        for command in commands:
            try:
                getattr(self, f"do_{command.verb.lower()}")(*command.args)
            except ScriptError:
                raise
            except Exception as exc:
                raise ScriptError(command.lineno, command.line, str(exc)) from exc
            if not self.app.running:
                raise ScriptError(command.lineno, command.line, "the app stopped")

    def _key(self, name: str, down: bool) -> None:
        code = pygame.key.key_code(name)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=code,
                                             mod=0, unicode="", scancode=0))

    def _mouse(self, point: tuple[float, float], down: bool) -> None:
        if not (0 <= point[0] < 800 and 0 <= point[1] < 480):
            raise ValueError("TAP coordinates must be inside the 800x480 canvas")
        pos = self.app.display.viewport.to_physical(point)
        kind = pygame.MOUSEBUTTONDOWN if down else pygame.MOUSEBUTTONUP
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))

    def _hold_for(self) -> float:
        return self.app.hw.input.hold_time + HOLD_MARGIN

    def do_press(self, control: Control) -> None:
        self.do_key(KEY_FOR[control])

    def do_key(self, name: str) -> None:
        """Down and up handled together, as a quick press: on a busy machine a pause between
        them (another process running) must not turn the press into a hold."""
        self._key(name, True)
        self._key(name, False)
        self.app.settle()

    def do_hold(self, control: Control) -> None:
        self._key(KEY_FOR[control], True)
        self.app.run_for(self._hold_for())
        self._key(KEY_FOR[control], False)
        self.app.settle()

    def _point(self, where: tuple) -> tuple[float, float]:
        """(x, y) as given, or the centre of the visible button named in ``(name,)``."""
        if len(where) == 2:
            return where
        button = self.app.top.button(where[0])
        if not button.visible:
            raise ValueError(f"button {where[0]!r} is not shown")
        return button.rect.center

    def do_tap(self, *where) -> None:
        """Down and up handled together (see :meth:`do_key`)."""
        point = self._point(where)
        self._mouse(point, True)
        self._mouse(point, False)
        self.app.settle()

    def do_holdtap(self, *where) -> None:
        point = self._point(where)
        self._mouse(point, True)
        self.app.run_for(self._hold_for())
        self._mouse(point, False)
        self.app.settle()

    def do_wait(self, seconds: float) -> None:
        self.app.run_for(seconds)

    def do_expect(self, name: str) -> None:
        if self.app.top.name != name:
            raise ValueError(f"expected screen {name!r}, showing {self.app.top.name!r}")

    def do_shot(self, name: str) -> None:
        if self.screenshots is None:
            raise ValueError("SHOT needs --screenshots DIR")
        self.app.render()
        path = self.screenshots / f"{name}.png"
        pygame.image.save(self.app.display.surface, str(path))
        log.info("screenshot %s", path)
