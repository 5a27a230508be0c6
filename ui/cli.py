"""The ``companion`` command: runs the app (windowed, full screen, headless or scripted).

Starting the app imports no argparse (see ui/app_options.py): only a command, ``--help`` or a
command line the app's own parser gives up on builds the argparse parser.
"""

from __future__ import annotations

import faulthandler
import gc
import logging
import os
import sys
from pathlib import Path

from .app_options import APP_OPTIONS, FLAG, BadValue, parse_app_options

log = logging.getLogger("companion")


COMMANDS = ("simulate", "roll", "score", "export", "import", "verify")


def build_parser():
    """The whole command line as an argparse parser: the app's options and the commands."""
    # deferred: start-up time (argparse; no pygame in any of them)
    from .commands import export, roll, score, simulate, verify
    from .commands.parser import OneLineParser  # deferred: as above

    parser = OneLineParser(
        prog="companion",
        description="Tabletop companion: Citadels draft, Troyes and Tiletum dice, final scoring.",
    )
    for option, value, help_text in APP_OPTIONS:
        if value is FLAG:
            parser.add_argument(option, action="store_true", help=help_text)
        elif isinstance(value, tuple):
            parser.add_argument(option, choices=value, help=help_text)
        else:
            parser.add_argument(option, type=argparse_type(value), help=help_text)
    commands = parser.add_subparsers(
        title="commands", metavar="COMMAND", parser_class=OneLineParser,
        description="without one, the app runs; each has its own --help")
    for name, module in zip(COMMANDS, (simulate, roll, score, export.EXPORT, export.IMPORT,
                                       verify)):
        command = commands.add_parser(name, help=module.HELP, description=module.HELP)
        module.configure(command)  # each game's subcommand sets its own ``run``
    return parser


def argparse_type(convert):
    """``convert`` as an argparse type: a ``BadValue`` says its own message; another error is
    argparse's "invalid <name> value"."""
    import argparse  # deferred: start-up time

    def argument(text: str):
        try:
            return convert(text)
        except BadValue as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    argument.__name__ = convert.__name__
    return argument


def parse_command_line(argv: list[str]):
    """The command line's meaning: the app's options by their own parser, else by argparse
    (which also says, in one line and exit code 2, what is wrong)."""
    return parse_app_options(argv) or build_parser().parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script: its exit code (2 for any mistake in the input)."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        args = parse_command_line(argv)
    except SystemExit as stop:  # --help (0) or a mistake, already said in one line (2)
        return stop.code or 0
    if getattr(args, "run", None) is not None:  # a command: simulate, roll, score, export…
        return args.run(args)
    # Start-up makes ~18,000 objects that live as long as the app and no garbage: no collection
    # until the first frame (~2.5 ms of them here); App.run then freezes what there is and
    # collection goes on as usual.
    gc.disable()
    # deferred, as every import below: start-up time (a command imports no pygame)
    from .logs import set_up

    set_up(args.log_level)
    try:
        faulthandler.enable()  # a crash in native code (SDL, a driver) logs where Python was
    except (OSError, ValueError):  # stderr is not a file (a caller captured it)
        pass
    if args.script and not args.headless:
        return failed("--script needs --headless")
    script = None
    if args.script:
        from .commands.text_io import InputError, read_text  # deferred: only a scripted run
        from .script import ScriptError, parse  # deferred: as above

        try:
            script = parse(read_text(str(args.script)))
        except InputError as exc:
            return failed(exc)
        except ScriptError as exc:
            return failed(f"{args.script}: {exc}")

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from dataclasses import replace  # deferred: start-up time

    from .config import load_config  # deferred: start-up time
    from .display import NoDisplay  # deferred: start-up time

    config = load_config(args.config)
    if args.data_dir:
        config = replace(config, data_dir=args.data_dir)
    from storage.lock import AlreadyRunning  # deferred: start-up time

    from hw.clock import REAL, VirtualClock  # deferred: start-up time

    from .compose import build_app  # deferred: start-up time (pygame)

    clock = REAL if script is None else VirtualClock()  # a script's holds and waits: its own
    try:
        app = build_app(config, headless=args.headless, hardware_after_first_frame=script is None,
                  clock=clock)
    except NoDisplay as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    except AlreadyRunning as exc:
        return failed(exc)
    if args.seed is not None:
        app.seeds = iter(range(args.seed, args.seed + 1_000_000))
    if args.lang:
        app.set_language(args.lang)
        while app.top.name == "language":
            app.pop()
    if script is None:
        return app.run()
    return run_script(app, script, args.screenshots, args.script)


def failed(message) -> int:
    """Say what stops the app (``companion: ...``): its exit code, 2."""
    from .commands.text_io import fail  # deferred: start-up time (only a start that fails)

    return fail("companion", message)


def run_script(app, script, screenshots: Path | None, name) -> int:
    """Carry out a parsed script; 0 on success, 1 with the failing line otherwise."""
    from .script import ScriptError, ScriptRunner  # deferred: only a scripted run

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
