"""The xlwings backend: the organiser's jobs run on an open Excel workbook.

Every entry function takes an ``xlwings.Book`` and does one job with the same
sheet logic as the CLI (:mod:`bianpai.addin.jobs`): it reads each sheet's used
range in one call, runs the job, and writes each sheet's values in one call plus
its formatting in as few calls as xlwings allows (one fill-colour matrix, one
call per bold/number-format block). xlwings round trips to Excel are the slow
part, so every call goes through :class:`Gateway`, which counts them.

Progress shows in Excel's status bar. Validation problems (``InputError``) show
in one message box listing each ``Sheet!Cell`` and nothing is written.

The ribbon add-in calls :func:`run_from_excel` through xlwings' RunPython; the
known-good one-button add-in calls :func:`bianpai.addin.next_step.main`; xlwings
Lite calls the entry functions from ``lite/main.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

MESSAGE_TITLE = "编排 Bianpai"
"""Title of every message box."""

STATUS_PREFIX = "编排 Bianpai: "

MAX_PROBLEMS_SHOWN = 30
"""Decision: a message box lists at most this many problems, then says how many more
(Excel cuts long message boxes off)."""

SET_COLORS_MAX_CELLS = 10_000
"""xlwings' ``Range.set_colors`` limit per call; bigger sheets take one call per block of rows."""

# job name (as the ribbon and Lite scripts pass it) -> function name in bianpai.addin.jobs
JOBS: dict[str, str] = {
    "new_event": "new_event",
    "check": "check",
    "next_step": "next_step",
    "pair": "pair_next_round",
    "pair_provisional": "pair_provisional",
    "undo": "undo_last_round",
    "standings": "update_standings",
    "export_trf": "export_trf",
}


