"""The openpyxl backend: read a workbook file into sheet values, apply a
:class:`~bianpai.addin.jobs.JobResult` to it and save it safely.

Safety rules (issue #5):

* a workbook open in Excel (its lock file ``~$NAME.xlsx`` beside it, or
  LibreOffice's ``.~lock.NAME.xlsx#``) is refused;
* a workbook holding charts, images, pivot tables or other objects openpyxl
  would silently drop is refused (the add-in, which edits through Excel, has
  no such limit);
* saves are atomic: the new workbook is written beside the old one and moved
  over it with ``os.replace``; the previous version is kept as
  ``NAME.bak.xlsx``.  A save killed half-way leaves the original intact.

Two ways to write.  When every sheet is one of ours, the workbook is written
afresh (fast: a 1,000-player event is read and written in about two seconds);
sheets the job did not change are written with the values read from the file.
When the workbook also holds sheets that are not ours, formulas or comments,
it is loaded whole and only our changed sheets are replaced, so those are kept
(see :data:`FRESH_WRITE_REFORMATS`).
"""

from __future__ import annotations

import os
import re
import shutil
import time
import zipfile
from pathlib import Path
from typing import Iterable, Mapping

from . import sheets as S
from .labels import sheet_key
from .sheets import SheetOut, Style

__all__ = ["WorkbookError", "apply", "backup_path", "foreign_objects", "lock_files", "read_values",
           "refuse_if_unsafe", "write_new"]

SAVE_PAUSE_ENV = "BIANPAI_TEST_SAVE_PAUSE"
"""Test hook: seconds to sleep after the temporary file is written and
before it replaces the workbook (lets a test kill the process mid-save)."""


class WorkbookError(Exception):
    """The workbook file cannot be used as asked (missing, open in Excel,
    holding objects that would be lost)."""


def lock_files(path: Path) -> list[Path]:
    """Lock files that say the workbook is open: Excel's ``~$NAME.xlsx`` and
    LibreOffice's ``.~lock.NAME.xlsx#``."""
    d, name = path.parent, path.name
    return [p for p in (d / f"~${name}", d / f".~lock.{name}#") if p.exists()]


FOREIGN_PARTS: tuple[tuple[str, str], ...] = (
    ("xl/charts/", "charts"),
    ("xl/chartsheets/", "chart sheets"),
    ("xl/media/", "images"),
    ("xl/drawings/drawing", "drawings (shapes, images or charts)"),
    ("xl/pivotTables/", "pivot tables"),
    ("xl/pivotCache/", "pivot caches"),
    ("xl/embeddings/", "embedded objects"),
    ("xl/slicers/", "slicers"),
    ("xl/timelines/", "timelines"),
    ("xl/activeX/", "ActiveX controls"),
    ("xl/ctrlProps/", "form controls"),
    ("xl/vbaProject.bin", "macros"),
    ("xl/threadedComments/", "threaded comments"),
)
"""Parts of an .xlsx that openpyxl does not keep when it saves (comments,
which it keeps, live in ``xl/drawings/vmlDrawing*``/``commentsDrawing*``)."""


def foreign_objects(path: Path) -> list[str]:
    """What the workbook holds that openpyxl would drop (empty: nothing)."""
    try:
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
    except zipfile.BadZipFile:
        raise WorkbookError(f"{path}: not an .xlsx workbook (not a zip file)")
    found = []
    for prefix, what in FOREIGN_PARTS:
        if any(n.startswith(prefix) for n in names) and what not in found:
            found.append(what)
    return found


def refuse_if_unsafe(path: Path) -> None:
    """Raise :class:`WorkbookError` when ``path`` must not be overwritten."""
    locks = lock_files(path)
    if locks:
        raise WorkbookError(f"{path} is open in Excel (lock file {locks[0].name} is present): "
                            f"close it there first, or use the Bianpai add-in inside Excel")
    if path.exists():
        found = foreign_objects(path)
        if found:
            raise WorkbookError(f"{path} holds {', '.join(found)}, which the command-line tool cannot keep: "
                                f"it will not overwrite it (use the Bianpai add-in inside Excel, or remove them)")


class WorkbookValues(dict):
    """Sheet values as read, and which source sheets hold formulas (None: not known)."""

    def __init__(self, values: Mapping[str, list[list[object]]], formulas: frozenset[str] | None = None):
        super().__init__(values)
        self.formulas = formulas


