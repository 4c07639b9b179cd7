"""自检 Self-test: every ribbon job through the real xlwings engine, timed, with a report.

The one check no machine of the project can make is a click in real Excel. The
ribbon's 自检 button (帮助 group) opens a new, empty workbook and calls
:func:`run_on_excel` on it, which plays a small event through the same entry
functions the buttons use (:mod:`bianpai.addin.xl`): 新建赛事, twelve players
imported from a sheet (导入选手), 抽签, 编排 round 1, results typed in, 更新名次, 下一步 (round 2),
round 2's results but one typed in, 预排 (round 3), 撤销 (round 3 again),
编排卡, 记分单, 检查, 导出 TRF, then every other ribbon job (分享, its files made in
memory, and whatever comes later). Each step is timed and its
sheets checked; the report sheet ``自检 Self-test`` lists the steps with the
versions of Excel, the system, Python, xlwings and Bianpai — the sheet a
volunteer saves and mails back (docs/addin.md, the release checklist).

Each step works on the workbook as Excel holds it after the step before
(:class:`Session.book`): on the desktop the same live workbook; through xlwings'
remote interpreter (the tests), a fresh snapshot with the last step's actions
replayed, as a click of xlwings Lite or Server sees it.
"""

from __future__ import annotations

import platform
import sys
import contextlib
import datetime as dt
import io as _io
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from typing import Any

from ..jobs import api as jobs
from ..share.job import share
from ..workbook import sheets as S
from ..workbook import words as L
from .xl import ENTRY_FUNCTIONS, MESSAGE_TITLE, SELF_TEST, Gateway, Outcome, read_sheets, write_result

SELF_TEST_JOB = SELF_TEST
"""What the ribbon's 自检 button passes to ``run_from_excel`` (not a job of the job table:
it works on a scratch workbook of its own, never on the organiser's)."""

PLAYERS = 12
"""Decision: the self-test event's size: three score groups after two rounds, a pairing
card page, three slip pages; small enough to run in seconds on any machine."""

PLAYER_TABLE: tuple[tuple[object, ...], ...] = (
    ("No.", "Name", "Club", "Rating", "Seed"),
    *((i, f"选手 {i}", f"俱乐部 {'ABCD'[i % 4]}", 2400 - 25 * i, "yes" if i <= 2 else None)
      for i in range(1, PLAYERS + 1)),
)
"""The players typed in (two seeded, four clubs)."""

RESULTS = ("1-0", "0-1", "½-½", "1-0", "0-1", "1-0")
"""The results typed into round 1, board by board."""

REPORT_SHEET = "自检 Self-test"

ORDER = ("new_event", "import_players", "draw", "pair", "results", "standings", "next_step",
         "results_2", "pair_provisional", "undo", "cards", "slips", "check", "export_trf")
"""The steps, in order; every ribbon job not named here runs after them.  Round 2 gets every
result but its last board's before 预排 (a round with no result at all was just paired: 预排
is refused there)."""


class Session:
    """Where the self-test runs: ``book()`` is the workbook as Excel holds it now."""

    def __init__(self, book: Any) -> None:
        self._book = book

    def book(self) -> Any:
        return self._book


@dataclass(frozen=True)
class Step:
    """One line of the report."""

    name: str
    seconds: float
    ok: bool
    check: str
    calls: int


def _sheets(book: Any) -> list[str]:
    return [s.name for s in book.sheets]


def _keys(book: Any) -> list[str | None]:
    return [L.sheet_key(n) for n in _sheets(book)]


def _rounds(book: Any) -> list[int]:
    return sorted(r for r in (L.round_of_sheet(n) for n in _sheets(book)) if r is not None)


def _players_numbers(book: Any) -> list[int]:
    name = next(n for n in _sheets(book) if L.sheet_key(n) == "sheet.players")
    values = Gateway(book).read_sheet(name)
    return sorted(int(r[0]) for r in values[S.PLAYERS_HEADER_ROW:] if r and isinstance(r[0], (int, float)))


REGISTRATION_SHEET = "报名表"
"""The sheet the self-test puts the players' list in, as an organiser moves a form's sheet into the
event workbook: 导入选手 reads it by its header words (the sheet route; the desktop's file dialog is
the one part the self-test cannot click)."""


