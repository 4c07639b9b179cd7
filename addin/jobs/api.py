"""The organiser's jobs as every front end calls them (the CLI, the ribbon, xlwings Lite; the
job table's ``function`` names one of these): each reads the event's kind from the workbook
(:mod:`.kinds`) and runs that kind's job, and a writing job's result is checked before it is
returned (:func:`leaves_accepted`).

Every job takes the workbook's current sheet values (``{sheet name: rows}``, as a backend read
them) and options, and returns a :class:`~.result.JobResult`, or raises :class:`InputError` /
:class:`PairingError`; it never writes anything itself.  The module also names what that
contract is made of (the result, the errors, :func:`~.result.apply_values`), so that a front end
or a test imports one module."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Sequence

from bianpai.engine.problems import InputError, PairingError, problem

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.messages import WorkbookInputError, messages_of
from ..workbook.sheets import SheetValues
from .check import CHECK_REPAIRS
from .kinds import kind_named, kind_of, kind_of_trf
from .players import IMPORT_REFUSES_DUPLICATES
from .result import JobResult, apply_values

if TYPE_CHECKING:
    from .printed import Brackets
    from .registration import Table

__all__ = [
    "JobResult", "apply_values", "cards", "check", "draw", "export_trf", "import_players",
    "import_registration", "import_trf", "language", "leaves_accepted", "new", "new_in_workbook", "next_step",
    "pair", "slips", "undo", "update", "InputError", "PairingError", "WorkbookInputError",
]


def language(values: SheetValues) -> str:
    """The workbook's language, for a job that failed (the CLI and the add-in word its
    error in it); zh when it cannot be read.  A job's result says its language itself
    (``JobResult.lang``)."""
    try:
        return kind_of(values).language(values)
    except InputError:
        return L.DEFAULT_LANGUAGE


WRITES_ONLY_WHAT_CHECK_ACCEPTS = True
"""Decision (issue 30 item 1): a writing job's result is read back, in memory, with the rules
``check`` uses before anything is written; a result ``check`` would reject is refused with what
``check`` would say (a reader and a renderer that disagree — a sheet the job would rewrite into a
layout its own reader refuses — become a refusal, never a workbook every later command refuses).
It costs one reading of the workbook (about 15 % of ``pair`` on a 190-player event)."""


def leaves_accepted(values: SheetValues | None, result: JobResult) -> JobResult:
    """``result`` when the workbook it leaves passes ``check``'s rules (without re-pairing); else
    the refusal naming each problem ``check`` would report (nothing is written)."""
    if not WRITES_ONLY_WHAT_CHECK_ACCEPTS or not result.changed and not result.delete:
        return result
    after = apply_values(values or {}, result)
    try:
        found: Sequence[str] = kind_of(after).check(after, False).problems
    except WorkbookInputError as e:
        found = e.messages
    except InputError as e:
        found = messages_of(e, result.lang)
    if found:
        raise WorkbookInputError([problem("problem.would_be_rejected", detail=f) for f in found], result.lang)
    return result


def new(lang: str = L.DEFAULT_LANGUAGE, name: str | None = None, team: bool = False) -> JobResult:
    """A new, empty event workbook in ``lang`` (``zh``/``en``) of the kind asked for (``team``: 团体赛,
    :mod:`.kinds`)."""
    return kind_named("team" if team else "individual").new(lang, name)


def pair(values: SheetValues, provisional: bool = False, keep: bool = False) -> JobResult:
    """Pair the next round with the Settings' system and add its sheet (the event's kind's
    :meth:`~.kinds.EventKind.pair`)."""
    return leaves_accepted(values, kind_of(values).pair(values, provisional, keep))


def update(values: SheetValues) -> JobResult:
    """The ``standings`` command: re-read the sources and rewrite the derived sheets; the message
    is the standings (the event's kind's :meth:`~.kinds.EventKind.update`)."""
    return leaves_accepted(values, kind_of(values).update(values))


def undo(values: SheetValues, force: bool = False) -> JobResult:
    """Remove the last round (the event's kind's :meth:`~.kinds.EventKind.undo`)."""
    return leaves_accepted(values, kind_of(values).undo(values, force))


def check(values: SheetValues, repair: bool = CHECK_REPAIRS) -> JobResult:
    """Re-validate the whole workbook, nothing written (the event's kind's
    :meth:`~.kinds.EventKind.check`)."""
    return kind_of(values).check(values, repair)


def cards(values: SheetValues, brackets: "Brackets" = False) -> JobResult:
    """Write the 编排卡 sheet (the event's kind's :meth:`~.kinds.EventKind.cards`); ``brackets``:
    the next round's pages, ``True`` outright, :data:`~.table.WHERE_LAID_OUT` where the event's
    method lays its cards out so (the ribbon)."""
    return leaves_accepted(values, kind_of(values).cards(values, brackets))


def slips(values: SheetValues) -> JobResult:
    """Write the 记分单 sheet (the event's kind's :meth:`~.kinds.EventKind.slips`)."""
    return leaves_accepted(values, kind_of(values).slips(values))


def export_trf(values: SheetValues) -> JobResult:
    """The event as a TRF (``output``); nothing is written to the workbook (the event's kind's
    :meth:`~.kinds.EventKind.export_trf`)."""
    return kind_of(values).export_trf(values)


def import_trf(values: SheetValues | None, trf_text: str, lang: str = L.DEFAULT_LANGUAGE,
               where: str = "TRF") -> JobResult:
    """Replace the workbook's event by the one in ``trf_text`` (the TRF's kind's
    :meth:`~.kinds.EventKind.import_trf`)."""
    return leaves_accepted(values, kind_of_trf(trf_text).import_trf(values, trf_text, lang, where))


def import_players(values: SheetValues, table: "Sequence[Sequence[object]] | Table", where: str = "CSV",
                   update: bool = False, allow_duplicates: bool = not IMPORT_REFUSES_DUPLICATES) -> JobResult:
    """Add (or update) players from a table (the event's kind's
    :meth:`~.kinds.EventKind.import_players`)."""
    return leaves_accepted(values, kind_of(values).import_players(values, table, where, update,
                                                                  allow_duplicates))


def import_registration(values: SheetValues, table: Table | None = None, update: bool = False) -> JobResult:
    """导入选手 on an open workbook (the ribbon and Lite): the registration list
    ``table`` (the file the organiser picked, read by the add-in), else a sheet
    of the workbook that is not one of ours, the first whose first rows hold a
    name header (the organiser opens the form's file and moves or copies its
    sheet into the event workbook: what xlwings Lite can reach, as it reads no
    file).  The same mapping and the same player-adding rule as
    ``import-players``; the message starts with the mapping."""
    from . import registration as R  # start-up time: the registration list's reader (~8 ms) for imports only

    lang = language(values)
    if table is None:
        _keyed, _rounds, other = S.classify_sheets(values)
        found = next((name for name in other if any(R.field_of(c) == "col.name"
                                                    for r in values[name][:R.HEADER_SEARCH_ROWS] for c in r)),
                     None)
        if found is None:
            raise WorkbookInputError([problem("reg.no_list_sheet")], lang)
        table = R.Table(tuple(tuple(r) for r in values[found]), "", found)
    try:
        mapping = R.map_columns(table, lang, team=kind_of(values).roster)
    except InputError as e:
        raise WorkbookInputError(e.problems, lang) from None
    result = import_players(values, table, where=table.where or table.sheet, update=update)
    return replace(result, message=mapping.announce(lang) + "\n" + result.message)


def draw(values: SheetValues, seed: int | None = None) -> JobResult:
    """Draw the pairing numbers before round 1 (the event's kind's :meth:`~.kinds.EventKind.draw`)."""
    return leaves_accepted(values, kind_of(values).draw(values, seed))


NEW_EVENT_LANGUAGE = "zh"
"""Decision: 新建赛事 in an empty workbook writes the Chinese sheets (the CLI's
``--lang en`` has no button); for English the organiser opens the English template,
whose language 新建赛事 keeps."""


def _has_data(rows: S.Rows) -> bool:
    return any(v not in (None, "") for row in rows for v in row)


def new_in_workbook(values: SheetValues) -> JobResult:
    """新建赛事 on an open workbook.

    * The workbook is the template, or has our sheets but no players and no rounds:
      its sheets are completed from its own Settings (a missing sheet is added, the
      derived ones rewritten) — nothing the organiser typed is lost.
    * It holds players or rounds: refused, nothing is overwritten.
    * It has none of our sheets (a new, empty workbook): the sheets of ``bianpai new``
      (Chinese) are written and the workbook's empty sheets (Excel's ``Sheet1``) dropped.
    """
    keyed, rounds, _other = S.classify_sheets(values)
    if keyed or rounds:
        return leaves_accepted(values, kind_of(values).new_in_workbook(values))
    result = new(NEW_EVENT_LANGUAGE)
    empty = tuple(n for n in values if not _has_data(values[n])
                  and n not in {s.name for s in result.sheets})
    return replace(result, delete=tuple(result.delete) + empty)


def next_step(values: SheetValues) -> JobResult:
    """下一步: pair the next round when every round so far is complete, otherwise update the
    standings (the event's kind's :meth:`~.kinds.EventKind.next_step`)."""
    return leaves_accepted(values, kind_of(values).next_step(values))
