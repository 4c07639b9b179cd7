"""The .xlsx value reader: python-calamine (Rust), with openpyxl for the
sheets calamine cannot say everything about.

The workbook is first looked at by :func:`bianpai.addin.files.safezip.inspect`
(hostile files are refused before any reader sees them).  Values come back as
openpyxl's read-only mode gives them, which the sheet readers expect:

* whole numbers as ``int`` (calamine reads every number as a float), other
  numbers as ``float``; booleans as ``bool``; shared, rich and inline strings
  as ``str`` (phonetic runs left out); cached results of formulas;
* numbers formatted as times as :class:`datetime.time` (a typed ``2:0`` that
  Excel turned into 02:00 reaches the result parser as a time), as dates as
  :class:`datetime.datetime` (calamine's ``date`` is widened);
* empty cells as ``None``; each row as long as its last value, missing rows
  as empty lists.

calamine reads an error value (``#N/A``, ``#REF!`` …) as an empty cell, which
would make a broken cell look blank; a sheet holding one is read with openpyxl,
which gives the error's text.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Callable, Sequence

from .errors import WorkbookError
from .safezip import Package, inspect
from ..workbook.sheets.cells import column_letter

__all__ = ["MAX_READ_CELLS", "read_workbook"]

_INT_LIMIT = 2**53

MAX_READ_CELLS = 3_000_000
"""Decision (issue 30 item 5): the cells of the rectangles of the sheets
Bianpai reads (Settings, Players, the round sheets …), which the cell reader
builds whole, empty cells too: a far-away cell (``AMJ10999``) makes a
sheet of 11 million.  A 10,000-player event of 11 rounds reads about 0.7
million; 3 million take about half a second and 250 MB.  The sheets not read
do not count."""


Rows = list[list[object]]


def read_workbook(path: Path | str, wanted: Callable[[str], bool] = lambda name: True,
                  formulas: set[str] | None = None, package: Package | None = None) -> dict[str, Rows]:
    """Sheet name → rows of values, for every sheet in workbook order; sheets
    for which ``wanted(name)`` is false come back empty.  The names of the
    sheets read that hold a formula are added to ``formulas``.  ``package``:
    what :func:`~bianpai.addin.files.safezip.inspect` found (looked at again when
    not given)."""
    path = Path(path)
    pkg = package if package is not None else inspect(path)
    _refuse_large_areas(path, pkg, wanted)
    if formulas is not None:
        formulas.update(n for n in pkg.formula_sheets if wanted(n))
    by_openpyxl = {n for n in pkg.error_sheets if wanted(n)}
    try:
        out = _read_calamine(path, wanted, by_openpyxl)
    except WorkbookError:
        raise
    except Exception:  # noqa: BLE001 - calamine refuses some valid files (strict OOXML …): openpyxl reads them
        return _read_openpyxl(path, wanted, None)
    if by_openpyxl:
        out.update(_read_openpyxl(path, lambda n: n in by_openpyxl, by_openpyxl))
    return out


def _refuse_large_areas(path: Path, pkg: Package, wanted: Callable[[str], bool]) -> None:
    """Refuse, before any cell is read, sheets to read whose rectangles
    together exceed :data:`MAX_READ_CELLS`, naming the largest and its far corner."""
    areas = {n: rows * columns for n, (rows, columns) in pkg.sizes.items() if wanted(n)}
    if sum(areas.values()) <= MAX_READ_CELLS:
        return

    name = max(areas, key=lambda n: areas[n])
    rows, columns = pkg.sizes[name]
    raise WorkbookError("file.too_large_area", path=path, sheet=name,
                        corner=f"{column_letter(columns)}{rows}", cells=f"{areas[name]:,}",
                        limit=f"{MAX_READ_CELLS:,}")


def _read_calamine(path: Path, wanted: Callable[[str], bool], skip: set[str]) -> dict[str, Rows]:
    # start-up time: calamine only when a workbook is read
    from python_calamine import CalamineWorkbook, SheetTypeEnum

    wb = CalamineWorkbook.from_path(str(path))
    try:
        kinds = {m.name: m.typ for m in wb.sheets_metadata}
        out: dict[str, list[list[object]]] = {}
        for name in wb.sheet_names:
            if not wanted(name) or name in skip or kinds.get(name) != SheetTypeEnum.WorkSheet:
                out[name] = []
                continue
            sheet = wb.get_sheet_by_name(name)
            out[name] = _rows(sheet.to_python(skip_empty_area=False))
        return out
    finally:
        wb.close()


def _rows(rows: Sequence[Sequence[object]]) -> list[list[object]]:
    """``_trim([[_value(v) for v in row] for row in rows])``, without a call per cell
    for the text and numbers that most cells are."""
    value = _value
    out: list[list[object]] = []
    for row in rows:
        n = len(row)
        while n and row[n - 1] == "":
            n -= 1
        cells: list[object] = []
        for v in (row[:n] if n < len(row) else row):
            if isinstance(v, str):
                cells.append(v if v else None)
            elif isinstance(v, float):
                cells.append(int(v) if v.is_integer() and abs(v) < _INT_LIMIT else v)
            else:
                cells.append(value(v))
        n = len(cells)
        while n and cells[n - 1] is None:
            n -= 1
        out.append(cells[:n] if n < len(cells) else cells)
    while out and not out[-1]:
        out.pop()
    return out


def _value(v: object) -> object:
    if isinstance(v, float):
        return int(v) if v.is_integer() and abs(v) < _INT_LIMIT else v
    if isinstance(v, str):
        return v if v != "" else None
    if isinstance(v, _dt.date) and not isinstance(v, _dt.datetime):
        return _dt.datetime(v.year, v.month, v.day)
    return v


def _trim(rows: list[list[object]]) -> list[list[object]]:
    """Each row as long as its last value; trailing empty rows dropped."""
    out: list[list[object]] = []
    for row in rows:
        n = len(row)
        while n and row[n - 1] is None:
            n -= 1
        out.append(row[:n] if n < len(row) else row)
    while out and not out[-1]:
        out.pop()
    return out


def _read_openpyxl(path: Path, wanted: Callable[[str], bool],
                   only: set[str] | None) -> dict[str, list[list[object]]]:
    # start-up time: openpyxl (tens of ms) only for a workbook calamine cannot read
    import openpyxl

    try:
        wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as e:  # noqa: BLE001 - what neither reader can read is damaged, whatever openpyxl raises
        raise WorkbookError("file.damaged", path=path, part="xl", reason=reason_of(e)) from None
    try:
        out: dict[str, list[list[object]]] = {}
        for name in wb.sheetnames:
            if only is not None and name not in only:
                continue
            ws = wb[name]
            if hasattr(ws, "reset_dimensions"):
                ws.reset_dimensions()  # read-only mode trusts the stored size, which programs leave stale
            rows: Sequence[Sequence[object]] = (list(ws.iter_rows(values_only=True))
                                                if wanted(name) and hasattr(ws, "iter_rows") else [])
            out[name] = _trim([[None if v == "" else v for v in r] for r in rows])
        return out
    except Exception as e:  # noqa: BLE001 - e.g. a shared-string index past the table (IndexError)
        raise WorkbookError("file.damaged", path=path, part="xl", reason=reason_of(e)) from None
    finally:
        wb.close()


def reason_of(e: Exception) -> str:
    """An exception as a short reason: its first line, its type when empty."""
    text = str(e).strip().splitlines()
    return text[0][:200] if text else type(e).__name__
