"""Players' names in one line: as many as fit, then how many more ("Mina, Joon +6")."""

from __future__ import annotations

from ..widgets import fit_line


def shown_names(app, names) -> list[str]:
    """Names as drawn: one that cannot be drawn (stored before names were checked) becomes
    "Player N"."""
    from companion.names import drawable  # deferred: start-up time (unicodedata checks)

    return [n if drawable(n) else app.t("setup.seat_name", n=i) for i, n in enumerate(names, 1)]


def names_text(app, names: list[str], most: int = 4) -> str:
    """The players, at most ``most`` of them named: "Mina, Joon +6" ("민아, 준 외 6명")."""
    shown = shown_names(app, names)
    text, more = ", ".join(shown[:most]), len(shown) - most
    return app.t("history.more_names", names=text, n=more) if more > 0 else text


def fitted_names(app, names: list[str], width: int, size: int) -> str:
    """The players, as many named as fit ``width`` px at ``size``: "Mina, Joon, Sora +2" (the
    first name cut with "…" if even it alone does not fit)."""
    for most in range(len(names), 0, -1):
        text = names_text(app, names, most)
        if app.fonts.width(text, size) <= width:
            return text
    first = shown_names(app, names)[:1]
    return fit_line(app.fonts, names_text(app, names, 1), size, width, size,
                    name=first[0] if first else "")[0]
