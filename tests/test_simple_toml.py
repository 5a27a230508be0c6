"""ui/simple_toml.py reads what it accepts exactly as tomllib does, and gives up (None) on
anything else, a file tomllib refuses included (issue 39: the kiosk's config file is read
without importing tomllib)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from ui import simple_toml

ROOT = Path(__file__).resolve().parent.parent

KEYS = st.sampled_from(["up", "ok", "hub", "data_dir", "a-b_1", "1", "true", "a.b", '"q"',
                        "a b", "", "é", "pins", "hardware"])
VALUES = st.sampled_from([
    '"auto"', '""', '"a # b"', '"é 한"', '"\t"', '"a\\"b"', '"a\\nb"', "'lit'", '"""x"""',
    '"open', "true", "false", "True", "0", "-0", "7", "-12", "007", "1_000", "+1", "0x1f",
    "0.03", "-0.5", "1.", ".5", "1e3", "1.5.2", "inf", "nan", "[1, 2]", "{a = 1}", "", "-",
    "1 2", '"a" "b"', "9" * 50,
])
COMMENTS = st.sampled_from(["", " # note", "# x", "\t#", " #\x01", " # é"])
BLANKS = st.sampled_from(["", " ", "\t", "  "])


@st.composite
def lines(draw) -> str:
    kind = draw(st.sampled_from(["pair", "pair", "pair", "table", "comment", "blank", "odd"]))
    lead, comment = draw(BLANKS), draw(COMMENTS)
    if kind == "pair":
        return f"{lead}{draw(KEYS)}{draw(BLANKS)}={draw(BLANKS)}{draw(VALUES)}{comment}"
    if kind == "table":
        name = draw(st.sampled_from(["pins", "hardware", "a", " pins ", "[x]", "a.b", ""]))
        return f"{lead}[{name}]{draw(st.sampled_from(['', ' ', 'x']))}{comment}"
    if kind == "comment":
        return f"{lead}{comment.strip() or '#'}"
    if kind == "blank":
        return lead
    return draw(st.sampled_from(["\ufeffa = 1", "a = 1\r", "[[t]]", "a.b = 1", "= 1", "x"]))


def tomllib_reads(text: str):
    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError):
        return None


@given(st.lists(lines(), max_size=8))
def test_what_it_reads_tomllib_reads_the_same_and_it_gives_up_on_the_rest(doc_lines):
    text = "\n".join(doc_lines)
    read = simple_toml.read(text)
    if read is not None:
        assert read == tomllib_reads(text), text
        assert [type(v) for v in read.values()] == [type(v) for v in tomllib.loads(text).values()]


def test_the_shipped_config_files_are_read_without_tomllib():
    for path in (ROOT / "systemd" / "config.example.toml",):
        text = path.read_text(encoding="utf-8")
        assert simple_toml.read(text) == tomllib.loads(text)


def test_what_it_gives_up_on():
    for text in ('a = "x\\ty"', "a = [1]", "a = 1\na = 2", "[t]\n[t]", "a = 1\n[a]",
                 "a.b = 1", "a = 1e3", "a = 1\r\n", "a = 01", "a = true false"):
        assert simple_toml.read(text) is None, text
    assert simple_toml.read("") == {} and simple_toml.read("# only\n\n") == {}
    assert simple_toml.read("x = -0.25 # c\n[t]\ny=\"\"") == {"x": -0.25, "t": {"y": ""}}
