"""A job's result written into the open workbook (issue 28: a part of
:mod:`bianpai.addin.excel.xl`): the changed sheets, values then formatting, in as few calls
as xlwings allows (:func:`write_result`); the TRF (:func:`write_trf`) and the share job's
files (:func:`write_share`) beside the workbook."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..share.files import folder_for, write_files
from ..workbook import words as L
from ..workbook.sheets.layout import cell_properties
from .xl_cells import Box, height_runs, rectangles
from .xl_gateway import Gateway


STYLE_PROPERTIES: tuple[str, ...] = ("bold", "size", "colour", "align", "wrap", "border",
                                     "number_format")
"""The ``sheets.Style`` properties written per rectangle (fills go in one matrix)."""




DESKTOP_WRITES_FROM_FILE = True
"""Decision (issue #26, measured with tests/xlrecorder.py, bench/bench_excel_calls.py):
on desktop Excel the changed sheets are saved into a scratch workbook by the file
writer and copied in — a new sheet whole, a rewritten one by one ``Range.copy`` of
its cells — so a click makes a few dozen calls into Excel whatever the field's
size. Cell by cell (fills per colour and rectangle, each property per rectangle)
the calls grow with the field: the pairing cards of 1,000 players take thousands."""


def sheets_to_write(result: Any) -> list[Any]:
    """The job's sheets whose values changed (JobResult.changed), in workbook order."""
    changed = set(result.changed)
    return [s for s in result.sheets if s.name in changed]


def write_result(io: Gateway, result: Any, existing: list[str]) -> None:
    """Write the changed sheets (values, then formatting), then delete the dropped ones.

    Desktop Excel: every changed sheet comes from one scratch workbook the file writer
    saved (:meth:`Gateway.open_formats`), a few calls a sheet whatever the field's
    size; where that workbook cannot be opened, and on Office.js (where every write
    is one action of one batch), values in one block and formatting per rectangle."""
    present = list(existing)
    order = [s.name for s in result.sheets]
    sheets = sheets_to_write(result)
    source = None
    if sheets and not io.is_office_js and DESKTOP_WRITES_FROM_FILE:
        io.screen_updating(False)
        source = io.open_formats(sheets)
    try:
        for sheet in sheets:
            io.status(f"写入 writing {sheet.name}")
            if sheet.name in present:
                io.clear_sheet(sheet.name)
                if source is not None:
                    io.copy_cells_in(source, sheet.name)
                    write_layout(io, sheet)
                    write_notes(io, sheet)
                    continue
            else:
                before, after = _neighbours(sheet.name, order, present)
                if source is not None:
                    io.copy_sheet_in(source, sheet.name, before=before, after=after)
                else:
                    io.add_sheet(sheet.name, before=before, after=after)
                    io.page_setup(sheet.name, sheet.print_setup)
                present.insert(present.index(after) + 1 if after else
                               present.index(before) if before else len(present), sheet.name)
                if source is not None:
                    write_notes(io, sheet)
                    continue
            io.write_values(sheet.name, sheet.rows)
            write_formatting(io, sheet)
    finally:
        if source is not None:
            io.close_formats(source)
        if sheets and not io.is_office_js and DESKTOP_WRITES_FROM_FILE:
            io.screen_updating(True)
    for name in result.delete:
        if name in present:
            io.delete_sheet(name)
            present.remove(name)


def _neighbours(name: str, order: Sequence[str], present: Sequence[str]) -> tuple[str | None, str | None]:
    """Where a new sheet goes: after the last of ours before it that exists, else
    before the first of ours after it, else at the end."""
    i = order.index(name)
    after = next((n for n in reversed(order[:i]) if n in present), None)
    if after is not None:
        return None, after
    before = next((n for n in order[i + 1:] if n in present), None)
    if before is not None:
        return before, None
    return None, present[-1] if present else None


def write_formatting(io: Gateway, sheet: Any) -> None:
    """A ``SheetOut``'s formatting: one fill matrix, one call per property and
    rectangle, widths per run of equal columns, drop-down lists, notes, panes.

    Row heights and the print area go through xlwings; the rest of the A4 page
    setup only for sheets the add-in adds (:meth:`Gateway.page_setup`).
    """
    fills, plan = style_plan(sheet.styles)
    if fills:
        height = max(r for r, _ in fills)
        width = max(c for _, c in fills)
        io.write_fills(sheet.name, [[f"#{fills[(r, c)]}" if fills.get((r, c)) else None
                                     for c in range(1, width + 1)] for r in range(1, height + 1)])
    for prop, value, box in plan:
        io.write_property(sheet.name, box, prop, value)
    write_layout(io, sheet)
    for v in sheet.validations:
        io.validation_list(sheet.name, v.ref, v.options)
    write_notes(io, sheet)


def write_notes(io: Gateway, sheet: Any) -> None:
    """The sheet's cell notes (the tie-break columns' explanations), one call each."""
    for cell, text in sheet.comments:
        io.note(sheet.name, cell, text)


def write_layout(io: Gateway, sheet: Any) -> None:
    """What a copy of cells does not carry: column widths (per run of equal columns),
    row heights (per run of rows of equal height), the print area and frozen panes."""
    col = 1
    widths = list(sheet.widths)
    while col <= len(widths):
        last = col
        while last < len(widths) and widths[last] == widths[col - 1]:
            last += 1
        io.column_width(sheet.name, col, last, widths[col - 1])
        col = last + 1
    for first, last, height in height_runs(sheet.row_heights):
        io.row_height(sheet.name, first, last, height)
    if sheet.print_setup.area:
        io.print_area(sheet.name, sheet.print_setup.area)
    if sheet.freeze:
        io.freeze(sheet.name, sheet.freeze)


def style_plan(styles: Sequence[Any]) -> tuple[dict[tuple[int, int], str | None],
                                                list[tuple[str, Any, Box]]]:
    """A sheet's ``Style`` records as (fill per cell, [(property, value, rectangle)]).

    Later records win over earlier ones cell by cell, as they do when the
    openpyxl backend applies them in order; cells sharing a property value are
    then covered by as few rectangles as :func:`rectangles` finds.
    """
    fills: dict[tuple[int, int], str | None] = {}
    per_prop: dict[str, dict[tuple[int, int], Any]] = {p: {} for p in STYLE_PROPERTIES}
    for cell, props in cell_properties(styles).items():
        if "fill" in props:
            fills[cell] = props["fill"]  # type: ignore[assignment]
        for prop in STYLE_PROPERTIES:
            if prop in props:
                per_prop[prop][cell] = props[prop]
    plan: list[tuple[str, Any, Box]] = []
    for prop in STYLE_PROPERTIES:
        by_value: dict[Any, set[tuple[int, int]]] = {}
        for cell, value in per_prop[prop].items():
            by_value.setdefault(value, set()).add(cell)
        for value in sorted(by_value, key=repr):
            plan += [(prop, value, box) for box in rectangles(by_value[value])]
    return fills, plan


TRF_SHEET_NAME = "TRF"
"""Decision: where 导出 TRF puts the TRF when the workbook has no folder to write
``<workbook>.trf`` into (an unsaved workbook, xlwings Server or Lite): one line per
row of this sheet, which the organiser can copy into a text file."""




def write_trf(io: Gateway, trf: str, message: str) -> str:
    """Save the TRF next to the workbook (``<name>.trf``); without a folder to
    write to, into the ``TRF`` sheet instead. Returns the message to show."""
    fullname = "" if io.is_office_js else str(getattr(io.book, "fullname", "") or "")
    folder = Path(fullname).parent if fullname else None
    if folder is not None and str(folder) not in ("", ".") and folder.is_dir():
        path = Path(fullname).with_suffix(".trf")
        path.write_text(trf, encoding="utf-8")
        return f"{message}; TRF → {path}"
    names = io.sheet_names()
    if TRF_SHEET_NAME in names:
        io.clear_sheet(TRF_SHEET_NAME)
    else:
        io.add_sheet(TRF_SHEET_NAME, before=None, after=names[-1] if names else None)
    io.write_values(TRF_SHEET_NAME, [[line] for line in trf.splitlines()])
    return f"{message}; TRF → sheet {TRF_SHEET_NAME}"


def _book_path(io: Gateway) -> Any:
    """The workbook's file when it is saved in a folder (desktop Excel), else None (Lite, a new book)."""
    fullname = "" if io.is_office_js else str(getattr(io.book, "fullname", "") or "")
    path = Path(fullname) if fullname else None
    return path if path is not None and str(path.parent) not in ("", ".") and path.parent.is_dir() else None


def write_share(io: Gateway, result: Any) -> str:
    """The share job's files beside the workbook (``EVENT_分享``), all or none; without a
    folder to write to (xlwings Lite) the page's lines into the sheet 分享网页, with a
    sentence saying why there are no images. Returns the message to show."""
    path = _book_path(io)
    if path is not None:
        folder = folder_for(path, result.lang)
        written = write_files(folder, result.files)
        names = ", ".join(w.name for w in written)
        return "\n".join([L.text("share.written", result.lang, folder=folder, files=names), *result.notes])
    sheet = L.text("share.lite_sheet", result.lang)
    page = next(data for name, data in result.files if name.endswith(".html")).decode("utf-8")
    present = io.sheet_names()
    if sheet in present:
        io.clear_sheet(sheet)
    else:
        io.add_sheet(sheet, before=None, after=present[-1] if present else None)
    # a line Excel would take for a formula (=, +, -, @ first: CSS's @media) gets a space first
    io.write_values(sheet, [[" " + line if line[:1] in "=+-@" else line] for line in page.splitlines()])
    return L.text("share.lite", result.lang, sheet=sheet)
