"""Cells as wide as their labels need (character names, districts): each whole at the size read
across the table, where equal cells would cut the long ones. A row's room left over is shared
out, so the row still fills its width; rows that cannot hold their cells give None, and the
screen lays them out another way."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ... import theme
from ...widgets import grid, wrap

PAD = 16  # px a button keeps free round its label (ui/widgets.py ``Button.draw_label``)
NARROWEST = 70  # px: a button of a row made by need is no narrower (easy to hit)


def label_need(fonts, label: str, size: int = theme.FLOOR_SIZE, pad: int = PAD,
               height: int | None = None) -> int:
    """The px a cell needs for ``label`` whole at ``size``, plus ``pad``: each of its lines
    (split at "\n") on one line, or, given the cell's ``height``, wrapped at its spaces onto
    the lines that height holds."""
    widest = max(fonts.width(line, size) for line in label.split("\n"))
    if height is None:
        return widest + pad
    room = (height - 4) // fonts.get(size).get_linesize()  # (the label's margin in a button)
    width = max(fonts.width(word, size) for word in label.split())
    while width < widest and len(wrap(fonts, label, size, width)) > room:
        width += 2
    return min(width, widest) + pad


def row_by_need(area: pygame.Rect, needs: Sequence[int], gap: int) -> list[pygame.Rect] | None:
    """One row of cells across ``area``, each its need plus an equal share of the room left;
    None if the needs do not fit."""
    spare = area.width - sum(needs) - gap * (len(needs) - 1)
    if spare < 0 or not needs:
        return None if spare < 0 else []
    share, extra = divmod(spare, len(needs))
    cells, left = [], area.left
    for i, need in enumerate(needs):
        width = need + share + (1 if i < extra else 0)
        cells.append(pygame.Rect(left, area.top, width, area.height))
        left += width + gap
    return cells


def rows_by_need(area: pygame.Rect, needs: Sequence[int], rows: int, gap: int,
                 row_gap: int | None = None) -> list[pygame.Rect] | None:
    """The cells in order on ``rows`` rows of ``area`` (as even in number as they can be, the
    first rows fuller), each row by need; None if a row cannot hold its cells."""
    row_gap = gap if row_gap is None else row_gap
    height = (area.height - row_gap * (rows - 1)) // rows
    per_row = -(-len(needs) // rows)
    cells: list[pygame.Rect] = []
    for row in range(rows):
        top = area.top + row * (height + row_gap)
        found = row_by_need(pygame.Rect(area.left, top, area.width, height),
                            needs[row * per_row:(row + 1) * per_row], gap)
        if found is None:
            return None
        cells += found
    return cells


def flow_by_need(area: pygame.Rect, needs: Sequence[int], rows: int, gap: int
                 ) -> list[pygame.Rect] | None:
    """The cells in order on ``rows`` rows of ``area`` (each ``1/rows`` of its height), as
    many on each row as keeps the rows' widths even; None if they need more rows."""
    if not needs:
        return []
    height = (area.height - gap * (rows - 1)) // rows
    low, high = max(needs), area.width  # the narrowest row width that holds them
    if low > high or len(_lines(needs, high, gap)) > rows:
        return None
    while low < high:
        middle = (low + high) // 2
        if len(_lines(needs, middle, gap)) <= rows:
            high = middle
        else:
            low = middle + 1
    cells: list[pygame.Rect] = []
    for row, line in enumerate(_lines(needs, high, gap)):
        top = area.top + row * (height + gap)
        cells += row_by_need(pygame.Rect(area.left, top, area.width, height), line, gap)
    return cells


def _lines(needs: Sequence[int], width: int, gap: int) -> list[list[int]]:
    """The needs in order, as many to a line as ``width`` holds."""
    lines: list[list[int]] = [[]]
    for need in needs:
        line = lines[-1]
        if line and sum(line) + need + gap * len(line) > width:
            lines.append([need])
        else:
            line.append(need)
    return lines


def button_cells(fonts, area: pygame.Rect, labels: Sequence[str], gap: int,
                 two_rows: pygame.Rect | None = None, row_gap: int = 6) -> list[pygame.Rect]:
    """Cells for a row of buttons labelled ``labels``: equal where each label fits its cell
    whole at the floor size, else each as wide as its label needs (``NARROWEST`` at least),
    else (given ``two_rows``, an area for them) on two rows; equal cells if nothing holds
    them."""
    equal = grid(area, len(labels), len(labels), gap)
    needs = _needs(fonts, labels, area.height)
    if all(need <= cell.width for need, cell in zip(needs, equal)):
        return equal
    cells = row_by_need(area, needs, gap)
    if cells is None and two_rows is not None:
        height = (two_rows.height - row_gap) // 2
        cells = rows_by_need(two_rows, _needs(fonts, labels, height), 2, gap, row_gap)
    return cells or equal


def _needs(fonts, labels: Sequence[str], height: int) -> list[int]:
    return [max(NARROWEST, label_need(fonts, label, height=height)) for label in labels]
