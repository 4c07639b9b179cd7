"""The workbook file (addin/files/xlsx.py and the fast reader/writer): atomic saves
with a backup, refusal of workbooks open in Excel or holding objects
openpyxl would drop, nothing written on bad input (fuzzed), and an
interrupted save leaving the original intact."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bianpai.addin.jobs import api as jobs
from bianpai.addin.files import xlsx
from bianpai.addin.cli.app import EXIT_BAD_INPUT, EXIT_FILE, main
from bianpai.addin.files.reader import read_workbook

from workbook_helpers import enter_results, event, pair, play


def write(path: Path, values) -> Path:
    """Write sheet values as a workbook the way the CLI does (every sheet rendered)."""
    res = jobs.update(values)
    from dataclasses import replace

    xlsx.write_new(path, replace(res, changed=tuple(s.name for s in res.sheets)))
    return path


def write_raw(path: Path, values) -> Path:
    """Write sheet values as they are (no validation, no formatting): a
    workbook as an organiser may have typed it."""
    from bianpai.addin.workbook.sheets import SheetOut
    from bianpai.addin.files.writer import write_workbook

    write_workbook(path, [(SheetOut(name, "", ()), rows) for name, rows in values.items()])
    return path


def all_values(path: Path):
    return read_workbook(path)


@pytest.fixture
def workbook(tmp_path: Path) -> Path:
    return write(tmp_path / "event.xlsx", play(event(8), 1))


def test_pair_saves_and_keeps_a_backup(workbook: Path):
    before = workbook.read_bytes()
    assert main(["pair", str(workbook)]) == 0
    assert xlsx.backup_path(workbook).read_bytes() == before
    assert "第2轮" in all_values(workbook)
    assert [p.name for p in workbook.parent.iterdir() if ".tmp" in p.name] == []


@pytest.mark.parametrize("lock, program", [
    ("~$event.xlsx", "Excel (lock file"),
    (".~lock.event.xlsx#", "LibreOffice or WPS Office (their lock file")])
def test_workbook_open_in_excel_is_refused(workbook: Path, lock: str, program: str, capsys):
    """Excel's lock file ~$event.xlsx (or LibreOffice's) beside the workbook: refuse, write nothing,
    naming the program the lock file belongs to (issue 23 item 12)."""
    (workbook.parent / lock).write_bytes(b"lock")
    before = workbook.read_bytes()
    assert main(["pair", str(workbook)]) == EXIT_FILE
    assert f"is open in {program} {lock} is present" in capsys.readouterr().err
    assert workbook.read_bytes() == before
    assert not xlsx.backup_path(workbook).exists()


def test_workbook_with_a_chart_is_refused(tmp_path: Path, capsys):
    """openpyxl would drop a chart it did not create: the CLI refuses to overwrite."""
    from openpyxl.chart import BarChart, Reference

    path = write(tmp_path / "event.xlsx", play(event(6), 1))
    wb = openpyxl.load_workbook(path)
    ws = wb.create_sheet("图表")
    for i in range(1, 5):
        ws.append([i, i * i])
    chart = BarChart()
    chart.add_data(Reference(ws, min_col=2, min_row=1, max_row=4))
    ws.add_chart(chart, "D2")
    wb.save(path)
    assert any(n.startswith("xl/charts/") for n in zipfile.ZipFile(path).namelist())
    before = path.read_bytes()
    assert main(["pair", str(path)]) == EXIT_FILE
    err = capsys.readouterr().err
    assert "holds charts" in err and "will not overwrite it" in err
    assert path.read_bytes() == before


def rewrite_zip(path: Path, edit) -> None:
    """Rebuild the zip at ``path`` with ``edit(parts)`` applied to its name → bytes dict."""
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    edit(parts)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, b in parts.items():
            z.writestr(n, b)


def add_part(path: Path, part: str, content_type: str, data: bytes = b"<x/>") -> None:
    """Add ``part`` with an Override of its content type, as Excel registers every part."""
    def edit(parts):
        parts[part] = data
        ct = parts["[Content_Types].xml"].decode()
        parts["[Content_Types].xml"] = ct.replace(
            "</Types>", f'<Override PartName="/{part}" ContentType="{content_type}"/></Types>').encode()
    rewrite_zip(path, edit)


OOXML = "application/vnd.openxmlformats-officedocument."


@pytest.mark.parametrize("part, content_type, what", [
    ("xl/pivotTables/pivotTable1.xml", OOXML + "spreadsheetml.pivotTable+xml", "pivot tables"),
    ("xl/media/image1.png", "image/png", "images"),
    ("xl/drawings/drawing1.xml", OOXML + "drawing+xml", "drawings"),
    ("xl/threadedComments/threadedComment1.xml", "application/vnd.ms-excel.threadedcomments+xml",
     "threaded comments"),
    ("xl/stuff/thing7.xml", OOXML + "drawingml.chart+xml", "charts"),
])
def test_workbook_with_pivot_tables_or_images_is_refused(workbook: Path, part: str, content_type: str,
                                                         what: str, capsys):
    """Foreign parts are found by their content type, whatever their name."""
    add_part(workbook, part, content_type)
    before = workbook.read_bytes()
    assert main(["standings", str(workbook)]) == EXIT_FILE
    err = capsys.readouterr().err
    assert what in err and str(workbook) in err
    assert workbook.read_bytes() == before


def _chart_workbook(path: Path) -> Path:
    from openpyxl.chart import BarChart, Reference

    write(path, play(event(6), 1))
    wb = openpyxl.load_workbook(path)
    ws = wb.create_sheet("图表")
    for i in range(1, 5):
        ws.append([i, i * i])
    chart = BarChart()
    chart.add_data(Reference(ws, min_col=2, min_row=1, max_row=4))
    ws.add_chart(chart, "D2")
    wb.save(path)
    return path


@pytest.mark.parametrize("keep_content_type", [True, False])
def test_chart_under_an_unusual_part_name_is_refused(tmp_path: Path, keep_content_type: bool, capsys):
    """Issue 15 item 7: a chart (and its drawing) moved to unusual part names —
    as other programs name them — is still a chart: found by its content type,
    or, with a generic content type, by the relationship that points at it."""
    path = _chart_workbook(tmp_path / "event.xlsx")

    def rename(parts):
        moves = {"xl/charts/chart1.xml": "xl/objects/thing1.xml",
                 "xl/drawings/drawing1.xml": "xl/objects/canvas1.xml",
                 "xl/drawings/_rels/drawing1.xml.rels": "xl/objects/_rels/canvas1.xml.rels"}
        for old, new in moves.items():
            parts[new] = parts.pop(old)
        for name in list(parts):
            if name.endswith((".rels", ".xml")):
                text = parts[name].decode()
                text = (text.replace("/xl/charts/chart1.xml", "/xl/objects/thing1.xml")
                        .replace("../charts/chart1.xml", "thing1.xml")
                        .replace("/xl/drawings/drawing1.xml", "/xl/objects/canvas1.xml")
                        .replace("../drawings/drawing1.xml", "../objects/canvas1.xml"))
                if not keep_content_type and name == "[Content_Types].xml":
                    text = text.replace(OOXML + "drawingml.chart+xml", "application/xml").replace(
                        OOXML + "drawing+xml", "application/xml")
                parts[name] = text.encode()
    rewrite_zip(path, rename)
    names = zipfile.ZipFile(path).namelist()
    assert not any("chart" in n or "drawing" in n for n in names), names
    before = path.read_bytes()
    assert main(["pair", str(path)]) == EXIT_FILE
    err = capsys.readouterr().err
    assert "holds charts" in err and "will not overwrite it" in err and "图表" in err
    assert path.read_bytes() == before


def test_bad_input_leaves_the_file_untouched(tmp_path: Path, capsys):
    path = write_raw(tmp_path / "event.xlsx", enter_results(pair(event(8)), 1, ["红胜", "和", "黑胜", "2-2"]))
    before = path.read_bytes()
    assert main(["pair", str(path)]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "第1轮!E7: 结果 '2-2' 不是对局结果" in err and "未写入任何内容" in err
    assert path.read_bytes() == before
    assert not xlsx.backup_path(path).exists()


def test_sheets_not_ours_are_kept(tmp_path: Path):
    """A workbook with an extra sheet of the organiser's is edited in place (openpyxl)."""
    path = write(tmp_path / "event.xlsx", play(event(6), 1))
    wb = openpyxl.load_workbook(path)
    ws = wb.create_sheet("奖金")
    ws["A1"] = "冠军 1000 元"
    wb.save(path)
    assert main(["pair", str(path)]) == 0
    wb = openpyxl.load_workbook(path)
    assert wb["奖金"]["A1"].value == "冠军 1000 元"
    assert "第2轮" in wb.sheetnames
    assert wb.sheetnames.index("第2轮") == wb.sheetnames.index("第1轮") + 1