@dataclass
class Gateway:
    """Every xlwings call this module makes, counted (reads, writes) by kind."""

    book: Any
    calls: dict[str, int] = field(default_factory=dict)

    def count(self, kind: str) -> None:
        self.calls[kind] = self.calls.get(kind, 0) + 1

    @property
    def round_trips(self) -> int:
        return sum(n for k, n in self.calls.items() if not k.startswith("status"))

    # -- status bar and message box --------------------------------------------
    def status(self, text: str | None) -> None:
        """Show ``text`` in Excel's status bar (``None`` gives it back to Excel).

        Office.js (xlwings Server/Lite) has no status bar; there this does nothing.
        """
        self.count("status")
        try:
            self.book.app.status_bar = None if text is None else STATUS_PREFIX + text
        except (NotImplementedError, AttributeError):
            pass

    def alert(self, text: str) -> None:
        self.count("alert")
        self.book.app.alert(text, title=MESSAGE_TITLE)

    # -- reads ----------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        self.count("read.sheet_names")
        return [s.name for s in self.book.sheets]

    def read_sheet(self, name: str) -> list[list[Any]]:
        """All values from A1 to the sheet's last used cell, in one read."""
        sheet = self.book.sheets[name]
        used = sheet.used_range
        last = used.last_cell
        self.count("read.values")
        values = sheet.range((1, 1), (last.row, last.column)).options(
            ndim=2, empty=None).value
        return [list(row) for row in values]

    # -- writes ---------------------------------------------------------------
    def add_sheet(self, name: str, after: str | None) -> None:
        self.count("write.add_sheet")
        sheets = self.book.sheets
        if after is None:
            sheets.add(name=name)
        else:
            sheets.add(name=name, after=sheets[after])

    def delete_sheet(self, name: str) -> None:
        self.count("write.delete_sheet")
        self.book.sheets[name].delete()

    def clear_sheet(self, name: str) -> None:
        self.count("write.clear")
        self.book.sheets[name].clear()

    def write_values(self, name: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows or not any(len(r) for r in rows):
            return
        self.count("write.values")
        width = max(len(r) for r in rows)
        self.book.sheets[name].range((1, 1)).value = [
            [_excel_value(v) for v in r] + [None] * (width - len(r)) for r in rows]

    def write_fills(self, name: str, fills: Sequence[Sequence[str | None]]) -> None:
        """Fill colours cell by cell (``#RRGGBB`` or ``None``), one call per 10,000 cells."""
        width = max((len(r) for r in fills), default=0)
        if width == 0:
            return
        block = max(1, SET_COLORS_MAX_CELLS // width)
        sheet = self.book.sheets[name]
        for top in range(0, len(fills), block):
            rows = [list(r) + [None] * (width - len(r)) for r in fills[top:top + block]]
            self.count("write.fills")
            sheet.range((top + 1, 1), (top + len(rows), width)).set_colors(rows)

    def write_bold(self, name: str, address: str) -> None:
        self.count("write.bold")
        self.book.sheets[name].range(address).font.bold = True

    def write_number_format(self, name: str, address: str, number_format: str) -> None:
        self.count("write.number_format")
        self.book.sheets[name].range(address).number_format = number_format

    def freeze(self, name: str, address: str) -> None:
        self.count("write.freeze")
        self.book.sheets[name].freeze_panes.freeze_at(address)


def _excel_value(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class Outcome:
    """What a job did in Excel: its message, the problems shown, the calls made."""

    job: str
    message: str
    problems: tuple[str, ...]
    calls: Mapping[str, int]

    @property
    def ok(self) -> bool:
        return not self.problems


def problems_message(job: str, problems: Sequence[str]) -> str:
    """The one message box for validation problems: every ``Sheet!Cell`` problem, one a line."""
    shown = list(problems[:MAX_PROBLEMS_SHOWN])
    more = len(problems) - len(shown)
    lines = [f"未执行，请先改正以下问题 / Nothing was written; please correct "
             f"{'this problem' if len(problems) == 1 else f'these {len(problems)} problems'}:", ""]
    lines += [f"• {p}" for p in shown]
    if more:
        lines += [f"… 另有 {more} 个问题 / and {more} more"]
    return "\n".join(lines)


def _jobs() -> Any:
    from . import jobs

    return jobs


def read_sheets(io: Gateway) -> dict[str, list[list[Any]]]:
    """Every sheet's values, one read per sheet, in workbook order."""
    names = io.sheet_names()
    out: dict[str, list[list[Any]]] = {}
    for i, name in enumerate(names, 1):
        io.status(f"读取 reading {name} ({i}/{len(names)})")
        out[name] = io.read_sheet(name)
    return out


def run_job(book: Any, job: str, **options: Any) -> Outcome:
    """Run one organiser job on ``book``: read, compute, write (or report problems)."""
    io = Gateway(book)
    jobs = _jobs()
    function: Callable[..., Any] = getattr(jobs, JOBS[job])
    try:
        io.status("读取 reading…")
        values = read_sheets(io)
        io.status("计算 computing…")
        try:
            result = function(values, **options)
        except jobs.InputError as error:
            problems = tuple(error.problems)
            io.alert(problems_message(job, problems))
            return Outcome(job, "", problems, dict(io.calls))
        write_result(io, result, list(values))
        message = getattr(result, "message", "") or ""
        return Outcome(job, message, (), dict(io.calls))
    finally:
        io.status(None)


def write_result(io: Gateway, result: Any, existing: list[str]) -> None:
    """Write a job's sheets (values, then formatting) and delete the sheets it drops."""
    present = list(existing)
    for sheet in result.sheets:
        io.status(f"写入 writing {sheet.name}")
        if sheet.name in present:
            io.clear_sheet(sheet.name)
        else:
            io.add_sheet(sheet.name, after=present[-1] if present else None)
            present.append(sheet.name)
        io.write_values(sheet.name, sheet.values)
        write_formatting(io, sheet)
    for name in getattr(result, "delete", ()):
        if name in present:
            io.delete_sheet(name)
            present.remove(name)


def write_formatting(io: Gateway, sheet: Any) -> None:
    """The formatting a ``SheetOut`` carries as plain data, in as few calls as possible."""
    fills = getattr(sheet, "fills", None)
    if fills:
        io.write_fills(sheet.name, fills)
    for address in getattr(sheet, "bold", ()) or ():
        io.write_bold(sheet.name, address)
    for address, number_format in getattr(sheet, "number_formats", ()) or ():
        io.write_number_format(sheet.name, address, number_format)
    freeze = getattr(sheet, "freeze", None)
    if freeze:
        io.freeze(sheet.name, freeze)


# --- entry functions: one job each ------------------------------------------------


def new_event(book: Any) -> Outcome:
    """新建赛事: create the event's sheets from the template."""
    return run_job(book, "new_event")


def check(book: Any) -> Outcome:
    """检查: validate the workbook, list every problem, write nothing."""
    return run_job(book, "check")


def next_step(book: Any) -> Outcome:
    """下一步: pair the next round if the last one is complete, else update standings."""
    return run_job(book, "next_step")


def pair_next_round(book: Any) -> Outcome:
    """编排下一轮: pair the next round with the event's pairing system."""
    return run_job(book, "pair")


def pair_provisional(book: Any) -> Outcome:
    """预排: pair the next round while games are unfinished (counted as draws)."""
    return run_job(book, "pair_provisional")


def undo_last_round(book: Any) -> Outcome:
    """撤销上一轮: delete the last round's pairing."""
    return run_job(book, "undo")


def update_standings(book: Any) -> Outcome:
    """更新名次: standings, colours, floats, tie-breaks and crosstable."""
    return run_job(book, "standings")


def export_trf(book: Any) -> Outcome:
    """导出 TRF: the event as a FIDE TRF file next to the workbook."""
    return run_job(book, "export_trf")


ENTRY_FUNCTIONS: dict[str, Callable[[Any], Outcome]] = {
    "new_event": new_event, "check": check, "next_step": next_step,
    "pair": pair_next_round, "pair_provisional": pair_provisional,
    "undo": undo_last_round, "standings": update_standings, "export_trf": export_trf,
}


def target_book() -> Any:
    """The organiser's workbook when RunPython is called from an add-in.

    ``Book.caller()`` is the add-in itself (``ThisWorkbook``); the event is the
    active workbook.
    """
    import xlwings as xw

    caller = xw.Book.caller()
    if caller.name.lower().endswith(".xlam"):
        return caller.app.books.active
    return caller


def run_from_excel(job: str) -> None:
    """What the ribbon's RunPython calls: run ``job`` on the active workbook."""
    book = target_book()
    outcome = ENTRY_FUNCTIONS[job](book)
    if outcome.ok and outcome.message:
        try:
            book.app.status_bar = STATUS_PREFIX + outcome.message
        except (NotImplementedError, AttributeError):
            pass
