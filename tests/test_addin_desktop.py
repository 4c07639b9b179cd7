"""The ribbon jobs on desktop Excel, counted: a few dozen calls a click, whatever the field.

Excel does not run here. Each ribbon job runs on the recording stand-in of
tests/xlrecorder.py — the objects xlwings' desktop engines give, every operation
charged as a call into Excel the way the engine makes it — on the Windows path
and the macOS path, at 30 and at 300 players. For every job:

* the calls on each sheet stay within :data:`CALLS_PER_SHEET` and are the same at 300
  players as at 30 (independent of the field's size);
* every sheet's values are those the CLI writes into the file, and every cell's
  formatting (bold, size, colours, alignment, wrap, borders, fill, number format)
  is the CLI file's too;
* the scratch workbook is closed and its file deleted.

Where Excel cannot open the scratch workbook, the add-in writes cell by cell: the
same values, no call per cell (no ``set_colors``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

import openpyxl
import pytest

import remote
import xlrecorder
from bianpai.addin.excel import xl, xl_cells, xl_gateway, xl_write
from bianpai.addin.files import xlsx
from bianpai.addin.jobs.result import JobResult

CALLS_PER_SHEET = 60
"""The bound of issue #26: calls into Excel on one sheet a job reads or writes."""

CALLS_PER_CLICK = 400
"""And for the whole click (status bar, sheet names, the scratch workbook, every sheet):
the jobs that rewrite every derived sheet of an 11-round event touch 17 sheets."""

SIZES = (30, 300)
PLATFORMS = ("win32", "darwin")


@pytest.fixture(scope="module")
def events(tmp_path_factory) -> dict[int, dict[str, Path]]:
    d = tmp_path_factory.mktemp("desktop")
    return {n: xlrecorder.event_states(d, n) for n in SIZES}


def by_cli(job: str, state: Path | None, tmp_path: Path) -> tuple[Path, JobResult | None]:
    """The job as the CLI does it: read the file, run the job, apply the result to the
    file; (the file, the job's result)."""
    out = tmp_path / f"cli-{job}.xlsx"
    if state is None:
        return out, None
    out.write_bytes(state.read_bytes())
    values = xlsx.read_values(out)
    result = xl._job(job)(values)
    assert not result.problems
    xlsx.apply(out, result, values)
    return out, result


@pytest.fixture(scope="module")
def cli_files(tmp_path_factory, events) -> Callable[[str, str], tuple[Path, JobResult | None]]:
    """:func:`by_cli` of a job on one of the 30-player states, done once for the module:
    the Windows and the macOS tests compare with the same file and result (the CLI has no
    platform), instead of each running the job twice more."""
    done: dict[tuple[str, str], tuple[Path, JobResult | None]] = {}

    def get(job: str, state: str) -> tuple[Path, JobResult | None]:
        if (job, state) not in done:
            done[job, state] = by_cli(job, events[30][state], tmp_path_factory.mktemp(f"cli-{job}-{state}"))
        return done[job, state]
    return get


def formats_of(path: Path) -> dict[str, dict[tuple[int, int], tuple]]:
    wb = openpyxl.load_workbook(path)
    seen: dict[tuple[int, ...], tuple] = {}
    return {ws.title: {(c.row, c.column): xlrecorder._style_of(c, seen) for row in ws.iter_rows()
                       for c in row if c.has_style} for ws in wb.worksheets}


_CLI_READ: dict[Path, tuple[dict[str, list[list[object]]], dict[str, dict[tuple[int, int], tuple]]]] = {}


def cli_read(path: Path) -> tuple[dict[str, list[list[object]]], dict[str, dict[tuple[int, int], tuple]]]:
    """The values and the formats of a file :func:`cli_files` wrote, read once: the
    Windows and the macOS test compare with the same file, which no test changes."""
    if path not in _CLI_READ:
        _CLI_READ[path] = (remote.workbook_values(openpyxl.load_workbook(path)), formats_of(path))
    return _CLI_READ[path]


def run(events, n: int, job: str, state: str | None, platform: str, tmp_path: Path):
    path = events[n][state] if state else None
    return xlrecorder.run_on_desktop(job, path, platform, str(tmp_path / "event.xlsx"))


WRITING_JOBS = [(j, s) for j, s in xlrecorder.JOB_STATES if j not in ("new_event", "check", "export_trf")]


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("job, state", xlrecorder.JOB_STATES)
def test_calls_per_sheet_are_few_and_the_same_at_30_and_300_players(events, job, state, platform,
                                                                     tmp_path):
    per_sheet = {}
    for n in SIZES:
        book, outcome = run(events, n, job, state, platform, tmp_path)
        assert outcome.ok, outcome.problems
        log = book.app.log
        assert "range.set_colors (per cell)" not in log.kinds()
        sheets = {k: v for k, v in log.per_sheet().items() if k}
        assert max(sheets.values(), default=0) <= CALLS_PER_SHEET, sheets
        assert log.total() <= CALLS_PER_CLICK, log.kinds()
        per_sheet[n] = sheets
        assert not list(tmp_path.glob(xl_gateway.FORMATS_FILE_PREFIX + "*"))
    print(f"\n{job} ({platform}): calls per sheet {per_sheet[300]}")
    assert per_sheet[300] == per_sheet[30]


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("job, state", WRITING_JOBS)
def test_values_and_formats_are_those_the_cli_writes(events, cli_files, job, state, platform, tmp_path):
    book, outcome = run(events, 30, job, state, platform, tmp_path)
    assert outcome.ok
    cli, result = cli_files(job, state)
    assert result is not None
    expected, cli_formats = cli_read(cli)
    assert [s.name for s in book.sheet_list] == list(expected)
    assert {k: trimmed(v) for k, v in book.values().items()} == {k: trimmed(v) for k, v in expected.items()}
    written = [s for s in book.sheet_list if s.formats]
    assert written, "no sheet was written"
    for sheet in written:
        assert sheet.formats == cli_formats[sheet.name], sheet.name
    for sheet in xl_write.sheets_to_write(result):  # the notes (tie-break columns): one call each
        assert book.sheet_list[[s.name for s in book.sheet_list].index(sheet.name)].notes == dict(
            sheet.comments), sheet.name
    assert any(s.comments for s in xl_write.sheets_to_write(result))  # 名次's tie-break notes, every job here
    assert book.app.books.opened and all(not p.exists() for p in book.app.books.opened)
    assert [b.name for b in book.app.books.open_books] == ["event.xlsx"]