def enter_players(book: Any) -> Outcome:
    """导入选手: the players' list put into a sheet of the workbook, then imported through the
    ribbon job's own path (:func:`bianpai.addin.jobs.api.import_registration`, the same write as every
    job's)."""
    io = Gateway(book)
    present = io.sheet_names()
    io.add_sheet(REGISTRATION_SHEET, before=None, after=present[-1] if present else None)
    rows = [list(r) for r in PLAYER_TABLE]
    io.write_values(REGISTRATION_SHEET, rows)
    # the sheets as read before this step's writes, and the list just written (through xlwings'
    # remote interpreter a step's writes are actions, seen only by the next step)
    values = {**read_sheets(io, everything=True), REGISTRATION_SHEET: rows}
    write_result(io, jobs.import_registration(values), list(values))
    return Outcome("import_players", "", (), dict(io.calls))


def share_files(book: Any) -> Outcome:
    """分享 on the scratch workbook, which is never saved (the self-test writes no file beside a
    workbook of the organiser's): the job's files made in memory — images and PDF drawn with this
    machine's fonts where files can be written, the page alone under xlwings Lite — and checked,
    none written."""
    io = Gateway(book)
    result = share(read_sheets(io), images=None if not io.is_office_js else False, stem="selftest")
    names = [name for name, _ in result.files]
    missing = "" if any(n.endswith(".html") for n in names) else "no page"
    return Outcome("share", result.message, (missing,) if missing else (), dict(io.calls))


def type_results(book: Any, k: int = 1, unfinished: int = 0) -> Outcome:
    """Type round ``k``'s results into its result column, one block (as a paste); the last
    ``unfinished`` boards are left without a result (a game still being played)."""
    io = Gateway(book)
    name = next(n for n in _sheets(book) if L.round_of_sheet(n) == k)
    rows = io.read_sheet(name)
    # Desktop Excel gives every number as a float (xlwings' default), Office.js as read.
    boards = []
    for r in rows[S.ROUND_HEADER_ROW:]:  # the pairing table, down to its first row that is no board
        if not (len(r) >= S.C_BLACK and isinstance(r[0], (int, float))
                and isinstance(r[S.C_BLACK - 1], (int, float))):
            break
        boards.append(r)
    boards = boards[:len(boards) - unfinished]
    if not boards:
        raise ValueError(f"{name}: no board to type a result into")
    io.count("write.values")
    top = S.ROUND_HEADER_ROW + 1
    book.sheets[name].range((top, S.C_RESULT), (top + len(boards) - 1, S.C_RESULT)).value = [
        [RESULTS[i % len(RESULTS)]] for i in range(len(boards))]
    return Outcome("results" if k == 1 else f"results_{k}", "", (), dict(io.calls))


CHECKS: dict[str, Callable[[Any, Outcome], str]] = {
    "new_event": lambda b, o: "" if {"sheet.settings", "sheet.players", "sheet.colours", "sheet.floats",
                                     "sheet.standings", "sheet.crosstable"} <= set(_keys(b))
    else f"sheets: {_sheets(b)}",
    "import_players": lambda b, o: "" if _players_numbers(b) == list(range(1, PLAYERS + 1))
    else f"numbers: {_players_numbers(b)}",
    "draw": lambda b, o: "" if _players_numbers(b) == list(range(1, PLAYERS + 1))
    else f"numbers: {_players_numbers(b)}",
    "pair": lambda b, o: "" if _rounds(b) == [1] else f"rounds: {_rounds(b)}",
    "next_step": lambda b, o: "" if _rounds(b) == [1, 2] else f"rounds: {_rounds(b)}",
    "pair_provisional": lambda b, o: "" if _rounds(b) == [1, 2, 3] else f"rounds: {_rounds(b)}",
    "undo": lambda b, o: "" if _rounds(b) == [1, 2] else f"rounds: {_rounds(b)}",
    "cards": lambda b, o: "" if "sheet.cards" in _keys(b) else f"sheets: {_sheets(b)}",
    "slips": lambda b, o: "" if "sheet.slips" in _keys(b) else f"sheets: {_sheets(b)}",
    "export_trf": lambda b, o: "" if o.output.startswith("012") else "no TRF",
}
"""What each step must leave: "" when it did, else what was found."""


def steps() -> list[str]:
    """Every step: :data:`ORDER`, then each ribbon job it does not name."""
    return list(ORDER) + [j for j in ENTRY_FUNCTIONS if j not in ORDER]


