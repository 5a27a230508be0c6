"""Untrusted input never raises (issue 15): whatever a score file or a command line holds, the
``companion`` command exits 0 or 2, and 2 comes with exactly one line on stderr."""

from __future__ import annotations

import copy
import io
import json
import operator
import signal
import sys
from contextlib import redirect_stderr, redirect_stdout
from functools import reduce

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.citadels.catalogue import EDITIONS
from companion.citadels.scoring import FIELDS as CITADELS_FIELDS
from companion.names import drawable
from companion.tiletum.scoring import FIELDS as TILETUM_FIELDS
from companion.troyes.scoring import FIELDS as TROYES_FIELDS
from ui.cli import main

GAMES = ("citadels", "troyes", "tiletum")
FIELD_NAMES = sorted({*CITADELS_FIELDS, *TROYES_FIELDS, *TILETUM_FIELDS, "edition", "players",
                      "extra"})
VALID = {
    "citadels": {"edition": "2016", "players": [
        {"name": "Mina", "city": ["manor", "castle"], "gold": 2, "characters": ["king"]},
        {"name": "Joon", "city": ["palace"], "decorated": [], "completed": None}]},
    "troyes": {"players": [
        {"name": "Mina", "tokens": 20, "unresolved_events": 2, "worker_vp": 3,
         "cathedral_levels": [1, 2], "character_points": [4, 0, 2]},
        {"name": "Joon", "character_points": [1, 2, 3]},
        {"name": "Seo", "character_points": [0, 0, 0]}]},
    "tiletum": {"players": [
        {"name": "Blue", "vp": 40, "trading_posts": 5, "pillars": 5, "completed_buildings": 4,
         "resources": {"iron": 3, "gold": 5}, "turn_order": 2},
        {"name": "Red", "turn_order": 1}]},
}
FAST = settings(max_examples=400, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def too_slow(*_):
    raise TimeoutError("no answer within 5 s")


def companion(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """``main(argv)`` in this process with ``stdin`` as its standard input (bytes under a text
    stream, as the real one): exit code, stdout, stderr. A run longer than 5 s fails."""
    out, err, saved = io.StringIO(), io.StringIO(), sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.setitimer(signal.ITIMER_REAL, 5)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(argv)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def check_exit(code: int, out: str, err: str) -> None:
    """0 and nothing on stderr, or 2 and exactly one line on stderr."""
    assert code in (0, 2), (code, err)
    if code == 2:
        assert err.endswith("\n") and len(err.splitlines()) == 1, err
        assert "Traceback" not in err
    else:
        assert err == ""


def check_score(game: str, stdin: bytes) -> int:
    """Score ``stdin`` as JSON and as text: the same exit code, the result or one line."""
    code, out, err = companion(["score", game, "-", "--json"], stdin)
    check_exit(code, out, err)
    if code == 0:
        result = json.loads(out)
        assert len(result["ranking"]) == len(result["players"]) >= 2
        assert all(drawable(p["name"]) for p in result["players"])
    text = companion(["score", game, "-"], stdin)
    check_exit(*text)
    assert text[0] == code and (code == 2 or text[1].startswith("1. "))
    return code


# --- JSON from random structures, as text (so integers may be longer than Python prints) ------

scalars = st.one_of(
    st.just("null"), st.just("true"), st.just("false"),
    st.integers(-10**7, 10**7).map(str),
    st.integers(1, 6000).map(lambda n: "9" * n),  # 4,301 digits and more
    st.floats(allow_nan=True, allow_infinity=True).map(json.dumps),
    st.text(max_size=40).map(json.dumps),  # unicode, controls, zero-width, surrogates
)
json_texts = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5).map(lambda items: f"[{','.join(items)}]"),
        st.lists(st.tuples(st.sampled_from(FIELD_NAMES) | st.text(max_size=8), inner),
                 max_size=5).map(lambda pairs: "{" + ",".join(
                     f"{json.dumps(k)}:{v}" for k, v in pairs) + "}")),
    max_leaves=30)


@FAST
@given(game=st.sampled_from(GAMES), text=json_texts)
def test_score_random_json_structures(game, text):
    check_score(game, text.encode("utf-8", "surrogatepass"))
    check_score(game, f'{{"edition": "2016", "players": {text}}}'.encode("utf-8",
                                                                         "surrogatepass"))


# --- the real inputs with a random value in a random place --------------------------------------

leaves = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 20), st.integers(-10**30, 10**30),
    st.floats(allow_nan=False), st.text(max_size=30))
tricky = st.sampled_from(["manor", "king", "iron", "2016", "classic", "", " ", "\u200b", "a\x00b",
                          "x" * 30, "Mi\u2028na", "Mi\nna", -1, 10**6, 10**6 + 1, True, 1.5])
nested = st.recursive(leaves | tricky, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.sampled_from(FIELD_NAMES) | st.text(max_size=6), inner, max_size=4), max_leaves=10)
json_values = st.sampled_from([tricky, leaves, nested]).flatmap(lambda values: values)


