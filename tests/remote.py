"""xlwings' remote interpreter without Excel: openpyxl workbook ⇄ Office.js payload.

``xlwings.Book(json=payload)`` is how xlwings Server and xlwings Lite hand a
workbook to Python: the client (Office.js) sends every sheet's values, Python
runs against that snapshot, and every write becomes an *action* the client
replays in Excel. This module plays the client's part for tests and for running
the add-in's entry functions on a saved ``.xlsx``:

* :func:`payload_from_workbook` builds the payload the Office.js client sends
  (sheet values from A1 to the last used cell, empty cells as ``""``);
* :func:`apply_actions` replays the returned actions onto the openpyxl workbook
  (values, sheets added/deleted/cleared, fills, fonts, number formats, column
  widths, frozen panes) and returns the message boxes it would have shown.

xlwings' remote interpreter is xlwings PRO code, free for non-commercial use
(PolyForm Noncommercial 1.0.0, licence key ``noncommercial``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.workbook import Workbook

CLIENT = "Office.js"
"""The client the payload claims to be (xlwings accepts any version from it)."""

IGNORED_ACTIONS = frozenset({"setAutofit", "setSheetAutofit", "setScreenUpdating",
                             "activateSheet", "calculate"})
"""Actions that change only what the organiser sees (layout, redraw), never a value."""


def ensure_remote_engine() -> None:
    """Make ``xlwings.Book(json=...)`` available once ``XLWINGS_LICENSE_KEY`` is set.

    xlwings registers its remote engine when it is first imported, and only if
    the licence key is set by then; a test that sets the key afterwards (with
    ``monkeypatch``) calls this to register it the way xlwings' import does.
    """
    import xlwings
    from xlwings.main import Engine

    if any(engine.name == "remote" for engine in xlwings.engines):
        return
    from xlwings.pro import _xlofficejs, _xlremote  # validates the licence key

    xlwings.engines.add(Engine(impl=_xlremote.engine))
    xlwings.engines.add(Engine(impl=_xlofficejs.engine))


EXCEL_DAY_ZERO = dt.date(1899, 12, 30)
"""Excel's serial day 0: a time of day alone is that day's date-time in Office.js."""


def _payload_value(value: Any) -> Any:
    """A cell value as Office.js' ``Range.values`` gives it: empty as ``""``, dates and
    times as JavaScript's ``toISOString()`` text (xlwings turns those into datetimes)."""
    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        return value.strftime("%Y-%m-%dT%H:%M:%S.000Z")
    if isinstance(value, dt.date):
        return dt.datetime.combine(value, dt.time()).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    if isinstance(value, dt.time):
        return dt.datetime.combine(EXCEL_DAY_ZERO, value).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    return value


def sheet_values(ws: Any) -> list[list[Any]]:
    """A sheet's values from A1 to its last used cell, the way Office.js reads them."""
    rows = [[_payload_value(v) for v in row]
            for row in ws.iter_rows(min_row=1, min_col=1, max_row=ws.max_row,
                                    max_col=ws.max_column, values_only=True)]
    if rows == [[""]]:
        return [[]]
    return rows


def payload_from_workbook(wb: Workbook, name: str = "event.xlsx",
                          version: str | None = None) -> dict[str, Any]:
    """The JSON payload an Office.js client sends for ``wb``."""
    import xlwings

    sheets = []
    for ws in wb.worksheets:
        values = sheet_values(ws)
        nrows, ncols = len(values), max((len(r) for r in values), default=0)
        sheets.append({
            "name": ws.title,
            "values": values,
            "used_range_address": (None if ncols == 0
                                   else f"$A$1:${get_column_letter(ncols)}${nrows}"),
            "pictures": [], "tables": [], "charts": [], "shapes": [], "notes": [],
            "pivot_tables": [], "print_area": None, "visibility": "Visible",
            "show_gridlines": True,
        })
    return {
        "client": CLIENT,
        "version": version or xlwings.__version__,
        "book": {"name": name, "active_sheet_index": wb.worksheets.index(wb.active),
                 "selection": "A1"},
        "names": [],
        "sheets": sheets,
    }


