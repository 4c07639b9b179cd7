"""Look at a workbook file before anything reads it: what it is, whether it
is safe to read, and what it holds that the fresh writer or openpyxl would drop.

:func:`inspect` answers in about a tenth of a second for a 1,000-player event
and refuses (:class:`~bianpai.addin.files.errors.WorkbookError`, exit 5) —

* what is no .xlsx: a LibreOffice ``.ods``, an Excel 97-2003 ``.xls`` or a
  password-protected workbook, a CSV or other text, a zip of something else —
  saying what the file is and how to save it as .xlsx;
* what no real event's workbook looks like, before any XML parser or cell
  reader sees it: more than :data:`MAX_UNPACKED_MB` unpacked, a part packed
  more tightly than :data:`MAX_RATIO` (zip bombs), more than :data:`MAX_PARTS`
  parts, more than :data:`MAX_SHEETS` sheets, shared strings of more than
  :data:`MAX_SHARED_STRINGS_MB`, a sheet with more than :data:`MAX_SHEET_ROWS`
  rows or :data:`MAX_SHEET_COLUMNS` columns (a cell reader builds the whole
  rectangle), more than :data:`MAX_CELLS` cells in all;
* XML that no spreadsheet program writes: a DTD or entity declaration (XXE,
  billion laughs — the Open Packaging Conventions forbid DTDs in a package),
  a raw control character, an encoding other than UTF-8.

Every part is streamed once through the zip reader, which stops at the size
the zip declares and checks the CRC, so the limits hold whatever the headers
claim.  The small XML parts read afterwards (content types, relationships,
the workbook part) are parsed with :mod:`defusedxml`, which refuses entities
on its own as well.

Foreign objects are found by content type and relationship type, never by
part name (a chart stored as ``xl/foo/bar.xml`` is still a chart).
"""

from __future__ import annotations

import functools
import operator
import posixpath
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .errors import WorkbookError

__all__ = ["MAX_CELLS", "MAX_PARTS", "MAX_PLAYERS", "MAX_RATIO", "MAX_SHARED_STRINGS_MB", "MAX_SHEETS",
           "MAX_SHEET_COLUMNS", "MAX_SHEET_ROWS", "MAX_UNPACKED_MB", "Package", "inspect"]

MAX_PLAYERS = 10_000
"""Decision: the largest event the file limits are sized for — a very large
open event; a real club event has tens to a few hundred players."""

MAX_SHEET_ROWS = MAX_PLAYERS + 1_000
"""Rows per sheet: one per player on the Players, Standings and Crosstable
sheets, plus titles, headers, notes, the explanation block of a round sheet
and signature lines."""

MAX_SHEET_COLUMNS = 1_024
"""Columns per sheet: the crosstable of a round robin of a thousand players
fits; our other sheets use a few dozen."""

MAX_UNPACKED_MB = 256
"""Unpacked size of the whole workbook: a 1,000-player event of 11 rounds is
about 4 MB as Bianpai writes it and two to three times that as Excel saves it,
so a 10,000-player event fits with room to spare."""

MAX_RATIO = 100
"""Unpacked size over packed size of one part (for parts of more than
:data:`RATIO_FROM_BYTES`): sheet XML packs 5–20 to 1; a zip bomb packs
hundreds or thousands to 1."""

RATIO_FROM_BYTES = 1 << 20
"""Small parts (an empty sheet, a style table) may pack tighter than
:data:`MAX_RATIO` without harm: the ratio counts from this size on."""

MAX_PARTS = 10_000
"""Parts (zip members): an event workbook has a few dozen."""

MAX_SHEETS = 150
"""Decision (issue 30 item 5): sheets of one workbook.  Bianpai writes a
sheet per round and about a dozen more; a double round robin of 60 players
(118 rounds) fits, with room for the organiser's own sheets.  A workbook with
sheets not ours is edited in place, which costs about 20 ms a sheet: 1,000
extra sheets took 21 s, 4,900 over two minutes."""

