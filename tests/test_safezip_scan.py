"""The safety inspection's quick reading of a sheet's size (issue 27, "every
size fast"): ``safezip._furthest`` guesses the furthest row and column from a
streamed piece's two ends and checks the guess in one pass; whatever the
sheet, the counts it gives (rows, columns, cells) are the ones reading every
address gives — the limits see the same numbers.  Each sheet here is compared
with the same sheet read the slow way (``_furthest`` switched off)."""

from __future__ import annotations

import io
import random
import zipfile

import pytest

from bianpai.addin.files import safezip


def sheet(rows: list[list[str]]) -> bytes:
    """A worksheet part whose rows hold the given cell XML."""
    body = "".join(f'<row r="{i}">{"".join(cells)}</row>' for i, cells in enumerate(rows, start=1))
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.'
            'openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:L9"/><sheetData>'
            f'{body}</sheetData><dataValidations count="1"><dataValidation sqref="E4"><formula1>"a,b"'
            '</formula1></dataValidation></dataValidations></worksheet>').encode()


def letters(n: int) -> str:
    return safezip._column_letters(n)


def plain(n_rows: int, width: int, first: int = 1) -> list[list[str]]:
    return [[f'<c r="{letters(c)}{r}" s="1"><v>{r * c}</v></c>' for c in range(1, width + 1)]
            for r in range(first, first + n_rows)]


def scan(data: bytes, quick: bool, monkeypatch) -> tuple[int, int, int, bool, bool]:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", data)
    with monkeypatch.context() as m:
        if not quick:
            m.setattr(safezip, "_furthest", lambda *a: None)
        with zipfile.ZipFile(buf) as z:
            st = safezip._scan(None, z, z.getinfo("xl/worksheets/sheet1.xml"), sheet=True)  # type: ignore[arg-type]
    return st.rows, st.columns, st.cells, st.formulas, st.errors


def cases() -> list[tuple[str, list[list[str]]]]:
    out = [("plain", plain(3000, 12))]
    far_row = plain(3000, 12)
    far_row[1500][3] = '<c r="D9999" s="1"><v>1</v></c>'  # a cell addressed far below its row, mid-sheet
    out.append(("far row mid-sheet", far_row))
    far_col = plain(3000, 12)
    far_col[1500][3] = '<c r="AB1501"><v>1</v></c>'
    out.append(("far column mid-sheet", far_col))
    z_col = plain(3000, 12)
    z_col[1700][2] = '<c r="Z1701"><v>1</v></c>'
    out.append(("one-letter column past the guess", z_col))
    wide = plain(3000, 12)
    wide[1600].append('<c r="AAA1601"><v>1</v></c>')
    out.append(("three-letter column", wide))
    bad = plain(3000, 12)
    bad[1800][5] = '<c r="5"><v>1</v></c>'  # an address without a column
    out.append(("address without a column", bad))
    no_addr = plain(3000, 12)
    no_addr[2000] += ['<c><v>1</v></c>'] * 20  # cells without an address widen the row
    out.append(("cells without an address", no_addr))
    later = plain(3000, 12)
    later[10][0] = '<c r="A0100000"><v>1</v></c>'  # leading zeros: the number counts
    out.append(("leading zeros", later))
    shuffled = plain(3000, 12)
    random.Random(4).shuffle(shuffled)  # rows out of order: the last is not the furthest
    out.append(("rows shuffled", shuffled))
    formula = plain(3000, 12)
    formula[2500][1] = '<c r="B2501"><f>A1+1</f><v>2</v></c>'
    out.append(("a formula", formula))
    error = plain(3000, 12)
    error[2500][1] = '<c r="B2501" t="e"><v>#N/A</v></c>'
    out.append(("an error value", error))
    return out


@pytest.mark.parametrize("name,rows", cases(), ids=[n for n, _ in cases()])
def test_the_quick_reading_counts_what_the_slow_one_does(name: str, rows, monkeypatch):
    data = sheet(rows)
    assert len(data) > 4 * safezip.SAMPLE
    assert scan(data, True, monkeypatch) == scan(data, False, monkeypatch)


def test_the_quick_reading_is_taken_for_a_plain_sheet(monkeypatch):
    """The plain sheet (rows in order, every cell addressed) is read the quick way."""
    data = sheet(plain(3000, 12))
    assert safezip._furthest(data, True, data.count(b"<c "), 0, 0) == (3000, 12)


def test_a_cell_past_the_guess_is_found(monkeypatch):
    data = sheet(plain(3000, 12)[:1500] + [['<c r="B9999"><v>1</v></c>']] + plain(1499, 12, 1502))
    assert safezip._furthest(data, True, data.count(b"<c "), 0, 0) is None
    assert scan(data, True, monkeypatch)[:2] == (9999, 12)


def test_the_row_limit_still_refuses_a_far_cell_mid_sheet(monkeypatch):
    far = plain(3000, 12)
    far[1500][0] = f'<c r="A{safezip.MAX_SHEET_ROWS + 1}"><v>1</v></c>'
    assert scan(sheet(far), True, monkeypatch)[0] == safezip.MAX_SHEET_ROWS + 1
