"""Cells as the Excel front end reads and writes them through xlwings (issue 28: a part of
:mod:`bianpai.addin.excel.xl`): values made what the openpyxl backend reads and writes,
rectangles of cells (:class:`Box`), addresses and frozen panes."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string


TEXT_PREFIX = "'"
"""Excel's text prefix: a written string starting with ``=``, ``+``, ``-`` or ``@``
would be taken for a formula (``+/-`` is a forfeit result, not a sum), so it goes in
behind an apostrophe, which Excel keeps out of the value (the openpyxl backend writes
such strings as text the same way)."""


EXCEL_DAY_ZERO = _dt.date(1899, 12, 30)
"""Excel's serial day 0: Excel gives a time of day alone (a typed ``2:0`` result
becomes 02:00) as a date-time on this day; openpyxl gives a ``time``."""


def cell_value(value: Any) -> Any:
    """A value as xlwings read it, made what the openpyxl backend reads: a time of
    day alone becomes a ``datetime.time``."""
    if isinstance(value, _dt.datetime) and value.date() == EXCEL_DAY_ZERO:
        return value.time()
    return value


def excel_value(value: Any) -> Any:
    """A cell value as written through xlwings: text that looks like a formula is
    prefixed so it stays text."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
        return TEXT_PREFIX + value
    return value


@dataclass(frozen=True)
class Box:
    """A rectangle of cells, 1-based and inclusive."""

    top: int
    left: int
    bottom: int
    right: int


def height_runs(heights: Sequence[tuple[int, int, float]]) -> list[tuple[int, int, float]]:
    """Row heights with a run joined to the one before it when it follows it directly at
    the same height (the score slips give one run a slip; one call covers them all)."""
    out: list[tuple[int, int, float]] = []
    for first, last, height in heights:
        if out and out[-1][2] == height and out[-1][1] + 1 == first:
            out[-1] = (out[-1][0], last, height)
        else:
            out.append((first, last, height))
    return out


def rectangles(cells: set[tuple[int, int]]) -> list[Box]:
    """Cover ``cells`` with few rectangles: runs along each row, then equal runs
    in consecutive rows merged. Deterministic (sorted)."""
    by_row: dict[int, list[int]] = {}
    for r, c in cells:
        by_row.setdefault(r, []).append(c)
    runs: dict[int, list[tuple[int, int]]] = {}
    for r in sorted(by_row):
        cols = sorted(by_row[r])
        start = prev = cols[0]
        for c in cols[1:]:
            if c != prev + 1:
                runs.setdefault(r, []).append((start, prev))
                start = c
            prev = c
        runs.setdefault(r, []).append((start, prev))
    boxes: list[Box] = []
    open_boxes: dict[tuple[int, int], Box] = {}
    for r in sorted(runs):
        current = set(runs[r])
        for span in list(open_boxes):
            if span not in current or open_boxes[span].bottom != r - 1:
                boxes.append(open_boxes.pop(span))
        for span in runs[r]:
            if span in open_boxes:
                b = open_boxes[span]
                open_boxes[span] = Box(b.top, b.left, r, b.right)
            else:
                open_boxes[span] = Box(r, span[0], r, span[1])
    boxes += open_boxes.values()
    return sorted(boxes, key=lambda b: (b.top, b.left))


def top_left_of(address: str) -> tuple[int, int]:
    """(row, column) of a range address's first cell: "$C$2:$F$9" → (2, 3)."""
    letters, row = coordinate_from_string(address.split(":")[0].replace("$", ""))
    return row, column_index_from_string(letters)


def split_of(top_left_unfrozen: str) -> tuple[int, int]:
    """(frozen rows, frozen columns) for a ``SheetOut.freeze`` cell: "C4" → (3, 2)."""
    letters, row = coordinate_from_string(top_left_unfrozen)
    return row - 1, column_index_from_string(letters) - 1


def frozen_range(top_left_unfrozen: str) -> str | None:
    """xlwings' ``freeze_at`` range for a ``SheetOut.freeze`` cell: "C4" → "A1:B3",
    "A4" → "1:3", "C1" → "A:B"."""
    rows, cols = split_of(top_left_unfrozen)
    if rows and cols:
        return f"A1:{_column_letter(cols)}{rows}"
    if rows:
        return f"1:{rows}"
    if cols:
        return f"A:{_column_letter(cols)}"
    return None


def _column_letter(col: int) -> str:
    return get_column_letter(col)
