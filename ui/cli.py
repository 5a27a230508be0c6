"""The ``companion`` command: runs the app (windowed, full screen, headless or scripted)."""

from __future__ import annotations

import argparse
import faulthandler
import logging
import os
import sys
from pathlib import Path

from .cli_parser import InputError, OneLineParser, fail, read_text

log = logging.getLogger("companion")


COMMANDS = ("simulate", "roll", "score")


def build_parser(configure_commands: bool = True) -> argparse.ArgumentParser:
    """The command line; ``configure_commands=False`` leaves the commands' help and options out
    (they import the games' rules): enough to start the app, faster to build."""
    parser = OneLineParser(
        prog="companion",
        description="Tabletop companion: Citadels draft, Troyes and Tiletum dice, final scoring.",
    )
    parser.add_argument("--config", type=Path, help="config file (default: see docs/hardware.md)")
    parser.add_argument("--headless", action="store_true",
                        help="run with no display (SDL dummy driver); stop with SIGTERM/Ctrl-C")
    parser.add_argument("--script", type=Path, help="with --headless: run this script, then exit")
    parser.add_argument("--screenshots", type=Path, help="folder for the script's SHOT lines")
    parser.add_argument("--data-dir", type=Path, help="override the config's data_dir")
    parser.add_argument("--seed", type=int,
                        help="seed the games started in this run (scripted runs replay exactly)")
    parser.add_argument("--lang", choices=("ko", "en"), help="use this language (and remember it)")
    parser.add_argument("--log-level", type=log_level,
                        help="DEBUG, INFO (default, or $COMPANION_LOG), WARNING or ERROR")
    commands = parser.add_subparsers(
        title="commands", metavar="COMMAND", parser_class=OneLineParser,
        description="without one, the app runs; each has its own --help")
    if not configure_commands:
        for name in COMMANDS:
            commands.add_parser(name)
        return parser
    from . import roll_cli, score_cli, simulate_cli  # no pygame in any of them

    for name, module in zip(COMMANDS, (simulate_cli, roll_cli, score_cli)):
        command = commands.add_parser(name, help=module.HELP, description=module.HELP)
        module.configure(command)  # each game's subcommand sets its own ``run``
    return parser


def log_level(text: str) -> str:
    """An argparse type: a log level's name (any case); COMPANION_LOG is checked in logs.py."""
    from .logs import LEVELS, level_name

    name = level_name(text)
    if name is None:
        raise argparse.ArgumentTypeError(f"{text!r}: choose {', '.join(LEVELS)}")
    return name


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script: its exit code (2 for any mistake in the input)."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        wanted = any(word in COMMANDS or word.startswith("-h") or word == "--help"
                     for word in argv)
        args = build_parser(wanted).parse_args(argv)
    except SystemExit as stop:  # --help (0) or a mistake, already said in one line (2)
        return stop.code or 0
    if getattr(args, "run", None) is not None:  # simulate, roll or score
        return args.run(args)
    from .logs import set_up

    set_up(args.log_level)
    try:
        faulthandler.enable()  # a crash in native code (SDL, a driver) logs where Python was
    except (OSError, ValueError):  # stderr is not a file (a caller captured it)
        pass
    if args.script and not args.headless:
        return fail("companion", "--script needs --headless")
    script = None
    if args.script:
        from .script import ScriptError, parse

        try:
            script = parse(read_text(str(args.script)))
        except InputError as exc:
            return fail("companion", exc)
        except ScriptError as exc:
            return fail("companion", f"{args.script}: {exc}")

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from dataclasses import replace

    from .config import load_config
    from .display import NoDisplay

    config = load_config(args.config)
    if args.data_dir:
        config = replace(config, data_dir=args.data_dir)
    from storage.lock import AlreadyRunning

    from .app import App

    try:
        app = App(config, headless=args.headless, gpio_after_first_frame=script is None)
    except NoDisplay as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    except AlreadyRunning as exc:
        return fail("companion", exc)
    if args.seed is not None:
        app.seeds = iter(range(args.seed, args.seed + 1_000_000))
    if args.lang:
        app.set_language(args.lang)
        while app.top.name == "language":
            app.pop()
    if script is None:
        return app.run()
    return run_script(app, script, args.screenshots, args.script)


def run_script(app, script, screenshots: Path | None, name) -> int:
    """Carry out a parsed script; 0 on success, 1 with the failing line otherwise."""
    from .script import ScriptError, ScriptRunner

    try:
        app.render()
        ScriptRunner(app, screenshots).run(script)
    except ScriptError as exc:
        print(f"companion: {name}: {exc}", file=sys.stderr)
        return 1
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
