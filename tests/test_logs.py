"""Log lines under systemd carry their syslog priority (issue 14: "Logs by priority"), so
`journalctl -p err` finds the app's errors; elsewhere they stay plain."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import ROOT

PROGRAM = ("import logging; from ui.logs import set_up; set_up({args}); "
           "log = logging.getLogger('ui.app'); log.error('boom'); log.warning('careful'); "
           "log.info('ready'); log.debug('hidden')")


def run_logging(tmp_path, journal_stream: str | None, args: str = "'INFO'") -> list[str]:
    out = tmp_path / "stderr.txt"
    with open(out, "w") as stderr:
        stat = os.fstat(stderr.fileno())
        env = {**os.environ}
        env.pop("JOURNAL_STREAM", None)
        if journal_stream is not None:
            env["JOURNAL_STREAM"] = journal_stream.format(dev=stat.st_dev, ino=stat.st_ino)
        subprocess.run([sys.executable, "-c", PROGRAM.format(args=args)], stderr=stderr, env=env,
                       cwd=ROOT, check=True, timeout=60)
    return out.read_text().splitlines()


def test_each_line_carries_its_priority_when_stderr_is_the_journal(tmp_path):
    assert run_logging(tmp_path, "{dev}:{ino}") == [
        "<3>ERROR ui.app: boom", "<4>WARNING ui.app: careful", "<6>INFO ui.app: ready"]


def test_plain_lines_elsewhere(tmp_path):
    plain = ["ERROR ui.app: boom", "WARNING ui.app: careful", "INFO ui.app: ready"]
    assert run_logging(tmp_path, None) == plain
    # set, but for another stream (stderr redirected away from the journal)
    assert run_logging(tmp_path, "{dev}:1") == plain
    assert run_logging(tmp_path, "not-a-stream") == plain


def test_companion_log_verbose_falls_back_to_info_with_one_warning(tmp_path):
    """A bad COMPANION_LOG must not stop the app (under systemd it would restart for ever)."""
    assert run_logging(tmp_path, None, "env={'COMPANION_LOG': 'verbose'}") == [
        "WARNING ui.logs: COMPANION_LOG='verbose' is not a log level (DEBUG, INFO, WARNING, "
        "ERROR): using INFO",
        "ERROR ui.app: boom", "WARNING ui.app: careful", "INFO ui.app: ready"]


def test_companion_log_sets_the_level_in_any_case(tmp_path):
    lines = run_logging(tmp_path, None, "env={'COMPANION_LOG': 'debug'}")
    assert lines[-1] == "DEBUG ui.app: hidden" and len(lines) == 4
    assert run_logging(tmp_path, None, "env={'COMPANION_LOG': 'error'}") == ["ERROR ui.app: boom"]
    assert run_logging(tmp_path, None, "'warning', env={'COMPANION_LOG': 'debug'}") == [
        "ERROR ui.app: boom", "WARNING ui.app: careful"]  # --log-level wins