def places(node, path=()):
    """The path (keys and indices) of every value inside a JSON value."""
    yield path
    children = node.items() if isinstance(node, dict) else enumerate(node) \
        if isinstance(node, list) else ()
    for key, child in children:
        yield from places(child, (*path, key))


@st.composite
def mutated(draw, game: str):
    """A valid input of ``game`` with one or two values, anywhere inside it, replaced by random
    ones (or random keys added)."""
    data = copy.deepcopy(VALID[game])
    for _ in range(draw(st.integers(1, 2))):
        *path, key = draw(st.sampled_from(list(places(data))[1:]))
        parent = reduce(operator.getitem, path, data)
        if isinstance(parent, dict) and draw(st.booleans()):
            key = draw(st.sampled_from(FIELD_NAMES))
        parent[key] = draw(json_values)
    return data


@FAST
@given(data=st.data(), game=st.sampled_from(GAMES))
def test_score_real_inputs_with_a_wrong_value_anywhere(data, game):
    value = data.draw(mutated(game))
    check_score(game, json.dumps(value).encode("utf-8", "surrogatepass"))


def test_the_valid_inputs_score():
    """The fuzzed inputs start from inputs that score (so a mutation can make them fail)."""
    for game in GAMES:
        assert check_score(game, json.dumps(VALID[game]).encode()) == 0


@settings(max_examples=30, deadline=None)
@given(game=st.sampled_from(GAMES), depth=st.integers(500, 200_000),
       opener=st.sampled_from(["[", '{"a":', '{"players":[']))
def test_score_deep_nesting(game, depth, opener):
    closer = {"[": "]", '{"a":': "}", '{"players":[': "]}"}[opener]
    assert check_score(game, (opener * depth + "1" + closer * depth).encode()) == 2


@FAST
@given(game=st.sampled_from(GAMES), data=st.binary(max_size=200))
def test_score_random_bytes_on_stdin_and_in_a_file(tmp_path_factory, game, data):
    check_score(game, data)
    path = tmp_path_factory.getbasetemp() / "fuzz-score.bin"
    path.write_bytes(b"\xff" + data)  # never UTF-8
    code, out, err = companion(["score", game, str(path)])
    check_exit(code, out, err)
    assert code == 2 and "not UTF-8" in err


# --- command lines ------------------------------------------------------------------------------

BAD = st.text(max_size=12) | st.sampled_from(["-1", "13", "1e3", "9" * 5000, "10000000,1", ""]) \
    | st.integers().map(str)


def joined(values) -> str:
    return ",".join(map(str, values))


def command(head: list[str], options: dict) -> st.SearchStrategy[list[str]]:
    """``head`` then each option (nearly always there) with a value (mostly a plausible one,
    else anything), in a drawn order, and perhaps a flag."""
    def option(name, valid):
        value = st.integers(0, 5).flatmap(lambda i: BAD if i == 0 else valid)
        return st.tuples(st.integers(0, 19), value).map(
            lambda drawn: [name, drawn[1]] if drawn[0] else [])

    flags = st.sampled_from([[], [], ["--json"], ["-x"], ["stray\nword"]])
    return st.tuples(*(option(name, valid) for name, valid in options.items()), flags).flatmap(
        st.permutations).map(lambda parts: head + [word for part in parts for word in part])


def roll_troyes(players: int) -> st.SearchStrategy[list[str]]:
    building = st.lists(st.integers(0, 12), min_size=players, max_size=players).map(joined)
    return command(["roll", "troyes"], {
        "--town-hall": building, "--bishopric": building, "--palace": building,
        "--neutral": st.lists(st.integers(0, 12), min_size=3, max_size=3).map(joined),
        "--black": st.integers(0, 12).map(str), "--seed": st.integers().map(str)})


def simulate(name: str, players: int) -> st.SearchStrategy[list[str]]:
    return command(["simulate", name], {
        "--edition": st.sampled_from(EDITIONS), "--players": st.just(str(players)),
        "--crown": st.integers(1, players).map(str), "--seed": st.integers().map(str),
        "--characters": st.sampled_from(["first-game", "random", "assassin,thief"])})


ROLL_TROYES = st.sampled_from([1, 2, 2, 3, 3, 4, 4, 5]).flatmap(roll_troyes)
ROLL_TILETUM = command(["roll", "tiletum"], {
    "--players": st.integers(2, 4).map(str), "--round": st.integers(1, 4).map(str),
    "--seed": st.integers().map(str)})
SIMULATE = st.tuples(st.sampled_from(["citadels-draft", "citadels-game"]),
                     st.integers(1, 9)).flatmap(lambda drawn: simulate(*drawn))
TOP = st.lists(st.sampled_from(["--log-level", "NOPE", "debug", "--seed", "x", "--lang", "fr",
                                "--help", "score", "troyes", "-"]), max_size=4)


@FAST
@given(argv=ROLL_TROYES | ROLL_TILETUM | SIMULATE | TOP.map(lambda top: top + ["roll"]))
def test_command_lines_exit_0_or_2(argv):
    code, out, err = companion(argv)
    check_exit(code, out, err)
    assert code == 2 or out.strip(), "a run that succeeds prints its result"