@dataclass
class Replay:
    """What replaying the actions did: alerts shown and actions counted by kind."""

    alerts: list[tuple[str, str]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    formats: list[tuple[str, str, str, tuple[Any, ...]]] = field(default_factory=list)
    """Formatting actions recorded but not replayed (borders): sheet, action, range, args."""


def _cells(action: Mapping[str, Any]) -> Iterable[tuple[int, int, int, int]]:
    """(row, column, i, j) of every cell an action's range covers (1-based row/column)."""
    for i in range(action["row_count"]):
        for j in range(action["column_count"]):
            yield action["start_row"] + 1 + i, action["start_column"] + 1 + j, i, j


def _cell_value(value: Any) -> Any:
    # Office.js setValues: "" empties the cell; a leading apostrophe makes the rest
    # text and is not part of the value.
    if value == "":
        return None
    if isinstance(value, str) and value.startswith("'"):
        return value[1:]
    return value


def _hex(color: str | None) -> PatternFill:
    if color is None:
        return PatternFill(fill_type=None)
    rgb = color.lstrip("#").upper()
    return PatternFill(fill_type="solid", start_color=rgb, end_color=rgb)


def _clear_contents(ws: Any) -> None:
    for row in ws.iter_rows():
        for cell in row:
            cell.value = None


def _clear_formats(ws: Any) -> None:
    for row in ws.iter_rows():
        for cell in row:
            cell.style = "Normal"


def apply_actions(wb: Workbook, actions: Sequence[Mapping[str, Any]]) -> Replay:
    """Replay Office.js actions onto ``wb``, in order, as Excel would.

    Raises ``NotImplementedError`` for an action this client does not know, so
    a test notices a write it cannot check instead of silently dropping it.
    """
    replay = Replay()
    for action in actions:
        func = action["func"]
        replay.counts[func] = replay.counts.get(func, 0) + 1
        args = action.get("args") or []
        position = action.get("sheet_position")
        ws = wb.worksheets[position] if position is not None else None
        if func == "alert":
            replay.alerts.append((args[0], args[1]))
        elif func in IGNORED_ACTIONS:
            continue
        elif func == "addSheet":
            wb.create_sheet(title=args[1], index=args[0])
        elif func == "sheetDelete":
            wb.remove(ws)
        elif func == "setSheetName":
            ws.title = args[0]
        elif func == "sheetClear":
            _clear_contents(ws)
            _clear_formats(ws)
        elif func == "sheetClearContents":
            _clear_contents(ws)
        elif func == "sheetClearFormats":
            _clear_formats(ws)
        elif func == "setValues":
            for r, c, i, j in _cells(action):
                ws.cell(r, c).value = _cell_value(action["values"][i][j])
        elif func in ("rangeClearContents", "rangeClear"):
            for r, c, _, _ in _cells(action):
                ws.cell(r, c).value = None
                if func == "rangeClear":
                    ws.cell(r, c).style = "Normal"
        elif func == "setRangeColor":
            for r, c, _, _ in _cells(action):
                ws.cell(r, c).fill = _hex(args[0])
        elif func == "setRangeColors":
            for r, c, i, j in _cells(action):
                color = args[0][i][j]
                if color != "keep":
                    ws.cell(r, c).fill = _hex(color)
        elif func == "setFontProperty":
            prop, value = args[0], args[1]
            for r, c, _, _ in _cells(action):
                cell = ws.cell(r, c)
                font = Font(**{**_font_kwargs(cell.font), **_font_change(prop, value)})
                cell.font = font
        elif func == "setNumberFormat":
            for r, c, _, _ in _cells(action):
                ws.cell(r, c).number_format = args[0]
        elif func == "setColumnWidth":
            for j in range(action["column_count"]):
                letter = get_column_letter(action["start_column"] + 1 + j)
                ws.column_dimensions[letter].width = args[0] / 7.0  # points -> characters (approx.)
        elif func == "setHorizontalAlignment":
            for r, c, _, _ in _cells(action):
                ws.cell(r, c).alignment = _aligned(ws.cell(r, c), horizontal=args[0].lower())
        elif func == "setWrapText":
            for r, c, _, _ in _cells(action):
                ws.cell(r, c).alignment = _aligned(ws.cell(r, c), wrap_text=bool(args[0]))
        elif func == "setBorderProperty":
            replay.formats.append((ws.title, func, _address(action), tuple(args)))
        elif func == "setDataValidationList":
            from openpyxl.worksheet.datavalidation import DataValidation

            options = args[0]["values"]
            dv = DataValidation(type="list", formula1='"' + ",".join(options) + '"',
                                allow_blank=True)
            dv.add(_address(action))
            ws.add_data_validation(dv)
        elif func == "addNote":
            from openpyxl.comments import Comment

            ws[args[0].replace("$", "")].comment = Comment(args[1], "Bianpai")
        elif func == "setRowHeight":
            for i in range(action["row_count"]):
                ws.row_dimensions[action["start_row"] + 1 + i].height = args[0]
        elif func == "setPrintArea":
            ws.print_area = args[0]
        elif func == "freezePaneAtRange":
            ws.freeze_panes = _freeze_cell(args[0])
        elif func == "freezePaneUnfreeze":
            ws.freeze_panes = None
        else:
            raise NotImplementedError(f"action {func!r} is not replayed by tests/remote.py")
    return replay


def _address(action: Mapping[str, Any]) -> str:
    top, left = action["start_row"] + 1, action["start_column"] + 1
    bottom, right = top + action["row_count"] - 1, left + action["column_count"] - 1
    return f"{get_column_letter(left)}{top}:{get_column_letter(right)}{bottom}"


def _aligned(cell: Any, **change: Any) -> Alignment:
    a = cell.alignment
    return Alignment(**{"horizontal": a.horizontal, "vertical": a.vertical,
                        "wrap_text": a.wrap_text, **change})


def _font_kwargs(font: Font) -> dict[str, Any]:
    return {"name": font.name, "size": font.size, "bold": font.bold, "italic": font.italic,
            "color": font.color}


def _font_change(prop: str, value: Any) -> dict[str, Any]:
    if prop == "color":
        return {"color": None if value is None else value.lstrip("#").upper()}
    return {prop: value}


def _freeze_cell(frozen_range: str) -> str:
    """The top-left unfrozen cell for Office.js' ``freezeAt(range)`` (the range stays frozen)."""
    from openpyxl.utils.cell import range_boundaries

    ref = frozen_range.replace("$", "")
    first, _, last = ref.partition(":")
    if first.isdigit():  # "1:3": rows only
        return f"A{int(last or first) + 1}"
    if first.isalpha():  # "A:B": columns only
        _, _, max_col, _ = range_boundaries(f"{first}1:{last or first}1")
        return f"{get_column_letter(max_col + 1)}1"
    _, _, max_col, max_row = range_boundaries(ref)
    return f"{get_column_letter(max_col + 1)}{max_row + 1}"


def workbook_values(wb: Workbook) -> dict[str, list[list[Any]]]:
    """Every sheet's values, trailing empty rows/columns dropped (for comparisons)."""
    out: dict[str, list[list[Any]]] = {}
    for ws in wb.worksheets:
        rows = [list(r) for r in ws.iter_rows(values_only=True)]
        while rows and all(v is None for v in rows[-1]):
            rows.pop()
        width = max((max((j + 1 for j, v in enumerate(r) if v is not None), default=0)
                     for r in rows), default=0)
        out[ws.title] = [r[:width] + [None] * (width - len(r[:width])) for r in rows]
    return out
