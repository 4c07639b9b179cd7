"""Cell coercion: what a backend read (numbers, text, times, None) as the plain values the
readers use, and the cell addresses problems name."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Iterator, Mapping, Sequence

from .. import words as L
from bianpai.engine.problems import problem

if TYPE_CHECKING:
    from bianpai.engine.problems import Problem


Cell = object
Rows = Sequence[Sequence[Cell]]
SheetValues = Mapping[str, Rows]




def column_letter(col: int) -> str:
    """1 → A, 27 → AA."""
    s = ""
    while col:
        col, r = divmod(col - 1, 26)
        s = chr(65 + r) + s
    return s


def where(sheet: str, row: int, col: int) -> str:
    """``第3轮!E7`` for 1-based row and column."""
    return f"{sheet}!{column_letter(col)}{row}"


def _at(rows: Rows, r: int, c: int) -> Cell:
    """Cell at 0-based (r, c), None beyond the data."""
    if r < len(rows):
        row = rows[r]
        if c < len(row):
            v = row[c]
            if isinstance(v, str) and not v.strip():
                return None
            return v
    return None


def _blank(v: Cell) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


def as_int(v: Cell) -> int | None:
    """An integer cell (1, 1.0, "1", " 1 "), else None."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, str) and re.fullmatch(r"\s*[+]?\d+(\.0+)?\s*", v):
        return int(float(v))
    return None


def as_number(v: Cell) -> float | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str):
        try:
            return float(v.strip().replace("½", ".5"))
        except ValueError:
            return None
    return None


def plain_number(x: float) -> int | float:
    """2.0 → 2 for the sheet; 1.5 stays."""
    return int(x) if float(x).is_integer() else x


def _str(v: Cell) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v).strip()


def _table(rows: list[list[Cell]]) -> tuple[tuple[Cell, ...], ...]:
    return tuple(tuple(r) for r in rows)


def _fmt(x: float) -> int | float:
    return plain_number(x)


def _find_header(rows: Rows, label_key: str, within: int = 12, any_column: bool = False) -> int | None:
    """The first row (of the first ``within``) whose column A — or any column —
    holds the label ``label_key`` in either language."""
    for r in range(min(within, len(rows))):
        cols = range(len(rows[r])) if any_column else (0,)
        if any(L.lookup(_at(rows, r, c), (label_key,)) == label_key for c in cols):
            return r
    return None


def header_columns(header: Sequence[Cell], keys: tuple[str, ...]) -> dict[str, int]:
    """Each column label of ``keys`` found in a header row (either language) →
    the index of the first column holding it."""
    col: dict[str, int] = {}
    for c, v in enumerate(header):
        key = L.lookup(v, keys)
        if key is not None and key not in col:
            col[key] = c
    return col


class TableRow:
    """One row of a table read by its header row (:func:`header_columns`): a cell by
    its column's label key (None when the table has no such column), and the place
    of a column's cell in this row (``place(row, col)``, 1-based)."""

    __slots__ = ("_rows", "_r", "_col", "_place", "row")

    def __init__(self, rows: Rows, r: int, col: Mapping[str, int], place: Callable[[int, int], str]):
        self._rows, self._r, self._col, self._place = rows, r, col, place
        self.row = r + 1  # 1-based, as the sheet numbers it

    def get(self, key: str) -> Cell:
        c = self._col.get(key)
        return None if c is None else _at(self._rows, self._r, c)

    def at(self, key: str) -> str:
        return self._place(self.row, self._col.get(key, 0) + 1)


def table_rows(rows: Rows, header: int, col: Mapping[str, int],
               place: Callable[[int, int], str]) -> Iterator[TableRow]:
    """The rows below the 0-based ``header`` row that hold something in one of the
    table's columns (blank rows between entries are skipped)."""
    for r in range(header + 1, len(rows)):
        row = TableRow(rows, r, col, place)
        if not all(_blank(row.get(k)) for k in col):
            yield row


def missing_header(problem_key: str, at: str, label_key: str) -> "Problem":
    """The problem of a table whose header row (the one holding ``label_key``)
    is not found; ``at`` is the cell where it belongs."""
    return problem(problem_key, where=at, zh=L.LABELS[label_key][0], en=L.LABELS[label_key][1])


def _optional_whole(value: Cell, least: int, default: int) -> int | None:
    """A cell that may be blank (``default``) or hold a whole number ≥
    ``least``; None when it holds anything else."""
    if _blank(value):
        return default
    x = as_int(value)
    return x if x is not None and x >= least else None


def display_width(s: str) -> int:
    """Columns a text takes: CJK characters (after U+2E80) two, others one."""
    return len(s) if s.isascii() else len(s) + len(_WIDE.findall(s))


_WIDE = re.compile("[^\\x00-\\u2e80]")  # after U+2E80


def wrap_text(s: str, width: float) -> list[str]:
    """``s`` cut into lines of at most ``width`` display columns, at spaces
    where it can (a long note then prints inside the table's width)."""
    lines: list[str] = []
    line = ""
    for word in re.split(r"(?<= )", s):
        if line and display_width(line + word) > width:
            lines.append(line.rstrip())
            line = ""
        while display_width(word) > width:
            cut = 1
            while display_width(word[:cut + 1]) <= width:
                cut += 1
            lines.append(word[:cut])
            word = word[cut:]
        line += word
    if line.strip():
        lines.append(line.rstrip())
    return lines


def same_values(a: Rows, b: Rows) -> bool:
    """Whether two sheets hold the same values (trailing empty cells and rows
    ignored; 2 and 2.0 equal)."""
    def norm_rows(rows: Rows) -> list[tuple[Cell, ...]]:
        out = []
        for row in rows:
            r = list(row)
            while r and _blank(r[-1]):
                r.pop()
            out.append(tuple(None if _blank(v) else (float(v) if isinstance(v, int)
                                                         and not isinstance(v, bool)
                                                         else v) for v in r))
        while out and not out[-1]:
            out.pop()
        return out
    return norm_rows(a) == norm_rows(b)
