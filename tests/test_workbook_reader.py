"""The .xlsx reader (python-calamine, addin/files/reader.py) and the own
writer (addin/files/writer.py), issue 12 section 4: typed results as the
sheet readers expect them — a ``2:0`` Excel stored as a time, dates, booleans,
error values, shared, rich and inline strings, cached formula results — the
same as openpyxl reads them; and what the own writer writes reads back the
same through openpyxl and calamine."""

from __future__ import annotations

import datetime as dt
import zipfile
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest

from bianpai.addin.jobs import api as jobs
from bianpai.addin.files import xlsx
from bianpai.addin.files import reader as R
from bianpai.addin.workbook.sheets import SheetOut
from bianpai.addin.files.writer import write_workbook

from workbook_helpers import enter_results, event, pair, play

NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


def _typed_workbook(path: Path) -> Path:
    """A workbook as Excel saves one an organiser typed into: openpyxl writes
    it, then the sheet XML gets what openpyxl does not write itself (inline and
    rich strings, cached formula results, error values)."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "第1轮"
    ws["A1"] = dt.time(2, 0)
    ws["A1"].number_format = "h:mm"
    ws["B1"] = dt.datetime(2026, 5, 1, 9, 30)
    ws["C1"] = dt.datetime(2026, 5, 1)
    ws["C1"].number_format = "yyyy-mm-dd"
    ws["D1"] = True
    ws["E1"] = 3
    ws["F1"] = 2.5
    ws["G1"] = "红胜"
    ws["H1"] = 1e20
    ws["I1"] = "2:0"
    ws["J1"] = 0.5
    ws["C4"] = "gap above and left"
    other = wb.create_sheet("选手")
    other["B3"] = "starts at B3"
    wb.save(path)
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    extra = ('<row r="6"><c r="A6" t="inlineStr"><is><t>行内</t></is></c>'
             '<c r="B6" t="inlineStr"><is><r><t>富</t></r><r><t xml:space="preserve"> 文本</t></r></is></c>'
             '<c r="C6"><f>1+1</f><v>2</v></c><c r="D6" t="str"><f>"a"&amp;"b"</f><v>ab</v></c>'
             '<c r="E6" t="b"><f>TRUE()</f><v>1</v></c><c r="F6"><f>NOW()</f></c></row>')
    sheet = sheet.replace("</sheetData>", extra + "</sheetData>")
    parts["xl/worksheets/sheet1.xml"] = sheet.encode()
    errors = parts["xl/worksheets/sheet2.xml"].decode().replace(
        "</sheetData>", '<row r="5"><c r="A5" t="e"><f>NA()</f><v>#N/A</v></c>'
                        '<c r="B5" t="e"><v>#REF!</v></c><c r="C5"><v>7</v></c></row></sheetData>')
    parts["xl/worksheets/sheet2.xml"] = errors.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, b in parts.items():
            z.writestr(n, b)
    return path


EXPECTED_ROUND = [
    [dt.time(2, 0), dt.datetime(2026, 5, 1, 9, 30), dt.datetime(2026, 5, 1), True, 3, 2.5, "红胜", 10**20,
     "2:0", 0.5],
    [], [],
    [None, None, "gap above and left"],
    [],
    ["行内", "富 文本", 2, "ab", True],  # a formula without a cached result reads as empty
]
EXPECTED_PLAYERS = [[], [], [None, "starts at B3"], [], ["#N/A", "#REF!", 7]]


def test_typed_values_read_as_the_sheet_readers_expect(tmp_path: Path):
    path = _typed_workbook(tmp_path / "typed.xlsx")
    got = R.read_workbook(path)
    assert got == {"第1轮": EXPECTED_ROUND, "选手": EXPECTED_PLAYERS}
    types = [type(v) for v in got["第1轮"][0]]
    assert types == [dt.time, dt.datetime, dt.datetime, bool, int, float, str, float, str, float]


def test_calamine_reads_the_sheets_without_error_values_itself(tmp_path: Path):
    """The fast path is really calamine (no silent fallback): it reads the
    round sheet; the sheet with error values is calamine's one blind spot
    (it reads #N/A as empty), so that sheet goes to openpyxl."""
    path = _typed_workbook(tmp_path / "typed.xlsx")
    pkg = xlsx.package(path)
    assert pkg.error_sheets == {"选手"} and pkg.formula_sheets == {"第1轮", "选手"}
    direct = R._read_calamine(path, lambda n: True, set())
    assert direct["第1轮"] == EXPECTED_ROUND


def test_reader_agrees_with_openpyxl_on_a_played_event(tmp_path: Path):
    values = play(event(9, clubs=True), 3)
    res = jobs.update(values)
    path = tmp_path / "event.xlsx"
    xlsx.write_new(path, replace(res, changed=tuple(s.name for s in res.sheets)))
    direct = R._read_calamine(path, lambda n: True, set())
    by_openpyxl = R._read_openpyxl(path, lambda n: True, None)
    assert direct == by_openpyxl
    assert list(direct) == [s.name for s in res.sheets]


def _rows_for_readback():
    v = enter_results(pair(event(6)), 1, ["2:0", "和", "黑胜"])
    v["选手"][3].extend([None, "电话 123", dt.datetime(2001, 2, 3), 2.75, True, "=not a formula"])
    return v


@pytest.mark.parametrize("reader", ["openpyxl", "calamine"])
def test_own_writer_reads_back_through_openpyxl_and_calamine(tmp_path: Path, reader: str):
    """What xlsxwriter_fast writes (our sheets, with values as given) comes
    back the same through both readers: numbers, text (also text that looks
    like a formula), booleans, dates; a time — a typed 2:0 — as the text 2:0."""
    v = _rows_for_readback()
    v["第1轮"][3].extend([None] * 3 + [dt.time(1, 1)])
    path = tmp_path / "w.xlsx"
    write_workbook(path, [(SheetOut(name, "", ()), rows) for name, rows in v.items()])
    got = (R._read_openpyxl(path, lambda n: True, None) if reader == "openpyxl"
           else R._read_calamine(path, lambda n: True, set()))

    def expect(x):
        if isinstance(x, dt.time):
            return f"{x.hour}:{x.minute}"
        if isinstance(x, float) and x.is_integer():
            return int(x)
        return None if x == "" else x

    want = {name: R._trim([[expect(x) for x in row] for row in rows]) for name, rows in v.items()}
    assert got == want
    # after our nine columns (犯规, 组别 added by issue 25) and a blank one
    assert got["选手"][3][10:] == ["电话 123", dt.datetime(2001, 2, 3), 2.75, True, "=not a formula"]


def test_lowest_supported_calamine_has_what_the_reader_uses():
    """The lower bound in pyproject.toml (0.3.0; 0.2.3 has no ``close``):
    sheet metadata and types.  The tests of this file pass with 0.3.0."""
    import python_calamine as pc

    assert hasattr(pc, "SheetTypeEnum") and hasattr(pc.CalamineWorkbook, "sheets_metadata")
    assert hasattr(pc.CalamineWorkbook, "close")
