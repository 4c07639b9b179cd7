"""A new individual event (``new``), and 新建赛事 on a workbook holding its sheets."""

from __future__ import annotations

from dataclasses import replace

from bianpai.engine.problems import problem

from ..workbook import sheets as S
from ..workbook import words as L
from ..workbook.sheets import SheetValues
from .result import JobResult, result_of
from .standings import individual_update

def individual_new(lang: str = L.DEFAULT_LANGUAGE, name: str | None = None) -> JobResult:
    """A new individual event: Settings with the defaults, an empty Players
    sheet, the derived sheets (empty)."""
    ev = S.new_event(lang, name)
    return result_of(ev, None, L.text("job.new", lang) + L.text("job.new_rr_note", lang))


NEW_EVENT_RR_NOTE: tuple[str, str] = L.LABELS["job.new_rr_note"]
"""What ``new`` adds to its message (zh, en): issue #7 — the event is created
before the players are known, so the advice is given as a rule."""


def individual_new_in_workbook(values: SheetValues) -> JobResult:
    """新建赛事 on a workbook with an individual event's sheets: completed from its own Settings
    while it has no players and no rounds, else refused."""
    ev = S.read_event(values)
    t = ev.tournament
    if t.players or t.rounds:
        raise ev.refuse([problem("problem.event_exists", where=ev.sheet_name("sheet.players"),
                                 players=len(t.players), rounds=len(t.rounds))])
    return replace(individual_update(values), message=individual_new(ev.lang).message)
