"""The xlwings backend: the organiser's jobs run on an open Excel workbook.

Every entry function takes an ``xlwings.Book`` and does one job with the same
sheet logic as the CLI (:mod:`bianpai.addin.jobs.core`): it reads each source sheet's
used range (its address, then its values in one call; the derived sheets are not
read, as the CLI does not read them), runs the job, and writes each changed
sheet's values in one call plus its formatting in as few calls as xlwings allows
(one fill-colour matrix, then one call per property and rectangle of cells).
xlwings round trips to Excel are the slow part, so every call goes through
:class:`Gateway`, which counts them.

Progress shows in Excel's status bar. Validation problems (``InputError``) show
in one message box listing each ``Sheet!Cell`` and nothing is written.

The ribbon add-in calls :func:`run_from_excel` through xlwings' RunPython; the
known-good one-button add-in calls :func:`bianpai.addin.next_step.main`; xlwings
Lite calls the entry functions from ``lite/main.py``.
"""

from __future__ import annotations

import datetime as _dt
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..jobs.table import Job, ribbon_jobs

MESSAGE_TITLE = "编排 Bianpai"
"""Title of every message box."""

STATUS_PREFIX = "编排 Bianpai: "

MAX_PROBLEMS_SHOWN = 30
"""Decision: a message box lists at most this many problems, then says how many more
(Excel cuts long message boxes off)."""

SET_COLORS_MAX_CELLS = 10_000
"""xlwings' ``Range.set_colors`` limit per call; bigger sheets take one call per block of rows."""

JOB_NAMES: tuple[str, ...] = tuple(j.ribbon or "" for j in ribbon_jobs())
"""The jobs, by the name the ribbon's VBA and the Lite scripts pass."""

TRF_SHEET_NAME = "TRF"
"""Decision: where 导出 TRF puts the TRF when the workbook has no folder to write
``<workbook>.trf`` into (an unsaved workbook, xlwings Server or Lite): one line per
row of this sheet, which the organiser can copy into a text file."""


