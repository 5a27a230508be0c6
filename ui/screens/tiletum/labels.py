"""What the Tiletum screens call things: the wheel's actions, resources, festival tiles."""

from __future__ import annotations

from companion.tiletum.game import Festival, festival_tiles
from companion.tiletum.wheel import ACTIONS


def action_names(screen) -> dict[str, str]:
    return {a: screen.t(f"tiletum.action_{a.lower()}") for a in ACTIONS}


def resource_word(screen, resource: str) -> str:
    return screen.t(f"tiletum.res_{resource}")


def signed(vp: int) -> str:
    """VP with their sign, as the king track prints its spaces: +4, 0, -3."""
    return f"+{vp}" if vp > 0 else str(vp)


def disc_text(screen, key: str, disc: tuple[int, int]) -> str:
    """A disc's move (from, to) said by ``key``, or by ``key``_end when it could not move (it
    stands on +15)."""
    start, end = disc
    return screen.t(key if start != end else key + "_end", start=signed(start),
                    end=signed(end))


def tile_text(app, tile: str) -> str:
    """A festival tile's criterion in the UI language."""
    return festival_tiles()[tile][app.language if app.language in ("ko", "en") else "en"]


def festival_label(app, festival: Festival, number: int) -> str:
    """"Festival 2 · Each completed contract · (3 + 3) VP each"."""
    key = "tiletum.festival_king" if festival.king_track else "tiletum.festival_times"
    return app.t(key, n=number, criterion=tile_text(app, festival.tile),
                 board=festival.board_vp, tile=festival.tile_vp)
