"""Start-up imports only what the chosen backend needs, and the kiosk shows its first frame
before it opens GPIO (issue 19: start-up to first frame ≤ 1.5× a minimal pygame-ce program;
bench/bench_startup.py measures it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hw.controls import Control

ROOT = Path(__file__).resolve().parent.parent


def modules_after_start(tmp_path, backend: str) -> set[str]:
    """The modules a headless app has imported once its first frame is drawn."""
    code = ("import sys\nfrom dataclasses import replace\nfrom pathlib import Path\n"
            "from ui.app import App\nfrom ui.config import load_config\n"
            f"c = replace(load_config(Path({str(tmp_path / 'x.toml')!r})), "
            f"data_dir=Path({str(tmp_path)!r}), language='en')\n"
            f"app = App(c, headless=True, env={{'COMPANION_HW': {backend!r}}}, "
            "gpio_after_first_frame=True)\napp.render()\nprint(' '.join(sys.modules))\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=60, check=True).stdout
    return set(out.split())


def test_the_first_frame_imports_no_gpio_library_and_nothing_for_later(tmp_path):
    """gpiozero (and the GPIO chip's library) waits until after the first frame; OpenSSL,
    sockets and subprocesses wait until they are used."""
    loaded = modules_after_start(tmp_path, "mock")
    for later in ("gpiozero", "hashlib", "socket", "subprocess", "ctypes"):
        assert later not in loaded, later


def test_auto_without_a_gpio_chip_never_imports_gpiozero(tmp_path, monkeypatch):
    from hw import backend

    monkeypatch.setattr(backend, "GPIO_CHIPS", str(tmp_path / "gpiochip*"))
    for name in [m for m in sys.modules if m.startswith("gpiozero")]:
        monkeypatch.delitem(sys.modules, name)
    hardware = backend.open_hardware("auto", {}, lambda _e: None, env={}, threaded=False)
    assert hardware.gpio is None and hardware.backends == ["keyboard"]
    assert not any(m.startswith("gpiozero") for m in sys.modules)
    hardware.close()


def test_gpio_opens_after_the_first_frame_and_its_seat_buttons_count_at_once(tmp_path):
    from dataclasses import replace

    from ui.app import App
    from ui.config import load_config

    config = replace(load_config(tmp_path / "x.toml"), data_dir=tmp_path, language="en",
                     pins={"ok": 26, "seat1": 4})
    app = App(config, headless=True, env={"COMPANION_HW": "mock"}, gpio_after_first_frame=True)
    try:
        assert app.hw.gpio is None and app.hw.pending is not None
        assert app.has_seat_button(1) and not app.has_seat_button(2)  # as the config says
        app._open_pending_hardware()
        assert app.hw.gpio is not None and app.has_seat_button(1)
        app.hw.mock_factory.pin(26).drive_low()
        assert app.hw.input.is_pressed(Control.OK)
    finally:
        app.close()
