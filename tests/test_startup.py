"""Start-up imports only what the chosen backend needs, and the kiosk shows its first frame
before it opens GPIO (issue 19: start-up to first frame ≤ 1.5× a minimal pygame-ce program;
issue 39: ≤ 1.2×; bench/bench_startup.py measures it)."""

from __future__ import annotations

import sys
from pathlib import Path

from conftest import run_fresh
from hw.controls import Control

ROOT = Path(__file__).resolve().parent.parent


def modules_after_start(tmp_path, backend: str, config: Path | None = None) -> set[str]:
    """The modules a headless app has imported once its first frame is drawn (``config``:
    the config file, none by default)."""
    config = config or tmp_path / "x.toml"
    code = ("import sys\nfrom dataclasses import replace\nfrom pathlib import Path\n"
            "from ui.compose import build_app\nfrom ui.config import load_config\n"
            f"c = replace(load_config(Path({str(config)!r})), "
            f"data_dir=Path({str(tmp_path)!r}), language='en')\n"
            f"app = build_app(c, headless=True, env={{'COMPANION_HW': {backend!r}}}, "
            "hardware_after_first_frame=True)\napp.render()\nprint(' '.join(sys.modules))\n")
    return set(run_fresh(code).split())


# The project's modules the first frame may import (issue 39): each costs ~0.4 M instructions
# or more (bench/bench_startup.py). One not needed to draw home belongs after it: imported when
# used, or by the idle work (ui/prepare.py). Adding one here needs a reason.
FIRST_FRAME_MODULES = {
    "companion", "companion.games",
    "hw", "hw.backend", "hw.clock", "hw.controls", "hw.filters", "hw.inputs", "hw.keyboard",
    "hw.outputs", "hw.pins",
    "storage", "storage.json_stream", "storage.lock", "storage.opening", "storage.store",
    "ui", "ui.app", "ui.compose", "ui.config", "ui.display", "ui.events", "ui.fingers",
    "ui.first_frame", "ui.fonts", "ui.frames", "ui.geometry", "ui.glyphs", "ui.hub_presenter",
    "ui.i18n", "ui.icons", "ui.idle", "ui.input_router", "ui.josa", "ui.overlays", "ui.plurals",
    "ui.private_guard", "ui.quiet_time", "ui.registry", "ui.screens", "ui.screens.base",
    "ui.screens.home", "ui.screens.kept", "ui.sdnotify", "ui.simple_toml", "ui.speech",
    "ui.theme", "ui.timers", "ui.values", "ui.wakeup", "ui.widgets",
}
# What the first frame never needs: each a cost measured on its path once (issues 19, 39).
LATER = ("gpiozero", "hashlib", "socket", "subprocess", "ctypes", "signal", "zipfile",
         "importlib.readers", "importlib.metadata", "tomllib", "argparse", "logging.handlers",
         "email", "decimal", "statistics", "asyncio", "ui.prepare", "ui.screens.language",
         "hw.input_devices", "companion.session", "companion.rng",
         # the sqlite3 package (its datetime adapters: the store uses its C module, _sqlite3)
         # and Statistics' triggers, made before the first write (issue 39: ~13 M)
         "sqlite3", "datetime", "storage.aggregates",
         # screens that only a tap opens, and the command line's text files
         "ui.screens.listing", "ui.screens.ask", "ui.screens.name_lists", "ui.commands")


def test_the_first_frame_imports_no_gpio_library_and_nothing_for_later(tmp_path):
    """gpiozero (and the GPIO chip's library) waits until after the first frame; OpenSSL,
    sockets, subprocesses and signal handling wait until they are used; pygame's own window
    icon is never loaded (its resource reader brings zipfile: the app sets its own icon); the
    kiosk's config file is read without tomllib (ui/simple_toml.py); the idle work's modules,
    the language question (a first start's) and the console's input devices (the loop's
    sleep) come after the first frame; and no project module outside FIRST_FRAME_MODULES. As
    every start after a device's first (which writes the messages' cache, ui/i18n)."""
    modules_after_start(tmp_path, "mock")
    for config in (None, ROOT / "systemd" / "config.example.toml"):
        loaded = modules_after_start(tmp_path, "mock", config)
        for later in LATER:
            assert later not in loaded, later
        ours = {m for m in loaded if m.split(".")[0] in ("ui", "hw", "storage", "companion")}
        assert ours <= FIRST_FRAME_MODULES, sorted(ours - FIRST_FRAME_MODULES)