MAX_SHARED_STRINGS_MB = 32
"""Decision (issue 30 item 5): the unpacked size of the shared-string table,
which every reader loads whole whatever sheets it reads (240 MB took 32 s and
650 MB).  The names, clubs and words of a 1,000-player event take 0.3 MB,
of a 10,000-player one about 3 MB."""

MAX_CELLS = 2_500_000
"""Decision (issue 30 item 5): cells of the whole workbook (those written,
not the rectangle they span).  A 10,000-player event of 11 rounds has about
1.2 million (a 1,000-player one 122,622); a sheet of 10,989 × 1,000 numbers
(11 million) took 40 s and 550 MB.  Counting stops at the limit."""

MAX_PART_MB = 48
"""Decision (issue 30 item 5): the unpacked size of one XML part (a sheet),
refused by the size the zip declares before it is streamed: the largest sheet
of a 1,000-player event is 0.65 MB as Bianpai writes it, so 10,000 players
saved by Excel (two to three times larger) fit; a sheet of 11 million
numbers is 176 MB."""

MAX_OTHER_SHEETS_MB = 16
"""Decision (issue 30 item 5): the unpacked size of the sheets that are not
Bianpai's (when :func:`inspect` is told which are: ``ours``).  A workbook
holding them is edited in place, loaded whole by openpyxl on every command:
250 MB of text in six such sheets ran over two minutes.  An organiser's own
sheets (notes, contacts, a budget) are a few hundred KB."""

SHARED_STRINGS_TYPE = "spreadsheetml.sharedStrings+xml"

CHUNK = 1 << 20
MAX_CARRY = 1 << 20

ODS_MIMETYPES = ("application/vnd.oasis.opendocument.spreadsheet",)
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"

_CONTROL = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_NOT_CONTROL = bytes(b for b in range(256) if not _CONTROL.match(bytes([b])))
_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']""")
_ROW_TAG = re.compile(rb"<(?:\w+:)?row[\s>/]")
_CELL_TAG = re.compile(rb"<(?:\w+:)?c[\s>/]")
_CELL_REF = re.compile(rb'<(?:\w+:)?c\s(?:[^>]*?\s)?r="([A-Z]+)([0-9]+)"')
# An address attribute (a row's r="12", a cell's r="B12"); the patterns begin
# with a literal so that the regular expression engine skips ahead fast.  Attributes
# separated by tabs or line breaks instead of spaces take the general pattern.
_ADDRESS_ROW = re.compile(rb' r="[A-Z]*([0-9]+)"')
_ADDRESS_COLUMN = re.compile(rb' r="([A-Z]+)[0-9]')
_ADDRESS_ROW_ANY = re.compile(rb'\sr="[A-Z]*([0-9]+)"')
_ADDRESS_COLUMN_ANY = re.compile(rb'\sr="([A-Z]+)[0-9]')
_FORMULA = re.compile(rb"<(?:\w+:)?f[\s>/]")
_COUNT_CELLS = operator.methodcaller("count", b"<c")  # an upper bound of the cells of a row (C speed)
_ERROR_CELL = re.compile(rb'<(?:\w+:)?c\s[^>]*?\bt="e"')