def run(session: Session, clock: Callable[[], float] = time.perf_counter) -> list[Step]:
    """Run every step on the session's workbook; a step that fails (or raises) is reported
    and the rest still run where they can."""
    out: list[Step] = []
    for name in steps():
        book = session.book()
        t0 = clock()
        try:
            with contextlib.redirect_stdout(_io.StringIO()):
                if name == "import_players":
                    outcome = enter_players(book)
                elif name == "results":
                    outcome = type_results(book)
                elif name == "share":
                    outcome = share_files(book)
                elif name == "results_2":
                    outcome = type_results(book, 2, unfinished=1)
                else:
                    outcome = ENTRY_FUNCTIONS[name](book)
            seconds = clock() - t0
            problem = "; ".join(outcome.problems)
            if not problem and name in CHECKS:
                problem = CHECKS[name](session.book(), outcome)
        except Exception as error:  # the report says which step broke and how
            seconds = clock() - t0
            outcome = Outcome(name, "", (), {})
            problem = f"{type(error).__name__}: {error}"
        calls = sum(v for k, v in outcome.calls.items() if k.startswith(("read.", "write.")))
        out.append(Step(name, seconds, not problem, problem, calls))
    return out


def versions(book: Any) -> list[tuple[str, str]]:
    """(what, version) for the report: Excel, the system, Python, xlwings, Bianpai, the engine."""
    # start-up time: xlwings only inside Excel, for the report
    import xlwings

    def excel() -> str:
        try:
            return str(book.app.version)
        except Exception:  # Office.js: no version through xlwings
            return "—"

    try:
        bianpai = version("bianpai")
    except Exception:  # xlwings Lite with Bianpai carried in main.py: no metadata
        bianpai = "—"
    engine = book.app.engine
    return [("Excel", excel()), ("OS", platform.platform()),
            ("Python", f"{platform.python_implementation()} {sys.version.split()[0]}"),
            ("xlwings", xlwings.__version__), ("bianpai", bianpai),
            ("engine", f"{getattr(engine, 'name', '')} {getattr(engine, 'type', '')}".strip())]


def report_rows(results: Sequence[Step], book: Any, when: str) -> list[list[object]]:
    """The report sheet: title, versions, then one row per step (both languages: it is
    mailed to whoever keeps the release checklist)."""
    t = lambda key, **f: f"{L.text(key, 'zh', **f)} {L.text(key, 'en', **f)}"  # noqa: E731
    passed = sum(s.ok for s in results)
    rows: list[list[object]] = [[t("selftest.title")],
                                [t("selftest.summary", passed=passed, total=len(results))], [when], []]
    rows += [[what, value] for what, value in versions(book)]
    rows += [[], [t("selftest.col.step"), t("selftest.col.seconds"), t("selftest.col.result"),
                  t("selftest.col.calls"), t("selftest.col.problem")]]
    for s in results:
        rows.append([s.name, round(s.seconds, 3), "ok" if s.ok else t("selftest.failed"), s.calls,
                     s.check or None])
    return rows


def write_report(book: Any, results: Sequence[Step], when: str) -> Gateway:
    """The report sheet, added after the last sheet: one block of values, widths."""
    io = Gateway(book)
    names = io.sheet_names()
    io.add_sheet(REPORT_SHEET, before=None, after=names[-1] if names else None)
    io.write_values(REPORT_SHEET, report_rows(results, book, when))
    for col, width in ((1, 22), (2, 40), (3, 16), (4, 12), (5, 60)):
        io.column_width(REPORT_SHEET, col, col, width)
    return io


def refuse_unless_empty(book: Any) -> str | None:
    """The self-test writes a whole event: only into a new, empty workbook (one sheet, no
    value), never into the organiser's. The message to show, or None."""
    io = Gateway(book)
    names = io.sheet_names()
    if len(names) == 1 and not any(v is not None for row in io.read_sheet(names[0]) for v in row):
        return None
    return L.text("selftest.not_empty", "zh") + "\n" + L.text("selftest.not_empty", "en")


def run_on_excel(book: Any) -> list[Step]:
    """What the 自检 button runs (on the new workbook the button opened): every step,
    the report sheet, one message box with the summary."""
    message = refuse_unless_empty(book)
    if message is not None:
        book.app.alert(message, title=MESSAGE_TITLE)
        return []
    results = run(Session(book))
    when = dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    write_report(book, results, when)
    passed = sum(s.ok for s in results)
    book.app.alert("\n".join(L.text("selftest.done", lang, passed=passed, total=len(results),
                                    sheet=REPORT_SHEET) for lang in L.LANGUAGES), title=MESSAGE_TITLE)
    return results