def test_new_event_on_a_fresh_workbook_copies_the_template_sheets_in(tmp_path):
    """新建赛事 on a new workbook (one empty Sheet1): the six template sheets come in
    whole from the scratch workbook, in order, and Sheet1 is gone."""
    book, outcome = xlrecorder.run_on_desktop("new_event", None, "win32", "")
    assert outcome.ok
    assert [s.name for s in book.sheet_list] == openpyxl.load_workbook(
        Path(__file__).resolve().parents[1] / "templates" / "bianpai-zh.xlsx").sheetnames
    kinds = book.app.log.kinds()
    assert kinds["sheet.copy"] == 6 and kinds["sheet.delete"] == 1


def trimmed(rows: list[list[object]]) -> list[list[object]]:
    rows = [[None if v == "" else v for v in r] for r in rows]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max((max((j + 1 for j, v in enumerate(r) if v is not None), default=0) for r in rows), default=0)
    return [r[:width] + [None] * (width - len(r[:width])) for r in rows]


@pytest.mark.parametrize("platform", PLATFORMS)
def test_without_the_scratch_workbook_the_sheets_are_written_cell_by_cell_without_a_call_per_cell(
        events, cli_files, platform, tmp_path, monkeypatch):
    """Excel refuses to open the scratch workbook: the job still writes what the CLI writes
    (values in one block a sheet, formatting per colour and rectangle), never a call per
    cell, and the scratch file is gone."""
    original = xlrecorder.desktop_book

    def failing(*args, **kwargs):
        book = original(*args, **kwargs)
        book.app.fail_open = True
        return book

    monkeypatch.setattr(xlrecorder, "desktop_book", failing)
    scratch = Path(xl_gateway.formats_folder())
    # another run of the suite may have its own scratch files there at the same moment
    # (named with its process id): only this process's count
    mine = f"{xl_gateway.FORMATS_FILE_PREFIX}{os.getpid()}-*"
    before = set(scratch.glob(mine))
    book, outcome = run(events, 30, "pair", "played", platform, tmp_path)
    assert outcome.ok
    kinds = book.app.log.kinds()
    assert kinds["books.open"] == 1 and "range.set_colors (per cell)" not in kinds
    assert kinds["range.value="] == 5 and kinds["range.color="] > 0
    expected = remote.workbook_values(openpyxl.load_workbook(cli_files("pair", "played")[0]))
    assert {k: trimmed(v) for k, v in book.values().items()} == {k: trimmed(v) for k, v in expected.items()}
    assert set(scratch.glob(mine)) <= before  # this job's scratch file is gone


def test_macos_saves_the_scratch_workbook_where_excel_opens_files_without_asking(events, tmp_path,
                                                                                monkeypatch):
    container = tmp_path / "Containers" / "com.microsoft.Excel" / "Data"
    container.mkdir(parents=True)
    monkeypatch.setattr(xl_gateway, "MACOS_EXCEL_FOLDER", str(container))
    book, outcome = run(events, 30, "standings", "played", "darwin", tmp_path)
    assert outcome.ok
    (opened,) = book.app.books.opened
    assert opened.parent == container and opened.name.startswith(xl_gateway.FORMATS_FILE_PREFIX)
    assert not opened.exists()


def test_row_heights_of_adjacent_runs_are_one_call():
    assert xl_cells.height_runs([(4, 9, 20.0), (10, 15, 20.0), (16, 16, 30.0), (18, 19, 30.0)]) == [
        (4, 15, 20.0), (16, 16, 30.0), (18, 19, 30.0)]
    # a later run over the same rows still comes after (later wins, as in the file writer)
    assert xl_cells.height_runs([(1, 1, 26.0), (1, 1, 30.0)]) == [(1, 1, 26.0), (1, 1, 30.0)]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_onedrive_workbook_without_a_local_path_gets_one_message_in_its_language(lang, tmp_path):
    """xlwings' ``Book.fullname`` raises for a OneDrive/SharePoint workbook it cannot map to
    a synced folder: the button says, in the workbook's language, to sync it or save it
    locally, and writes nothing (before: a traceback)."""
    import xlwings

    from bianpai.addin.jobs import api as jobs
    from bianpai.addin.workbook import words as labels

    path = tmp_path / "ev.xlsx"
    xlsx.write_new(path, jobs.new(lang))
    book = xlrecorder.desktop_book(path, "win32", str(path))
    book.fullname_error = xlwings.XlwingsError("Couldn't find your local OneDrive file")
    before = book.values()
    outcome = xl.update_standings(book)
    (text, title), = book.app.alerts
    assert text == labels.text("addin.onedrive", lang, error="Couldn't find your local OneDrive file")
    assert title == xl.MESSAGE_TITLE and outcome.problems == (text,)
    assert ("OneDrive" in text) and (("同步" in text) if lang == "zh" else ("sync" in text))
    assert book.values() == before
    assert not [c for c in book.app.log.calls if c.what.endswith("=") and c.what != "status_bar="]
