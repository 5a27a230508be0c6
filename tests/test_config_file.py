"""The config file: defaults, every key read, and every kind of mistake explained."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from hw.pins import DEFAULT_PINS
from ui.config import SYSTEM_CONFIG, default_path, load_config

FULL = """
language = "ko"
rotation = 180
data_dir = "/srv/companion"
hold_time = 1.2
debounce = 0.05
fullscreen = true
debug_strip = false
sound = false
roster = ["Mina", " Joon "]

[hardware]
backend = "gpio"

[pins]
up = 2
down = 3
left = 4
right = 17
ok = 27
back = 22
seat1 = 10
status_led = 9
buzzer = 11
seat_led1 = 25
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_missing_file_means_defaults_and_no_errors(tmp_path):
    config = load_config(tmp_path / "nope.toml", env={"HOME": str(tmp_path)})
    assert config.errors == ()
    assert (config.language, config.rotation, config.backend) == (None, "auto", "auto")
    assert config.pins == DEFAULT_PINS
    assert config.data_dir == tmp_path / ".local/share/companion"


def test_every_key_is_read(tmp_path):
    config = load_config(write(tmp_path, FULL), env={})
    assert config.errors == ()
    assert config.language == "ko" and config.rotation == 180
    assert config.data_dir == Path("/srv/companion")
    assert config.database == Path("/srv/companion/companion.sqlite3")
    assert (config.hold_time, config.debounce) == (1.2, 0.05)
    assert (config.fullscreen, config.debug_strip, config.sound) == (True, False, False)
    assert config.backend == "gpio"
    assert config.roster == ("Mina", "Joon")
    assert config.pins["seat1"] == 10 and config.pins["seat_led1"] == 25 and config.pins["up"] == 2


@pytest.mark.parametrize("text, words", [
    ("rotation = [", ["not valid TOML"]),
    ("colour = 'red'", ["unknown key 'colour'"]),
    ("[pins]\nokay = 5", ["unknown pin name 'okay'"]),
    ("[pins]\nok = 28", ["pin 28", "'ok'", "0-27"]),
    ("[pins]\nok = 'GPIO5'", ["'GPIO5'", "'ok'"]),
    ("[pins]\nup = 5\nok = 5", ["GPIO 5 is used twice", "'up'", "'ok'"]),
    ("pins = 5", ["[pins] must be a table"]),
    ("rotation = 45", ["rotation = 45", "0, 90, 180 or 270"]),
    ("rotation = true", ["rotation = True"]),
    ("language = 'fr'", ["language = 'fr'", "ko, en"]),
    ("hold_time = 0", ["hold_time"]),
    ("debounce = 2", ["debounce"]),
    ("sound = 'yes'", ["sound"]),
    ("roster = 'Mina'", ["roster", "list of up to 8 names"]),
    ("roster = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']", ["roster"]),
    ("roster = ['Mina', '']", ["roster"]),
    ("[hardware]\nbackend = 'spi'", ["hardware.backend = 'spi'"]),
    ("[hardware]\npins = 3", ["unknown key 'hardware.pins'"]),
])
def test_a_mistake_is_named_and_the_whole_file_is_ignored(tmp_path, text, words):
    if "language" not in text:
        text = "language = 'ko'\n" + text  # a good line too: it must be ignored with the bad
    config = load_config(write(tmp_path, text), env={})
    message = " | ".join(config.errors)
    assert config.errors, "no error reported"
    for word in words:
        assert word in message
    assert str(tmp_path / "config.toml") in message  # says which file
    assert config.language is None and config.pins == DEFAULT_PINS  # defaults, not half a file


def test_several_mistakes_are_all_reported(tmp_path):
    config = load_config(write(tmp_path, "rotation = 45\nlanguage = 'fr'\n[pins]\nup = 99\n"), env={})
    assert len(config.errors) == 3


def test_unreadable_file_is_an_error_not_a_crash(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b"language = '\xff\xfe'\n")
    assert "cannot read" in load_config(path, env={}).errors[0]
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    assert "cannot read" in load_config(folder, env={}).errors[0]


def test_config_location_follows_the_environment(tmp_path):
    assert not SYSTEM_CONFIG.exists()  # this machine is not an installed Pi
    assert default_path({"COMPANION_CONFIG": "/x/c.toml"}) == Path("/x/c.toml")
    assert default_path({"XDG_CONFIG_HOME": "/cfg", "HOME": "/h"}) == Path("/cfg/companion/config.toml")
    assert default_path({"HOME": "/h"}) == Path("/h/.config/companion/config.toml")