def test_formulas_typed_by_the_organiser_are_kept(tmp_path: Path):
    """A formula in the Players sheet survives pairing (the workbook is then edited in place)."""
    path = write(tmp_path / "event.xlsx", play(event(6), 1))
    wb = openpyxl.load_workbook(path)
    wb["选手"]["J4"] = "=D4+100"  # after our columns (犯规, 组别 in H, I: issue 25)
    wb.save(path)
    assert xlsx.has_formulas(path)
    assert main(["pair", str(path)]) == 0
    wb = openpyxl.load_workbook(path)
    assert wb["选手"]["J4"].value == "=D4+100"
    assert "第2轮" in wb.sheetnames


def test_dates_typed_by_the_organiser_stay_dates(tmp_path: Path):
    """A birth date in an extra Players column is still a date after a fresh write;
    a time of day — what Excel makes of a typed 2:0 — comes back as the text
    typed (TIMES_AS_SCORES)."""
    import datetime as dt

    path = write(tmp_path / "event.xlsx", play(event(6), 1))
    wb = openpyxl.load_workbook(path)
    wb["选手"]["J4"] = dt.datetime(2001, 2, 3)  # after our columns (犯规, 组别 in H, I: issue 25)
    wb["第1轮"]["L4"] = dt.time(2, 0)
    wb.save(path)
    assert main(["pair", str(path)]) == 0
    wb = openpyxl.load_workbook(path)
    assert wb["选手"]["J4"].value == dt.datetime(2001, 2, 3)
    assert wb["第1轮"]["L4"].value == "2:0"


