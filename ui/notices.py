"""Notices (start-up problems, a game set aside...) said in the current language."""

from __future__ import annotations


def notice_text(t, key: str, fields: dict) -> str:
    """One notice through ``t``; a rule error in it (``error_code`` and its fields) and a
    ``reason`` (a catalogue key) said in the current language too."""
    code = fields.pop("error_code", None)
    if code is not None:
        fields = {"error": t(f"error.{code}", **fields)}
    if "reason" in fields:
        fields["reason"] = t(fields["reason"])
    return t(key, **fields)
