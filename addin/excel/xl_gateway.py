"""Every xlwings call the Excel front end makes, counted (issue 28: a part of
:mod:`bianpai.addin.excel.xl`): :class:`Gateway`.  xlwings round trips to Excel are the slow
part, so every call goes through it; on desktop Excel the sheets to write are saved into a
scratch workbook by the file writer and copied in (:class:`FormatsFile`)."""

from __future__ import annotations

import os
import sys
import tempfile
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpyxl.utils.cell import range_boundaries

from ..files.writer import write_workbook
from .xl_cells import Box, cell_value, excel_value, frozen_range, rectangles, split_of, top_left_of


MESSAGE_TITLE = "编排 Bianpai"
"""Title of every message box."""


STATUS_PREFIX = "编排 Bianpai: "


SET_COLORS_MAX_CELLS = 10_000
"""xlwings' ``Range.set_colors`` limit per call; bigger sheets take one call per block of rows."""


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


XL_PAPER_A4, XL_PORTRAIT, XL_LANDSCAPE = 9, 1, 2  # Excel's XlPaperSize / XlPageOrientation


POINTS_PER_CHARACTER = 7.5
"""Decision: a column width of one character in points (Calibri 11: 7 px + padding ≈
7.5 pt) for Office.js, which takes widths in points; Excel on the desktop takes
characters as the openpyxl backend does."""


BORDER_COLOUR = "#808080"
"""The grid colour of bordered cells (the openpyxl backend's thin grey)."""


@dataclass(frozen=True)
class FormatsFile:
    """The scratch workbook open in Excel: the book, its file, each sheet's extent."""

    book: Any
    path: Any
    extents: Mapping[str, Box]


FORMATS_FILE_PREFIX = "bianpai-sheets-"
"""The scratch workbook's file name starts so (then process id and a random tag)."""


MACOS_EXCEL_FOLDER = "~/Library/Containers/com.microsoft.Excel/Data"
"""macOS: Excel is sandboxed and asks the organiser before opening a file outside its
own container; files in this folder it opens without asking (xlwings saves its
picture files there for the same reason)."""


def formats_folder() -> Any:
    """Where the scratch workbook is saved: Excel's own container folder on macOS when
    it exists, else the system's temporary folder."""
    if sys.platform == "darwin":
        folder = Path(MACOS_EXCEL_FOLDER).expanduser()
        if folder.is_dir():
            return folder
    return Path(tempfile.gettempdir())


def sheet_extent(sheet: Any) -> Box:
    """The cells a sheet's copy covers: every value, styled cell and drop-down list."""
    bottom = max([len(sheet.rows)] + [s.bottom for s in sheet.styles] + [1])
    right = max([len(r) for r in sheet.rows] + [s.right for s in sheet.styles] + [1])
    for v in sheet.validations:
        for part in v.ref.split():
            _, _, r_col, r_row = range_boundaries(part)
            bottom, right = max(bottom, r_row or 1), max(right, r_col or 1)
    return Box(1, 1, bottom, right)
