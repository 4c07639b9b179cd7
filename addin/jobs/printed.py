"""The printed sheets of an individual event: 编排卡 (pairing cards) and 记分单 (score slips), issue 17."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal, Union

from bianpai.engine.problems import problem

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.messages import WorkbookInputError
from ..workbook.sheets import Event, SheetValues
from .result import JobResult, result_of

Brackets = Union[bool, Literal["where laid out"]]
"""``cards``' request for the next round's pages: ``True`` outright (``--brackets``),
:data:`WHERE_LAID_OUT` where the event's method has them (the ribbon), ``False`` none."""

def _with_sheet(ev: Event, key: str) -> Event:
    """``ev`` holding the sheet ``key`` (under its name in the workbook's language if new)."""
    names = dict(ev.sheet_names)
    names.setdefault(key, ev.sheet_name(key))
    return replace(ev, sheet_names=tuple(sorted(names.items())))


def individual_cards(values: SheetValues, brackets: Brackets = False) -> JobResult:
    """Write the 编排卡 sheet (one card per player; ``brackets``: and the next
    round's 要先行/要后行 rows per score group).  Later jobs keep it current.
    ``brackets`` for a system that lays out no such rows (the registry's
    ``card_rows``: 定位编排 only) is refused naming the Settings' system cell —
    never the rows of a method the event does not pair by; asked
    :data:`~.table.WHERE_LAID_OUT` (the ribbon), the cards are written alone and
    the message says why."""
    ev = _with_sheet(S.read_event(values), "sheet.cards")
    system = S.system_of(ev)
    msg = L.text("job.cards", ev.lang, sheet=ev.sheet_name("sheet.cards"), n=len(ev.tournament.players))
    if brackets and not system.card_rows:
        where = dict(ev.setting_cells).get("set.system", "")
        if brackets is True:
            raise WorkbookInputError([problem("problem.cards_rows_system", where=where, zh=L.text(
                system.label, "zh"), en=L.text(system.label, "en"))], ev.lang)
        msg += "\n" + L.text("job.cards_no_rows", ev.lang, system=L.text(system.label, ev.lang), where=where)
    ev = replace(ev, cards_brackets=bool(brackets) and bool(system.card_rows))
    return result_of(ev, values, msg)


def individual_slips(values: SheetValues) -> JobResult:
    """Write the 记分单 sheet: one score slip per board of the last round,
    four to an A4 page.  Later jobs keep it on the last round."""
    ev = _with_sheet(S.read_event(values), "sheet.slips")
    t = ev.tournament
    msg = L.text("job.slips", ev.lang, sheet=ev.sheet_name("sheet.slips"), k=len(t.rounds),
                 n=len(t.rounds[-1].games) if t.rounds else 0)
    return result_of(ev, values, msg)