def test_comments_typed_by_the_organiser_are_kept(tmp_path: Path):
    from openpyxl.comments import Comment

    path = write(tmp_path / "event.xlsx", play(event(6), 1))
    wb = openpyxl.load_workbook(path)
    wb["选手"]["B4"].comment = Comment("迟到十分钟", "裁判")
    wb.save(path)
    assert main(["pair", str(path)]) == 0
    assert openpyxl.load_workbook(path)["选手"]["B4"].comment.text == "迟到十分钟"


def test_a_pair_rewrites_only_what_it_changes(tmp_path: Path):
    """Pairing writes the new round sheet and the derived sheets; an extra
    column the organiser keeps on the Players sheet and a result typed as 2:0
    stay as they are."""
    v = enter_results(pair(event(6)), 1, ["2:0", "和", "黑胜"])
    v["选手"][3].extend([None, "电话 123"])
    res = jobs.pair(v)
    assert set(res.changed) == {"第2轮", "先后手", "升降", "名次", "成绩表"}
    path = tmp_path / "e.xlsx"
    xlsx.write_new(path, res, v)
    got = read_workbook(path)
    assert got["选手"][3][10] == "电话 123"  # after our nine columns and a blank one (issue 25)
    assert got["第1轮"][3][4] == "2:0"


def test_fast_reader_reads_what_openpyxl_reads(tmp_path: Path):
    """The fast reader and openpyxl agree on our workbooks and on one openpyxl wrote
    with numbers, text, booleans, dates and times."""
    import datetime as dt

    path = write(tmp_path / "event.xlsx", play(event(7), 2))
    wb = openpyxl.load_workbook(path, read_only=True)
    ours = read_workbook(path)
    for ws in wb.worksheets:
        expect = [list(r) for r in ws.iter_rows(values_only=True)]
        got = ours[ws.title]
        assert len(got) == len(expect)
        padded = [list(r) + [None] * (len(e) - len(r)) for r, e in zip(got, expect, strict=True)]
        assert padded == expect
    other = tmp_path / "other.xlsx"
    wb2 = openpyxl.Workbook()
    wb2.active.append([1, 2.5, "二", True, dt.datetime(2024, 5, 1, 9, 30), dt.time(2, 0), None, "=A1"])
    wb2.save(other)
    # a formula without a cached result reads as empty, as openpyxl's data_only does
    assert read_workbook(other)["Sheet"] == [[1, 2.5, "二", True, dt.datetime(2024, 5, 1, 9, 30),
                                              dt.time(2, 0)]]