# Content types and relationship types of what openpyxl does not keep when
# it saves (cell comments, which it keeps, are "comments" and "vmlDrawing").
CT = "application/vnd.openxmlformats-officedocument."
FOREIGN_CONTENT_TYPES: tuple[tuple[str, str], ...] = (
    (CT + "drawingml.chart+xml", "file.obj.charts"),
    (CT + "drawingml.chartshapes+xml", "file.obj.charts"),
    ("application/vnd.ms-office.chartstyle+xml", "file.obj.charts"),
    ("application/vnd.ms-office.chartcolorstyle+xml", "file.obj.charts"),
    ("application/vnd.ms-office.chartex+xml", "file.obj.charts"),
    (CT + "spreadsheetml.chartsheet+xml", "file.obj.chartsheets"),
    ("image/", "file.obj.images"),
    (CT + "drawing+xml", "file.obj.drawings"),
    (CT + "spreadsheetml.pivotTable+xml", "file.obj.pivots"),
    (CT + "spreadsheetml.pivotCacheDefinition+xml", "file.obj.pivots"),
    (CT + "spreadsheetml.pivotCacheRecords+xml", "file.obj.pivots"),
    (CT + "oleObject", "file.obj.embedded"),
    (CT + "package", "file.obj.embedded"),
    ("application/vnd.ms-excel.slicer+xml", "file.obj.slicers"),
    ("application/vnd.ms-excel.slicerCache+xml", "file.obj.slicers"),
    ("application/vnd.ms-excel.timeline+xml", "file.obj.timelines"),
    ("application/vnd.ms-excel.timelineCache+xml", "file.obj.timelines"),
    ("application/vnd.ms-office.activeX", "file.obj.controls"),
    ("application/vnd.ms-excel.controlproperties+xml", "file.obj.controls"),
    ("application/vnd.ms-office.vbaProject", "file.obj.macros"),
    ("application/vnd.ms-excel.sheet.macroEnabled.main+xml", "file.obj.macros"),
    ("application/vnd.ms-excel.threadedcomments+xml", "file.obj.threaded"),
    (CT + "drawingml.diagram", "file.obj.smartart"),
    ("application/vnd.ms-office.drawingml.diagramDrawing+xml", "file.obj.smartart"),
    (CT + "spreadsheetml.dialogsheet+xml", "file.obj.macrosheets"),
    ("application/vnd.ms-excel.macrosheet+xml", "file.obj.macrosheets"),
    ("application/vnd.ms-excel.intlmacrosheet+xml", "file.obj.macrosheets"),
)
FOREIGN_RELATIONSHIPS: dict[str, str] = {
    "chart": "file.obj.charts", "chartUserShapes": "file.obj.charts", "chartStyle": "file.obj.charts",
    "chartColorStyle": "file.obj.charts", "chartEx": "file.obj.charts",
    "chartsheet": "file.obj.chartsheets", "image": "file.obj.images", "drawing": "file.obj.drawings",
    "pivotTable": "file.obj.pivots", "pivotCacheDefinition": "file.obj.pivots",
    "pivotCacheRecords": "file.obj.pivots", "oleObject": "file.obj.embedded", "package": "file.obj.embedded",
    "slicer": "file.obj.slicers", "slicerCache": "file.obj.slicers", "timeline": "file.obj.timelines",
    "timelineCache": "file.obj.timelines", "control": "file.obj.controls", "ctrlProp": "file.obj.controls",
    "activeXControl": "file.obj.controls", "activeXControlBinary": "file.obj.controls",
    "vbaProject": "file.obj.macros", "threadedComment": "file.obj.threaded",
    "diagramData": "file.obj.smartart", "diagramLayout": "file.obj.smartart",
    "diagramQuickStyle": "file.obj.smartart", "diagramColors": "file.obj.smartart",
    "diagramDrawing": "file.obj.smartart", "dialogsheet": "file.obj.macrosheets",
    "macrosheet": "file.obj.macrosheets", "xlMacrosheet": "file.obj.macrosheets",
    "xlIntlMacrosheet": "file.obj.macrosheets",
}
"""Relationship types by their last path segment (the transitional, strict
and Microsoft namespaces differ only before it)."""

WORKSHEET_TYPES = ("spreadsheetml.worksheet+xml", "spreadsheetml.dialogsheet+xml", "ms-excel.macrosheet+xml",
                   "ms-excel.intlmacrosheet+xml")
NS_MAIN = ("{http://schemas.openxmlformats.org/spreadsheetml/2006/main}",
           "{http://purl.oclc.org/ooxml/spreadsheetml/main}")
NS_PKG = "{http://schemas.openxmlformats.org/package/2006/relationships}"
NS_CT = "{http://schemas.openxmlformats.org/package/2006/content-types}"
REL_ID = ("{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id",
          "{http://purl.oclc.org/ooxml/officeDocument/relationships}id")