@dataclass
class Gateway:
    """Every xlwings call this module makes, counted by kind.

    ``read.*`` and ``write.*`` are round trips to Excel (on xlwings Server and
    Lite each write is one action the client replays); ``status`` (status bar)
    and ``alert`` (message box) are counted apart.
    """

    book: Any
    calls: dict[str, int] = field(default_factory=dict)
    _sheets: dict[str, Any] = field(default_factory=dict)

    def sheet(self, name: str) -> Any:
        """The sheet ``name``, looked up in Excel once per job (each lookup is a call into
        desktop Excel: a sheet's widths and row heights would otherwise cost one more each)."""
        found = self._sheets.get(name)
        if found is None:
            found = self._sheets[name] = self.book.sheets[name]
        return found

    def count(self, kind: str) -> None:
        self.calls[kind] = self.calls.get(kind, 0) + 1

    def total(self, prefix: str) -> int:
        return sum(n for k, n in self.calls.items() if k.startswith(prefix))

    @property
    def is_office_js(self) -> bool:
        """Running on xlwings' remote interpreter (xlwings Server or Lite)?"""
        engine = self.book.app.engine
        return "remote" in (getattr(engine, "type", ""), getattr(engine, "name", ""))

    # -- status bar and message box --------------------------------------------
    def status(self, text: str | None) -> None:
        """Show ``text`` in Excel's status bar (``None`` hands it back to Excel: ``False``).

        Office.js has no status bar; there this does nothing.
        """
        if self.is_office_js:
            return
        self.count("status")
        try:
            self.book.app.status_bar = False if text is None else STATUS_PREFIX + text
        except (NotImplementedError, AttributeError):
            pass

    def alert(self, text: str) -> None:
        self.count("alert")
        self.book.app.alert(text, title=MESSAGE_TITLE)

    # -- reads ----------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        self.count("read.sheet_names")
        return [s.name for s in self.book.sheets]

    def read_sheet(self, name: str) -> list[list[Any]]:
        """All values from A1 to the sheet's last used cell: one read of the used
        range's extent, one of the values."""
        used = self.sheet(name).used_range
        self.count("read.extent")
        top, left = top_left_of(used.address)
        self.count("read.values")
        values = used.options(ndim=2, empty=None).value
        # Excel's used range starts at the first used cell; the jobs count from A1.
        width = left - 1 + max((len(r) for r in values), default=0)
        rows = [[None] * width for _ in range(top - 1)]
        rows += [[None] * (left - 1) + [cell_value(v) for v in r] for r in values]
        return rows

    # -- writes ---------------------------------------------------------------
    def add_sheet(self, name: str, before: str | None, after: str | None) -> None:
        self.count("write.add_sheet")
        self._sheets.pop(name, None)
        sheets = self.book.sheets
        if after is not None:
            sheets.add(name=name, after=sheets[after])
        elif before is not None:
            sheets.add(name=name, before=sheets[before])
        else:
            sheets.add(name=name)

    def delete_sheet(self, name: str) -> None:
        self.count("write.delete_sheet")
        self.sheet(name).delete()
        self._sheets.pop(name, None)

    # -- desktop Excel: the sheets written once into a file, copied in whole --------
    def open_formats(self, sheets: Sequence[Any]) -> FormatsFile | None:
        """The sheets to write, values and formatting, saved by the file writer the CLI
        uses (:func:`bianpai.addin.files.writer.write_workbook`) into a scratch workbook, opened in
        this Excel: each sheet is then copied in with one call whatever its size
        (:data:`DESKTOP_WRITES_FROM_FILE`). ``None`` when the scratch workbook cannot
        be written or opened (the caller writes cell by cell instead)."""
        import os
        import uuid

        from ..files.writer import write_workbook

        folder = formats_folder()
        path = folder / f"{FORMATS_FILE_PREFIX}{os.getpid()}-{uuid.uuid4().hex[:8]}.xlsx"
        extents = {sheet.name: sheet_extent(sheet) for sheet in sheets}
        try:
            write_workbook(path, [(sheet, sheet.rows) for sheet in sheets])
        except OSError:
            path.unlink(missing_ok=True)
            return None
        self.count("write.open_formats")
        try:
            book = self.book.app.books.open(str(path), update_links=False, read_only=True)
        except Exception:  # Excel could not or would not open it (macOS file access, policy …)
            path.unlink(missing_ok=True)
            return None
        return FormatsFile(book, path, extents)

    def close_formats(self, source: FormatsFile) -> None:
        """Close the scratch workbook, the organiser's workbook active again, and delete the file."""
        self.count("write.close_formats")
        try:
            source.book.close()
        finally:
            self.count("write.activate")
            try:
                self.book.activate()
            except Exception:  # pragma: no cover - an engine without Book.activate
                pass
            try:
                source.path.unlink(missing_ok=True)
            except OSError:  # still held a moment after closing (Windows): the temp folder's
                pass

    def copy_sheet_in(self, source: FormatsFile, name: str, before: str | None, after: str | None) -> None:
        """A sheet the job adds: the scratch workbook's sheet copied in whole (values,
        formats, widths, heights, drop-down lists, A4 page setup, page breaks, frozen
        panes), one call."""
        self.count("write.copy_sheet")
        target = self.book.sheets[after if after is not None else before]
        src = source.book.sheets[name]
        if after is not None:
            src.impl.copy(before=None, after=target.impl)
        else:
            src.impl.copy(before=target.impl, after=None)

    def copy_cells_in(self, source: FormatsFile, name: str) -> None:
        """A sheet the job rewrites (cleared first): the scratch workbook's cells copied
        over its cells, values and formats and drop-down lists, one call."""
        box = source.extents[name]
        self.count("write.copy_cells")
        src = source.book.sheets[name].range((1, 1), (box.bottom, box.right))
        src.copy(self.sheet(name).range((1, 1)))

    def screen_updating(self, on: bool) -> None:
        """Excel redraws nothing while the sheets are written (desktop only)."""
        if self.is_office_js:
            return
        self.count("write.screen_updating")
        try:
            self.book.app.screen_updating = on
        except (NotImplementedError, AttributeError):
            pass

    def clear_sheet(self, name: str) -> None:
        """Values and formats (the job rewrites both)."""
        self.count("write.clear")
        self.sheet(name).clear()

    def write_values(self, name: str, rows: Sequence[Sequence[Any]]) -> None:
        width = max((len(r) for r in rows), default=0)
        if width == 0:
            return
        self.count("write.values")
        self.sheet(name).range((1, 1), (len(rows), width)).value = [
            [excel_value(v) for v in r] + [None] * (width - len(r)) for r in rows]

    def write_fills(self, name: str, fills: Sequence[Sequence[str | None]]) -> None:
        """Fill colours cell by cell (``#RRGGBB`` or ``None``), one call per 10,000 cells on
        Office.js; on the desktop one call per colour and rectangle of cells (xlwings'
        desktop ``set_colors`` makes a call into Excel for every cell of the matrix)."""
        width = max((len(r) for r in fills), default=0)
        if width == 0:
            return
        if not self.is_office_js:
            by_colour: dict[str, set[tuple[int, int]]] = {}
            for r, row in enumerate(fills, 1):
                for c, colour in enumerate(row, 1):
                    if colour:  # the sheet was cleared (or is new): no fill is the default
                        by_colour.setdefault(colour, set()).add((r, c))
            for colour in sorted(by_colour):
                for box in rectangles(by_colour[colour]):
                    self.count("write.fill")
                    self.sheet(name).range((box.top, box.left), (box.bottom, box.right)).color = colour
            return
        block = max(1, SET_COLORS_MAX_CELLS // width)
        sheet = self.sheet(name)
        for top in range(0, len(fills), block):
            rows = [list(r) + [None] * (width - len(r)) for r in fills[top:top + block]]
            self.count("write.fills")
            sheet.range((top + 1, 1), (top + len(rows), width)).set_colors(rows)

    def write_property(self, name: str, box: Box, prop: str, value: Any) -> None:
        """One formatting property on one rectangle of cells."""
        self.count(f"write.{prop}")
        rng = self.sheet(name).range((box.top, box.left), (box.bottom, box.right))
        if prop == "bold":
            rng.font.bold = value
        elif prop == "size":
            rng.font.size = value
        elif prop == "colour":
            rng.font.color = "#" + value
        elif prop == "align":
            rng.horizontal_alignment = value
        elif prop == "wrap":
            rng.wrap_text = value
        elif prop == "number_format":
            rng.number_format = value
        elif prop == "border":
            # Thin grey lines around and between the cells, as the openpyxl backend draws
            # them (a one-row or one-column box has no inside line of that direction).
            sides = ["edge_top", "edge_bottom", "edge_left", "edge_right"]
            if box.right > box.left:
                sides.append("inside_vertical")
            if box.bottom > box.top:
                sides.append("inside_horizontal")
            rng.borders.set(sides, line_style="continuous", weight="thin", color=BORDER_COLOUR)
        else:  # pragma: no cover - STYLE_PROPERTIES lists what is handled
            raise ValueError(prop)

    def column_width(self, name: str, first: int, last: int, width: float) -> None:
        """Columns ``first..last`` (1-based) ``width`` characters wide."""
        self.count("write.column_width")
        # Office.js measures widths in points, the desktop engines in characters.
        value = width * POINTS_PER_CHARACTER if self.is_office_js else width
        self.sheet(name).range((1, first), (1, last)).column_width = value

    def row_height(self, name: str, first: int, last: int, height: float) -> None:
        """Rows ``first..last`` ``height`` points high."""
        self.count("write.row_height")
        self.sheet(name).range((first, 1), (last, 1)).row_height = height

    def print_area(self, name: str, area: str) -> None:
        self.count("write.print_area")
        self.sheet(name).page_setup.print_area = area

    def page_setup(self, name: str, ps: Any) -> None:
        """The A4 page setup of a sheet the add-in adds (existing sheets keep theirs:
        clearing a sheet leaves its page setup alone). Desktop Excel on Windows only:
        xlwings has no page setup beyond the print area, Office.js none at all."""
        import sys

        if self.is_office_js or not sys.platform.startswith("win"):
            return
        self.count("write.page_setup")
        app = self.book.app.api
        setup = self.sheet(name).api.PageSetup
        app.PrintCommunication = False  # one printer round trip instead of one per property
        try:
            setup.PaperSize = XL_PAPER_A4
            setup.Orientation = XL_LANDSCAPE if ps.orientation == "landscape" else XL_PORTRAIT
            if ps.fit_width:
                setup.Zoom = False
                setup.FitToPagesWide = 1
                setup.FitToPagesTall = False
            if ps.repeat_rows:
                setup.PrintTitleRows = f"${ps.repeat_rows[0]}:${ps.repeat_rows[1]}"
            setup.CenterHeader = ps.header.replace("&", "&&")
            setup.CenterFooter = ps.footer
            setup.CenterHorizontally = ps.centre_horizontally
            for r in ps.row_breaks:  # manual page breaks (the score slips: four to a page)
                sheet = self.sheet(name).api
                sheet.HPageBreaks.Add(Before=sheet.Rows(r + 1))
        finally:
            app.PrintCommunication = True

    def validation_list(self, name: str, ref: str, options: Sequence[str]) -> None:
        self.count("write.validation")
        self.sheet(name).range(ref).data_validation.set_list(list(options))

    def note(self, name: str, cell: str, text: str) -> None:
        self.count("write.note")
        rng = self.sheet(name).range(cell)
        try:
            rng.add_note(text)
        except ValueError:  # the cell kept its note through the clear
            rng.note.text = text

    def freeze(self, name: str, top_left_unfrozen: str) -> None:
        """Freeze the rows above and the columns left of ``top_left_unfrozen``.

        xlwings' ``freeze_at`` exists on Office.js only; desktop Excel freezes panes
        per window, so there the sheet's window is split and frozen (Windows; on
        macOS the panes stay as the template has them).
        """
        frozen = frozen_range(top_left_unfrozen)
        if frozen is None:
            return
        self.count("write.freeze")
        sheet = self.sheet(name)
        try:
            sheet.freeze_panes.freeze_at(frozen)
        except (AttributeError, NotImplementedError):
            self._freeze_window(sheet, top_left_unfrozen)

    def _freeze_window(self, sheet: Any, top_left_unfrozen: str) -> None:
        import sys

        if not sys.platform.startswith("win"):
            return
        rows, cols = split_of(top_left_unfrozen)
        active = self.book.sheets.active
        sheet.activate()
        window = self.book.app.api.ActiveWindow
        window.FreezePanes = False
        window.SplitColumn = cols
        window.SplitRow = rows
        window.FreezePanes = True
        active.activate()


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


XL_PAPER_A4, XL_PORTRAIT, XL_LANDSCAPE = 9, 1, 2  # Excel's XlPaperSize / XlPageOrientation

POINTS_PER_CHARACTER = 7.5
"""Decision: a column width of one character in points (Calibri 11: 7 px + padding ≈
7.5 pt) for Office.js, which takes widths in points; Excel on the desktop takes
characters as the openpyxl backend does."""

BORDER_COLOUR = "#808080"
"""The grid colour of bordered cells (the openpyxl backend's thin grey)."""

STYLE_PROPERTIES: tuple[str, ...] = ("bold", "size", "colour", "align", "wrap", "border",
                                     "number_format")
"""The ``sheets.Style`` properties written per rectangle (fills go in one matrix)."""


@dataclass(frozen=True)
class Box:
    """A rectangle of cells, 1-based and inclusive."""

    top: int
    left: int
    bottom: int
    right: int


@dataclass(frozen=True)
class FormatsFile:
    """The scratch workbook open in Excel: the book, its file, each sheet's extent."""

    book: Any
    path: Any
    extents: Mapping[str, Box]


DESKTOP_WRITES_FROM_FILE = True
"""Decision (issue #26, measured with tests/xlrecorder.py, bench/bench_excel_calls.py):
on desktop Excel the changed sheets are saved into a scratch workbook by the file
writer and copied in — a new sheet whole, a rewritten one by one ``Range.copy`` of
its cells — so a click makes a few dozen calls into Excel whatever the field's
size. Cell by cell (fills per colour and rectangle, each property per rectangle)
the calls grow with the field: the pairing cards of 1,000 players take thousands."""

FORMATS_FILE_PREFIX = "bianpai-sheets-"
"""The scratch workbook's file name starts so (then process id and a random tag)."""

MACOS_EXCEL_FOLDER = "~/Library/Containers/com.microsoft.Excel/Data"
"""macOS: Excel is sandboxed and asks the organiser before opening a file outside its
own container; files in this folder it opens without asking (xlwings saves its
picture files there for the same reason)."""


def formats_folder() -> Any:
    """Where the scratch workbook is saved: Excel's own container folder on macOS when
    it exists, else the system's temporary folder."""
    import sys
    import tempfile
    from pathlib import Path

    if sys.platform == "darwin":
        folder = Path(MACOS_EXCEL_FOLDER).expanduser()
        if folder.is_dir():
            return folder
    return Path(tempfile.gettempdir())


def sheet_extent(sheet: Any) -> Box:
    """The cells a sheet's copy covers: every value, styled cell and drop-down list."""
    from openpyxl.utils.cell import range_boundaries

    bottom = max([len(sheet.rows)] + [s.bottom for s in sheet.styles] + [1])
    right = max([len(r) for r in sheet.rows] + [s.right for s in sheet.styles] + [1])
    for v in sheet.validations:
        for part in v.ref.split():
            _, _, r_col, r_row = range_boundaries(part)
            bottom, right = max(bottom, r_row or 1), max(right, r_col or 1)
    return Box(1, 1, bottom, right)


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


def style_plan(styles: Sequence[Any]) -> tuple[dict[tuple[int, int], str | None],
                                                list[tuple[str, Any, Box]]]:
    """A sheet's ``Style`` records as (fill per cell, [(property, value, rectangle)]).

    Later records win over earlier ones cell by cell, as they do when the
    openpyxl backend applies them in order; cells sharing a property value are
    then covered by as few rectangles as :func:`rectangles` finds.
    """
    from ..workbook.sheets.layout import cell_properties

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


def top_left_of(address: str) -> tuple[int, int]:
    """(row, column) of a range address's first cell: "$C$2:$F$9" → (2, 3)."""
    from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

    letters, row = coordinate_from_string(address.split(":")[0].replace("$", ""))
    return row, column_index_from_string(letters)


def split_of(top_left_unfrozen: str) -> tuple[int, int]:
    """(frozen rows, frozen columns) for a ``SheetOut.freeze`` cell: "C4" → (3, 2)."""
    from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

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
    from openpyxl.utils import get_column_letter

    return get_column_letter(col)


@dataclass(frozen=True)
class Outcome:
    """What a job did in Excel: its message, the problems shown, the calls made."""

    job: str
    message: str
    problems: tuple[str, ...]
    calls: Mapping[str, int]
    output: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems


def problems_message(problems: Sequence[str], notes: Sequence[str] = ()) -> str:
    """The one message box for validation problems: every ``Sheet!Cell`` problem,
    one a line, and that nothing was written."""
    shown = list(problems[:MAX_PROBLEMS_SHOWN])
    more = len(problems) - len(shown)
    n = len(problems)
    lines = [f"未写入任何内容，请先改正以下 {n} 个问题。",
             f"Nothing was written; please correct {'this problem' if n == 1 else f'these {n} problems'}:",
             ""]
    lines += [f"• {p}" for p in shown]
    if more:
        lines.append(f"… 另有 {more} 个问题 / and {more} more")
    if notes:
        lines += ["", "提示 Notes:"] + [f"• {x}" for x in notes[:MAX_PROBLEMS_SHOWN]]
    return "\n".join(lines)


from ..workbook.words import SOURCE_KEYS  # noqa: E402  the sheets a job reads (the CLI reads the same)


def read_sheets(io: Gateway, everything: bool = False) -> dict[str, list[list[Any]]]:
    """Every sheet name → its values, one read per source sheet, in workbook order.

    Derived sheets come back empty, as :func:`bianpai.addin.files.xlsx.read_values`
    gives them; sheets that are not ours too unless ``everything``.
    """
    from ..workbook.words import sheet_key

    names = io.sheet_names()
    out: dict[str, list[list[Any]]] = {}
    for i, name in enumerate(names, 1):
        key = sheet_key(name)
        if (everything and key is None) or key in SOURCE_KEYS:
            io.status(f"读取 reading {name} ({i}/{len(names)})")
            out[name] = io.read_sheet(name)
        else:
            out[name] = []
    return out


# --- the jobs: sheet values in, JobResult out (bianpai.addin.jobs.core) -------------------


def _job(job: str) -> Callable[..., Any]:
    """The function the ribbon job ``job`` runs (the job table's ``function``): one of
    :mod:`bianpai.addin.jobs.core`, or ``module:function`` under ``bianpai.addin``."""
    import functools

    from ..jobs import core as jobs

    row = next(j for j in ribbon_jobs() if j.ribbon == job)
    module, _, name = row.function.rpartition(":")
    where = importlib.import_module(f"bianpai.addin.{module}") if module else jobs
    f: Callable[..., Any] = getattr(where, name)
    return functools.partial(f, **dict(row.options)) if row.options else f


def run_job(book: Any, job: str) -> Outcome:
    """Run one organiser job on ``book``: read, compute, write — or show every
    problem in one message box and write nothing. The status bar goes back to
    Excel at the end, whatever happened."""
    from ..files.lock import WorkbookError, workbook_lock

    io = Gateway(book)
    try:
        try:
            fullname = getattr(book, "fullname", None)
        except Exception as error:  # OneDrive/SharePoint: xlwings finds no local file for the URL
            outcome = not_local(io, job, error)
        else:
            with workbook_lock(fullname):  # no Bianpai command on it meanwhile (#15)
                outcome = _run(io, job)
    except WorkbookError as error:  # another command holds the workbook
        io.alert(str(error))
        outcome = Outcome(job, "", (str(error),), {})
    finally:
        io.status(None)
    return replace(outcome, calls=dict(io.calls))


def not_local(io: Gateway, job: str, error: Exception) -> Outcome:
    """The workbook has no local path (xlwings' ``Book.fullname`` raised: a OneDrive or
    SharePoint workbook it cannot map to a synced folder): one message box, in the
    workbook's language, saying to sync it or save it locally; nothing written."""
    from ..jobs import core as jobs
    from ..workbook.words import text

    lang = jobs.language(read_sheets(io))
    message = text("addin.onedrive", lang, error=str(error) or type(error).__name__)
    io.alert(message)
    return Outcome(job, "", (message,), {})


def _run(io: Gateway, job: str) -> Outcome:
    from ..jobs import core as jobs
    from ..workbook.messages import messages_of

    from ..files.errors import WorkbookError

    io.status("读取 reading…")
    # 导入选手 reads the sheets that are not ours too: the registration list may be one of them
    values = read_sheets(io, everything=(job in ("new_event", "import_players")))
    io.status("计算 computing…")
    notes: tuple[str, ...] = ()
    try:
        if job == "import_players":  # the file the organiser picks (desktop); else a sheet of the list
            table = pick_registration(io)
            if table is False:  # the dialog cancelled: nothing to do
                return Outcome(job, "", (), {})
            result = _job(job)(values, table=table)
        else:
            result = _share(io, values) if job == "share" else _job(job)(values)
        notes = tuple(result.notes)
        if result.problems:  # check: the problems it found are reported like bad input
            io.alert(problems_message(result.problems, notes))
            return Outcome(job, "", tuple(result.problems), {})
    except jobs.InputError as error:
        problems = tuple(messages_of(error))
        io.alert(problems_message(problems, notes))
        return Outcome(job, "", problems, {})
    except WorkbookError as error:  # the picked file cannot be read (not a workbook, too big …)
        io.alert(str(error))
        return Outcome(job, "", (str(error),), {})
    except jobs.PairingError as error:
        from ..workbook.messages import wording

        problems = (wording(error.problem, jobs.language(values)),)
        io.alert(problems_message(problems, notes))
        return Outcome(job, "", problems, {})
    write_result(io, result, list(values))
    message = result.message
    if job == "export_trf":
        message = write_trf(io, result.output, message)
    elif job == "share":
        message = write_share(io, result)
    elif job == "check":
        io.alert("\n".join([message] + [f"• {n}" for n in result.notes]))
    print(message)  # xlwings Lite shows this in its output pane
    return Outcome(job, message, (), {}, result.output)


REGISTRATION_FILTER = "报名表 Registration list (*.xlsx;*.xls;*.csv),*.xlsx;*.xls;*.csv"
"""The file types Excel's open dialog offers for 导入选手 (the ones ``registration.read_file`` reads)."""


def pick_registration(io: Gateway) -> Any:
    """导入选手 on the desktop: the registration file the organiser picks in
    Excel's open dialog (``Application.GetOpenFilename``), read with
    :func:`bianpai.addin.jobs.registration.read_file`; False when the dialog is
    cancelled.  None — the list is then a sheet of the workbook — on Office.js
    (xlwings Lite and Server have no dialog and read no file) or where Excel
    offers no such dialog to xlwings."""
    if io.is_office_js:
        return None
    try:
        picked = io.book.app.api.GetOpenFilename(REGISTRATION_FILTER)
    except Exception:  # no COM dialog here (macOS' AppleScript bridge has none): the sheet route
        return None
    io.count("dialog")
    if not picked:
        return False
    from pathlib import Path

    from ..jobs.registration import read_file

    return read_file(Path(str(picked)))


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


def write_trf(io: Gateway, trf: str, message: str) -> str:
    """Save the TRF next to the workbook (``<name>.trf``); without a folder to
    write to, into the ``TRF`` sheet instead. Returns the message to show."""
    from pathlib import Path

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
    from pathlib import Path

    fullname = "" if io.is_office_js else str(getattr(io.book, "fullname", "") or "")
    path = Path(fullname) if fullname else None
    return path if path is not None and str(path.parent) not in ("", ".") and path.parent.is_dir() else None


def _share(io: Gateway, values: Mapping[str, Sequence[Sequence[Any]]]) -> Any:
    """分享 (issue 24): the images and the PDF only where the files can be written
    (desktop Excel, a saved workbook); under xlwings Lite the page alone."""
    from ..jobs import core as jobs

    path = _book_path(io)
    if path is None and not io.is_office_js:  # desktop Excel, a workbook never saved: no folder to write to
        from bianpai.engine.problems import problem

        from ..workbook.messages import WorkbookInputError

        raise WorkbookInputError([problem("problem.share_unsaved")], jobs.language(values))
    return _job("share")(values, images=None if path is not None else False, stem=path.stem if path else "")


def write_share(io: Gateway, result: Any) -> str:
    """The share job's files beside the workbook (``EVENT_分享``), all or none; without a
    folder to write to (xlwings Lite) the page's lines into the sheet 分享网页, with a
    sentence saying why there are no images. Returns the message to show."""
    from ..workbook import words as L
    from ..share.files import folder_for, write_files

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


# --- entry functions: one per ribbon job of the job table -------------------------


def _entry(job: Job) -> Callable[[Any], Outcome]:
    def entry(book: Any) -> Outcome:
        return run_job(book, job.ribbon or "")

    entry.__name__ = entry.__qualname__ = job.entry or ""
    entry.__doc__ = f"{job.label}: {job.doc}."
    return entry


ENTRY_FUNCTIONS: dict[str, Callable[[Any], Outcome]] = {j.ribbon or "": _entry(j) for j in ribbon_jobs()}
"""Ribbon job name (what the ribbon's VBA names) -> entry function."""
JOBS = ENTRY_FUNCTIONS
globals().update({f.__name__: f for f in ENTRY_FUNCTIONS.values()})  # xl.pair_next_round(book) …


SELF_TEST = "self_test"
"""The ribbon's 自检 button (not a job of the job table: :mod:`bianpai.addin.excel.selftest`)."""

NO_WORKBOOK_MESSAGE = ("请先打开赛事工作簿（或模板）。\n"
                       "Open the event workbook (or the template) first.")


def target_book() -> Any:
    """The organiser's workbook when RunPython is called from an add-in.

    ``Book.caller()`` is the add-in itself (``ThisWorkbook``); the event is the
    active workbook (``None`` when no workbook is open: then ``books.active``
    wraps ``None`` or raises).
    """
    import xlwings as xw

    caller = xw.Book.caller()
    if caller.name.lower().endswith(".xlam"):
        try:  # no workbook open: Windows wraps ActiveWorkbook None (its .name raises), macOS raises
            active = caller.app.books.active
            active.name  # noqa: B018
        except Exception:
            return None
        return active
    return caller


def run_from_excel(job: str) -> None:
    """What the ribbon's RunPython calls: run ``job`` on the active workbook and
    leave the job's message in the status bar (自检: the self-test, on the new
    workbook its button opened, :mod:`bianpai.addin.excel.selftest`)."""
    book = target_book()
    if book is None:  # Excel with only the add-in open
        import xlwings as xw

        xw.Book.caller().app.alert(NO_WORKBOOK_MESSAGE, title=MESSAGE_TITLE)
        return
    if job == SELF_TEST:
        from . import selftest

        selftest.run_on_excel(book)
        return
    outcome = ENTRY_FUNCTIONS[job](book)
    if outcome.ok and outcome.message:
        try:
            book.app.status_bar = STATUS_PREFIX + outcome.message.splitlines()[0]
        except (NotImplementedError, AttributeError):
            pass
