"""The ``companion`` command: runs the app (windowed, full screen, headless or scripted)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("companion")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
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
    parser.add_argument("--log-level", default=os.environ.get("COMPANION_LOG", "INFO"),
                        help="DEBUG, INFO (default), WARNING or ERROR")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["simulate"]:
        from .simulate_cli import main as simulate

        return simulate(argv[1:])
    if argv[:1] == ["roll"]:
        from .roll_cli import main as roll

        return roll(argv[1:])
    if argv[:1] == ["score"]:
        from .score_cli import main as score

        return score(argv[1:])
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    if args.script and not args.headless:
        print("companion: --script needs --headless", file=sys.stderr)
        return 2
    script = None
    if args.script:
        from .script import ScriptError, parse

        try:
            script = parse(args.script.read_text(encoding="utf-8"))
        except OSError as exc:
            print(f"companion: cannot read script: {exc}", file=sys.stderr)
            return 2
        except ScriptError as exc:
            print(f"companion: {args.script}: {exc}", file=sys.stderr)
            return 2

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from dataclasses import replace

    from .config import load_config
    from .display import NoDisplay

    config = load_config(args.config)
    if args.data_dir:
        config = replace(config, data_dir=args.data_dir)
    from .app import App

    try:
        app = App(config, headless=args.headless)
    except NoDisplay as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
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