def test_auto_without_a_gpio_chip_never_imports_gpiozero(tmp_path, monkeypatch):
    from hw import backend

    monkeypatch.setattr(backend, "GPIO_CHIP_FOLDER", str(tmp_path))
    for name in [m for m in sys.modules if m.startswith("gpiozero")]:
        monkeypatch.delitem(sys.modules, name)
    hardware = backend.open_hardware("auto", {}, lambda _e: None, env={}, threaded=False)
    assert hardware.gpio is None and hardware.backends == ["keyboard"]
    assert not any(m.startswith("gpiozero") for m in sys.modules)
    hardware.close()


def test_auto_on_a_board_with_a_gpio_chip_that_is_not_a_pi_is_quiet(tmp_path, monkeypatch):
    """QEMU's arm64 board (and many laptops) have a GPIO chip; gpiozero's pin libraries drive
    only a Pi's, so "auto" uses the keyboard there without a word (vm-test ARCH=arm64 saw an
    error and a notice for it)."""
    from hw import backend

    (tmp_path / "gpiochip0").touch()
    model = tmp_path / "model"
    model.write_bytes(b"linux,dummy-virt\0")
    monkeypatch.setattr(backend, "GPIO_CHIP_FOLDER", str(tmp_path))
    monkeypatch.setattr(backend, "BOARD_MODEL", str(model))
    for name in [m for m in sys.modules if m.startswith("gpiozero")]:
        monkeypatch.delitem(sys.modules, name)
    hardware = backend.open_hardware("auto", {}, lambda _e: None, env={}, threaded=False)
    assert hardware.backends == ["keyboard"] and hardware.notices == []
    assert not any(m.startswith("gpiozero") for m in sys.modules)
    hardware.close()
    model.write_bytes(b"Raspberry Pi 3 Model B Plus Rev 1.3\0")
    assert backend.is_raspberry_pi()
    monkeypatch.setattr(backend, "BOARD_MODEL", str(tmp_path / "absent"))
    assert not backend.is_raspberry_pi()


def test_a_gpio_chip_is_a_gpiochip_device_in_the_folder(tmp_path, monkeypatch):
    from hw import backend

    monkeypatch.setattr(backend, "GPIO_CHIP_FOLDER", str(tmp_path))
    (tmp_path / "gpiomem").touch()
    assert not backend.has_gpio_chip()
    (tmp_path / "gpiochip4").touch()
    assert backend.has_gpio_chip()
    monkeypatch.setattr(backend, "GPIO_CHIP_FOLDER", str(tmp_path / "absent"))
    assert not backend.has_gpio_chip()


def test_gpio_opens_after_the_first_frame_and_its_seat_buttons_count_at_once(tmp_path):
    from dataclasses import replace

    from ui.compose import build_app
    from ui.config import load_config

    config = replace(load_config(tmp_path / "x.toml"), data_dir=tmp_path, language="en",
                     pins={"ok": 26, "seat1": 4})
    app = build_app(config, headless=True, env={"COMPANION_HW": "mock"},
                    hardware_after_first_frame=True)
    try:
        assert app.hw.gpio is None and "gpio" in app.hw.pending
        assert app.has_seat_button(1) and not app.has_seat_button(2)  # as the config says
        app.open_pending_hardware()
        assert app.hw.gpio is not None and app.has_seat_button(1)
        app.hw.mock_factory.pin(26).drive_low()
        assert app.hw.input.is_pressed(Control.OK)
    finally:
        app.close()


def test_the_seat_hub_opens_after_the_first_frame_and_shows_the_lights_set_before(tmp_path):
    """The hub's thread (pyserial, looking for its port) starts after the first frame; the
    debug strip is not drawn meanwhile, since lights will be attached; the seat lights set by
    the first frame reach the hub once it is open."""
    from hw import backend
    from hw.outputs import LedMode

    hardware = backend.open_hardware("keyboard", {}, lambda _e: None, env={}, threaded=False,
                                     hub=str(tmp_path / "no-such-port"), later=True)
    try:
        assert hardware.hub is None and list(hardware.pending) == ["seat hub"]
        assert hardware.has_physical_outputs
        hardware.outputs.set_seat(3, LedMode.ON, "00FF00")
        assert hardware.open_pending() == []
        assert hardware.hub is not None and "seat hub" in hardware.backends
        assert hardware.hub._lights[3] == ("00FF00", "STEADY")
        assert not hardware.pending and hardware.has_physical_outputs
    finally:
        hardware.close()


