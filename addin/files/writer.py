"""A small, fast .xlsx writer for workbooks made only of our sheets.

openpyxl needs about three seconds to write a 1,000-player event (125,000
cells); the ``pair`` command must finish in under three.  This writer emits
the SpreadsheetML parts directly — shared strings, one style per distinct
formatting, column widths, row heights, frozen panes, drop-down lists and
the A4 print setup of each :class:`~bianpai.addin.workbook.sheets.SheetOut` — and
zips them.  The result opens in Excel, LibreOffice and openpyxl.  Cell
comments are not written (the sheets carry their notes in rows instead).
"""

from __future__ import annotations

import datetime as _dt
import re
import zipfile
from typing import Sequence

from ..workbook.sheets import SheetOut, Style, column_letter
from ..workbook.sheets.layout import PrintSetup

__all__ = ["write_workbook"]

NS_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
NS_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
NS_PKG_R = "http://schemas.openxmlformats.org/package/2006/relationships"
CT = "application/vnd.openxmlformats-officedocument.spreadsheetml"

DEFAULT_FONT = "Calibri"
BORDER_COLOUR = "808080"
BUILTIN_FORMATS = {"General": 0, "0": 1, "0.00": 2, "@": 49, "yyyy-mm-dd": 14, "h:mm": 20,
                   "yyyy-mm-dd h:mm": 22}
_EPOCH = _dt.datetime(1899, 12, 30)

TIMES_AS_SCORES = True
"""Decision: a time of day in one of our sheets is a score Excel turned into a
time (a typed ``2:0`` becomes 02:00); it is written back as the text typed,
``2:0`` — as the add-in does — so that the result column holds text again.
Dates and date-times stay dates."""

_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _esc(s: str) -> str:
    s = _BAD_XML.sub("", s)
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _cell_xfs(styles: Sequence[Style], table: "_Styles") -> dict[int, dict[int, int]]:
    """Row → column → cell format, later styles overriding earlier ones
    property by property (as :func:`bianpai.addin.workbook.sheets.layout.cell_properties`).  Cells are
    grouped by the list of styles covering them, so each list is merged once."""
    sig: dict[tuple[int, int], tuple[int, ...]] = {}
    for i, s in enumerate(styles):
        for r in range(s.top, s.bottom + 1):
            for c in range(s.left, s.right + 1):
                key = (r, c)
                sig[key] = sig.get(key, ()) + (i,)
    made: dict[tuple[int, ...], int] = {}
    by_row: dict[int, dict[int, int]] = {}
    for (r, c), idx in sig.items():
        xf = made.get(idx)
        if xf is None:
            p: dict[str, object] = {}
            for i in idx:
                p.update(styles[i].properties())
            xf = made[idx] = table.xf(p) if p else 0
        if xf:
            by_row.setdefault(r, {})[c] = xf
    return by_row