@dataclass
class PartStats:
    """What one streamed part holds (the counts the limits need)."""

    rows: int = 0
    columns: int = 0
    cells: int = 0
    formulas: bool = False
    errors: bool = False


@dataclass(frozen=True)
class Package:
    """A workbook file found safe to read.

    ``sheets``: sheet name → worksheet part, in workbook order;
    ``foreign``: label keys of the objects openpyxl would drop;
    ``formula_sheets``/``error_sheets``: the sheet names holding a formula /
    an error value (``#N/A`` …); ``comments``: whether cell comments are there;
    ``sizes``: sheet name → (rows, columns) of the rectangle its cells span."""

    path: Path
    sheets: dict[str, str] = field(default_factory=dict)
    foreign: tuple[str, ...] = ()
    formula_sheets: frozenset[str] = frozenset()
    error_sheets: frozenset[str] = frozenset()
    comments: bool = False
    sizes: dict[str, tuple[int, int]] = field(default_factory=dict)


def inspect(path: Path, ours: Callable[[str], bool] | None = None) -> Package:
    """Look at ``path`` (an existing file) as described in the module's
    docstring; raise :class:`WorkbookError` or return what was found.
    ``ours(name)``: whether a sheet is Bianpai's (the others are held to
    :data:`MAX_OTHER_SHEETS_MB`)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(8)
    except OSError as e:
        raise WorkbookError("file.read_failed", path=path, reason=e.strerror or e) from None
    if head.startswith(OLE2_MAGIC):
        raise WorkbookError("file.xls", path=path)
    if not head.startswith(b"PK"):
        what = "file.what.text" if _looks_like_text(path) else "file.what.not_zip"
        raise WorkbookError("file.not_xlsx", path=path, what=what)
    try:
        with zipfile.ZipFile(path) as z:
            return _inspect_zip(path, z, ours)
    except WorkbookError:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, ValueError,
            KeyError, SyntaxError) as e:
        raise WorkbookError("file.damaged", path=path, part="zip", reason=e) from None
    except OSError as e:
        raise WorkbookError("file.read_failed", path=path, reason=e.strerror or e) from None


def _looks_like_text(path: Path) -> bool:
    with open(path, "rb") as fh:
        sample = fh.read(4096)
    if not sample:
        return True
    try:
        sample.decode("utf-8")
    except UnicodeDecodeError as e:
        if e.start < len(sample) - 4:
            try:
                sample.decode("gb18030")
            except UnicodeDecodeError:
                return False
    return b"\x00" not in sample


def _inspect_zip(path: Path, z: zipfile.ZipFile, ours: Callable[[str], bool] | None = None) -> Package:
    infos = z.infolist()
    if len(infos) > MAX_PARTS:
        raise WorkbookError("file.too_many_parts", path=path, n=len(infos), limit=MAX_PARTS)
    names = {i.filename for i in infos}
    if "mimetype" in names and "[Content_Types].xml" not in names:
        mime = z.read("mimetype")[:200].decode("ascii", "replace").strip()
        if mime.startswith(ODS_MIMETYPES):
            raise WorkbookError("file.ods", path=path)
    if "[Content_Types].xml" not in names:
        raise WorkbookError("file.not_xlsx", path=path, what="file.what.no_types")
    _check_sizes(path, infos)
    xml = [i for i in infos if not i.is_dir() and not _binary(i.filename)]
    structure = [i for i in xml if i.filename == "[Content_Types].xml" or i.filename.endswith(".rels")
                 or i.filename.endswith("/workbook.xml")]
    for i in structure:  # what the package says its parts are: looked at before it is parsed
        _scan(path, z, i, sheet=False)
    content_types = _content_types(z, names)
    for i in infos:
        if content_types.get(i.filename, "").endswith(SHARED_STRINGS_TYPE) \
                and i.file_size > MAX_SHARED_STRINGS_MB << 20:
            raise WorkbookError("file.too_many_strings", path=path, part=i.filename,
                                mb=f"{i.file_size / (1 << 20):,.0f}", limit=MAX_SHARED_STRINGS_MB)
    listed = _sheets(z, names)
    if len(listed) > MAX_SHEETS:
        raise WorkbookError("file.too_many_sheets", path=path, n=f"{len(listed):,}", limit=MAX_SHEETS)
    sheets = dict(listed)
    if ours is not None:  # before any of them is streamed
        size = {i.filename: i.file_size for i in infos}
        other = {n: size.get(p, 0) for n, p in listed if not ours(n)}
        if sum(other.values()) > MAX_OTHER_SHEETS_MB << 20:
            raise WorkbookError("file.other_sheets_too_big", path=path, limit=MAX_OTHER_SHEETS_MB,
                                sheet=max(other, key=lambda n: other[n]),
                                mb=f"{sum(other.values()) / (1 << 20):,.1f}")
    if len({n.casefold() for n, _p in listed}) < len(listed):  # Excel's sheet names are unique, case aside
        twice = next(n for n, _p in listed if [m.casefold() for m, _q in listed].count(n.casefold()) > 1)
        raise WorkbookError("file.damaged", path=path, part="xl/workbook.xml", reason=f"{twice} ×2")
    sheet_parts = set(sheets.values())
    sheet_parts |= {p for p, ct in content_types.items() if ct.endswith(WORKSHEET_TYPES)}
    stats: dict[str, PartStats] = {}
    cells = 0
    by_part = {part: name for name, part in sheets.items()}
    for i in xml:
        if i in structure:
            continue
        st = stats[i.filename] = _scan(path, z, i, sheet=i.filename in sheet_parts, cells=MAX_CELLS - cells)
        cells += st.cells
        if cells > MAX_CELLS:
            raise WorkbookError("file.too_many_cells", path=path, sheet=by_part.get(i.filename, i.filename),
                                limit=f"{MAX_CELLS:,}", players=f"{MAX_PLAYERS:,}")
    for part, st in stats.items():
        sheet = by_part.get(part, part)
        if st.rows > MAX_SHEET_ROWS:
            raise WorkbookError("file.too_many_rows", path=path, sheet=sheet, rows=st.rows,
                                limit=MAX_SHEET_ROWS, players=f"{MAX_PLAYERS:,}")
        if st.columns > MAX_SHEET_COLUMNS:
            raise WorkbookError("file.too_many_columns", path=path, sheet=sheet, columns=st.columns,
                                limit=MAX_SHEET_COLUMNS)
    foreign: list[str] = []
    for part, ct in content_types.items():
        if part in names:
            for prefix, key in FOREIGN_CONTENT_TYPES:
                if ct.startswith(prefix) and key not in foreign:
                    foreign.append(key)
    for rel in _relationship_types(z, names):
        found = FOREIGN_RELATIONSHIPS.get(rel)
        if found and found not in foreign:
            foreign.append(found)
    order = list(dict.fromkeys(key for _prefix, key in FOREIGN_CONTENT_TYPES))
    foreign.sort(key=order.index)
    comments = any(ct.endswith("spreadsheetml.comments+xml") for p, ct in content_types.items() if p in names)
    return Package(path, sheets, tuple(foreign),
                   frozenset(n for n, p in sheets.items() if p in stats and stats[p].formulas),
                   frozenset(n for n, p in sheets.items() if p in stats and stats[p].errors),
                   comments, {n: (stats[p].rows, stats[p].columns) for n, p in sheets.items() if p in stats})


def _check_sizes(path: Path, infos: list[zipfile.ZipInfo]) -> None:
    """The declared sizes; the zip reader holds every part to them."""
    limit = MAX_UNPACKED_MB << 20
    total = 0
    for i in infos:
        total += i.file_size
        if total > limit:
            raise WorkbookError("file.too_big", path=path, limit=MAX_UNPACKED_MB, part=i.filename)
        if i.file_size > MAX_PART_MB << 20 and not _binary(i.filename):
            raise WorkbookError("file.part_too_big", path=path, part=i.filename,
                                mb=f"{i.file_size / (1 << 20):,.0f}", limit=MAX_PART_MB)
        if i.file_size > RATIO_FROM_BYTES and i.file_size > MAX_RATIO * max(i.compress_size, 1):
            raise WorkbookError("file.ratio", path=path, part=i.filename,
                                ratio=i.file_size // max(i.compress_size, 1), limit=MAX_RATIO)


def _binary(name: str) -> bool:
    """Parts no XML parser reads (images, embedded files, macros)."""
    return not name.lower().endswith((".xml", ".rels", ".vml"))


def _scan(path: Path, z: zipfile.ZipFile, info: zipfile.ZipInfo, sheet: bool, cells: int = MAX_CELLS
          ) -> PartStats:
    """Stream one XML part: refuse a DTD, a control character or an encoding
    other than UTF-8; of a sheet, count its rows, columns and cells (stopping
    once over the limits; ``cells``: those left of :data:`MAX_CELLS`) and see
    formulas and error values."""
    st = PartStats()
    max_row = max_col = row_tags = unaddressed = 0
    carry = b""
    offset = 0
    first = True
    with z.open(info) as fh:
        while True:
            data = fh.read(CHUNK)
            buf = carry + data
            if first:
                first = False
                _check_encoding(path, info.filename, buf)
            if data:
                cut = buf.rfind(b"<")
                if cut < 0 or (cut == 0 and len(buf) > MAX_CARRY):
                    cut = len(buf)
                if cut == 0:
                    carry = buf
                    continue
                piece, carry = buf[:cut], buf[cut:]
            else:
                piece, carry = buf, b""
            # each test of a rare pattern begins with one of its characters (memchr speed): a sheet of
            # millions of plain cells is streamed in a few passes (issue 30 item 5)
            if b"!" in piece and (b"<!DOCTYPE" in piece or b"<!ENTITY" in piece):
                raise WorkbookError("file.dtd", path=path, part=info.filename)
            if piece.translate(None, _NOT_CONTROL):
                bad = _CONTROL.search(piece)
                raise WorkbookError("file.control_char", path=path, part=info.filename,
                                    offset=offset + (bad.start() if bad else 0))
            offset += len(piece)
            if not sheet:
                if not data:
                    return st
                continue
            prefixed = _followed(piece, b":", (b"row", b"c"))  # x:row, x:c: a prefix
            row_tags += piece.count(b"<row")
            if prefixed:
                row_tags += piece.count(b":row ") + piece.count(b":row>")
            spaced = not any(_followed(piece, blank, (b'r="',)) for blank in (b"\t", b"\n", b"\r"))
            found = piece.count(b"<c ") + piece.count(b"<c>") + piece.count(b"<c/>")
            if prefixed:
                found += piece.count(b":c ") + piece.count(b":c>") + piece.count(b":c/>")
            st.cells += found
            furthest = _furthest(piece, spaced, found, max_row, max_col) if spaced else None
            if furthest is not None:  # every cell addressed
                max_row, max_col = furthest
                addressed = found
            else:
                rows = (_ADDRESS_ROW if spaced else _ADDRESS_ROW_ANY).findall(piece)
                if rows:
                    max_row = max(max_row, max(map(int, rows)))
                columns = (_ADDRESS_COLUMN if spaced else _ADDRESS_COLUMN_ANY).findall(piece)
                max_col = max(max_col, _widest(columns))
                addressed = len(columns)
            if found > addressed:
                # cells without an address follow the one before: count them row by row (the
                # exact count only where the quick one could raise the widest row so far)
                segments = _ROW_TAG.split(piece) if prefixed else piece.split(b"<row")
                if max(map(_COUNT_CELLS, segments)) <= unaddressed:  # at least each row's cells
                    segments = []
                for seg in segments:
                    n = len(_CELL_TAG.findall(seg)) if prefixed else seg.count(b"<c")
                    if n > unaddressed:
                        exact = len(_CELL_TAG.findall(seg)) - len(_CELL_REF.findall(seg))
                        unaddressed = max(unaddressed, exact)
            if not st.formulas and b"f" in piece:
                st.formulas = _has_formula(piece)
            if not st.errors and b"e" in piece and b't="e"' in piece:
                st.errors = bool(_ERROR_CELL.search(piece))
            st.rows = max(max_row, row_tags)
            st.columns = max_col + unaddressed
            if st.rows > MAX_SHEET_ROWS or st.columns > MAX_SHEET_COLUMNS or st.cells > cells or not data:
                return st


def _followed(piece: bytes, head: bytes, tails: tuple[bytes, ...]) -> bool:
    """Whether ``head`` followed by one of ``tails`` is in ``piece``, for a
    ``head`` (one byte) that sheet XML holds rarely: each ``head`` is found at
    C speed; where there are many, the pairs are looked for at once."""
    i = piece.find(head)
    for _ in range(64):
        if i < 0:
            return False
        if piece.startswith(tails, i + 1):
            return True
        i = piece.find(head, i + 1)
    return any(head + tail in piece for tail in tails)


_AFTER_F = frozenset(b" \t\n\r\x0b\x0c>/")
"""What follows ``<f`` in a formula element (:data:`_FORMULA`)."""


def _has_formula(piece: bytes) -> bool:
    """Whether :data:`_FORMULA` matches in ``piece``; the ``<f`` of other
    elements (``<formula1>`` of a list of allowed values …) are passed over at
    C speed, the regular expression (which tries every tag) looks only where
    many are or a prefix is."""
    i = piece.find(b"<f")
    for _ in range(64):
        if i < 0:
            return _followed(piece, b":", (b"f",)) and bool(_FORMULA.search(piece))
        if i + 2 < len(piece) and piece[i + 2] in _AFTER_F:
            return True
        i = piece.find(b"<f", i + 2)
    return bool(_FORMULA.search(piece))


def _widest(columns: list[bytes]) -> int:
    """The number of the last of the column addresses ``columns`` (0: none)."""
    if not columns:
        return 0
    widest = max(map(len, columns))
    last = (max(columns) if min(map(len, columns)) == widest
            else max(c for c in columns if len(c) == widest))
    return _column_number(last)


SAMPLE = 1 << 12
"""Bytes at each end of a streamed piece whose addresses make the guess that
:func:`_furthest` checks against the whole piece (a sheet's first rows are its
widest, its last rows its furthest)."""


def _furthest(piece: bytes, spaced: bool, found: int, max_row: int, max_col: int) -> tuple[int, int] | None:
    """The largest row and column number of the addresses of ``piece`` and
    before it (``max_row``, ``max_col``: those before) when every one of its
    ``found`` cells has an address (``<c r="B12"``); else None (the caller reads
    every address).  Exactly what reading every address gives, without an
    object made for each: the addresses at the piece's two ends give a guess
    that some address reaches, and one pass of a regular expression looking
    for an address beyond it, or a cell without one, finds none."""
    if not spaced or len(piece) <= 2 * SAMPLE or found > piece.count(b'<c r="'):
        return None
    ends = (piece[:SAMPLE], piece[-SAMPLE:])  # an address cut at a slice's end matches neither pattern
    row = max(max_row, max((int(r) for end in ends for r in _ADDRESS_ROW.findall(end)), default=0))
    col = max(max_col, _widest([c for end in ends for c in _ADDRESS_COLUMN.findall(end)]))
    if _beyond(row, col).search(piece):
        return None
    return row, col


@functools.lru_cache(maxsize=256)
def _beyond(row: int, column: int) -> re.Pattern[bytes]:
    """An address attribute (as :data:`_ADDRESS_ROW` and :data:`_ADDRESS_COLUMN`
    find them) of a row after ``row`` or a column after ``column``, or a
    cell's ``r`` that is no column-and-row address."""
    digits = str(row)
    n = len(digits)
    rows = [f"[0-9]{{{n + 1},}}"] + [f"{digits[:i]}[{int(d) + 1}-9][0-9]{{{n - i - 1}}}"
                                     for i, d in enumerate(digits) if d != "9"]
    letters = _column_letters(column)
    w = len(letters)
    columns = [f"[A-Z]{{{w + 1},}}+"] + [f"{letters[:i]}[{chr(ord(c) + 1)}-Z][A-Z]{{{w - i - 1}}}"
                                         for i, c in enumerate(letters) if c != "Z"]
    return re.compile(f' r="(?:[A-Z]*+(?=[0-9]{{{n}}})(?:{"|".join(rows)})"|(?:{"|".join(columns)})[0-9]'
                      f'|(?<=<c r=")(?![A-Z]+[0-9]))'.encode("ascii"))