def test_without_pending_hardware_or_lights_the_debug_strip_is_drawn(tmp_path):
    from hw import backend

    hardware = backend.open_hardware("keyboard", {}, lambda _e: None, env={}, threaded=False,
                                     later=True)
    try:
        assert not hardware.pending and not hardware.has_physical_outputs
    finally:
        hardware.close()


def test_garbage_collection_comes_back_after_the_first_frame_with_start_up_frozen():
    """ui/cli.py turns collection off for the start; the first frame turns it on again, with
    what exists then frozen. An app started another way (tests) is left as it was."""
    import gc

    from ui.first_frame import collect_from_now_on

    try:
        gc.disable()
        collect_from_now_on()
        assert gc.isenabled() and gc.get_freeze_count() > 0
        gc.unfreeze()
        collect_from_now_on()
        assert gc.isenabled() and gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()
        gc.enable()


def test_after_the_idle_work_a_first_tap_on_each_home_button_imports_nothing(tmp_path):
    """Issue 39: a first tap on Citadels, Troyes, Tiletum or Settings imported its game's
    engine and screens (44-67 modules: 160-330 M instructions, ~0.3 s on a Pi 3); the kept
    games' button, their list's screen (start-up leaves it out). The idle
    work after the first frame imports them (ui/prepare.py ``tap_modules``), one module a
    task; then no tap on home imports a module (in a fresh interpreter: this process has
    imported everything already)."""
    code = ("import sys\nfrom dataclasses import replace\nfrom pathlib import Path\n"
            "from ui.compose import build_app\nfrom ui.config import load_config\n"
            "from ui.script import ScriptRunner, parse\n"
            f"c = replace(load_config(Path({str(tmp_path / 'x.toml')!r})), "
            f"data_dir=Path({str(tmp_path)!r}), language='en')\n"
            "app = build_app(c, headless=True, env={'COMPANION_HW': 'mock'})\n"
            "app.render()\napp.finish_idle_work()\n"
            "for button in ('citadels', 'troyes', 'tiletum', 'history', 'settings', 'kept'):\n"
            "    before = set(sys.modules)\n"
            "    ScriptRunner(app, None).run(parse(f'TAP @{button}'))\n"
            "    print(button, *sorted(set(sys.modules) - before))\n"
            "    app.pop_to('home')\n")
    out = run_fresh(code)
    imported = [line for line in out.splitlines() if len(line.split()) > 1]
    assert len(out.splitlines()) == 6 and imported == [], imported


def test_the_idle_work_imports_what_a_tap_would_before_drawing_any_syllable(tmp_path):
    """In Korean the idle work drew the messages' syllables first (~2 G instructions, ~4 s on a
    Pi 3), so a tap in the first seconds still imported its game (0.3-0.6 s there). The
    imports now come first: when every module a home button's tap imports is imported, the
    messages' syllables are still to be drawn (under 1 % of the pieces the idle work draws:
    home's own rehearsal of History, queued before the idle work, draws its few) (in a fresh
    interpreter: this process has imported everything already)."""
    code = ("import sys\nfrom dataclasses import replace\nfrom pathlib import Path\n"
            "from ui.compose import build_app\nfrom ui.config import load_config\n"
            f"c = replace(load_config(Path({str(tmp_path / 'x.toml')!r})), "
            f"data_dir=Path({str(tmp_path)!r}), language='ko')\n"
            "app = build_app(c, headless=True, env={'COMPANION_HW': 'mock'})\n"
            "app.render()\nfirst = app.fonts.pieces.drawn\napp.idle.run_one()\n"
            "from ui.prepare import tap_modules\nwanted = tap_modules()\n"
            "while app.idle.tasks and not all(m in sys.modules for m in wanted):\n"
            "    app.idle.run_one()\n"
            "print(all(m in sys.modules for m in wanted), app.fonts.pieces.drawn - first)\n"
            "app.finish_idle_work()\nprint(app.fonts.pieces.drawn - first)\n")
    ready, drawn_by_then, drawn_in_all = run_fresh(code).split()
    assert ready == "True" and int(drawn_in_all) > 1000
    assert int(drawn_by_then) * 100 < int(drawn_in_all)