class _Styles:
    """Fonts, fills, borders and cell formats, each made once."""

    def __init__(self) -> None:
        self.fonts: list[str] = [f'<font><sz val="11"/><name val="{DEFAULT_FONT}"/><family val="2"/></font>']
        self.fills: list[str] = ['<fill><patternFill patternType="none"/></fill>',
                                 '<fill><patternFill patternType="gray125"/></fill>']
        self.borders: list[str] = ["<border><left/><right/><top/><bottom/><diagonal/></border>"]
        self.numfmts: dict[str, int] = {}
        self.xfs: list[str] = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>']
        self._xf_ids: dict[tuple, int] = {(): 0}
        self.props: list[dict[str, object]] = [{}]
        self._ids: dict[tuple[str, str], int] = {}

    def _id(self, kind: str, xml: str, table: list[str]) -> int:
        key = (kind, xml)
        if key not in self._ids:
            table.append(xml)
            self._ids[key] = len(table) - 1
        return self._ids[key]

    def xf(self, p: dict[str, object]) -> int:
        key = tuple(sorted(p.items()))
        found = self._xf_ids.get(key)
        if found is not None:
            return found
        font = fill = border = numfmt = 0
        attrs = []
        if "bold" in p or "size" in p or "colour" in p:
            colour = f'<color rgb="FF{p["colour"]}"/>' if p.get("colour") else ""
            xml = (f'<font>{"<b/>" if p.get("bold") else ""}<sz val="{p.get("size") or 11}"/>{colour}'
                   f'<name val="{DEFAULT_FONT}"/><family val="2"/></font>')
            font = self._id("font", xml, self.fonts)
            attrs.append('applyFont="1"')
        if "fill" in p:
            xml = (f'<fill><patternFill patternType="solid"><fgColor rgb="FF{p["fill"]}"/>'
                   f'<bgColor indexed="64"/></patternFill></fill>')
            fill = self._id("fill", xml, self.fills)
            attrs.append('applyFill="1"')
        if p.get("border"):
            side = f'style="thin"><color rgb="FF{BORDER_COLOUR}"/>'
            xml = (f"<border><left {side}</left><right {side}</right><top {side}</top>"
                   f"<bottom {side}</bottom><diagonal/></border>")
            border = self._id("border", xml, self.borders)
            attrs.append('applyBorder="1"')
        if "number_format" in p:
            code = str(p["number_format"])
            if code in BUILTIN_FORMATS:
                numfmt = BUILTIN_FORMATS[code]
            else:
                numfmt = self.numfmts.setdefault(code, 164 + len(self.numfmts))
            attrs.append('applyNumberFormat="1"')
        align = ""
        if "align" in p or "wrap" in p:
            h = f' horizontal="{p["align"]}"' if p.get("align") else ""
            w = ' wrapText="1"' if p.get("wrap") else ""
            align = f'<alignment{h} vertical="center"{w}/>'
            attrs.append('applyAlignment="1"')
        head = (f'<xf numFmtId="{numfmt}" fontId="{font}" fillId="{fill}" borderId="{border}" xfId="0"'
                + (" " + " ".join(attrs) if attrs else ""))
        self.xfs.append(head + (f">{align}</xf>" if align else "/>"))
        self._xf_ids[key] = len(self.xfs) - 1
        self.props.append(dict(p))
        return len(self.xfs) - 1

    def xml(self) -> str:
        nf = "".join(f'<numFmt numFmtId="{i}" formatCode="{_esc(c)}"/>' for c, i in self.numfmts.items())
        return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="{NS_MAIN}">'
                + (f'<numFmts count="{len(self.numfmts)}">{nf}</numFmts>' if self.numfmts else "")
                + f'<fonts count="{len(self.fonts)}">{"".join(self.fonts)}</fonts>'
                + f'<fills count="{len(self.fills)}">{"".join(self.fills)}</fills>'
                + f'<borders count="{len(self.borders)}">{"".join(self.borders)}</borders>'
                + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'
                + "</cellStyleXfs>"
                + f'<cellXfs count="{len(self.xfs)}">{"".join(self.xfs)}</cellXfs>'
                + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
                + "</styleSheet>")


class _Strings:
    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.count = 0

    def id(self, s: str) -> int:
        self.count += 1
        i = self.index.get(s)
        if i is None:
            i = self.index[s] = len(self.index)
        return i

    def xml(self) -> str:
        items = "".join(f'<si><t xml:space="preserve">{_esc(s)}</t></si>' for s in self.index)
        return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="{NS_MAIN}" '
                f'count="{self.count}" uniqueCount="{len(self.index)}">{items}</sst>')


def _serial(v: object) -> tuple[float, str]:
    """A date, date-time or time as Excel's serial number and a format for it."""
    if isinstance(v, _dt.datetime):
        d = v - _EPOCH
        return d.days + d.seconds / 86400 + d.microseconds / 86_400_000_000, "yyyy-mm-dd h:mm"
    if isinstance(v, _dt.date):
        return float((v - _EPOCH.date()).days), "yyyy-mm-dd"
    assert isinstance(v, _dt.time)
    return (v.hour * 3600 + v.minute * 60 + v.second) / 86400, "h:mm"


def _sheet_xml(sheet: SheetOut, rows: Sequence[Sequence[object]], styles: _Styles, strings: _Strings,
               selected: bool) -> str:
    by_row = _cell_xfs(sheet.styles, styles)
    heights: dict[int, float] = {}
    for first, last, h in sheet.row_heights:
        for r in range(first, last + 1):
            heights[r] = h
    n_rows = max([len(rows)] + list(by_row) + list(heights))
    max_col = max([len(r) for r in rows] + [max(cs) for cs in by_row.values()] + [1])
    ps = sheet.print_setup
    parts = [f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{NS_MAIN}" '
             f'xmlns:r="{NS_R}">']
    if ps.fit_width:
        parts.append('<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>')
    parts.append(f'<dimension ref="A1:{column_letter(max_col)}{max(n_rows, 1)}"/>')
    parts.append(_sheet_views(sheet, selected))
    parts.append('<sheetFormatPr defaultRowHeight="15"/>')
    if sheet.widths:
        parts.append("<cols>" + "".join(f'<col min="{i}" max="{i}" width="{w}" customWidth="1"/>'
                                        for i, w in enumerate(sheet.widths, start=1)) + "</cols>")
    parts.append("<sheetData>" + _sheet_data(rows, by_row, heights, n_rows, max_col, styles, strings)
                 + "</sheetData>")
    if sheet.validations:
        dvs = "".join(
            f'<dataValidation type="list" allowBlank="1" showInputMessage="1" showErrorMessage="0" '
            f'sqref="{v.ref}"><formula1>{_esc(chr(34) + ",".join(v.options) + chr(34))}</formula1>'
            f"</dataValidation>" for v in sheet.validations)
        parts.append(f'<dataValidations count="{len(sheet.validations)}">{dvs}</dataValidations>')
    parts += _page_setup(ps)
    parts.append("</worksheet>")
    return "".join(parts)