def _column_letters(n: int) -> str:
    """Column number → letters (0 → "")."""
    out = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def _check_encoding(path: Path, part: str, head: bytes) -> None:
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise WorkbookError("file.encoding", path=path, part=part, encoding="UTF-16")
    m = _ENCODING.match(head.removeprefix(b"\xef\xbb\xbf")[:400])
    declared = m.group(1).decode("ascii", "replace") if m else "UTF-8"
    if declared.strip().lower() not in ("utf-8", "utf8"):
        raise WorkbookError("file.encoding", path=path, part=part, encoding=declared)


def _column_number(letters: bytes) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ch - 64
    return n


def _parse(z: zipfile.ZipFile, name: str):  # -> Element
    # start-up time: defusedxml only when a part is parsed
    from defusedxml.ElementTree import fromstring

    return fromstring(z.read(name))


def _content_types(z: zipfile.ZipFile, names: set[str]) -> dict[str, str]:
    """Part name (without the leading ``/``) → its content type."""
    root = _parse(z, "[Content_Types].xml")
    defaults = {d.get("Extension", "").lower(): d.get("ContentType", "")
                for d in root.iter(f"{NS_CT}Default")}
    out: dict[str, str] = {}
    for n in names:
        ext = n.rsplit(".", 1)[-1].lower() if "." in n else ""
        if ext in defaults:
            out[n] = defaults[ext]
    for o in root.iter(f"{NS_CT}Override"):
        out[o.get("PartName", "").lstrip("/")] = o.get("ContentType", "")
    return out