def read_values(path: Path | str) -> dict[str, list[list[object]]]:
    """Every sheet name of the workbook → its values (row-major, None for
    empty).  Only the sources (Settings, Players, round sheets) are read; the
    derived sheets and sheets not ours come back empty (the jobs rewrite or
    ignore them)."""
    path = Path(path)
    if not path.exists():
        raise WorkbookError(f"{path}: no such workbook (create one with: bianpai new {path.name})")
    if not zipfile.is_zipfile(path):
        raise WorkbookError(f"{path}: not an .xlsx workbook")

    def wanted(name: str) -> bool:
        return sheet_key(name) in ("round", "sheet.settings", "sheet.players")

    from .xlsxreader_fast import read_workbook

    formulas: set[str] = set()
    try:
        return WorkbookValues(read_workbook(path, wanted, formulas), formulas=frozenset(formulas))
    except Exception:  # noqa: BLE001 - unusual files (strict OOXML …): let openpyxl read them
        pass
    import openpyxl

    try:
        wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (zipfile.BadZipFile, OSError, KeyError, ValueError) as e:
        raise WorkbookError(f"{path}: cannot read it as an .xlsx workbook ({e})")
    try:
        out: dict[str, list[list[object]]] = {}
        for name in wb.sheetnames:
            ws = wb[name]
            out[name] = ([list(r) for r in ws.iter_rows(values_only=True)]
                         if wanted(name) and hasattr(ws, "iter_rows") else [])
        return out
    finally:
        wb.close()


_FORMULA = re.compile(rb"<(?:\w+:)?f[ >/]")


def has_formulas(path: Path) -> bool:
    """Whether any worksheet holds a formula (the fresh writer would keep only
    its value, so such workbooks are edited in place)."""
    with zipfile.ZipFile(path) as z:
        return any(_FORMULA.search(z.read(n)) for n in z.namelist()
                   if n.startswith("xl/worksheets/") and n.endswith(".xml"))


def has_comments(path: Path) -> bool:
    """Whether any sheet holds cell comments (notes); openpyxl keeps them, the
    fresh writer would not, so such workbooks are edited in place."""
    with zipfile.ZipFile(path) as z:
        return any(n.startswith("xl/comments") for n in z.namelist())


FRESH_WRITE_REFORMATS = True
"""Decision: when every sheet is ours the workbook is written afresh (the fast
path the speed goals need): every value is kept, but formatting an organiser
added by hand to our sheets (colours, merged cells, widths) is replaced by
bianpai's.  Workbooks with sheets not ours, formulas or comments are edited in
place instead, which keeps everything openpyxl understands."""


def backup_path(path: Path) -> Path:
    """``EVENT.xlsx`` → ``EVENT.bak.xlsx``: the version before the last save."""
    return path.with_name(path.stem + ".bak" + path.suffix)


# ---------------------------------------------------------------------------
# Writing a SheetOut into an openpyxl worksheet
# ---------------------------------------------------------------------------


def _props(styles: Iterable[Style]) -> dict[tuple[int, int], dict[str, object]]:
    """Every styled cell's properties, later styles overriding earlier ones
    property by property."""
    cells: dict[tuple[int, int], dict[str, object]] = {}
    for s in styles:
        p = s.properties()
        if not p:
            continue
        for r in range(s.top, s.bottom + 1):
            for c in range(s.left, s.right + 1):
                cur = cells.get((r, c))
                if cur is None:
                    cells[(r, c)] = dict(p)
                else:
                    cur.update(p)
    return cells


def _apply_style(cell, p: dict[str, object]) -> None:
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    if "bold" in p or "size" in p or "colour" in p:
        cell.font = Font(bold=bool(p.get("bold")),
                         size=p.get("size") or 11, color=p.get("colour"))
    if "fill" in p:
        cell.fill = PatternFill("solid", fgColor=p["fill"])
    if "align" in p or "wrap" in p:
        cell.alignment = Alignment(horizontal=p.get("align"), vertical="center", wrap_text=bool(p.get("wrap")))
    if p.get("border"):
        thin = Side(style="thin", color="808080")
        cell.border = Border(left=thin, right=thin, top=thin, bottom=thin)
    if "number_format" in p:
        cell.number_format = p["number_format"]


