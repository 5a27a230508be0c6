"""What the kiosk does once its first frame is shown (docs/architecture.md "Start-up"): garbage
collection back on, the hardware that waited, signal handling, and READY to systemd."""

from __future__ import annotations

import gc
import logging

log = logging.getLogger("ui.app")


def after_first_frame(app) -> None:
    log.info("first frame on screen: %s", app.display.describe())
    collect_from_now_on()
    app.open_pending_hardware()
    app.timers.install_signal_handlers()  # and the sleeper: after the first frame
    app.notifier.send("READY=1")
    app.timers.ready = True
    app.when_idle(app.store.keep_sums)  # before the first write, not before the first frame
    log.info("ready: first frame shown")


def collect_from_now_on() -> None:
    """Garbage collection, if the start-up turned it off (``ui/cli.py``): what exists now is
    frozen (it lives as long as the app: later collections need not look at it)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()
