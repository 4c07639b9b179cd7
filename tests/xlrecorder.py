"""A recording stand-in for xlwings on desktop Excel: every call into Excel counted.

xlwings' desktop engines (Windows: COM through pywin32; macOS: AppleScript through
appscript) turn each operation on a ``Book``/``Sheet``/``Range`` into calls into the
Excel process, each costing 1–5 ms out of process (more on macOS). Neither engine
runs here, so this module stands in for the objects :mod:`bianpai.addin.xl` uses —
``App``, ``Books``, ``Book``, ``Sheets``, ``Sheet``, ``Range`` and their ``api`` —
holds the cell values (so a job's result can be compared with the CLI's), and
records every operation as one :class:`Call`, charged as the engine charges it:

* one call per operation (getting a sheet by name, making a range, setting a
  property, ``Range.copy``, opening a workbook …);
* ``Range.set_colors(matrix)``: one call **per cell** of the matrix, blanks too —
  both engines loop ``self(r, c).color = …`` (xlwings 0.37, ``_xlwindows.py`` and
  ``_xlmac.py``), about three COM calls a cell in truth, so this undercounts it;
* ``api`` attributes (Windows' ``PageSetup``, ``ActiveWindow``, ``HPageBreaks``):
  one call per attribute set or method called.

Two engine paths: ``Desktop("win32")`` and ``Desktop("darwin")``; the add-in
chooses by ``sys.platform`` (A4 page setup and frozen panes through the Windows
window; the macOS folder Excel may open files from), so the tests set
``sys.platform`` to the path's value while the job runs.

Opening a workbook file (``books.open``) reads it with openpyxl: its values, and
per cell the style openpyxl reads, so a copy from it can be checked.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.utils import get_column_letter


@dataclass(frozen=True)
class Call:
    """One call into Excel: on which sheet (``""``: the book or the app), what, how many."""

    sheet: str
    what: str
    n: int = 1


@dataclass
class Log:
    calls: list[Call] = field(default_factory=list)

    def add(self, sheet: str, what: str, n: int = 1) -> None:
        self.calls.append(Call(sheet, what, n))

    def total(self) -> int:
        return sum(c.n for c in self.calls)

    def per_sheet(self) -> Counter[str]:
        out: Counter[str] = Counter()
        for c in self.calls:
            out[c.sheet] += c.n
        return out

    def kinds(self) -> Counter[str]:
        out: Counter[str] = Counter()
        for c in self.calls:
            out[c.what] += c.n
        return out


class Engine:
    def __init__(self, platform: str) -> None:
        self.name = "excel"
        self.type = "desktop"
        self.platform = platform


class Api:
    """An ``api`` object (COM on Windows): records every attribute set and method call."""

    def __init__(self, log: Log, sheet: str, prefix: str) -> None:
        object.__setattr__(self, "_log", log)
        object.__setattr__(self, "_sheet", sheet)
        object.__setattr__(self, "_prefix", prefix)

    def __setattr__(self, key: str, value: Any) -> None:
        self._log.add(self._sheet, f"api.{self._prefix}{key}=")

    def __getattr__(self, key: str) -> Any:
        if key.startswith("__"):
            raise AttributeError(key)
        return Api(self._log, self._sheet, f"{self._prefix}{key}.")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self._log.add(self._sheet, f"api.{self._prefix}()")
        return Api(self._log, self._sheet, self._prefix)


class App:
    def __init__(self, platform: str, log: Log) -> None:
        self.engine = Engine(platform)
        self.log = log
        self.books = Books(self)
        self.alerts: list[tuple[str, str]] = []
        self.status_history: list[Any] = []
        self._screen_updating = True
        self.api = Api(log, "", "app.")
        self.fail_open = False
        """Make ``books.open`` raise (a file Excel may not open): the fallback path."""

    @property
    def status_bar(self) -> Any:
        return self.status_history[-1] if self.status_history else False

    @status_bar.setter
    def status_bar(self, value: Any) -> None:
        self.log.add("", "status_bar=")
        self.status_history.append(value)

    @property
    def screen_updating(self) -> bool:
        self.log.add("", "screen_updating")
        return self._screen_updating

    @screen_updating.setter
    def screen_updating(self, value: bool) -> None:
        self.log.add("", "screen_updating=")
        self._screen_updating = value

    def alert(self, text: str, title: str = "", **_: Any) -> None:
        self.log.add("", "alert")
        self.alerts.append((text, title))


class Books:
    def __init__(self, app: App) -> None:
        self.app = app
        self.open_books: list[Book] = []
        self.opened: list[Path] = []

    @property
    def active(self) -> Book:
        self.app.log.add("", "books.active")
        return self.open_books[-1]

    def open(self, fullname: Any, **kwargs: Any) -> Book:
        self.app.log.add("", "books.open")
        if self.app.fail_open:
            raise OSError("Excel could not open the file (recorder: fail_open)")
        path = Path(fullname)
        self.opened.append(path)
        book = Book(self.app, path.name, str(path))
        for read in _read_file(path, styles=True):
            sheet = Sheet(book, read.title)
            read.fill(sheet)
            book.sheet_list.append(sheet)
        self.open_books.append(book)
        return book


@dataclass(frozen=True)
class _ReadSheet:
    """One sheet of a workbook file as openpyxl reads it: what :class:`Sheet` holds."""

    title: str
    cells: dict[tuple[int, int], Any]
    formats: dict[tuple[int, int], Any]
    widths: dict[str, float]
    freeze: str | None
    print_area: str | None
    breaks: list[int]
    notes: dict[str, str]
    validations: list[tuple[str, str]]

    def fill(self, sheet: Sheet) -> None:
        """Put a fresh copy of what was read into ``sheet`` (the job may change it)."""
        sheet.cells, sheet.formats, sheet.widths = dict(self.cells), dict(self.formats), dict(self.widths)
        sheet.freeze, sheet.print_area = self.freeze, self.print_area
        sheet.breaks, sheet.notes = list(self.breaks), dict(self.notes)
        sheet.validations = list(self.validations)


_READ: dict[tuple[bytes, bool], tuple[_ReadSheet, ...]] = {}
"""Files already read, by the SHA-256 of their parts' names and contents and whether styles were read: the
tests open the same event file, and the add-in writes the same formats file, for both
platforms and for several tests; openpyxl's reading of it is most of a test's time."""


def _read_file(path: Path, styles: bool) -> tuple[_ReadSheet, ...]:
    """What openpyxl reads of the workbook file ``path``: values, and with ``styles`` per
    cell the style (:func:`_style_of`), widths, panes, print area, breaks, notes and lists."""
    data = path.read_bytes()
    digest = hashlib.sha256()
    with zipfile.ZipFile(io.BytesIO(data)) as z:  # by content: the writer stamps each part with the time
        for name in sorted(z.namelist()):
            digest.update(name.encode() + b"\0" + z.read(name) + b"\0")
    key = (digest.digest(), styles)
    if key not in _READ:
        wb = openpyxl.load_workbook(io.BytesIO(data))
        seen: dict[tuple[int, ...], tuple[Any, ...]] = {}
        sheets = []
        for ws in wb.worksheets:
            cells: dict[tuple[int, int], Any] = {}
            formats: dict[tuple[int, int], Any] = {}
            for row in ws.iter_rows():
                for cell in row:
                    if cell.value is not None:
                        cells[(cell.row, cell.column)] = cell.value
                    if styles and cell.has_style:
                        formats[(cell.row, cell.column)] = _style_of(cell, seen)
            if not styles:
                sheets.append(_ReadSheet(ws.title, cells, {}, {}, None, None, [], {}, []))
                continue
            sheets.append(_ReadSheet(
                ws.title, cells, formats,
                widths={k: d.width for k, d in ws.column_dimensions.items() if d.width},
                freeze=ws.freeze_panes, print_area=ws.print_area,
                breaks=[b.id for b in ws.row_breaks.brk],
                notes={c.coordinate: c.comment.text for row in ws.iter_rows() for c in row if c.comment},
                validations=[(str(dv.sqref), dv.formula1) for dv in ws.data_validations.dataValidation]))
        _READ[key] = tuple(sheets)
    return _READ[key]


def _colour(c: Any) -> Any:
    """A font colour as seen: ``RRGGBB``; the default text colour (none, or the theme's
    text colour 1, as the two file writers put it) ``None``."""
    if c is None or (not isinstance(c.rgb, str) and c.theme == 1):
        return None
    return c.rgb[-6:].upper() if isinstance(c.rgb, str) else ("theme", c.theme)


def _style_of(cell: Any, seen: dict[tuple[int, ...], tuple[Any, ...]] | None = None) -> tuple[Any, ...]:
    """What the CLI's file writer sets on a cell: bold, size, font colour, alignment,
    wrap, border, fill, number format.  ``seen``: the styles already read in this
    workbook, by the cell's style indices (openpyxl's ``StyleArray``: font, fill, border,
    number format, protection, alignment …), which decide all of it."""
    if seen is not None:
        key = tuple(cell._style)
        if key not in seen:
            seen[key] = _style_of(cell)
        return seen[key]
    f = cell.fill
    return (cell.font.b, cell.font.sz, _colour(cell.font.color),
            cell.alignment.horizontal, cell.alignment.wrap_text, cell.border.left.style,
            f.fgColor.rgb[-6:].upper() if f.fill_type else None, cell.number_format)


class Book:
    def __init__(self, app: App, name: str, fullname: str) -> None:
        self.app = app
        self.name = name
        self._fullname = fullname
        self.sheet_list: list[Sheet] = []
        self.sheets = Sheets(self)
        self.closed = False

    fullname_error: Exception | None = None
    """Raised by ``fullname``, as xlwings raises it for a OneDrive/SharePoint workbook it
    cannot map to a local file."""

    @property
    def fullname(self) -> str:
        self.app.log.add("", "book.fullname")
        if self.fullname_error is not None:
            raise self.fullname_error
        return self._fullname

    def activate(self) -> None:
        self.app.log.add("", "book.activate")

    def close(self) -> None:
        self.app.log.add("", "book.close")
        self.closed = True
        self.app.books.open_books.remove(self)

    def values(self) -> dict[str, list[list[Any]]]:
        """Every sheet's values, trailing empty rows/columns dropped (as tests/remote.py)."""
        out = {}
        for s in self.sheet_list:
            if not s.cells:
                out[s.name] = []
                continue
            height = max(r for r, _ in s.cells)
            width = max(c for _, c in s.cells)
            out[s.name] = [[s.cells.get((r, c)) for c in range(1, width + 1)]
                           for r in range(1, height + 1)]
        return out


