"""The xlwings backend: the organiser's jobs run on an open Excel workbook.

Every entry function takes an ``xlwings.Book`` and does one job with the same
sheet logic as the CLI (:mod:`bianpai.addin.jobs.api`): it reads each source sheet's
used range (its address, then its values in one call; the derived sheets are not
read, as the CLI does not read them), runs the job, and writes each changed
sheet's values in one call plus its formatting in as few calls as xlwings allows
(one fill-colour matrix, then one call per property and rectangle of cells).
xlwings round trips to Excel are the slow part, so every call goes through
:class:`~.xl_gateway.Gateway`, which counts them.

This module runs the jobs and holds the entry functions; its parts are
:mod:`.xl_gateway` (every xlwings call, counted), :mod:`.xl_write` (a job's result
written into the workbook, the TRF and the share job's files beside it) and
:mod:`.xl_cells` (values, addresses and rectangles of cells).

Progress shows in Excel's status bar. Validation problems (``InputError``) show
in one message box listing each ``Sheet!Cell`` and nothing is written.

The ribbon add-in calls :func:`run_from_excel` through xlwings' RunPython; the
known-good one-button add-in calls :func:`bianpai.addin.next_step.main`; xlwings
Lite calls the entry functions from ``lite/main.py``.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bianpai.engine.problems import problem

from ..files.errors import WorkbookError
from ..files.lock import workbook_lock
from ..jobs import api as jobs
from ..jobs.registration import read_file
from ..jobs.table import Job, ribbon_jobs
from ..workbook.messages import WorkbookInputError, messages_of, wording
from ..workbook.words import SOURCE_KEYS, sheet_key, text
from .xl_gateway import MESSAGE_TITLE as MESSAGE_TITLE, STATUS_PREFIX as STATUS_PREFIX, Gateway
from .xl_write import _book_path, write_result, write_share, write_trf


JOB_NAMES: tuple[str, ...] = tuple(j.ribbon or "" for j in ribbon_jobs())
"""The jobs, by the name the ribbon's VBA and the Lite scripts pass."""


MAX_PROBLEMS_SHOWN = 30
"""Decision: a message box lists at most this many problems, then says how many more
(Excel cuts long message boxes off)."""


@dataclass(frozen=True)
class Outcome:
    """What a job did in Excel: its message, the problems shown, the calls made."""

    job: str
    message: str
    problems: tuple[str, ...]
    calls: Mapping[str, int]
    output: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems


def problems_message(problems: Sequence[str], notes: Sequence[str] = ()) -> str:
    """The one message box for validation problems: every ``Sheet!Cell`` problem,
    one a line, and that nothing was written."""
    shown = list(problems[:MAX_PROBLEMS_SHOWN])
    more = len(problems) - len(shown)
    n = len(problems)
    lines = [f"未写入任何内容，请先改正以下 {n} 个问题。",
             f"Nothing was written; please correct {'this problem' if n == 1 else f'these {n} problems'}:",
             ""]
    lines += [f"• {p}" for p in shown]
    if more:
        lines.append(f"… 另有 {more} 个问题 / and {more} more")
    if notes:
        lines += ["", "提示 Notes:"] + [f"• {x}" for x in notes[:MAX_PROBLEMS_SHOWN]]
    return "\n".join(lines)


def read_sheets(io: Gateway, everything: bool = False) -> dict[str, list[list[Any]]]:
    """Every sheet name → its values, one read per source sheet, in workbook order.

    Derived sheets come back empty, as :func:`bianpai.addin.files.xlsx.read_values`
    gives them; sheets that are not ours too unless ``everything``.
    """
    names = io.sheet_names()
    out: dict[str, list[list[Any]]] = {}
    for i, name in enumerate(names, 1):
        key = sheet_key(name)
        if (everything and key is None) or key in SOURCE_KEYS:
            io.status(f"读取 reading {name} ({i}/{len(names)})")
            out[name] = io.read_sheet(name)
        else:
            out[name] = []
    return out


def _job(job: str) -> Callable[..., Any]:
    """The function the ribbon job ``job`` runs (the job table's ``function``): one of
    :mod:`bianpai.addin.jobs.api`, or ``module:function`` under ``bianpai.addin``."""
    row = next(j for j in ribbon_jobs() if j.ribbon == job)
    module, _, name = row.function.rpartition(":")
    where = importlib.import_module(f"bianpai.addin.{module}") if module else jobs
    f: Callable[..., Any] = getattr(where, name)
    return functools.partial(f, **dict(row.options)) if row.options else f


def run_job(book: Any, job: str) -> Outcome:
    """Run one organiser job on ``book``: read, compute, write — or show every
    problem in one message box and write nothing. The status bar goes back to
    Excel at the end, whatever happened."""
    io = Gateway(book)
    try:
        try:
            fullname = getattr(book, "fullname", None)
        except Exception as error:  # OneDrive/SharePoint: xlwings finds no local file for the URL
            outcome = not_local(io, job, error)
        else:
            with workbook_lock(fullname):  # no Bianpai command on it meanwhile (#15)
                outcome = _run(io, job)
    except WorkbookError as error:  # another command holds the workbook
        io.alert(str(error))
        outcome = Outcome(job, "", (str(error),), {})
    finally:
        io.status(None)
    return replace(outcome, calls=dict(io.calls))


