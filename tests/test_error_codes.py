"""Every rule error has a code, and both catalogues say every code (issue 14).

The codes are found in the engines' source (``code="..."`` in companion/); each game's test
module lists a way to trigger each of its codes (``TRIGGERS``: code → a call that raises it). So
a new refusal without a trigger, or without Korean and English text, fails here.
"""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from companion.errors import RuleError
from ui.i18n import Catalog

import triggers_citadels
import triggers_shared
import triggers_tiletum
import triggers_troyes

ROOT = Path(__file__).resolve().parent.parent
TRIGGERS = {**triggers_shared.TRIGGERS, **triggers_citadels.TRIGGERS,
            **triggers_troyes.TRIGGERS, **triggers_tiletum.TRIGGERS}


def codes_in_source() -> dict[str, set[str]]:
    """Each ``code="..."`` given to a call in companion/, with the field names given beside it."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "companion").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            for kw in node.keywords:
                if kw.arg != "code":
                    continue
                assert isinstance(kw.value, ast.Constant), f"{path}: a code must be a literal"
                fields = {k.arg for k in node.keywords if k.arg not in (None, "code")}
                found.setdefault(kw.value.value, set()).update(fields)
    return found


def test_every_code_in_the_engines_has_a_trigger():
    missing = sorted(set(codes_in_source()) - set(TRIGGERS))
    assert not missing, f"codes with no trigger in tests/triggers_*.py: {missing}"


@pytest.mark.parametrize("code", sorted(TRIGGERS))
def test_trigger_raises_its_code_and_both_languages_say_it(code):
    with pytest.raises(RuleError) as caught:
        TRIGGERS[code]()
    error = caught.value
    assert error.code == code
    assert str(error), "the English sentence for the command line"
    for language in ("ko", "en"):
        text = Catalog.load(language).messages.get(f"error.{code}")
        assert text, f"{language}: no error.{code}"
        named = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        assert named <= set(error.fields), f"{language} error.{code} uses {named - set(error.fields)}"
        Catalog.load(language).t(f"error.{code}", **error.fields)  # renders (particles too)


def test_the_korean_texts_are_korean():
    ko = Catalog.load("ko").messages
    for key, text in ko.items():
        if key.startswith("error."):
            assert any("\uac00" <= ch <= "\ud7a3" for ch in text), key