def _relationship_types(z: zipfile.ZipFile, names: set[str]) -> set[str]:
    """The last segment of every relationship type of the package."""
    out = set()
    for n in names:
        if n.endswith(".rels"):
            for r in _parse(z, n).iter(f"{NS_PKG}Relationship"):
                out.add(r.get("Type", "").rstrip("/").rsplit("/", 1)[-1])
    return out


def _rels(z: zipfile.ZipFile, names: set[str], part: str) -> dict[str, str]:
    """Relationship id → target part of ``part``."""
    folder, base = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", base + ".rels")
    if rels not in names:
        return {}
    out = {}
    for r in _parse(z, rels).iter(f"{NS_PKG}Relationship"):
        target = r.get("Target", "")
        if r.get("TargetMode") == "External":
            continue
        out[r.get("Id", "")] = (target.lstrip("/") if target.startswith("/")
                                else posixpath.normpath(posixpath.join(folder, target)))
    return out


def _sheets(z: zipfile.ZipFile, names: set[str]) -> list[tuple[str, str]]:
    """(sheet name, its part), in workbook order."""
    root_rels = "_rels/.rels"
    book = "xl/workbook.xml"
    if root_rels in names:
        for r in _parse(z, root_rels).iter(f"{NS_PKG}Relationship"):
            if r.get("Type", "").endswith("/officeDocument"):
                book = r.get("Target", book).lstrip("/")
    if book not in names:
        return []
    rels = _rels(z, names, book)
    out = []
    for el in _parse(z, book).iter():
        if el.tag in (ns + "sheet" for ns in NS_MAIN):
            rid = next((el.get(a) or "" for a in REL_ID if el.get(a)), "")
            out.append((el.get("name", ""), rels.get(rid, "")))
    return out