def test_data_dir_defaults_follow_xdg(tmp_path):
    config = load_config(tmp_path / "none.toml", env={"XDG_DATA_HOME": "/d", "HOME": "/h"})
    assert config.data_dir == Path("/d/companion")


# --- load_config never raises, whatever the file holds (issue 15) -------------------------------

def assert_rejected(config, *words):
    message = " | ".join(config.errors)
    assert config.errors and all(word in message for word in words), message
    assert config.language is None and config.roster == () and config.pins == DEFAULT_PINS


@pytest.mark.parametrize("value", ["[" * 500 + "]" * 500, "{a = " * 500 + "1" + "}" * 500])
def test_config_nested_500_deep(tmp_path, value):
    assert_rejected(load_config(write(tmp_path, f"language = 'ko'\nx = {value}\n"), env={}),
                    "not valid TOML", "nested too deeply")


def test_config_integer_of_5000_digits(tmp_path):
    assert_rejected(load_config(write(tmp_path, "language = 'ko'\nrotation = " + "9" * 5000),
                                env={}), "not valid TOML")


@pytest.mark.parametrize("entry, message", [
    (r'"\u200b"', r"roster[2] = '\u200b': cannot be drawn (control, zero-width or unassigned"),
    (r'"a\u0000b"', r"roster[2] = 'a\x00b': cannot be drawn (control, zero-width or unassigned"),
    (r'"\u0301"', "cannot be drawn (only spaces or combining marks)"),
    ('"' + "x" * 25 + '"', "cannot be drawn (more than 24 characters)"),
    ("3", "roster[2] = 3: cannot be drawn (not text)"),
])
def test_roster_names_that_cannot_be_drawn(tmp_path, entry, message):
    config = load_config(write(tmp_path, f"language = 'ko'\nroster = ['Mina', {entry}]\n"), env={})
    assert_rejected(config, message)


def test_data_dir_of_an_unknown_user_or_with_a_nul(tmp_path):
    """``Path.expanduser`` raises for ``~nobody``: the folder is taken as written."""
    config = load_config(write(tmp_path, "data_dir = '~no_such_user_here/x'\n"), env={})
    assert config.errors == () and config.data_dir == Path("~no_such_user_here/x")
    assert_rejected(load_config(write(tmp_path, 'data_dir = "a\\u0000b"\n'), env={}), "data_dir")


def test_config_bigger_than_a_megabyte(tmp_path):
    assert_rejected(load_config("/dev/zero", env={}), "cannot read", "more than 1000000 bytes")


def toml(value) -> str:
    """``value`` as a TOML value (strings as JSON strings, which TOML reads the same)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return {"inf": "inf", "-inf": "-inf", "nan": "nan"}.get(repr(value), repr(value))
    if isinstance(value, list):
        return "[" + ", ".join(map(toml, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml(v)}" for k, v in value.items()) + "}"
    return json.dumps(value)


KEYS = ["language", "rotation", "data_dir", "hold_time", "debounce", "fullscreen", "debug_strip",
        "sound", "roster", "hardware", "pins"]
TRICKY = st.sampled_from(["ko", "en", "", "~", "~no_such_user/x", "auto", "mock", "2e8a:0005",
                          90, 5, 0.5, "\u200b", "a\x00b"])
LEAVES = st.sampled_from([TRICKY, TRICKY, st.booleans(), st.integers(-10**20, 10**20),
                          st.floats(), st.text(max_size=20)]).flatmap(lambda leaf: leaf)
NESTED = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=9) | st.dictionaries(
    st.sampled_from(["backend", "hub", "hub_usb_id", "ok", "up", "seat1"]) | st.text(max_size=5),
    inner, max_size=5), max_leaves=20)
VALUES = st.sampled_from([LEAVES, NESTED]).flatmap(lambda values: values)
DOCUMENTS = st.fixed_dictionaries({}, optional={key: VALUES for key in KEYS}) | st.dictionaries(
    st.text(max_size=5), VALUES, max_size=3)


@settings(max_examples=300, deadline=None)
@given(document=DOCUMENTS)
def test_load_config_never_raises(tmp_path_factory, document):
    path = tmp_path_factory.getbasetemp() / "fuzz-config.toml"
    path.write_text("\n".join(f"{json.dumps(k)} = {toml(v)}" for k, v in document.items()),
                    encoding="utf-8")
    config = load_config(path, env={})
    assert all(isinstance(e, str) and "\n" not in e for e in config.errors)
    if not config.errors:
        assert all(isinstance(n, str) and n for n in config.roster)
