"""The printed sheets of an individual event: 编排卡 (pairing cards) and 记分单 (score slips), issue 17."""

from __future__ import annotations

from dataclasses import replace

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.sheets import Event, SheetValues
from .result import JobResult, result_of

def _with_sheet(ev: Event, key: str) -> Event:
    """``ev`` holding the sheet ``key`` (under its name in the workbook's language if new)."""
    names = dict(ev.sheet_names)
    names.setdefault(key, ev.sheet_name(key))
    return replace(ev, sheet_names=tuple(sorted(names.items())))


def individual_cards(values: SheetValues, brackets: bool = False) -> JobResult:
    """Write the 编排卡 sheet (one card per player; ``brackets``: and the next
    round's 要先行/要后行 rows per score group).  Later jobs keep it current."""
    ev = _with_sheet(S.read_event(values), "sheet.cards")
    ev = replace(ev, cards_brackets=brackets)
    msg = L.text("job.cards", ev.lang, sheet=ev.sheet_name("sheet.cards"), n=len(ev.tournament.players))
    return result_of(ev, values, msg)


def individual_slips(values: SheetValues) -> JobResult:
    """Write the 记分单 sheet: one score slip per board of the last round,
    four to an A4 page.  Later jobs keep it on the last round."""
    ev = _with_sheet(S.read_event(values), "sheet.slips")
    t = ev.tournament
    msg = L.text("job.slips", ev.lang, sheet=ev.sheet_name("sheet.slips"), k=len(t.rounds),
                 n=len(t.rounds[-1].games) if t.rounds else 0)
    return result_of(ev, values, msg)