def write_sheet(ws, sheet: SheetOut, rows: object = None) -> None:
    """Fill the empty worksheet ``ws`` with ``sheet`` (values from ``rows``
    instead when given: a sheet kept as read, formatted as rendered)."""
    from copy import copy

    from openpyxl.comments import Comment
    from openpyxl.worksheet.datavalidation import DataValidation
    from openpyxl.worksheet.properties import PageSetupProperties

    values = sheet.rows if rows is None else rows
    for row in values:  # type: ignore[union-attr]
        ws.append([_safe(v) for v in row])
        for c, v in enumerate(row, start=1):
            if isinstance(v, str) and v.startswith("="):
                cell = ws.cell(ws.max_row, c)
                cell.value = v
                cell.data_type = "s"  # text, never a formula
    made: dict[tuple, object] = {}
    for (r, c), p in _props(sheet.styles).items():
        cell = ws.cell(r, c)
        key = tuple(sorted(p.items()))
        style = made.get(key)
        if style is None:
            _apply_style(cell, p)
            made[key] = copy(cell._style)
        else:
            cell._style = copy(style)
    for i, w in enumerate(sheet.widths, start=1):
        ws.column_dimensions[S.column_letter(i)].width = w
    for v in sheet.validations:
        formula = '"' + ",".join(v.options) + '"'
        dv = DataValidation(type="list", formula1=formula, allow_blank=True, showErrorMessage=False,
                            showDropDown=False)
        if v.prompt:
            dv.prompt = v.prompt
        ws.add_data_validation(dv)
        dv.add(v.ref)
    for ref, note in sheet.comments:
        cm = Comment(note, "bianpai")
        cm.width, cm.height = 320, 120
        ws[ref].comment = cm
    for first, last, height in sheet.row_heights:
        for r in range(first, last + 1):
            ws.row_dimensions[r].height = height
    ps = sheet.print_setup
    if ps.area:
        ws.print_area = ps.area
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.orientation = ps.orientation
    if ps.fit_width:
        ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0
    if ps.repeat_rows:
        ws.print_title_rows = f"{ps.repeat_rows[0]}:{ps.repeat_rows[1]}"
    if ps.header:
        ws.oddHeader.center.text = ps.header.replace("&", "&&")
    if ps.footer:
        ws.oddFooter.center.text = ps.footer
    ws.print_options.horizontalCentered = ps.centre_horizontally
    ws.page_margins.left = ws.page_margins.right = 0.4
    ws.page_margins.top = ws.page_margins.bottom = 0.6
    if sheet.freeze:
        ws.freeze_panes = sheet.freeze


def _safe(v: object) -> object:
    if isinstance(v, str) and v.startswith("="):
        return None  # written as text afterwards
    return v


# ---------------------------------------------------------------------------
# Applying a job result
# ---------------------------------------------------------------------------


def _save_atomically(save, path: Path, keep_backup: bool = True) -> None:
    """``save(tmp)`` writes the workbook beside ``path``; the old file is
    kept as NAME.bak.xlsx, then the new one replaces it (``os.replace``)."""
    tmp = path.with_name(f".{path.stem}.{os.getpid()}.tmp{path.suffix}")
    try:
        save(tmp)
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        pause = os.environ.get(SAVE_PAUSE_ENV)
        if pause:
            time.sleep(float(pause))
        if keep_backup and path.exists():
            bak = backup_path(path)
            bak_tmp = bak.with_name(f".{bak.name}.{os.getpid()}.tmp")
            shutil.copy2(path, bak_tmp)
            os.replace(bak_tmp, bak)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def write_new(path: Path | str, result, values: Mapping[str, object] | None = None) -> None:
    """Write every sheet of ``result`` into a fresh workbook at ``path``
    (unchanged sheets with their values as read)."""
    from .xlsxwriter_fast import write_workbook

    path = Path(path)
    refuse_if_unsafe(path)
    changed = set(result.changed)
    todo = []
    for s in result.sheets:
        if s.name in result.delete:
            continue
        kept = values.get(s.name) if values is not None and s.name not in changed else None
        todo.append((s, kept if kept else s.rows))
    _save_atomically(lambda tmp: write_workbook(tmp, todo), path)


def apply(path: Path | str, result, values: Mapping[str, object] | None = None) -> None:
    """Apply ``result`` to the workbook at ``path`` (created when missing).

    ``values``: what :func:`read_values` read before the job (to write
    unchanged sheets as they were)."""
    path = Path(path)
    refuse_if_unsafe(path)
    if not path.exists():
        write_new(path, result, values)
        return
    if values is None:
        values = read_values(path)
    names = list(values)
    ours = {s.name for s in result.sheets}
    _keyed, _rounds, other = S.classify_sheets(names)
    other = [n for n in other if n not in ours]
    known = getattr(values, "formulas", None)
    formulas = bool(known) if known is not None else has_formulas(path)
    if not other and not formulas and not has_comments(path):
        write_new(path, result, values)
        return
    # The workbook holds sheets that are not ours, or formulas: edit it in place.
    import openpyxl

    wb = openpyxl.load_workbook(path)
    for name in result.delete:
        if name in wb.sheetnames:
            wb.remove(wb[name])
    prev_index = -1
    for s in result.sheets:
        if s.name in wb.sheetnames:
            index = wb.sheetnames.index(s.name)
            if s.name in result.changed:
                wb.remove(wb[s.name])
                write_sheet(wb.create_sheet(s.name, index), s)
        elif s.name not in result.delete:
            index = prev_index + 1
            write_sheet(wb.create_sheet(s.name, index), s)
        prev_index = wb.sheetnames.index(s.name) if s.name in wb.sheetnames else prev_index
    _save_atomically(wb.save, path)