def _sheet_data(rows: Sequence[Sequence[object]], by_row: dict[int, dict[int, int]],
                heights: dict[int, float], n_rows: int, max_col: int, styles: _Styles,
                strings: _Strings) -> str:
    """The ``<row>`` elements: each cell's value (a shared string, a number, a
    boolean, a date as a serial number) and style; a blank cell only when styled."""
    out: list[str] = []
    letters = [column_letter(c) for c in range(1, max_col + 1)]
    sid = strings.id
    for r in range(1, n_rows + 1):
        vals = rows[r - 1] if r <= len(rows) else ()
        st = by_row.get(r)
        cells: list[str] = []
        last = max(len(vals), max(st) if st else 0)
        for c in range(1, last + 1):
            v = vals[c - 1] if c <= len(vals) else None
            s = st.get(c, 0) if st else 0
            sa = f' s="{s}"' if s else ""
            if v is None or v == "":
                if s:
                    cells.append(f'<c r="{letters[c - 1]}{r}"{sa}/>')
                continue
            if isinstance(v, str):
                cells.append(f'<c r="{letters[c - 1]}{r}"{sa} t="s"><v>{sid(v)}</v></c>')
            elif isinstance(v, bool):
                cells.append(f'<c r="{letters[c - 1]}{r}"{sa} t="b"><v>{int(v)}</v></c>')
            elif isinstance(v, int):
                cells.append(f'<c r="{letters[c - 1]}{r}"{sa}><v>{v}</v></c>')
            elif isinstance(v, float) and v == v and v not in (float("inf"), float("-inf")):
                cells.append(f'<c r="{letters[c - 1]}{r}"{sa}><v>{v!r}</v></c>')
            elif isinstance(v, _dt.time) and TIMES_AS_SCORES:
                cells.append(f'<c r="{letters[c - 1]}{r}"{sa} t="s"><v>{sid(f"{v.hour}:{v.minute}")}</v></c>')
            elif isinstance(v, (_dt.datetime, _dt.date, _dt.time)):
                # a date or time kept as read: an Excel serial number with a date format
                serial, code = _serial(v)
                dxf = styles.xf({**styles.props[s], "number_format": code})
                cells.append(f'<c r="{letters[c - 1]}{r}" s="{dxf}"><v>{serial!r}</v></c>')
            else:
                cells.append(f'<c r="{letters[c - 1]}{r}"{sa} t="s"><v>{sid(str(v))}</v></c>')
        ht = f' ht="{heights[r]}" customHeight="1"' if r in heights else ""
        if cells or ht:
            out.append(f'<row r="{r}"{ht}>{"".join(cells)}</row>')
    return "".join(out)


def _sheet_views(sheet: SheetOut, selected: bool) -> str:
    """The ``<sheetViews>`` element: the tab selected or not, the frozen panes."""
    tab = ' tabSelected="1"' if selected else ""
    view = f'<sheetView workbookViewId="0"{tab}'
    if not sheet.freeze:
        return f"<sheetViews>{view}/></sheetViews>"
    m = re.fullmatch(r"([A-Z]+)(\d+)", sheet.freeze)
    assert m, sheet.freeze
    col = sum((ord(ch) - 64) * 26 ** i for i, ch in enumerate(reversed(m.group(1)))) - 1
    row = int(m.group(2)) - 1
    split = (f' xSplit="{col}"' if col else "") + (f' ySplit="{row}"' if row else "")
    pane = "bottomRight" if col and row else "bottomLeft" if row else "topRight"
    return (f'<sheetViews>{view}><pane{split} topLeftCell="{sheet.freeze}" activePane="{pane}" '
            f'state="frozen"/><selection pane="{pane}"/></sheetView></sheetViews>')