class Sheets:
    def __init__(self, book: Book) -> None:
        self.book = book

    def _log(self, what: str) -> None:
        self.book.app.log.add("", what)

    def __iter__(self):
        self._log("sheets")
        return iter(list(self.book.sheet_list))

    def __len__(self) -> int:
        self._log("sheets.count")
        return len(self.book.sheet_list)

    def __getitem__(self, key: Any) -> Sheet:
        if isinstance(key, int):
            self._log("sheets[]")
            return self.book.sheet_list[key]
        for s in self.book.sheet_list:
            if s.name.lower() == key.lower():
                self.book.app.log.add(s.name, "sheets[]")
                return s
        self._log("sheets[]")
        raise KeyError(key)

    @property
    def active(self) -> Sheet:
        self._log("sheets.active")
        return self.book.sheet_list[0]

    def add(self, name: str, before: Sheet | None = None, after: Sheet | None = None) -> Sheet:
        self._log("sheets.add")
        sheet = Sheet(self.book, name)
        self._insert(sheet, before, after)
        return sheet

    def _insert(self, sheet: Sheet, before: Sheet | None, after: Sheet | None) -> None:
        lst = self.book.sheet_list
        if any(s.name.lower() == sheet.name.lower() for s in lst):
            raise ValueError(f"Sheet named '{sheet.name}' already present in workbook")
        if after is not None:
            lst.insert(lst.index(after) + 1, sheet)
        elif before is not None:
            lst.insert(lst.index(before), sheet)
        else:
            lst.append(sheet)