def not_local(io: Gateway, job: str, error: Exception) -> Outcome:
    """The workbook has no local path (xlwings' ``Book.fullname`` raised: a OneDrive or
    SharePoint workbook it cannot map to a synced folder): one message box, in the
    workbook's language, saying to sync it or save it locally; nothing written."""
    lang = jobs.language(read_sheets(io))
    message = text("addin.onedrive", lang, error=str(error) or type(error).__name__)
    io.alert(message)
    return Outcome(job, "", (message,), {})


def _run(io: Gateway, job: str) -> Outcome:

    io.status("读取 reading…")
    # 导入选手 reads the sheets that are not ours too: the registration list may be one of them
    values = read_sheets(io, everything=(job in ("new_event", "import_players")))
    io.status("计算 computing…")
    notes: tuple[str, ...] = ()
    try:
        if job == "import_players":  # the file the organiser picks (desktop); else a sheet of the list
            table = pick_registration(io)
            if table is False:  # the dialog cancelled: nothing to do
                return Outcome(job, "", (), {})
            result = _job(job)(values, table=table)
        else:
            result = _share(io, values) if job == "share" else _job(job)(values)
        notes = tuple(result.notes)
        if result.problems:  # check: the problems it found are reported like bad input
            io.alert(problems_message(result.problems, notes))
            return Outcome(job, "", tuple(result.problems), {})
    except jobs.InputError as error:
        problems = tuple(messages_of(error))
        io.alert(problems_message(problems, notes))
        return Outcome(job, "", problems, {})
    except WorkbookError as error:  # the picked file cannot be read (not a workbook, too big …)
        io.alert(str(error))
        return Outcome(job, "", (str(error),), {})
    except jobs.PairingError as error:
        problems = (wording(error.problem, jobs.language(values)),)
        io.alert(problems_message(problems, notes))
        return Outcome(job, "", problems, {})
    write_result(io, result, list(values))
    message = result.message
    if job == "export_trf":
        message = write_trf(io, result.output, message)
    elif job == "share":
        message = write_share(io, result)
    elif job == "check":
        io.alert("\n".join([message] + [f"• {n}" for n in result.notes]))
    print(message)  # xlwings Lite shows this in its output pane
    return Outcome(job, message, (), {}, result.output)


REGISTRATION_FILTER = "报名表 Registration list (*.xlsx;*.xls;*.csv),*.xlsx;*.xls;*.csv"
"""The file types Excel's open dialog offers for 导入选手 (the ones ``registration.read_file`` reads)."""


def pick_registration(io: Gateway) -> Any:
    """导入选手 on the desktop: the registration file the organiser picks in
    Excel's open dialog (``Application.GetOpenFilename``), read with
    :func:`bianpai.addin.jobs.registration.read_file`; False when the dialog is
    cancelled.  None — the list is then a sheet of the workbook — on Office.js
    (xlwings Lite and Server have no dialog and read no file) or where Excel
    offers no such dialog to xlwings."""
    if io.is_office_js:
        return None
    try:
        picked = io.book.app.api.GetOpenFilename(REGISTRATION_FILTER)
    except Exception:  # no COM dialog here (macOS' AppleScript bridge has none): the sheet route
        return None
    io.count("dialog")
    if not picked:
        return False

    return read_file(Path(str(picked)))


def _share(io: Gateway, values: Mapping[str, Sequence[Sequence[Any]]]) -> Any:
    """分享 (issue 24): the images and the PDF only where the files can be written
    (desktop Excel, a saved workbook); under xlwings Lite the page alone."""
    path = _book_path(io)
    if path is None and not io.is_office_js:  # desktop Excel, a workbook never saved: no folder to write to

        raise WorkbookInputError([problem("problem.share_unsaved")], jobs.language(values))
    return _job("share")(values, images=None if path is not None else False, stem=path.stem if path else "")


def _entry(job: Job) -> Callable[[Any], Outcome]:
    def entry(book: Any) -> Outcome:
        return run_job(book, job.ribbon or "")

    entry.__name__ = entry.__qualname__ = job.entry or ""
    entry.__doc__ = f"{job.label}: {job.doc}."
    return entry


ENTRY_FUNCTIONS: dict[str, Callable[[Any], Outcome]] = {j.ribbon or "": _entry(j) for j in ribbon_jobs()}
"""Ribbon job name (what the ribbon's VBA names) -> entry function."""
JOBS = ENTRY_FUNCTIONS
globals().update({f.__name__: f for f in ENTRY_FUNCTIONS.values()})  # xl.pair_next_round(book) …


SELF_TEST = "self_test"
"""The ribbon's 自检 button (not a job of the job table: :mod:`bianpai.addin.excel.selftest`)."""
