"""自检 Self-test through xlwings' remote interpreter (Excel does not run here).

The ribbon's 自检 button opens a new workbook and runs every ribbon job on it through
the entry functions (bianpai.addin.excel.selftest). Here the same run goes through
xlwings' remote interpreter: each step gets the workbook as Office.js would send it
after the step before (its actions replayed, tests/remote.py), the steps are timed,
their sheets checked, and the report sheet is written with the versions. The desktop
path (live workbook) runs on the recording stand-in of tests/xlrecorder.py.
"""

from __future__ import annotations

import openpyxl
import pytest
import xlwings as xw

import remote
import xlrecorder
from bianpai.addin.workbook import words as L
from bianpai.addin.excel import entry, selftest, xl


@pytest.fixture(autouse=True)
def licence(monkeypatch):
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    remote.ensure_remote_engine()


class RemoteSession(selftest.Session):
    """Each step's workbook: the last step's actions replayed onto the openpyxl workbook,
    then a fresh payload, as the next click of xlwings Lite or Server sends it."""

    def __init__(self, wb: openpyxl.Workbook) -> None:
        self.wb = wb
        self.current = xw.Book(json=remote.payload_from_workbook(wb))
        self.alerts: list[tuple[str, str]] = []

    def book(self):
        actions = self.current.json()["actions"]
        if actions:
            self.alerts += remote.apply_actions(self.wb, actions).alerts
            self.current = xw.Book(json=remote.payload_from_workbook(self.wb))
        return self.current


def test_every_step_passes_through_the_remote_interpreter_and_the_report_is_written():
    session = RemoteSession(openpyxl.Workbook())
    ticks = iter(range(1000))
    results = selftest.run(session, clock=lambda: next(ticks) * 0.5)
    assert [s.name for s in results] == selftest.steps()
    assert set(xl.JOB_NAMES) <= {s.name for s in results}  # every ribbon job, share too if present
    failed = [(s.name, s.check) for s in results if not s.ok]
    assert failed == []
    assert all(s.seconds == 0.5 for s in results)
    # The one message box: 检查's own report (nothing found), as the button shows it.
    assert session.alerts == [("没有发现问题", xl.MESSAGE_TITLE)]
    by_name = {s.name: s for s in results}
    assert by_name["pair"].calls > 0 and by_name["export_trf"].calls > 0
    book = session.book()
    io = selftest.write_report(book, results, "2026-12-02 05:00")
    remote.apply_actions(session.wb, book.json()["actions"])
    ws = session.wb[selftest.REPORT_SHEET]
    rows = [[c for c in r] for r in ws.iter_rows(values_only=True)]
    assert rows[0][0] == "编排 Bianpai 自检 Bianpai self-test"
    n = len(results)
    assert rows[1][0] == f"{n}/{n} 项通过 {n} of {n} steps passed"
    versions = {r[0]: r[1] for r in rows[4:10]}
    assert set(versions) == {"Excel", "OS", "Python", "xlwings", "bianpai", "engine"}
    assert versions["xlwings"] == xw.__version__ and versions["engine"].startswith("remote")
    assert rows[11][:3] == ["步骤 Step", "秒 Seconds", "结果 Result"]
    table = rows[12:12 + n]
    assert [r[0] for r in table] == selftest.steps() and all(r[2] == "ok" for r in table)
    assert io.calls["write.values"] == 1 and io.calls["write.add_sheet"] == 1


def test_a_failing_step_is_reported_and_the_rest_still_run(monkeypatch):
    def broken(book):
        raise RuntimeError("Excel said no")

    monkeypatch.setitem(selftest.ENTRY_FUNCTIONS, "cards", broken)
    results = selftest.run(RemoteSession(openpyxl.Workbook()))
    bad = [(s.name, s.check) for s in results if not s.ok]
    assert bad == [("cards", "RuntimeError: Excel said no")]
    assert results[-1].ok  # later steps ran
    rows = selftest.report_rows(results, xw.Book(json=remote.payload_from_workbook(openpyxl.Workbook())), "")
    n = len(results)
    assert rows[1][0] == f"{n - 1}/{n} 项通过 {n - 1} of {n} steps passed"


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_the_button_on_desktop_excel_runs_in_the_new_workbook_and_says_how_it_went(platform, monkeypatch):
    """run_from_excel("self_test") on the new workbook the button opened (the recording
    stand-in of desktop Excel): every step passes, the report sheet is added last, one
    message box says where the results are."""
    book = xlrecorder.desktop_book(None, platform, "")
    monkeypatch.setattr(xw.Book, "caller", staticmethod(lambda: book))
    monkeypatch.setattr("sys.platform", platform)
    entry.run_from_excel(xl.SELF_TEST)
    names = [s.name for s in book.sheet_list]
    assert names[-1] == selftest.REPORT_SHEET
    report = book.sheet_list[-1]
    n = len(selftest.steps())
    assert report.cells[(2, 1)] == f"{n}/{n} 项通过 {n} of {n} steps passed", report.cells
    (text, title), = [a for a in book.app.alerts if "自检" in a[0]]
    assert title == xl.MESSAGE_TITLE and selftest.REPORT_SHEET in text
    assert text.splitlines()[0] == L.text("selftest.done", "zh", passed=n, total=n,
                                          sheet=selftest.REPORT_SHEET)


def test_the_self_test_never_writes_into_a_workbook_that_holds_anything(tmp_path):
    """Run on the organiser's workbook by mistake (a macro, or the button's new workbook
    not there): one message, nothing written."""
    from bianpai.addin.jobs import api as jobs
    from bianpai.addin.files import xlsx

    path = tmp_path / "ev.xlsx"
    xlsx.write_new(path, jobs.new("zh"))
    book = xlrecorder.desktop_book(path, "win32", str(path))
    before = book.values()
    assert selftest.run_on_excel(book) == []
    (text, _), = book.app.alerts
    assert text.startswith(L.text("selftest.not_empty", "zh"))
    assert book.values() == before
