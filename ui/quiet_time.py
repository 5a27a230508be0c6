"""How long a private screen left untouched waits before it hides (``PrivateGuard``): the
times Settings offers, and the words the screens say them in."""

from __future__ import annotations

QUIET_TIMES = (30.0, 60.0, 120.0, 300.0)  # s: the quiet times Settings offers


def quiet_choices(configured: float) -> tuple[float, ...]:
    """The quiet times Settings offers: ``QUIET_TIMES`` and the config file's own (such as 0,
    never, which only the config file can choose)."""
    return tuple(sorted({*QUIET_TIMES, configured}, key=lambda s: s or float("inf")))


def quiet_time(t, seconds: float) -> str:
    """A quiet time as the screens say it: "45 s", "2 min", "Off" (``t``: the catalogue's)."""
    if not seconds:
        return t("common.off")
    if seconds >= 60 and seconds % 60 == 0:
        return t("common.minutes", n=int(seconds // 60))
    return t("common.seconds", n=format(seconds, "g"))
