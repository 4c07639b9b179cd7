"""A small, fast .xlsx value reader (the sources of a 1,000-player event in
a few tenths of a second; openpyxl's read-only mode takes about a second and
as long again to import).

Reads cell values only — shared and inline strings, numbers (whole numbers
as ``int``), booleans, error codes as text, cached formula results, and
numbers formatted as dates or times as :mod:`datetime` values (as openpyxl
does, so a ``2:0`` that Excel turned into 02:00 reaches the result parser
as a time).  Rows come back as lists, missing rows as empty lists.
"""

from __future__ import annotations

import datetime as _dt
import posixpath
import re
import zipfile
from typing import Callable, Iterable
from xml.etree.ElementTree import iterparse, fromstring

__all__ = ["read_workbook"]

NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
NS_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
NS_PKG = "{http://schemas.openxmlformats.org/package/2006/relationships}"

DATE_FORMAT_IDS = frozenset(range(14, 23)) | frozenset(range(45, 48)) | frozenset(range(27, 37)) | frozenset(
    range(50, 59))
_DATE_CODE = re.compile(r"(?<![\\\"])[dmyhs]", re.IGNORECASE)
_EPOCH = _dt.datetime(1899, 12, 30)


def _is_date_format(code: str) -> bool:
    code = re.sub(r'"[^"]*"|\[[^\]]*\]|\\.', "", code)
    return bool(_DATE_CODE.search(code))


def _col(ref: str) -> int:
    n = 0
    for ch in ref:
        if "A" <= ch <= "Z":
            n = n * 26 + ord(ch) - 64
        else:
            break
    return n


def _number(text: str, date: bool) -> object:
    if not date:
        if "." not in text and "E" not in text and "e" not in text:
            try:
                return int(text)
            except ValueError:
                pass
        x = float(text)
        return int(x) if x.is_integer() and abs(x) < 2**53 and ("E" in text or "e" in text) else x
    x = float(text)
    if 0 <= x < 1:
        secs = round(x * 86400)
        return _dt.time(secs // 3600 % 24, secs // 60 % 60, secs % 60)
    return _EPOCH + _dt.timedelta(milliseconds=round(x * 86_400_000))


def read_workbook(path, wanted: Callable[[str], bool] = lambda name: True,
                  formulas: set[str] | None = None) -> dict[str, list[list[object]]]:
    """Sheet name → rows of values, for every sheet in workbook order; sheets
    for which ``wanted(name)`` is false come back empty.  The names of the
    sheets read that hold a formula are added to ``formulas``."""
    with zipfile.ZipFile(path) as z:
        names = set(z.namelist())
        wb = fromstring(z.read("xl/workbook.xml"))
        rels_xml = fromstring(z.read("xl/_rels/workbook.xml.rels"))
        rels = {r.get("Id"): r.get("Target", "") for r in rels_xml.iter(f"{NS_PKG}Relationship")}

        def part(target: str) -> str:
            return target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))

        strings: list[str] = []
        sst_part = next((part(t) for t in rels.values() if t.endswith("sharedStrings.xml")), None)
        if sst_part and sst_part in names:
            for si in fromstring(z.read(sst_part)).iter(f"{NS}si"):
                strings.append("".join(_texts(si)))
        date_styles: list[bool] = []
        st_part = next((part(t) for t in rels.values() if t.endswith("styles.xml")), None)
        if st_part and st_part in names:
            st = fromstring(z.read(st_part))
            custom = {int(f.get("numFmtId", "0")): f.get("formatCode", "") for f in st.iter(f"{NS}numFmt")}
            xfs = st.find(f"{NS}cellXfs")
            for xf in (xfs if xfs is not None else ()):
                i = int(xf.get("numFmtId", "0"))
                date_styles.append(i in DATE_FORMAT_IDS or (i in custom and _is_date_format(custom[i])))
        out: dict[str, list[list[object]]] = {}
        sheets = wb.find(f"{NS}sheets")
        for sh in (sheets if sheets is not None else ()):
            name = sh.get("name", "")
            target = rels.get(sh.get(f"{NS_R}id", ""), "")
            p = part(target) if target else ""
            if not wanted(name) or p not in names or "worksheets/" not in p:
                out[name] = []
                continue
            found: list[bool] = []
            with z.open(p) as fh:
                out[name] = _rows(fh, strings, date_styles, found)
            if found and formulas is not None:
                formulas.add(name)
        return out


def _texts(el) -> Iterable[str]:
    """The text of a string item: its ``t`` elements, phonetic runs left out."""
    for child in el:
        tag = child.tag
        if tag == f"{NS}t":
            yield child.text or ""
        elif tag == f"{NS}r":
            for t in child.iter(f"{NS}t"):
                yield t.text or ""


def _rows(fh, strings: list[str], date_styles: list[bool], formula: list[bool]) -> list[list[object]]:
    rows: list[list[object]] = []
    c_tag, row_tag, v_tag, is_tag, f_tag = f"{NS}c", f"{NS}row", f"{NS}v", f"{NS}is", f"{NS}f"
    current: list[object] = []
    next_col = 1
    for _event, el in iterparse(fh, events=("end",)):
        tag = el.tag
        if tag == c_tag:
            ref = el.get("r")
            col = _col(ref) if ref else next_col
            next_col = col + 1
            t = el.get("t", "n")
            value: object = None
            if not formula and el.find(f_tag) is not None:
                formula.append(True)
            if t == "inlineStr":
                isel = el.find(is_tag)
                value = "".join(_texts(isel)) if isel is not None else None
            else:
                v = el.find(v_tag)
                text = v.text if v is not None else None
                if text is not None:
                    if t == "s":
                        value = strings[int(text)]
                    elif t in ("str", "e"):
                        value = text
                    elif t == "b":
                        value = text.strip() in ("1", "true")
                    else:
                        s = int(el.get("s", "0") or 0)
                        value = _number(text, s < len(date_styles) and date_styles[s])
            if value is not None:
                if len(current) < col:
                    current.extend([None] * (col - len(current)))
                current[col - 1] = value
            el.clear()
        elif tag == row_tag:
            r = el.get("r")
            n = int(r) if r else len(rows) + 1
            while len(rows) < n - 1:
                rows.append([])
            rows.append(current)
            current = []
            next_col = 1
            el.clear()
    return rows