class SheetImpl:
    """``Sheet.impl``: the engine's sheet, whose ``copy`` copies a whole sheet in one call."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet

    def copy(self, before: SheetImpl | None = None, after: SheetImpl | None = None) -> None:
        src = self.sheet
        target = (before or after).sheet.book  # type: ignore[union-attr]
        src.book.app.log.add(src.name, "sheet.copy")
        new = Sheet(target, src.name)
        new.cells, new.formats = dict(src.cells), dict(src.formats)
        new.widths, new.freeze, new.print_area = dict(src.widths), src.freeze, src.print_area
        new.breaks, new.notes, new.validations = list(src.breaks), dict(src.notes), list(src.validations)
        target.sheets._insert(new, before.sheet if before else None, after.sheet if after else None)


class Sheet:
    def __init__(self, book: Book, name: str) -> None:
        self.book = book
        self._name = name
        self.cells: dict[tuple[int, int], Any] = {}
        self.formats: dict[tuple[int, int], Any] = {}
        self.widths: dict[str, float] = {}
        self.freeze: str | None = None
        self.print_area: str | None = None
        self.breaks: list[int] = []
        self.notes: dict[str, str] = {}
        self.validations: list[tuple[str, str]] = []
        self.impl = SheetImpl(self)
        self.page_setup = PageSetup(self)

    @property
    def log(self) -> Log:
        return self.book.app.log

    @property
    def name(self) -> str:
        return self._name

    @name.setter
    def name(self, value: str) -> None:
        self.log.add(self._name, "sheet.name=")
        self._name = value

    @property
    def api(self) -> Api:
        return Api(self.log, self._name, "sheet.")

    @property
    def freeze_panes(self) -> Any:  # desktop engines: Office.js only
        raise AttributeError("freeze_panes")

    @property
    def used_range(self) -> Range:
        self.log.add(self._name, "used_range")
        if not self.cells:
            return Range(self, 1, 1, 1, 1)
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        return Range(self, min(rows), min(cols), max(rows), max(cols))

    def range(self, a: Any, b: Any = None) -> Range:
        self.log.add(self._name, "range")
        if isinstance(a, str):
            from openpyxl.utils.cell import range_boundaries

            if "," in a:
                raise ValueError("a union range: not through xlwings' Sheet.range on macOS")
            left, top, right, bottom = range_boundaries(a.replace("$", ""))
            return Range(self, top, left, bottom or top, right or left)
        top, left = a
        bottom, right = b if b is not None else a
        return Range(self, top, left, bottom, right)

    def clear(self) -> None:
        self.log.add(self._name, "sheet.clear")
        self.cells.clear()
        self.formats.clear()
        self.notes.clear()
        self.validations.clear()

    def delete(self) -> None:
        self.log.add(self._name, "sheet.delete")
        self.book.sheet_list.remove(self)

    def activate(self) -> None:
        self.log.add(self._name, "sheet.activate")


class PageSetup:
    def __init__(self, sheet: Sheet) -> None:
        self._sheet = sheet

    @property
    def print_area(self) -> str | None:
        return self._sheet.print_area

    @print_area.setter
    def print_area(self, value: str) -> None:
        self._sheet.log.add(self._sheet.name, "print_area=")
        self._sheet.print_area = value


class Font:
    def __init__(self, rng: Range) -> None:
        object.__setattr__(self, "_rng", rng)

    def __setattr__(self, key: str, value: Any) -> None:
        self._rng._set(f"font.{key}", value)


class Borders:
    def __init__(self, rng: Range) -> None:
        self._rng = rng

    def set(self, sides: Any, **kwargs: Any) -> None:
        self._rng._set("borders.set", tuple(sides))


class Validation:
    def __init__(self, rng: Range) -> None:
        self._rng = rng

    def set_list(self, options: list[str]) -> None:
        self._rng._set("data_validation.set_list", tuple(options))
        self._rng.sheet.validations.append((self._rng.address, ",".join(options)))


class Range:
    def __init__(self, sheet: Sheet, top: int, left: int, bottom: int, right: int) -> None:
        self.sheet, self.top, self.left, self.bottom, self.right = sheet, top, left, bottom, right
        self.styled: list[tuple[str, Any]] = []

    def _log(self, what: str, n: int = 1) -> None:
        self.sheet.log.add(self.sheet.name, what, n)

    def _set(self, what: str, value: Any) -> None:
        self._log(what + "=")

    @property
    def address(self) -> str:
        self._log("range.address")
        return (f"${get_column_letter(self.left)}${self.top}:"
                f"${get_column_letter(self.right)}${self.bottom}")

    def options(self, **_: Any) -> Range:
        return self

    @property
    def value(self) -> list[list[Any]]:
        self._log("range.value")
        return [[self.sheet.cells.get((r, c)) for c in range(self.left, self.right + 1)]
                for r in range(self.top, self.bottom + 1)]

    @value.setter
    def value(self, rows: list[list[Any]]) -> None:
        self._log("range.value=")
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                key = (self.top + i, self.left + j)
                if isinstance(v, str) and v.startswith("'"):
                    v = v[1:]
                if v is None or v == "":
                    self.sheet.cells.pop(key, None)
                else:
                    self.sheet.cells[key] = v

    def set_colors(self, colors: list[list[Any]]) -> None:
        """Both engines: ``self(r, c).color = colour`` for every cell of the matrix."""
        self._log("range.set_colors (per cell)", sum(len(r) for r in colors))

    def __setattr__(self, key: str, value: Any) -> None:
        if key in ("color", "horizontal_alignment", "wrap_text", "number_format", "column_width",
                   "row_height"):
            self._set(f"range.{key}", value)
        else:
            object.__setattr__(self, key, value)

    @property
    def font(self) -> Font:
        return Font(self)

    @property
    def borders(self) -> Borders:
        return Borders(self)

    @property
    def data_validation(self) -> Validation:
        return Validation(self)

    def add_note(self, text: str) -> None:
        self._log("range.add_note")
        self.sheet.notes[f"{get_column_letter(self.left)}{self.top}"] = text

    def copy(self, destination: Range) -> None:
        """``Range.Copy(Destination)``: values and formats (notes and drop-down lists too), one call."""
        self._log("range.copy")
        dest = destination.sheet
        dr, dc = destination.top - self.top, destination.left - self.left
        for r in range(self.top, self.bottom + 1):
            for c in range(self.left, self.right + 1):
                for src, out in ((self.sheet.cells, dest.cells), (self.sheet.formats, dest.formats)):
                    if (r, c) in src:
                        out[(r + dr, c + dc)] = src[(r, c)]
                    else:
                        out.pop((r + dr, c + dc), None)
        dest.notes.update(self.sheet.notes)
        dest.validations += self.sheet.validations

    @property
    def api(self) -> Api:
        return Api(self.sheet.log, self.sheet.name, "range.")


def desktop_book(values_from: Path | None, platform: str, fullname: str = "") -> Book:
    """A desktop ``Book`` holding the values of the workbook file ``values_from`` (read
    by :func:`_read_file`; ``None``: a new workbook with one empty ``Sheet1``), on the
    engine path of ``platform``."""
    log = Log()
    app = App(platform, log)
    book = Book(app, Path(fullname).name if fullname else "Book1", fullname)
    if values_from is None:
        book.sheet_list.append(Sheet(book, "Sheet1"))
    else:
        for r in _read_file(values_from, styles=False):
            sheet = Sheet(book, r.title)
            sheet.cells = dict(r.cells)
            book.sheet_list.append(sheet)
    app.books.open_books.append(book)
    return book


# --- event files where an organiser clicks, and running a ribbon job on the stand-in ------

ROUNDS = 11

JOB_STATES: tuple[tuple[str, str | None], ...] = (
    ("new_event", None), ("draw", "players"), ("pair", "played"), ("pair_provisional", "played"),
    ("next_step", "played"), ("standings", "played"), ("undo", "paired"), ("check", "played"),
    ("cards", "played"), ("slips", "paired"), ("export_trf", "played"))
"""Every ribbon job and the event file it is clicked on (:func:`event_states`)."""


def event_states(d: Path, n: int) -> dict[str, Path]:
    """Event files of ``n`` players (Chinese workbook): ``players`` (nothing paired),
    ``played`` (10 of 11 rounds played, simulated) and ``paired`` (round 11 paired too)."""
    from bianpai.addin.jobs import api as jobs
    from bianpai.addin.files import xlsx
    from bianpai.engine.simulate.individual import play_event
    from bianpai.engine.simulate.individual import simulated_trf

    out = {"played": d / f"played{n}.xlsx", "paired": d / f"paired{n}.xlsx",
           "players": d / f"players{n}.xlsx"}
    t = play_event(n, ROUNDS, "dingwei", 5, upto=ROUNDS - 1)
    xlsx.apply(out["played"], jobs.import_trf(None, simulated_trf(t), "zh"))
    out["paired"].write_bytes(out["played"].read_bytes())
    xlsx.apply(out["paired"], jobs.pair(xlsx.read_values(out["paired"])))
    xlsx.write_new(out["players"], jobs.new("zh"))
    table = [["No.", "Name", "Club", "Rating"]] + [[i, f"Player {i}", f"Club {i % 9}", 2400 - i]
                                                   for i in range(1, n + 1)]
    xlsx.apply(out["players"], jobs.import_players(xlsx.read_values(out["players"]), table))
    return out


def run_on_desktop(job: str, state: Path | None, platform: str, fullname: str) -> tuple[Book, Any]:
    """Run the ribbon job ``job`` on a stand-in desktop book holding ``state``'s values, on
    the engine path of ``platform`` (``sys.platform`` set to it meanwhile)."""
    import contextlib
    import io
    import sys

    from bianpai.addin.excel import xl

    book = desktop_book(state, platform, fullname)
    saved = sys.platform
    sys.platform = platform
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            outcome = xl.ENTRY_FUNCTIONS[job](book)
    finally:
        sys.platform = saved
    return book, outcome