def _page_setup(ps: PrintSetup) -> list[str]:
    """The printing elements: centring, margins, paper and fit, header and footer, page breaks."""
    parts: list[str] = []
    if ps.centre_horizontally:
        parts.append('<printOptions horizontalCentered="1"/>')
    parts.append('<pageMargins left="0.4" right="0.4" top="0.6" bottom="0.6" header="0.3" footer="0.3"/>')
    fit = ' fitToWidth="1" fitToHeight="0"' if ps.fit_width else ""
    parts.append(f'<pageSetup paperSize="9" orientation="{ps.orientation}"{fit}/>')
    if ps.header or ps.footer:
        hdr = f"<oddHeader>&amp;C{_esc(ps.header.replace('&', '&&'))}</oddHeader>" if ps.header else ""
        ftr = f"<oddFooter>&amp;C{_esc(ps.footer)}</oddFooter>" if ps.footer else ""
        parts.append(f"<headerFooter>{hdr}{ftr}</headerFooter>")
    if ps.row_breaks:  # manual page breaks (the score slips: four to a page)
        brks = "".join(f'<brk id="{r}" max="16383" man="1"/>' for r in ps.row_breaks)
        parts.append(f'<rowBreaks count="{len(ps.row_breaks)}" manualBreakCount="{len(ps.row_breaks)}">'
                     f"{brks}</rowBreaks>")
    return parts


def _quote(name: str) -> str:
    return "'" + name.replace("'", "''") + "'"


def _defined_names(sheets: Sequence[SheetOut]) -> str:
    names = []
    for i, s in enumerate(sheets):
        ps = s.print_setup
        if ps.area:  # one range, or several separated by commas (each printed from a new page)
            refs = []
            for part in ps.area.split(","):
                m = re.fullmatch(r"([A-Z]+)(\d+):([A-Z]+)(\d+)", part)
                ref = f"${m.group(1)}${m.group(2)}:${m.group(3)}${m.group(4)}" if m else part
                refs.append(f"{_esc(_quote(s.name))}!{ref}")
            names.append(f'<definedName name="_xlnm.Print_Area" localSheetId="{i}">'
                         f"{','.join(refs)}</definedName>")
        if ps.repeat_rows:
            a, b = ps.repeat_rows
            names.append(f'<definedName name="_xlnm.Print_Titles" localSheetId="{i}">{_esc(_quote(s.name))}!'
                         f"${a}:${b}</definedName>")
    return f"<definedNames>{''.join(names)}</definedNames>" if names else ""


def write_workbook(path, sheets: Sequence[tuple[SheetOut, Sequence[Sequence[object]]]]) -> None:
    """Write the workbook: each sheet's formatting from its :class:`SheetOut`
    and its values from the rows given with it."""
    styles, strings = _Styles(), _Strings()
    sheet_xml = [_sheet_xml(s, rows, styles, strings, i == 0) for i, (s, rows) in enumerate(sheets)]
    outs = [s for s, _ in sheets]
    n = len(outs)
    workbook = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="{NS_MAIN}" '
                f'xmlns:r="{NS_R}"><bookViews><workbookView activeTab="0"/></bookViews><sheets>'
                + "".join(f'<sheet name="{_esc(s.name)}" sheetId="{i}" r:id="rId{i}"/>'
                          for i, s in enumerate(outs, start=1))
                + "</sheets>" + _defined_names(outs) + "</workbook>")
    rels = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{NS_PKG_R}">'
            + "".join(f'<Relationship Id="rId{i}" Type="{NS_R}/worksheet" Target="worksheets/sheet{i}.xml"/>'
                      for i in range(1, n + 1))
            + f'<Relationship Id="rId{n + 1}" Type="{NS_R}/styles" Target="styles.xml"/>'
            + f'<Relationship Id="rId{n + 2}" Type="{NS_R}/sharedStrings" Target="sharedStrings.xml"/>'
            + "</Relationships>")
    content_types = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{CT}.sheet.main+xml"/>'
        + "".join(f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="{CT}.worksheet+xml"/>'
                  for i in range(1, n + 1))
        + f'<Override PartName="/xl/styles.xml" ContentType="{CT}.styles+xml"/>'
        + f'<Override PartName="/xl/sharedStrings.xml" ContentType="{CT}.sharedStrings+xml"/>'
        + "</Types>")
    root_rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                 f'<Relationships xmlns="{NS_PKG_R}">'
                 f'<Relationship Id="rId1" Type="{NS_R}/officeDocument" Target="xl/workbook.xml"/>'
                 "</Relationships>")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=3) as z:
        def put(name: str, data: str) -> None:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data.encode("utf-8"), compresslevel=3)

        put("[Content_Types].xml", content_types)
        put("_rels/.rels", root_rels)
        put("xl/workbook.xml", workbook)
        put("xl/_rels/workbook.xml.rels", rels)
        for i, x in enumerate(sheet_xml, start=1):
            put(f"xl/worksheets/sheet{i}.xml", x)
        put("xl/styles.xml", styles.xml())
        put("xl/sharedStrings.xml", strings.xml())