def test_fast_writer_output_opens_in_openpyxl(workbook: Path):
    wb = openpyxl.load_workbook(workbook)
    ws = wb["第1轮"]
    assert ws.freeze_panes == "A4"
    assert ws.print_title_rows == "$3:$3"
    assert int(ws.page_setup.paperSize) == 9 and ws.sheet_properties.pageSetUpPr.fitToPage
    assert ws["A4"].font.sz == 18 and ws["A4"].font.b  # big board numbers
    assert ws.data_validations.dataValidation[0].formula1.startswith('"红胜,和,黑胜')
    colours = wb["先后手"]
    cell = colours["C4"]
    assert cell.value in ("红", "黑")
    assert cell.fill.fgColor.rgb == ("FFC00000" if cell.value == "红" else "FF000000")


def test_interrupted_save_leaves_the_original_intact(workbook: Path):
    """The save is killed after the new file is written beside the old one and
    before it replaces it: the workbook is the old one, whole and readable."""
    before = workbook.read_bytes()
    env = dict(os.environ, BIANPAI_TEST_SAVE_PAUSE="60")
    proc = subprocess.Popen([sys.executable, "-m", "bianpai.addin.cli", "pair", str(workbook)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not any(".tmp" in p.name for p in workbook.parent.iterdir()):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(0.2)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert workbook.read_bytes() == before
    assert "第1轮" in all_values(workbook)
    assert main(["check", str(workbook)]) == 0


# ---------------------------------------------------------------------------
# Fuzz: malformed Players and round sheets
# ---------------------------------------------------------------------------

CELL_VALUES = st.one_of(
    st.none(), st.integers(-3, 40), st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(["", " ", "x", "红胜", "2-2", "退赛", "请假 2", "是", "—", "轮空", "1:1", "=1+1", "序号",
                     "台次", "0", "-1", "1.5", "名字\n换行"]),
    st.text(max_size=6),
)
EDITS = st.lists(st.tuples(st.sampled_from(["players", "round", "settings"]), st.integers(0, 16),
                           st.integers(0, 10), CELL_VALUES), min_size=1, max_size=6)


def _mutate(values, edits):
    import copy

    values = copy.deepcopy(values)
    for where, r, c, v in edits:
        rows = {"players": values["选手"], "round": values["第1轮"], "settings": values["设置"]}[where]
        while len(rows) <= r:
            rows.append([])
        while len(rows[r]) <= c:
            rows[r].append(None)
        rows[r][c] = v
    return values


BASE = enter_results(pair(event(7)), 1, ["红胜", "和", "黑胜"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(EDITS)
def test_fuzz_jobs_on_malformed_sheets(edits):
    """Whatever is typed into the Settings, Players or round sheet, the jobs either work
    or raise InputError/PairingError whose problems name a sheet — never crash."""
    from bianpai.engine.results import InputError, PairingError

    values = _mutate(BASE, edits)
    for job in (jobs.pair, jobs.update, jobs.check, jobs.undo):
        try:
            job(values)
        except InputError as e:
            assert e.messages and all(isinstance(p, str) and p for p in e.messages)
            assert all(("!" in p or p.startswith(("选手", "第", "设置", "there", "the workbook")))
                       for p in e.messages), e.messages
        except PairingError:
            pass


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(EDITS)
def test_fuzz_file_unchanged_on_bad_input(tmp_path_factory, edits):
    """The same through the CLI on a file: a bad workbook is reported and its
    bytes are unchanged; a good one is paired."""
    d = tmp_path_factory.mktemp("fuzz")
    path = d / "event.xlsx"
    values = _mutate(BASE, edits)
    write_raw(path, values)
    before = path.read_bytes()
    rc = main(["pair", str(path)])
    if rc != 0:
        assert rc in (1, EXIT_BAD_INPUT)
        assert path.read_bytes() == before
    else:
        assert "第2轮" in all_values(path)
